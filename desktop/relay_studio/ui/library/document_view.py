"""A knowledge document for reading, opened at a cited place: the text (exactly the document's text, so
a citation's character range is a range of it), the cited range highlighted and scrolled into view,
and where it stands (page, section) above it.

Signals:
    back(): "Back to the search" was clicked.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QTextBrowser, QTextEdit, QVBoxLayout, QWidget

from relay_studio.knowledge.library import DocumentInfo
from relay_studio.ui import theme
from relay_studio.ui.library import named


def _utf16(text: str, index: int) -> int:
    """A Python index into ``text`` as a Qt (UTF-16) position."""
    return index + sum(1 for ch in text[:index] if ord(ch) > 0xFFFF)


class DocumentView(QWidget):
    back = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: DocumentInfo | None = None
        self.text = ""
        self.cited: tuple[int, int] = (0, 0)  # the highlighted range, as Python indexes into ``text``
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        row = QHBoxLayout()
        self.back_button = named(QPushButton(self.tr("← Back to the search")), "DocumentBack")
        self.back_button.clicked.connect(self.back.emit)
        self.title = named(QLabel(), "DocumentTitle")
        self.title.setWordWrap(True)
        row.addWidget(self.back_button)
        row.addWidget(self.title, 1)
        layout.addLayout(row)
        self.where = named(QLabel(), "Muted")
        self.where.setWordWrap(True)
        layout.addWidget(self.where)
        self.browser = named(QTextBrowser(), "DocumentText")
        self.browser.setOpenLinks(False)
        layout.addWidget(self.browser, 1)

    def show_document(self, document: DocumentInfo, text: str, start: int, end: int, where: str) -> None:
        """Shows ``text`` with ``text[start:end]`` highlighted and in view (an empty range: the top)."""
        self.document, self.text = document, text
        start, end = max(0, min(start, len(text))), max(0, min(end, len(text)))
        self.cited = (start, end)
        self.title.setText(f"<b>{html.escape(document.title)}</b>")
        self.where.setText(where)
        self.browser.setPlainText(text)
        if end <= start:
            self.browser.setExtraSelections([])
            self.browser.verticalScrollBar().setValue(0)
            return
        cursor = QTextCursor(self.browser.document())
        cursor.setPosition(_utf16(text, start))
        cursor.setPosition(_utf16(text, end), QTextCursor.MoveMode.KeepAnchor)
        mark = QTextEdit.ExtraSelection()
        mark.cursor = cursor
        fmt = QTextCharFormat()
        fmt.setBackground(theme.colors().find_current)
        fmt.setForeground(QColor("#000000"))
        mark.format = fmt
        self.browser.setExtraSelections([mark])
        at = QTextCursor(self.browser.document())
        at.setPosition(_utf16(text, start))
        self.browser.setTextCursor(at)
        self.scroll_to_cited()
        QTimer.singleShot(0, self, self.scroll_to_cited)  # again once a dock just shown has its final size

    def scroll_to_cited(self) -> None:
        """The cited range's start a quarter down the view, so what leads up to it shows too."""
        if self.cited[1] <= self.cited[0]:
            return
        self.browser.ensureCursorVisible()
        bar = self.browser.verticalScrollBar()
        rect = self.browser.cursorRect(self.browser.textCursor())
        bar.setValue(bar.value() + rect.top() - self.browser.viewport().height() // 4)

    def highlighted_text(self) -> str:
        marks = self.browser.extraSelections()
        return marks[0].cursor.selectedText().replace("\u2029", "\n") if marks else ""
