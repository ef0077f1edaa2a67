"""library.search: entries whose name, aliases, tags or description contain the words asked for."""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.library_access import need_library, own_database, shown_entries
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args

MAX_RESULTS = 20


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(min_length=1, description="Words to look for, for example 'silver sword'.")


SPEC = ToolSpec(
    name=tn.LIBRARY_SEARCH,
    description=(
        "Search the story library: entries whose name, aliases, tags or description contain every word of "
        "the query (case-insensitive), best matches first, with a short excerpt."
    ),
    args=_Args,
)


def _excerpt(text: str, word: str) -> str:
    at = text.casefold().find(word)
    if at < 0:
        return text[:160].replace("\n", " ")
    start = max(0, at - 60)
    return ("…" if start else "") + text[start:at + 100].replace("\n", " ") + "…"


def search_entries(run: RunContext, inv: InvocationState, words: list[str]) -> list[tuple[int, str, str]]:
    """The matching entries (score, name, line), on a connection of its own: any thread (the tool's worker) may
    call it. A book's 1,000 entry files synced and scanned took tens of milliseconds, which on the loop is the
    window's GUI thread."""
    scored: list[tuple[int, str, str]] = []
    with own_database(run) as db:
        entries = shown_entries(run, inv, need_library(run, db))
    for e in entries:
        head = " ".join([*e.names, *e.tags]).casefold()
        body = e.description.casefold()
        if not all(w in head or w in body for w in words):
            continue
        score = sum(3 if w in head else 1 for w in words)
        scored.append((score, e.name, f"- {e.name} — {e.type}: {_excerpt(e.description, words[0])}"))
    return scored


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    words = [w.casefold() for w in a.query.split() if w.strip()]
    scored = await asyncio.to_thread(search_entries, ctx.run, ctx.inv, words)
    if not scored:
        return ToolResult(f"No story library entry mentions '{a.query}'.", journal={"hits": 0})
    scored.sort(key=lambda s: (-s[0], s[1].casefold()))
    return ToolResult("\n".join(line for _s, _n, line in scored[:MAX_RESULTS]), journal={"hits": len(scored)})


TOOL = Tool(SPEC, run)
