"""The GUI entry point: one QApplication, a qasync event loop, the runtime's coroutines on it.

Start-up (docs/window/startup.md): create the QApplication, then run ``_amain``
through ``asyncio.Runner(loop_factory=...)`` with a ``qasync.QEventLoop``; the app does not quit on its
last window, ``_amain`` returns when the window closes, so async clean-up (cancelling runs, closing the
runtime) still has its loop.

Paint first, load behind it: this module imports only Qt and qasync, and ``window_start`` paints the
``StartWindow`` (``start_window.py``: the title, the saved size and place, "Opening your chats…")
before even those are imported, and the real ``MainWindow`` takes its place at once, still without the
runtime (``window_open.py``: its docks, layout and a focused composer that keeps what was typed), handing
both to ``main``; then ``load_studio`` imports the runtime (SQLAlchemy, pydantic, the providers) and the
window's heavier views on a worker thread while the loop keeps painting and the composer takes keys, opens
the data folder and fills the window (``MainWindow.attach``). ``bench/startup.py`` measures each moment.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import qasync
from PySide6.QtCore import QRect, QSettings
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QApplication

from relay_studio.start_window import StartWindow, ensure_app, window_settings  # the GUI tests take them from here
from relay_studio.ui import i18n, theme
from relay_studio.window_open import hand_over, open_window  # the tests take hand_over from here

if TYPE_CHECKING:  # imported by load_studio, behind the first paint
    from relay_studio.runtime.engine import Runtime
    from relay_studio.runtime.provider_source import ProviderSource
    from relay_studio.ui.main_window import MainWindow
    from relay_studio.ui.patches.dialog import PatchDialog

EXIT_OK, EXIT_USAGE = 0, 2


@dataclass
class AppOptions:
    data_dir: Path
    screenshot: Path | None = None
    chat: str | None = None
    run: str | None = None
    #: run the demo relay with the editor asking before it patches and commits; with ``screenshot``,
    #: the picture is taken once the patch dialog shows the proposals
    demo_approval: bool = False
    #: the screenshot is taken this long after the window is drawn (lets a running demo progress)
    settle_seconds: float = 0.4
    #: the start window ``window_start`` already painted (else ``_amain`` shows one)
    shell: StartWindow | None = None
    #: the real window ``window_start`` already showed in its place, not yet attached (else ``_amain`` opens it)
    window: MainWindow | None = None


def new_loop(app: QApplication) -> qasync.QEventLoop:
    """A qasync loop that finalizes async generators on itself, as asyncio's own loops do.

    qasync never installs ``sys.set_asyncgen_hooks``: an async generator left unfinished (an httpx
    byte stream a provider stopped reading at the end of an answer) would be closed synchronously by
    the garbage collector, outside any task, which fails inside httpcore ("async generator ignored
    GeneratorExit"). With the hooks, its ``aclose()`` runs as a task on this loop.
    """
    loop = qasync.QEventLoop(app)
    sys.set_asyncgen_hooks(firstiter=loop._asyncgen_firstiter_hook,
                           finalizer=loop._asyncgen_finalizer_hook)
    return loop


def attach_studio(window: MainWindow, runtime: Runtime, providers: ProviderSource) -> None:
    from relay_studio.ui.studio import Studio

    studio = Studio(runtime, providers)
    window.attach(studio)
    studio.setParent(window)


def build_window(runtime: Runtime, providers: ProviderSource, settings: QSettings) -> MainWindow:
    """The whole window at once (the tests, the benches and ``--screenshot``)."""
    window = open_window(settings)
    attach_studio(window, runtime, providers)
    return window


#: What start-up imports behind the first paint, heaviest first; plain Python (no Qt objects are made at
#: import), so a worker thread can run it while the loop paints and the composer takes keys.
BEHIND_FIRST_PAINT: tuple[str, ...] = (
    "relay_studio.runtime.engine", "relay_studio.runtime.provider_source", "relay_studio.ui.studio",
    "relay_studio.ui.chat.view", "relay_studio.ui.timeline.panel", "relay_studio.ui.library.dock",
    "relay_studio.ui.chat.chat_actions", "relay_studio.ui.chat_navigation", "relay_studio.ui.run_actions",
    "relay_studio.ui.sidebar")


async def show_start_window(settings: QSettings, seconds: float = 2.0) -> StartWindow:
    """Shows the start window and returns once it has been painted (or ``seconds`` passed)."""
    shell = StartWindow(settings)
    shell.show()
    with contextlib.suppress(TimeoutError):  # a platform that never exposes it: start anyway
        await asyncio.wait_for(asyncio.shield(shell.painted()), seconds)
    return shell


def _import_behind_first_paint() -> None:
    for name in BEHIND_FIRST_PAINT:
        importlib.import_module(name)


async def load_studio(window: MainWindow, data_dir: Path, *, demo_pacing: bool = True) -> Runtime:
    """Loads the runtime while the loop keeps running (the imports on a worker thread; opening the data
    folder and filling the window on the GUI thread, as Qt and SQLite need) and attaches it to ``window``."""
    await asyncio.to_thread(_import_behind_first_paint)
    from relay_studio.runtime.engine import Runtime
    from relay_studio.runtime.provider_source import DefaultProviders

    runtime = Runtime(data_dir)
    try:
        attach_studio(window, runtime, DefaultProviders(runtime.db, data_dir, demo_pacing=demo_pacing))
    except BaseException:
        runtime.close()
        raise
    return runtime


async def open_studio(data_dir: Path, settings: QSettings, *, demo_pacing: bool = True
                      ) -> tuple[Runtime, MainWindow]:
    """The runtime and the whole window, loaded while the loop keeps running (``load_studio``)."""
    window = open_window(settings)
    try:
        return await load_studio(window, data_dir, demo_pacing=demo_pacing), window
    except BaseException:
        window.deleteLater()
        raise


def watch_closed(window: MainWindow) -> asyncio.Future[None]:
    """A future done once ``window`` accepted its close (made before the window can be closed)."""
    closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def on_closed() -> None:
        if not closed.done():
            closed.set_result(None)

    window.closed.connect(on_closed)
    return closed


async def wait_drawn(window: MainWindow, settle_seconds: float = 0.0) -> None:
    """Until the window has been exposed and painted at least once (and ``settle_seconds`` passed)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 5
    while not window.isVisible() or not window.windowHandle() or not window.windowHandle().isExposed():
        if loop.time() > deadline:
            break
        await asyncio.sleep(0.02)
    await asyncio.sleep(max(settle_seconds, 0.05))
    window.repaint()


async def wait_for_proposals(window: MainWindow, seconds: float = 30.0) -> PatchDialog | None:
    """Until the patch dialog shows a proposal and every proposal of that turn has arrived."""
    from relay_studio.ui.patches.dialog import PatchDialog

    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while loop.time() < deadline:
        dialog = window.findChild(PatchDialog)
        if dialog is not None and dialog.isVisible() and dialog.current is not None:
            await asyncio.sleep(0.3)  # a turn's proposals are raised together; let them all be listed
            return dialog
        await asyncio.sleep(0.05)
    return None


def grab_with_dialog(window: MainWindow) -> QPixmap:
    """The window, and a visible patch dialog over its centre as a window-modal dialog sits."""
    from relay_studio.ui.patches.dialog import PatchDialog

    shot = window.grab()
    dialog = window.findChild(PatchDialog)
    if dialog is not None and dialog.isVisible():
        over = dialog.grab()
        painter = QPainter(shot)
        painter.fillRect(QRect(0, 0, window.width(), window.height()), QColor(0, 0, 0, 70))
        painter.drawPixmap((window.width() - dialog.width()) // 2, (window.height() - dialog.height()) // 2, over)
        painter.end()
    return shot


async def _amain(app: QApplication, options: AppOptions) -> int:
    settings = window_settings(options.data_dir)
    i18n.install_for(settings)
    shell = options.shell
    if shell is None and options.screenshot is None:  # a screenshot shows the finished window only
        shell = await show_start_window(settings)
    window = options.window
    if window is None:
        window = open_window(settings)
        if options.screenshot is None:  # the real window takes keys now; the runtime loads behind it
            window.show()
            hand_over(shell, window)
    closed = watch_closed(window)
    try:
        runtime = await load_studio(window, options.data_dir, demo_pacing=not options.demo_approval)
    except BaseException:
        if shell is not None:
            shell.deleteLater()
        window.deleteLater()
        raise
    try:
        if closed.done():  # closed while it opened
            return EXIT_OK
        if options.chat and not window.open_chat_named(options.chat):
            sys.stderr.write(f"error: there is no chat '{options.chat}'.\n")
            return EXIT_USAGE
        if options.run:
            record = runtime.runs.run(options.run)
            if record is None:
                sys.stderr.write(f"error: there is no run '{options.run}'.\n")
                return EXIT_USAGE
            window.open_chat(record.chat_id)
            window.show_run(options.run)
        if options.screenshot is not None:
            window.keep_layout = False  # a screenshot never changes the creator's saved layout
            window.resize(1400, 860)
            if options.run:  # the run's timeline, filling the window, with its first handoff open
                window.fill_action.setChecked(True)
                window.toggle_timeline_fill(True)
                await window.timeline.loaded.wait()
                tl = window.timeline.timeline
                if tl is not None and tl.markers:
                    window.timeline.open_marker(tl.markers[0])
            window.show()
        if options.demo_approval:
            window.run_demo(with_approval=True)
            if options.screenshot is not None and await wait_for_proposals(window) is None:
                sys.stderr.write("error: the demo's changes did not reach the patch dialog in time.\n")
                return EXIT_USAGE
        if options.screenshot is not None:
            await wait_drawn(window, options.settle_seconds)
            window.timeline.lanes.fit()  # fit the run to the final width before the picture
            await wait_drawn(window)
            if not grab_with_dialog(window).save(str(options.screenshot), "PNG"):
                sys.stderr.write(f"error: could not write {options.screenshot}.\n")
                return EXIT_USAGE
            window.force_close()
        else:
            await closed
        return EXIT_OK
    finally:
        if shell is not None:
            shell.deleteLater()
        await window.studio.shutdown()
        window.deleteLater()
        runtime.close()


def main(argv: Sequence[str] | None = None, *, data_dir: Path | None = None, screenshot: Path | None = None,
         chat: str | None = None, run: str | None = None, demo_approval: bool = False,
         shell: StartWindow | None = None, window: MainWindow | None = None) -> int:
    """Opens the window; returns when it is closed (or, with ``screenshot``, once the PNG is saved).
    ``shell`` and ``window``: the start window and the real window ``window_start`` already showed."""
    if data_dir is None:
        from relay_studio.data_dir import default_data_dir

        data_dir = default_data_dir()
    app = ensure_app(argv)
    app.setQuitOnLastWindowClosed(False)
    app.setWindowIcon(theme.app_icon())
    options = AppOptions(data_dir=data_dir, screenshot=screenshot, chat=chat, run=run, demo_approval=demo_approval,
                         shell=shell, window=window)
    try:
        with asyncio.Runner(loop_factory=lambda: new_loop(app)) as runner:
            return runner.run(_amain(app, options))
    finally:
        sys.set_asyncgen_hooks(firstiter=None, finalizer=None)  # the loop they point at is closed


if __name__ == "__main__":
    raise SystemExit(main())
