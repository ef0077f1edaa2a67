"""The run in progress as a card under the last message: the active agent, its streamed text, the running
model call, the tool it calls, and Stop.

The card appends streamed text at the end with a text cursor, once per frame; it never re-renders what is
already there.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QHideEvent, QShowEvent, QTextCursor
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from relay_studio.ui.call_progress import TICK_MS, CallClock, progress_text
from relay_studio.ui.chat.card_chrome import fit_to_column

LIVE_LINE_CHARS = 600


def _cjk_break(text: str, start: int) -> int:
    """The first place at or after ``start`` where a line may break between two CJK characters (after
    one, before the next), or -1; such text has no spaces to break at."""
    for i in range(max(start, 1), len(text)):
        if _is_cjk(text[i - 1]) and _is_cjk(text[i]):
            return i
    return -1


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return 0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF


class LiveRunCard(QFrame):
    """The run in progress: active agent, its streaming text, the model call that runs (seconds elapsed,
    the prompt read, tokens written, or that the server sends the answer at once; redrawn every
    ``TICK_MS`` while a call runs), the tool it calls, and Stop.

    Signals:
        stop(str run_id)
        review()
    """

    stop = Signal(str)
    review = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("LiveRunCard")
        self.run_id = ""
        self._last_invocation = ""
        self._streamed: list[str] = []
        self._line_chars = 0  # characters on the display's last line
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        header = QHBoxLayout()
        self.agent_label = QLabel()
        self.agent_label.setObjectName("MessageAuthor")
        self.status_label = QLabel()
        self.status_label.setObjectName("Muted")
        self.status_label.setWordWrap(True)
        fit_to_column(self.status_label)  # "is waiting for your approval" beside two buttons in a 430 px chat
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Stop this run (Esc)"))
        self.stop_button.clicked.connect(lambda: self.stop.emit(self.run_id))
        self.review_button = QPushButton(self.tr("Review changes"))
        self.review_button.clicked.connect(self.review.emit)
        self.review_button.hide()
        header.addWidget(self.agent_label)
        header.addWidget(self.status_label, 1)
        header.addWidget(self.review_button)
        header.addWidget(self.stop_button)
        layout.addLayout(header)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setMaximumHeight(180)
        self.text.setFrameShape(QFrame.Shape.NoFrame)
        self.text.setPlaceholderText(self.tr("The agent is thinking…"))
        layout.addWidget(self.text)
        self.progress_label = QLabel()  # the running model call: seconds, prompt read, tokens written
        self.progress_label.setObjectName("Muted")
        self.progress_label.hide()
        layout.addWidget(self.progress_label)
        self.tool_label = QLabel()
        self.tool_label.setObjectName("Muted")
        layout.addWidget(self.tool_label)
        self.calls = CallClock()
        self._tick = QTimer(self)
        self._tick.setInterval(TICK_MS)
        self._tick.setTimerType(Qt.TimerType.PreciseTimer)
        self._tick.timeout.connect(self._show_progress)

    def begin(self, run_id: str, agent: str) -> None:
        self.run_id = run_id
        self._last_invocation = ""
        self._streamed = []
        self._line_chars = 0
        self.text.clear()
        self.tool_label.clear()
        self.calls.clear()
        self._show_progress()
        self.set_agent(agent)
        self.set_status("running")
        self.show()

    def call_progress(self, invocation_id: str, data: dict[str, Any]) -> None:
        """A model call of the run started or moved on (``ui/call_progress.py``): shown at once, and
        its seconds keep moving from the timer until it ends."""
        self.calls.update(invocation_id, data)
        self._show_progress()

    def call_ended(self, turn_id: str) -> None:
        self.calls.end(turn_id)
        self._show_progress()

    def _show_progress(self) -> None:
        call = self.calls.latest()
        if call is None:
            self._tick.stop()
            self.progress_label.hide()
            self.progress_label.clear()
            return
        self.progress_label.setText(progress_text(call))
        self.progress_label.show()
        if not self._tick.isActive() and self.isVisible():
            self._tick.start()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._show_progress()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._tick.stop()  # nothing to redraw while hidden; showing the card again restarts it

    def set_agent(self, agent: str) -> None:
        self.agent_label.setText(agent)

    def next_stage(self, agent: str) -> None:
        """The run moved on to ``agent``'s stage: "<agent> is working" shows that agent's text only (the
        earlier stage's stays in ``streamed_text`` and in the message it committed)."""
        self.set_agent(agent)
        self.text.clear()
        self._line_chars = 0

    def set_status(self, status: str) -> None:
        words = {"running": self.tr("is working"), "awaiting_approval": self.tr("is waiting for your approval"),
                 "cancelling": self.tr("is stopping…")}
        self.status_label.setText(words.get(status, status.replace("_", " ")))
        self.stop_button.setEnabled(status != "cancelling")
        waiting = status == "awaiting_approval"
        self.review_button.setVisible(waiting)
        # waiting for the creator, the agent neither thinks nor calls a tool: the card says one thing
        self.text.setPlaceholderText("" if waiting else self.tr("The agent is thinking…"))
        self.tool_label.setVisible(not waiting)

    def set_tool(self, text: str) -> None:
        self.tool_label.setText(text)

    def append(self, invocation_id: str, agent: str, text: str) -> None:
        """Appends at the end; a header line marks a change of speaker.

        Qt lays a paragraph out whole on every insert into it, so a model streaming one endless line
        would cost more per frame as it grows. The card starts a new display line at a space once a
        line passes ``LIVE_LINE_CHARS``; ``streamed_text`` keeps exactly what arrived.
        """
        cursor = self.text.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        if invocation_id != self._last_invocation:
            header = ("\n" if self._last_invocation else "") + f"— {agent} —\n"
            cursor.insertText(header if not self.text.document().isEmpty() else header.lstrip("\n"))
            self._streamed.append(header)
            self._line_chars = 0
            self._last_invocation = invocation_id
        self._streamed.append(text)
        cursor.insertText(self._wrapped(text))
        bar = self.text.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _wrapped(self, text: str) -> str:
        out: list[str] = []
        start = 0
        while True:
            newline = text.rfind("\n", start)
            if newline >= 0:
                self._line_chars = 0
                tail_start = newline + 1
                out.append(text[start:tail_start])
                start = tail_start
            room = LIVE_LINE_CHARS - self._line_chars
            rest = text[start:]
            if len(rest) <= room:
                self._line_chars += len(rest)
                out.append(rest)
                return "".join(out)
            space = rest.find(" ", max(room, 0))
            cut = _cjk_break(rest, max(room, 0))
            if cut >= 0 and (space < 0 or cut < space):  # Chinese and Japanese break between characters
                out.append(rest[:cut] + "\n")
                self._line_chars = 0
                start += cut
                continue
            if space < 0:
                self._line_chars += len(rest)
                out.append(rest)
                return "".join(out)
            out.append(rest[:space] + "\n")
            self._line_chars = 0
            start += space + 1

    @property
    def streamed_text(self) -> str:
        """Everything streamed since ``begin``, with the speaker headers, as it arrived."""
        return "".join(self._streamed)
