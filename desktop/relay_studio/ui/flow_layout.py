"""A row of buttons that wraps onto the next line when its widget is narrower than the row.

A ``QHBoxLayout`` of buttons asks for the sum of their widths as its minimum; in a dock or a column that
must fit a 1000 px window in German or Japanese that sum is what made the window wider than the screen
(docs/window/main-window.md, "Sizes"). ``FlowLayout`` asks only for its widest item and takes the height its items
need at the width it gets (``heightForWidth``), so every button keeps its whole text.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QSizePolicy, QStyle, QWidget


class FlowLayout(QLayout):
    """Items left to right at their size hints, wrapping to a new line where the next one does not fit."""

    def __init__(self, parent: QWidget | None = None, spacing: int = -1) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), place=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, place=True)

    def sizeHint(self) -> QSize:
        """All items on one line."""
        visible = self._visible()
        m = self.contentsMargins()
        w = sum(i.sizeHint().width() for i in visible) + self._gap() * max(len(visible) - 1, 0)
        h = max((i.sizeHint().height() for i in visible), default=0)
        return QSize(w + m.left() + m.right(), h + m.top() + m.bottom())

    def minimumSize(self) -> QSize:
        """The widest item: the others go to the lines below."""
        m = self.contentsMargins()
        size = QSize()
        for item in self._visible():
            size = size.expandedTo(item.minimumSize()).expandedTo(QSize(item.sizeHint().width(), 0))
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    def _visible(self) -> list[QLayoutItem]:
        return [i for i in self._items if not i.isEmpty()]

    def _gap(self) -> int:
        if self._spacing >= 0:
            return self._spacing
        parent = self.parentWidget()
        if parent is None:
            return 6
        return max(parent.style().pixelMetric(QStyle.PixelMetric.PM_LayoutHorizontalSpacing, None, parent), 6)

    def _arrange(self, rect: QRect, *, place: bool) -> int:
        m: QMargins = self.contentsMargins()
        area = rect.marginsRemoved(m)
        x, y, line_h = area.x(), area.y(), 0
        gap = self._gap()
        for item in self._visible():
            hint = item.sizeHint()
            if x > area.x() and x + hint.width() > area.right() + 1:
                x, y, line_h = area.x(), y + line_h + gap, 0
            if place:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + gap
            line_h = max(line_h, hint.height())
        return y + line_h - rect.y() + m.bottom()


def flow_row(*widgets: QWidget) -> QWidget:
    """A widget holding ``widgets`` in a ``FlowLayout`` without margins, as tall as its lines."""
    row = QWidget()
    layout = FlowLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    for w in widgets:
        layout.addWidget(w)
    policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
    policy.setHeightForWidth(True)
    row.setSizePolicy(policy)
    return row
