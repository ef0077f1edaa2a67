"""library.update: change an existing story library entry, once the creator approves the new file."""

from __future__ import annotations

from typing import Any

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, string_list_prop, string_prop
from relay_studio.runtime.tools.library_writes import write_entry

SPEC = ToolSpec(
    name=tn.LIBRARY_UPDATE,
    description=(
        "Change a story library entry. Give its current name and only the fields to change; a list you give "
        "replaces the old list. The user reviews the change before it is saved."
    ),
    parameters={
        "type": "object",
        "properties": {
            "name": string_prop("The entry's current name or an alias."),
            "newName": string_prop("A new name for it."),
            "type": string_prop("A new type."),
            "description": string_prop("The complete new description (Markdown)."),
            "aliases": string_list_prop("The complete new list of other names."),
            "tags": string_list_prop("The complete new list of tags."),
            "alwaysInclude": {"type": "boolean", "description": "Show it to the agents even when not mentioned."},
        },
        "required": ["name"],
        "additionalProperties": False,
    },
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    return await write_entry(ctx, tn.LIBRARY_UPDATE, SPEC.alias, args)


TOOL = Tool(SPEC, run)
