"""agent.delegate: ask a helper agent for a side task that reports back to you."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.runtime.delegation import policy
from relay_studio.runtime.delegation.rendering import render_task_brief
from relay_studio.runtime.effects import TaskDelegated
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args
from relay_studio.runtime.tools.schema import AskedText, shown_as


class _Task(BaseModel):
    """The task for the helper; further fields are kept as instructions."""

    model_config = ConfigDict(extra="allow")
    objective: str = Field(min_length=1, max_length=20_000, description="What the helper must do. Required.")
    title: str | None = Field(default=None, max_length=500, description="A short title for the task.")
    context: AskedText = Field(default=None, description="What the helper needs to know.")
    expected_output: AskedText = Field(default=None, alias="expectedOutput",
                                       description="What you want back, and in what form.")


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    agent_id: str = Field(alias="agentId", min_length=1,
                          description="Which helper; see agent_list with purpose 'delegate'.")
    # the task is checked below, with a sentence of its own
    task: Annotated[dict[str, Any], shown_as(_Task)] = Field(description="What you need from the helper.")


SPEC = ToolSpec(
    name=tn.AGENT_DELEGATE,
    description=(
        "Ask a helper agent to do a side task while you keep working. You get a task name back; collect "
        "the result with agent_await, or it is shown to you when it arrives."
    ),
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    run_ctx, inv = ctx.run, ctx.inv
    a = parse_args(_Args, args, SPEC.alias)
    try:
        checked = _Task.model_validate(a.task)
    except ValidationError:
        raise ToolError(
            codes.TOOL_INVALID_ARGUMENTS, "The task is not valid: task.objective is required and must be text."
        ) from None
    if not policy.can_delegate(inv):
        raise ToolError(codes.AGENT_DELEGATE_POLICY_DENIED, "You are not allowed to delegate tasks.")
    created = len(run_ctx.scheduler.of_parent(inv.id))
    limit = inv.profile.delegation.max_tasks_per_run
    if created >= limit:
        raise ToolError(
            codes.AGENT_TASK_LIMIT_REACHED,
            f"You have already started {created} helper tasks, the most allowed. Work with the results you have.",
        )
    target = policy.resolve_target(run_ctx, inv.profile, a.agent_id, "delegate")
    title = checked.title or checked.objective.strip().splitlines()[0][:80]
    # the loop has the scheduler create and start the task, and answers with the task's name
    return ToolResult("", effect=TaskDelegated(target=target, task=a.task, title=title,
                                               brief=render_task_brief(a.task, inv.profile.display_name),
                                               tool_call_id=ctx.call_id),
                      journal={"targetAgentId": target.id})


TOOL = Tool(SPEC, run)
