"""The inline notice above the composer when a chat no longer fits its agent's context window: why,
and "Hand off to a new chat" (docs/session-handoff.md, "When a chat no longer fits"). What the
creator typed stays in the composer.

Signals:
    handoff_requested(): the creator chose to hand off
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QWidget


class HandoffOffer(QFrame):
    handoff_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("HandoffOffer")
        self.chat_id = ""
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 12, 6)
        self.text = QLabel()
        self.text.setObjectName("HandoffOfferText")
        self.text.setWordWrap(True)
        layout.addWidget(self.text, 1)
        self.button = QPushButton(self.tr("Hand off to a new chat"))
        self.button.setObjectName("HandoffOfferButton")
        self.button.setToolTip(self.tr("The agent writes a handoff document from this chat; you review it, and a "
                                       "new chat starts from it"))
        self.button.clicked.connect(self._chosen)
        layout.addWidget(self.button)
        close = QToolButton()
        close.setText("✕")
        close.setToolTip(self.tr("Dismiss"))
        close.setAutoRaise(True)
        close.clicked.connect(self.dismiss)
        layout.addWidget(close)
        self.hide()

    def offer(self, chat_id: str, text: str) -> None:
        self.chat_id = chat_id
        self.text.setText(text)
        self.show()

    def dismiss(self) -> None:
        self.chat_id = ""
        self.hide()

    def _chosen(self) -> None:
        self.dismiss()
        self.handoff_requested.emit()
