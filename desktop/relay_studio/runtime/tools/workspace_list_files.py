"""workspace.list_files: what is in the shared workspace."""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args

#: Files one answer lists; the rest are counted.
MAX_LISTED = 500


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    path: str | None = Field(default=None, description="Folder to list, for example 'output'. Leave out to list all.")


SPEC = ToolSpec(
    name=tn.WORKSPACE_LIST_FILES,
    description="List the files in the shared workspace, optionally only under one folder.",
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    # A big tree takes a while to walk: off the event loop, so the loop (and a cancel) never waits for it.
    files = await asyncio.to_thread(ctx.run.workspace.files, ctx.inv.roots, a.path)
    if not files:
        return ToolResult("The workspace has no files there yet.")
    lines = [f"- {path} ({size} bytes)" for path, size in files[:MAX_LISTED]]
    more = (f"\n(showing the first {MAX_LISTED} of {len(files)} files; list a folder to see the rest)"
            if len(files) > MAX_LISTED else "")
    return ToolResult("Files:\n" + "\n".join(lines) + more, journal={"count": len(files)})


TOOL = Tool(SPEC, run)
