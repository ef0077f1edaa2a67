"""The SQLite store: WAL, schema versions, atomic state-plus-event transactions, contiguous seq."""

from __future__ import annotations

import os
import random
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import Connection
from sqlmodel import SQLModel

from relay_studio.domain.events import Event
from relay_studio.store import database
from relay_studio.store import tables as t
from relay_studio.store.data_folder import (
    DATA_DIR_NOT_A_FOLDER,
    DATA_DIR_UNWRITABLE,
    DATABASE_DAMAGED,
    DATABASE_EMPTY,
    DATABASE_NOT_A_FILE,
    DATABASE_READ_ONLY,
    DATABASE_TRUNCATED,
    FOREIGN_DATABASE,
    NOT_A_DATABASE,
    SCHEMA_TOO_NEW,
    StoreError,
)
from relay_studio.store.database import SCHEMA_VERSION, Database, SchemaTooNewError
from relay_studio.store.runs import RunStore
from relay_studio.store.turn_requests import apply_delta, base_of, encode_delta


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


def _schema(path: Path) -> list[tuple[str, str, str, str]]:
    with sqlite3.connect(path) as conn:
        return sorted(conn.execute("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master"))


def test_a_new_database_has_exactly_the_schema_create_all_would_make(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The migrations create tables from DDL compiled once per process: a new database gets the same
    tables, columns, constraints and indexes, in the same SQL text, as SQLAlchemy's create_all gives."""
    Database(tmp_path / "cached" / "relay.sqlite3").close()
    Database(tmp_path / "cached-again" / "relay.sqlite3").close()  # from the compiled statements now

    def create_all(conn: Connection, *models: type[SQLModel]) -> None:
        SQLModel.metadata.create_all(conn, tables=[database.table_of(m) for m in models])

    monkeypatch.setattr(database, "create_tables", create_all)
    Database(tmp_path / "create-all" / "relay.sqlite3").close()
    made = _schema(tmp_path / "create-all" / "relay.sqlite3")
    assert len([row for row in made if row[0] == "table"]) > 15
    assert _schema(tmp_path / "cached" / "relay.sqlite3") == made
    assert _schema(tmp_path / "cached-again" / "relay.sqlite3") == made


_COUNT_SETTINGS = ("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                   "print(c.execute('SELECT count(*) FROM app_settings').fetchone()[0]); c.close()")


def test_a_second_connection_in_this_process_keeps_the_log_another_process_may_not_delete(tmp_path: Path) -> None:
    """The window opens second connections for its reader threads. Opening one must not drop this
    process's locks on the file: another process that then closes its last connection would think it
    was alone and delete the write-ahead log, and what this process wrote after it would be lost."""
    path = tmp_path / "data" / "relay.sqlite3"
    db = Database(path)

    def put(key: str) -> None:
        with db.transaction() as tx:
            tx.conn.exec_driver_sql("INSERT INTO app_settings (key, value) VALUES (?, ?)", (key, "v"))

    def seen_by_another_process() -> str:
        done = subprocess.run([sys.executable, "-c", _COUNT_SETTINGS, str(path)], capture_output=True, text=True,
                              timeout=60, check=True)
        return done.stdout.strip()

    put("one")
    reader = Database(path)
    assert seen_by_another_process() == "1"  # it opened the file and closed it again
    put("two")
    assert path.with_name(path.name + "-wal").exists()
    assert seen_by_another_process() == "2"
    reader.close()
    db.close()
    assert seen_by_another_process() == "2"


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


def test_a_version_8_database_gains_the_index_of_commits_by_message(tmp_path: Path) -> None:
    """A chat's export reads each message's versions from the commits by message id: without an index on
    ``commits.message_id`` that is a full scan per message (550 s for 100,000 messages)."""
    path = tmp_path / "v8.db"
    Database(path).close()
    raw = sqlite3.connect(path)
    raw.execute("DROP INDEX IF EXISTS ix_commits_message_id")  # the schema of version 8 had none
    raw.execute("INSERT INTO commits (id, run_id, invocation_id, agent_id, path, content, message_id, version, "
                "created_at) VALUES ('k1', 'r1', 'i1', 'writer', 'output/main.md', 'Kept.', 'm1', 1, 'x')")
    raw.execute("PRAGMA user_version = 8")
    raw.commit()
    raw.close()
    db = Database(path)
    try:
        assert db.schema_version == SCHEMA_VERSION
        plan = " ".join(str(r[-1]) for r in db.raw.execute(
            "EXPLAIN QUERY PLAN SELECT * FROM commits WHERE message_id = 'm1'"))
        assert "USING INDEX ix_commits_message_id" in plan, plan
        assert db.raw.execute("SELECT content FROM commits WHERE message_id = 'm1'").fetchall() == [("Kept.",)]
    finally:
        db.close()


# -- a damaged or hostile data folder: refused in one sentence naming the file, nothing written -------
def _filled(path: Path) -> bytes:
    """A real database with a run and enough journal to span many pages; returns its bytes."""
    db = Database(path)
    _insert_run(db, "run_a")
    with db.transaction() as tx:
        for i in range(400):
            tx.event("run_a", "tool_call_completed", {"result": f"line {i} " * 20})
    db.close()
    return path.read_bytes()


def _refused(path: Path, code: str) -> None:
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(StoreError) as caught:
        Database(path)
    assert caught.value.code == code
    assert str(path) in caught.value.message and "\n" not in caught.value.message
    if before is not None:
        assert path.read_bytes() == before  # nothing written, nothing overwritten


def test_a_truncated_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    data = _filled(path)
    path.write_bytes(data[: len(data) // 2 + 123])  # cut mid-page
    _refused(path, DATABASE_TRUNCATED)
    path.write_bytes(data[:4096 * 3])  # cut at a page boundary: fewer pages than the header counts
    _refused(path, DATABASE_TRUNCATED)
    path.write_bytes(data[:60])  # shorter than the header
    _refused(path, DATABASE_TRUNCATED)


def _pages_in_the_wal(tmp_path: Path) -> Path:
    """The state a full disk leaves behind: the committed pages only in the write-ahead log, and the database
    file cut to its first page by a checkpoint that wrote page 1 (whose header counts every page) and then
    found no room to grow the file. A copy of such a folder onto a big disk is the same state."""
    live = tmp_path / "live" / "s.db"
    db = Database(live)
    db.raw.execute("PRAGMA wal_autocheckpoint = 0")
    _insert_run(db, "run_a")
    with db.transaction() as tx:
        for i in range(400):
            tx.event("run_a", "tool_call_completed", {"result": f"line {i} " * 20})
    copy = tmp_path / "copy" / "s.db"
    copy.parent.mkdir(mode=0o700)
    wal = live.with_name("s.db-wal").read_bytes()  # the connection is open: nothing was checkpointed
    db.close()
    page_size = int.from_bytes(wal[8:12], "big")
    frames = [wal[at:at + 24 + page_size] for at in range(32, len(wal) - 24 - page_size + 1, 24 + page_size)]
    first_page = [f[24:] for f in frames if int.from_bytes(f[:4], "big") == 1][-1]
    copy.with_name("s.db-wal").write_bytes(wal)
    copy.write_bytes(first_page)
    assert int.from_bytes(first_page[28:32], "big") * page_size > copy.stat().st_size
    return copy


def test_a_database_whose_pages_are_in_its_wal_opens_and_keeps_everything(tmp_path: Path) -> None:
    path = _pages_in_the_wal(tmp_path)
    db = Database(path)  # the header counts pages the file lacks: they are in the log, SQLite reads them
    try:
        assert RunStore(db).run("run_a") is not None
        assert len(RunStore(db).events("run_a")) == 400
        _insert_run(db, "run_b")  # and it takes writes again
    finally:
        db.close()
    assert not path.with_name("s.db-wal").exists()  # the last close checkpointed the log into the file
    reopened = Database(path)
    try:
        assert {r.id for r in RunStore(reopened).runs()} >= {"run_a", "run_b"}
    finally:
        reopened.close()


def test_a_truncated_database_with_a_log_that_lacks_its_pages_is_refused(tmp_path: Path) -> None:
    path = _pages_in_the_wal(tmp_path)
    wal = path.with_name("s.db-wal")
    wal.write_bytes(wal.read_bytes()[:32] + bytes(len(wal.read_bytes()) - 32))  # frames that do not hold them
    _refused(path, DATABASE_TRUNCATED)


def test_a_database_with_a_garbage_header_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    data = _filled(path)
    path.write_bytes(b"\x8f" * 100 + data[100:])
    _refused(path, NOT_A_DATABASE)
    path.write_bytes(b"this is a text file, not a database\n" * 10)
    _refused(path, NOT_A_DATABASE)


def test_a_database_with_garbage_in_the_middle_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    data = bytearray(_filled(path))
    assert len(data) > 16 * 4096
    middle = len(data) // 2
    data[middle:middle + 8192] = bytes(range(256)) * 32
    path.write_bytes(bytes(data))
    _refused(path, DATABASE_DAMAGED)


def test_another_applications_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)")
    other.execute("INSERT INTO moz_places (url) VALUES ('https://example.org')")
    other.commit()
    other.close()
    _refused(path, FOREIGN_DATABASE)
    other = sqlite3.connect(path)
    other.execute("PRAGMA user_version = 7")  # an app that versions its schema too
    other.commit()
    other.close()
    _refused(path, FOREIGN_DATABASE)
    other = sqlite3.connect(path)
    other.execute("PRAGMA application_id = 1234")
    other.commit()
    other.close()
    _refused(path, FOREIGN_DATABASE)


def test_a_directory_where_the_database_should_be_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    path.mkdir()
    (path / "keep.txt").write_text("mine")
    _refused(path, DATABASE_NOT_A_FILE)
    assert (path / "keep.txt").read_text() == "mine"


def test_a_read_only_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    _filled(path)
    path.chmod(0o444)
    try:
        _refused(path, DATABASE_READ_ONLY)
    finally:
        path.chmod(0o600)


def test_a_newer_user_version_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    _filled(path)
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    raw.commit()
    raw.close()
    _refused(path, SCHEMA_TOO_NEW)


def test_a_zero_byte_database_is_not_recreated_over_orphaned_runs(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "runs" / "run_old" / "workspace" / "output").mkdir(parents=True)
    (data / "runs" / "run_old" / "workspace" / "output" / "main.md").write_text("a draft")
    path = data / "relay-studio.db"
    path.write_bytes(b"")
    _refused(path, DATABASE_EMPTY)
    assert path.stat().st_size == 0
    alone = tmp_path / "fresh" / "s.db"
    alone.parent.mkdir()
    alone.write_bytes(b"")  # what a crash right after creating the file leaves: safe to set up
    Database(alone).close()
    assert alone.stat().st_size > 0


def test_a_data_folder_that_is_a_file_or_unwritable_is_refused(tmp_path: Path) -> None:
    as_file = tmp_path / "data"
    as_file.write_bytes(b"")
    with pytest.raises(StoreError) as caught:
        Database(as_file / "s.db")
    assert caught.value.code == DATA_DIR_NOT_A_FOLDER and str(as_file) in caught.value.message
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        with pytest.raises(StoreError) as caught:
            Database(locked / "s.db")
        assert caught.value.code == DATA_DIR_UNWRITABLE and str(locked) in caught.value.message
        assert list(locked.iterdir()) == []
    finally:
        locked.chmod(0o700)


@pytest.mark.skipif(os.name != "posix", reason="Windows files have no POSIX mode bits to check; there the "
                    "user profile's access rules keep the data folder private")
def test_a_new_data_folder_and_its_database_are_readable_by_the_creator_only(tmp_path: Path) -> None:
    data = tmp_path / "new" / "data"
    db = Database(data / "s.db")
    try:
        _insert_run(db, "run_a")
        assert stat.S_IMODE(data.stat().st_mode) == 0o700
        for name in ("s.db", "s.db-wal", "s.db-shm"):
            assert stat.S_IMODE((data / name).stat().st_mode) == 0o600, name
        assert db.claim_run("run_a")
        assert stat.S_IMODE((data / "leases").stat().st_mode) == 0o700
        assert stat.S_IMODE((data / "leases" / "run_a.lock").stat().st_mode) == 0o600
    finally:
        db.close()


# -- seq and leases with several writers --------------------------------------------------------------
def test_seq_comes_from_the_file_so_two_writers_never_collide(tmp_path: Path) -> None:
    first = Database(tmp_path / "s.db")
    second = Database(tmp_path / "s.db")
    try:
        _insert_run(first, "run_a")
        for i in range(20):
            writer = first if i % 3 else second
            with writer.transaction() as tx:
                tx.event("run_a", f"e{i}")
                tx.event("run_a", f"f{i}")
        seqs = [e.seq for e in RunStore(first).events("run_a")]
        assert seqs == list(range(1, 41))
    finally:
        first.close()
        second.close()


def test_a_run_lease_excludes_every_other_holder_until_released(tmp_path: Path) -> None:
    first = Database(tmp_path / "s.db")
    second = Database(tmp_path / "s.db")
    try:
        assert first.claim_run("run_a")
        assert not first.claim_run("run_a") and not second.claim_run("run_a")
        first.release_run("run_a")
        assert second.claim_run("run_a")
        second.close()  # closing gives the run up, as the process's death would
        assert first.claim_run("run_a")
    finally:
        first.close()
        second.close()


def test_events_are_read_page_by_page_in_order(tmp_path: Path) -> None:
    db = Database(tmp_path / "s.db")
    try:
        _insert_run(db, "run_a")
        with db.transaction() as tx:
            for i in range(25):
                tx.event("run_a", "e", {"i": i}, invocation_id="inv_b" if i % 2 else "inv_a")
        runs = RunStore(db)
        assert [e.seq for e in runs.iter_events("run_a", page=4)] == list(range(1, 26))
        assert [e.payload["i"] for e in runs.iter_events("run_a", invocation_id="inv_b", page=3)] == list(
            range(1, 25, 2))
        assert [e.seq for e in runs.iter_events("run_a", after_seq=20, limit=3, page=2)] == [21, 22, 23]
    finally:
        db.close()


def test_a_request_delta_rebuilds_any_text_exactly() -> None:
    rng = random.Random(11)
    for _ in range(2000):
        base = "".join(rng.choice("ab{}\"é") for _ in range(rng.randint(0, 300)))
        cut, resume = sorted(rng.randint(0, len(base)) for _ in range(2))
        text = base[:cut] + "".join(rng.choice("abc✓") for _ in range(rng.randint(0, 60))) + base[resume:]
        delta = encode_delta("turn_x", base, text)
        if delta is None:
            continue  # not smaller than the text itself: stored in full
        assert base_of(delta) == "turn_x" and apply_delta(base, delta) == text


def test_an_unusable_leases_folder_is_one_sentence_naming_it(tmp_path: Path) -> None:
    db = Database(tmp_path / "s.db")
    try:
        (tmp_path / "leases").write_text("not a folder")
        with pytest.raises(StoreError) as caught:
            db.claim_run("run_a")
        assert caught.value.code == DATA_DIR_UNWRITABLE and "leases" in caught.value.message
    finally:
        db.close()


def test_the_events_of_some_types_of_many_runs_are_read_in_one_go_each_runs_in_order(tmp_path: Path) -> None:
    db = Database(tmp_path / "s.db")
    try:
        for run_id in ("run_a", "run_b", "run_c"):
            _insert_run(db, run_id)
        with db.transaction() as tx:
            for i in range(12):
                run_id = ("run_b", "run_a")[i % 2]
                tx.event(run_id, ("kept", "other", "also_kept")[i % 3], {"i": i})
        runs = RunStore(db)
        found = runs.events_of_types_in(["run_a", "run_b", "run_c", "run_a"], ("kept", "also_kept"))
        assert set(found) == {"run_a", "run_b"}  # run_c has none of them: not listed
        assert [e.payload["i"] for e in found["run_a"]] == [3, 5, 9, 11]
        assert [e.payload["i"] for e in found["run_b"]] == [0, 2, 6, 8]
        assert [e.seq for e in found["run_a"]] == sorted(e.seq for e in found["run_a"])
        assert runs.events_of_types("run_b", ("kept", "also_kept")) == found["run_b"]
        assert runs.events_of_types("run_c", ("kept",)) == []
    finally:
        db.close()
