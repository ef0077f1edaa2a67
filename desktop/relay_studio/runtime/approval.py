"""The approval gate: a tool listed in ``tools.requireApproval`` waits for the creator's decision.

The run shows ``awaiting_approval`` while any proposal is open. A rejected proposal is a recoverable
tool error (``tool.rejected_by_user``) that tells the agent what the creator said; an approval may
carry the creator's edits, which are written instead of the proposal.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.enums import EventLevel, RunStatus
from relay_studio.runtime import transitions
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.errors import ToolError
from relay_studio.store.database import new_id

Approver = Callable[[ApprovalRequest], Awaitable[ApprovalDecision]]

#: Tools whose approval is asked where the write happens, with the file before and after.
FILE_WRITERS = frozenset({"workspace.write_file", "workspace.apply_patch"})


async def approve_all(_request: ApprovalRequest) -> ApprovalDecision:
    return ApprovalDecision(approved=True, reason="approved in advance")


async def decline_all(_request: ApprovalRequest) -> ApprovalDecision:
    return ApprovalDecision(approved=False, reason="no one was there to approve changes in this run")


def needs_approval(inv: InvocationState, canonical: str) -> bool:
    return canonical in inv.profile.tools.require_approval


async def request_approval(
    run: RunContext,
    inv: InvocationState,
    tool: str,
    *,
    call_id: str,
    path: str | None = None,
    before: str | None = None,
    after: str | None = None,
    arguments: dict[str, Any] | None = None,
) -> ApprovalDecision:
    """Waits for the creator; returns the approval (maybe with edits), raises when rejected."""
    request = ApprovalRequest(
        id=new_id("approval"), run_id=run.run_id, agent_id=inv.profile.id, agent_name=inv.profile.display_name,
        tool=tool, path=path, before=before, after=after, arguments=arguments or {},
    )
    if run.approve_rest:
        decision = ApprovalDecision(approved=True, reason="approved for the rest of this run")
    else:
        with run.db.transaction() as tx:
            tx.event(run.run_id, "tool_call_awaiting_approval",
                     {"toolCallId": call_id, **request.model_dump(mode="json", exclude={"run_id"})},
                     invocation_id=inv.id)
            run.open_approvals += 1
            if run.run_status is RunStatus.RUNNING:
                transitions.set_run_status(tx, run, RunStatus.AWAITING_APPROVAL)
        try:
            decision = await (run.approver or decline_all)(request)
        finally:
            run.open_approvals -= 1
        if decision.approve_rest:
            run.approve_rest = True
    with run.db.transaction() as tx:
        tx.event(run.run_id, "tool_call_approved" if decision.approved else "tool_call_denied",
                 {"toolCallId": call_id, "approvalId": request.id, "tool": tool, "path": path,
                  "reason": decision.reason, "edited": decision.edited_content is not None,
                  "approveRest": decision.approve_rest},
                 invocation_id=inv.id, level=EventLevel.INFO if decision.approved else EventLevel.WARNING)
        if run.open_approvals == 0 and run.run_status is RunStatus.AWAITING_APPROVAL:
            transitions.set_run_status(tx, run, RunStatus.RUNNING)
    if not decision.approved:
        reason = decision.reason.strip().rstrip(".")
        raise ToolError("tool.rejected_by_user",
                        f"The user rejected this change: {reason}." if reason else "The user rejected this change.")
    return decision
