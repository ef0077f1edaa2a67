"""Writes the creator wants to approve pause as patch proposals; the run waits in awaiting_approval."""

from __future__ import annotations

import asyncio

from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.profile import AgentProfile
from tests.support import Harness, call, profile, relay_profiles, write


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
    for _ in range(400):
        await asyncio.sleep(0.005)
        if proposals:
            break
    record = harness.runtime.runs.run(run_id)
    assert record is not None and record.status is RunStatus.AWAITING_APPROVAL
    assert (proposals[0].path, proposals[0].before, proposals[0].after) == (
        "output/main.md", "The sea was calm.", "The sea was restless.")
    assert harness.file(run_id, "output/main.md") == "The sea was calm."  # nothing written before approval
    gate.set_result(ApprovalDecision(approved=False, reason="Keep it calm."))
    assert await handle.wait() is RunStatus.COMPLETED
    assert harness.file(run_id, "output/main.md") == "The sea was calm."
    declined = next(p for p in harness.tool_results(run_id) if p["name"] == "workspace_apply_patch")
    assert declined["errorCode"] == "tool.declined_by_creator"
    assert declined["result"] == ("The creator declined the change to output/main.md. They said: Keep it calm. "
                                  "Adjust your plan.")
    assert [p.tool for p in proposals] == ["workspace_apply_patch", "workspace_commit"]
    statuses = [e.payload["to"] for e in harness.of_type(run_id, "status_changed")]
    assert statuses == ["running", "awaiting_approval", "running", "awaiting_approval", "running", "completed"]
    assert [e.payload["approved"] for e in harness.of_type(run_id, "patch_resolved")] == [False, True]


async def test_without_anyone_to_ask_proposals_are_declined(harness: Harness) -> None:
    turns = {"final-editor": [
        {"toolCalls": [write("output/main.md", "Text."), call("workspace_commit")]},
        {"toolCalls": [call("workspace_finish")]},
    ]}
    run_id, status = await harness.run("final-editor", turns, profiles=_careful())
    assert status is RunStatus.FAILED  # nothing could be committed, then the script ran out
    assert harness.error_codes(run_id) == ["tool.declined_by_creator", "agent.foreground_commit_required"]
    assert harness.runtime.runs.commits(run_id) == []


async def test_cancel_while_waiting_for_approval(harness: Harness) -> None:
    async def never(_request: ApprovalRequest) -> ApprovalDecision:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    turns = {"final-editor": [{"toolCalls": [write("output/main.md", "Text."), call("workspace_commit")]}]}
    handle = await harness.start("final-editor", turns, profiles=_careful(), approver=never)
    for _ in range(400):
        await asyncio.sleep(0.005)
        if "patch_proposed" in harness.types(handle.run_id):
            break
    harness.runtime.cancel(handle.run_id)
    assert await handle.wait() is RunStatus.CANCELLED
