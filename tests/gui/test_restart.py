"""Restarting the app over the same data: chats, messages, versions, the run on the timeline, the
window layout; a run a crash left waiting for approval comes back as interrupted, said in words.
And ``relay-studio --screenshot`` over that data writes a PNG of the drawn window."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

from relay_studio.runtime.engine import DB_NAME
from relay_studio.ui.chat.cards import NoticeCard
from tests.gui.conftest import App, run_to_end
from tests.gui.scripts import REVISED, relay_turns


async def test_restart_over_the_same_data(app: App) -> None:
    window = app.open(relay_turns())
    window.new_chat()
    chat_id = window.chat_id
    window.chat.composer.set_text("Write about a harbour.")
    window.chat.composer.submit()
    run_id = await run_to_end(window)
    window.timeline_dock.hide()
    await asyncio.sleep(0.05)  # the layout's minimum width follows the hidden dock
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


def test_screenshot_from_the_command_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    demo = subprocess.run([sys.executable, "-m", "relay_studio", "demo", "--data-dir", str(data)],
                          env=env, capture_output=True, text=True, timeout=60)
    assert demo.returncode == 0, demo.stderr
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
