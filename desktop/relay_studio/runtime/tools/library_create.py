"""library.create: a new story library entry, written once the creator approves the file."""

from __future__ import annotations

from typing import Any

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.library_access import CreateArgs
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec
from relay_studio.runtime.tools.library_writes import write_entry

SPEC = ToolSpec(
    name=tn.LIBRARY_CREATE,
    description=(
        "Add an entry to the story library: a character, location, item, lore, rule, plot thread or another "
        "type. The user reviews the new entry before it is saved. Once saved, it is shown to every agent whose "
        "conversation mentions its name or an alias."
    ),
    args=CreateArgs,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    return await write_entry(ctx, tn.LIBRARY_CREATE, SPEC.alias, args)


TOOL = Tool(SPEC, run)
