"""workspace.commit: publish a workspace file to the chat as this run's message."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.runtime.effects import CommitRequested
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args

DEFAULT_PATH = "output/main.md"


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    path: str = Field(default=DEFAULT_PATH, description="The file to publish. Defaults to output/main.md.")


SPEC = ToolSpec(
    name=tn.WORKSPACE_COMMIT,
    description=(
        "Publish a workspace file to the chat as the reply the creator reads (default output/main.md). "
        "You may commit again after further revisions; the newest commit is what the creator sees."
    ),
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    rel, text = ctx.run.workspace.read(a.path, ctx.inv.roots)
    if not text.strip():
        raise ToolError(codes.WORKSPACE_COMMIT_EMPTY, f"{rel} is empty. Write the text before committing it.")
    return ToolResult("", effect=CommitRequested(path=rel, content=text), journal={"path": rel})


TOOL = Tool(SPEC, run)
