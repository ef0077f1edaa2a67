"""agent.await: wait for helper tasks and collect their results."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain import tool_names as tn
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    task_ids: list[str] | None = Field(
        default=None, alias="taskIds", description="Task names from agent_delegate, like 'task-1'. Leave out for all."
    )
    mode: Literal["nextCompleted", "allCompleted", "statusOnly"] = "nextCompleted"
    timeout_seconds: float = Field(default=300, alias="timeoutSeconds", gt=0, le=3600,
                                   description="How long to wait at most (default 300).")


SPEC = ToolSpec(
    name=tn.AGENT_AWAIT,
    description=(
        "Wait for helper tasks you delegated and receive their results. 'nextCompleted' returns as soon "
        "as one is done, 'allCompleted' when all are, 'statusOnly' reports without waiting."
    ),
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    run_ctx, inv = ctx.run, ctx.inv
    a = parse_args(_Args, args, SPEC.alias)
    scheduler = run_ctx.scheduler
    if a.task_ids:
        chosen = []
        for handle in a.task_ids:
            child = scheduler.by_handle(inv.id, handle)
            if child is None:
                known = ", ".join(c.handle for c in scheduler.of_parent(inv.id)) or "none"
                raise ToolError(codes.AGENT_TASK_NOT_FOUND, f"You have no task named '{handle}'. Your tasks: {known}.")
            chosen.append(child)
    else:
        chosen = scheduler.of_parent(inv.id)
    waiting = [c for c in chosen if not c.delivered]
    if not waiting:
        return ToolResult("You have no delegated tasks waiting for collection.")
    with run_ctx.db.transaction() as tx:
        tx.event(
            run_ctx.run_id,
            ev.AGENT_AWAIT_STARTED,
            {"mode": a.mode, "handles": [c.handle for c in waiting], "timeoutSeconds": a.timeout_seconds},
            invocation_id=inv.id,
        )
    timed_out = False
    if a.mode != "statusOnly":
        reached = await scheduler.wait_for(waiting, all_=a.mode == "allCompleted", seconds=a.timeout_seconds)
        timed_out = not reached
    ready = scheduler.take_undelivered(inv.id, waiting)
    still = [c for c in waiting if not scheduler.status(c).terminal]
    with run_ctx.db.transaction() as tx:
        tx.event(
            run_ctx.run_id,
            ev.AGENT_AWAIT_COMPLETED,
            {"mode": a.mode, "delivered": [c.handle for c in ready], "stillRunning": [c.handle for c in still],
             "timedOut": timed_out},
            invocation_id=inv.id,
        )
    parts = [scheduler.capsule(c) for c in ready]
    if still:
        names = ", ".join(f"{c.handle} ({c.title})" for c in still)
        parts.append(("Still working after the wait: " if timed_out else "Still working: ") + names + ".")
    return ToolResult("\n\n".join(parts), journal={"delivered": len(ready)})


TOOL = Tool(SPEC, run)
