"""Projects: list, create, rename, their chats and folder, and their files read off the GUI thread.

One of the studio's operations (``ui/studio.py``, docs/window/studio.md): views call it as ``studio.projects``.
A project's files (``project_files.read_project_files``) are a query on the ``project-files`` lane
(``ui/operations/ops.py``): ``read(project_id, owner, then)``. Views that ask while a read of the project is under
way share it, unless a change of the project's files was announced since it began: then one more read follows;
``files`` keeps the last read of each project. A read whose index sync found changes made outside the app (an
editor, the CLI) announces them as a change, so every view showing an older read of the project hears of it (the
first read of a project in a session announces nothing: no view shows an older one)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from relay_studio.domain.records import ProjectRecord
from relay_studio.give_way import giving_way
from relay_studio.resources import resource_dir
from relay_studio.store.chats import ChatStore
from relay_studio.store.database import DEFAULT_PROJECT_ID
from relay_studio.store.projects import ProjectStore
from relay_studio.ui.next_turn import next_turn
from relay_studio.ui.operations.ops import FILES, Change, Changes, OwnerRef, Query, ReadStores, chats, projects
from relay_studio.ui.operations.project_files import ProjectFiles, read_project_files

if TYPE_CHECKING:
    from PySide6.QtCore import QObject

    from relay_studio.ui.operations.hub import StudioHub

FilesWaiter = tuple[OwnerRef, Callable[[ProjectFiles], None]]


class ProjectOperations:
    all = Query(projects, ProjectStore.list)
    chats = Query(chats, ChatStore.chats)  # a project's chats
    rename = Change(projects, ProjectStore.rename, lambda _record, *_args: Changes.of(projects=True))

    def __init__(self, hub: StudioHub) -> None:
        self.hub = hub
        self.runtime = hub.runtime
        self.files: dict[str, ProjectFiles] = {}  # each project's last read
        self._waiting: dict[str, list[FilesWaiter]] = {}  # the reads under way, and who waits for each
        self._again: dict[str, list[FilesWaiter]] = {}  # who asked after a change the read under way may miss
        self._changed: dict[str, int] = {}  # each project's count of changes to its files, as announced
        self._read_at: dict[str, int] = {}  # that count when the read under way began
        hub.operation_did_execute.connect(self._on_changes)  # before any view's: the count is current for them

    def _on_changes(self, changes: Changes, _initiator: object) -> None:
        for project_id in changes.project_files():
            self._changed[project_id] = self._changed.get(project_id, 0) + 1

    def is_first(self, project_id: str) -> bool:
        """Whether ``project_id`` is the project every data folder starts with ("Default", whose name the window
        shows in its language: ``i18n.project_name``; it names no book)."""
        return project_id == DEFAULT_PROJECT_ID

    def get(self, project_id: str) -> ProjectRecord:
        """The project with that id, or the default project when it is gone."""
        return self.runtime.projects.get(project_id) or self.runtime.projects.default()

    def create(self, name: str) -> ProjectRecord:
        """A new project with a first chat; ``ProjectError`` (code, sentence) when the name cannot be used."""
        record = self.runtime.projects.create(name)
        first = self.runtime.chats.ensure_chat("Chat 1", project_id=record.id)
        self.hub.ops.did_change(Changes.of(projects=True, chats=first.id))
        return record

    def folder(self, project_id: str) -> Path:
        return self.runtime.project_dir(self.get(project_id))

    def read(self, project_id: str, owner: QObject | None = None,
             then: Callable[[ProjectFiles], None] | None = None) -> None:
        """Reads the project's entries, Skills and documents on the ``project-files`` lane; ``then`` gets them
        (a failed read as ``ProjectFiles`` with its ``error``: the views keep what they showed). Nothing once the
        window shuts down (a run it cancels ends after that, and the database closes behind it)."""
        if self.hub.shutting_down:
            return
        waiter: FilesWaiter = (OwnerRef(owner), then or (lambda _files: None))
        if project_id in self._waiting:
            if self._read_at.get(project_id) == self._changed.get(project_id, 0):
                self._waiting[project_id].append(waiter)  # nothing changed since it began: it answers this one too
            else:
                self._again.setdefault(project_id, []).append(waiter)
            return
        self._start(project_id, [waiter])

    def _start(self, project_id: str, waiters: list[FilesWaiter]) -> None:
        self._waiting[project_id] = waiters
        self._read_at[project_id] = self._changed.get(project_id, 0)
        folder, builtin = self.folder(project_id), resource_dir() / "skills"

        def work(stores: ReadStores) -> ProjectFiles:
            with giving_way():  # what the docks show, not what the creator waits for: the GUI thread first
                return read_project_files(stores.db, project_id, folder, builtin)

        def failed(line: str) -> None:
            self._arrived(ProjectFiles(project_id, error=line))

        self.hub.ops.query(None, work, self._arrived, key=("files", project_id), lane=FILES, show=failed)

    def _arrived(self, files: ProjectFiles) -> None:
        project_id = files.project_id
        waiters = self._waiting.pop(project_id, [])
        shown_before = project_id in self.files  # views may show an older read of it: an outside change concerns them
        if not files.error:
            self.files[project_id] = files
        self._deliver(files, waiters)
        again = self._again.pop(project_id, None)
        if again and not self.hub.shutting_down:
            self._start(project_id, again)
        if files.changed_outside and shown_before:
            self.hub.ops.did_change(Changes.of(library=project_id if "library" in files.changed_outside else None,
                                               skills=project_id if "skills" in files.changed_outside else None))

    def _deliver(self, files: ProjectFiles, waiters: list[FilesWaiter]) -> None:
        """The first living waiter takes the read in this turn, the next in the next turn of the loop: on a book
        the views' fills (the codex's rows, the chat's mention marks, the Skills) took 20 to 30 ms in one turn,
        and with the paint after it one gap of the GUI thread over 50 ms."""
        while waiters and not self.hub.shutting_down:
            (owner, then), waiters = waiters[0], waiters[1:]
            if owner.alive:
                then(files)
                if waiters:
                    next_turn(self.hub.ops, partial(self._deliver, files, waiters))
                return
