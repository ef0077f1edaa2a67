"""What a send costs the window (issue 35, docs/data-flow.md): a run's start in a chat the list shows does not read
and rebuild the chat list (the chats are listed in their order of creation: nothing in the list changed); a run
that makes its chat lists it."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from relay_studio.domain.records import ChatRecord
from relay_studio.ui.sidebar import Sidebar
from tests.gui.conftest import App, until


async def test_a_runs_start_in_a_listed_chat_leaves_the_chat_list_and_a_new_chat_is_listed(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window = app.open()
    studio = window.studio
    shown = studio.chats.get(window.chat_id)
    assert shown is not None and window.sidebar.chat_item(shown.id) is not None
    rebuilt: list[list[str]] = []
    real = Sidebar.set_chats

    def watched(self: Sidebar, chats: list[ChatRecord], current: str = "") -> None:
        rebuilt.append([c.name for c in chats])
        real(self, chats, current)

    monkeypatch.setattr(Sidebar, "set_chats", watched)
    runs = len(studio.stats)
    await studio.start_demo(shown.name)
    await until(lambda: len(studio.stats) > runs and not studio.handles, what="the run's end")
    assert rebuilt == []  # the send read and rebuilt nothing of the list
    await studio.start_demo("A chapter started by a run")  # no such chat yet: the run makes it
    await until(lambda: window.sidebar.chat_item(studio.chats.all()[-1].id) is not None
                and not studio.handles, what="the new chat listed")
    assert rebuilt and "A chapter started by a run" in rebuilt[-1]
