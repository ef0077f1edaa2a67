"""Schema 8: a chat is an ordinary chat or an exploration (``chats.mode``; docs/explore.md)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from relay_studio.domain.records import CHAT_MODE_CHAT, CHAT_MODE_EXPLORE
from relay_studio.store.chats import ChatStore
from relay_studio.store.database import SCHEMA_VERSION, Database


def _version_7_database(path: Path) -> None:
    """The file as schema 7 left it (with its Skill index): chats without ``mode``, one chat with a message."""
    Database(path).close()
    raw = sqlite3.connect(path)
    raw.execute("ALTER TABLE chats DROP COLUMN mode")
    raw.execute("INSERT INTO chats (id, name, parent_chat_id, origin, created_at, project_id) "
                "VALUES ('c1', 'Story', NULL, NULL, '2026-01-01', 'project_default')")
    raw.execute("INSERT INTO messages (id, chat_id, position, role, content, version, created_at, updated_at) "
                "VALUES ('m1', 'c1', 0, 'user', 'Once upon a time.', 1, 'x', 'x')")
    raw.execute("PRAGMA user_version = 7")
    raw.commit()
    raw.close()


def test_a_version_7_database_keeps_its_chats_ordinary_and_can_hold_explorations(tmp_path: Path) -> None:
    path = tmp_path / "v7.db"
    _version_7_database(path)
    db = Database(path)
    try:
        assert db.schema_version == SCHEMA_VERSION
        chats = ChatStore(db)
        [story] = chats.chats()
        assert (story.name, story.mode, story.explore) == ("Story", CHAT_MODE_CHAT, False)
        assert [m.content for m in chats.messages("c1")] == ["Once upon a time."]  # nothing lost
        exploring = chats.ensure_chat("Exploration 1", mode=CHAT_MODE_EXPLORE)
        assert chats.chat(exploring.id).explore  # type: ignore[union-attr]
        # an existing chat keeps its own mode
        assert chats.ensure_chat("Story", mode=CHAT_MODE_EXPLORE).mode == CHAT_MODE_CHAT
        # a row written without the column (another process of the old version) is an ordinary chat
        db.raw.execute("INSERT INTO chats (id, name, created_at, project_id) VALUES ('c2', 'Old', 'x', "
                       "'project_default')")
        db.raw.commit()
        assert chats.chat("c2").mode == CHAT_MODE_CHAT  # type: ignore[union-attr]
    finally:
        db.close()


def test_a_new_database_has_the_mode_column(tmp_path: Path) -> None:
    db = Database(tmp_path / "new.db")
    try:
        columns = {row[1]: row for row in db.raw.execute("PRAGMA table_info(chats)")}
        assert "mode" in columns and columns["mode"][3] == 1  # NOT NULL
    finally:
        db.close()
