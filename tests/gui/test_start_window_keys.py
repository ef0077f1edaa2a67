"""The start window is ready to type at once: what is typed there, before the real window is ready, shows
in its text field and moves to the composer once the real window takes its place (an Enter is a new line:
nothing is sent early), and keys that still reach the hidden start window afterwards follow it."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from relay_studio.app import hand_over, open_studio, show_start_window, window_settings


async def test_keys_typed_before_the_window_is_ready_reach_the_composer(tmp_path: Path, qapp: QApplication,
                                                                        qtbot: QtBot) -> None:
    data = tmp_path / "data"
    settings = window_settings(data)
    shell = await show_start_window(settings, seconds=5)
    assert shell.first_paint is not None

    assert shell.early.hasFocus() or shell.focusWidget() is shell.early
    qtbot.keyClicks(shell.early, "Dear")
    qtbot.keyClick(shell.early, Qt.Key.Key_Return)  # an early Enter must not send
    assert shell.early.toPlainText() == "Dear\n", "the creator sees what they type"

    async def type_while_loading() -> None:
        await asyncio.sleep(0)
        qtbot.keyClicks(shell, " sea")  # a key the window itself gets goes to its field

    typing = asyncio.ensure_future(type_while_loading())
    runtime, window = await open_studio(data, settings, demo_pacing=False)
    await typing
    try:
        window.show()
        hand_over(shell, window)
        composer = window.chat.composer
        assert composer.text() == "Dear\n sea"
        assert not shell.isVisible() and window.focusWidget() is composer.editor
        qtbot.keyClicks(shell.early, "!")  # a key the window system still gave the start window
        assert composer.text() == "Dear\n sea!"
        qtbot.keyClick(shell, Qt.Key.Key_Backspace)
        assert composer.text() == "Dear\n sea"
        qtbot.keyClick(shell.early, Qt.Key.Key_Return)  # Enter now too: a new line in the composer, not a send
        qtbot.keyClicks(shell.early, "x")
        assert composer.text() == "Dear\n sea\nx" and shell.early.toPlainText() == ""
        assert window.studio.handles == {} and runtime.runs.runs() == [], "nothing was sent"
    finally:
        shell.deleteLater()
        window.force_close()
        await window.studio.shutdown()
        window.deleteLater()
        gc.collect()
        runtime.close()
