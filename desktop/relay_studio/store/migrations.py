"""The database's schema: each model's tables made once per process, and the migrations that bring a file
from any older version to ``SCHEMA_VERSION`` (``Database`` runs them under the write lock, in ``_migrate``).

Migration N brings a database from version N-1 to N. Never edit a released one; append. Tests:
tests/unit/test_store.py (migrations of older files), tests/providers/test_default_connection.py.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection, Table
from sqlalchemy.schema import CreateIndex, CreateTable
from sqlmodel import SQLModel

from relay_studio.store import tables as t
from relay_studio.store.stamps import now_iso


def table_of(model: type[SQLModel]) -> Table:
    table = model.__table__  # type: ignore[attr-defined]
    assert isinstance(table, Table)
    return table


#: Each model's CREATE TABLE and CREATE INDEX statements, compiled once per process: SQLAlchemy's DDL
#: compiler took a good part of what a new database cost, and a process may make many (the tests do).
_ddl_cache: dict[type[SQLModel], tuple[str, ...]] = {}


def _model_ddl(model: type[SQLModel], conn: Connection) -> tuple[str, ...]:
    ddl = _ddl_cache.get(model)
    if ddl is None:
        table = table_of(model)
        indexes = sorted(table.indexes, key=lambda index: str(index.name))
        ddl = (str(CreateTable(table).compile(dialect=conn.dialect)),
               *(str(CreateIndex(index).compile(dialect=conn.dialect)) for index in indexes))
        _ddl_cache[model] = ddl
    return ddl


def create_tables(conn: Connection, *models: type[SQLModel]) -> None:
    """What ``SQLModel.metadata.create_all(conn, tables=...)`` does (each table that is not there yet,
    with its indexes, in the order given), from statements compiled once per process."""
    existing = {name for (name,) in conn.exec_driver_sql("SELECT name FROM sqlite_master WHERE type = 'table'")}
    for model in models:
        if table_of(model).name not in existing:
            for statement in _model_ddl(model, conn):
                conn.exec_driver_sql(statement)


def _migrate_v1(conn: Connection) -> None:
    create_tables(conn, t.ProfileRow, t.ChatRow, t.MessageRow, t.RunRow, t.InvocationRow, t.TaskRow, t.EventRow,
                  t.CommitRow, t.ModelTurnRow, t.WorkspaceFileVersionRow, t.ConnectionRow)


def _migrate_v2(conn: Connection) -> None:
    """App settings, with the default connection: the oldest connection, if any. Header values of
    connections became secrets: those stored plain move to ``legacyHeaders`` until the secret store
    takes them (``providers.factory.secure_legacy_headers``)."""
    create_tables(conn, t.AppSettingRow)
    conn.exec_driver_sql(
        "INSERT INTO app_settings (key, value) "
        "SELECT 'default_connection', id FROM connections ORDER BY created_at, id LIMIT 1"
    )
    conn.exec_driver_sql(
        "UPDATE connections SET settings_json = json_set(json_remove(settings_json, '$.headers'), "
        "'$.legacyHeaders', json(json_extract(settings_json, '$.headers'))) "
        "WHERE json_extract(settings_json, '$.headers') IS NOT NULL "
        "AND json_extract(settings_json, '$.headers') != '{}'"
    )


def _migrate_commit_markers(conn: Connection) -> None:
    """commits.marker: a version that is a plain-text answer or a stopped stream. (v1 creates the tables
    from the current models, so a database made new already has the column.)"""
    columns = {row[1] for row in conn.exec_driver_sql("PRAGMA table_info(commits)")}
    if "marker" not in columns:
        conn.exec_driver_sql("ALTER TABLE commits ADD COLUMN marker TEXT")


def _has_column(conn: Connection, table: str, column: str) -> bool:
    return any(row[1] == column for row in conn.exec_driver_sql(f"PRAGMA table_info({table})"))


def _migrate_chat_origins_and_run_kinds(conn: Connection) -> None:
    """Session handoff: a chat knows whether it is a branch or a continuation, a run whether it relays a
    message or writes a handoff document. Existing child chats are edit-and-rerun branches."""
    if not _has_column(conn, "chats", "origin"):  # a new database got it from the v1 tables
        conn.exec_driver_sql("ALTER TABLE chats ADD COLUMN origin VARCHAR")
    conn.exec_driver_sql("UPDATE chats SET origin = 'branch' WHERE parent_chat_id IS NOT NULL AND origin IS NULL")
    if not _has_column(conn, "runs", "kind"):
        conn.exec_driver_sql("ALTER TABLE runs ADD COLUMN kind VARCHAR NOT NULL DEFAULT 'relay'")


#: the project every chat of a database before projects belongs to, and where new chats go by default
DEFAULT_PROJECT_ID = "project_default"
DEFAULT_PROJECT_NAME = "Default"
DEFAULT_PROJECT_SLUG = "default"


def _migrate_projects(conn: Connection) -> None:
    """Projects: a default project, every existing chat in it, and chat names unique per project instead
    of app-wide (the old unique index ``ix_chats_name`` becomes a plain one); the story library's index."""
    create_tables(conn, t.ProjectRow, t.LibraryEntryRow)
    conn.exec_driver_sql(
        "INSERT OR IGNORE INTO projects (id, name, slug, created_at) VALUES (?, ?, ?, ?)",
        (DEFAULT_PROJECT_ID, DEFAULT_PROJECT_NAME, DEFAULT_PROJECT_SLUG, now_iso()),
    )
    if not _has_column(conn, "chats", "project_id"):  # a new database got it from the v1 tables
        conn.exec_driver_sql("ALTER TABLE chats ADD COLUMN project_id VARCHAR")
    conn.exec_driver_sql("UPDATE chats SET project_id = ? WHERE project_id IS NULL", (DEFAULT_PROJECT_ID,))
    conn.exec_driver_sql("DROP INDEX IF EXISTS ix_chats_name")
    conn.exec_driver_sql("CREATE INDEX ix_chats_name ON chats (name)")
    conn.exec_driver_sql("CREATE INDEX IF NOT EXISTS ix_chats_project_id ON chats (project_id)")
    conn.exec_driver_sql("CREATE UNIQUE INDEX IF NOT EXISTS ux_chats_project_name ON chats (project_id, name)")


def _migrate_knowledge(conn: Connection) -> None:
    """The knowledge library: documents, their chunks (page, section path, character range) and an FTS5
    index of the chunks (``relay_studio.knowledge.tokens`` says what it stores)."""
    from relay_studio.store.knowledge_schema import create_knowledge_tables

    create_knowledge_tables(conn.exec_driver_sql)


def _migrate_skill_index(conn: Connection) -> None:
    """The index of each project's Skill files (mtime, hash, problem), to notice edits made outside."""
    create_tables(conn, t.SkillFileRow)


def _migrate_chat_modes(conn: Connection) -> None:
    """Explore chats: a chat is an ordinary chat or an exploration (``chats.mode``); every existing chat is
    an ordinary one."""
    if not _has_column(conn, "chats", "mode"):  # a new database got it from the v1 tables
        conn.exec_driver_sql("ALTER TABLE chats ADD COLUMN mode VARCHAR NOT NULL DEFAULT 'chat'")


def _migrate_commit_message_index(conn: Connection) -> None:
    """An index of the commits by message: a message's versions were a full scan of the ledger each, so a
    chat's export grew with messages times commits. (v1 creates the tables from the current models, so a
    database made new already has it.)"""
    conn.exec_driver_sql("CREATE INDEX IF NOT EXISTS ix_commits_message_id ON commits (message_id)")


def _migrate_canon(conn: Connection) -> None:
    """The canon ledger: each project's facts and the history of their changes (``store/canon.py``)."""
    create_tables(conn, t.CanonFactRow, t.CanonChangeRow)


def _migrate_scenes(conn: Connection) -> None:
    """Scene chats: a chat's cast and state, who was present for each message, and the scene's journal
    (``store/scenes.py``, docs/scenes.md)."""
    create_tables(conn, t.SceneRow, t.SceneLineRow, t.SceneChangeRow)


def _migrate_continuity(conn: Connection) -> None:
    """The continuity check: findings marked intentional and the check's journal (``store/continuity.py``)."""
    create_tables(conn, t.ContinuityMarkRow, t.ContinuityLogRow)


def _migrate_task_workspace_and_budget(conn: Connection) -> None:
    """tasks.workspace_key and tasks.budget_json: the task record of seed 000 §4 names the workspace its
    agent works in and the limits it runs under. (v1 creates the tables from the current models.)"""
    if not _has_column(conn, "tasks", "workspace_key"):
        conn.exec_driver_sql("ALTER TABLE tasks ADD COLUMN workspace_key VARCHAR")
    if not _has_column(conn, "tasks", "budget_json"):
        conn.exec_driver_sql("ALTER TABLE tasks ADD COLUMN budget_json VARCHAR")


#: Migration N brings a database from version N-1 to N. Never edit a released one; append.
MIGRATIONS: list[Callable[[Connection], None]] = [
    _migrate_v1, _migrate_v2, _migrate_commit_markers, _migrate_chat_origins_and_run_kinds,
    _migrate_projects,
    _migrate_knowledge,
    _migrate_skill_index,
    _migrate_chat_modes,
    _migrate_commit_message_index,
    _migrate_canon,
    _migrate_scenes,
    _migrate_continuity,
    _migrate_task_workspace_and_budget,
]

SCHEMA_VERSION = len(MIGRATIONS)
