"""``relay-studio --smoke``: prove that the window starts, draws and runs the demo relay, then exit.

It opens the real window (offscreen unless ``QT_QPA_PLATFORM`` says otherwise), waits for its first
paint, opens the built-in demo chat and runs the offline demo relay in it (writer -> editor ->
finalizer, unpaced), checks that the committed answer reached the chat, grabs the window once more
and closes it. Its data lives in a temporary folder unless ``--data-dir`` names one, so a smoke test
never touches a creator's chats. On success it prints one JSON line::

    {"smoke": "ok", "version": "0.1.0", "platform": "offscreen", "frozen": false,
     "firstPaintEpoch": 1764412345.123, "firstPaintMs": 412.0, "runStatus": "completed", ...}

It starts the way the window does (``app.py``): the start window is painted first, then the runtime
loads behind it and the real window takes its place. ``firstPaintEpoch`` is the wall-clock time of
that first paint, ``windowReadyEpoch`` of the real window's first paint, ``readyToTypeEpoch`` of the moment
typing is taken (the start window's text field, painted and focused in its first paint; the text moves
to the real composer) (``bench/startup.py`` subtracts its own launch time from each);
``firstPaintMs`` counts from the start window's creation
(or the start of ``run_smoke`` when it makes the window).
Exit codes: 0 ok, 3 the window did not draw, the demo did not complete, or its answer did not reach the chat.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from relay_studio import __version__

if TYPE_CHECKING:
    from relay_studio.start_window import StartWindow
    from relay_studio.ui.main_window import MainWindow

EXIT_OK, EXIT_FAILED = 0, 3
DEMO_CHAT = "Demo relay"
PAINT_TIMEOUT_S = 15.0
RUN_TIMEOUT_S = 60.0


class SmokeFailure(Exception):
    """The window or the demo did not do what a creator would see it do."""


def run_smoke(data_dir: Path | None = None, *, argv: Sequence[str] | None = None, out: TextIO | None = None,
              err: TextIO | None = None, shell: StartWindow | None = None, window: MainWindow | None = None) -> int:
    """``shell``, ``window``: the start window and the real window ``window_start`` already showed (else the
    smoke test shows them)."""
    started = time.perf_counter()
    out = out or sys.stdout
    err = err or sys.stderr
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory(prefix="relay-studio-smoke-", ignore_cleanup_errors=True) as tmp:
        try:
            report = _run(data_dir or Path(tmp), started, argv, shell, window)
        except SmokeFailure as exc:
            err.write(f"smoke failed: {exc}\n")
            return EXIT_FAILED
    out.write(json.dumps(report) + "\n")
    out.flush()
    return EXIT_OK


def _run(data_dir: Path, started: float, argv: Sequence[str] | None, shell: StartWindow | None,
         window: MainWindow | None) -> dict[str, Any]:
    import qasync

    from relay_studio.start_window import ensure_app

    app = ensure_app(list(argv or sys.argv[:1]))
    app.setQuitOnLastWindowClosed(False)
    with asyncio.Runner(loop_factory=lambda: qasync.QEventLoop(app)) as runner:
        return runner.run(_amain(data_dir, started, shell, window))


async def composer_takes_keys(window: MainWindow, painted_epoch: float) -> float:
    """When the real window's composer takes keys: it has the focus, is enabled and editable (checked from
    the window's first paint on, ``painted_epoch``; a later moment if it was not ready then)."""
    from PySide6.QtWidgets import QApplication

    editor = window.composer.editor
    waited = False
    while not (QApplication.focusWidget() is editor and editor.isVisible() and editor.isEnabled()
               and not editor.isReadOnly()):
        waited = True
        await asyncio.sleep(0.005)
    return max(painted_epoch, time.time()) if waited else painted_epoch


async def _amain(data_dir: Path, started: float, shell: StartWindow | None, window: MainWindow | None
                 ) -> dict[str, Any]:
    from PySide6.QtGui import QGuiApplication

    from relay_studio.app import load_studio, show_start_window
    from relay_studio.start_window import window_settings
    from relay_studio.window_open import show_window

    loop = asyncio.get_running_loop()

    async def until(moment: Callable[[], float | None], what: str) -> float:
        deadline = loop.time() + PAINT_TIMEOUT_S
        while (at := moment()) is None:
            if loop.time() > deadline:
                raise SmokeFailure(f"{what} within {PAINT_TIMEOUT_S:.0f} s")
            await asyncio.sleep(0.005)
        return at

    settings = window_settings(data_dir)
    if shell is None:
        shell = await show_start_window(settings, PAINT_TIMEOUT_S)
    else:
        started = shell.created  # painted before this function ran: count from its creation
    if shell.first_paint is None:
        shell.deleteLater()
        raise SmokeFailure(f"the window was not drawn within {PAINT_TIMEOUT_S:.0f} s")
    paint_epoch = shell.first_paint
    first_paint_ms = (time.perf_counter() - started) * 1000 - (time.time() - paint_epoch) * 1000
    shown: MainWindow = window if window is not None else show_window(shell, settings, seconds=0)
    window = shown
    runtime = None
    try:
        ready_epoch = await until(lambda: shown.paints.first, "the window was not drawn")
        try:
            typing_epoch = await asyncio.wait_for(composer_takes_keys(window, ready_epoch), PAINT_TIMEOUT_S)
        except TimeoutError:
            raise SmokeFailure(f"the composer did not take keys within {PAINT_TIMEOUT_S:.0f} s") from None
        runtime = await load_studio(window, data_dir, demo_pacing=False)
        filled_epoch = await until(lambda: shown.paints.marked, "the window's chats were not drawn")

        chat = runtime.chats.ensure_chat(DEMO_CHAT)
        window.refresh_chats()
        window.open_chat(chat.id)
        finished: asyncio.Future[str] = loop.create_future()

        def on_finished(_run_id: str, status: str) -> None:
            if not finished.done():
                finished.set_result(str(status))

        window.studio.run_finished.connect(on_finished)
        window.run_demo()
        try:
            status = await asyncio.wait_for(finished, RUN_TIMEOUT_S)
        except TimeoutError:
            raise SmokeFailure(f"the demo relay did not finish within {RUN_TIMEOUT_S:.0f} s") from None
        if status != "completed":
            raise SmokeFailure(f"the demo relay ended '{status}', not 'completed' ({window.runs.last_error})")
        answers = [m for m in runtime.chats.messages(chat.id) if m.role == "assistant" and m.content.strip()]
        if not answers:
            raise SmokeFailure("the demo relay completed but no answer reached the chat")
        window.studio.flush()
        await asyncio.sleep(0.05)
        image = window.grab()
        if image.isNull() or image.width() < 100 or image.height() < 100:
            raise SmokeFailure("the window could not be rendered to an image")
        return {
            "smoke": "ok",
            "version": __version__,
            "platform": QGuiApplication.platformName(),
            "frozen": bool(getattr(sys, "frozen", False)),
            "firstPaintEpoch": paint_epoch,
            "firstPaintMs": round(first_paint_ms, 1),
            "windowReadyEpoch": ready_epoch,
            # the real window's composer, painted, focused and taking keys (composer_takes_keys)
            "readyToTypeEpoch": typing_epoch,
            # the window drawn with the runtime attached: the chats listed, Send enabled
            "chatsShownEpoch": filled_epoch,
            # the start window's text field keeps keys from its first paint (start_window.StartWindow.early)
            "earlyTypingEpoch": paint_epoch,
            "loadedAtFirstPaint": shell.loaded_at_paint,
            "window": [image.width(), image.height()],
            "chat": DEMO_CHAT,
            "runStatus": status,
            "answerChars": len(answers[-1].content),
        }
    finally:
        shell.deleteLater()
        window.force_close()
        if window.attached:
            await window.studio.shutdown()
        window.deleteLater()
        if runtime is not None:
            runtime.close()
