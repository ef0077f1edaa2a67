"""'Let me see the brief first' (docs/runtime.md, *Seeing the brief first*): an agent whose profile sets
``handoff.reviewBrief`` waits, when it hands off, for the creator's version of its brief; the next stage
starts with it and the journal keeps both. Without a window the agent's brief goes on unchanged."""

from __future__ import annotations

from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.profile import AgentProfile, validate_profile
from relay_studio.runtime.approval import approve_all, decline_all
from relay_studio.runtime.delegation.brief_review import BRIEF_REVIEW
from tests.support import Harness, call, profile_dict, relay_profiles, write

AGENT_BRIEF = {
    "title": "Final pass",
    "objective": "Polish output/main.md and finish.",
    "mustPreserve": ["Mara climbs the stairs."],
    "completionCriteria": ["output/main.md is polished."],
    "tone": "quiet",  # a field the editor does not show: handed on as the agent gave it
}
CREATOR_OBJECTIVE = "Polish output/main.md, keep it under a hundred words, and finish."


def _turns() -> dict[str, list[dict[str, Any]]]:
    return {
        "editor": [
            {"toolCalls": [write("output/main.md", "The lamp flickered. Mara climbed.")]},
            {"toolCalls": [call("workspace_commit"), call("agent_handoff", {"agentId": "final-editor",
                                                                            "handoff": AGENT_BRIEF})]},
        ],
        "final-editor": [{"toolCalls": [call("workspace_finish", {"summary": "Polished."})]}],
    }


def _profiles() -> dict[str, AgentProfile]:
    profiles = relay_profiles()
    editor = profiles["editor"]
    profiles["editor"] = editor.model_copy(update={"handoff": editor.handoff.model_copy(update={"review_brief": True})})
    return profiles


def _final_editor_input(harness: Harness) -> str:
    assert harness.provider is not None
    first = next(r for r in harness.provider.requests if r.agent_id == "final-editor")
    return "\n".join(m.content for m in first.messages if m.role == "user")


async def test_the_creators_brief_reaches_the_next_stage_and_the_journal_keeps_both(harness: Harness) -> None:
    asked: list[ApprovalRequest] = []
    statuses: list[RunStatus | None] = []

    async def creator(request: ApprovalRequest) -> ApprovalDecision:
        asked.append(request)
        statuses.append(harness.runtime.runs.run(request.run_id).status)  # type: ignore[union-attr]
        edited = {**request.arguments["brief"], "objective": CREATOR_OBJECTIVE, "mustPreserve": []}
        return ApprovalDecision(approved=True, edited_brief=edited)

    run_id, status = await harness.run("editor", _turns(), profiles=_profiles(), approver=creator)
    assert status is RunStatus.COMPLETED
    assert [r.tool for r in asked] == [BRIEF_REVIEW]
    assert asked[0].arguments["brief"] == AGENT_BRIEF and asked[0].arguments["targetName"] == "Final Editor"
    assert statuses == [RunStatus.AWAITING_APPROVAL]  # the run waits as it does for a patch

    seen = _final_editor_input(harness)
    assert CREATOR_OBJECTIVE in seen and "Polish output/main.md and finish." not in seen
    assert "Mara climbs the stairs." not in seen  # emptied by the creator: gone
    assert "quiet" in seen  # the target's own field, as the agent gave it

    accepted = harness.of_type(run_id, "agent_handoff_accepted")[0].payload
    assert accepted["agentBrief"] == AGENT_BRIEF
    assert accepted["brief"]["objective"] == CREATOR_OBJECTIVE and "mustPreserve" not in accepted["brief"]
    assert accepted["briefEditedBy"] == "creator"
    approved = harness.of_type(run_id, "tool_call_approved")[0].payload
    assert approved["tool"] == BRIEF_REVIEW and approved["editedBrief"]["objective"] == CREATOR_OBJECTIVE


async def test_cancel_and_headless_runs_hand_on_the_agents_brief(harness: Harness) -> None:
    for approver in (decline_all, approve_all, None):
        run_id, status = await harness.run("editor", _turns(), profiles=_profiles(), approver=approver)
        assert status is RunStatus.COMPLETED
        accepted = harness.of_type(run_id, "agent_handoff_accepted")[0].payload
        assert accepted["brief"] == AGENT_BRIEF and "agentBrief" not in accepted
        assert "Polish output/main.md and finish." in _final_editor_input(harness)


async def test_a_brief_the_creator_left_without_an_objective_is_not_handed_on(harness: Harness) -> None:
    async def creator(request: ApprovalRequest) -> ApprovalDecision:
        return ApprovalDecision(approved=True, edited_brief={**request.arguments["brief"], "objective": "  "})

    run_id, status = await harness.run("editor", _turns(), profiles=_profiles(), approver=creator)
    assert status is RunStatus.COMPLETED
    accepted = harness.of_type(run_id, "agent_handoff_accepted")[0].payload
    assert accepted["brief"] == AGENT_BRIEF and "agentBrief" not in accepted


async def test_an_agent_without_the_option_is_never_held(harness: Harness) -> None:
    asked: list[ApprovalRequest] = []

    async def creator(request: ApprovalRequest) -> ApprovalDecision:
        asked.append(request)
        return ApprovalDecision(approved=True)

    run_id, status = await harness.run("editor", _turns(), profiles=relay_profiles(), approver=creator)
    assert status is RunStatus.COMPLETED and asked == []
    assert "tool_call_awaiting_approval" not in harness.types(run_id)


def test_the_option_must_be_true_or_false() -> None:
    profile, problems = validate_profile(profile_dict("editor", handoff={"reviewBrief": "yes"}))
    assert profile is None
    assert [(p.path, p.code) for p in problems] == [("handoff.reviewBrief", codes.PROFILE_INVALID_TYPE)]
    assert "valid boolean" in problems[0].message
