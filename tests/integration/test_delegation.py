"""Delegated helper tasks: scheduler, await and capsules, limits, and what helpers may not do."""

from __future__ import annotations

from typing import Any

from relay_studio.domain.enums import InvocationStatus, RunStatus, TaskContinuation, TaskStatus
from tests.support import Harness, call, handoff, profile, relay_profiles, write


def delegate(objective: str = "Find three facts about lighthouses.", **task: Any) -> dict[str, Any]:
    return call("agent_delegate", {"agentId": "researcher", "task": {"objective": objective, **task}})


def task_return(summary: str = "Three facts.", **more: Any) -> dict[str, Any]:
    return call("task_return", {"summary": summary, **more})


async def test_delegate_await_and_capsule(harness: Harness) -> None:
    turns = {
        "writer": [
            {"toolCalls": [delegate(title="Lighthouse facts", expectedOutput="Three bullet points.")]},
            {"toolCalls": [call("agent_await", {"taskIds": ["task-1"], "mode": "allCompleted"})]},
            {"toolCalls": [write("output/main.md", "Scene."), call("workspace_commit"), handoff("final-editor")]},
        ],
        "researcher": [
            {"toolCalls": [write("scratch/facts.md", "- Lamps\n- Lenses\n- Logs\n")]},
            {"toolCalls": [task_return(findings=["Lamps burn oil", "Lenses rotate"], warnings=["Dates vary"],
                                       artifacts=["scratch/facts.md"])]},
        ],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns)
    assert status is RunStatus.COMPLETED
    runtime = harness.runtime
    tasks = runtime.runs.tasks(run_id)
    child_task = next(t for t in tasks if t.continuation is TaskContinuation.RETURN_TO_PARENT)
    assert child_task.status is TaskStatus.COMPLETED and child_task.handle == "task-1"
    assert child_task.result is not None and child_task.result["findings"] == ["Lamps burn oil", "Lenses rotate"]
    child = runtime.runs.invocation(child_task.child_invocation_id)
    assert child is not None and child.kind.value == "subagent" and child.status is InvocationStatus.COMPLETED
    assert child.exit_policy.value == "task_return_required"

    assert harness.provider is not None
    researcher_request = next(r for r in harness.provider.requests if r.agent_id == "researcher")
    tools = {t.name for t in researcher_request.tools}
    assert "task_return" in tools
    assert not tools & {"workspace_commit", "workspace_finish", "agent_handoff", "agent_delegate", "agent_await"}
    brief = researcher_request.messages[0].content
    assert brief.startswith("# Delegated Task\n\nWriter asked you to do the task below and report back.")
    assert "## Expected Output\nThree bullet points." in brief

    await_result = next(p["result"] for p in harness.tool_results(run_id) if p["name"] == "agent_await")
    assert await_result.startswith("## Result of task-1: Lighthouse facts\nFrom: Researcher\nStatus: completed")
    assert "### Findings\n- Lamps burn oil\n- Lenses rotate" in await_result
    assert "### Files\n- scratch/facts.md" in await_result
    types = harness.types(run_id)
    for kind in ("agent_delegate_started", "agent_await_started", "agent_await_completed", "task_return_completed"):
        assert kind in types


async def test_results_are_injected_after_the_next_tool_turn(harness: Harness) -> None:
    turns = {
        "writer": [
            {"toolCalls": [delegate()]},
            {"delayMs": 50, "toolCalls": [call("workspace_list_files")]},
            {"toolCalls": [write("output/main.md", "Scene."), call("workspace_commit"), handoff("final-editor")]},
        ],
        "researcher": [{"toolCalls": [task_return()]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns)
    assert status is RunStatus.COMPLETED
    assert harness.provider is not None
    third = [r for r in harness.provider.requests if r.agent_id == "writer"][2]
    injected = third.messages[-1]
    assert injected.role == "user"
    assert injected.content.startswith("Results from your helpers arrived:\n\n## Result of task-1")
    assert "task_results_injected" in harness.types(run_id)


async def test_handoff_denied_while_task_pending_then_finish_cancels_child(harness: Harness) -> None:
    profiles = relay_profiles()
    profiles["writer"] = profile("writer", delegation={"callable": False, "allowAsHandoffTarget": False,
                                                        "allowAsSubagent": False})
    turns = {
        "writer": [
            {"toolCalls": [delegate()]},
            {"toolCalls": [handoff("editor")]},
            {"toolCalls": [write("output/main.md", "Done alone."), call("workspace_commit"),
                           call("workspace_finish")]},
        ],
        "researcher": [{"delayMs": 5000, "toolCalls": [task_return()]}],
    }
    run_id, status = await harness.run("writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    assert harness.error_codes(run_id) == ["agent.handoff_pending_tasks"]
    denial = next(p["result"] for p in harness.tool_results(run_id) if p["name"] == "agent_handoff")
    assert denial.startswith("You still have unfinished delegated tasks: task-1")
    assert denial.endswith("Use agent_await before handing off.")
    task = next(t for t in harness.runtime.runs.tasks(run_id) if t.continuation is TaskContinuation.RETURN_TO_PARENT)
    assert task.status is TaskStatus.CANCELLED
    child = harness.runtime.runs.invocation(task.child_invocation_id)
    assert child is not None and child.status is InvocationStatus.CANCELLED
    types = harness.types(run_id)
    assert types.index("agent_task_cancelled") < types.index("run_completed")
    finish = next(p["result"] for p in harness.tool_results(run_id) if p["name"] == "workspace_finish")
    assert "Stopped unfinished helper tasks: task-1." in finish


async def test_child_trying_to_commit_is_refused(harness: Harness) -> None:
    turns = {
        "writer": [{"toolCalls": [delegate()]}, {"toolCalls": [call("agent_await", {"mode": "allCompleted"})]},
                   {"toolCalls": [write("output/main.md", "x"), call("workspace_commit"), handoff("final-editor")]}],
        "researcher": [{"toolCalls": [write("output/main.md", "Helper text"), call("workspace_commit")]},
                       {"toolCalls": [call("workspace_finish")]},
                       {"toolCalls": [task_return()]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns)
    assert status is RunStatus.COMPLETED
    assert harness.error_codes(run_id) == ["agent.child_cannot_commit", "agent.child_cannot_commit"]
    assert [c.agent_id for c in harness.runtime.runs.commits(run_id)] == ["writer"]


async def test_child_without_task_return_fails_at_its_round_limit(harness: Harness) -> None:
    profiles = relay_profiles()
    profiles["researcher"] = profile("researcher", tools={"allow": ["workspace.read_file"], "maxRounds": 2},
                                     delegation={"canHandoff": False, "canDelegate": False,
                                                 "allowAsHandoffTarget": False}, run={"directRunnable": False})
    turns = {
        "writer": [{"toolCalls": [delegate()]}, {"toolCalls": [call("agent_await", {"mode": "allCompleted"})]},
                   {"toolCalls": [write("output/main.md", "x"), call("workspace_commit"), handoff("final-editor")]}],
        # Two rounds of its own, then the two closing rounds, in which reading is refused.
        "researcher": [{"toolCalls": [call("workspace_read_file", {"path": "output/none.md"})]}] * 4,
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    task = next(t for t in harness.runtime.runs.tasks(run_id) if t.continuation is TaskContinuation.RETURN_TO_PARENT)
    assert task.status is TaskStatus.FAILED
    assert task.error == {"code": "agent.round_limit_reached",
                          "message": "Researcher used all 2 rounds, and the 2 closing rounds after them, "
                                     "without returning a result."}
    assert harness.error_codes(run_id).count("agent.round_limit_reached") == 2
    awaited = next(p["result"] for p in harness.tool_results(run_id) if p["name"] == "agent_await")
    assert "Status: failed" in awaited and "### What went wrong" in awaited


async def test_a_helper_whose_server_fails_is_reported_without_the_servers_own_text(harness: Harness) -> None:
    trace = "Traceback (most recent call last): File \"/srv/llama/app.py\", line 9"
    turns = {
        "writer": [{"toolCalls": [delegate()]}, {"toolCalls": [call("agent_await", {"mode": "allCompleted"})]},
                   {"toolCalls": [write("output/main.md", "x"), call("workspace_commit"), handoff("final-editor")]}],
        "researcher": [{"error": {"status": 500, "message": trace}}] * 6,
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns)
    assert status is RunStatus.COMPLETED
    assert harness.provider is not None
    writer_requests = [r for r in harness.provider.requests if r.agent_id == "writer"]
    after_await = writer_requests[2]  # the request that carries agent_await's result
    seen = "\n".join(str(m.content) for m in after_await.messages)
    assert "### What went wrong\nThe model server of Researcher failed to answer." in seen
    assert "/srv/llama" not in seen and "Traceback" not in seen
    task = next(t for t in harness.runtime.runs.tasks(run_id) if t.continuation is TaskContinuation.RETURN_TO_PARENT)
    assert task.status is TaskStatus.FAILED and task.error is not None
    assert task.error["code"].startswith("provider.")
    assert "/srv/llama" in task.error["message"]  # the journal keeps the server's words
    assert any("/srv/llama" in e.payload["message"] for e in harness.of_type(run_id, "model_call_failed"))


async def test_task_timeout_fails_the_task_not_the_run(harness: Harness) -> None:
    profiles = relay_profiles()
    profiles["researcher"] = profile("researcher", tools={"allow": ["workspace.read_file"]},
                                     delegation={"canHandoff": False, "canDelegate": False,
                                                 "allowAsHandoffTarget": False, "taskTimeoutSeconds": 0.05},
                                     run={"directRunnable": False})
    turns = {
        "writer": [{"toolCalls": [delegate()]}, {"toolCalls": [call("agent_await", {"mode": "nextCompleted"})]},
                   {"toolCalls": [write("output/main.md", "x"), call("workspace_commit"), handoff("final-editor")]}],
        "researcher": [{"delayMs": 2000, "toolCalls": [task_return()]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    task = next(t for t in harness.runtime.runs.tasks(run_id) if t.continuation is TaskContinuation.RETURN_TO_PARENT)
    assert task.status is TaskStatus.FAILED and task.error is not None
    assert task.error["code"] == "agent.task_timeout"


async def test_concurrency_and_task_limits(harness: Harness) -> None:
    profiles = relay_profiles()
    profiles["writer"] = profile("writer", delegation={"callable": False, "allowAsHandoffTarget": False,
                                                        "allowAsSubagent": False, "maxConcurrentTasks": 1,
                                                        "maxTasksPerRun": 2})
    turns = {
        "writer": [
            {"toolCalls": [delegate("one"), delegate("two"), delegate("three")]},
            {"toolCalls": [call("agent_await", {"mode": "allCompleted"})]},
            {"toolCalls": [write("output/main.md", "x"), call("workspace_commit"), call("workspace_finish")]},
        ],
        "researcher": [{"delayMs": 30, "toolCalls": [task_return("first")]},
                       {"delayMs": 30, "toolCalls": [task_return("second")]}],
    }
    run_id, status = await harness.run("writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    assert harness.error_codes(run_id) == ["agent.task_limit_reached"]
    events = harness.events(run_id)
    # With one slot, the second child starts only after the first has ended.
    started = [e.seq for e in events if e.type == "agent_task_started"]
    ended = [e.seq for e in events if e.type == "agent_task_completed"]
    assert len(started) == 2 and started[1] > ended[0]
