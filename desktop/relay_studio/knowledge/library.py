"""A project's knowledge library: import documents, list and remove them, search them with citations.

Files are copied into the project's ``knowledge/`` folder and indexed in the app's SQLite file
(``knowledge_documents``, ``knowledge_chunks``, the FTS5 table ``knowledge_fts``).

Threads: ``import_files`` may run on any thread; it reads and chunks a file with no lock held and writes
each document in one short transaction on a connection of its own (SQLite's WAL lets the window's
connection read meanwhile). ``start_import`` runs it on a worker thread and returns an ``ImportJob``
that reports progress and can be cancelled; the window marshals the progress callback (called on the
worker) to its own thread. Reads (``documents``, ``search``) use the store's connection on its thread.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import shutil
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.knowledge import errors as e
from relay_studio.knowledge.chunking import Chunk, chunk_blocks
from relay_studio.knowledge.errors import KnowledgeError
from relay_studio.knowledge.extract import ReadCancelled, extract
from relay_studio.knowledge.tokens import fts_query, index_text
from relay_studio.store.data_folder import is_disk_full, space_left
from relay_studio.store.database import Database, RawReader, now_iso

SECTION_SEPARATOR = " › "


@dataclass(frozen=True)
class DocumentInfo:
    id: str
    title: str
    file_name: str
    source_name: str
    kind: str
    size_bytes: int
    pages: int | None
    chunk_count: int
    added_at: str


@dataclass(frozen=True)
class Passage:
    """One search hit: the chunk's text and where it stands in its document."""

    document_id: str
    title: str
    file_name: str
    page: int | None
    section: tuple[str, ...]
    char_start: int
    char_end: int
    text: str
    score: float
    chunk_id: int = 0
    #: where the passage's page starts in the document's text (0 for a document without pages)
    page_start: int = 0

    def citation(self) -> str:
        """``"Core Rules", page 12, section "Combat › Grappling", characters 340-1150``: the characters are
        counted within the page when the document has pages (as a reader finds them on that page), else
        within the document."""
        parts = [f"\u201c{self.title}\u201d"]
        if self.page is not None:
            parts.append(f"page {self.page}")
        if self.section:
            parts.append(f"section \u201c{SECTION_SEPARATOR.join(self.section)}\u201d")
        parts.append(f"characters {self.char_start - self.page_start}\u2013{self.char_end - self.page_start}")
        return ", ".join(parts)

    def to_json(self) -> dict[str, object]:
        return {
            "documentId": self.document_id, "title": self.title, "file": self.file_name, "page": self.page,
            "section": list(self.section), "charStart": self.char_start, "charEnd": self.char_end,
            "pageStart": self.page_start,
            "text": self.text, "score": self.score, "citation": self.citation(),
        }


@dataclass(frozen=True)
class ImportOutcome:
    source: Path
    document: DocumentInfo | None = None
    code: str | None = None
    message: str = ""
    #: pieces of text a reader does not see, left out of the passages (``extract.Extracted.hidden``)
    hidden: int = 0

    @property
    def ok(self) -> bool:
        return self.document is not None


@dataclass
class ImportReport:
    outcomes: list[ImportOutcome] = field(default_factory=list)
    cancelled: bool = False

    @property
    def imported(self) -> list[DocumentInfo]:
        return [o.document for o in self.outcomes if o.document is not None]

    @property
    def refused(self) -> list[ImportOutcome]:
        return [o for o in self.outcomes if o.document is None]


@dataclass(frozen=True)
class ImportProgress:
    """Where an import stands: file ``file_index`` (from 0) of ``file_count``, pages read of it."""

    file_index: int
    file_count: int
    file_name: str
    pages_done: int = 0
    pages_total: int = 0

    @property
    def fraction(self) -> float:
        within = self.pages_done / self.pages_total if self.pages_total else 0.0
        return min(1.0, (self.file_index + within) / max(1, self.file_count))


Progress = Callable[[ImportProgress], None]


class KnowledgeLibrary:
    def __init__(self, db: Database, project_id: str, project_folder: Path) -> None:
        self.db = db
        self.project_id = project_id
        self.folder = project_folder / "knowledge"

    # -- reading -------------------------------------------------------------------------------------
    def documents(self) -> list[DocumentInfo]:
        return _documents(self.db, self.project_id)

    def find(self, ref: str) -> DocumentInfo:
        """A document by its id, its file name in the library, or its title."""
        return _find(self.db, self.project_id, ref)

    def path_of(self, doc: DocumentInfo) -> Path:
        return self.folder / doc.file_name

    def chunks(self, doc: DocumentInfo) -> list[Chunk]:
        return _chunks(self.db, doc)

    def search(self, query: str, top_k: int = 5) -> list[Passage]:
        return search(self.db, self.project_id, query, top_k)

    def passages(self, chunk_ids: Sequence[int]) -> list[Passage]:
        """This project's chunks by id, as passages (score 0), in the order asked."""
        if not chunk_ids:
            return []
        marks = ", ".join("?" * len(chunk_ids))
        rows = self.db.raw.execute(
            f"SELECT {_PASSAGE_COLUMNS} FROM knowledge_chunks c JOIN knowledge_documents d "
            f"ON d.id = c.document_id WHERE d.project_id = ? AND c.id IN ({marks})",
            (self.project_id, *chunk_ids),
        ).fetchall()
        found = {row[8]: _passage(row, 0.0) for row in rows}  # row[8]: the chunk id
        return [found[cid] for cid in chunk_ids if cid in found]

    # -- removing ------------------------------------------------------------------------------------
    def remove(self, ref: str) -> DocumentInfo:
        doc = self.find(ref)
        with self.db.transaction():
            _delete_document(self.db.raw, doc.id)
        self.path_of(doc).unlink(missing_ok=True)
        return doc

    # -- importing -----------------------------------------------------------------------------------
    def start_import(self, paths: Sequence[Path], progress: Progress | None = None) -> ImportJob:
        """Imports on a worker thread; the caller keeps its thread (and its event loop) free."""
        return ImportJob(self, list(paths), progress)

    def import_files(
        self, paths: Iterable[Path], *, progress: Progress | None = None, cancel: threading.Event | None = None
    ) -> ImportReport:
        """Imports each file whole or not at all; a refused file does not stop the rest of the batch."""
        files = list(paths)
        report = ImportReport()
        conn = sqlite3.connect(self.db.path, timeout=30, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA foreign_keys=ON")
        try:
            for index, path in enumerate(files):
                if cancel is not None and cancel.is_set():
                    report.cancelled = True
                    break

                def on_page(done: int, total: int, index: int = index, path: Path = path) -> None:
                    if cancel is not None and cancel.is_set():
                        raise ReadCancelled
                    if progress is not None:
                        progress(ImportProgress(index, len(files), path.name, done, total))

                if progress is not None:
                    progress(ImportProgress(index, len(files), path.name))
                try:
                    doc, hidden = self._import_one(conn, path, on_page, cancel)
                except ReadCancelled:
                    report.cancelled = True
                    break
                except KnowledgeError as exc:
                    report.outcomes.append(ImportOutcome(path, None, exc.code, exc.message))
                else:
                    note = (f" {hidden} pieces of hidden text (white, tiny, off the page or invisible characters) "
                            "were left out of what the agents read; the file keeps them.") if hidden else ""
                    report.outcomes.append(ImportOutcome(path, doc, None, f"{path.name}: imported as "
                                                                          f"\u201c{doc.title}\u201d.{note}", hidden))
            if progress is not None and not report.cancelled:
                progress(ImportProgress(len(files), len(files), ""))
        finally:
            conn.close()
        return report

    def _import_one(
        self, conn: sqlite3.Connection, path: Path, on_page: Callable[[int, int], None],
        cancel: threading.Event | None,
    ) -> tuple[DocumentInfo, int]:
        extracted = extract(path, on_page=on_page)
        digest = _sha256(path)
        same = conn.execute(
            "SELECT title FROM knowledge_documents WHERE project_id = ? AND sha256 = ?", (self.project_id, digest)
        ).fetchone()
        if same is not None:
            raise KnowledgeError(e.DUPLICATE, f"{path.name} is already in the knowledge library as "
                                              f"\u201c{same[0]}\u201d.")
        chunks = chunk_blocks(extracted.blocks)
        bodies = [index_text(c.text) for c in chunks]
        if cancel is not None and cancel.is_set():
            raise ReadCancelled
        self.folder.mkdir(parents=True, exist_ok=True)
        taken = {r[0] for r in conn.execute(
            "SELECT file_name FROM knowledge_documents WHERE project_id = ?", (self.project_id,))}
        file_name = _free_name(self.folder, path.name, taken)
        target = self.folder / file_name
        partial = self.folder / f".{file_name}.partial"
        try:
            shutil.copyfile(path, partial)
            os.replace(partial, target)
        except OSError as exc:
            partial.unlink(missing_ok=True)
            if is_disk_full(exc):
                raise KnowledgeError(codes.STORE_DISK_FULL, f"{path.name} could not be copied into the library: "
                                     f"the disk is full ({space_left(self.folder)} free). Free some space and add "
                                     "it again; nothing of it was kept.") from None
            raise KnowledgeError(e.FILE_UNREADABLE, f"{path.name} could not be copied into the library "
                                                    f"({exc.strerror}).") from None
        doc = DocumentInfo(
            f"doc_{uuid.uuid4().hex[:20]}", extracted.title, file_name, path.name, extracted.kind,
            path.stat().st_size, extracted.pages, len(chunks), now_iso(),
        )
        try:
            conn.execute("BEGIN IMMEDIATE")
            # Again, under the write lock: another process may have added the same document since the check
            # above (four `knowledge add` at once left four copies).
            same = conn.execute("SELECT title FROM knowledge_documents WHERE project_id = ? AND sha256 = ?",
                                (self.project_id, digest)).fetchone()
            if same is not None:
                raise KnowledgeError(e.DUPLICATE, f"{path.name} is already in the knowledge library as "
                                                  f"\u201c{same[0]}\u201d.")
            conn.execute(
                f"INSERT INTO knowledge_documents ({_DOC_COLUMNS}, project_id, sha256) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (doc.id, doc.title, doc.file_name, doc.source_name, doc.kind, doc.size_bytes, doc.pages,
                 doc.chunk_count, doc.added_at, self.project_id, digest),
            )
            for chunk, body in zip(chunks, bodies, strict=True):
                cur = conn.execute(
                    "INSERT INTO knowledge_chunks (document_id, ordinal, page, section_json, char_start, "
                    "char_end, text) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (doc.id, chunk.ordinal, chunk.page, json.dumps(list(chunk.section), ensure_ascii=False),
                     chunk.char_start, chunk.char_end, chunk.text),
                )
                conn.execute("INSERT INTO knowledge_fts (rowid, body) VALUES (?, ?)", (cur.lastrowid, body))
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            target.unlink(missing_ok=True)
            raise
        return doc, extracted.hidden


class ImportJob:
    """An import on a worker thread: ``cancel()`` stops it between pages; ``wait()`` / ``await
    wait_async()`` give the report. Documents finished before a cancel stay; the one being read does not."""

    def __init__(self, library: KnowledgeLibrary, paths: list[Path], progress: Progress | None) -> None:
        self._cancel = threading.Event()
        self._done = threading.Event()
        self._report: ImportReport | None = None
        self._error: BaseException | None = None
        self._library = library
        self._paths = paths
        self._progress = progress
        self._thread = threading.Thread(target=self._run, name="knowledge-import", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._report = self._library.import_files(self._paths, progress=self._progress, cancel=self._cancel)
        except BaseException as exc:  # handed to the waiter, not lost on the worker
            self._error = exc
        finally:
            self._done.set()

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> ImportReport:
        if not self._done.wait(timeout):
            raise TimeoutError("the import is still running")
        if self._error is not None:
            raise self._error
        assert self._report is not None
        return self._report

    async def wait_async(self) -> ImportReport:
        await asyncio.to_thread(self._done.wait)
        return self.wait(0)



def documents_of(db: RawReader, project_id: str) -> list[DocumentInfo]:
    """The project's documents through ``db`` (any thread's connection)."""
    return _documents(db, project_id)


def _documents(db: RawReader, project_id: str) -> list[DocumentInfo]:
    rows = db.raw.execute(
        f"SELECT {_DOC_COLUMNS} FROM knowledge_documents WHERE project_id = ? ORDER BY added_at, title",
        (project_id,),
    ).fetchall()
    return [DocumentInfo(*row) for row in rows]


def _find(db: RawReader, project_id: str, ref: str) -> DocumentInfo:
    for doc in _documents(db, project_id):
        if ref in (doc.id, doc.file_name, doc.title):
            return doc
    raise KnowledgeError(e.DOCUMENT_NOT_FOUND, f"The knowledge library has no document named '{ref}'.")


def _chunks(db: RawReader, doc: DocumentInfo) -> list[Chunk]:
    rows = db.raw.execute(
        "SELECT ordinal, text, page, section_json, char_start, char_end FROM knowledge_chunks "
        "WHERE document_id = ? ORDER BY ordinal",
        (doc.id,),
    ).fetchall()
    return [Chunk(o, t, p, tuple(json.loads(s)), a, b) for o, t, p, s, a, b in rows]


def document_text(db: RawReader, project_id: str, document_id: str) -> tuple[DocumentInfo, str, list[Chunk]]:
    """A knowledge document of the project and its text, rebuilt from its chunks (each is
    ``text[charStart:charEnd]``; the gaps between them are the blank lines between blocks). Reads only
    ``db.raw`` (a ``store.database.read_connection`` will do). ``KnowledgeError`` when it is gone."""
    doc = _find(db, project_id, document_id)
    chunks = _chunks(db, doc)
    parts: list[str] = []
    at = 0
    for chunk in chunks:  # the gaps between chunks are the blank lines between blocks
        parts.append("\n" * max(0, chunk.char_start - at))
        parts.append(chunk.text)
        at = chunk.char_end
    return doc, "".join(parts), chunks


def search(db: RawReader, project_id: str, query: str, top_k: int = 5) -> list[Passage]:
    """A project's passages for ``query``, ranked by BM25 (best first)."""
    match = fts_query(query)
    if match is None:
        raise KnowledgeError(e.QUERY_EMPTY, "The search needs at least one word to look for.")
    rows = db.raw.execute(
        f"SELECT {_PASSAGE_COLUMNS}, bm25(knowledge_fts) AS score "
        "FROM knowledge_fts JOIN knowledge_chunks c ON c.id = knowledge_fts.rowid "
        "JOIN knowledge_documents d ON d.id = c.document_id "
        "WHERE knowledge_fts MATCH ? AND d.project_id = ? ORDER BY score LIMIT ?",
        (match, project_id, max(1, top_k)),
    ).fetchall()
    return [_passage(row[:-1], -float(row[-1])) for row in rows]


#: the page's start is the first character of its first chunk (a chunk never crosses a page; the chunks of a
#: document are few hundred at most, read through ix_knowledge_chunks_document)
_PASSAGE_COLUMNS = ("c.document_id, d.title, d.file_name, c.page, c.section_json, c.char_start, c.char_end, "
                    "c.text, c.id, CASE WHEN c.page IS NULL THEN 0 ELSE (SELECT MIN(p.char_start) FROM "
                    "knowledge_chunks p WHERE p.document_id = c.document_id AND p.page = c.page) END")


def _passage(row: tuple[Any, ...], score: float) -> Passage:
    doc_id, title, file_name, page, section, a, b, text, chunk_id, page_start = row
    return Passage(doc_id, title, file_name, page, tuple(json.loads(section)), a, b, text, score, chunk_id,
                   page_start)


_DOC_COLUMNS = "id, title, file_name, source_name, kind, size_bytes, pages, chunk_count, added_at"


def _delete_document(conn: sqlite3.Connection, doc_id: str) -> None:
    conn.execute(
        "DELETE FROM knowledge_vectors WHERE chunk_id IN (SELECT id FROM knowledge_chunks WHERE document_id = ?)",
        (doc_id,),
    )
    conn.execute(
        "DELETE FROM knowledge_fts WHERE rowid IN (SELECT id FROM knowledge_chunks WHERE document_id = ?)",
        (doc_id,),
    )
    conn.execute("DELETE FROM knowledge_chunks WHERE document_id = ?", (doc_id,))
    conn.execute("DELETE FROM knowledge_documents WHERE id = ?", (doc_id,))


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _free_name(folder: Path, name: str, taken: set[str]) -> str:
    stem, suffix = os.path.splitext(name)
    candidate, n = name, 1
    while candidate in taken or (folder / candidate).exists():
        n += 1
        candidate = f"{stem}-{n}{suffix}"
    return candidate
