"""The first thing a creator sees: the QApplication and a start window, from Qt alone.

``window_start.open_window`` paints the ``StartWindow`` (``paint_start_window``) before asyncio, qasync
or anything of the runtime is imported; ``app.py`` then loads the rest behind it and the real
``MainWindow`` takes its place (``app.hand_over``). ``app.py`` re-exports ``ensure_app`` and
``window_settings``, which the tests and ``smoke.py`` use from there.

The start window is ready to type from its first paint: its text field (``StartWindow.early``, focused,
"Write to your agents…") takes what the creator types while the rest loads, and once the real window has
taken its place the text moves to the end of its composer (``hand_over_typing``); keys that still reach
the hidden start window after that follow it (``StartWindow.forward_to``), an Enter as a new line:
nothing is sent before the creator has seen the real window.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QByteArray,
    QCoreApplication,
    QElapsedTimer,
    QEvent,
    QEventLoop,
    QMessageLogContext,
    QObject,
    QSettings,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QPlainTextEdit, QVBoxLayout, QWidget

if TYPE_CHECKING:
    import asyncio
    from collections.abc import Sequence


def window_settings(data_dir: Path) -> QSettings:
    """Window geometry, dock layout and theme live beside the data they show."""
    return QSettings(str(data_dir / "window.ini"), QSettings.Format.IniFormat)


#: Qt warnings that tell a creator nothing they could act on (the offscreen platform of --smoke and
#: --screenshot cannot pass size hints to a window manager it does not have)
HARMLESS_QT_MESSAGES: tuple[str, ...] = ("This plugin does not support propagateSizeHints()",)
_filter_installed = False


def install_qt_message_filter() -> None:
    """Drops the known-harmless platform warnings; everything else goes where Qt would send it."""
    global _filter_installed
    if _filter_installed:
        return
    _filter_installed = True
    previous: list[object] = []

    def handler(mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if message.startswith(HARMLESS_QT_MESSAGES):
            return
        chained = previous[0] if previous else None
        if callable(chained):
            chained(mode, context, message)
        else:
            sys.stderr.write(message + "\n")

    previous.append(qInstallMessageHandler(handler))


#: how long a thread may hold the interpreter while another waits for it, in the window's process (Python's default:
#: 5 ms). The GUI thread calls into Python many times in one paint (a delegate per cell, a label's height per card);
#: while a lane's thread counts mentions or parses a project's files, each of those calls waited up to 5 ms for the
#: interpreter (bench/book_scale.py on the book, six runs each: the gaps after the window's show 88 ms at 5 ms, 68 ms
#: at 1 ms; an entry's save 57 and 43 ms)
GUI_SWITCH_INTERVAL_S = 0.001


def ensure_app(argv: Sequence[str] | None = None) -> QApplication:
    """The window's ``QApplication`` (made once), in a process whose worker threads hand the interpreter back to
    the GUI thread within a millisecond (``GUI_SWITCH_INTERVAL_S``) and whose garbage is collected on the GUI
    thread only (``ui/gui_thread_gc.py``)."""
    from relay_studio.ui.gui_thread_gc import collect_on_gui_thread

    sys.setswitchinterval(GUI_SWITCH_INTERVAL_S)  # also when the application was made elsewhere (pytest-qt)
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        install_qt_message_filter()
        QCoreApplication.setOrganizationName("RelayStudio")
        QCoreApplication.setApplicationName("Relay Studio")
        app = QApplication(list(argv or sys.argv[:1]))
    collect_on_gui_thread(app)  # a worker thread's collection must never destroy a Qt object: see that module
    return app


#: Libraries the start window must be painted without (``StartWindow.loaded_at_paint`` names any that were in)
HEAVY_MODULES: tuple[str, ...] = ("relay_studio.runtime.engine", "relay_studio.ui.main_window", "sqlalchemy",
                                  "sqlmodel", "httpx")


class StartWindow(QMainWindow):
    """What the creator sees at once: the window's title, icon, saved size and place, and a quiet line.

    Built from Qt alone, before the runtime is imported; the real ``MainWindow`` replaces it
    (``window_open.show_window``). ``first_paint`` is the wall-clock time of its first paint event,
    ``loaded_at_paint`` which of ``HEAVY_MODULES`` were imported by then (none, when start-up is right).
    """

    def __init__(self, settings: QSettings | None) -> None:
        super().__init__()
        self.created = time.perf_counter()
        self.setWindowTitle("Relay Studio")
        self.setObjectName("StartWindow")
        self.first_paint: float | None = None
        self.loaded_at_paint: list[str] = []
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(12, 6, 12, 10)  # the composer's margins: the field sits where it will be
        label = QLabel(self.tr("Opening your chats…"))
        label.setStyleSheet("qproperty-alignment: AlignCenter;")  # Qt.AlignmentFlag would build Qt's namespace
        label.setEnabled(False)
        layout.addWidget(label, 1)
        #: what the creator types before the real window is ready (its composer takes it over)
        self.early = _EarlyText(self)
        layout.addWidget(self.early)
        self.setCentralWidget(central)
        self.early.setFocus()
        # MainWindow's size on a first start, within the screen (ui/window_layout.py: first_size, not imported:
        # it builds Qt's enum namespace before the first paint)
        room = self.screen().availableGeometry()
        if QApplication.platformName() == "offscreen":  # no real screen (800×800)
            self.resize(1400, 860)
        else:
            self.resize(min(1400, room.width()), min(860, room.height()))
        geometry = settings.value("window/geometry") if settings is not None else None  # MainWindow's key
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        self._painted: asyncio.Future[float] | None = None
        self._watch = _FirstPaint(self)
        self.installEventFilter(self._watch)
        #: where key presses go once the real window is there (its composer's editor)
        self.forward_to: QWidget | None = None

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """A key the window itself got (its field without the focus) goes to the field, or, once handed
        over, to the real composer."""
        if self.forward_to is not None:
            replay_key(self.forward_to, _copy(event))
        else:
            QCoreApplication.sendEvent(self.early, _copy(event))
        event.accept()

    def hand_over_typing(self, target: QPlainTextEdit) -> str:
        """Moves what was typed to the end of ``target`` (and sends every later key there); returns the text."""
        text = self.early.toPlainText()
        if text:
            cursor = target.textCursor()
            cursor.movePosition(cursor.MoveOperation.End)
            cursor.insertText(text)
            target.setTextCursor(cursor)
        self.early.clear()
        self.forward_to = target
        return text

    def painted(self) -> asyncio.Future[float]:
        """A future of the first paint's time, on the running loop (done at once if it was painted)."""
        import asyncio

        if self._painted is None:
            self._painted = asyncio.get_running_loop().create_future()
            if self.first_paint is not None:
                self._painted.set_result(self.first_paint)
        return self._painted

    def _on_paint(self) -> None:
        if self.first_paint is None:
            self.first_paint = time.time()
            self.loaded_at_paint = [name for name in HEAVY_MODULES if name in sys.modules]
            if self._painted is not None and not self._painted.done():
                self._painted.set_result(self.first_paint)


class _FirstPaint(QObject):
    def __init__(self, window: StartWindow) -> None:
        super().__init__(window)
        self.window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.window._on_paint()
        return False


class _EarlyText(QPlainTextEdit):
    """The start window's text field; once the real window is there, its keys go to the real composer."""

    def __init__(self, shell: StartWindow) -> None:
        super().__init__()
        self.shell = shell
        self.setObjectName("EarlyComposer")
        self.setPlaceholderText(self.tr("Write to your agents…  (it goes to your chat as soon as it opens)"))
        self.setAccessibleName(self.tr("Message"))
        self.setFixedHeight(84)  # the composer's height

    def keyPressEvent(self, event: QKeyEvent) -> None:
        target = self.shell.forward_to
        if target is not None:
            replay_key(target, _copy(event))
            event.accept()
            return
        super().keyPressEvent(event)


def _copy(event: QKeyEvent) -> QKeyEvent:
    return QKeyEvent(event.type(), event.key(), event.modifiers(), event.text(), event.isAutoRepeat(),
                     event.count())


def replay_key(target: QWidget, event: QKeyEvent) -> None:
    """One key press typed before ``target`` existed, delivered to it as if typed there. An Enter becomes
    Shift+Enter, a new line: one typed too early must not send. (``Qt`` is imported here, after the first
    paint: its namespace takes ~35 ms to build.)"""
    from PySide6.QtCore import Qt

    if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
        event = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier, "\n")
    QCoreApplication.sendEvent(target, event)
    release = QKeyEvent(QEvent.Type.KeyRelease, event.key(), event.modifiers(), event.text(), event.isAutoRepeat(),
                        event.count())
    QCoreApplication.sendEvent(target, release)


def paint_start_window(settings: QSettings | None, seconds: float = 2.0) -> StartWindow:
    """Shows the start window and returns once it has been painted (or ``seconds`` passed).

    Runs before the asyncio loop exists (nothing else is on the thread yet), so it lets Qt process its
    events here for at most ``seconds``; it is never called from a coroutine.
    """
    from relay_studio.ui import i18n, theme  # Qt and the resources only

    app = ensure_app()
    i18n.install_for(settings)
    choice = str(settings.value("theme", "system")) if settings is not None else "system"
    if choice != "system":  # a theme the creator chose is applied before the paint
        theme.apply_theme(app, choice)
    app.setWindowIcon(theme.app_icon())
    shell = StartWindow(settings)
    shell.show()
    clock = QElapsedTimer()
    clock.start()
    while shell.first_paint is None and clock.elapsed() < seconds * 1000:
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
    if choice == "system":
        # Asking the system for its colour scheme builds Qt's enum namespace (~35 ms, see
        # theme.system_is_dark): the first paint shows the platform's own colours, which follow the
        # system's, and the studio's palette follows at once, before the runtime loads.
        theme.apply_theme(app, choice)
    return shell
