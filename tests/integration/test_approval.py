"""Writes the creator wants to approve pause as patch proposals; the run waits in awaiting_approval."""

from __future__ import annotations

import asyncio

from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.profile import AgentProfile
from tests.support import Harness, call, profile, relay_profiles, until, write


def _careful() -> dict[str, AgentProfile]:
    profiles = relay_profiles()
    profiles["final-editor"] = profile(
        "final-editor",
        tools={"allow": ["workspace.read_file", "workspace.write_file", "workspace.apply_patch", "workspace.commit",
                         "workspace.finish"],
               "requireApproval": ["workspace.apply_patch", "workspace.commit"]},
        delegation={"canHandoff": False, "canDelegate": False},
    )
    return profiles


async def test_patch_proposal_waits_for_the_creator(harness: Harness) -> None:
    proposals: list[ApprovalRequest] = []
    gate: asyncio.Future[ApprovalDecision] = asyncio.get_running_loop().create_future()

    async def approver(request: ApprovalRequest) -> ApprovalDecision:
        proposals.append(request)
        if len(proposals) == 1:
            return await gate
        return ApprovalDecision(approved=True)

    turns = {"final-editor": [
        {"toolCalls": [write("output/main.md", "The sea was calm.")]},
        {"toolCalls": [call("workspace_apply_patch", {"path": "output/main.md", "old_string": "calm",
                                                      "new_string": "restless"})]},
        {"toolCalls": [call("workspace_commit"), call("workspace_finish")]},
    ]}
    handle = await harness.start("final-editor", turns, profiles=_careful(), approver=approver)
    run_id = handle.run_id
    await until(lambda: proposals, what="the change to be proposed")
    record = harness.runtime.runs.run(run_id)
    assert record is not None and record.status is RunStatus.AWAITING_APPROVAL
    assert (proposals[0].path, proposals[0].before, proposals[0].after) == (
        "output/main.md", "The sea was calm.", "The sea was restless.")
    assert harness.file(run_id, "output/main.md") == "The sea was calm."  # nothing written before approval
    gate.set_result(ApprovalDecision(approved=False, reason="Keep it calm."))
    assert await handle.wait() is RunStatus.COMPLETED
    assert harness.file(run_id, "output/main.md") == "The sea was calm."
    declined = next(p for p in harness.tool_results(run_id) if p["name"] == "workspace_apply_patch")
    assert declined["errorCode"] == "tool.rejected_by_user"
    assert declined["result"] == "The user rejected this change: Keep it calm."
    assert [p.tool for p in proposals] == ["workspace_apply_patch", "workspace_commit"]
    statuses = [e.payload["to"] for e in harness.of_type(run_id, "status_changed")]
    assert statuses == ["running", "awaiting_approval", "running", "awaiting_approval", "running", "completed"]
    decided = [e.type for e in harness.events(run_id) if e.type in ("tool_call_approved", "tool_call_denied")]
    assert decided == ["tool_call_denied", "tool_call_approved"]


async def test_without_anyone_to_ask_proposals_are_declined(harness: Harness) -> None:
    turns = {"final-editor": [
        {"toolCalls": [write("output/main.md", "Text."), call("workspace_commit")]},
        {"toolCalls": [call("workspace_finish")]},
    ]}
    run_id, status = await harness.run("final-editor", turns, profiles=_careful())
    assert status is RunStatus.FAILED  # nothing could be committed, then the script ran out
    assert harness.error_codes(run_id) == ["tool.rejected_by_user", "agent.foreground_commit_required"]
    assert harness.runtime.runs.commits(run_id) == []


async def test_cancel_while_waiting_for_approval(harness: Harness) -> None:
    async def never(_request: ApprovalRequest) -> ApprovalDecision:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    turns = {"final-editor": [{"toolCalls": [write("output/main.md", "Text."), call("workspace_commit")]}]}
    handle = await harness.start("final-editor", turns, profiles=_careful(), approver=never)
    await until(lambda: "tool_call_awaiting_approval" in harness.types(handle.run_id), what="the approval to be asked")
    harness.runtime.cancel(handle.run_id)
    assert await handle.wait() is RunStatus.CANCELLED


async def test_edits_are_applied_and_reported_and_approve_rest_covers_the_run(harness: Harness) -> None:
    asked: list[ApprovalRequest] = []

    async def approver(request: ApprovalRequest) -> ApprovalDecision:
        asked.append(request)
        return ApprovalDecision(approved=True, edited_content="The sea was silver.", approve_rest=True)

    turns = {"final-editor": [
        {"toolCalls": [write("output/main.md", "The sea was calm.")]},
        {"toolCalls": [call("workspace_apply_patch", {"path": "output/main.md", "old_string": "silver",
                                                      "new_string": "grey"})]},
        {"toolCalls": [call("workspace_commit"), call("workspace_finish")]},
    ]}
    profiles = _careful()
    profiles["final-editor"] = profile(
        "final-editor", tools={"allow": ["workspace.write_file", "workspace.apply_patch", "workspace.commit",
                                         "workspace.finish"],
                               "requireApproval": ["workspace.write_file", "workspace.apply_patch"]},
        delegation={"canHandoff": False, "canDelegate": False})
    handle = await harness.start("final-editor", turns, profiles=profiles, approver=approver)
    assert await handle.wait() is RunStatus.COMPLETED
    assert len(asked) == 1  # the rest of the run was approved with the first answer
    results = [p["result"] for p in harness.tool_results(handle.run_id)]
    assert results[0] == "Applied with the user's edits; output/main.md now reads:\nThe sea was silver."
    assert harness.file(handle.run_id, "output/main.md") == "The sea was grey."
    approved = harness.of_type(handle.run_id, "tool_call_approved")
    assert [e.payload["edited"] for e in approved] == [True, False]


async def test_all_proposals_of_a_turn_are_raised_together(harness: Harness) -> None:
    seen: list[ApprovalRequest] = []
    answers: dict[str, asyncio.Future[ApprovalDecision]] = {}

    async def approver(request: ApprovalRequest) -> ApprovalDecision:
        seen.append(request)
        answers[request.id] = asyncio.get_running_loop().create_future()
        return await answers[request.id]

    profiles = _careful()
    profiles["final-editor"] = profile(
        "final-editor", tools={"allow": ["workspace.write_file", "workspace.apply_patch", "workspace.commit",
                                         "workspace.finish"],
                               "requireApproval": ["workspace.write_file", "workspace.apply_patch",
                                                   "workspace.commit"]},
        delegation={"canHandoff": False, "canDelegate": False})
    turns = {"final-editor": [
        {"toolCalls": [write("output/main.md", "A grey sea."),
                       call("workspace_apply_patch", {"path": "output/main.md", "old_string": "grey",
                                                      "new_string": "silver"}),
                       call("workspace_commit"), call("workspace_finish")]},
    ]}
    handle = await harness.start("final-editor", turns, profiles=profiles, approver=approver)
    await until(lambda: len(seen) == 3, what="the turn's three proposals")
    # Before anything ran, the creator sees the whole turn, each diff on top of the one before it.
    assert [(r.tool, r.before, r.after) for r in seen] == [
        ("workspace_write_file", None, "A grey sea."),
        ("workspace_apply_patch", "A grey sea.", "A silver sea."),
        ("workspace_commit", None, None),
    ]
    assert not (harness.runtime.workspace_dir(handle.run_id) / "output" / "main.md").exists()
    # The creator edits the first change: the patch proposal no longer fits and is asked again.
    answers[seen[0].id].set_result(ApprovalDecision(approved=True, edited_content="A grey sea at dawn."))
    answers[seen[2].id].set_result(ApprovalDecision(approved=True))
    await until(lambda: len(seen) == 4, what="the patch to be asked again")
    assert (seen[3].tool, seen[3].before, seen[3].after) == (
        "workspace_apply_patch", "A grey sea at dawn.", "A silver sea at dawn.")
    withdrawn = harness.of_type(handle.run_id, "tool_call_approval_withdrawn")
    assert [e.payload["approvalId"] for e in withdrawn] == [seen[1].id]
    answers[seen[3].id].set_result(ApprovalDecision(approved=True))
    assert await handle.wait() is RunStatus.COMPLETED
    assert harness.file(handle.run_id, "output/main.md") == "A silver sea at dawn."
    assert harness.error_codes(handle.run_id) == []
    statuses = [e.payload["to"] for e in harness.of_type(handle.run_id, "status_changed")]
    assert statuses == ["running", "awaiting_approval", "running", "completed"]
