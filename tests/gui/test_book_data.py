"""A book's chat shows a page of cards and more on request; the codex keeps its mention counts incrementally,
read and matched off the GUI thread (bench/book_scale.py measured the freezes these remove)."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from relay_studio.app import window_settings
from relay_studio.domain.records import CommitRecord, MessageRecord
from relay_studio.library.entries import LibraryEntry
from relay_studio.library.store import LibraryStore
from relay_studio.runtime.engine import Runtime
from relay_studio.store.chats import ChatStore, ImportedMessage
from relay_studio.store.projects import project_folder
from relay_studio.ui.chat import view as chat_view
from relay_studio.ui.chat.message_card import MessageCard
from relay_studio.ui.chat.view import PAGE
from tests.gui.conftest import App, until


def _long_chat(data_dir: Path, messages: int, words: int = 0) -> str:
    """A chat of ``messages`` messages, each ``words`` words longer than its number and a line."""
    runtime = Runtime(data_dir)
    try:
        project = runtime.projects.default()
        LibraryStore.open(runtime.db, project.id, project_folder(data_dir, project)).add_all(
            [LibraryEntry(type="character", name="Mira", description="The captain.")], "entries.json")
        chat = runtime.chats.import_chat("Chapter 1", [
            ImportedMessage(role="user" if i % 2 == 0 else "assistant",
                            content=(f"Message {i}: Mira watched the tide." if i % 3 == 0 else f"Message {i}.")
                            + " The salt wind turned the lantern." * (words // 6),
                            created_at=f"2026-01-01T00:{i // 60:02}:{i % 60:02}.000Z")
            for i in range(messages)], project_id=project.id)
        return chat.id
    finally:
        runtime.close()


def _shown(window: object) -> list[str]:
    return [c.message.content for c in window.chat.cards if isinstance(c, MessageCard)]  # type: ignore[attr-defined]


def _scrolled_to_top_until(window: object, built: int) -> Callable[[], bool]:
    """A predicate for ``until`` that scrolls the chat to its top (as a creator drags it there) each time it is
    asked, and holds once ``built`` message cards are built."""
    bar = window.chat.scroll_area.verticalScrollBar()  # type: ignore[attr-defined]

    def scrolled() -> bool:
        bar.setValue(0)
        return len(_shown(window)) == built

    return scrolled


async def test_a_long_chat_shows_its_last_page_and_earlier_messages_on_request(app: App, qtbot: QtBot) -> None:
    chat_id = _long_chat(app.data_dir, 100)
    window = app.open()
    window.open_chat(chat_id)
    await until(lambda: len(_shown(window)) == PAGE, what="the last page of the chat")
    assert _shown(window)[-1].startswith("Message 99:")
    assert _shown(window)[0].startswith(f"Message {100 - PAGE}")
    earlier = window.chat.earlier
    assert earlier.isVisible() and str(100 - PAGE) in earlier.text()
    qtbot.mouseClick(earlier, Qt.MouseButton.LeftButton)
    await until(_scrolled_to_top_until(window, 2 * PAGE), what="a page more, built as the creator scrolls up")
    assert _shown(window)[0].startswith(f"Message {100 - 2 * PAGE}") and _shown(window)[-1].startswith("Message 99:")
    for _ in range(100 // PAGE):
        if earlier.isVisible():
            qtbot.mouseClick(earlier, Qt.MouseButton.LeftButton)
    await until(lambda: not earlier.isVisible(), what="every message listed")
    await until(_scrolled_to_top_until(window, 100), what="the whole chat built")
    assert _shown(window)[0] == "Message 0: Mira watched the tide." and _shown(window)[-1].startswith("Message 99:")
    layout = window.chat.column_layout
    laid_out = [w.message.content for w in (layout.itemAt(i).widget() for i in range(layout.count()))
                if isinstance(w, MessageCard)]
    assert laid_out == _shown(window) == [m.content for m in window.studio.chats.messages(chat_id)]  # in order


async def test_a_chapter_of_long_messages_builds_the_cards_on_screen_and_the_rest_as_they_come_into_view(
        app: App, qtbot: QtBot) -> None:
    chat_id = _long_chat(app.data_dir, 300, words=120)  # a chapter: each message a long paragraph
    window = app.open()
    window.resize(1000, 700)
    window.open_chat(chat_id)
    view = window.chat
    await until(lambda: _shown(window)[-1:] and _shown(window)[-1].startswith("Message 299.")
                and not view._more_timer.isActive(), what="the last message, and the cards wanted now built")
    built = len(_shown(window))
    assert 1 <= built < PAGE  # only what is on screen and a little above: not the whole page
    bar = view.scroll_area.verticalScrollBar()
    assert bar.value() == bar.maximum()  # at the last message
    await until(_scrolled_to_top_until(window, PAGE), what="the page's cards above, built as the creator scrolls up")
    assert [c.message.content.split()[1].rstrip(".:") for c in view.message_cards()] == [
        str(n) for n in range(300 - PAGE, 300)]
    layout = view.column_layout
    laid_out = [w for w in (layout.itemAt(i).widget() for i in range(layout.count())) if isinstance(w, MessageCard)]
    assert laid_out == view.message_cards()  # in the chat's order

    window.open_chat(window.studio.chats.new(window.project_id).id)  # elsewhere, and back: Find searches the page
    window.open_chat(chat_id)
    await until(lambda: _shown(window)[-1:] and _shown(window)[-1].startswith("Message 299.")
                and not view._more_timer.isActive(), what="the chat again")
    assert len(_shown(window)) < PAGE
    assert view.find_text(f"Message {300 - PAGE + 1}.") == 0  # above the cards built: Find builds the page first
    assert len(_shown(window)) == PAGE


async def test_the_codex_counts_mentions_incrementally_off_the_gui_thread(app: App, qtbot: QtBot) -> None:
    chat_id = _long_chat(app.data_dir, 30)
    window = app.open()
    window.library_dock.hide()  # hidden, the codex lists its entries but counts nothing
    codex = window.library.codex
    window.open_chat(chat_id)
    await until(lambda: [i.entry.name for i in codex.items] == ["Mira"], what="the entries read")
    assert codex.counts == {} and codex.tally.matched == 0
    window.show_library()
    await until(lambda: codex.counts.get("Mira") == 10, what="Mira's mentions counted")
    assert codex.tally.matched == 30  # the first count matches every message
    await until(lambda: codex.item_for("Mira") is not None and codex.item_for("Mira").text(1) == "10",  # type: ignore[union-attr]
                what="the count shown")
    runs_before = len(window.studio.stats)
    await window.studio.start_demo(window.studio.chats.get(chat_id).name)  # type: ignore[union-attr]
    await until(lambda: len(window.studio.stats) > runs_before and not window.studio.handles, what="the run's end")
    window.studio.chats.delete_message(window.studio.chats.messages(chat_id)[0].id)  # "Message 0: Mira …"
    await until(lambda: codex.counts.get("Mira") == 9, what="the deleted message uncounted")
    assert codex.tally.matched < 30  # only what changed was read and matched again


async def test_a_chat_switch_reads_the_chat_off_the_gui_thread_and_shows_the_newest(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    chat_id = _long_chat(app.data_dir, 40)
    window = app.open()
    window.new_chat()
    other = window.chat_id
    reads: list[tuple[int, str]] = []
    real = ChatStore.messages

    def watched(self: ChatStore, chat: str) -> list[MessageRecord]:  # the real read, and the thread it ran on
        reads.append((threading.get_ident(), chat))
        return real(self, chat)

    monkeypatch.setattr(ChatStore, "messages", watched)
    versions_read: list[int] = []
    real_versions = ChatStore.versions

    def watched_versions(self: ChatStore, message_id: str) -> list[CommitRecord]:  # what each answer's card reads
        versions_read.append(threading.get_ident())
        return real_versions(self, message_id)

    monkeypatch.setattr(ChatStore, "versions", watched_versions)
    window.open_chat(chat_id)
    window.open_chat(other)  # the creator clicks on before the first chat arrived, and back
    window.open_chat(chat_id)
    await until(lambda: _shown(window)[-1:] == ["Message 39: Mira watched the tide."] and len(_shown(window)) == PAGE,
                what="the chat's last page, once read")
    assert window.chat.title.text() == "Chapter 1"
    assert all(c.message.chat_id == chat_id for c in window.chat.message_cards())
    gui = threading.get_ident()
    assert any(chat == chat_id for _t, chat in reads)
    assert [chat for thread, chat in reads if thread == gui] == []  # no chat's messages read on the GUI thread
    assert versions_read and gui not in versions_read  # the cards' versions came with the chat, off the GUI thread


async def test_a_long_chats_cards_are_built_a_batch_per_turn_within_the_turns_budget(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    chat_id = _long_chat(app.data_dir, 40)
    batches: list[int] = []
    real = chat_view._build_within_budget

    def counted(missing: list[int], make: Callable[[int], None], expected: Callable[[int], float],
                most: int | None = None) -> None:
        made = [0]

        def counting(index: int) -> None:
            made[0] += 1
            make(index)

        real(missing, counting, expected, most)
        batches.append(made[0])

    monkeypatch.setattr(chat_view, "_build_within_budget", counted)
    monkeypatch.setattr(chat_view, "BUILD_BUDGET", 0.0)  # every card takes longer than the budget: one per turn
    window = app.open()
    window.open_chat(chat_id)
    await until(lambda: len(_shown(window)) == PAGE and all(s is not None for s in window.chat._slots),
                what="the last page built")
    assert batches[-PAGE:] == [1] * PAGE  # each turn of the loop built one card, the last first
    assert _shown(window)[-1] == "Message 39: Mira watched the tide."


async def test_the_chat_a_window_opens_with_and_a_hidden_views_refresh_are_read_off_the_gui_thread(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    chat_id = _long_chat(app.data_dir, 40)
    settings = window_settings(app.data_dir)
    settings.setValue("chat/last", chat_id)  # the window opens with the long chat
    settings.sync()
    reads: list[tuple[int, str]] = []
    real = ChatStore.messages

    def watched(self: ChatStore, chat: str) -> list[MessageRecord]:  # the real read, and the thread it ran on
        reads.append((threading.get_ident(), chat))
        return real(self, chat)

    monkeypatch.setattr(ChatStore, "messages", watched)
    gui = threading.get_ident()
    window = app.open()
    assert window.isVisible() and window.chat_id == chat_id
    await until(lambda: window.chat.up_to_date and _shown(window)[-1:] == ["Message 39: Mira watched the tide."],
                what="the chat the window opens with, read as a query")
    assert [chat for thread, chat in reads if thread == gui] == []  # read off the GUI thread

    window.open_profile("writer")  # the profile editor in the chat's place: the chat view is hidden
    await until(lambda: not window.chat.isVisible(), what="the chat view hidden")
    assert app.runtime is not None
    last = app.runtime.chats.messages(chat_id)[-1]
    app.runtime.chats.delete_message(last.id)
    reads.clear()
    window.chat.reload()  # what a deletion asks of the chat; hidden, the view only notes it (no read started)
    assert reads == [] and not window.chat.up_to_date
    assert _shown(window)[-1] == "Message 39: Mira watched the tide."
    window.open_chat(chat_id)  # shown again: it reads now, off the GUI thread
    await until(lambda: window.chat.up_to_date and _shown(window)[-1] == "Message 38.",
                what="the chat read when shown, without the deleted message")
    assert reads and all(thread != gui for thread, _chat in reads)


async def test_a_chat_read_that_fails_keeps_what_was_shown_and_says_why(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    chat_id = _long_chat(app.data_dir, 40)
    window = app.open()
    window.open_chat(chat_id)
    await until(lambda: window.chat.up_to_date and len(_shown(window)) == PAGE, what="the chat's last page")
    gui = threading.get_ident()
    real = ChatStore.messages

    def locked(self: ChatStore, chat: str) -> list[MessageRecord]:  # the reader finds the file busy
        if threading.get_ident() != gui:
            raise sqlite3.OperationalError("database is locked")
        return real(self, chat)

    monkeypatch.setattr(ChatStore, "messages", locked)
    window.chat.reload()
    await until(lambda: window.chat.up_to_date, what="the failed read answered")
    assert window.chat.empty_hint.isVisible() and "database is locked" in window.chat.empty_hint.text()
    assert len(_shown(window)) == PAGE and _shown(window)[-1] == "Message 39: Mira watched the tide."


async def test_show_earlier_keeps_the_place_read_at_once_its_read_arrives(app: App, qtbot: QtBot) -> None:
    chat_id = _long_chat(app.data_dir, 60, words=60)
    window = app.open()
    window.resize(1000, 700)
    window.open_chat(chat_id)
    view = window.chat
    await until(lambda: view.up_to_date and _shown(window)[-1:] == ["Message 59." + " The salt wind turned the "
                                                                       "lantern." * 10], what="the last page")
    await until(_scrolled_to_top_until(window, PAGE), what="the page built up to its top")
    bar = view.scroll_area.verticalScrollBar()

    def at_top() -> bool:
        """Scrolled to the top once the view holds no place of its own (the page's last cards laid out after the
        wait above kept the creator's place from the end, and moved the bar off the top: under load)."""
        if view._more_timer.isActive() or view._from_end is not None:
            return False
        bar.setValue(0)
        return bar.value() == 0

    await until(at_top, what="at the top of the page")
    first = view.message_cards()[0]
    viewport = view.scroll_area.viewport()
    at = first.mapTo(viewport, QPoint(0, 0)).y()
    from_end = bar.maximum() - bar.value()
    qtbot.mouseClick(view.earlier, Qt.MouseButton.LeftButton)  # a query: the page above comes with its read
    await until(lambda: view.up_to_date and len(view._slots) == 2 * PAGE and not view._more_timer.isActive(),
                what="the earlier page read and the cards wanted built")
    await until(lambda: abs((bar.maximum() - bar.value()) - from_end) <= 4, what="the place kept from the end")
    assert first in view.message_cards() and first.message.content.startswith(f"Message {60 - PAGE}")
    assert abs(first.mapTo(viewport, QPoint(0, 0)).y() - at) <= 4  # the card read at the top is still there
