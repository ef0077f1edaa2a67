"""Error codes of the knowledge library, spelled once; messages name the file and the problem."""

from __future__ import annotations

FILE_TOO_LARGE = "knowledge.file_too_large"
FILE_UNREADABLE = "knowledge.file_unreadable"
UNSUPPORTED_TYPE = "knowledge.unsupported_type"
NO_TEXT = "knowledge.no_text"
PDF_TRUNCATED = "knowledge.pdf_truncated"
PDF_ENCRYPTED = "knowledge.pdf_encrypted"
PDF_BROKEN = "knowledge.pdf_broken"
EPUB_BROKEN = "knowledge.epub_broken"
DUPLICATE = "knowledge.duplicate"
CANCELLED = "knowledge.cancelled"
DOCUMENT_NOT_FOUND = "knowledge.document_not_found"
QUERY_EMPTY = "knowledge.query_empty"
EMBEDDINGS_FAILED = "knowledge.embeddings_failed"

#: Largest file the library imports. Stated in docs/knowledge.md and in the refusal itself.
MAX_FILE_BYTES = 200 * 1024 * 1024


class KnowledgeError(Exception):
    """A file or request the library refuses; ``message`` is one sentence naming the file and problem."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
