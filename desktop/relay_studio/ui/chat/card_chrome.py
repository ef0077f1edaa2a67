"""What every card of the chat column shares: a label that keeps to the column's width (and remembers its height
at each width), and the flat tool button of a card's header."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QToolButton, QWidget


class ColumnLabel(QLabel):
    """A wrapping label whose height at a width is laid out once per text.

    Qt asks every label of the column for its height at the column's width each time the column is laid out again
    (a card added, a scroll bar shown), and a rich-text ``QLabel`` lays its text out anew for each answer: adding
    the cards of a book's chapter one by one cost a layout of every card built before (tens of ms per card,
    bench/book_scale.py). The answer is kept per width until the text, the font or the style changes."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self._heights: dict[int, int] = {}

    def setText(self, text: str) -> None:
        self._heights = {}
        super().setText(text)

    def clear(self) -> None:
        self._heights = {}
        super().clear()

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = self._measure(width)
        return height

    def _measure(self, width: int) -> int:
        """The text laid out at ``width``: what Qt's label does for every ``heightForWidth``."""
        return super().heightForWidth(width)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.ContentsRectChange):
            self._heights = {}
        super().changeEvent(event)


def fit_to_column(label: QLabel) -> None:
    """A wrapping label that takes the column's width and never asks for more (a long word, a wide table
    or a code line is cut at the card's edge rather than widening the chat past its column)."""
    policy = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Minimum)
    policy.setHeightForWidth(True)
    label.setSizePolicy(policy)
    label.setMinimumWidth(1)


def tool_button(text: str, tip: str) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setAutoRaise(True)
    return button
