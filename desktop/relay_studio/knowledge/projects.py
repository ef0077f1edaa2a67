"""Which project's knowledge library a command uses: the project model of ``store.projects``."""

from __future__ import annotations

from pathlib import Path

from relay_studio.knowledge.library import KnowledgeLibrary
from relay_studio.store.database import Database
from relay_studio.store.projects import ProjectStore, project_folder


def library_for(db: Database, data_dir: Path, name: str | None = None) -> KnowledgeLibrary:
    """The knowledge library of the project called ``name`` (None: the default project); an unknown
    name raises ``ProjectError`` with a sentence listing the projects."""
    project = ProjectStore(db).resolve(name)
    return KnowledgeLibrary(db, project.id, project_folder(data_dir, project))
