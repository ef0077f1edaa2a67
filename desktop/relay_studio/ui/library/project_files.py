"""A project's files read off the GUI thread: the story library (its index synced with the files, so
edits made outside the app show), the Skills with their problems, the knowledge documents.

``read_project_files`` is Qt-free and runs on any thread, on a database connection of its own (WAL lets
the window's connection read and write meanwhile). ``ProjectReader.read`` runs it on a plain thread and
answers by a queued signal, never by a future of the event loop (see docs/window.md, *Projects and the
Library dock*); a later read of the same project wins over an earlier one.

Signals (ProjectReader):
    read_done(ProjectFiles): on the GUI thread; ``files`` holds it too.
    _arrived(int generation, object files_or_error): emitted on the reading thread.
"""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from relay_studio.knowledge.library import DocumentInfo, KnowledgeLibrary
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

    @property
    def skill_problems(self) -> list[SkillProblem]:
        return self.skills.problems if self.skills is not None else []


def read_project_files(db_path: Path, project_id: str, folder: Path, builtin_skills: Path) -> ProjectFiles:
    """Everything the window shows of a project's files, read now (any thread)."""
    db = Database(db_path)
    try:
        library = LibraryStore.open(db, project_id, folder)
        return ProjectFiles(project_id, library.entries(), list(library.problems),
                            SkillCatalog(folder, builtin_skills), KnowledgeLibrary(db, project_id, folder).documents())
    finally:
        db.close()


class ProjectReader(QObject):
    read_done = Signal(object)
    _arrived = Signal(int, object)

    def __init__(self, db_path: Path, builtin_skills: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db_path = db_path
        self.builtin_skills = builtin_skills
        self.files: dict[str, ProjectFiles] = {}
        self._generation: dict[str, int] = {}
        self._count = 0
        self._arrived.connect(self._on_arrived)

    def read(self, project_id: str, folder: Path) -> None:
        """Starts reading the project's files; ``read_done`` follows on this thread."""
        self._count += 1
        generation = self._generation[project_id] = self._count
        db_path, builtin = self.db_path, self.builtin_skills

        def work() -> None:
            try:
                outcome: object = read_project_files(db_path, project_id, folder, builtin)
            except Exception as exc:  # a broken read is said where the files are shown, never lost
                outcome = ProjectFiles(project_id, error=f"{type(exc).__name__}: {exc}")
            with contextlib.suppress(RuntimeError):  # the window closed meanwhile
                self._arrived.emit(generation, outcome)

        threading.Thread(target=work, name="project-files", daemon=True).start()

    def _on_arrived(self, generation: int, outcome: object) -> None:
        assert isinstance(outcome, ProjectFiles)
        if self._generation.get(outcome.project_id) != generation:
            return  # a later read of this project is under way
        if not outcome.error:
            self.files[outcome.project_id] = outcome
        self.read_done.emit(outcome)
