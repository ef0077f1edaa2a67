"""A run that did not end well, as a card in the chat: its sentence and a Details link; for an approved change
that was never published, a button that publishes it (issue 38: nothing the creator wrote is lost)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from relay_studio.ui import i18n
from relay_studio.ui.chat.card_chrome import fit_to_column
from relay_studio.ui.chat.transcript import RunNotice


class NoticeCard(QFrame):
    """A run that did not end well, in plain words, with a Details link to the failing event.

    Signals:
        details(str run_id, str error_code)
        publish(str run_id, str path, str agent): publish the approved change to ``path``
    """

    details = Signal(str, str)
    publish = Signal(str, str, str)

    def __init__(self, notice: RunNotice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ErrorCard")
        self.notice = notice
        outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 8, 12, 8)
        layout = QHBoxLayout()
        layout.setContentsMargins(0, 0, 0, 0)
        outer.addLayout(layout)
        text = QLabel(notice.text + (f"  ({notice.error_code})" if notice.error_code else ""))
        text.setWordWrap(True)
        fit_to_column(text)
        layout.addWidget(text, 1)
        link = QLabel(self.tr('<a href="#details">Details</a>'))
        link.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        link.linkActivated.connect(lambda _href: self.details.emit(notice.run_id, notice.error_code or ""))
        layout.addWidget(link)
        self.link = link
        self.publish_buttons: list[QPushButton] = []
        if notice.publishable:  # under the sentence: the column keeps its width for the words
            column = QHBoxLayout()
            for path, agent, edited in notice.publishable:
                button = QPushButton(self.tr("Publish your edited version") if edited
                                     else self.tr("Publish the approved version"))
                button.setToolTip(i18n.arg(self.tr("Make the approved %1 this run's answer in the chat"), path))
                button.clicked.connect(lambda _=False, p=path, a=agent: self.publish.emit(notice.run_id, p, a))
                column.addWidget(button)
                self.publish_buttons.append(button)
            column.addStretch(1)
            outer.addLayout(column)
