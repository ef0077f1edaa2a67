"""The composer: the message, the root agent (direct-runnable profiles only), Send and Stop.

``@agent`` at the start of a word picks that agent inline: the mention is removed from the text on
send. Typing ``/`` offers the slash commands with their hints (``ui/chat/slash_commands.py``).
Ctrl+Enter sends; plain Enter sends too if the creator chose so (Run → Enter sends),
else it adds a line; Shift+Enter always adds a line. While a run of this chat is active, Send asks
what to do with the text
(an inline bar, never a nested dialog): give it to the running agents as guidance, send it when the
run ends, or stop the run and send it. Editing an earlier message puts its text here with a note:
sending reruns it in a new branch of the chat (the history before it, a copy of the chat's kept
files), and the original chat stays as it was.

Signals:
    send_requested(str agent_id, str text)
    edit_requested(str message_id, str agent_id, str text): rerun an edited message in a branch.
    stop_requested()
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent, QTextCursor
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from relay_studio.ui.chat.forecast_line import ForecastLine
from relay_studio.ui.chat.slash_commands import SlashCommandList
from relay_studio.ui.flow_layout import flow_row

if TYPE_CHECKING:  # the window opens with a composer before the runtime's models are imported
    from relay_studio.domain.profile import AgentProfile

DEFAULT_AGENT = "writer"  # the built-in relay starts with the writer
EXPLORER_AGENT = "explorer"  # the built-in agent of an exploration (docs/explore.md)
MENTION = re.compile(r"(?:^|\s)@([a-z0-9][a-z0-9_-]{0,63})\b")


def split_mention(text: str, known: set[str]) -> tuple[str | None, str]:
    """The first ``@id`` naming a known agent, and the text without it."""
    for match in MENTION.finditer(text):
        if match.group(1) in known:
            start = match.start(1) - 1
            rest = (text[:start] + text[match.end(1):]).strip()
            return match.group(1), re.sub(r"[ \t]{2,}", " ", rest)
    return None, text.strip()


_ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class _Editor(QPlainTextEdit):
    """Ctrl+Enter (main keyboard or keypad) sends; Shift+Enter adds a line; plain Enter sends when
    ``enter_sends`` (SillyTavern's habit), else adds a line.

    The editor takes Ctrl+Enter before any window shortcut (``ShortcutOverride``), so the Send
    action's shortcut and the editor never compete for it ("Ambiguous shortcut overload")."""

    submit = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.enter_sends = False

    def event(self, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent)
                and event.key() in _ENTER_KEYS):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in _ENTER_KEYS:
            mods = event.modifiers()
            if mods & Qt.KeyboardModifier.ControlModifier:
                self.submit.emit()
                return
            if mods & Qt.KeyboardModifier.ShiftModifier or not self.enter_sends:
                self.insertPlainText("\n")  # a real newline, not Qt's line separator
                return
            self.submit.emit()
            return
        super().keyPressEvent(event)


class Composer(QWidget):
    send_requested = Signal(str, str)
    edit_requested = Signal(str, str, str)
    stop_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._runnable: set[str] = set()
        self.editing: str | None = None  # the message being edited, if any
        self.exploring = False  # the chat is an exploration: read only, the explorer by default
        self.in_scene = False  # the chat is a scene: Send starts a character's turn (ui/chat/scene_turns.py)
        self.open = True  # the chats are there to send to (not while the window opens: ``hold_sends``)
        self.held = False  # Send pressed while the window opened: sent once the chats are open
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 6, 12, 10)
        self.hint = QLabel()
        self.hint.setObjectName("ConnectionHint")
        self.hint.setWordWrap(True)
        self.hint.setTextFormat(Qt.TextFormat.MarkdownText)
        self.hint.hide()
        layout.addWidget(self.hint)
        self.busy_bar = QWidget()
        busy = QVBoxLayout(self.busy_bar)  # the sentence, then its buttons, wrapping in a narrow column
        busy.setContentsMargins(0, 0, 0, 0)
        self.busy_label = QLabel(self.tr("A run is going in this chat. The agents at work can take your text "
                                         "as guidance now, or it can wait until the run ends."))
        self.busy_label.setWordWrap(True)
        self.guide_button = QPushButton(self.tr("Send as guidance"))
        self.guide_button.setToolTip(self.tr("The agent at work reads it at its next step; the run goes on"))
        self.after_button = QPushButton(self.tr("Send when it ends"))
        self.stop_send_button = QPushButton(self.tr("Stop it and send"))
        self.keep_button = QPushButton(self.tr("Keep editing"))
        busy.addWidget(self.busy_label)
        busy.addWidget(flow_row(self.guide_button, self.after_button, self.stop_send_button, self.keep_button))
        self.keep_button.clicked.connect(self.busy_bar.hide)
        self.busy_bar.hide()
        layout.addWidget(self.busy_bar)
        self.edit_bar = QWidget()
        edit_row = QHBoxLayout(self.edit_bar)
        edit_row.setContentsMargins(0, 0, 0, 0)
        self.edit_label = QLabel(self.tr("Editing an earlier message: Send reruns it in a new branch of this "
                                         "chat, with the history before it; the original chat stays as it is."))
        self.edit_label.setObjectName("Muted")
        self.edit_label.setWordWrap(True)
        cancel_edit = QPushButton(self.tr("Cancel"))
        cancel_edit.clicked.connect(self.clear)
        edit_row.addWidget(self.edit_label, 1)
        edit_row.addWidget(cancel_edit)
        self.edit_bar.hide()
        layout.addWidget(self.edit_bar)
        self.editor = _Editor()
        self.editor.setObjectName("Composer")
        self.editor.setAccessibleName(self.tr("Message"))
        self.editor.setTabChangesFocus(True)  # Tab goes on to the agent and Send; a tab is no use in a message
        self.editor.setFixedHeight(84)
        self.editor.submit.connect(self.submit)
        self.editor.textChanged.connect(self._on_text_changed)
        self.slash_commands = SlashCommandList(self.editor)  # "/" offers the commands (slash_commands.py)
        layout.addWidget(self.slash_commands)
        layout.addWidget(self.editor)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Agent")))
        self.agent_box = QComboBox()
        self.agent_box.setAccessibleName(self.tr("Agent"))
        self.agent_box.setMinimumWidth(120)  # with Agent, Stop and Send within the chat's 430 px in Japanese
        row.addWidget(self.agent_box)
        row.addStretch(1)
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Stop the active run (Esc)"))
        self.stop_button.clicked.connect(self.stop_requested.emit)
        self.stop_button.setEnabled(False)
        self.send_button = QPushButton(self.tr("Send"))
        self.send_button.setToolTip(self.tr("Send (Ctrl+Enter)"))
        self.send_button.setDefault(True)
        self.send_button.clicked.connect(self.submit)
        row.addWidget(self.stop_button)
        row.addWidget(self.send_button)
        layout.addLayout(row)
        self.forecast_line = ForecastLine(self._forecast_message)  # what Send would take (ui/chat/forecast_line.py)
        self.editor.textChanged.connect(self.forecast_line.schedule)
        self.agent_box.currentIndexChanged.connect(lambda _i: self.forecast_line.schedule())
        layout.addWidget(self.forecast_line)
        self.set_enter_sends(False)

    def set_enter_sends(self, enter_sends: bool) -> None:
        """Plain Enter sends (and Shift+Enter adds a line), or Enter adds a line; Ctrl+Enter always sends."""
        self.editor.enter_sends = enter_sends
        if self.in_scene:
            self.editor.setPlaceholderText(
                self.tr("The scene's direction, or /as Name…  (Enter: the next turn, Shift+Enter adds a line)")
                if enter_sends else self.tr("The scene's direction, or /as Name…  (Ctrl+Enter: the next turn)"))
        elif self.exploring:
            self.editor.setPlaceholderText(
                self.tr("Ask about your story library, knowledge and files…  (Enter sends, Shift+Enter adds a line)")
                if enter_sends else self.tr("Ask about your story library, knowledge and files…  (Ctrl+Enter sends)"))
        else:
            self.editor.setPlaceholderText(
                self.tr("Write to your agents…  (@editor picks an agent, Enter sends, Shift+Enter adds a line)")
                if enter_sends else self.tr("Write to your agents…  (@editor picks an agent, Ctrl+Enter sends)"))
        self.send_button.setToolTip(self.tr("Send (Enter or Ctrl+Enter)") if enter_sends
                                    else self.tr("Send (Ctrl+Enter)"))

    def draft(self) -> tuple[str, str | None]:
        """What is being written and the earlier message it edits, if any (kept per chat)."""
        return self.text(), self.editing

    def set_draft(self, draft: tuple[str, str | None]) -> None:
        text, editing = draft
        self.editor.setPlainText(text)
        self.editor.moveCursor(QTextCursor.MoveOperation.End)
        self.editing = editing
        self.edit_bar.setVisible(editing is not None)
        self.busy_bar.hide()

    def set_profiles(self, profiles: dict[str, AgentProfile]) -> None:
        current = self.agent_id()
        self.agent_box.blockSignals(True)
        self.agent_box.clear()
        runnable = [p for p in profiles.values() if p.run.direct_runnable]
        for p in runnable:
            label = p.display_name + (self.tr("  (needs a model)") if p.model.mode == "requiresConfiguration" else "")
            self.agent_box.addItem(label, p.id)
        self._runnable = {p.id for p in runnable}
        index = self.agent_box.findData(current or DEFAULT_AGENT)
        self.agent_box.setCurrentIndex(index if index >= 0 else 0)
        self.agent_box.blockSignals(False)

    def set_exploring(self, exploring: bool) -> None:
        """The chat shown is an exploration (or not): its own wording, and the explorer picked on the way in
        (the writer again on the way out, unless another agent was chosen there)."""
        if exploring != self.exploring:
            if exploring:
                self.select_agent(EXPLORER_AGENT)
            elif self.agent_id() == EXPLORER_AGENT:
                self.select_agent(DEFAULT_AGENT)
        self.exploring = exploring
        self.set_enter_sends(self.editor.enter_sends)

    def set_scene(self, in_scene: bool) -> None:
        """The chat shown is a scene (or not): its cast speaks, so the agent box rests, and /as is offered."""
        self.in_scene = in_scene
        self.agent_box.setEnabled(not in_scene)
        self.slash_commands.scene = in_scene
        self.set_enter_sends(self.editor.enter_sends)
        self.forecast_line.schedule()  # a scene has no forecast: the line goes (or comes back outside one)

    def set_hint(self, hint: str | None) -> None:
        self.hint.setText(hint or "")
        self.hint.setVisible(bool(hint))

    def set_running(self, running: bool) -> None:
        self.stop_button.setEnabled(running)
        if not running:
            self.busy_bar.hide()

    def agent_id(self) -> str:
        data = self.agent_box.currentData()
        return str(data) if data else ""

    def select_agent(self, agent_id: str) -> None:
        index = self.agent_box.findData(agent_id)
        if index >= 0:
            self.agent_box.setCurrentIndex(index)

    def set_text(self, text: str, *, editing: str | None = None) -> None:
        """Puts ``text`` in the editor; ``editing`` names the earlier message it replaces, if any."""
        self.editor.setPlainText(text)
        self.editing = editing
        self.edit_bar.setVisible(editing is not None)
        self.editor.setFocus()

    def text(self) -> str:
        return self.editor.toPlainText()

    def _on_text_changed(self) -> None:
        mentioned, _ = split_mention(self.text(), self._runnable)
        if mentioned:
            self.select_agent(mentioned)

    def hold_sends(self) -> None:
        """The window is opening: Send (or Ctrl+Enter) is remembered, and done by ``release_held``."""
        self.open = False

    def release_held(self) -> bool:
        """The chats are open: whether a Send was held (the caller sends it now)."""
        held, self.held, self.open = self.held, False, True
        if self.hint.text() == self._held_words():  # else the chats put their own hint there (a connection's)
            self.set_hint(None)
        return held

    def _held_words(self) -> str:
        return self.tr("Sending when your chats are open…")

    def submit(self) -> None:
        mentioned, text = split_mention(self.text(), self._runnable)
        if not text and not self.in_scene:  # in a scene, sending nothing is the next turn without a direction
            return
        if not self.open:
            self.held = True
            self.set_hint(self._held_words())
            return
        if self.editing is not None:
            self.edit_requested.emit(self.editing, mentioned or self.agent_id(), text)
            return
        self.send_requested.emit(mentioned or self.agent_id(), text)

    def message(self) -> tuple[str, str]:
        """(agent id, text) as Send would send them: an ``@agent`` mention picks the agent."""
        mentioned, text = split_mention(self.text(), self._runnable)
        return mentioned or self.agent_id(), text

    def _forecast_message(self) -> tuple[str, str]:
        """What the forecast line forecasts: Send's message, but nothing in a scene (Send there starts a
        character's turn, not the relay of the agent box that ``runtime/forecast.py`` counts)."""
        return ("", "") if self.in_scene else self.message()

    def clear(self) -> None:
        self.editor.clear()
        self.editing = None
        self.busy_bar.hide()
        self.edit_bar.hide()
