"""The novel-sized project (bench/book_project.py: 20 chats, 5,000 messages, 300 runs, 1,000 entries, 50 documents,
20 Skills) opened in the real window: what it shows, not how fast (bench/book_scale.py measures that). Slow: the
project is built on first use (about a minute) and cached by its version; the test works on a copy."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from relay_studio.app import build_window, window_settings
from relay_studio.library.entries import LibraryEntry
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.provider_source import ScriptedProviders
from relay_studio.ui.chat.message_card import MessageCard
from relay_studio.ui.chat_navigation import PROJECT_KEY
from relay_studio.ui.library.counts import mention_counts
from tests.gui.conftest import until

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from book_project import LAST_WORDS, book_project, copy_of

pytestmark = pytest.mark.slow


async def test_the_book_project_opens_with_its_chats_library_knowledge_and_last_message(
        tmp_path: Path, qtbot: QtBot) -> None:
    book = copy_of(book_project(), tmp_path / "data")
    runtime = Runtime(Path(book.data_dir))
    settings = window_settings(runtime.data_dir)
    settings.setValue(PROJECT_KEY, book.project_id)
    window = build_window(runtime, ScriptedProviders(ScriptedProvider(load_script({"turns": {}}))), settings)
    window.resize(1400, 900)
    window.show()
    try:
        chats = window.studio.projects.chats(book.project_id)
        assert len(chats) == book.chats == 20
        listed = {i.text(0) for i in window.sidebar._all_chat_items()}
        assert {c.name for c in chats} <= listed

        last = next(c for c in chats if c.name == book.last_chat)
        window.open_chat(last.id)

        def shown() -> list[str]:
            return [c.message.content for c in window.chat.cards if isinstance(c, MessageCard)]

        await until(lambda: shown() and shown()[-1] == LAST_WORDS, what="the last chat's last message")
        assert window.chat.earlier.isVisible()  # a chapter of ~250 messages shows a page of them

        window.show_library()
        codex = window.library.codex
        await until(lambda: len(codex.items) == 1000 and len(codex.counts) == 1000, seconds=60,
                    what="every entry with its mention count")
        listed_entries = sum(group.childCount() for group, _entries in codex._groups())
        assert listed_entries == 1000
        # the counts kept incrementally equal a full count over every message of the project
        texts = [m.content for c in chats for m in window.studio.chats.messages(c.id)]
        entries: list[LibraryEntry] = [i.entry for i in codex.items[:40]]
        assert {e.name: codex.counts[e.name] for e in entries} == mention_counts(entries, texts)
        busiest = max(codex.counts, key=lambda n: codex.counts[n])
        assert codex.counts[busiest] > 0
        item = codex.item_for(busiest)
        assert item is not None and item.text(1) == str(codex.counts[busiest])

        knowledge = window.library.knowledge
        window.library.reveal(knowledge)
        await until(lambda: knowledge.documents.topLevelItemCount() == 50, what="the 50 documents")
        kinds = {knowledge.documents.topLevelItem(i).text(1) for i in range(50)}  # type: ignore[union-attr]
        assert {"markdown", "pdf", "epub"} <= kinds
        knowledge.search.setText(book.rare_term)
        qtbot.keyClick(knowledge.search, Qt.Key.Key_Return)
        await until(lambda: book.rare_term in knowledge.results.toPlainText(), what="the passage found")
        assert "Research 1" in knowledge.results.toPlainText()

        skills = window.library.skills
        await until(lambda: skills.list.count() >= 20, what="the Skills")
        assert sum(1 for i in range(skills.list.count()) if skills.list.item(i).text().startswith("craft-")) == 20

        window.timeline.show_run(book.big_run_id)
        await window.timeline.loaded.wait()
        events = runtime.runs.event_count(book.big_run_id)
        assert window.timeline.model.rowCount() == events >= 20_000
        assert window.timeline.progress.text() == f"{events:,} events"  # grouped as the window's language writes it
    finally:
        window.force_close()
        await window.studio.shutdown()
        window.deleteLater()
        runtime.close()
