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

from relay_studio.app import hand_over, load_studio, open_studio, show_start_window, watch_closed, window_settings
from relay_studio.window_open import show_window
from tests.support import WAIT_SECONDS, until


async def test_keys_typed_before_the_window_is_ready_reach_the_composer(tmp_path: Path, qapp: QApplication,
                                                                        qtbot: QtBot) -> None:
    data = tmp_path / "data"
    settings = window_settings(data)
    shell = await show_start_window(settings, seconds=WAIT_SECONDS)
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


async def test_the_real_window_takes_keys_while_the_runtime_loads(tmp_path: Path, qapp: QApplication,
                                                                  qtbot: QtBot) -> None:
    """The real window replaces the start window before the runtime is loaded: its composer has the focus
    and what was typed; Ctrl+Enter then is remembered ("Sending when your chats are open…", nothing lost) and
    done once the chat is open, with the same composer, text and all, in the chat view (issue 38)."""
    data = tmp_path / "data"
    settings = window_settings(data)
    shell = await show_start_window(settings, seconds=WAIT_SECONDS)
    qtbot.keyClicks(shell.early, "Once")
    window = show_window(shell, settings, seconds=WAIT_SECONDS)
    runtime = None
    try:
        assert window.paints.first is not None and not window.attached
        editor = window.composer.editor
        assert not shell.isVisible() and window.focusWidget() is editor
        qtbot.keyClicks(editor, " upon")
        qtbot.keyClick(editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # before the chats are there
        assert editor.toPlainText() == "Once upon", "nothing was sent yet, nothing lost"
        assert window.composer.hint.isVisibleTo(window)
        assert window.composer.hint.text() == "Sending when your chats are open…"

        async def type_while_loading() -> None:
            await asyncio.sleep(0)
            qtbot.keyClicks(editor, " a time")

        typing = asyncio.ensure_future(type_while_loading())
        runtime = await load_studio(window, data, demo_pacing=False)
        await typing
        assert window.attached and window.chat.composer is window.composer
        assert window.composer.send_button.isEnabled() and window.focusWidget() is editor
        assert window.paints.marked is None or window.paints.marked >= window.paints.first
        # The held Send was done once the chat was open, with what was typed meanwhile; a fresh data folder has
        # no model connection, which it says, keeping the text
        await until(lambda: "[connection.none]" in window.statusBar().currentMessage(), what="the runtime's answer")
        assert editor.toPlainText() == "Once upon a time"
        assert window.composer.hint.text() != "Sending when your chats are open…"
    finally:
        shell.deleteLater()
        window.force_close()
        if window.attached:
            await window.studio.shutdown()
        window.deleteLater()
        gc.collect()
        if runtime is not None:
            runtime.close()


async def test_closing_the_window_while_it_opens_keeps_the_last_chat(tmp_path: Path, qapp: QApplication) -> None:
    """A window closed before its runtime is attached closes at once and leaves the chat shown last as it was."""
    data = tmp_path / "data"
    settings = window_settings(data)
    settings.setValue("chat/last", "chat-earlier")
    window = show_window(None, settings, seconds=WAIT_SECONDS)
    closed = watch_closed(window)
    window.close()
    await asyncio.wait_for(closed, WAIT_SECONDS)
    assert not window.isVisible() and settings.value("chat/last") == "chat-earlier"
    window.deleteLater()
