"""The composer's slash commands: typing ``/`` offers them with their hints (seed 001: ``/handoff`` is
declared with its inline hint ``[focus instructions]``), narrowing as the name is typed.

The list sits above the message (a child of the composer, never a popup window that would take the
focus). Up and Down choose, Tab or Enter puts the command in the message (``/handoff ``, ready for its
argument), Esc closes the list; a click does the same as Enter. Whatever is typed stays the creator's:
the list only completes the command's name. ``COMMANDS`` is the one table of commands the window
knows; ``run_actions.send`` intercepts them (``handoff_flow.parse_command``).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QListView, QListWidget, QListWidgetItem, QPlainTextEdit, QWidget


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks ``text`` for pyside6-lupdate (which reads this name) and keeps it English."""
    return text


@dataclass(frozen=True)
class SlashCommand:
    name: str
    hint: str
    """The argument's hint, as seed 001 writes it (not translated: it is typed syntax)."""
    description: str
    """English, marked for lupdate; shown translated."""


COMMANDS: tuple[SlashCommand, ...] = (
    SlashCommand("/handoff", "[focus instructions]",
                 QT_TRANSLATE_NOOP("SlashCommands", "Hand this chat off to a new chat that starts from a "
                                                    "summary document (written by the chosen agent)")),
)


#: offered in a scene chat only (``ui/chat/scene_turns.py`` starts them)
SCENE_COMMANDS: tuple[SlashCommand, ...] = (
    SlashCommand("/as", "Name [direction]",
                 QT_TRANSLATE_NOOP("SlashCommands", "This character speaks next (what follows is the scene's "
                                                    "direction)")),
    SlashCommand("/next", "[direction]",
                 QT_TRANSLATE_NOOP("SlashCommands", "Whoever is next speaks: the next in turn, or the narrator's "
                                                    "pick")),
)


MAX_HEIGHT = 96  # the list's tallest (px): about four lines of hints


def matching(text: str, scene: bool = False) -> list[SlashCommand]:
    """The commands the message's text is the beginning of: a ``/`` then the start of a name, nothing after
    (``scene``: in a scene chat, its commands too)."""
    if not text.startswith("/") or any(c.isspace() for c in text):
        return []
    return [c for c in (*COMMANDS, *(SCENE_COMMANDS if scene else ())) if c.name.startswith(text.lower())]


class SlashCommandList(QListWidget):
    """The list of commands under way, above ``editor``; it watches the editor's text and keys."""

    _KEYS_WHILE_OPEN = (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Tab, Qt.Key.Key_Return, Qt.Key.Key_Enter,
                        Qt.Key.Key_Escape)

    def __init__(self, editor: QPlainTextEdit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.setObjectName("SlashCommands")
        self.setAccessibleName(QCoreApplication.translate("SlashCommands", "Slash commands"))
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the message keeps the focus; its keys steer the list
        self.setWordWrap(True)  # a hint is read whole in the chat's narrow column, never scrolled sideways
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.hide()
        self._dismissed = ""
        self.scene = False  # the chat shown is a scene: /as and /next are offered too
        editor.textChanged.connect(self._on_text_changed)
        editor.installEventFilter(self)
        self.itemClicked.connect(lambda _item: self.complete())

    def _on_text_changed(self) -> None:
        text = self.editor.toPlainText()
        found = [] if text == self._dismissed else matching(text, self.scene)
        self.clear()
        for command in found:
            words = QCoreApplication.translate("SlashCommands", command.description)
            item = QListWidgetItem(f"{command.name} {command.hint} — {words}")
            item.setData(Qt.ItemDataRole.UserRole, command.name)
            item.setToolTip(words)
            self.addItem(item)
        if found:
            self.setCurrentRow(0)
        self.setVisible(bool(found))
        self._fit()

    def _fit(self) -> None:
        """As tall as its rows (at most about four lines), so one command is one row, not a box."""
        rows = sum(self.sizeHintForRow(i) for i in range(self.count()))
        self.setFixedHeight(min(rows + 2 * self.frameWidth() + 2, MAX_HEIGHT))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.count():
            self._fit()  # a narrower column wraps a hint onto more lines

    def complete(self) -> None:
        """Puts the chosen command in the message, ready for its argument."""
        item = self.currentItem()
        if item is None:
            return
        self.editor.setPlainText(f"{item.data(Qt.ItemDataRole.UserRole)} ")
        self.editor.moveCursor(self.editor.textCursor().MoveOperation.End)
        self.editor.setFocus()
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (watched is self.editor and self.isVisible() and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent) and event.key() in self._KEYS_WHILE_OPEN
                and not event.modifiers() & Qt.KeyboardModifier.ControlModifier):
            key = event.key()
            if key == Qt.Key.Key_Escape:
                self._dismissed = self.editor.toPlainText()
                self.hide()
            elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
                step = -1 if key == Qt.Key.Key_Up else 1
                self.setCurrentRow(max(0, min(self.count() - 1, self.currentRow() + step)))
            else:
                self.complete()
            return True
        return super().eventFilter(watched, event)
