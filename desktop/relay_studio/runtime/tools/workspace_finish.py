"""workspace.finish: end the run once the reply has been committed."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.runtime.effects import Finish
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    summary: str = Field(default="", description="One or two sentences on what was delivered.")


SPEC = ToolSpec(
    name=tn.WORKSPACE_FINISH,
    description=(
        "End the run when the committed reply is final. Someone in this relay must have committed with "
        "workspace_commit first. Any helper tasks you started that are still working are stopped."
    ),
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    if not ctx.run.ledger.has_commit:
        raise ToolError(
            codes.AGENT_FOREGROUND_COMMIT_REQUIRED,
            "Nothing has been committed to the chat yet. Commit the reply with workspace_commit, then finish.",
        )
    return ToolResult("The run is finished.", effect=Finish(summary=a.summary))


TOOL = Tool(SPEC, run)
