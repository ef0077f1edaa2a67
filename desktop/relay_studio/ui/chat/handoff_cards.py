"""The cards of a handoff in the chat: the handoff document a chat starts from, the same document collapsed
in the chat that handed off, and the lineage marker that links the two chats."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from relay_studio.domain.records import MessageRecord
from relay_studio.runtime.session_handoff import document_of
from relay_studio.ui import i18n
from relay_studio.ui.chat.card_chrome import fit_to_column, tool_button
from relay_studio.ui.chat.markdown import markdown_html
from relay_studio.ui.chat.transcript import HandedOffEntry, LineageMarker


class HandoffCard(QFrame):
    """A chat's first entry when a handoff started it: the handoff document, shown as a card (not as the
    creator's message), expanded, with Hide / Show. Every prompt of the chat includes it."""

    def __init__(self, message: MessageRecord, parent: QWidget | None = None, *, title: str | None = None,
                 note: str | None = None, expanded: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("HandoffCard")
        self.message = message
        self.document = document_of(message.content)
        self.body = QLabel()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 10)
        self.header = QHBoxLayout()
        self.title = QLabel(title if title is not None else self.tr("Handoff document"))
        self.title.setObjectName("MessageAuthor")
        self.header.addWidget(self.title)
        self.note = QLabel(note if note is not None
                           else self.tr("this chat starts from it; every request of the chat includes it"))
        self.note.setObjectName("Muted")
        self.note.setWordWrap(True)  # a long note wraps: the card keeps to the column, its buttons show
        fit_to_column(self.note)
        self.header.addWidget(self.note, 1)
        self.copy_button = tool_button(self.tr("Copy"), self.tr("Copy the handoff document"))
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.document))
        self.header.addWidget(self.copy_button)
        self.toggle_button = tool_button(self.tr("Hide"), self.tr("Hide the document"))
        self.toggle_button.setObjectName("HandoffToggle")
        self.toggle_button.clicked.connect(lambda: self.set_expanded(self.body.isHidden()))
        self.header.addWidget(self.toggle_button)
        layout.addLayout(self.header)
        self.body.setWordWrap(True)
        fit_to_column(self.body)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setText(markdown_html(self.document))
        layout.addWidget(self.body)
        self.set_expanded(expanded)

    @property
    def expanded(self) -> bool:
        return not self.body.isHidden()

    def set_expanded(self, expanded: bool) -> None:
        self.body.setVisible(expanded)
        self.toggle_button.setText(self.tr("Hide") if expanded else self.tr("Show"))
        self.toggle_button.setToolTip(self.tr("Hide the document") if expanded else self.tr("Show the document"))


class HandedOffCard(HandoffCard):
    """In the chat a handoff continued elsewhere: "Handed off to “<chat>”", the document it carried,
    collapsed (Show opens it), where the handoff happened, with a button that opens that chat. A view
    element: no request of this chat includes it.

    Signals:
        open_chat(str chat_id)
    """

    open_chat = Signal(str)

    def __init__(self, handed: HandedOffEntry, parent: QWidget | None = None) -> None:
        translate = QCoreApplication.translate
        super().__init__(handed.entry, parent, title=handed.text, expanded=False, note=translate(
            "HandedOffCard", "the new chat starts from it; no request of this chat includes it"))
        self.handed = handed
        self.open_button = tool_button(translate("HandedOffCard", "Open chat"),
                                        i18n.arg(translate("HandedOffCard", "Open the chat “%1”"), handed.chat_name))
        self.open_button.setObjectName("HandedOffOpen")
        self.open_button.clicked.connect(lambda: self.open_chat.emit(handed.chat_id))
        self.header.insertWidget(self.header.indexOf(self.copy_button), self.open_button)


class LineageCard(QFrame):
    """"Continued from ← <chat>" or "Continued in → <chat>": a click opens that chat.

    Signals:
        open_chat(str chat_id)
    """

    open_chat = Signal(str)

    def __init__(self, marker: LineageMarker, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("LineageCard")
        self.marker = marker
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 2, 12, 2)
        self.link = QPushButton(marker.text)
        self.link.setObjectName("LineageLink")
        self.link.setFlat(True)
        self.link.setCursor(Qt.CursorShape.PointingHandCursor)
        self.link.setToolTip(i18n.arg(self.tr("Open the chat “%1”"), marker.chat_name))
        self.link.clicked.connect(lambda: self.open_chat.emit(marker.chat_id))
        layout.addWidget(self.link)
        layout.addStretch(1)
