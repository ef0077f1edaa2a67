"""The real window, opened before the runtime is loaded, so a creator types into its composer at once.

``window_start`` paints the start window (``start_window.py``, Qt alone), then ``show_window`` opens the
real ``MainWindow`` in its place, still before asyncio, qasync or the runtime are imported: its docks, the
saved size and layout, and a focused composer that takes over what was typed into the start window
(``hand_over``). ``app.load_studio`` then imports the runtime on a worker thread and ``MainWindow.attach``
fills the window (the chats, the timeline, the library, the menus; Send is enabled then).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from relay_studio.start_window import StartWindow, ensure_app

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from relay_studio.ui.main_window import MainWindow


def open_window(settings: QSettings) -> MainWindow:
    """The real window before the runtime is loaded: its docks, saved layout and a focused composer that
    takes keys (``MainWindow.attach`` fills the rest)."""
    from relay_studio.ui import i18n, theme
    from relay_studio.ui.main_window import MainWindow

    app = ensure_app()
    app.setQuitOnLastWindowClosed(False)  # closing the window ends app._amain, which cleans up on the loop
    i18n.install_for(settings)  # before any widget takes its strings
    theme.apply_theme(app, str(settings.value("theme", "system")))
    return MainWindow(None, settings)


def hand_over(shell: StartWindow | None, window: MainWindow) -> None:
    """The real window takes the start window's place (its size and place when none was saved), and what
    was typed there goes on in the composer."""
    if shell is None:
        return
    if not window.settings.contains("window/geometry"):
        window.setGeometry(shell.geometry())
    shell.removeEventFilter(shell._watch)
    editor = window.composer.editor
    editor.setFocus()
    shell.hand_over_typing(editor)
    shell.hide()
    window.activateWindow()


def show_window(shell: StartWindow | None, settings: QSettings, seconds: float = 2.0) -> MainWindow:
    """Opens the real window, shows it, hands it the start window's place and typing, and returns once it
    has been painted (or ``seconds`` passed).

    Called before the asyncio loop exists, like ``start_window.paint_start_window``, so it lets Qt process
    its events here; from a coroutine, ``seconds=0`` returns at once and the loop paints it.
    """
    from PySide6.QtCore import QCoreApplication, QElapsedTimer, QEventLoop

    window = open_window(settings)
    window.show()
    hand_over(shell, window)
    clock = QElapsedTimer()
    clock.start()
    while window.paints.first is None and clock.elapsed() < seconds * 1000:
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
    return window
