"""The Library dock: a project's story library (codex), knowledge documents and Skills (docs/window.md)."""

from typing import TypeVar

from PySide6.QtWidgets import QWidget

W = TypeVar("W", bound=QWidget)


def named(widget: W, name: str) -> W:
    """``widget`` with its object name set (tests and style sheets find it by that name)."""
    widget.setObjectName(name)
    return widget
