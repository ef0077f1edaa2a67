"""A knowledge passage as HTML: its citation, and its text with the searched words marked."""

from __future__ import annotations

import html
import re

from relay_studio.knowledge.library import Passage
from relay_studio.knowledge.tokens import terms
from relay_studio.ui.library.citations import citation_href

MARK = '<span style="background-color:#ffd75e; color:#1a1a1a;">'


def _term_pattern(term: str) -> str:
    if any(ord(ch) > 0x2E7F for ch in term):  # CJK: matched anywhere, as the index does
        return re.escape(term)
    stem = term[: max(3, len(term) - 2)] if len(term) > 4 else term  # the index stems English endings
    return rf"(?<!\w){re.escape(stem)}\w*"


def match_pattern(query: str) -> re.Pattern[str] | None:
    words = sorted(set(terms(query)), key=len, reverse=True)
    return re.compile("|".join(_term_pattern(w) for w in words), re.IGNORECASE) if words else None


def marked(text: str, pattern: re.Pattern[str] | None) -> str:
    """``text`` escaped, with each match in a highlight span, line breaks kept."""
    if pattern is None:
        return html.escape(text).replace("\n", "<br>")
    out: list[str] = []
    at = 0
    for m in pattern.finditer(text):
        if m.end() == m.start():
            continue
        out.append(html.escape(text[at:m.start()]))
        out.append(f"{MARK}{html.escape(m.group(0))}</span>")
        at = m.end()
    out.append(html.escape(text[at:]))
    return "".join(out).replace("\n", "<br>")


def passages_html(passages: list[Passage], query: str) -> str:
    pattern = match_pattern(query)
    blocks = []
    for n, p in enumerate(passages, 1):
        href = html.escape(citation_href(p.document_id, p.char_start, p.char_end))
        blocks.append(f'<p style="margin-bottom:2px;"><b>{n}. <a href="{href}">{html.escape(p.citation())}</a></b></p>'
                      f'<p style="margin-top:0; margin-bottom:10px;">{marked(p.text, pattern)}</p>')
    return "".join(blocks)
