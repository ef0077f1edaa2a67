"""agent.handoff: pass the next stage of the run to another agent (seed 000 §5.1 dispatch order)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from relay_studio.domain import tool_names as tn
from relay_studio.domain.enums import ExitPolicy, InvocationKind, TaskContinuation
from relay_studio.domain.messages import Message
from relay_studio.runtime import transitions
from relay_studio.runtime.context import InvocationState
from relay_studio.runtime.delegation import policy
from relay_studio.runtime.delegation.rendering import render_handoff_brief
from relay_studio.runtime.effects import HandoffAccepted
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.tools.base import (
    Tool,
    ToolContext,
    ToolResult,
    ToolSpec,
    parse_args,
    string_list_prop,
    string_prop,
)
from relay_studio.store.database import new_id

MAX_SHORT = 500
MAX_LONG = 20_000

SPEC = ToolSpec(
    name=tn.AGENT_HANDOFF,
    description=(
        "Hand the next stage of this work to another agent. They continue in the same workspace with "
        "your brief; your part ends when the handoff is accepted, so do not call more tools after it. "
        "Finish or wait for any helper tasks first."
    ),
    parameters={
        "type": "object",
        "properties": {
            "agentId": string_prop("Who takes over; see agent_list with purpose 'handoff'."),
            "handoff": {
                "type": "object",
                "description": "Your brief for the next agent.",
                "properties": {
                    "objective": string_prop("What the next agent must achieve. Required."),
                    "title": string_prop("A short title for the next stage."),
                    "reason": string_prop("Why you are handing over now."),
                    "contextSummary": string_prop("What has been done so far and what matters."),
                    "workspaceRefs": string_list_prop("Workspace files the next agent should read."),
                    "mustPreserve": string_list_prop("Decisions and text that must not change."),
                    "completionCriteria": string_list_prop("How the next agent knows it is done."),
                },
                "required": ["objective"],
                "additionalProperties": True,
            },
            "pendingTaskPolicy": {
                "type": "string",
                "enum": ["denyIfPending"],
                "description": "Handoffs are refused while your helper tasks are still working.",
            },
        },
        "required": ["agentId", "handoff"],
        "additionalProperties": False,
    },
)


class HandoffPacket(BaseModel):
    model_config = ConfigDict(extra="allow")
    objective: str = Field(min_length=1, max_length=MAX_LONG)
    title: str | None = Field(default=None, max_length=MAX_SHORT)
    reason: str | None = Field(default=None, max_length=MAX_LONG)
    context_summary: str | None = Field(default=None, alias="contextSummary", max_length=MAX_LONG)


class HandoffArgs(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    agent_id: str = Field(alias="agentId", min_length=1)
    handoff: dict[str, Any]
    pending_task_policy: Literal["denyIfPending"] = Field(default="denyIfPending", alias="pendingTaskPolicy")


def _validate_packet(packet: dict[str, Any]) -> None:
    try:
        HandoffPacket.model_validate(packet)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "handoff"
        if where == "objective" and first["type"] in ("missing", "string_too_short"):
            detail = "handoff.objective is required and must say what the next agent must achieve"
        else:
            detail = f"handoff.{where}: {first['msg'].lower()}"
        raise ToolError("tool.invalid_arguments", f"The handoff brief is not valid: {detail}.") from None
    if not packet["objective"].strip():
        raise ToolError("tool.invalid_arguments", "The handoff brief is not valid: handoff.objective is empty.")


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    run_ctx, inv = ctx.run, ctx.inv
    a = parse_args(HandoffArgs, args, SPEC.alias)
    _validate_packet(a.handoff)
    with run_ctx.db.transaction() as tx:
        tx.event(
            run_ctx.run_id,
            "agent_handoff_requested",
            {
                "agentId": inv.profile.id,
                "targetAgentId": a.agent_id,
                "title": a.handoff.get("title"),
                "pendingTaskPolicy": a.pending_task_policy,
                "toolStyle": "single",
                "toolCallId": ctx.call_id,
            },
            invocation_id=inv.id,
        )
    if not policy.can_handoff(inv):
        raise ToolError("agent.handoff_policy_denied", "You are not allowed to hand off work.")
    pending = run_ctx.scheduler.pending(inv.id)
    if pending:
        names = ", ".join(f"{c.handle} ({c.title})" for c in pending)
        raise ToolError(
            "agent.handoff_pending_tasks",
            f"You still have unfinished delegated tasks: {names}. Use agent_await before handing off.",
        )
    if inv.depth + 1 > inv.profile.delegation.max_handoff_depth:
        raise ToolError(
            "agent.handoff_depth_exhausted",
            "This relay has already been handed on as many times as allowed. Finish the work yourself "
            "or commit what you have.",
        )
    target = policy.resolve_target(run_ctx, inv.profile, a.agent_id, "handoff")

    successor = InvocationState(
        id=new_id("inv"),
        profile=target,
        kind=InvocationKind.HANDOFF,
        exit_policy=ExitPolicy.RUN_FINISH_ALLOWED,
        depth=inv.depth + 1,
        parent_id=inv.id,
    )
    brief = dict(a.handoff)
    successor.messages = [Message(role="user", content=render_handoff_brief(brief))]
    with run_ctx.db.transaction() as tx:
        # The task row names its successor, so the invocation is created first (seed 000 §9).
        task_id = new_id("handoff")
        successor.incoming_task_id = task_id
        transitions.create_invocation(tx, run_ctx, successor)
        transitions.create_task(
            tx,
            run_ctx,
            task_id=task_id,
            parent_id=inv.id,
            child_id=successor.id,
            target_profile_id=target.id,
            continuation=TaskContinuation.TRANSFER_CONTROL,
            handle=f"stage-{successor.depth}",
            task=brief,
            tool_call_id=ctx.call_id,
        )
        tx.event(
            run_ctx.run_id,
            "agent_handoff_accepted",
            {
                "agentId": inv.profile.id,
                "targetAgentId": target.id,
                "targetDisplayName": target.display_name,
                "taskId": task_id,
                "title": brief.get("title"),
                "brief": brief,
                "toolStyle": "single",
            },
            invocation_id=inv.id,
            related=[successor.id],
        )
    return ToolResult(
        f"Handoff accepted for Agent {target.id}. Your part is complete.",
        effect=HandoffAccepted(task_id=task_id, invocation_id=successor.id, target_profile_id=target.id),
        journal={"targetAgentId": target.id},
    )


TOOL = Tool(SPEC, run)
