"""Semantic search over a loopback embeddings server speaking the OpenAI (``/v1/embeddings``) and Ollama
(``/api/embed``) wire formats, fused with BM25 by reciprocal rank."""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from relay_studio.knowledge import errors as e
from relay_studio.knowledge import vector_index
from relay_studio.knowledge.errors import KnowledgeError
from relay_studio.knowledge.library import KnowledgeLibrary
from relay_studio.knowledge.semantic import (
    EmbeddingsEndpoint,
    embed_missing,
    fuse,
    hybrid_search,
    nearest,
    nearest_scan,
)
from relay_studio.store.database import Database

#: The test model's meaning space: words of one concept share a dimension.
CONCEPTS = [
    {"grapple", "grappling", "wrestle", "wrestling", "hold", "pin", "clinch"},
    {"fire", "fireball", "flame", "flames", "burn", "burning", "blaze"},
    {"boat", "ship", "sail", "harbour", "anchor"},
]


def _embed(text: str) -> list[float]:
    words = {w.strip(".,?!").lower() for w in text.split()}
    return [float(len(words & c)) for c in CONCEPTS] + [0.01]


def _hashed(text: str, dims: int = 32) -> list[float]:
    """A model whose every text has a distinct direction (no ties): ranks compare exactly."""
    digest = hashlib.sha256(text.encode()).digest()
    return [(b - 127.5) / 127.5 for b in (digest * 2)[:dims]]


class _Server(ThreadingHTTPServer):
    requests: list[tuple[str, dict[str, str], dict[str, Any]]]
    status: int
    model: Callable[[str], list[float]]


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.server.requests.append((self.path, dict(self.headers), body))
        if self.server.status != 200:
            payload = {"error": {"message": "model not loaded"}}
        elif self.path == "/v1/embeddings":
            payload = {"object": "list", "model": body["model"], "usage": {"prompt_tokens": 1, "total_tokens": 1},
                       "data": [{"object": "embedding", "index": i, "embedding": self.server.model(t)}
                                for i, t in reversed(list(enumerate(body["input"])))]}
        elif self.path == "/api/embed":
            payload = {"model": body["model"], "embeddings": [self.server.model(t) for t in body["input"]]}
        else:
            self.send_error(404)
            return
        data = json.dumps(payload).encode()
        self.send_response(self.server.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *_args: Any) -> None:
        pass


@pytest.fixture
def server() -> Iterator[_Server]:
    srv = _Server(("127.0.0.1", 0), _Handler)
    srv.requests, srv.status, srv.model = [], 200, _embed
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


@pytest.fixture
def library(tmp_path: Path) -> Iterator[KnowledgeLibrary]:
    db = Database(tmp_path / "data" / "relay.sqlite3")
    lib = KnowledgeLibrary(db, "default", tmp_path / "project")
    notes = tmp_path / "rules.md"
    notes.write_text("# Combat\n\nTo wrestle a foe you need one free hand and a clinch.\n\n"
                     "# Spells\n\nA blaze of flames burns everything nearby.\n\n"
                     "# Travel\n\nThe ship drops anchor in the harbour.\n", encoding="utf-8")
    lib.import_files([notes])
    yield lib
    db.close()


def _url(server: _Server) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}"


def test_openai_embeddings_find_by_meaning_and_fuse_with_bm25(library: KnowledgeLibrary, server: _Server) -> None:
    endpoint = EmbeddingsEndpoint(_url(server) + "/v1", "text-embed-small", api_key="sk-test")
    assert library.search("grappling") == []  # no shared word: BM25 alone finds nothing
    assert embed_missing(library, endpoint) == 3
    assert embed_missing(library, endpoint) == 0  # already there
    path, headers, body = server.requests[0]
    assert path == "/v1/embeddings" and headers["Authorization"] == "Bearer sk-test"
    assert body["model"] == "text-embed-small" and len(body["input"]) == 3
    [hit, *_] = hybrid_search(library, endpoint, "grappling", 3)
    assert hit.section == ("Combat",) and "wrestle" in hit.text
    assert hit.citation().startswith("\u201cCombat\u201d, section \u201cCombat\u201d, characters 0\u2013")
    # a passage both sides rank first wins over one only meaning finds
    both = hybrid_search(library, endpoint, "harbour fire", 3)
    assert both[0].section == ("Travel",) and {p.section for p in both[:2]} == {("Travel",), ("Spells",)}


def test_ollama_wire_format(library: KnowledgeLibrary, server: _Server) -> None:
    endpoint = EmbeddingsEndpoint(_url(server), "nomic-embed-text", api="ollama")
    embed_missing(library, endpoint)
    assert server.requests[0][0] == "/api/embed" and "Authorization" not in server.requests[0][1]
    assert hybrid_search(library, endpoint, "burning", 1)[0].section == ("Spells",)


def test_a_failing_server_is_named_and_nothing_is_stored(library: KnowledgeLibrary, server: _Server) -> None:
    server.status = 503
    endpoint = EmbeddingsEndpoint(_url(server) + "/v1", "m")
    with pytest.raises(KnowledgeError) as err:
        embed_missing(library, endpoint)
    assert err.value.code == e.EMBEDDINGS_FAILED
    assert err.value.message.startswith(f"The embeddings server at {_url(server)}/v1 answered 503:")
    assert library.db.raw.execute("SELECT count(*) FROM knowledge_vectors").fetchone() == (0,)


def test_removing_a_document_removes_its_vectors(library: KnowledgeLibrary, server: _Server) -> None:
    embed_missing(library, EmbeddingsEndpoint(_url(server) + "/v1", "m"))
    library.remove("rules.md")
    assert library.db.raw.execute("SELECT count(*) FROM knowledge_vectors").fetchone() == (0,)


def test_reciprocal_rank_fusion() -> None:
    fused = fuse([[1, 2, 3], [3, 1, 4]])
    assert [cid for cid, _ in fused] == [1, 3, 2, 4]
    assert fused[0][1] == pytest.approx(1 / 61 + 1 / 62)


def test_cli_embed_and_semantic_search_through_a_connection(
        server: _Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from relay_studio.cli import main

    data = ["--data-dir", str(tmp_path / "cli")]
    notes = tmp_path / "combat.md"
    notes.write_text("# Combat\n\nTo wrestle a foe you need a free hand.\n\n# Travel\n\nThe ship sails.\n",
                     encoding="utf-8")
    assert main([*data, "knowledge", "add", str(notes)]) == 0
    assert main([*data, "connections", "add", "local", "--kind", "openai_compatible",
                 "--base-url", _url(server) + "/v1", "--model", "chat-model"]) == 0
    capsys.readouterr()
    assert main([*data, "knowledge", "search", "grappling", "--semantic", "--connection", "local"]) == 2
    assert capsys.readouterr().err == ("error: semantic search needs --connection ID and --embedding-model "
                                       "MODEL.\n")
    assert main([*data, "knowledge", "embed", "--connection", "local", "--embedding-model", "emb"]) == 0
    assert capsys.readouterr().out == "embedded 2 passages\n"
    assert main([*data, "knowledge", "embed", "--connection", "local", "--embedding-model", "emb", "--json"]) == 0
    embedded = json.loads(capsys.readouterr().out)
    assert embedded["embedded"] == 0 and embedded["nearestBy"].startswith("sqlite-vec 0.")
    assert main([*data, "knowledge", "search", "grappling", "--semantic", "--connection", "local",
                 "--embedding-model", "emb", "--top-k", "1", "--json"]) == 0
    [hit] = json.loads(capsys.readouterr().out)
    assert hit["section"] == ["Combat"] and "wrestle" in hit["text"]
    assert {r[0] for r in server.requests} == {"/v1/embeddings"}
    assert main([*data, "knowledge", "embed", "--connection", "nope", "--embedding-model", "emb"]) == 2
    assert "there is no connection 'nope'" in capsys.readouterr().err


def _many_sections(tmp_path: Path, name: str, count: int) -> Path:
    path = tmp_path / name
    path.write_text("".join(f"# Part {i}\n\nThe note numbered {i} of {name}.\n\n" for i in range(count)),
                    encoding="utf-8")
    return path


def test_sqlite_vec_ranks_as_the_scan_does_and_follows_every_change(tmp_path: Path, server: _Server) -> None:
    assert vector_index.unavailable_reason() is None  # apsw and sqlite-vec load here
    server.model = _hashed
    db = Database(tmp_path / "data" / "relay.sqlite3")
    try:
        lib = KnowledgeLibrary(db, "default", tmp_path / "project")
        other = KnowledgeLibrary(db, "other", tmp_path / "other")
        lib.import_files([_many_sections(tmp_path, "a.md", 40), _many_sections(tmp_path, "b.md", 30)])
        other.import_files([_many_sections(tmp_path, "c.md", 20)])
        endpoint = EmbeddingsEndpoint(_url(server) + "/v1", "hash-32")
        assert embed_missing(lib, endpoint) == 70 and embed_missing(other, endpoint) == 20
        queries = [_hashed(f"query {i}") for i in range(8)]
        built = vector_index.open_index(lib.folder, "hash-32", 32)  # embedding built the index: no sync here
        assert built is not None
        assert built.nearest(queries[0], 10) == nearest_scan(db, "default", "hash-32", queries[0], 10)
        built.close()
        for q in queries:
            assert vector_index.nearest_indexed(db, "default", lib.folder, "hash-32", q, 10) == \
                nearest_scan(db, "default", "hash-32", q, 10)
        index_file = lib.folder / vector_index.INDEX_FILE
        assert index_file.is_file()  # its own file: the main database is never opened by a second SQLite
        # the other project's chunks are never found from this one
        other_ids = {r[0] for r in db.raw.execute(
            "SELECT c.id FROM knowledge_chunks c JOIN knowledge_documents d ON d.id = c.document_id "
            "WHERE d.project_id = 'other'")}
        assert not other_ids & set(nearest(db, "default", "hash-32", queries[0], 70, lib.folder))
        # a removed document leaves the index at the next search; new vectors join it
        lib.remove("b.md")
        found = vector_index.nearest_indexed(db, "default", lib.folder, "hash-32", queries[1], 70)
        assert found is not None
        assert len(found) == 40 and found == nearest_scan(db, "default", "hash-32", queries[1], 70)
        lib.import_files([_many_sections(tmp_path, "d.md", 5)])
        assert embed_missing(lib, endpoint) == 5
        assert vector_index.nearest_indexed(db, "default", lib.folder, "hash-32", queries[2], 45) == \
            nearest_scan(db, "default", "hash-32", queries[2], 45)
        # another model has an index of its own
        embed_missing(lib, EmbeddingsEndpoint(_url(server) + "/v1", "hash-32-b"))
        assert vector_index.nearest_indexed(db, "default", lib.folder, "hash-32-b", queries[3], 5) == \
            nearest_scan(db, "default", "hash-32-b", queries[3], 5)
        # the index derives from the main database: a file damaged while closed (say between two starts) is
        # rebuilt at the next search, nothing is lost
        vector_index.close_indexes()
        index_file.write_bytes(b"not a database at all" * 100)
        for suffix in ("-wal", "-shm"):
            index_file.with_name(index_file.name + suffix).unlink(missing_ok=True)
        assert vector_index.nearest_indexed(db, "default", lib.folder, "hash-32", queries[4], 10) == \
            nearest_scan(db, "default", "hash-32", queries[4], 10)
        rebuilt = vector_index.open_index(lib.folder, "hash-32", 32)  # a connection of its own: the file holds them
        assert rebuilt is not None
        assert rebuilt.nearest(queries[4], 10) == nearest_scan(db, "default", "hash-32", queries[4], 10)
        rebuilt.close()
        # and the fused search goes through it
        [hit] = hybrid_search(lib, endpoint, "The note numbered 7 of a.md.", 1)
        assert hit.section == ("Part 7",)
    finally:
        vector_index.close_indexes()
        db.close()


def test_without_sqlite_vec_the_scan_answers_and_the_reason_is_logged_once(
        library: KnowledgeLibrary, server: _Server, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setitem(__import__("sys").modules, "sqlite_vec", None)  # as where no wheel installed
    monkeypatch.setattr(vector_index, "_checked", False)
    monkeypatch.setattr(vector_index, "_unavailable", None)
    endpoint = EmbeddingsEndpoint(_url(server) + "/v1", "text-embed-small")
    embed_missing(library, endpoint)
    with caplog.at_level(logging.WARNING, logger=vector_index.__name__):
        assert hybrid_search(library, endpoint, "grappling", 1)[0].section == ("Combat",)
        assert hybrid_search(library, endpoint, "burning", 1)[0].section == ("Spells",)
    warnings = [r.getMessage() for r in caplog.records if r.name == vector_index.__name__]
    assert len(warnings) == 1 and "sqlite-vec cannot be loaded (ModuleNotFoundError" in warnings[0]
    assert vector_index.backend().startswith("python scan (ModuleNotFoundError")
    assert not (library.folder / vector_index.INDEX_FILE).exists()
