"""The session handoff dialog: "Writing the handoff document…" while the agent writes it (Esc or
Cancel stops it), the document growing as it streams in with a line saying what the call is doing and
for how long ("12 s · about 56 tokens written", ``ui/call_progress.py``), then the draft, editable, with
the sections it lacks named and the time it took, and three choices:
Start the new chat, Copy, Cancel. Never modal to the loop: it is opened with ``open()`` and answers
through signals; nothing changes until the creator starts the new chat.

Signals:
    start_requested(str): the creator accepted the (perhaps edited) document
    cancel_requested(): Esc or Cancel while the document is being written
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent, QTextCursor
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from relay_studio.ui import i18n
from relay_studio.ui.call_progress import TICK_MS, progress_phase


class HandoffDialog(QDialog):
    start_requested = Signal(str, str)
    cancel_requested = Signal()

    def __init__(self, chat_name: str, new_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("HandoffDialog")
        self.setWindowTitle(i18n.arg(self.tr("Hand off “%1” to a new chat"), chat_name))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.resize(760, 600)
        self.generating = True

        layout = QVBoxLayout(self)
        self.status = QLabel(self.tr("Writing the handoff document… (Esc cancels)"))
        self.status.setObjectName("HandoffStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.progress = QLabel()
        self.progress.setObjectName("HandoffProgress")
        self.progress.setWordWrap(True)
        layout.addWidget(self.progress)
        self._started = time.monotonic()
        self._call: dict[str, Any] = {}
        self._clock = QTimer(self)
        self._clock.setInterval(TICK_MS)
        self._clock.timeout.connect(self._on_tick)
        self._clock.start()
        self._on_tick()
        self.missing = QLabel()
        self.missing.setObjectName("HandoffMissing")
        self.missing.setWordWrap(True)
        self.missing.hide()
        layout.addWidget(self.missing)
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("HandoffDocument")
        self.editor.setAccessibleName(self.tr("Handoff document"))
        self.editor.setTabChangesFocus(True)  # Tab goes on to the chat's name and the buttons
        self.editor.setReadOnly(True)
        self.editor.setPlaceholderText(self.tr("The document appears here as the agent writes it."))
        layout.addWidget(self.editor, 1)
        name_row = QHBoxLayout()
        name_label = QLabel(self.tr("New chat:"))
        name_row.addWidget(name_label)
        self.name_edit = QLineEdit(new_name)
        name_label.setBuddy(self.name_edit)
        self.name_edit.setAccessibleName(self.tr("New chat"))
        self.name_edit.setObjectName("HandoffChatName")
        name_row.addWidget(self.name_edit, 1)
        layout.addLayout(name_row)

        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.copy_button = QPushButton(self.tr("Copy"))
        self.copy_button.setToolTip(self.tr("Copy the document to the clipboard"))
        self.copy_button.clicked.connect(self._on_copy)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self._on_cancel)
        self.start_button = QPushButton(self.tr("Start the new chat"))
        self.start_button.setObjectName("HandoffStart")
        self.start_button.clicked.connect(self._on_start)
        for button in (self.copy_button, self.cancel_button, self.start_button):
            buttons.addWidget(button)
        layout.addLayout(buttons)
        self._set_ready(False)

    def _set_ready(self, ready: bool) -> None:
        self.start_button.setEnabled(ready)
        self.copy_button.setEnabled(ready)
        self.name_edit.setEnabled(ready)
        self.editor.setReadOnly(not ready)
        if ready:
            self.start_button.setDefault(True)

    # -- what the runtime reports ---------------------------------------------------------------
    def elapsed(self) -> float:
        return time.monotonic() - self._started

    def show_live(self, kind: str, text: str, data: dict[str, Any]) -> None:
        """A streamed piece of the document (``text``) or news of the call (``progress``) while it is written."""
        if not self.generating:
            return
        if kind == "text" and text:
            cursor = QTextCursor(self.editor.document())
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertText(text)
            self.editor.verticalScrollBar().setValue(self.editor.verticalScrollBar().maximum())
        elif kind == "progress":
            self._call = dict(data)
            self._on_tick()

    def _on_tick(self) -> None:
        seconds = i18n.seconds(int(self.elapsed()), 0)
        self.progress.setText(i18n.arg(self.tr("%1 · %2"), seconds, progress_phase(self._call)))

    def _stop_clock(self) -> None:
        self._clock.stop()
        self.progress.setText(i18n.arg(self.tr("Written in %1."), i18n.seconds(self.elapsed(), 0)))

    def show_draft(self, document: str, missing: list[str], left_out: int = 0) -> None:
        """``left_out``: the oldest chat entries the agent did not see, because the chat did not fit its model."""
        self.generating = False
        self._stop_clock()
        self.editor.setPlainText(document)
        self.status.setText(self.tr("Review the document: it is what the new chat starts from. Edit it freely."))
        notes = []
        if left_out:
            notes.append(self.tr("The chat was too long for the agent's model, so it wrote this without the "
                "oldest %n message(s); add what it could not know.", "", left_out))
        if missing:
            notes.append(i18n.arg(self.tr("The document lacks these sections: %1. Add them, or start the new "
                                          "chat as it is."), ", ".join(missing)))
        if notes:
            self.missing.setText(" ".join(notes))
            self.missing.show()
        self._set_ready(True)
        self.editor.setFocus()

    def show_outcome(self, text: str) -> None:
        """A cancelled, failed or empty handoff: ``text`` says so (``handoff_fallback.outcome_words``)."""
        self.generating = False
        self._clock.stop()
        self.progress.setText(i18n.arg(self.tr("After %1."), i18n.seconds(self.elapsed(), 0)))
        self.status.setText(text)
        self.cancel_button.setText(self.tr("Close"))
        self._set_ready(False)

    # -- the creator's choices ------------------------------------------------------------------
    def _on_start(self) -> None:
        text = self.editor.toPlainText().strip()
        if not text:
            self.status.setText(self.tr("The document is empty; write something the new chat can start from."))
            return
        self.start_requested.emit(text, self.name_edit.text().strip())

    def _on_copy(self) -> None:
        QGuiApplication.clipboard().setText(self.editor.toPlainText())
        self.status.setText(self.tr("Copied the document to the clipboard."))

    def _on_cancel(self) -> None:
        if self.generating:
            self.cancel_requested.emit()
            self.status.setText(self.tr("Stopping…"))
            return
        self.reject()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.generating:
            self._on_cancel()
            return
        super().keyPressEvent(event)

    def show_error(self, text: str) -> None:
        """A refusal when starting the new chat (its name is taken): the draft stays open."""
        self.status.setText(text)
