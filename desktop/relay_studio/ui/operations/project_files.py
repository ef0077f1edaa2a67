"""A project's files as the window shows them: the story library (its index synced with the files, so edits made
outside the app show), the Skills with their problems, the knowledge documents.

``read_project_files`` is Qt-free and runs on any thread, on a database connection of the reader's own (WAL lets
the window's connection read and write meanwhile): ``ProjectOperations.read`` runs it as a query on the
``project-files`` lane (``ui/operations/ops.py``), whose one thread is all that uses that connection. What the
index sync found changed outside the app comes back as ``changed_outside``: the window announces it as a change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from relay_studio.knowledge.library import DocumentInfo, KnowledgeLibrary
from relay_studio.library.refresh import refresh_project_files
from relay_studio.library.skills import SkillCatalog, SkillProblem
from relay_studio.library.store import IndexedEntry, LibraryProblem, LibraryStore
from relay_studio.store.database import Database


@dataclass(frozen=True)
class ProjectFiles:
    project_id: str
    entries: list[IndexedEntry] = field(default_factory=list)
    entry_problems: list[LibraryProblem] = field(default_factory=list)
    skills: SkillCatalog | None = None
    documents: list[DocumentInfo] = field(default_factory=list)
    #: why the files could not be read (the views keep what they showed and say this)
    error: str = ""
    #: what the read found changed outside the app (an editor, the CLI): a change the views hear of
    changed_outside: frozenset[str] = frozenset()

    @property
    def skill_problems(self) -> list[SkillProblem]:
        return self.skills.problems if self.skills is not None else []


def read_project_files(db: Database, project_id: str, folder: Path, builtin_skills: Path) -> ProjectFiles:
    """Everything the window shows of a project's files, read now (any thread that ``db`` is not busy on):
    ``library.refresh.refresh_project_files`` brings the indexes up to date with the files first."""
    found = refresh_project_files(db, project_id, folder)
    library = LibraryStore(db, project_id, folder)
    problems = [p for p in found.problems if p.path.startswith("library/")]
    outside = frozenset(name for name, changed in (("library", found.library_changed),
                                                   ("skills", found.skills_changed)) if changed)
    return ProjectFiles(project_id, library.entries(), problems, SkillCatalog(folder, builtin_skills),
                        KnowledgeLibrary(db, project_id, folder).documents(), changed_outside=outside)
