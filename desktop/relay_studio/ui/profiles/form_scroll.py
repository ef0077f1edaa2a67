"""The profile editor's scrolling form: the sections one under another, and the scrolling that keeps the row
under the pointer where it is when a message appears above it (``keep_in_place``), shows a field, or goes to
a section."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt
from PySide6.QtWidgets import QApplication, QScrollArea, QVBoxLayout, QWidget

from relay_studio.ui.profiles.sections.field_box import FieldBox


class FormScroll(QScrollArea):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.content = QWidget()
        self.sections_layout = QVBoxLayout(self.content)

    def finish(self) -> None:
        """Once the sections are in ``sections_layout``: the form scrolls."""
        self.sections_layout.addStretch(1)
        self.setWidget(self.content)

    def keep_in_place(self, anchor: QWidget | None, work: Callable[[], None]) -> None:
        """Runs ``work`` (which may show or hide messages above ``anchor``) and scrolls the form by as
        much as ``anchor`` moved, so the row under the pointer stays under the pointer."""
        anchor = anchor or QApplication.focusWidget()
        if anchor is None or not self.content.isAncestorOf(anchor):
            work()
            return
        bar = self.verticalScrollBar()
        before = anchor.mapTo(self.content, QPoint(0, 0)).y() - bar.value()
        work()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # lay the form out now
        after = anchor.mapTo(self.content, QPoint(0, 0)).y() - bar.value()
        if after != before:
            bar.setValue(bar.value() + after - before)

    def show_field(self, box: FieldBox) -> None:
        """Scrolls the form to a field and gives it the keyboard focus."""
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        self.ensureWidgetVisible(box, 0, 60)
        box.widget.setFocus(Qt.FocusReason.OtherFocusReason)

    def scroll_to(self, y: int) -> None:
        self.verticalScrollBar().setValue(y)
