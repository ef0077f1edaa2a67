"""The approval gate: a tool listed in ``tools.requireApproval`` waits for the creator's decision.

All proposals of one model turn are raised together (``propose_turn``), so the creator reviews them
side by side; each call then waits for its own decision when its turn to run comes. A proposal whose
file changed meanwhile (an earlier change of the turn was rejected or edited) is withdrawn and asked
again with the real before/after. The run shows ``awaiting_approval`` while any proposal is open. A
rejection is a recoverable tool error (``tool.rejected_by_user``) telling the agent what the creator
said; an approval may carry the creator's edits, which are written instead of the proposal.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from relay_studio.domain import tool_names as tn
from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.enums import EventLevel, RunStatus
from relay_studio.domain.messages import ToolCall
from relay_studio.runtime import transitions
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.errors import ToolError
from relay_studio.store.database import new_id

Approver = Callable[[ApprovalRequest], Awaitable[ApprovalDecision]]

#: Tools whose approval is asked where the write happens, with the file before and after.
FILE_WRITERS = frozenset({tn.WORKSPACE_WRITE_FILE, tn.WORKSPACE_APPLY_PATCH})
#: A turn's proposals stop at a call that ends the agent's part: later calls would not run anyway.
_ENDS_TURN = frozenset({tn.AGENT_HANDOFF, tn.WORKSPACE_FINISH, tn.TASK_RETURN})


async def approve_all(_request: ApprovalRequest) -> ApprovalDecision:
    return ApprovalDecision(approved=True, reason="approved in advance")


async def decline_all(_request: ApprovalRequest) -> ApprovalDecision:
    return ApprovalDecision(approved=False, reason="no one was there to approve changes in this run")


def needs_approval(inv: InvocationState, canonical: str) -> bool:
    return canonical in inv.profile.tools.require_approval


@dataclass
class Proposal:
    request: ApprovalRequest
    call_id: str
    invocation_id: str
    answer: asyncio.Task[ApprovalDecision]


def _open(run: RunContext, inv: InvocationState, request: ApprovalRequest, call_id: str) -> Proposal:
    with run.db.transaction() as tx:
        tx.event(run.run_id, "tool_call_awaiting_approval",
                 {"toolCallId": call_id, **request.model_dump(mode="json", exclude={"run_id"})}, invocation_id=inv.id)
        run.open_approvals += 1
        if run.run_status is RunStatus.RUNNING:
            transitions.set_run_status(tx, run, RunStatus.AWAITING_APPROVAL)
    answer = asyncio.ensure_future((run.approver or decline_all)(request))
    return Proposal(request, call_id, inv.id, answer)


def _close(run: RunContext, proposal: Proposal, event: str, payload: dict[str, Any], level: EventLevel) -> None:
    run.open_approvals -= 1
    with run.db.transaction() as tx:
        tx.event(run.run_id, event, {"toolCallId": proposal.call_id, "approvalId": proposal.request.id,
                                     "tool": proposal.request.tool, "path": proposal.request.path, **payload},
                 invocation_id=proposal.invocation_id, level=level)
        if run.open_approvals == 0 and run.run_status is RunStatus.AWAITING_APPROVAL:
            transitions.set_run_status(tx, run, RunStatus.RUNNING)


def withdraw(run: RunContext, call_id: str, why: str) -> None:
    """A proposal that will not be used (its call is not run, or its diff changed) is taken back."""
    proposal = run.proposals.pop(call_id, None)
    if proposal is None:
        return
    proposal.answer.cancel()
    _close(run, proposal, "tool_call_approval_withdrawn", {"reason": why}, EventLevel.INFO)


def _request(run: RunContext, inv: InvocationState, tool: str, **fields: Any) -> ApprovalRequest:
    return ApprovalRequest(id=new_id("approval"), run_id=run.run_id, agent_id=inv.profile.id,
                           agent_name=inv.profile.display_name, tool=tool, **fields)


def propose_turn(run: RunContext, inv: InvocationState, calls: list[ToolCall], canonical_of: dict[str, str]) -> None:
    """Raises the proposals of every call of this turn that needs approval, before the first one runs."""
    if run.approve_rest:
        return
    files: dict[str, str | None] = {}  # the turn's own writes, as the proposals see them
    for call in calls:
        canonical = canonical_of.get(call.name)
        if canonical is None:
            continue
        if needs_approval(inv, canonical):
            try:
                args = json.loads(call.arguments) if call.arguments.strip() else {}
                fields = _proposal_fields(run, inv, canonical, args, files) if isinstance(args, dict) else None
            except (ToolError, json.JSONDecodeError, RecursionError):
                fields = None  # the call will fail on its own; nothing to approve
            if fields is not None:
                request = _request(run, inv, call.name, **fields)
                run.proposals[call.id] = _open(run, inv, request, call.id)
                if request.path is not None:
                    files[request.path] = request.after
        if canonical in _ENDS_TURN:
            break


def _proposal_fields(run: RunContext, inv: InvocationState, canonical: str, args: dict[str, Any],
                     files: dict[str, str | None]) -> dict[str, Any] | None:
    if canonical not in FILE_WRITERS:
        return {"arguments": args}
    rel, _target = run.workspace.check(args.get("path"), inv.roots, write=True)
    before = files[rel] if rel in files else _current(run, inv, rel)
    if canonical == tn.WORKSPACE_WRITE_FILE:
        content = args.get("content")
        return {"path": rel, "before": before, "after": content} if isinstance(content, str) else None
    old, new = args.get("old_string"), args.get("new_string")
    if not (isinstance(old, str) and old and isinstance(new, str) and before is not None and before.count(old) == 1):
        return None
    return {"path": rel, "before": before, "after": before.replace(old, new, 1)}


def _current(run: RunContext, inv: InvocationState, rel: str) -> str | None:
    try:
        return run.workspace.read(rel, inv.roots)[1]
    except ToolError:
        return None


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
    proposal = run.proposals.pop(call_id, None)
    if run.approve_rest:
        rest = ApprovalDecision(approved=True, reason="approved for the rest of this run")
        if proposal is not None:
            proposal.answer.cancel()
            _decided(run, proposal, rest)
        else:
            with run.db.transaction() as tx:
                tx.event(run.run_id, "tool_call_approved", {"toolCallId": call_id, "tool": tool, "path": path,
                                                            "reason": rest.reason, "edited": False,
                                                            "approveRest": False}, invocation_id=inv.id)
        return rest
    if proposal is not None and (proposal.request.path, proposal.request.before, proposal.request.after) != (
        path, before, after
    ):
        run.proposals[call_id] = proposal
        withdraw(run, call_id, "the file changed before this change could run; it is proposed again")
        proposal = None
    if proposal is None:
        request = _request(run, inv, tool, path=path, before=before, after=after, arguments=arguments or {})
        proposal = _open(run, inv, request, call_id)
    try:
        decision = await proposal.answer
    except asyncio.CancelledError:
        run.proposals[call_id] = proposal
        withdraw(run, call_id, "the run stopped")
        raise
    if decision.approve_rest:
        run.approve_rest = True
    _decided(run, proposal, decision)
    if not decision.approved:
        reason = decision.reason.strip().rstrip(".")
        raise ToolError("tool.rejected_by_user",
                        f"The user rejected this change: {reason}." if reason else "The user rejected this change.")
    return decision


def _decided(run: RunContext, proposal: Proposal, decision: ApprovalDecision) -> None:
    _close(run, proposal, "tool_call_approved" if decision.approved else "tool_call_denied",
           {"reason": decision.reason, "edited": decision.edited_content is not None,
            "approveRest": decision.approve_rest},
           EventLevel.INFO if decision.approved else EventLevel.WARNING)
