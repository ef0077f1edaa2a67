"""The approval gate: a tool listed in ``tools.requireApproval`` waits for the creator's decision.

The run shows ``awaiting_approval`` while any proposal is open. A declined proposal is a recoverable
tool error (``tool.declined_by_creator``) telling the agent what the creator said.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.enums import RunStatus
from relay_studio.runtime import transitions
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.errors import ToolError
from relay_studio.store.database import new_id

Approver = Callable[[ApprovalRequest], Awaitable[ApprovalDecision]]


async def approve_all(_request: ApprovalRequest) -> ApprovalDecision:
    return ApprovalDecision(approved=True, reason="approved in advance")


async def decline_all(_request: ApprovalRequest) -> ApprovalDecision:
    return ApprovalDecision(approved=False, reason="No one was there to approve changes in this run.")


def needs_approval(inv: InvocationState, canonical: str) -> bool:
    return canonical in inv.profile.tools.require_approval


#: Tools whose approval is asked where the write happens, with the file before and after.
FILE_WRITERS = frozenset({"workspace.write_file", "workspace.apply_patch"})


async def request_approval(
    run: RunContext,
    inv: InvocationState,
    tool: str,
    *,
    path: str | None = None,
    before: str | None = None,
    after: str | None = None,
    arguments: dict[str, Any] | None = None,
) -> None:
    """Waits for the creator; returns when approved, raises ``tool.declined_by_creator`` otherwise."""
    request = ApprovalRequest(
        id=new_id("approval"), run_id=run.run_id, agent_id=inv.profile.id, agent_name=inv.profile.display_name,
        tool=tool, path=path, before=before, after=after, arguments=arguments or {},
    )
    with run.db.transaction() as tx:
        tx.event(run.run_id, "patch_proposed", request.model_dump(mode="json", exclude={"run_id"}),
                 invocation_id=inv.id)
        run.open_approvals += 1
        if run.run_status is RunStatus.RUNNING:
            transitions.set_run_status(tx, run, RunStatus.AWAITING_APPROVAL)
    try:
        decision = await (run.approver or decline_all)(request)
    finally:
        run.open_approvals -= 1
    with run.db.transaction() as tx:
        tx.event(run.run_id, "patch_resolved",
                 {"id": request.id, "approved": decision.approved, "reason": decision.reason}, invocation_id=inv.id)
        if run.open_approvals == 0 and run.run_status is RunStatus.AWAITING_APPROVAL:
            transitions.set_run_status(tx, run, RunStatus.RUNNING)
    if not decision.approved:
        why = f" They said: {decision.reason}" if decision.reason.strip() else ""
        target = f"the change to {path}" if path else f"the use of {tool}"
        raise ToolError("tool.declined_by_creator", f"The creator declined {target}.{why} Adjust your plan.")
