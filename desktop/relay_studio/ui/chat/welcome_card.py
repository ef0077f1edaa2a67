"""The first launch's card: the built-in relay and a button that runs it offline."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from relay_studio.ui.chat.card_chrome import fit_to_column


class WelcomeCard(QFrame):
    """First launch: the built-in relay and a button that runs it offline.

    Signals:
        run_demo()
    """

    run_demo = Signal()

    def __init__(self, profiles: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("WelcomeCard")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 14, 18, 14)
        title = QLabel(self.tr("<h2>Welcome to Relay Studio</h2>"))
        layout.addWidget(title)
        agents = "".join(f"<li><b>{name}</b> — {desc}</li>" for name, desc in profiles)
        text = QLabel(
            self.tr("<p>You write with several agents that pass the work along: a <b>Writer</b> drafts and commits, "
                    "hands off to an <b>Editor</b>, who revises and hands off to a <b>Finalizer</b>, which finishes. "
                    "A <b>Researcher</b> helps on the side.</p>")
            + f"<ul>{agents}</ul>"
            + self.tr("<p>The demo relay runs offline on a scripted model, so you can watch a full run — and "
                      "inspect every step on the timeline — without any account.</p>")
        )
        text.setWordWrap(True)
        fit_to_column(text)
        text.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(text)
        self.button = QPushButton(self.tr("Run the demo relay"))
        self.button.setDefault(True)
        self.button.clicked.connect(self.run_demo.emit)
        row = QHBoxLayout()
        row.addWidget(self.button)
        row.addStretch(1)
        layout.addLayout(row)
