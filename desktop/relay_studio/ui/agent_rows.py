"""The agents list's rows: each agent one entry, its name above and what it is ("starts runs · built-in")
below in smaller, muted type and indented, with room between agents, so that the second line never reads as
another agent (issue 38). The item's text stays "name\\nrole" (screen readers and Find read it whole)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

PAD_Y = 2
INDENT = 10

Index = QModelIndex | QPersistentModelIndex


class AgentRowDelegate(QStyledItemDelegate):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)

    @staticmethod
    def _lines(index: Index) -> tuple[str, str]:
        name, _, role = str(index.data(Qt.ItemDataRole.DisplayRole) or "").partition("\n")
        return name, role

    @staticmethod
    def _fonts(option: QStyleOptionViewItem) -> tuple[QFont, QFont]:
        bold, small = QFont(option.font), QFont(option.font)
        bold.setBold(True)
        small.setPointSizeF(max(option.font.pointSizeF() * 0.9, 6.0))
        return bold, small

    def _role_rect(self, small: QFont, role: str, width: int) -> QRect:
        """The role line's box, wrapped to ``width`` (a longer language needs two lines in a narrow list)."""
        return QFontMetrics(small).boundingRect(QRect(0, 0, max(width - 8 - INDENT, 20), 10_000),
                                                int(Qt.TextFlag.TextWordWrap), role)

    def _width(self, option: QStyleOptionViewItem) -> int:
        view = self.parent()
        return view.viewport().width() if isinstance(view, QAbstractItemView) else option.rect.width()

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        bold, small = self._fonts(option)
        name, role = self._lines(index)
        role_h = self._role_rect(small, role, self._width(option)).height() if role else 0
        return QSize(QFontMetrics(bold).horizontalAdvance(name) + 8, QFontMetrics(bold).height() + role_h + 2 * PAD_Y)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        name, role = self._lines(index)
        bold, small = self._fonts(option)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        text_role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        rect = opt.rect.adjusted(4, PAD_Y, -4, -PAD_Y)
        painter.save()
        painter.setFont(bold)
        painter.setPen(opt.palette.color(text_role))
        top = QFontMetrics(bold).height()
        painter.drawText(QRect(rect.left(), rect.top(), rect.width(), top), Qt.AlignmentFlag.AlignVCenter,
                         QFontMetrics(bold).elidedText(name, Qt.TextElideMode.ElideRight, rect.width()))
        if role:
            painter.setFont(small)
            muted = opt.palette.color(text_role if selected else QPalette.ColorRole.PlaceholderText)
            painter.setPen(muted)
            width = rect.width() - INDENT
            painter.drawText(QRect(rect.left() + INDENT, rect.top() + top, width, rect.height() - top),
                             int(Qt.AlignmentFlag.AlignTop) | int(Qt.TextFlag.TextWordWrap), role)
        painter.restore()
