"""workspace.read_file: read one text file of the workspace."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    path: str = Field(description="The file to read, for example 'output/main.md'.")


SPEC = ToolSpec(
    name=tn.WORKSPACE_READ_FILE,
    description="Read a text file from the shared workspace.",
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    rel, text = ctx.run.workspace.read(a.path, ctx.inv.roots)
    return ToolResult(text if text else f"'{rel}' is empty.", journal={"path": rel, "chars": len(text)})


TOOL = Tool(SPEC, run)
