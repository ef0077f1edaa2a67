"""agent.delegate: ask a helper agent for a side task that reports back to you."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain import tool_names as tn
from relay_studio.domain.enums import ExitPolicy, InvocationKind, TaskContinuation
from relay_studio.domain.messages import Message
from relay_studio.runtime import transitions
from relay_studio.runtime.context import ChildTask, InvocationState
from relay_studio.runtime.delegation import policy
from relay_studio.runtime.delegation.rendering import render_task_brief
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args
from relay_studio.runtime.tools.schema import AskedText, shown_as
from relay_studio.store.database import new_id


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
    handle = run_ctx.next_handle()
    child = InvocationState(
        id=new_id("inv"),
        profile=target,
        kind=InvocationKind.SUBAGENT,
        exit_policy=ExitPolicy.TASK_RETURN_REQUIRED,
        depth=inv.depth,
        parent_id=inv.id,
        task_handle=handle,
    )
    child.messages = [Message(role="user", content=render_task_brief(a.task, inv.profile.display_name))]
    task_id = new_id("task")
    child.incoming_task_id = task_id
    with run_ctx.db.transaction() as tx:
        transitions.create_invocation(tx, run_ctx, child)
        transitions.create_task(
            tx,
            run_ctx,
            task_id=task_id,
            parent_id=inv.id,
            child_id=child.id,
            target_profile_id=target.id,
            continuation=TaskContinuation.RETURN_TO_PARENT,
            handle=handle,
            task=a.task,
            tool_call_id=ctx.call_id,
        )
        tx.event(
            run_ctx.run_id,
            ev.AGENT_DELEGATE_STARTED,
            {"agentId": inv.profile.id, "targetAgentId": target.id, "taskId": task_id, "handle": handle,
             "title": title},
            invocation_id=inv.id,
            related=[child.id],
        )
    run_ctx.scheduler.submit(
        ChildTask(task_id=task_id, handle=handle, parent_id=inv.id, title=title, inv=child), inv
    )
    return ToolResult(
        f"{target.display_name} is working on {handle} ({title}). Keep working; use agent_await with "
        f"taskIds ['{handle}'] when you need the result.",
        journal={"handle": handle, "targetAgentId": target.id},
    )


TOOL = Tool(SPEC, run)
