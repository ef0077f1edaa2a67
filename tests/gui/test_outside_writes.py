"""Writes by another process on the same data folder reach the open window (docs/data-flow.md, "Writes from
outside the window"): the hub's watcher notices another connection's commit by ``PRAGMA data_version``, reads what
the window lists again on the reader lane and announces what differs as one ``Changes`` record; each view refreshes
by its own rule. The window's own reads never wake it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from relay_studio.library.entries import LibraryEntry
from relay_studio.library.store import LibraryStore
from relay_studio.runtime.engine import Runtime
from relay_studio.store.canon import CanonStore
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
    assert heard and all(initiator is None for _c, initiator in heard)  # from no view
    assert [c for c, _i in heard] == watcher.announced  # one record, or two when a poll fell between the writes
    merged = Changes()
    for changes in watcher.announced:
        merged |= changes
    assert merged.profiles and chat.id in merged.chats and not merged.projects  # (the window's Welcome chat too:
    # made by the window after the watcher's first read, it differs as well)
    announced = len(heard)

    # the window's own reads (a chat opened, the Timeline) never wake the watcher: nothing more is announced
    tree = window.sidebar.chats
    item = next(i for i in window.sidebar._all_chat_items() if i.text(0) == "Notes from the CLI")
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())
    await until(lambda: window.chat.title.text() == "Notes from the CLI", what="the chat opened")
    polls = watcher.polls
    await until(lambda: watcher.polls >= polls + 2, what="two more polls")
    assert len(heard) == len(watcher.announced) == announced


async def test_a_story_library_entry_and_a_canon_fact_added_by_another_process_show_in_the_library_dock(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(outside_writes, "POLL_MS", 200)
    window = app.open()
    window.library_action.trigger()
    library = window.library
    await until(lambda: library.isVisible() and library.project_id != "", what="the Library dock shown")
    canon = library.canon

    other = Runtime(app.data_dir)
    try:
        project = other.projects.default()
        LibraryStore.open(other.db, project.id, other.project_dir(project)).save(
            LibraryEntry(type="character", name="Mara Quill", description="The keeper of the light."))
        CanonStore(other.db).add(project.id, "Mara Quill has grey eyes.", ["Mara Quill"], attribute="eyes",
                                 value="grey")
    finally:
        other.close()
    await until(lambda: library.codex.item_for("Mara Quill") is not None, what="the entry in the codex")
    library.tabs.setCurrentWidget(canon)
    await until(lambda: [f.text for f in canon.model.facts] == ["Mara Quill has grey eyes."],
                what="the fact in the Canon tab")
    heard = Changes()
    for changes in window.studio.outside.announced:  # one record, or two when a poll fell between the two writes
        heard |= changes
    assert heard.library == {project.id} and heard.canon == {project.id} and not heard.profiles


async def test_a_message_written_to_the_open_chat_by_another_process_shows_in_it(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(outside_writes, "POLL_MS", 200)
    window = app.open()
    await until(lambda: window.chat_id != "" and window.chat.up_to_date, what="the window's first chat read")
    chat_id = window.chat_id

    other = Runtime(app.data_dir)  # the CLI importing a note into the chat the creator has open
    try:
        other.chats.add_message(chat_id, "user", "A line the CLI wrote into this chat.")
    finally:
        other.close()
    await until(lambda: any(card.plain_text == "A line the CLI wrote into this chat."
                            for card in window.chat.message_cards()), what="the message in the open chat")
    assert window.chat_id == chat_id


async def test_a_connection_added_by_another_process_takes_the_no_connection_hint_away(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from relay_studio.app import build_window, window_settings
    from relay_studio.providers.connections import Connection
    from relay_studio.runtime.provider_source import DefaultProviders
    from relay_studio.store.connections import ConnectionStore

    monkeypatch.setattr(outside_writes, "POLL_MS", 200)
    data = tmp_path / "data"
    runtime = Runtime(data)
    window = build_window(runtime, DefaultProviders(runtime.db, data), window_settings(data))  # the creator's own
    window.show()
    try:
        await until(lambda: "No model connection yet" in window.chat.composer.hint.text(), what="the hint")
        other = Runtime(data)  # `relay-studio connections add` while the window is open
        try:
            ConnectionStore(other.db).add(Connection(id="llama", kind="openai_compatible",
                                                     base_url="http://127.0.0.1:9/v1"))
        finally:
            other.close()
        await until(lambda: "No model connection yet" not in window.chat.composer.hint.text(),
                    what="the hint gone once the connection exists")
        assert window.studio.outside.announced and window.studio.outside.announced[-1].profiles
    finally:
        window.force_close()
        await window.studio.shutdown()
        window.deleteLater()
        runtime.close()


async def test_the_agent_catalogue_is_read_once_and_again_after_any_save(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window = app.open()
    await until(lambda: window.chat_id != "" and "writer" in _agents(window), what="the window's first chat")
    reads: list[int] = []
    real = Runtime.profiles

    def counted(runtime: Runtime) -> object:
        reads.append(1)
        return real(runtime)

    monkeypatch.setattr(Runtime, "profiles", counted)
    agents = window.studio.agents
    assert set(agents.profiles()) == set(agents.profiles()) and reads == []  # kept from the opening
    window.studio.runtime.profile_store.save(profile("archivist", displayName="Archivist"))  # not through the window
    assert agents.profiles()["archivist"].display_name == "Archivist" and len(reads) == 1
    agents.save(profile("archivist", displayName="Keeper"))  # the window's own save: its views read it anew
    assert agents.profiles()["archivist"].display_name == "Keeper" and _agents(window)["archivist"] == "Keeper"
    after = len(reads)
    assert agents.profiles() == agents.profiles() and len(reads) == after  # and keep it again
