"""task.return: a helper's report back to the agent who delegated the task (helpers only)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.effects import TaskReturned
from relay_studio.runtime.tools.base import (
    Tool,
    ToolContext,
    ToolResult,
    ToolSpec,
    parse_args,
)


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    summary: str = Field(min_length=1, max_length=20_000,
                         description="What you did and what you found, in a few sentences. Required.")
    status: Literal["completed", "partial", "failed"] = "completed"
    findings: list[str] = Field(default_factory=list, description="The main results, one per item.")
    warnings: list[str] = Field(default_factory=list, description="Anything the other agent should be careful about.")
    artifacts: list[str] = Field(default_factory=list, description="Workspace files you wrote for them.")


SPEC = ToolSpec(
    name=tn.TASK_RETURN,
    description=(
        "Report back to the agent who gave you this task. This ends your work on it, so include "
        "everything they need."
    ),
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    result = a.model_dump()
    return ToolResult("Your result was delivered.", effect=TaskReturned(status=a.status, result=result))


TOOL = Tool(SPEC, run)
