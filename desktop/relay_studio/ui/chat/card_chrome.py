"""What every card of the chat column shares: a label that keeps to the column's width, and the flat tool
button of a card's header."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QSizePolicy, QToolButton


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
