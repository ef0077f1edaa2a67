"""A project's files read off the GUI thread: the story library (its index synced with the files, so
edits made outside the app show), the Skills with their problems, the knowledge documents.

``read_project_files`` is Qt-free and runs on any thread, on a database connection of the reader's own
(WAL lets the window's connection read and write meanwhile). ``ProjectReader.read`` runs it on a plain
thread and answers by a queued signal, never by a future of the event loop (see docs/window.md,
*Projects and the Library dock*); a later read of the same project wins over an earlier one.

The reader's ``Database`` is opened on the GUI thread (at the first read) and used by one reading
thread at a time: opening one (SQLAlchemy's engine set-up generates and compiles code) on a worker while
the main thread compiles (an import) trips CPython 3.11's "AST constructor recursion depth mismatch".

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

    @property
    def skill_problems(self) -> list[SkillProblem]:
        return self.skills.problems if self.skills is not None else []


def read_project_files(db: Database, project_id: str, folder: Path, builtin_skills: Path) -> ProjectFiles:
    """Everything the window shows of a project's files, read now (any thread that ``db`` is not busy on):
    ``library.refresh.refresh_project_files`` brings the indexes up to date with the files first."""
    found = refresh_project_files(db, project_id, folder)
    library = LibraryStore(db, project_id, folder)
    problems = [p for p in found.problems if p.path.startswith("library/")]
    return ProjectFiles(project_id, library.entries(), problems,
                        SkillCatalog(folder, builtin_skills), KnowledgeLibrary(db, project_id, folder).documents())


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
        self._db: Database | None = None
        self._closed = False
        self._lock = threading.Lock()  # one reading thread on the reader's connection at a time
        self._arrived.connect(self._on_arrived)

    def close(self) -> None:
        self._closed = True
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    def read(self, project_id: str, folder: Path) -> None:
        """Starts reading the project's files; ``read_done`` follows on this thread."""
        if self._closed:
            return
        self._count += 1
        generation = self._generation[project_id] = self._count
        if self._db is None:
            self._db = Database(self.db_path)
        builtin = self.builtin_skills

        def work() -> None:
            try:
                with self._lock:
                    if self._db is None:
                        return  # closed: the window is gone
                    outcome: object = read_project_files(self._db, project_id, folder, builtin)
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
