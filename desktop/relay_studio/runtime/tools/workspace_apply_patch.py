"""workspace.apply_patch: replace one exact, unique passage of a file."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args
from relay_studio.runtime.tools.file_writes import edited_note, write_file


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    path: str = Field(description="The file to change.")
    old_string: str = Field(min_length=1, description="The exact passage to replace; it must occur exactly once.")
    new_string: str = Field(description="The text to put in its place.")


SPEC = ToolSpec(
    name=tn.WORKSPACE_APPLY_PATCH,
    description=(
        "Change part of a workspace file: old_string must appear exactly once in the file and is replaced "
        "by new_string. Read the file first so old_string matches it character for character."
    ),
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    ctx.run.workspace.check(a.path, ctx.inv.roots, write=True)
    rel, text = ctx.run.workspace.read(a.path, ctx.inv.roots)
    count = text.count(a.old_string)
    if count == 0:
        raise ToolError(
            codes.WORKSPACE_PATCH_NO_MATCH,
            f"old_string does not occur in {rel}. Read the file again and copy the passage exactly.",
        )
    if count > 1:
        raise ToolError(
            codes.WORKSPACE_PATCH_AMBIGUOUS,
            f"old_string occurs {count} times in {rel}. Include more surrounding text so it is unique.",
        )
    rel, version, edited = await write_file(ctx, rel, text.replace(a.old_string, a.new_string, 1), tool=SPEC.alias)
    if edited:
        return ToolResult(edited_note(rel, ctx.run.workspace.read(rel, ctx.inv.roots)[1]),
                          journal={"path": rel, "version": version, "edited": True})
    return ToolResult(f"Patched {rel}.", journal={"path": rel, "version": version})


TOOL = Tool(SPEC, run)
