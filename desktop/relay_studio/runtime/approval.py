"""The approval gate: a tool listed in ``tools.requireApproval`` waits for the creator's decision.

All proposals of one model turn are raised together (``propose_turn``), so the creator reviews them
side by side and decides each one on its own, in any order. A decision is journaled the moment it is
made (``tool_call_approved`` / ``tool_call_denied``, with the edited text when there is one); each
call then goes ahead when its turn to run comes and its own decision is there, so the run continues
once the last proposal of the turn is decided. A proposal whose file changed meanwhile (an earlier
change of the turn was rejected or edited) is withdrawn and asked again with the real before/after.
After a restart, a decision already made for a call that had not run yet still holds
(``recall_decisions``), as long as the call proposes the same change. The run shows
``awaiting_approval`` while any proposal is open. A rejection is a recoverable tool error
(``tool.rejected_by_user``) telling the agent what the creator said; an approval may carry the
creator's edits, which are written instead of the proposal.
"""

from __future__ import annotations

import asyncio
import json
from functools import partial
from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain import tool_names as tn
from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.enums import EventLevel, RunStatus
from relay_studio.domain.events import Event
from relay_studio.domain.messages import ToolCall
from relay_studio.runtime import transitions
from relay_studio.runtime.context import Approver as Approver  # the hosts import it with approve_all / decline_all
from relay_studio.runtime.context import InvocationState, Proposal, RecalledDecision, RunContext
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.review.gate import is_gated
from relay_studio.store.database import new_id

#: Tools whose approval is asked where the write happens, with the file before and after.
FILE_WRITERS = frozenset({tn.WORKSPACE_WRITE_FILE, tn.WORKSPACE_APPLY_PATCH, *tn.APPROVAL_BY_DEFAULT})
#: A turn's proposals stop at a call that ends the agent's part: later calls would not run anyway.
_ENDS_TURN = frozenset({tn.AGENT_HANDOFF, tn.WORKSPACE_FINISH, tn.TASK_RETURN})


def in_conflict(request: ApprovalRequest) -> bool:
    """Whether the review this write passed found a conflict (it is never approved in advance)."""
    return request.review is not None and request.review.get("overallStatus") == "conflict"


def _conflict_declined(why: str) -> ApprovalDecision:
    return ApprovalDecision(
        approved=False, error_code=codes.REVIEW_CONFLICT_UNAPPROVED,
        reason=f"Not written: the review found conflicts in this draft, and {why}. Tell the creator what conflicts "
               "and why in your reply; do not write this draft again unless it changes and is reviewed again.")


async def approve_all(request: ApprovalRequest) -> ApprovalDecision:
    """Headless ``--approve all``: every change is approved in advance, except a write whose review found a
    conflict, which is declined with ``review.conflict_unapproved`` (seed 002: a conflict is never passed
    silently; ``approve_all_and_conflicts`` approves it on the creator's word)."""
    if in_conflict(request):
        return _conflict_declined("changes were approved in advance without approving conflicts (relay-studio "
                                  "run --approve all; the creator may approve conflicts with --approve-conflicts "
                                  "REASON)")
    return ApprovalDecision(approved=True, reason="approved in advance")


def approve_all_and_conflicts(reason: str) -> Approver:
    """Headless ``--approve all --approve-conflicts REASON``: as ``approve_all``, and a conflict is approved
    with the creator's reason, which the agent reads in its tool result as from the patch dialog."""

    async def approver(request: ApprovalRequest) -> ApprovalDecision:
        if in_conflict(request):
            return ApprovalDecision(approved=True, reason=reason.strip())
        return await approve_all(request)

    return approver


async def decline_all(request: ApprovalRequest) -> ApprovalDecision:
    if in_conflict(request):
        return _conflict_declined("no one was there to approve it anyway")
    return ApprovalDecision(approved=False, reason="no one was there to approve changes in this run")


def needs_approval(inv: InvocationState, canonical: str) -> bool:
    return canonical in inv.profile.tools.require_approval or canonical in tn.APPROVAL_BY_DEFAULT


def _open(run: RunContext, inv: InvocationState, request: ApprovalRequest, call_id: str) -> Proposal:
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.TOOL_CALL_AWAITING_APPROVAL,
                 {"toolCallId": call_id, **request.model_dump(mode="json", exclude={"run_id"})}, invocation_id=inv.id)
        run.open_approvals += 1
        if run.run_status is RunStatus.RUNNING:
            transitions.set_run_status(tx, run, RunStatus.AWAITING_APPROVAL)
    answer = asyncio.ensure_future((run.approver or decline_all)(request))
    proposal = Proposal(request, call_id, inv.id, answer)
    answer.add_done_callback(partial(_answered, run, proposal))
    return proposal


def _answered(run: RunContext, proposal: Proposal, answer: asyncio.Future[ApprovalDecision]) -> None:
    """The creator decided: the decision is journaled now, even when its call runs later."""
    if answer.cancelled() or answer.exception() is not None or proposal.closed:
        return
    _decided(run, proposal, answer.result())


def _given(inv: InvocationState, request: ApprovalRequest, call_id: str, decision: ApprovalDecision) -> Proposal:
    """A proposal the creator has already decided (before a restart): nothing is asked or journaled."""
    answer: asyncio.Future[ApprovalDecision] = asyncio.get_running_loop().create_future()
    answer.set_result(decision)
    return Proposal(request, call_id, inv.id, answer, closed=True, decided=True)


def _close(run: RunContext, proposal: Proposal, event: str, payload: dict[str, Any], level: EventLevel) -> None:
    with run.db.transaction() as tx:
        tx.event(run.run_id, event, {"toolCallId": proposal.call_id, "approvalId": proposal.request.id,
                                     "tool": proposal.request.tool, "path": proposal.request.path, **payload},
                 invocation_id=proposal.invocation_id, level=level)
        if not proposal.closed:
            proposal.closed = True
            run.open_approvals -= 1
        if run.open_approvals == 0 and run.run_status is RunStatus.AWAITING_APPROVAL:
            transitions.set_run_status(tx, run, RunStatus.RUNNING)


def withdraw(run: RunContext, call_id: str, why: str) -> None:
    """A proposal that will not be used (its call is not run, or its diff changed) is taken back."""
    proposal = run.proposals.pop(call_id, None)
    if proposal is None:
        return
    proposal.answer.cancel()
    _close(run, proposal, ev.TOOL_CALL_APPROVAL_WITHDRAWN, {"reason": why}, EventLevel.INFO)


def _request(run: RunContext, inv: InvocationState, tool: str, **fields: Any) -> ApprovalRequest:
    return ApprovalRequest(id=new_id("approval"), run_id=run.run_id, agent_id=inv.profile.id,
                           agent_name=inv.profile.display_name, tool=tool, **fields)


def propose_turn(run: RunContext, inv: InvocationState, calls: list[ToolCall], canonical_of: dict[str, str]) -> None:
    """Raises the proposals of every call of this turn that needs approval, before the first one runs."""
    if run.approve_rest or run.explore:  # an Explore run changes nothing: its writes are refused, never proposed
        return
    files: dict[str, str | None] = {}  # the turn's own writes, as the proposals see them
    for call in calls:
        canonical = canonical_of.get(call.name)
        if canonical is None:
            continue
        if needs_approval(inv, canonical) and not is_gated(inv, canonical):  # gated: proposed with its review
            try:
                args = json.loads(call.arguments) if call.arguments.strip() else {}
                fields = _proposal_fields(run, inv, canonical, args, files) if isinstance(args, dict) else None
            except (ToolError, json.JSONDecodeError, RecursionError):
                fields = None  # the call will fail on its own; nothing to approve
            if fields is not None:
                recalled = run.recalled_decisions.pop(call.id, None)
                if recalled is not None and _same_change(recalled, fields):
                    request = ApprovalRequest(id=recalled.approval_id, run_id=run.run_id, agent_id=inv.profile.id,
                                              agent_name=inv.profile.display_name, tool=call.name, **fields)
                    run.proposals[call.id] = _given(inv, request, call.id, recalled.decision)
                else:
                    request = _request(run, inv, call.name, **fields)
                    run.proposals[call.id] = _open(run, inv, request, call.id)
                if request.path is not None:
                    files[request.path] = request.after
        if canonical in _ENDS_TURN:
            break


def _same_change(recalled: RecalledDecision, fields: dict[str, Any]) -> bool:
    if "after" in fields:
        return (recalled.path, recalled.before, recalled.after) == (fields["path"], fields["before"], fields["after"])
    return bool(recalled.arguments == fields.get("arguments", {}))


def recall_decisions(run: RunContext, events: list[Event], calls: list[ToolCall]) -> None:
    """After a restart: the decisions already made for ``calls`` (not run yet) hold when they come
    up again (``propose_turn`` compares the change); the others are asked again."""
    waiting = {c.id for c in calls}
    asked: dict[str, dict[str, Any]] = {}
    found: dict[str, RecalledDecision] = {}
    for e in events:
        p = e.payload
        if e.type == ev.TOOL_CALL_AWAITING_APPROVAL:
            asked[str(p.get("id"))] = p
        elif e.type in (ev.TOOL_CALL_APPROVED, ev.TOOL_CALL_DENIED) and p.get("toolCallId") in waiting:
            ask = asked.get(str(p.get("approvalId")))
            if ask is None:
                continue
            decision = ApprovalDecision(approved=e.type == ev.TOOL_CALL_APPROVED, reason=str(p.get("reason") or ""),
                                        edited_content=p.get("editedContent"),
                                        approve_rest=bool(p.get("approveRest")), error_code=p.get("errorCode"))
            found[str(p["toolCallId"])] = RecalledDecision(str(ask["id"]), ask.get("path"), ask.get("before"),
                                                           ask.get("after"), dict(ask.get("arguments") or {}),
                                                           decision)
        elif e.type == ev.TOOL_CALL_APPROVAL_WITHDRAWN:
            gone = [k for k, r in found.items() if r.approval_id == p.get("approvalId")]
            for key in gone:
                del found[key]
    run.recalled_decisions = found


def _proposal_fields(run: RunContext, inv: InvocationState, canonical: str, args: dict[str, Any],
                     files: dict[str, str | None]) -> dict[str, Any] | None:
    if canonical in tn.APPROVAL_BY_DEFAULT:  # a library entry or Skill file, before and after
        from relay_studio.runtime.library_access import planned_write

        return planned_write(run, canonical, args)
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
    always_ask: bool = False,
) -> ApprovalDecision:
    """Waits for the creator; returns the approval (maybe with edits), raises when rejected. ``always_ask``: the
    creator is asked even after "Approve the rest of this run" (a brief to see first is a question, not a change)."""
    proposal = run.proposals.pop(call_id, None)
    answered = proposal is not None and proposal.answer.done() and not proposal.answer.cancelled()
    review = run.reviews.note_for_call(call_id)  # the review this gated write passed, shown beside the diff
    forced = run.reviews.forces_dialog(call_id)  # a conflict reaches the creator even under "approve the rest"
    if run.approve_rest and not answered and not forced and not always_ask:
        rest = ApprovalDecision(approved=True, reason="approved for the rest of this run")
        if proposal is not None:
            proposal.answer.cancel()
            _decided(run, proposal, rest)
        else:
            with run.db.transaction() as tx:
                tx.event(run.run_id, ev.TOOL_CALL_APPROVED, {"toolCallId": call_id, "tool": tool, "path": path,
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
        request = _request(run, inv, tool, path=path, before=before, after=after, arguments=arguments or {},
                           review=review)
        proposal = _open(run, inv, request, call_id)
    try:
        decision = await proposal.answer
    except asyncio.CancelledError:
        run.proposals[call_id] = proposal
        if not run.left_waiting:  # left waiting: the proposal stays open, to be asked again at the next start
            withdraw(run, call_id, "the run stopped")
        raise
    _decided(run, proposal, decision)
    if forced and decision.approved:  # "Approve anyway": the agent reads the creator's reason in its result
        run.reviews.overrides[call_id] = decision.reason.strip()
    if not decision.approved and decision.error_code:  # a decline with its own code says it all
        raise ToolError(decision.error_code, decision.reason.strip())
    if not decision.approved:
        reason = decision.reason.strip().rstrip(".")
        raise ToolError(codes.TOOL_REJECTED_BY_USER,
                        f"The user rejected this change: {reason}." if reason else "The user rejected this change.")
    return decision


def _decided(run: RunContext, proposal: Proposal, decision: ApprovalDecision) -> None:
    """Journals the creator's decision, once."""
    if proposal.decided:
        return
    proposal.decided = True
    if decision.approve_rest:
        run.approve_rest = True
    payload: dict[str, Any] = {"reason": decision.reason, "edited": decision.edited_content is not None,
                               "approveRest": decision.approve_rest}
    if decision.edited_content is not None:
        payload["editedContent"] = decision.edited_content
    if decision.edited_brief is not None:
        payload["editedBrief"] = decision.edited_brief
    if decision.error_code and not decision.approved:
        payload["errorCode"] = decision.error_code
    _close(run, proposal, ev.TOOL_CALL_APPROVED if decision.approved else ev.TOOL_CALL_DENIED, payload,
           EventLevel.INFO if decision.approved else EventLevel.WARNING)
