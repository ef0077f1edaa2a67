"""library.update: change an existing story library entry, once the creator approves the new file."""

from __future__ import annotations

from typing import Any

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.library_access import UpdateArgs
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec
from relay_studio.runtime.tools.library_writes import write_entry

SPEC = ToolSpec(
    name=tn.LIBRARY_UPDATE,
    description=(
        "Change a story library entry. Give its current name and only the fields to change; a list you give "
        "replaces the old list. The user reviews the change before it is saved."
    ),
    args=UpdateArgs,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    return await write_entry(ctx, tn.LIBRARY_UPDATE, SPEC.alias, args)


TOOL = Tool(SPEC, run)
