"""Citations of knowledge passages as links: ``cite:<document id>/<first char>-<end char>``.

The ``knowledge.search`` tool journals its passages' citations (``tool_call_completed.citations``:
documentId, title, page, section, charStart, charEnd, citation); the chat's Sources row, the timeline's
detail pane and the Library dock's search results link them with ``citation_href``, and a click opens
the document in the Library dock at that range (``Studio.open_citation`` → ``KnowledgeView``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

SCHEME = "cite"
_HREF = re.compile(r"^cite:([^/]+)/(\d+)-(\d+)$")


@dataclass(frozen=True)
class CitationTarget:
    document_id: str
    char_start: int
    char_end: int


def citation_href(document_id: str, char_start: int, char_end: int) -> str:
    return f"{SCHEME}:{document_id}/{int(char_start)}-{int(char_end)}"


def parse_citation_href(href: str) -> CitationTarget | None:
    match = _HREF.match(href)
    return CitationTarget(match[1], int(match[2]), int(match[3])) if match else None


def citation_text(c: dict[str, Any]) -> str:
    """What a citation says (as the agent read it), rebuilt when a journal entry lacks the sentence."""
    if c.get("citation"):
        return str(c["citation"])
    parts = [f"\u201c{c.get('title', '')}\u201d"]
    if c.get("page") is not None:
        parts.append(f"page {c['page']}")
    if c.get("section"):
        parts.append("section \u201c" + " › ".join(map(str, c["section"])) + "\u201d")
    at = int(c.get("pageStart", 0)) if c.get("page") is not None else 0  # counted within the page
    parts.append(f"characters {int(c.get('charStart', 0)) - at}\u2013{int(c.get('charEnd', 0)) - at}")
    return ", ".join(parts)


def citation_link(c: dict[str, Any]) -> str:
    """One citation as an HTML link."""
    href = citation_href(str(c.get("documentId", "")), int(c.get("charStart", 0)), int(c.get("charEnd", 0)))
    return f'<a href="{html.escape(href)}">{html.escape(citation_text(c))}</a>'


def distinct(citations: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each cited range once, in the order first cited."""
    seen: set[tuple[str, int, int]] = set()
    out: list[dict[str, Any]] = []
    for c in citations:
        key = (str(c.get("documentId", "")), int(c.get("charStart", 0)), int(c.get("charEnd", 0)))
        if key[0] and key not in seen:
            seen.add(key)
            out.append(c)
    return out
