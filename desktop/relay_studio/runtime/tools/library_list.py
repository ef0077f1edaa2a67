"""library.list: the entries of the story library, by type, optionally of one type or tag.

The entries are read on a worker thread over a connection of its own (``library_access.list_entries``): a
book's 1,000 entry files synced and parsed take tens of milliseconds, which on the loop is the window's GUI
thread."""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.library_access import list_entries
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: str | None = Field(default=None, description="Only entries of this type, for example 'character'.")
    tag: str | None = Field(default=None, description="Only entries with this tag.")


SPEC = ToolSpec(
    name=tn.LIBRARY_LIST,
    description=(
        "List the entries of the story library (characters, locations, items, lore, rules, plot threads "
        "and the creator's own types) with their aliases. Read one with library_read."
    ),
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    items = await asyncio.to_thread(list_entries, ctx.run)
    if a.type:
        items = [e for e in items if e.type == a.type.strip().lower()]
    if a.tag:
        items = [e for e in items if a.tag.strip().casefold() in (t.casefold() for t in e.tags)]
    if not items:
        return ToolResult("The story library has no entries" + (" of that kind." if a.type or a.tag else " yet."),
                          journal={"count": 0})
    lines = []
    for e in items:
        aka = f" (also: {', '.join(e.aliases)})" if e.aliases else ""
        tags = f" [{', '.join(e.tags)}]" if e.tags else ""
        lines.append(f"- {e.name} — {e.type}{aka}{tags}")
    return ToolResult("\n".join(lines), journal={"count": len(items)})


TOOL = Tool(SPEC, run)
