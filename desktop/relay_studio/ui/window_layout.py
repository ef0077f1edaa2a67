"""How the main window shares its width: the chats on the left, the chat in the centre, the timeline (and
the Library tabbed with it) on the right, at every window size from the smallest it allows up.

``default_widths`` are the first sizes (and View → Reset layout's) for a window width; ``fit_widths``
fits the widths the creator wants into a window, shrinking both docks in proportion down to their
minimums so that the chat keeps ``MIN_CHAT_W``. ``DockFitter`` remembers the widths the creator wants
(the defaults, a restored layout, a dragged separator) and gives them back when the window grows again:
a window made small and then large again has the same left panel as before.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QDockWidget, QMainWindow

MIN_CHAT_W = 430  # a message card's header (author, Copy, Regenerate, Timeline, Delete)
MIN_SIDEBAR_W = 200  # the project and chat rows' buttons
MIN_TIMELINE_W = 340  # the run picker, −, +, Fit, the events' filters and the Summary column
MAX_SIDEBAR_W = 260
MAX_TIMELINE_W = 880
MIN_WINDOW_H = 600
#: what the dock separators, the docks' frames and the window's margins take between the three parts
GUTTER_W = 12
#: the window's size on a first start, on a screen that has the room
FIRST_SIZE = (1400, 860)


def first_size(screen: QScreen | None) -> QSize:
    """The window's size on a first start: ``FIRST_SIZE``, or the screen's free area where it is smaller
    (a 1000×700 screen, or one without a window manager to fit the window in: Xvfb). Qt keeps a restored
    geometry on the screen itself (``restoreGeometry``); a plain ``resize`` is never fitted by Qt. The
    offscreen platform's screen (800×800, no real screen) leaves the size as it is."""
    if screen is None or QGuiApplication.platformName() == "offscreen":
        return QSize(*FIRST_SIZE)
    return within(screen.availableGeometry().size())


def within(room: QSize) -> QSize:
    """``FIRST_SIZE`` cut down to ``room``."""
    return QSize(min(FIRST_SIZE[0], room.width()), min(FIRST_SIZE[1], room.height()))


def default_widths(window_w: int, mins: tuple[int, int] = (MIN_SIDEBAR_W, MIN_TIMELINE_W)) -> tuple[int, int]:
    """The chats' and the timeline's first widths in a window ``window_w`` wide."""
    sidebar = max(mins[0], min(MAX_SIDEBAR_W, round(window_w * 0.165)))
    timeline = max(mins[1], min(MAX_TIMELINE_W, round(window_w * 0.40)))
    return fit_widths(window_w, sidebar, timeline, mins)


def fit_widths(window_w: int, sidebar: int, timeline: int,
               mins: tuple[int, int] = (MIN_SIDEBAR_W, MIN_TIMELINE_W)) -> tuple[int, int]:
    """``sidebar`` and ``timeline`` as they fit beside a chat of at least ``MIN_CHAT_W``: both shrink in
    proportion, neither below its minimum (``mins``)."""
    room = window_w - GUTTER_W - MIN_CHAT_W
    min_s, min_t = mins
    sidebar, timeline = max(sidebar, min_s), max(timeline, min_t)
    if sidebar + timeline <= room:
        return sidebar, timeline
    spare = max(room - min_s - min_t, 0)
    over_s, over_t = sidebar - min_s, timeline - min_t
    share = spare / (over_s + over_t) if over_s + over_t else 0.0
    return min_s + int(over_s * share), min_t + int(over_t * share)


class DockFitter(QObject):
    """Keeps the two docks at the widths the creator wants, as far as the window's width allows.

    A dock resized while the window kept its width and a mouse button is down was resized by the creator
    (a dragged separator): that width is what they want from now on. A dock resized with the window is
    fitted again, from the wanted widths, once the window's resize is over (on the next turn of the loop).
    Until the creator chose widths, the defaults follow the window's width.
    """

    def __init__(self, window: QMainWindow, sidebar: QDockWidget, timeline: QDockWidget) -> None:
        super().__init__(window)
        self.window = window
        self.sidebar = sidebar
        self.timeline = timeline
        self.wanted = default_widths(window.width())
        self.chosen = False  # the wanted widths are the creator's (restored or dragged), not the defaults
        self._window_w = window.width()
        self._fitting = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.fit)
        for dock in (sidebar, timeline):
            dock.installEventFilter(self)
        window.installEventFilter(self)

    def reset(self) -> None:
        """The first widths for the window's width (View → Reset layout)."""
        self.chosen = False
        self.wanted = default_widths(self.window.width(), self._mins())
        self.fit()

    def _mins(self) -> tuple[int, int]:
        """The docks' floors: the chats' rows as they are laid out; the timeline's set minimum (its own hint
        changes with where its detail pane sits, which follows its width)."""
        return max(MIN_SIDEBAR_W, self._content_min(self.sidebar)), MIN_TIMELINE_W

    @staticmethod
    def _content_min(dock: QDockWidget) -> int:
        """What the dock's rows ask for (its widget's ``minimumSizeHint``, with the dock's frame): the widget's
        own ``setMinimumWidth`` floor would hide it, and squeeze a button of the Chats row below its text."""
        content = dock.widget()
        if content is None:
            return dock.minimumSizeHint().width()
        frame = max(dock.width() - content.width(), 0)
        return max(dock.minimumSizeHint().width(), content.minimumSizeHint().width() + frame)

    def adopt(self) -> None:
        """The docks' widths now (a restored layout) are the wanted ones."""
        if self._both_shown():
            self.wanted = (self.sidebar.width(), self.timeline.width())
            self.chosen = True
        self._window_w = self.window.width()

    def refit_soon(self) -> None:
        """Fits again on the next turn of the loop (a dock's own minimum changed)."""
        self._timer.start()

    def fit(self) -> None:
        self._window_w = self.window.width()
        if not self._both_shown():
            return
        if not self.chosen:  # the defaults follow the window's width
            self.wanted = default_widths(self.window.width(), self._mins())
        sidebar, timeline = fit_widths(self.window.width(), *self.wanted, self._mins())
        self._fitting = True
        try:
            self.window.resizeDocks([self.sidebar, self.timeline], [sidebar, timeline], Qt.Orientation.Horizontal)
        finally:
            self._fitting = False

    def _both_shown(self) -> bool:
        central = self.window.centralWidget()
        return (not self.sidebar.isHidden() and not self.timeline.isHidden() and not self.sidebar.isFloating()
                and not self.timeline.isFloating() and central is not None and not central.isHidden())

    def _dragged(self) -> bool:
        """A dock's resize now is the creator's: a mouse button is down in the window (a separator's
        drag), the window kept its width, and the resize is not this fitter's."""
        return (not self._fitting and not self._timer.isActive() and self.window.width() == self._window_w
                and QGuiApplication.mouseButtons() != Qt.MouseButton.NoButton and self._both_shown())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            if watched is self.window:
                if self.window.width() != self._window_w:
                    self._timer.start()
            elif self._dragged():  # the creator dragged a separator: these are the widths to keep
                self.wanted = (self.sidebar.width(), self.timeline.width())
                self.chosen = True
        return False
