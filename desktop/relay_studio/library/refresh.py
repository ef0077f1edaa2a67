"""Noticing edits made outside the app to a project's files: its story library entries and its Skills.

``refresh_project_files`` is what a host calls when a project is opened and when its window regains
focus. Each file is looked at by mtime first and hashed (and parsed) again only when its mtime changed;
what changed since the last look, by any process, comes back with every problem found now (a file that
does not parse: a Skill without frontmatter, an entry with bad YAML). Files are never touched. The story
library's index is ``LibraryStore.sync``'s; the Skills' is the ``skill_files`` table, refreshed here.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import delete, select

from relay_studio.domain import error_codes as codes
from relay_studio.library.entries import LibraryError
from relay_studio.library.skills import MAX_SKILL_BYTES, parse_skill
from relay_studio.library.store import (
    FILE_ADDED,
    FILE_CHANGED,
    FILE_REMOVED,
    FileChange,
    LibraryProblem,
    LibraryStore,
)
from relay_studio.store import tables as t
from relay_studio.store.database import Database, new_id, now_iso, table_of

_SKILLS = table_of(t.SkillFileRow)


@dataclass
class ProjectRefresh:
    """What ``refresh_project_files`` found: changes since the last look, and the problems there are now."""

    changes: list[FileChange] = field(default_factory=list)
    problems: list[LibraryProblem] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.changes)

    @property
    def library_changed(self) -> bool:
        return any(c.path.startswith("library/") for c in self.changes)

    @property
    def skills_changed(self) -> bool:
        return any(c.path.startswith("skills/") for c in self.changes)


def _skill_files(project_dir: Path) -> list[tuple[str, Path]]:
    folder = project_dir / "skills"
    if not folder.is_dir():
        return []
    return [(f"skills/{f.name}", f) for f in sorted(folder.glob("*.md"))
            if not f.name.startswith(".") and not f.is_symlink() and f.is_file()]


def _check_skill(rel: str, data: bytes | None) -> tuple[str | None, LibraryProblem | None]:
    """The Skill's name, or the problem that keeps it out (as ``SkillCatalog`` finds it); ``data`` is None
    for a file too large to read."""
    if data is None:
        return None, LibraryProblem(rel, codes.SKILL_FILE_TOO_LARGE,
                                 f"{rel} is larger than {MAX_SKILL_BYTES // 1024} KB, the limit for one Skill.")
    try:
        return parse_skill(data.decode("utf-8"), rel).name, None
    except UnicodeDecodeError:
        return None, LibraryProblem(rel, codes.SKILL_NOT_TEXT, f"{rel} is not UTF-8 text.")
    except LibraryError as exc:
        return None, LibraryProblem(rel, exc.code, exc.message)


def refresh_skills(db: Database, project_id: str, project_dir: Path) -> ProjectRefresh:
    """Brings the project's ``skill_files`` index up to date with ``skills/*.md``; with nothing changed on
    disk it writes nothing (no write transaction, so a window's focus never waits for another writer)."""
    found = ProjectRefresh()
    rows: dict[str, Any] = {r.path: r for r in db.conn.execute(select(_SKILLS).where(
        _SKILLS.c.project_id == project_id))}
    inserts: list[dict[str, Any]] = []
    updates: list[tuple[str, dict[str, Any]]] = []
    seen: set[str] = set()
    for rel, file in _skill_files(project_dir):
        seen.add(rel)
        row = rows.get(rel)
        stat = file.stat()
        data: bytes | None = None
        if row is not None and row.mtime_ns == stat.st_mtime_ns:
            digest = row.sha256
        else:
            data = file.read_bytes() if stat.st_size <= MAX_SKILL_BYTES else None
            digest = hashlib.sha256(data).hexdigest() if data is not None else f"too-large:{stat.st_size}"
            if row is not None and row.sha256 == digest:  # touched, not changed
                updates.append((row.id, {"mtime_ns": stat.st_mtime_ns}))
        if row is not None and row.sha256 == digest:
            if row.problem_code:  # unchanged and still broken: still a problem
                found.problems.append(LibraryProblem(rel, row.problem_code, row.problem_message or rel))
            continue
        name, problem = _check_skill(rel, data)
        values = {"name": name, "mtime_ns": stat.st_mtime_ns, "sha256": digest,
                  "problem_code": problem.code if problem else None,
                  "problem_message": problem.message if problem else None, "indexed_at": now_iso()}
        if row is None:
            inserts.append({"id": new_id("skillfile"), "project_id": project_id, "path": rel, **values})
        else:
            updates.append((row.id, values))
        found.changes.append(FileChange(rel, FILE_ADDED if row is None else FILE_CHANGED))
        if problem is not None:
            found.problems.append(problem)
    gone = [row for rel, row in rows.items() if rel not in seen]
    found.changes += [FileChange(row.path, FILE_REMOVED) for row in gone]
    if inserts or updates or gone:
        with db.transaction() as tx:
            for values in inserts:
                tx.insert(t.SkillFileRow, **values)
            for row_id, values in updates:
                tx.update(t.SkillFileRow, row_id, **values)
            for row in gone:
                tx.conn.execute(delete(_SKILLS).where(_SKILLS.c.id == row.id))
    return found


def refresh_project_files(db: Database, project_id: str, project_dir: Path) -> ProjectRefresh:
    """The project's story library and Skills brought up to date with their files: what changed since the
    last look (paths relative to the project folder) and every problem found now."""
    library = LibraryStore.open(db, project_id, project_dir)
    skills = refresh_skills(db, project_id, project_dir)
    return ProjectRefresh(
        changes=[*library.changes, *skills.changes],
        problems=[*library.problems, *skills.problems])
