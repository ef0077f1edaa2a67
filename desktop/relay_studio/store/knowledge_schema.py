"""The knowledge tables, created by the store's migration (``store.migrations._migrate_knowledge``); kept in
``store/`` so the store imports nothing of the knowledge library above it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: The FTS5 tokenizer of the knowledge index (``knowledge/tokens.py`` says what it does); ``knowledge/short_texts.py``
#: ranks a project's canon facts with the same one.
FTS_TOKENIZE = "porter unicode61 remove_diacritics 2"

STATEMENTS = (
    """CREATE TABLE IF NOT EXISTS knowledge_documents (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        title TEXT NOT NULL,
        file_name TEXT NOT NULL,
        source_name TEXT NOT NULL,
        kind TEXT NOT NULL,
        size_bytes INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        pages INTEGER,
        chunk_count INTEGER NOT NULL,
        added_at TEXT NOT NULL,
        UNIQUE (project_id, file_name)
    )""",
    "CREATE INDEX IF NOT EXISTS ix_knowledge_documents_sha ON knowledge_documents (project_id, sha256)",
    """CREATE TABLE IF NOT EXISTS knowledge_chunks (
        id INTEGER PRIMARY KEY,
        document_id TEXT NOT NULL REFERENCES knowledge_documents (id) ON DELETE CASCADE,
        ordinal INTEGER NOT NULL,
        page INTEGER,
        section_json TEXT NOT NULL,
        char_start INTEGER NOT NULL,
        char_end INTEGER NOT NULL,
        text TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS ix_knowledge_chunks_document ON knowledge_chunks (document_id, ordinal)",
    # Optional embeddings (knowledge.semantic): one float32 vector per chunk and model.
    """CREATE TABLE IF NOT EXISTS knowledge_vectors (
        chunk_id INTEGER NOT NULL REFERENCES knowledge_chunks (id) ON DELETE CASCADE,
        model TEXT NOT NULL,
        dims INTEGER NOT NULL,
        vector BLOB NOT NULL,
        PRIMARY KEY (chunk_id, model)
    )""",
    # rowid = knowledge_chunks.id; body is tokens.index_text(chunk text).
    f"CREATE VIRTUAL TABLE IF NOT EXISTS knowledge_fts USING fts5(body, tokenize = '{FTS_TOKENIZE}')",
)


def create_knowledge_tables(execute: Callable[[str], Any]) -> None:
    for statement in STATEMENTS:
        execute(statement)
