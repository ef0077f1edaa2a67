"""Who may hand work to whom: the checks of the dispatch order in docs/runtime.md ("Handoff"), as
recoverable tool errors."""

from __future__ import annotations

from typing import Any, Literal

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.domain.profile import AgentProfile
from relay_studio.providers.base import ProviderError
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.delegation.edges import HandoffInfo, is_enabled
from relay_studio.runtime.errors import ToolError

Purpose = Literal["handoff", "delegate"]


def resolve_target(run: RunContext, source: AgentProfile, target_id: str, purpose: Purpose, *,
                   offered: bool = True) -> AgentProfile:
    """The target with every check; ``offered`` False skips "is it offered right now" (``is_enabled``):
    a custom handoff's choice is made by code, among agents that are not offered as tools of their own."""
    target = run.profiles.get(target_id)
    verb = "hand off to" if purpose == "handoff" else "delegate to"
    if target is None:
        raise ToolError(
            codes.AGENT_TARGET_PROFILE_NOT_FOUND,
            f"There is no agent '{target_id}'. Use agent_list to see who you can {verb}.",
        )
    if target.id == source.id and purpose == "handoff":
        raise ToolError(codes.AGENT_HANDOFF_POLICY_DENIED, "You cannot hand off to yourself.")
    d = target.delegation
    role_ok = d.allow_as_handoff_target if purpose == "handoff" else d.allow_as_subagent
    if not d.callable or not role_ok:
        role = "take over a stage" if purpose == "handoff" else "take delegated tasks"
        raise ToolError(
            codes.AGENT_TARGET_NOT_CALLABLE,
            f"{target.display_name} does not {role}. Use agent_list to see who you can {verb}.",
        )
    if "*" not in d.allowed_callers and source.id not in d.allowed_callers:
        code = codes.AGENT_HANDOFF_POLICY_DENIED if purpose == "handoff" else codes.AGENT_DELEGATE_POLICY_DENIED
        raise ToolError(code, f"{target.display_name} does not accept work from you.")
    if purpose == "handoff" and offered:
        info: HandoffInfo[Any] = HandoffInfo(run.run_id, source.id, target.id, run.ledger.has_commit, run.user_context)
        if not is_enabled(target, run.edges.get((source.id, target.id)), info, run.enabled_now):
            when = (" until something has been committed" if target.handoff_in.enabled == "afterCommit"
                    else " right now")
            raise ToolError(
                codes.AGENT_TARGET_NOT_CALLABLE, f"{target.display_name} does not take over{when}.",
            )
    if target.model.mode == "requiresConfiguration":
        raise ToolError(
            codes.AGENT_TARGET_REQUIRES_CONFIGURATION,
            f"{target.display_name} has no model configured yet, so it cannot take over. "
            "Choose another agent.",
        )
    try:  # its model binding must lead to a model now (the run did not check it at start)
        run.provider_for(target)
    except ProviderError:
        raise ToolError(
            codes.AGENT_TARGET_REQUIRES_CONFIGURATION,
            f"{target.display_name} has no model it can use yet, so it cannot take this work. "
            "Choose another agent.",
        ) from None
    return target


def can_handoff(inv: InvocationState) -> bool:
    return (
        not inv.is_child
        and inv.profile.delegation.can_handoff
        and tn.AGENT_HANDOFF in inv.surface()
    )


def can_delegate(inv: InvocationState) -> bool:
    return (
        not inv.is_child
        and inv.profile.delegation.can_delegate
        and tn.AGENT_DELEGATE in inv.surface()
    )


def available_targets(run: RunContext, inv: InvocationState, purpose: Purpose) -> list[AgentProfile]:
    allowed = can_handoff(inv) if purpose == "handoff" else can_delegate(inv)
    if not allowed:
        return []
    out: list[AgentProfile] = []
    for profile_id in sorted(run.profiles):
        try:
            out.append(resolve_target(run, inv.profile, profile_id, purpose))
        except ToolError:
            continue
    return out
