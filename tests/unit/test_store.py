"""The SQLite store: WAL, schema versions, atomic state-plus-event transactions, contiguous seq."""

from __future__ import annotations

from pathlib import Path

import pytest

from relay_studio.domain.events import Event
from relay_studio.store import tables as t
from relay_studio.store.database import SCHEMA_VERSION, Database, SchemaTooNewError
from relay_studio.store.runs import RunStore


def test_wal_and_schema_version(tmp_path: Path) -> None:
    db = Database(tmp_path / "s.db")
    try:
        assert db.conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert db.schema_version == SCHEMA_VERSION
        tables = {r[0] for r in db.conn.exec_driver_sql("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"profiles", "chats", "messages", "runs", "invocations", "tasks", "events", "commits",
                "model_turns", "workspace_file_versions", "connections"} <= tables
    finally:
        db.close()
    Database(tmp_path / "s.db").close()  # reopening migrates nothing and keeps the version


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    db = Database(tmp_path / "s.db")
    db.conn.exec_driver_sql(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(SchemaTooNewError, match="newer Relay Studio"):
        Database(tmp_path / "s.db")


def _insert_run(db: Database, run_id: str) -> None:
    with db.transaction() as tx:
        tx.insert(t.RunRow, id=run_id, chat_id="c", root_profile_id="w", status="running", user_text="u",
                  input_json="{}", created_at="now", updated_at="now")


def test_event_and_state_change_commit_or_roll_back_together(tmp_path: Path) -> None:
    db = Database(tmp_path / "s.db")
    seen: list[Event] = []
    db.subscribe(seen.append)
    _insert_run(db, "run_a")
    with pytest.raises(RuntimeError), db.transaction() as tx:
        tx.update(t.RunRow, "run_a", status="completed")
        tx.event("run_a", "run_completed")
        raise RuntimeError("crash between the write and the commit")
    runs = RunStore(db)
    assert runs.run("run_a").status.value == "running"  # type: ignore[union-attr]
    assert runs.events("run_a") == [] and seen == []  # nothing published that is not durable
    with db.transaction() as tx:
        tx.event("run_a", "first")
        tx.event("run_a", "second")
    with db.transaction() as tx:
        tx.event("run_a", "third")
    assert [(e.seq, e.type) for e in runs.events("run_a")] == [(1, "first"), (2, "second"), (3, "third")]
    assert [e.seq for e in seen] == [1, 2, 3]
    db.close()
    reopened = Database(tmp_path / "s.db")
    with reopened.transaction() as tx:
        assert tx.event("run_a", "after restart").seq == 4
    reopened.close()


def test_a_version_1_database_gains_chat_origins_and_run_kinds(tmp_path: Path) -> None:
    """The schema as version 1 wrote it (no chats.origin, no runs.kind), with a branch chat and a run."""
    path = tmp_path / "v1.db"
    db = Database(path)
    conn = db.conn
    conn.exec_driver_sql("ALTER TABLE chats DROP COLUMN origin")
    conn.exec_driver_sql("ALTER TABLE runs DROP COLUMN kind")
    conn.exec_driver_sql("INSERT INTO chats (id, name, parent_chat_id, created_at) VALUES "
                         "('c1', 'Story', NULL, '2026-01-01'), ('c2', 'Story · edited', 'c1', '2026-01-02')")
    conn.exec_driver_sql("INSERT INTO runs (id, chat_id, root_profile_id, status, user_text, input_json, created_at, "
                         "updated_at) VALUES ('r1', 'c1', 'writer', 'completed', 'Go.', '{}', 'x', 'x')")
    conn.exec_driver_sql("PRAGMA user_version = 1")
    conn.commit()
    db.close()

    upgraded = Database(path)
    try:
        assert upgraded.schema_version == SCHEMA_VERSION
        from relay_studio.store.chats import ChatStore

        chats = {c.name: c for c in ChatStore(upgraded).chats()}
        assert chats["Story"].origin is None and chats["Story · edited"].origin == "branch"
        run = RunStore(upgraded).run("r1")
        assert run is not None and run.kind == "relay"
    finally:
        upgraded.close()
