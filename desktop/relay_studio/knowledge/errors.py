"""Error codes of the knowledge library (short names for the codes spelled in ``domain/error_codes.py``);
messages name the file and the problem."""

from __future__ import annotations

from relay_studio.domain import error_codes as codes
from relay_studio.domain.coded_error import CodedError

FILE_TOO_LARGE = codes.KNOWLEDGE_FILE_TOO_LARGE
FILE_UNREADABLE = codes.KNOWLEDGE_FILE_UNREADABLE
UNSUPPORTED_TYPE = codes.KNOWLEDGE_UNSUPPORTED_TYPE
NO_TEXT = codes.KNOWLEDGE_NO_TEXT
PDF_TRUNCATED = codes.KNOWLEDGE_PDF_TRUNCATED
PDF_ENCRYPTED = codes.KNOWLEDGE_PDF_ENCRYPTED
PDF_BROKEN = codes.KNOWLEDGE_PDF_BROKEN
EPUB_BROKEN = codes.KNOWLEDGE_EPUB_BROKEN
DUPLICATE = codes.KNOWLEDGE_DUPLICATE
CANCELLED = codes.KNOWLEDGE_CANCELLED
DOCUMENT_NOT_FOUND = codes.KNOWLEDGE_DOCUMENT_NOT_FOUND
QUERY_EMPTY = codes.KNOWLEDGE_QUERY_EMPTY
EMBEDDINGS_FAILED = codes.KNOWLEDGE_EMBEDDINGS_FAILED

#: Largest file the library imports. Stated in docs/knowledge.md and in the refusal itself.
MAX_FILE_BYTES = 200 * 1024 * 1024


class KnowledgeError(CodedError):
    """A file or request the library refuses; ``message`` is one sentence naming the file and problem."""
