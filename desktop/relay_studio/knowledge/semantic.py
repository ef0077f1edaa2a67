"""Optional semantic search: chunk vectors from an embeddings endpoint, fused with BM25 by reciprocal rank.

Endpoints: OpenAI-compatible ``POST {base}/embeddings`` (``{"model", "input": [...]}`` ->
``{"data": [{"index", "embedding"}]}``; ``base`` ends in ``/v1``) and Ollama's ``POST {base}/api/embed``
(``{"model", "input": [...]}`` -> ``{"embeddings": [[...]]}``). Vectors are stored as float32 blobs in
``knowledge_vectors``, one per chunk and model. Nearest chunks are found through ``sqlite-vec``
(``vector_index.py``: a ``vec0`` index in a file of its own, opened through apsw); where it cannot be
loaded, by a cosine scan over the project's vectors in Python (``nearest_scan``).

Calls are synchronous (httpx): embedding the chunks belongs on the import worker thread; a caller on an
event loop runs ``hybrid_search`` through ``asyncio.to_thread``.
"""

from __future__ import annotations

import math
import sqlite3
import threading
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

import httpx

from relay_studio.knowledge import errors as e
from relay_studio.knowledge.errors import KnowledgeError
from relay_studio.knowledge.library import KnowledgeLibrary, Passage, search
from relay_studio.knowledge.vector_index import nearest_indexed, refresh_index
from relay_studio.providers.http_clients import sync_client
from relay_studio.store.database import Database

BATCH = 64
#: Reciprocal rank fusion's constant (Cormack et al.): a hit at rank r adds 1 / (RRF_K + r).
RRF_K = 60


@dataclass(frozen=True)
class EmbeddingsEndpoint:
    base_url: str
    model: str
    api: Literal["openai", "ollama"] = "openai"
    api_key: str | None = None
    timeout: float = 60.0

    def embed(self, texts: Sequence[str], client: httpx.Client | None = None) -> list[list[float]]:
        out: list[list[float]] = []
        own = client is None
        http = client or sync_client(timeout=self.timeout)
        try:
            for start in range(0, len(texts), BATCH):
                out.extend(self._batch(http, list(texts[start : start + BATCH])))
        finally:
            if own:
                http.close()
        return out

    def _batch(self, http: httpx.Client, texts: list[str]) -> list[list[float]]:
        base = self.base_url.rstrip("/")
        url = f"{base}/embeddings" if self.api == "openai" else f"{base}/api/embed"
        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        try:
            response = http.post(url, json={"model": self.model, "input": texts}, headers=headers)
        except httpx.HTTPError as exc:
            raise KnowledgeError(e.EMBEDDINGS_FAILED, f"The embeddings server at {base} could not be reached "
                                                      f"({type(exc).__name__}).") from None
        if response.status_code != 200:
            raise KnowledgeError(e.EMBEDDINGS_FAILED, f"The embeddings server at {base} answered "
                                                      f"{response.status_code}: {response.text[:160]}")
        try:
            body: Any = response.json()
            if self.api == "openai":
                rows = sorted(body["data"], key=lambda r: r["index"])
                vectors = [[float(x) for x in r["embedding"]] for r in rows]
            else:
                vectors = [[float(x) for x in v] for v in body["embeddings"]]
        except (ValueError, KeyError, TypeError) as exc:
            raise KnowledgeError(e.EMBEDDINGS_FAILED, f"The embeddings server at {base} sent an answer that "
                                                      f"is not an embeddings list ({exc}).") from None
        if len(vectors) != len(texts) or len({len(v) for v in vectors}) > 1:
            raise KnowledgeError(e.EMBEDDINGS_FAILED, f"The embeddings server at {base} sent {len(vectors)} "
                                                      f"vectors for {len(texts)} texts.")
        return vectors


def _blob(vector: Sequence[float]) -> bytes:
    return array("f", vector).tobytes()


def _unblob(data: bytes) -> array[float]:
    vec = array("f")
    vec.frombytes(data)
    return vec


def embed_missing(
    library: KnowledgeLibrary, endpoint: EmbeddingsEndpoint, *, progress: Callable[[int, int], None] | None = None,
    cancel: threading.Event | None = None,
) -> int:
    """Embeds the project's chunks that have no vector for ``endpoint.model``; returns how many it did.
    Any thread: it writes through a connection of its own, one transaction per batch."""
    conn = sqlite3.connect(library.db.path, timeout=30, isolation_level=None, check_same_thread=False)
    try:
        todo = conn.execute(
            "SELECT c.id, c.text FROM knowledge_chunks c JOIN knowledge_documents d ON d.id = c.document_id "
            "WHERE d.project_id = ? AND NOT EXISTS (SELECT 1 FROM knowledge_vectors v "
            "WHERE v.chunk_id = c.id AND v.model = ?) ORDER BY c.id",
            (library.project_id, endpoint.model),
        ).fetchall()
        done, dims = 0, 0
        with sync_client(timeout=endpoint.timeout) as http:
            for start in range(0, len(todo), BATCH):
                if cancel is not None and cancel.is_set():
                    break
                batch = todo[start : start + BATCH]
                vectors = endpoint.embed([text for _, text in batch], http)
                conn.execute("BEGIN IMMEDIATE")
                conn.executemany(
                    "INSERT OR REPLACE INTO knowledge_vectors (chunk_id, model, dims, vector) VALUES (?, ?, ?, ?)",
                    [(cid, endpoint.model, len(v), _blob(v)) for (cid, _), v in zip(batch, vectors, strict=True)],
                )
                conn.execute("COMMIT")
                done += len(batch)
                dims = len(vectors[0]) if vectors else dims
                if progress is not None:
                    progress(done, len(todo))
        if done and dims:
            refresh_index(conn, library.folder, library.project_id, endpoint.model, dims)
        return done
    finally:
        conn.close()


def nearest(db: Database, project_id: str, model: str, query_vector: Sequence[float], k: int,
            folder: Path | None = None) -> list[int]:
    """Chunk ids of the project by cosine similarity to ``query_vector`` (best first): through the sqlite-vec
    index in ``folder`` (the project's knowledge folder) when it can be used, else by a scan."""
    if folder is not None:
        found = nearest_indexed(db, project_id, folder, model, query_vector, k)
        if found is not None:
            return found
    return nearest_scan(db, project_id, model, query_vector, k)


def nearest_scan(db: Database, project_id: str, model: str, query_vector: Sequence[float], k: int) -> list[int]:
    """Chunk ids of the project by cosine similarity to ``query_vector`` (best first), by a scan in Python."""
    q = array("f", query_vector)
    q_norm = math.sqrt(sum(x * x for x in q)) or 1.0
    scored: list[tuple[float, int]] = []
    rows = db.raw.execute(
        "SELECT v.chunk_id, v.vector FROM knowledge_vectors v JOIN knowledge_chunks c ON c.id = v.chunk_id "
        "JOIN knowledge_documents d ON d.id = c.document_id WHERE d.project_id = ? AND v.model = ? "
        "AND v.dims = ?",
        (project_id, model, len(q)),
    )
    for chunk_id, data in rows:
        vec = _unblob(data)
        norm = math.sqrt(sum(x * x for x in vec)) or 1.0
        scored.append((-sum(a * b for a, b in zip(q, vec, strict=True)) / (norm * q_norm), chunk_id))
    scored.sort()
    return [cid for _, cid in scored[:k]]


def fuse(rankings: Sequence[Sequence[int]], k: int = RRF_K) -> list[tuple[int, float]]:
    """Reciprocal rank fusion of id rankings (each best first): ids by the sum of 1 / (k + rank)."""
    scores: dict[int, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking, start=1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


def hybrid_search(
    library: KnowledgeLibrary, endpoint: EmbeddingsEndpoint, query: str, top_k: int = 5, *, pool: int = 50
) -> list[Passage]:
    """BM25 and vector ranks fused (RRF); passages that only one side found are kept. A question with no
    indexable word is searched by meaning alone."""
    try:
        lexical = search(library.db, library.project_id, query, pool)
    except KnowledgeError as exc:
        if exc.code != e.QUERY_EMPTY:
            raise
        lexical = []
    [query_vector] = endpoint.embed([query])
    semantic = nearest(library.db, library.project_id, endpoint.model, query_vector, pool, library.folder)
    by_id: dict[int, Passage] = {p.chunk_id: p for p in lexical}
    missing = [cid for cid in semantic if cid not in by_id]
    for passage in library.passages(missing):
        by_id[passage.chunk_id] = passage
    fused = fuse([[p.chunk_id for p in lexical], semantic])
    return [replace(by_id[cid], score=score) for cid, score in fused[:top_k] if cid in by_id]
