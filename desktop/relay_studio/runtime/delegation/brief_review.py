""""Let me see the brief first" (a profile's ``handoff.reviewBrief``, docs/runtime.md, *Seeing the brief first*).

When such an agent hands off, the runtime asks the run's approver about the brief before the next stage
exists, the way a patch proposal is asked (``runtime/approval.py``): ``tool_call_awaiting_approval`` with the
brief in its arguments, the run ``awaiting_approval`` until the creator answers, the decision journaled. An
approval may carry the creator's fields (``ApprovalDecision.edited_brief``); the next stage starts with them, and
``agent_handoff_accepted`` keeps both briefs (``brief``: the one handed on, ``agentBrief``: the agent's). A
decline (the editor's Cancel, a headless ``--approve none``) hands on the agent's brief unchanged, as does a
headless ``--approve all``, whose decisions carry no edits: without a window the option is auto-accepted.
"Approve the rest of this run" in the patch dialog approves changes, not briefs: a brief review always asks.
"""

from __future__ import annotations

from typing import Any

from relay_studio.domain.approvals import ApprovalRequest
from relay_studio.domain.profile import AgentProfile
from relay_studio.runtime.approval import request_approval
from relay_studio.runtime.context import ToolContext
from relay_studio.runtime.errors import ToolError
from relay_studio.store.database import new_id

#: the ``tool`` of a brief's approval request: no model-visible tool, so a patch dialog never takes it
BRIEF_REVIEW = "agent_handoff.brief"
#: the brief's fields the creator edits, in the order the editor shows them (``HandoffPacket``'s)
EDITABLE = ("title", "objective", "reason", "contextSummary", "mustPreserve", "completionCriteria", "workspaceRefs")


def is_brief_review(request: ApprovalRequest) -> bool:
    return request.tool == BRIEF_REVIEW


def merged_brief(agent: dict[str, Any], edited: dict[str, Any]) -> dict[str, Any]:
    """The agent's brief with the creator's fields: an edited field replaces the agent's, an emptied one goes;
    fields the editor does not show (a target's own inputs) stay as the agent gave them."""
    merged = {k: v for k, v in agent.items() if k not in EDITABLE}
    for key in EDITABLE:
        value = edited.get(key, agent.get(key))
        if value not in (None, "", []):
            merged[key] = value
    return merged


async def reviewed_brief(ctx: ToolContext, target: AgentProfile, brief: dict[str, Any]) -> dict[str, Any] | None:
    """The creator's version of ``brief`` when the handing agent asks for a review and the creator changed it;
    None when the agent's brief goes on as it is (no review asked, declined, unchanged). The caller checks it
    as it checks the agent's (``handoff.validate_packet``)."""
    run, inv = ctx.run, ctx.inv
    if not inv.profile.handoff.review_brief or run.explore:
        return None
    arguments = {"brief": brief, "targetAgentId": target.id, "targetName": target.display_name}
    try:
        decision = await request_approval(run, inv, BRIEF_REVIEW, call_id=ctx.call_id or new_id("brief"),
                                          arguments=arguments, always_ask=True)
    except ToolError:
        return None  # declined: the agent's brief goes on
    if decision.edited_brief is None:
        return None
    merged = merged_brief(brief, decision.edited_brief)
    return None if merged == brief else merged
