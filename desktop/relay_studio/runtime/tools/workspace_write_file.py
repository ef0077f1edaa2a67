"""workspace.write_file: create or replace a text file in the workspace."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args
from relay_studio.runtime.tools.file_writes import edited_note, write_file


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    path: str = Field(description="Where to write, for example 'output/main.md'.")
    content: str = Field(description="The complete new text of the file.")


SPEC = ToolSpec(
    name=tn.WORKSPACE_WRITE_FILE,
    description=(
        "Create or replace a text file in the shared workspace. Earlier versions are kept, so you can "
        "write drafts freely."
    ),
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    rel, version, edited = await write_file(ctx, a.path, a.content, tool=SPEC.alias)
    if edited:
        return ToolResult(edited_note(rel, ctx.run.workspace.read(rel, ctx.inv.roots)[1]),
                          journal={"path": rel, "version": version, "edited": True})
    return ToolResult(f"Wrote {rel} ({len(a.content)} characters).", journal={"path": rel, "version": version})


TOOL = Tool(SPEC, run)
