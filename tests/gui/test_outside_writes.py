"""Writes by another process on the same data folder reach the open window (docs/data-flow.md, "Writes from
outside the window"): the hub's watcher notices another connection's commit by ``PRAGMA data_version``, reads what
the window lists again on the reader lane and announces what differs as one ``Changes`` record; each view refreshes
by its own rule. The window's own reads never wake it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from relay_studio.runtime.engine import Runtime
from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.operations import outside_writes
from relay_studio.ui.operations.changes import Changes
from relay_studio.ui.sidebar import ID_ROLE
from tests.gui.conftest import App
from tests.support import profile, until


def _agents(window: MainWindow) -> dict[str, str]:
    listed = window.sidebar.profiles
    return {str(listed.item(i).data(ID_ROLE)): listed.item(i).text().split("\n")[0] for i in range(listed.count())}


def _chat_names(window: MainWindow) -> list[str]:
    return [item.text(0) for item in window.sidebar._all_chat_items()]


async def test_an_agent_and_a_chat_added_by_another_process_appear_without_a_restart(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(outside_writes, "POLL_MS", 200)  # the test's wait, not the window's 1.5 s
    window = app.open()
    await until(lambda: window.chat_id != "" and "writer" in _agents(window), what="the window's first chat and agents")
    watcher = window.studio.outside
    heard: list[tuple[Changes, object]] = []
    window.studio.operation_did_execute.connect(lambda changes, initiator: heard.append((changes, initiator)))

    other = Runtime(app.data_dir)  # a second process's runtime (the CLI's) on the same data folder
    try:
        other.profile_store.save(profile("archivist", displayName="Archivist"))
        chat = other.chats.ensure_chat("Notes from the CLI", project_id=other.projects.default().id)
    finally:
        other.close()
    await until(lambda: _agents(window).get("archivist") == "Archivist", what="the agent in the Agents dock")
    await until(lambda: "Notes from the CLI" in _chat_names(window), what="the chat in the chat list")
    [(changes, initiator)] = heard  # one record, from no view
    assert initiator is None and changes.profiles and chat.id in changes.chats and not changes.projects
    assert watcher.announced == [changes]

    # the window's own reads (a chat opened, the Timeline) never wake the watcher: nothing more is announced
    tree = window.sidebar.chats
    item = next(i for i in window.sidebar._all_chat_items() if i.text(0) == "Notes from the CLI")
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())
    await until(lambda: window.chat.title.text() == "Notes from the CLI", what="the chat opened")
    polls = watcher.polls
    await until(lambda: watcher.polls >= polls + 2, what="two more polls")
    assert len(heard) == 1 and watcher.announced == [changes]
