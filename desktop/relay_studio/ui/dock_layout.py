"""The main window's docks as the creator arranged them: restored from ``window.ini`` when the window opens,
saved when it closes, put back by View → Reset layout, and stepped aside while the timeline fills the window.

The widths within an arrangement are ``window_layout.DockFitter``'s; this module keeps the arrangement
itself (``saveState``, the window's geometry, every splitter's sizes while the timeline fills the window).
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QSplitter, QWidget

from relay_studio.ui.window_layout import DockFitter, first_size


class DockLayout:
    """The Chats dock on the left, the Timeline on the right with the Library a tab beside it, and the chat
    (the window's central widget) between them."""

    def __init__(self, window: QMainWindow, settings: QSettings, central: QWidget, sidebar: QDockWidget,
                 timeline: QDockWidget, library: QDockWidget) -> None:
        self.window = window
        self.settings = settings
        self.central = central
        self.sidebar = sidebar
        self.timeline = timeline
        self.library = library
        self.fitter = DockFitter(window, sidebar, timeline)
        self._fill_saved: tuple[QByteArray, list[QByteArray]] | None = None  # the layout before the fill

    @property
    def filled(self) -> bool:
        """The timeline fills the window (``fill_timeline(True)``)."""
        return self._fill_saved is not None

    def restore(self) -> None:
        """The size, place and docks saved last, else the first size and the first widths."""
        geometry = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.window.restoreGeometry(geometry)
        else:
            self.window.resize(first_size(self.window.screen()))
        if isinstance(state, QByteArray) and not state.isEmpty() and self.window.restoreState(state):
            QTimer.singleShot(0, self.fitter.adopt)  # once laid out: the restored widths are the wanted ones
        else:
            self._default_docks()

    def _default_docks(self) -> None:
        """The docks' first widths for the window's width (``ui/window_layout.py``)."""
        self.fitter.reset()

    def reset(self) -> None:
        """The library left, the chat, the timeline right, at their first sizes (the timeline not filling)."""
        for dock, area in ((self.sidebar, Qt.DockWidgetArea.LeftDockWidgetArea),
                           (self.timeline, Qt.DockWidgetArea.RightDockWidgetArea),
                           (self.library, Qt.DockWidgetArea.RightDockWidgetArea)):
            dock.setFloating(False)
            self.window.addDockWidget(area, dock)
            dock.show()
        self.window.tabifyDockWidget(self.timeline, self.library)
        self.timeline.raise_()
        self.central.show()
        self._default_docks()

    def save(self) -> None:
        """The window's size, place and docks into its settings (the timeline not filling)."""
        self.settings.setValue("window/geometry", self.window.saveGeometry())
        self.settings.setValue("window/state", self.window.saveState())

    def fill_timeline(self, fill: bool) -> None:
        """The timeline takes the whole window (the chat and the library step aside) or goes back to
        exactly the layout it left: the docks' state and every splitter's sizes are saved before."""
        if fill:
            if self._fill_saved is None:
                splitters = [sp.saveState() for sp in self.window.findChildren(QSplitter)]
                self._fill_saved = (self.window.saveState(), splitters)
            self.timeline.show()
            self.timeline.setFloating(False)
            self.sidebar.hide()
            self.library.hide()
            self.central.hide()
        else:
            self.central.show()
            self.sidebar.show()
            saved, self._fill_saved = self._fill_saved, None
            if saved is not None:
                state, splitters = saved
                self.window.restoreState(state)
                for sp, sizes in zip(self.window.findChildren(QSplitter), splitters, strict=False):
                    sp.restoreState(sizes)
            QTimer.singleShot(0, self.fitter.fit)  # the docks at the widths they had, once laid out again
