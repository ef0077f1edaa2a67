"""Which project's library a command or a run uses.

WIRING POINT: projects do not exist in this branch yet. Until ``store.projects.ProjectStore`` lands,
every name resolves to the default project, id ``default``, folder ``<data dir>/projects/default/``.
Replace the body of ``resolve_project`` (and ``project_id_of_run`` in ``runtime/tools/knowledge_search``)
when merging; nothing else in the knowledge package knows how projects are found.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from relay_studio.knowledge.library import KnowledgeLibrary
from relay_studio.store.database import Database

DEFAULT_PROJECT_ID = "default"
DEFAULT_PROJECT_SLUG = "default"


@dataclass(frozen=True)
class ProjectRef:
    id: str
    folder: Path


def resolve_project(data_dir: Path, name: str | None) -> ProjectRef:
    """The project called ``name`` (None: the default project)."""
    del name  # one project until the project model is merged
    return ProjectRef(DEFAULT_PROJECT_ID, data_dir / "projects" / DEFAULT_PROJECT_SLUG)


def library_for(db: Database, data_dir: Path, name: str | None = None) -> KnowledgeLibrary:
    project = resolve_project(data_dir, name)
    return KnowledgeLibrary(db, project.id, project.folder)
