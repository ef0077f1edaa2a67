"""Projects: list, create, rename, their chats and folder, and reading their files off the GUI thread
(``Studio.project_reader``).

One of the studio's operations (``ui/studio.py``, docs/window/studio.md): views call it as ``studio.projects``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from relay_studio.domain.records import (
    ChatRecord,
    ProjectRecord,
)
from relay_studio.store.database import DEFAULT_PROJECT_ID

if TYPE_CHECKING:
    from relay_studio.ui.operations.hub import StudioHub


class ProjectOperations:
    def __init__(self, hub: StudioHub) -> None:
        self.hub = hub
        self.runtime = hub.runtime

    def is_first(self, project_id: str) -> bool:
        """Whether ``project_id`` is the project every data folder starts with ("Default", whose name the window
        shows in its language: ``i18n.project_name``; it names no book)."""
        return project_id == DEFAULT_PROJECT_ID

    def all(self) -> list[ProjectRecord]:
        return self.runtime.projects.list()

    def get(self, project_id: str) -> ProjectRecord:
        """The project with that id, or the default project when it is gone."""
        return self.runtime.projects.get(project_id) or self.runtime.projects.default()

    def create(self, name: str) -> ProjectRecord:
        """A new project with a first chat; ``ProjectError`` (code, sentence) when the name cannot be used."""
        record = self.runtime.projects.create(name)
        self.runtime.chats.ensure_chat("Chat 1", project_id=record.id)
        self.hub.projects_changed.emit()
        return record

    def rename(self, project_id: str, name: str) -> ProjectRecord:
        record = self.runtime.projects.rename(project_id, name)
        self.hub.projects_changed.emit()
        return record

    def chats(self, project_id: str) -> list[ChatRecord]:
        return self.runtime.chats.chats(project_id)

    def folder(self, project_id: str) -> Path:
        return self.runtime.project_dir(self.get(project_id))

    def read(self, project_id: str) -> None:
        """Reads the project's entries, Skills and documents again on a worker thread
        (``project_reader.read_done`` answers). Nothing is read once the window shuts down (a run it
        cancels ends after that, and the database closes behind it)."""
        if self.hub.shutting_down:
            return
        self.hub.project_reader.read(project_id, self.folder(project_id))

