"""A project's files read off the GUI thread: the story library (its index synced with the files, so
edits made outside the app show), the Skills with their problems, the knowledge documents.

``read_project_files`` is Qt-free and runs on any thread, on a database connection of the reader's own
(WAL lets the window's connection read and write meanwhile). ``ProjectReader.read`` runs it on the reader's
``BackgroundReads`` lane (``ui/background.py``, its thread named ``project-files``), whose one thread at a
time is all that uses that connection; its outcome comes back on the GUI thread, never by a future of the
event loop (see docs/window/library-and-knowledge.md); a later read of the same project wins over
an earlier one.

The reader's ``Database`` is opened on the GUI thread (at the first read): opening one (SQLAlchemy's engine
set-up generates and compiles code) on a worker while the main thread compiles (an import) trips CPython
3.11's "AST constructor recursion depth mismatch". ``close`` closes it on the lane's thread, after the read
in progress, without waiting for it.

Signals (ProjectReader):
    read_done(ProjectFiles): on the GUI thread; ``files`` holds it too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, Signal, SignalInstance

from relay_studio.knowledge.library import DocumentInfo, KnowledgeLibrary
from relay_studio.library.refresh import refresh_project_files
from relay_studio.library.skills import SkillCatalog, SkillProblem
from relay_studio.library.store import IndexedEntry, LibraryProblem, LibraryStore
from relay_studio.store.database import Database
from relay_studio.ui.background import BackgroundReads, Failed, Outcome


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

    def __init__(self, db_path: Path, builtin_skills: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db_path = db_path
        self.builtin_skills = builtin_skills
        self.files: dict[str, ProjectFiles] = {}
        self._db: Database | None = None
        self._reads = BackgroundReads("project-files", self)

    @property
    def _arrived(self) -> SignalInstance:
        """Emitted on the reading thread as each read ends (tests listen to see which thread read)."""
        return self._reads.arrived

    def close(self) -> None:
        db, self._db = self._db, None
        self._reads.close(last=db.close if db is not None else None)

    def read(self, project_id: str, folder: Path) -> None:
        """Starts reading the project's files; ``read_done`` follows on this thread."""
        if self._reads.closed:
            return
        if self._db is None:
            self._db = Database(self.db_path)
        db, builtin = self._db, self.builtin_skills
        self._reads.start(project_id, lambda: read_project_files(db, project_id, folder, builtin),
                          lambda outcome: self._on_read(project_id, outcome))

    def _on_read(self, project_id: str, outcome: Outcome[ProjectFiles]) -> None:
        if isinstance(outcome, Failed):  # a broken read is said where the files are shown, never lost
            error = outcome.error
            files = ProjectFiles(project_id, error=f"{type(error).__name__}: {error}")
        else:
            files = outcome.value
            self.files[project_id] = files
        self.read_done.emit(files)
