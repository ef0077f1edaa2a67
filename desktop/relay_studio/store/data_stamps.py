"""A cheap fingerprint of what the window lists, to tell what another process wrote (``DataStamps``).

The window notices another connection's commits by SQLite's ``PRAGMA data_version`` (``Database.data_version``);
that says *that* something was written, not *what*. Two stamps read before and after tell what: the agents (and
the connections they run on), the projects, each chat (its name and project; its messages' count and newest
change), and each project's story library index, Skills index, knowledge documents and canon (its history,
continuity journal and two settings).
Each is one aggregate query; the messages' scans the messages table (2 ms on a book of 5,000 messages), read off
the GUI thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from relay_studio.store.canon import ACCEPT_KEY
from relay_studio.store.connections import DEFAULT_CONNECTION_KEY
from relay_studio.store.continuity import AFTER_COMMIT_KEY
from relay_studio.store.database import Database

Stamp = tuple[object, ...]


@dataclass(frozen=True)
class DataStamps:
    """What the window lists, stamped: ``chats`` and ``messages`` by chat id, the rest by project id."""

    profiles: Stamp = ()
    projects: Stamp = ()
    chats: dict[str, Stamp] = field(default_factory=dict)
    messages: dict[str, Stamp] = field(default_factory=dict)
    library: dict[str, Stamp] = field(default_factory=dict)
    skills: dict[str, Stamp] = field(default_factory=dict)
    knowledge: dict[str, Stamp] = field(default_factory=dict)
    canon: dict[str, Stamp] = field(default_factory=dict)


def _rows(db: Database, sql: str, *params: object) -> list[tuple[object, ...]]:
    return [tuple(r) for r in db.conn.exec_driver_sql(sql, params)]


def _by_key(db: Database, sql: str) -> dict[str, Stamp]:
    """``sql`` selects a key and then its stamp's columns."""
    return {str(row[0]): row[1:] for row in _rows(db, sql)}


def read_stamps(db: Database) -> DataStamps:
    return DataStamps(
        profiles=_agents_and_connections(db),
        projects=tuple(_rows(db, "SELECT id, name FROM projects ORDER BY id")),
        chats=_by_key(db, "SELECT id, name, project_id, parent_chat_id FROM chats"),
        messages=_by_key(db, "SELECT chat_id, count(*), max(updated_at) FROM messages GROUP BY chat_id"),
        library=_by_key(db, "SELECT project_id, count(*), max(indexed_at) FROM library_entries GROUP BY project_id"),
        skills=_by_key(db, "SELECT project_id, count(*), max(indexed_at) FROM skill_files GROUP BY project_id"),
        knowledge=_by_key(db, "SELECT project_id, count(*), max(added_at) FROM knowledge_documents "
                              "GROUP BY project_id"),
        canon=_canon(db),
    )


def _agents_and_connections(db: Database) -> Stamp:
    """The agents, and the connections they run on with the default one (the Agents dock and the composer's
    agents list the first, the composer's hint says when there is no connection)."""
    return (*_rows(db, "SELECT id, updated_at FROM profiles ORDER BY id"),
            *_rows(db, "SELECT id, updated_at FROM connections ORDER BY id"),
            *_rows(db, "SELECT key, value FROM app_settings WHERE key = ?", DEFAULT_CONNECTION_KEY))


def _canon(db: Database) -> dict[str, Stamp]:
    """Per project: its canon's history, its continuity journal (the Canon tab's last check) and its two settings
    ("accept proposals", "check after each commit")."""
    stamps: dict[str, Stamp] = {}
    for sql in ("SELECT project_id, count(*), max(id) FROM canon_changes GROUP BY project_id",
                "SELECT project_id, count(*), max(id) FROM continuity_log GROUP BY project_id"):
        for project_id, stamp in _by_key(db, sql).items():
            stamps[project_id] = (*stamps.get(project_id, ()), *stamp)
    for prefix in (ACCEPT_KEY, AFTER_COMMIT_KEY):
        for key, value in _rows(db, "SELECT key, value FROM app_settings WHERE substr(key, 1, ?) = ?",
                                len(prefix), prefix):
            project_id = str(key)[len(prefix):]
            stamps[project_id] = (*stamps.get(project_id, ()), prefix, value)
    return stamps


def changed_keys(before: dict[str, Stamp], after: dict[str, Stamp]) -> frozenset[str]:
    """The keys added, removed or stamped otherwise."""
    return frozenset(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
