"""Find in chat (Ctrl+F): the bar above the transcript (``FindBar``) and the search through the chat's message
cards (``ChatFind``): every match highlighted, the current one marked and scrolled to, "3 of 7".

``ChatView`` holds both (``chat.find_bar``, ``chat.finder``); the count's words keep its translation context
(``ChatView``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QScrollArea, QToolButton, QWidget

from relay_studio.ui import i18n
from relay_studio.ui.chat.message_card import MessageCard


class FindBar(QWidget):
    """Find in chat (Ctrl+F): Enter goes to the next match, Esc closes.

    Signals:
        search(str text, bool forward)
        closed()
    """

    search = Signal(str, bool)
    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 4, 12, 4)
        self.field = QLineEdit()
        self.field.setPlaceholderText(self.tr("Find in chat"))
        self.field.setClearButtonEnabled(True)
        self.field.returnPressed.connect(lambda: self.search.emit(self.field.text(), True))
        self.field.textChanged.connect(lambda text: self.search.emit(text, True))
        self.count = QLabel()
        self.count.setObjectName("Muted")
        prev_button = QToolButton()
        prev_button.setText(self.tr("▲"))
        prev_button.clicked.connect(lambda: self.search.emit(self.field.text(), False))
        next_button = QToolButton()
        next_button.setText(self.tr("▼"))
        next_button.clicked.connect(lambda: self.search.emit(self.field.text(), True))
        close = QToolButton()
        close.setText("✕")
        close.clicked.connect(self.close_bar)
        for w in (self.field, self.count, prev_button, next_button, close):
            layout.addWidget(w, 1 if w is self.field else 0)
        self.field.installEventFilter(self)

    def open_bar(self) -> None:
        self.show()
        self.field.setFocus()
        self.field.selectAll()

    def close_bar(self) -> None:
        self.hide()
        self.closed.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Esc in the field closes the bar; it is not the window's Stop (Esc) while Find has the keys."""
        if watched is self.field and isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Escape:
            if event.type() == QEvent.Type.ShortcutOverride:
                event.accept()
                return True
            if event.type() == QEvent.Type.KeyPress:
                self.close_bar()
                return True
        return super().eventFilter(watched, event)


class ChatFind:
    """The search behind ``bar`` through ``cards()`` (the chat's message cards, in chat order), scrolling
    ``scroll_area`` to the current match; closing the bar clears the highlights."""

    def __init__(self, bar: FindBar, cards: Callable[[], list[MessageCard]], scroll_area: QScrollArea) -> None:
        self.bar = bar
        self.cards = cards
        self.scroll_area = scroll_area
        self._found = -1
        self._needle = ""
        self._matches: list[tuple[int, int]] = []  # (card, match within the card) in chat order
        bar.search.connect(self.find_text)
        bar.closed.connect(lambda: self.highlight(-1))

    def find_text(self, text: str, forward: bool = True) -> int:
        """Moves to the next (or previous) match of ``text`` in the chat, highlights every match in
        the cards' text and counts matches ("3 of 7"); returns the current match's index or -1."""
        translate = QCoreApplication.translate  # pyside6-lupdate reads translate("ChatView", "…")
        cards = self.cards()
        needle = text.strip().lower()
        if needle != self._needle:
            self._needle, self._found = needle, -1
        matches = [(ci, k) for ci, card in enumerate(cards) for k in range(card.count_matches(needle))]
        if not matches:
            self.highlight(-1)
            self.bar.count.setText(translate("ChatView", "no match") if needle else "")
            return -1
        if forward:
            index = self._found + 1 if self._found + 1 < len(matches) else 0
        else:
            index = self._found - 1 if self._found > 0 else len(matches) - 1
        self._found = index
        self._matches = matches
        self.highlight(index)
        self.bar.count.setText(i18n.arg(translate("ChatView", "%1 of %2"), index + 1, len(matches)))
        return index

    def highlight(self, index: int) -> None:
        """Highlights every match, the ``index``-th (of the chat's matches) as the current one; -1
        clears the highlights."""
        cards = self.cards()
        matches = self._matches if index >= 0 else []
        current_card, current_k = matches[index] if 0 <= index < len(matches) else (-1, -1)
        for i, card in enumerate(cards):
            has = any(ci == i for ci, _k in matches)
            card.highlight(self._needle if has else "", current_k if i == current_card else -1)
            card.set_found(i == current_card)
        if index < 0:
            self._found, self._matches = -1, []
        if 0 <= current_card < len(cards):
            self.scroll_area.ensureWidgetVisible(cards[current_card])
