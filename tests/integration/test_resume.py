"""A run stopped while a change waited for approval is suspended, not lost: the next start asks the
same approval again and the run goes on as if nothing had happened."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.enums import InvocationStatus, RunStatus, TaskStatus
from relay_studio.domain.messages import Message
from relay_studio.domain.profile import AgentProfile
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.engine import RunHandle, RunRequestError, Runtime
from tests.support import Harness, call, handoff, profile, relay_profiles, until, write


def _profiles() -> dict[str, AgentProfile]:
    profiles = relay_profiles()
    profiles["editor"] = profile(
        "editor", tools={"allow": ["workspace.read_file", "workspace.apply_patch", "workspace.commit",
                                   "agent.handoff", "agent.delegate", "agent.await"],
                         "requireApproval": ["workspace.apply_patch", "workspace.commit"]})
    old = profiles["final-editor"].to_json_dict()
    old["handoffIn"] = {"historyMode": "fullHistory"}
    profiles["final-editor"] = AgentProfile.model_validate(old)
    return profiles


TURNS: dict[str, list[dict[str, Any]]] = {
    "writer": [{"toolCalls": [write("output/main.md", "The sea was calm."), call("workspace_commit"),
                              handoff("editor", "Make it vivid.")]}],
    "editor": [
        {"toolCalls": [call("agent_delegate", {"agentId": "researcher", "task": {"objective": "Check tides."}}),
                       call("workspace_read_file", {"path": "output/main.md"})]},
        {"text": "One change.", "toolCalls": [
            call("workspace_apply_patch", {"path": "output/main.md", "old_string": "calm", "new_string": "restless"}),
            call("workspace_commit"), handoff("final-editor", "Finish it.")]},
    ],
    "researcher": [{"delayMs": 60_000, "toolCalls": []}],
    "final-editor": [{"toolCalls": [call("workspace_finish", {"summary": "Done."})]}],
}


def _shape(messages: list[Message]) -> list[tuple[str, str, list[str]]]:
    return [(m.role, m.content, [c.name for c in m.tool_calls]) for m in messages]


async def stop_at_approval(harness: Harness, turns: dict[str, list[dict[str, Any]]], proposals: int
                           ) -> tuple[RunHandle, list[ApprovalRequest]]:
    """Starts a run whose approver never answers and lets the process "die" once ``proposals`` are
    open: the store is closed, so nothing more reaches it from this runtime."""
    asked: list[ApprovalRequest] = []

    async def never(request: ApprovalRequest) -> ApprovalDecision:
        asked.append(request)
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    handle = await harness.start("writer", turns, profiles=_profiles(), approver=never)
    await until(lambda: len(asked) == proposals)
    assert harness.runtime.runs.run(handle.run_id).status is RunStatus.AWAITING_APPROVAL  # type: ignore[union-attr]
    harness.runtime.db.close()
    handle.task.cancel()
    await asyncio.gather(handle.task, return_exceptions=True)
    return handle, asked


async def test_a_run_waiting_for_approval_resumes_after_a_restart(harness: Harness) -> None:
    handle, asked = await stop_at_approval(harness, TURNS, 2)

    second = Runtime(harness.data_dir)
    try:
        assert second.recovered == [] and second.suspended == [handle.run_id]
        record = second.runs.run(handle.run_id)
        assert record is not None and record.status is RunStatus.AWAITING_APPROVAL
        helper_task = next(t for t in second.runs.tasks(handle.run_id) if t.handle == "task-1")
        assert helper_task.status is TaskStatus.CANCELLED
        restarted = Runtime(harness.data_dir)
        assert restarted.suspended == [handle.run_id]  # a restart without resuming keeps it
        restarted.close()

        again: list[ApprovalRequest] = []

        async def approve(request: ApprovalRequest) -> ApprovalDecision:
            again.append(request)
            return ApprovalDecision(approved=True)

        provider = ScriptedProvider(load_script({"turns": TURNS}))
        for agent, calls in second.runs.model_calls_by_agent(handle.run_id).items():
            provider.cursor[agent] = calls
        resumed = await second.resume_run(handle.run_id, provider_for=lambda _p: provider, approver=approve)
        assert await resumed.wait() is RunStatus.COMPLETED
        # The same proposals came back, with the same diff.
        assert [(r.tool, r.path, r.before, r.after) for r in again] == [
            (r.tool, r.path, r.before, r.after) for r in asked]
        assert (again[0].before, again[0].after) == ("The sea was calm.", "The sea was restless.")
        assert (second.workspace_dir(handle.run_id) / "output" / "main.md").read_text() == "The sea was restless."
        statuses = [(i.profile_id, i.status) for i in second.runs.invocations(handle.run_id)]
        assert statuses == [("writer", InvocationStatus.TRANSFERRED), ("editor", InvocationStatus.TRANSFERRED),
                            ("researcher", InvocationStatus.CANCELLED), ("final-editor", InvocationStatus.COMPLETED)]
        events = second.runs.events(handle.run_id)
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        types = [e.type for e in events]
        assert types.index("run_suspended") < types.index("run_resumed") < types.index("run_completed")
        assert [c.version for c in second.runs.commits(handle.run_id)] == [1, 2]

        # The finalizer saw the whole earlier conversation, rebuilt from the journal.
        final_input = provider.requests[0].messages
        assert provider.requests[0].agent_id == "final-editor"
        shape = _shape(final_input)
        assert shape[0] == ("user", "Write a scene.", [])
        assert ("assistant", "One change.", ["workspace_apply_patch", "workspace_commit", "agent_handoff"]) in shape
        assert ("tool", "The sea was calm.", []) in shape  # the editor's read, journaled in full
        assert shape[-1][0] == "user" and shape[-1][1].startswith("# Handoff Brief")
        with pytest.raises(RunRequestError):
            await second.resume_run(handle.run_id, provider_for=lambda _p: provider)
    finally:
        second.close()


async def test_the_waiting_agent_hears_about_helpers_the_stop_cut_short(harness: Harness) -> None:
    turns = {**TURNS, "editor": [
        TURNS["editor"][0],
        {"toolCalls": [call("workspace_apply_patch", {"path": "output/main.md", "old_string": "calm",
                                                      "new_string": "restless"})]},
        {"toolCalls": [call("workspace_commit"), handoff("final-editor", "Finish it.")]},
    ]}
    handle, _asked = await stop_at_approval(harness, turns, 1)
    second = Runtime(harness.data_dir)
    try:
        provider = ScriptedProvider(load_script({"turns": turns}))
        provider.cursor.update(second.runs.model_calls_by_agent(handle.run_id))

        async def approve(_request: ApprovalRequest) -> ApprovalDecision:
            return ApprovalDecision(approved=True)

        resumed = await second.resume_run(handle.run_id, provider_for=lambda _p: provider, approver=approve)
        assert await resumed.wait() is RunStatus.COMPLETED
        editor_next = provider.requests[0]
        assert editor_next.agent_id == "editor"
        note = editor_next.messages[-1]
        assert note.role == "user" and note.content.startswith("Results from your helpers arrived:")
        assert "Status: cancelled" in note.content
        assert "Relay Studio stopped while this helper was working" in note.content
    finally:
        second.close()
