"""Projects: each groups chats and owns a folder (story library, knowledge, Skills).

The default project (``DEFAULT_PROJECT_ID``) is made by schema migration 5 and always exists; chats of
an older database were moved into it. A project's ``slug`` names its folder and is fixed at creation,
so renaming a project never moves files.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

from sqlalchemy import select

from relay_studio.domain import error_codes as codes
from relay_studio.domain.coded_error import CodedError
from relay_studio.domain.records import ProjectRecord
from relay_studio.store import tables as t
from relay_studio.store.database import DEFAULT_PROJECT_ID, Database, new_id, now_iso, table_of

_PROJECTS = table_of(t.ProjectRow)
MAX_NAME = 80
_NOT_SLUG = re.compile(r"[^\w]+", re.UNICODE)


class ProjectError(CodedError, ValueError):
    """A project name that cannot be used; ``code`` is stable, the message names the problem."""


def slugify(name: str, fallback: str = "item") -> str:
    """A file-system-safe name: lowercase letters and digits (any script) joined by '-'.

    ``..``, slashes, drive letters and the like cannot survive: every run of characters that is not a
    letter, digit or '_' becomes one '-'."""
    text = unicodedata.normalize("NFKC", name).strip().lower()
    slug = _NOT_SLUG.sub("-", text).strip("-_")[:64].strip("-_")
    return slug or fallback


def _record(row: Any) -> ProjectRecord:
    return ProjectRecord.model_validate(dict(row._mapping))


def project_folder(data_dir: Path, project: ProjectRecord) -> Path:
    """``<data_dir>/projects/<slug>/``: ``library/<type>/<slug>.md``, ``knowledge/``, ``skills/<name>.md``."""
    return data_dir / "projects" / project.slug


class ProjectStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    def default(self) -> ProjectRecord:
        project = self.get(DEFAULT_PROJECT_ID)
        assert project is not None, "schema migration 5 creates the default project"
        return project

    def get(self, project_id: str) -> ProjectRecord | None:
        row = self.db.conn.execute(select(_PROJECTS).where(_PROJECTS.c.id == project_id)).first()
        return _record(row) if row else None

    def by_name(self, name: str) -> ProjectRecord | None:
        row = self.db.conn.execute(select(_PROJECTS).where(_PROJECTS.c.name == name.strip())).first()
        return _record(row) if row else None

    def list(self) -> list[ProjectRecord]:
        rows = self.db.conn.execute(select(_PROJECTS).order_by(_PROJECTS.c.created_at, _PROJECTS.c.name))
        return [_record(r) for r in rows]

    def _checked_name(self, name: str, *, except_id: str | None = None) -> str:
        clean = name.strip()
        if not clean:
            raise ProjectError(codes.PROJECT_EMPTY_NAME, "A project needs a name.")
        if len(clean) > MAX_NAME or any(unicodedata.category(c).startswith("C") for c in clean):
            raise ProjectError(codes.PROJECT_BAD_NAME,
                               f"A project name is at most {MAX_NAME} characters, without control characters.")
        existing = self.by_name(clean)
        if existing is not None and existing.id != except_id:
            raise ProjectError(codes.PROJECT_NAME_TAKEN, f"There is already a project named '{clean}'.")
        return clean

    def create(self, name: str) -> ProjectRecord:
        clean = self._checked_name(name)
        taken = {p.slug for p in self.list()}
        base = slugify(clean, "project")
        slug, n = base, 2
        while slug in taken:
            slug, n = f"{base}-{n}", n + 1
        record = ProjectRecord(id=new_id("project"), name=clean, slug=slug, created_at=now_iso())
        with self.db.transaction() as tx:
            tx.insert(t.ProjectRow, **record.model_dump())
        return record

    def rename(self, project_id: str, name: str) -> ProjectRecord:
        current = self.get(project_id)
        if current is None:
            raise ProjectError(codes.PROJECT_NOT_FOUND, "That project no longer exists.")
        clean = self._checked_name(name, except_id=project_id)
        with self.db.transaction() as tx:
            tx.update(t.ProjectRow, project_id, name=clean)
        return current.model_copy(update={"name": clean})

    def resolve(self, name: str | None) -> ProjectRecord:
        """The project named ``name`` (or with that id or folder name); the default project for None."""
        if name is None:
            return self.default()
        project = self.by_name(name) or self.get(name) or next(
            (p for p in self.list() if p.slug == name), None)  # its folder's name works too
        if project is None:
            known = ", ".join(p.name for p in self.list())
            raise ProjectError(codes.PROJECT_NOT_FOUND, f"There is no project '{name}'. Projects: {known}.")
        return project
