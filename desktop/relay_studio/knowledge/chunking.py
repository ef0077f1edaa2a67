"""Blocks into chunks: a chunk never crosses a page or a section, and is an exact slice of the
document's text (the blocks joined with blank lines), so its character range cites it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from relay_studio.knowledge.extract import Block

#: A chunk grows to about this many characters, then starts anew at a block or sentence boundary.
TARGET_CHARS = 1000
SEPARATOR = "\n\n"


@dataclass(frozen=True)
class Chunk:
    ordinal: int
    text: str
    page: int | None
    section: tuple[str, ...]
    char_start: int
    char_end: int


def document_text(blocks: list[Block]) -> str:
    return SEPARATOR.join(b.text for b in blocks)


def _pieces(text: str, limit: int) -> list[tuple[int, int]]:
    """(start, end) spans of one long block, cut after sentences or, failing that, at spaces."""
    spans: list[tuple[int, int]] = []
    start = 0
    while len(text) - start > limit:
        window = text[start : start + limit]
        cut = max((m.end() for m in re.finditer(r"[.!?。！？]\s*", window)), default=0)
        if cut < limit // 3:
            cut = window.rfind(" ") + 1
        if cut < limit // 3:
            cut = limit
        spans.append((start, start + cut))
        start += cut
    spans.append((start, len(text)))
    return spans


def chunk_blocks(blocks: list[Block], target: int = TARGET_CHARS) -> list[Chunk]:
    chunks: list[Chunk] = []
    offset = 0
    run_start: int | None = None
    run_end = 0
    run_key: tuple[int | None, tuple[str, ...]] | None = None
    full = document_text(blocks)

    def close() -> None:
        nonlocal run_start
        if run_start is not None and run_key is not None:
            text = full[run_start:run_end]
            if text.strip():
                chunks.append(Chunk(len(chunks), text, run_key[0], run_key[1], run_start, run_end))
        run_start = None

    for block in blocks:
        key = (block.page, block.section)
        if key != run_key or (run_start is not None and offset + len(block.text) - run_start > target):
            close()
        run_key = key
        if len(block.text) > target:
            close()
            for a, b in _pieces(block.text, target):
                run_start, run_end = offset + a, offset + b
                close()
        else:
            if run_start is None:
                run_start = offset
            run_end = offset + len(block.text)
        offset += len(block.text) + len(SEPARATOR)
    close()
    return chunks


def page_start(chunks: list[Chunk], page: int | None) -> int:
    """Where ``page`` starts in the document's text: its first chunk's first character (a chunk never crosses a
    page), so a citation counts characters within its page. 0 for a document without pages."""
    if page is None:
        return 0
    return min((c.char_start for c in chunks if c.page == page), default=0)
