"""A review's typed result as the asking agent reads it: a short verdict, the issues or suggestions, what
to do next, and the result itself as JSON (the capsule of the delegated review)."""

from __future__ import annotations

import json
import re
from typing import Any

from relay_studio.knowledge.library import Passage
from relay_studio.runtime.review.book import effective_status

_NEXT = {
    "clean": "No problem found: you may write this draft now.",
    "warning": "Mention the warnings to the creator in your reply; you may go on with this draft.",
    "conflict": "Tell the creator about the conflicts before you write. If you still write this draft, the creator "
                "sees these issues beside it and decides.",
}


def _json(result: dict[str, Any]) -> str:
    return "```json\n" + json.dumps(result, ensure_ascii=False, indent=1) + "\n```"


def consistency_text(name: str, type_: str, reviewer: str, result: dict[str, Any], gated: bool) -> str:
    status = effective_status(result)
    lines = [f"Consistency review of \u201c{name}\u201d ({type_}) by {reviewer}: {status}."]
    for issue in result.get("issues") or []:
        quote = f" \u201c{issue['quote']}\u201d" if issue.get("quote") else ""
        fix = f" Suggestion: {issue['suggestion']}" if issue.get("suggestion") else ""
        lines.append(f"- {issue.get('severity')} \u00b7 {issue.get('entry')}:{quote} {issue.get('explanation')}{fix}")
    lines.append(_NEXT[status])
    if gated:
        lines.append(f"This review counts for exactly this draft of \u201c{name}\u201d ({type_}): a changed draft, or "
                     "another entry, needs a review of its own.")
    return "\n".join(lines) + "\n\n" + _json(result)


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def _names(p: Passage) -> set[str]:
    return {_squash(p.title), _squash(p.file_name), _squash(p.file_name.rsplit(".", 1)[0])}


def verified(quote: str, passages: list[Passage], document: object = None, page: object = None) -> bool:
    """Whether a citation's quote is really in one of the passages the reviewer was given, of the document
    it names (its title or file name) and on the page it names when both have pages: a passage that asks
    to be cited as another document, or a document that does not exist, is not a citation."""
    wanted = _squash(quote)
    named = _squash(str(document)) if document else ""
    return bool(wanted) and any(
        wanted in _squash(p.text) and (not named or named in _names(p))
        and (page is None or p.page is None or page == p.page) for p in passages)


def rules_text(reviewer: str, result: dict[str, Any], passages: list[Passage]) -> tuple[str, int]:
    """The agent's text, and how many citations quote nothing the passages hold."""
    lines = [f"Rules advice from {reviewer}: {result.get('summary', '').strip()}"]
    unverified = 0
    for s in result.get("suggestions") or []:
        c = s.get("citation") or {}
        page = f", page {c['page']}" if c.get("page") is not None else ""
        ok = verified(str(c.get("quote") or ""), passages, c.get("document"), c.get("page"))
        unverified += not ok
        flag = "" if ok else " (this quote is not in the passages found: do not rely on it)"
        extra = f" [{s['severity']}]" if s.get("severity") else ""
        field = f" (affects {s['affectedField']})" if s.get("affectedField") else ""
        patch = f" Suggested change: {s['suggestionPatch']}" if s.get("suggestionPatch") else ""
        lines.append(f"- {s.get('text')}{extra}{field} \u2014 \u201c{c.get('document')}\u201d{page}: "
                     f"\u201c{c.get('quote')}\u201d{flag}{patch}")
    return "\n".join(lines) + "\n\n" + _json(result), unverified
