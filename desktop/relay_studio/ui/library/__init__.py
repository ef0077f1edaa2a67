"""The Library dock: a project's story library (codex), knowledge documents and Skills
(docs/window/library-and-knowledge.md)."""

from typing import TypeVar

from PySide6.QtWidgets import QHeaderView, QTreeView, QWidget

W = TypeVar("W", bound=QWidget)


def named(widget: W, name: str) -> W:
    """``widget`` with its object name set (tests and style sheets find it by that name)."""
    widget.setObjectName(name)
    return widget


def first_column_stretches(tree: QTreeView) -> None:
    """The name column takes the tree's width and the figures beside it their own: no sideways scrolling in
    a narrow dock (the Library tabbed with the timeline at 1000 px)."""
    header = tree.header()
    header.setStretchLastSection(False)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    model = tree.model()
    for col in range(1, model.columnCount() if model is not None else 0):
        header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
