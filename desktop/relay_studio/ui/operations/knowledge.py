"""A project's knowledge library: its documents, imports (worker threads), search and a document's text.

One of the studio's operations (``ui/studio.py``, docs/window/studio.md): views call it as ``studio.knowledge``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from relay_studio.knowledge.chunking import Chunk
from relay_studio.knowledge.library import (
    DocumentInfo,
    ImportJob,
    ImportProgress,
    KnowledgeLibrary,
    Passage,
    document_text,
)
from relay_studio.knowledge.library import search as knowledge_search
from relay_studio.store.database import read_connection
from relay_studio.ui.operations.ops import Changes

if TYPE_CHECKING:
    from relay_studio.ui.operations.hub import StudioHub
    from relay_studio.ui.operations.projects import ProjectOperations


class KnowledgeOperations:
    def __init__(self, hub: StudioHub, projects: ProjectOperations) -> None:
        self.hub = hub
        self.runtime = hub.runtime
        self.projects = projects

    def library(self, project_id: str) -> KnowledgeLibrary:
        return KnowledgeLibrary(self.runtime.db, project_id, self.projects.folder(project_id))

    def documents(self, project_id: str) -> list[DocumentInfo]:
        return self.library(project_id).documents()

    def start_import(self, project_id: str, paths: list[Path],
                         progress: Callable[[ImportProgress], None]) -> ImportJob:
        """Starts an import on a worker thread; ``progress`` is called on that thread."""
        return self.library(project_id).start_import(paths, progress)

    def imported(self, project_id: str, initiator: object = None) -> None:
        """An import (``start_import``, a worker's writes over its own connection) ended: announced as a change."""
        self.hub.ops.did_change(Changes.of(knowledge=project_id), initiator)

    def remove_document(self, project_id: str, ref: str) -> None:
        self.library(project_id).remove(ref)
        self.hub.ops.did_change(Changes.of(knowledge=project_id))

    def document_text(self, project_id: str, document_id: str) -> tuple[DocumentInfo, str, list[Chunk]]:
        """A knowledge document of the project and its text, rebuilt from its chunks (each is
        ``text[charStart:charEnd]``), on a read connection of its own: any thread may call it.
        ``KnowledgeError`` when it is gone."""
        with read_connection(self.runtime.db.path) as db:
            return document_text(db, project_id, document_id)

    def search(self, project_id: str, query: str, top_k: int = 8) -> list[Passage]:
        """BM25 over the project's chunks on a read connection of its own (WAL), so any thread may call it;
        the dock calls it from a worker thread, since a query matching thousands of chunks takes tens of
        milliseconds (bench/library_dock.py). ``KnowledgeError`` for an empty query."""
        with read_connection(self.runtime.db.path) as db:  # search() reads only ``.raw``
            return knowledge_search(db, project_id, query, top_k)

