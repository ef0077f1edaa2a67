"""Projects: the default project, chats moved into it on upgrade, chat names unique per project."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from relay_studio.runtime.engine import Runtime
from relay_studio.store.chats import ChatStore
from relay_studio.store.database import DEFAULT_PROJECT_ID, SCHEMA_VERSION, Database
from relay_studio.store.projects import ProjectError, ProjectStore, slugify

#: the chats table exactly as schema 4 wrote it: app-wide unique names, no project
_V4_CHATS = """
CREATE TABLE chats (id VARCHAR NOT NULL, name VARCHAR NOT NULL, parent_chat_id VARCHAR, origin VARCHAR,
                    created_at VARCHAR NOT NULL, PRIMARY KEY (id));
CREATE UNIQUE INDEX ix_chats_name ON chats (name);
"""


def _version_4_database(path: Path) -> None:
    db = Database(path)
    db.close()
    conn = sqlite3.connect(path)
    conn.executescript("DROP TABLE chats; DROP TABLE projects; DROP TABLE library_entries;" + _V4_CHATS)
    conn.executescript(
        "INSERT INTO chats VALUES ('c1', 'Story', NULL, NULL, '2026-01-01');"
        "INSERT INTO chats VALUES ('c2', 'Story (continued)', 'c1', 'handoff', '2026-01-02');"
        "INSERT INTO messages (id, chat_id, position, role, content, version, created_at, updated_at) "
        "VALUES ('m1', 'c1', 0, 'user', 'Once upon a time.', 1, 'x', 'x');"
    )
    conn.execute("PRAGMA user_version = 4")
    conn.commit()
    conn.close()


def test_a_version_4_database_moves_its_chats_into_the_default_project(tmp_path: Path) -> None:
    path = tmp_path / "v4.db"
    _version_4_database(path)
    db = Database(path)
    try:
        assert db.schema_version == SCHEMA_VERSION
        projects = ProjectStore(db)
        default = projects.default()
        assert (default.id, default.name, default.slug) == (DEFAULT_PROJECT_ID, "Default", "default")
        chats = ChatStore(db)
        assert {c.name: c.project_id for c in chats.chats()} == {"Story": DEFAULT_PROJECT_ID,
                                                                  "Story (continued)": DEFAULT_PROJECT_ID}
        assert [m.content for m in chats.messages("c1")] == ["Once upon a time."]  # nothing lost
        # names are now unique per project, not app-wide
        other = projects.create("Space Opera")
        again = chats.ensure_chat("Story", project_id=other.id)
        assert again.id != "c1" and again.project_id == other.id
        assert chats.chat_by_name("Story").id == "c1"  # type: ignore[union-attr]
        with pytest.raises(sqlite3.IntegrityError):
            db.raw.execute("INSERT INTO chats (id, name, created_at, project_id) VALUES ('c9', 'Story', 'x', ?)",
                           (DEFAULT_PROJECT_ID,))
    finally:
        db.close()


def test_a_new_database_has_the_default_project_and_per_project_names(tmp_path: Path) -> None:
    db = Database(tmp_path / "new.db")
    try:
        projects, chats = ProjectStore(db), ChatStore(db)
        assert [p.name for p in projects.list()] == ["Default"]
        a = chats.ensure_chat("Notes")
        b = chats.ensure_chat("Notes", project_id=projects.create("Second").id)
        assert a.id != b.id and a.project_id == DEFAULT_PROJECT_ID
        indexes = {row[1]: row[2] for row in db.raw.execute("PRAGMA index_list(chats)")}
        assert indexes["ix_chats_name"] == 0 and indexes["ux_chats_project_name"] == 1
    finally:
        db.close()


def test_create_rename_and_the_refusals(tmp_path: Path) -> None:
    db = Database(tmp_path / "p.db")
    try:
        projects = ProjectStore(db)
        moon = projects.create("  Moon Saga ")
        assert (moon.name, moon.slug) == ("Moon Saga", "moon-saga")
        assert projects.create("moon saga!").slug == "moon-saga-2"  # another name, the same folder name taken
        renamed = projects.rename(moon.id, "Moon Saga II")
        assert projects.by_name("Moon Saga II") == renamed and renamed.slug == "moon-saga"  # folder stays
        for bad, code in (("", "project.empty_name"), ("Moon Saga II", "project.name_taken"),
                          ("a\x00b", "project.bad_name"), ("x" * 81, "project.bad_name")):
            with pytest.raises(ProjectError) as caught:
                projects.create(bad)
            assert caught.value.code == code
        with pytest.raises(ProjectError) as missing:
            projects.rename("project_nope", "X")
        assert missing.value.code == "project.not_found"
        assert slugify("../../etc/passwd") == "etc-passwd" and slugify("龍の城") == "龍の城" and slugify("..") == "item"
    finally:
        db.close()


def test_runtime_project_dir_and_a_runs_chat_belongs_to_the_project(tmp_path: Path) -> None:
    runtime = Runtime(tmp_path / "data")
    try:
        project = runtime.projects.create("Noir")
        assert runtime.project_dir(project) == tmp_path / "data" / "projects" / "noir"
        chat = runtime.chats.ensure_chat("Case files", project_id=project.id)
        assert runtime.chat_project(chat.id) == project
        assert runtime.chat_project(runtime.chats.ensure_chat("Case files").id) == runtime.projects.default()
    finally:
        runtime.close()
