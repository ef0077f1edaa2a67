"""Restarting the app over the same data: chats, messages, versions, the run on the timeline, the
window layout; a run a crash left waiting for approval comes back as interrupted, said in words.
And ``relay-studio --screenshot`` over that data writes a PNG of the drawn window."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from relay_studio.cli import main as cli_main
from relay_studio.runtime.engine import DB_NAME
from relay_studio.ui.chat.notice_card import NoticeCard
from tests.gui.conftest import App, run_to_end, until
from tests.gui.scripts import REVISED, relay_turns


async def test_restart_over_the_same_data(app: App) -> None:
    window = app.open(relay_turns())
    window.new_chat()
    chat_id = window.chat_id
    window.chat.composer.set_text("Write about a harbour.")
    window.chat.composer.submit()
    run_id = await run_to_end(window)
    window.timeline_dock.hide()
    await until(lambda: window.minimumWidth() == window.minimumSizeHint().width(),
                what="the layout's minimum width to follow the hidden dock")
    window.resize(800, 523)  # the offscreen screen is 800 pixels wide: restoring clamps to it
    size = (window.width(), window.height())

    window = await app.reopen(relay_turns())
    assert window.chat_id == chat_id  # the last chat opens again
    assert abs(window.width() - size[0]) <= 4 and window.height() == size[1]  # frame margins may differ
    assert not window.timeline_dock.isVisible()
    tree = window.sidebar.chats
    names = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]  # type: ignore[union-attr]
    assert names == ["Welcome", "Chat 1"]
    cards = window.chat.message_cards()
    assert [c.message.role for c in cards] == ["user", "assistant"]
    assert cards[1].shown_text == REVISED and len(cards[1].versions) == 1  # one run, one version
    await window.timeline.loaded.wait()
    assert window.timeline.run_id == run_id and len(window.timeline.timeline.markers) == 2  # type: ignore[union-attr]
    assert window.status_state.text() == "completed"


async def test_a_run_left_waiting_for_approval_comes_back_interrupted(app: App) -> None:
    window = app.open(relay_turns())
    window.new_chat()
    window.chat.composer.set_text("Write about a harbour.")
    window.chat.composer.submit()
    run_id = await run_to_end(window)
    await app.close()
    db = sqlite3.connect(app.data_dir / DB_NAME)  # what a crash during an approval leaves behind
    with db:
        db.execute("UPDATE runs SET status = 'awaiting_approval' WHERE id = ?", (run_id,))
    db.close()
    window = await app.reopen(relay_turns())
    assert app.runtime is not None and app.runtime.recovered == [run_id]
    notices = [c for c in window.chat.cards if isinstance(c, NoticeCard)]
    assert len(notices) == 1 and notices[0].notice.status.value == "interrupted"
    assert "cannot continue" in notices[0].notice.text and "was not applied" in notices[0].notice.text


def test_screenshot_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    assert cli_main(["demo", "--data-dir", str(data)]) == 0  # the data to show (the CLI's demo, in this process)
    png = tmp_path / "window.png"
    shot = subprocess.run([sys.executable, "-m", "relay_studio", "--data-dir", str(data), "--screenshot", str(png),
                           "--chat", "Demo relay"], env=env, capture_output=True, text=True, timeout=60)
    assert shot.returncode == 0, shot.stderr
    image = QImage(str(png))
    assert not image.isNull() and image.width() >= 800 and image.height() >= 500
    missing = subprocess.run([sys.executable, "-m", "relay_studio", "--data-dir", str(data), "--screenshot",
                              str(png), "--chat", "No such chat"], env=env, capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2 and "no chat 'No such chat'" in missing.stderr


def test_screenshot_of_a_pending_approval(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    png = tmp_path / "patch.png"
    shot = subprocess.run([sys.executable, "-m", "relay_studio", "--data-dir", str(tmp_path / "data"), "--screenshot",
                           str(png), "--demo-approval"], env=env, capture_output=True, text=True, timeout=60)
    assert shot.returncode == 0, shot.stderr
    image = QImage(str(png))
    assert not image.isNull() and (image.width(), image.height()) == (1400, 860)
    # The dialog is in the picture: only its side-by-side diff paints added lines in the theme's colour.
    from relay_studio.ui import theme

    added = theme.LIGHT.diff_add.rgb()
    hits = sum(1 for y in range(0, image.height(), 4) for x in range(0, image.width(), 4)
               if image.pixel(x, y) == added)
    assert hits > 200


async def test_a_restart_between_two_decisions_of_one_turn(app: App, qtbot: QtBot, tmp_path: Path) -> None:
    """The editor's patch is approved, then the app dies while its commit waits: after the restart only
    the commit is asked again, and approving it finishes the relay with the patch written once."""
    from tests.gui.test_patch_dialog import PATCHED, _answer, _click, _completed, _demo, _dialog, _main_md

    window, dialog = await _demo(app)
    patch, commit = dialog.pending
    _click(qtbot, dialog.approve_button)
    assert dialog.current is commit
    run_id = patch.request.run_id
    assert app.runtime is not None
    await until(lambda: any(e.type == "tool_call_completed" and e.payload["name"] == "workspace_apply_patch"
                            for e in app.runtime.runs.events(run_id)),  # type: ignore[union-attr]
                what="the approved patch to run")
    crashed = tmp_path / "after-crash"
    shutil.copytree(app.data_dir, crashed)  # what a crash leaves: the folder as it is now

    later = App(crashed)
    try:
        window = later.open()
        assert later.runtime is not None and later.runtime.suspended == [run_id]
        dialog = await _dialog(window)
        await until(lambda: [p.request.tool for p in dialog.pending] == ["workspace_commit"],
                    what="the waiting commit listed")
        _click(qtbot, dialog.approve_button)
        assert await _completed(later, window) == run_id
        assert _main_md(later, run_id) == PATCHED
        await until(lambda: _answer(window) == PATCHED, what="the editor's commit in the chat")
        applied = [e for e in later.runtime.runs.events(run_id)
                   if e.type == "tool_call_completed" and e.payload["name"] == "workspace_apply_patch"]
        assert len(applied) == 1
    finally:
        await later.close()


async def _restart_on_a_copy(app: App, tmp_path: Path, turns: dict[str, list[dict[str, Any]]] | None) -> App:
    """What a crash leaves behind (the data folder as it is now), opened by a new window."""
    crashed = tmp_path / "after-crash"
    shutil.copytree(app.data_dir, crashed)
    later = App(crashed)
    later.open(turns)
    return later


async def test_a_decision_made_out_of_order_holds_after_a_restart(app: App, qtbot: QtBot, tmp_path: Path) -> None:
    """The commit is rejected while the patch before it still waits; the app dies. After the restart
    only the patch is asked again, and the agent still hears why its commit was rejected."""
    from tests.gui.test_patch_dialog import DRAFT, PATCHED, _click, _click_row, _completed, _demo, _dialog, _main_md

    _window, dialog = await _demo(app)
    patch = dialog.pending[0]
    _click_row(qtbot, dialog.queue, 1)
    qtbot.mouseClick(dialog.reason, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(dialog.reason, "Not yet")
    _click(qtbot, dialog.reject_button)
    run_id = patch.request.run_id
    assert app.runtime is not None
    await until(lambda: any(e.type == "tool_call_denied" for e in app.runtime.runs.events(run_id)),  # type: ignore[union-attr]
                what="the rejection journaled")
    assert _main_md(app, run_id) == DRAFT and dialog.pending == [patch]

    later = await _restart_on_a_copy(app, tmp_path, None)
    try:
        assert later.window is not None and later.runtime is not None and later.runtime.suspended == [run_id]
        dialog = await _dialog(later.window)
        await until(lambda: [p.request.tool for p in dialog.pending] == ["workspace_apply_patch"],
                    what="the waiting patch listed")
        _click(qtbot, dialog.approve_button)
        assert await _completed(later, later.window) == run_id
        assert _main_md(later, run_id) == PATCHED
        assert later.provider is not None
        heard = [m.content for r in later.provider.requests for m in r.messages if m.role == "tool"]
        assert "The user rejected this change: Not yet." in heard
        decisions = [(e.payload["tool"], e.type) for e in later.runtime.runs.events(run_id)
                     if e.type in ("tool_call_approved", "tool_call_denied")]
        assert decisions == [("workspace_commit", "tool_call_denied"), ("workspace_apply_patch", "tool_call_approved")]
    finally:
        await later.close()


async def test_an_edited_approval_holds_after_a_restart(app: App, qtbot: QtBot, tmp_path: Path) -> None:
    """Two files in one turn: the second is edited and approved first, then the app dies. After the
    restart only the first is asked; the second is written with the creator's edit, without asking."""
    from tests.gui.test_patch_dialog import FINISH, _click, _click_row, _click_tab, _ctrl, _dialog, _open

    both = {"toolCalls": [
        {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": "Main.\n"}},
        {"name": "workspace_write_file", "arguments": {"path": "output/notes.md", "content": "Notes.\n"}}]}
    turns = {"careful": [both, FINISH]}
    window = await _open(app, turns["careful"])
    dialog = await _dialog(window)
    await until(lambda: len(dialog.pending) == 2, what="both proposals")
    _click_row(qtbot, dialog.queue, 1)
    _click_tab(qtbot, dialog, "Result (editable)")
    qtbot.mouseClick(dialog.result_edit.viewport(), Qt.MouseButton.LeftButton)
    _ctrl(qtbot, dialog.result_edit, Qt.Key.Key_End)
    qtbot.keyClicks(dialog.result_edit, "Mine.")
    _click(qtbot, dialog.approve_button)
    run_id = dialog.pending[0].request.run_id
    assert app.runtime is not None
    await until(lambda: any(e.type == "tool_call_approved" for e in app.runtime.runs.events(run_id)),  # type: ignore[union-attr]
                what="the approval journaled")

    later = await _restart_on_a_copy(app, tmp_path, turns)
    try:
        assert later.window is not None and later.runtime is not None
        dialog = await _dialog(later.window)
        await until(lambda: [p.request.path for p in dialog.pending] == ["output/main.md"],
                    what="the waiting change to output/main.md listed")
        _click(qtbot, dialog.approve_button)
        await until(lambda: not later.window.studio.handles, what="the resumed run to end")  # type: ignore[union-attr]
        record = later.runtime.runs.run(run_id)
        assert record is not None and record.status.value == "completed"
        workspace = later.runtime.workspace_dir(run_id)
        assert (workspace / "output/main.md").read_text() == "Main.\n"
        assert (workspace / "output/notes.md").read_text() == "Notes.\nMine."
    finally:
        await later.close()
