"""The one handoff path behind ``agent_handoff`` and every ``transfer_to_<agent>`` tool
(docs/runtime.md, "Handoff")."""

from __future__ import annotations

import inspect
import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import ExitPolicy, InvocationKind, TaskContinuation
from relay_studio.domain.input_schema import input_errors
from relay_studio.domain.profile import AgentProfile, HistoryMode
from relay_studio.domain.validation import first_problem
from relay_studio.runtime import transitions
from relay_studio.runtime.context import InvocationState, RunContext, ToolContext
from relay_studio.runtime.delegation import policy
from relay_studio.runtime.delegation.brief_review import reviewed_brief
from relay_studio.runtime.delegation.edges import ChooseTarget, HandoffInfo, call_on_handoff, effective
from relay_studio.runtime.delegation.rendering import HANDOFF_KNOWN
from relay_studio.runtime.effects import HandoffAccepted, ToolResult
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.tools.schema import AskedTexts
from relay_studio.store.database import new_id

MAX_SHORT = 500
MAX_LONG = 20_000
#: the objective of a transfer_to_<agent> call that gave none (seed 003: the target continues the
#: conversation, which it is given); model-facing, in the next agent's view
NO_OBJECTIVE = ("The previous agent handed the work to you without an objective. Read the conversation "
                "above and continue it where it left off.")


class HandoffPacket(BaseModel):
    """The handoff brief: what ``validate_packet`` checks, and what the agent is shown (``agent_handoff``'s
    ``handoff``, the parameters of every ``transfer_to_<agent>``). Further fields are kept as instructions."""

    model_config = ConfigDict(extra="allow")
    objective: str = Field(min_length=1, max_length=MAX_LONG, description="What the next agent must achieve. Required.")
    title: str | None = Field(default=None, max_length=MAX_SHORT, description="A short title for the next stage.")
    reason: str | None = Field(default=None, max_length=MAX_LONG, description="Why you are handing over now.")
    context_summary: str | None = Field(default=None, alias="contextSummary", max_length=MAX_LONG,
                                        description="What has been done so far and what matters.")
    workspace_refs: AskedTexts = Field(default=None, alias="workspaceRefs",
                                       description="Workspace files the next agent should read.")
    must_preserve: AskedTexts = Field(default=None, alias="mustPreserve",
                                      description="Decisions and text that must not change.")
    completion_criteria: AskedTexts = Field(default=None, alias="completionCriteria",
                                            description="How the next agent knows it is done.")


def validate_packet(packet: dict[str, Any]) -> None:
    try:
        HandoffPacket.model_validate(packet)
    except ValidationError as exc:
        problem = first_problem(exc, "handoff")
        if problem.where == "objective" and problem.kind in ("missing", "string_too_short", "string_type"):
            detail = "the objective is required and must say what the next agent must achieve"
        else:
            detail = problem.line()
        raise ToolError(codes.TOOL_INVALID_ARGUMENTS, f"The handoff brief is not valid: {detail}.") from None
    if not packet["objective"].strip():
        raise ToolError(codes.TOOL_INVALID_ARGUMENTS, "The handoff brief is not valid: the objective is empty.")


def _check_input(target_name: str, extra: dict[str, Any], schema: dict[str, Any] | None,
                 input_type: type[BaseModel] | None) -> BaseModel | dict[str, Any] | None:
    if input_type is not None:
        try:
            return input_type.model_validate(extra)
        except ValidationError as exc:
            detail = first_problem(exc, "input").line()
            raise ToolError(codes.AGENT_HANDOFF_INPUT_INVALID,
                            f"The handoff to {target_name} needs valid input: {detail}.") from None
    if schema is not None:
        problems = input_errors(schema, extra)
        if problems:
            raise ToolError(codes.AGENT_HANDOFF_INPUT_INVALID,
                            f"The handoff to {target_name} needs valid input: {problems[0]}.")
        return extra
    return None


def _jsonable(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)
    return value


def _named(fn: Any) -> str:
    return str(getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or type(fn).__name__)


async def perform_handoff(ctx: ToolContext, target_id: str, brief: dict[str, Any], *, style: str,
                          pending_policy: str = "denyIfPending", default_objective: str | None = None,
                          on_behalf: bool = False) -> ToolResult:
    """Checks and hooks; every denial is a recoverable tool error. Accepted, it returns ``HandoffAccepted``,
    which the loop applies (``accept``). ``default_objective``: the objective of a brief that gives none
    (a ``transfer_to_<agent>`` called without one, as the Agents SDK's handoff tools are): ``NO_OBJECTIVE``,
    and the target is given the conversation unless its history mode was chosen. ``on_behalf``:
    the runtime hands off on the stage's behalf to the next stage its profile declares
    (``runtime/next_stage.py``), so the stage needs no handoff tool."""
    run, inv = ctx.run, ctx.inv
    filled = default_objective is not None and not str(brief.get("objective") or "").strip()
    if filled:
        brief = {**brief, "objective": default_objective}
    validate_packet(brief)
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.AGENT_HANDOFF_REQUESTED,
                 {"agentId": inv.profile.id, "targetAgentId": target_id, "title": brief.get("title"),
                  "pendingTaskPolicy": pending_policy, "toolStyle": style, "toolCallId": ctx.call_id},
                 invocation_id=inv.id)
    if not on_behalf and not policy.can_handoff(inv):
        raise ToolError(codes.AGENT_HANDOFF_POLICY_DENIED, "You are not allowed to hand off work.")
    pending = run.scheduler.pending(inv.id)
    if pending:
        names = ", ".join(f"{c.handle} ({c.title})" for c in pending)
        raise ToolError(codes.AGENT_HANDOFF_PENDING_TASKS,
                        f"You still have unfinished delegated tasks: {names}. Use agent_await before handing off.")
    if inv.depth + 1 > inv.profile.delegation.max_handoff_depth:
        raise ToolError(codes.AGENT_HANDOFF_DEPTH_EXHAUSTED,
                        "This relay has already been handed on as many times as allowed. Finish the work "
                        "yourself or commit what you have.")
    target = policy.resolve_target(run, inv.profile, target_id, "handoff")
    options = effective(target, run.edges.get((inv.profile.id, target.id)), run.handoff_defaults)
    # The input is every field the target's schema names (even one named like a brief section, such as
    # "reason") plus any field the brief does not know.
    declared = set((options.input_schema or {}).get("properties", {}))
    extra = {k: v for k, v in brief.items() if k in declared or k not in HANDOFF_KNOWN}
    parsed = _check_input(target.display_name, extra, options.input_schema, options.input_type)

    hook_result: Any = None
    if options.on_handoff is not None:
        info: HandoffInfo[Any] = HandoffInfo(run.run_id, inv.profile.id, target.id, run.ledger.has_commit,
                                             run.user_context)
        try:
            hook_result = call_on_handoff(options.on_handoff, info, parsed)
            if inspect.isawaitable(hook_result):
                hook_result = await hook_result
        except Exception as exc:
            with run.db.transaction() as tx:
                tx.event(run.run_id, ev.AGENT_HANDOFF_HOOK_FAILED,
                         {"agentId": inv.profile.id, "targetAgentId": target.id, "error": repr(exc)},
                         invocation_id=inv.id)
            raise ToolError(codes.AGENT_HANDOFF_HOOK_FAILED,
                            f"The handoff to {target.display_name} could not be completed: {exc}. "
                            "Try again later or continue yourself.") from None

    offered = target
    if options.choose_target is not None:
        target = await _chosen_target(ctx, target, options.choose_target, parsed)

    agent_brief = brief
    edited = await reviewed_brief(ctx, target, brief)
    if edited is not None:
        try:
            validate_packet(edited)
            brief = edited
        except ToolError:  # the window asks for an objective; a brief that still does not fit is not handed on
            edited = None
    task_id = new_id("handoff")
    payload: dict[str, Any] = {
        "agentId": inv.profile.id, "targetAgentId": target.id, "targetDisplayName": target.display_name,
        "taskId": task_id, "title": brief.get("title"), "brief": brief, "toolStyle": style,
        "historyMode": options.history_mode, "removeToolItems": options.remove_tool_items,
        "by": "runtime" if on_behalf else "agent",
    }
    if edited is not None:
        payload["agentBrief"], payload["briefEditedBy"] = agent_brief, "creator"
    if options.on_handoff is not None:
        payload["hookResult"] = _jsonable(hook_result)
    if target is not offered:
        payload["chosenBy"] = _named(options.choose_target)
        payload["offeredAgentId"] = offered.id
    history_mode: HistoryMode | None = None
    if filled:
        payload["objectiveFrom"] = "none"
        if not options.history_chosen and options.input_filter is None:
            history_mode = payload["historyMode"] = "fullHistory"
    if options.input_filter is not None:
        payload["inputFilter"] = _named(options.input_filter)
    if options.history_mapper is not None:
        payload["historyMapper"] = _named(options.history_mapper)
    effect = HandoffAccepted(task_id=task_id, invocation_id=new_id("inv"), target=target,
                             brief=dict(brief), style=style, tool_call_id=ctx.call_id, accepted=payload,
                             history_mode=history_mode)
    return ToolResult(f"Handoff accepted for Agent {target.id}. Your part is complete.", effect=effect,
                      journal={"targetAgentId": target.id})


async def _chosen_target(ctx: ToolContext, offered: AgentProfile, choose: ChooseTarget, parsed: Any) -> AgentProfile:
    """Who takes over, as a custom handoff's code decides when it is called (seed 003); a choice that
    fails or names an agent that cannot take over is a recoverable error, as a refused hook is."""
    run, inv = ctx.run, ctx.inv
    info: HandoffInfo[Any] = HandoffInfo(run.run_id, inv.profile.id, offered.id, run.ledger.has_commit,
                                         run.user_context)
    try:
        chosen = choose(info, parsed)
        if inspect.isawaitable(chosen):
            chosen = await chosen
    except Exception as exc:
        with run.db.transaction() as tx:
            tx.event(run.run_id, ev.AGENT_HANDOFF_HOOK_FAILED,
                     {"agentId": inv.profile.id, "targetAgentId": offered.id, "error": repr(exc)},
                     invocation_id=inv.id)
        raise ToolError(codes.AGENT_HANDOFF_HOOK_FAILED,
                        f"The handoff to {offered.display_name} could not be completed: {exc}. "
                        "Try again later or continue yourself.") from None
    if chosen == offered.id:
        return offered
    return policy.resolve_target(run, inv.profile, str(chosen), "handoff", offered=False)


def accept(run: RunContext, inv: InvocationState, effect: HandoffAccepted) -> None:
    """Applies an accepted handoff (the loop calls this): the next stage and its ``transfer_control``
    task, journaled together with ``agent_handoff_accepted``."""
    successor = InvocationState(
        id=effect.invocation_id, profile=effect.target, kind=InvocationKind.HANDOFF,
        exit_policy=ExitPolicy.RUN_FINISH_ALLOWED, depth=inv.depth + 1, parent_id=inv.id,
        incoming_task_id=effect.task_id, brief=dict(effect.brief), handoff_style=effect.style,
        read_only=run.explore, history_mode=effect.history_mode,
    )
    with run.db.transaction() as tx:
        # The task row names its successor, so the invocation is created first (docs/runtime.md, "Handoff").
        transitions.create_invocation(tx, run, successor)
        transitions.create_task(tx, run, task_id=effect.task_id, parent_id=inv.id, child_id=successor.id,
                                target_profile_id=effect.target.id, continuation=TaskContinuation.TRANSFER_CONTROL,
                                handle=f"stage-{successor.depth}", task=dict(effect.brief),
                                tool_call_id=effect.tool_call_id, workspace_key=effect.target.id,
                                budget=transitions.task_budget(effect.target, timeout=False))
        tx.event(run.run_id, ev.AGENT_HANDOFF_ACCEPTED, effect.accepted,
                 invocation_id=inv.id, related=[successor.id])
