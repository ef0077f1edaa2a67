"""Nearest chunk vectors through ``sqlite-vec``: a ``vec0`` table (cosine distance) per embedding model,
opened through ``apsw``, in a file of its own beside the project's documents
(``<project>/knowledge/.vectors.sqlite3``).

Why apsw and a second file: the standard library's ``sqlite3`` here is built without
``enable_load_extension``, so it cannot load the extension; apsw bundles its own SQLite that can. Two
SQLite libraries in one process must not open the same database file: each keeps its own POSIX locks,
and one closing the file drops the other's locks (SQLite's "How To Corrupt", multiple copies of SQLite
in one application). So the vectors index is its own database, only ever opened by apsw.

The truth stays ``knowledge_vectors`` in the main database (``semantic.embed_missing`` writes it,
removing a document deletes its rows). This file is an index derived from it: before a search it is
compared with a fingerprint of the project's vectors for the model (count, sums of chunk ids and row
ids, the largest row id: a replaced or re-embedded vector gets a new row id), and brought up to date
by difference when they differ; the fingerprint is only taken again after something was written to the
main database. Deleting the file loses nothing: a damaged one is removed and rebuilt. Connections stay
open for the process (``close_indexes``), one search at a time each, memory-mapped: a vec0 search reads
every vector of the model.

When apsw or sqlite-vec cannot be loaded (not installed, a platform without a wheel, a broken file),
``open_index`` returns None once the reason is logged, and the caller scans in Python.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import sqlite3
import threading
from array import array
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from relay_studio.store.database import Database

log = logging.getLogger(__name__)

INDEX_FILE = ".vectors.sqlite3"
BUSY_TIMEOUT_MS = 10_000
#: bench/knowledge_vectors.py: the vec0 scan of 10,000 768-float vectors took ~75 ms through SQLite's page
#: cache and ~45 ms memory-mapped, on a connection kept open
MMAP_BYTES = 256 * 1024 * 1024
_lock = threading.Lock()
_unavailable: str | None = None  # why the extension cannot be used in this process, once known
_checked = False
_warned: set[str] = set()


def _connect(path: Path) -> Any:
    import apsw
    import sqlite_vec

    conn = apsw.Connection(str(path))
    conn.enable_load_extension(True)
    conn.load_extension(sqlite_vec.loadable_path())
    conn.enable_load_extension(False)
    conn.set_busy_timeout(BUSY_TIMEOUT_MS)
    if str(path) != ":memory:":
        conn.execute("PRAGMA journal_mode=WAL")  # searches read while an embedding worker writes
        conn.execute(f"PRAGMA mmap_size={MMAP_BYTES}")  # the KNN scan reads every vector: no copies
    return conn


def unavailable_reason() -> str | None:
    """Why sqlite-vec cannot be used here (logged the first time), or None when it can."""
    global _checked, _unavailable
    with _lock:
        if not _checked:
            _checked = True
            try:
                _connect(Path(":memory:")).close()
            except Exception as exc:  # ImportError, apsw.ExtensionLoadingError, an OSError from the loader
                _unavailable = f"{type(exc).__name__}: {exc}"
                log.warning("Semantic search finds nearest vectors by a scan in Python: sqlite-vec cannot be "
                            "loaded (%s).", _unavailable)
        return _unavailable


def _warn_once(what: str, exc: Exception) -> None:
    reason = f"{what} ({type(exc).__name__}: {exc})"
    with _lock:
        if reason in _warned:
            return
        _warned.add(reason)
    log.warning("Semantic search scans vectors in Python this time: %s.", reason)


def backend() -> str:
    """What finds nearest vectors in this process, in words (for ``knowledge embed --json``)."""
    reason = unavailable_reason()
    if reason is not None:
        return f"python scan ({reason})"
    import sqlite_vec

    return f"sqlite-vec {getattr(sqlite_vec, '__version__', '')}".strip()


def _fingerprint(raw: sqlite3.Connection, project_id: str, model: str) -> str:
    # indexes only (documents by project, chunks by document, the vectors' primary key): no vector is read
    row = raw.execute(
        "SELECT count(*), total(v.chunk_id), total(v.rowid), max(v.rowid) FROM knowledge_vectors v "
        "JOIN knowledge_chunks c ON c.id = v.chunk_id JOIN knowledge_documents d ON d.id = c.document_id "
        "WHERE d.project_id = ? AND v.model = ?", (project_id, model)).fetchone()
    return ":".join(str(x) for x in row)


def _write_mark(raw: sqlite3.Connection) -> tuple[int, int]:
    """Changes whenever the main database may have changed: a commit by any other connection moves
    ``data_version``, one by this connection moves ``total_changes``."""
    (version,) = raw.execute("PRAGMA data_version").fetchone()
    return int(version), raw.total_changes


class VectorIndex:
    """The sqlite-vec index of one project's vectors of one model and size."""

    def __init__(self, conn: Any, model: str, dims: int) -> None:
        self.conn = conn
        self.dims = dims
        self.lock = threading.Lock()  # one search or sync at a time on this connection
        self._synced: dict[tuple[int, str], tuple[int, int]] = {}  # (database, project) -> its write mark
        key = hashlib.sha256(f"{model}\x00{dims}".encode()).hexdigest()[:16]
        self.vec, self.members = f"vec_{key}", f"members_{key}"
        self.model = model
        conn.execute("CREATE TABLE IF NOT EXISTS indexes (name TEXT PRIMARY KEY, model TEXT NOT NULL, "
                     "dims INTEGER NOT NULL, fingerprint TEXT NOT NULL DEFAULT '')")
        conn.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {self.vec} USING vec0("
                     f"chunk_id INTEGER PRIMARY KEY, embedding float[{dims}] distance_metric=cosine)")
        conn.execute(f"CREATE TABLE IF NOT EXISTS {self.members} (chunk_id INTEGER PRIMARY KEY, "
                     "source_rowid INTEGER NOT NULL)")
        conn.execute("INSERT OR IGNORE INTO indexes (name, model, dims) VALUES (?, ?, ?)", (self.vec, model, dims))

    def close(self) -> None:
        self.conn.close()

    def sync(self, raw: sqlite3.Connection, project_id: str, *, remember: bool = True) -> int:
        """Brings the index up to date with ``knowledge_vectors``, read through ``raw`` (a connection to the
        main database, of the calling thread); returns how many rows it changed. ``remember``: skip the
        next sync through ``raw`` unless the main database was written meanwhile (not for a connection
        about to close, whose id a later one may get)."""
        mark, key = _write_mark(raw), (id(raw), project_id)
        if self._synced.get(key) == mark:  # nothing was written to the main database since the last sync
            return 0
        changed = self._sync(raw, project_id)
        if remember:
            self._synced[key] = mark
        return changed

    def _sync(self, raw: sqlite3.Connection, project_id: str) -> int:
        wanted = _fingerprint(raw, project_id, self.model)
        [(have,)] = list(self.conn.execute("SELECT fingerprint FROM indexes WHERE name = ?", (self.vec,)))
        if have == wanted:
            return 0
        source = dict(raw.execute(
            "SELECT v.chunk_id, v.rowid FROM knowledge_vectors v JOIN knowledge_chunks c ON c.id = v.chunk_id "
            "JOIN knowledge_documents d ON d.id = c.document_id WHERE d.project_id = ? AND v.model = ? "
            "AND v.dims = ?", (project_id, self.model, self.dims)).fetchall())
        changed = 0
        with self.conn:  # one transaction: the index and its fingerprint move together
            present = dict(self.conn.execute(f"SELECT chunk_id, source_rowid FROM {self.members}"))
            stale = [cid for cid, rowid in present.items() if source.get(cid) != rowid]
            for cid in stale:
                self.conn.execute(f"DELETE FROM {self.vec} WHERE chunk_id = ?", (cid,))
                self.conn.execute(f"DELETE FROM {self.members} WHERE chunk_id = ?", (cid,))
            missing = [cid for cid, rowid in source.items() if present.get(cid) != rowid]
            for start in range(0, len(missing), 500):
                batch = missing[start:start + 500]
                marks = ",".join("?" * len(batch))
                rows = raw.execute(f"SELECT chunk_id, rowid, vector FROM knowledge_vectors WHERE model = ? "
                                      f"AND chunk_id IN ({marks})", (self.model, *batch)).fetchall()
                self.conn.executemany(f"INSERT INTO {self.vec} (chunk_id, embedding) VALUES (?, ?)",
                                      [(cid, blob) for cid, _rowid, blob in rows])
                self.conn.executemany(f"INSERT INTO {self.members} (chunk_id, source_rowid) VALUES (?, ?)",
                                      [(cid, rowid) for cid, rowid, _blob in rows])
            changed = len(stale) + len(missing)
            self.conn.execute("UPDATE indexes SET fingerprint = ? WHERE name = ?", (wanted, self.vec))
        return changed

    def nearest(self, query_vector: Sequence[float], k: int) -> list[int]:
        """Chunk ids by cosine distance to ``query_vector``, nearest first."""
        blob = array("f", query_vector).tobytes()
        rows = self.conn.execute(f"SELECT chunk_id FROM {self.vec} WHERE embedding MATCH ? AND k = ? "
                                 "ORDER BY distance", (blob, max(1, min(k, 4096))))
        return [int(cid) for (cid,) in rows]


def open_index(folder: Path, model: str, dims: int) -> VectorIndex | None:
    """A new connection to the index in ``folder`` (created when new; rebuilt when its file is damaged, as
    it only derives from the main database), or None when sqlite-vec cannot be used (logged once)."""
    if unavailable_reason() is not None:
        return None
    path = folder / INDEX_FILE
    for attempt in (1, 2):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            return VectorIndex(_connect(path), model, dims)
        except Exception as exc:  # a damaged index file, a full disk: the scan still answers
            _warn_once(f"the vectors index {path.name} could not be opened", exc)
            if attempt == 2:
                return None
            _forget_folder(folder)
            _remove_index_file(path)
    return None


def _remove_index_file(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


#: open indexes by (folder, model, dims), kept for the process: the vectors stay in the OS page cache
_open: dict[tuple[str, str, int], VectorIndex] = {}


def _cached(folder: Path, model: str, dims: int) -> VectorIndex | None:
    key = (str(folder), model, dims)
    with _lock:
        index = _open.get(key)
    if index is None:
        index = open_index(folder, model, dims)
        if index is not None:
            with _lock:
                index = _open.setdefault(key, index)
    return index


def _forget_folder(folder: Path) -> None:
    """Closes every open index on ``folder``'s file (several models share it) before it is replaced."""
    with _lock:
        keys = [key for key in _open if key[0] == str(folder)]
        indexes = [_open.pop(key) for key in keys]
    for index in indexes:
        with contextlib.suppress(Exception):
            index.close()


def close_indexes() -> None:
    """Closes every index this process keeps open (tests, and before a project folder is deleted)."""
    with _lock:
        indexes = list(_open.values())
        _open.clear()
    for index in indexes:
        with contextlib.suppress(Exception):
            index.close()


def nearest_indexed(db: Database, project_id: str, folder: Path, model: str, query_vector: Sequence[float],
                    k: int) -> list[int] | None:
    """Nearest chunk ids through sqlite-vec, the index synced first; None when it cannot be used. A failing
    index (damaged while open) is dropped and rebuilt once."""
    dims = len(query_vector)
    for attempt in (1, 2):
        index = _cached(folder, model, dims)
        if index is None:
            return None
        try:
            with index.lock:
                index.sync(db.raw, project_id)
                return index.nearest(query_vector, k)
        except Exception as exc:
            _warn_once("the sqlite-vec search failed", exc)
            _forget_folder(folder)
            if attempt == 1:
                _remove_index_file(folder / INDEX_FILE)
    return None


def refresh_index(raw: sqlite3.Connection, folder: Path, project_id: str, model: str, dims: int) -> None:
    """Brings the index up to date right after vectors were stored (on the embedding worker, through its
    own connection ``raw``), so the first search does not build it. A failure is logged, never raised:
    the vectors are stored, and the next search syncs or scans."""
    index = _cached(folder, model, dims)
    if index is None:
        return
    try:
        with index.lock:
            index.sync(raw, project_id, remember=False)
    except Exception as exc:
        _warn_once("the sqlite-vec index could not be updated after embedding", exc)
        _forget_folder(folder)
