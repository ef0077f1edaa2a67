"""library.read: one entry of the story library, its description as the agents see it (looked up on a worker
thread, ``library_access.find_entry``: the lookup syncs the library's files first)."""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.library.macros import shown_entry
from relay_studio.library.mentions import render_item
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.library_access import find_entry
from relay_studio.runtime.prompts import macro_names
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args

#: the most of one entry an agent reads at once: an imported entry may be up to 256 KB (a size bomb set to
#: fire always would otherwise fill the agent's context on every read)
MAX_READ_CHARS = 24_000


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, description="The entry's name or one of its aliases.")


SPEC = ToolSpec(
    name=tn.LIBRARY_READ,
    description="Read one story library entry by its name or an alias: its type, aliases, tags and description.",
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    found = await asyncio.to_thread(find_entry, ctx.run, a.name)
    if found is None:
        raise ToolError(codes.LIBRARY_ENTRY_NOT_FOUND,
                        f"There is no entry '{a.name}' in the story library. Use library_list or library_search "
                        "to find it.")
    e = shown_entry(found.entry, macro_names(ctx.run, ctx.inv))
    tags = f"\nTags: {', '.join(e.tags)}" if e.tags else ""
    text = render_item(e)
    cut = len(text) > MAX_READ_CHARS
    if cut:
        text = (text[:MAX_READ_CHARS] + f"\n\n[The entry goes on for {len(text) - MAX_READ_CHARS} more characters, "
                "left out here. Ask the creator if you need the rest.]")
    return ToolResult(text + tags, journal={"entry": e.name, **({"cut": True} if cut else {})})


TOOL = Tool(SPEC, run)
