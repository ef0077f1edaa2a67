"""Tools change no run state themselves: they return effects, and the loop applies them
(docs/runtime.md, "Effects"). Proven in real runs, with a look at the run around each tool's own code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from relay_studio.domain import tool_names as tn
from relay_studio.domain.enums import RunStatus
from relay_studio.runtime.context import ToolContext
from relay_studio.runtime.effects import HandoffAccepted, TaskDelegated, ToolResult
from relay_studio.runtime.tools import registry
from relay_studio.runtime.tools.base import Tool
from tests.integration.test_delegation import delegate, task_return
from tests.support import Harness, call, handoff, write

STATE_EVENTS = ("agent_invocation_created", "agent_task_registered", "agent_handoff_accepted",
                "agent_delegate_started")


@dataclass
class Seen:
    """The run's state right before and right after one tool's own code ran."""

    before: tuple[Any, ...]
    after: tuple[Any, ...]
    result: ToolResult


def _state(harness: Harness, ctx: ToolContext) -> tuple[Any, ...]:
    run = ctx.run
    journaled = [e.type for e in harness.events(run.run_id) if e.type in STATE_EVENTS]
    return (sorted(run.invocations), dict(run.inv_status), dict(run.task_status), sorted(run.scheduler.children),
            journaled)


def _watch(monkeypatch: pytest.MonkeyPatch, harness: Harness, canonical: str) -> list[Seen]:
    seen: list[Seen] = []
    original = registry.TOOLS[canonical]

    async def watched(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
        before = _state(harness, ctx)
        result = await original.run(ctx, args)
        seen.append(Seen(before, _state(harness, ctx), result))
        return result

    monkeypatch.setitem(registry.TOOLS, canonical, Tool(original.spec, watched))
    return seen


async def test_agent_delegate_returns_the_task_and_the_loop_starts_it(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _watch(monkeypatch, harness, tn.AGENT_DELEGATE)
    turns = {
        "writer": [
            {"toolCalls": [delegate(title="Lighthouse facts")]},
            {"toolCalls": [call("agent_await", {"taskIds": ["task-1"], "mode": "allCompleted"})]},
            {"toolCalls": [write("output/main.md", "Scene."), call("workspace_commit"), handoff("final-editor")]},
        ],
        "researcher": [{"toolCalls": [task_return()]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns)
    assert status is RunStatus.COMPLETED
    [one] = seen
    assert one.after == one.before  # no invocation, task, helper or journaled row from the tool itself
    assert isinstance(one.result.effect, TaskDelegated) and one.result.effect.target.id == "researcher"
    # applied by the loop: the task exists, started, and the agent was told its name
    completed = next(p for p in harness.tool_results(run_id) if p["name"] == "agent_delegate")
    assert completed["handle"] == "task-1" and completed["targetAgentId"] == "researcher"
    assert completed["result"].startswith("Researcher is working on task-1 (Lighthouse facts).")
    [started] = harness.of_type(run_id, "agent_delegate_started")
    assert started.payload["handle"] == "task-1"
    assert [t.handle for t in harness.runtime.runs.tasks(run_id) if t.handle.startswith("task-")] == ["task-1"]


async def test_agent_handoff_returns_the_handoff_and_the_loop_creates_the_next_stage(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _watch(monkeypatch, harness, tn.AGENT_HANDOFF)
    turns = {
        "writer": [{"toolCalls": [write("output/main.md", "Scene."), call("workspace_commit"),
                                  handoff("editor", title="Tighten")]}],
        "editor": [{"toolCalls": [handoff("final-editor")]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns)
    assert status is RunStatus.COMPLETED
    assert len(seen) == 2
    for one in seen:
        assert one.after == one.before
        assert isinstance(one.result.effect, HandoffAccepted)
    first = seen[0].result.effect
    assert isinstance(first, HandoffAccepted)
    editor = harness.runtime.runs.invocation(first.invocation_id)
    assert editor is not None and editor.profile_id == "editor" and editor.incoming_task_id == first.task_id
    [accepted, _second] = harness.of_type(run_id, "agent_handoff_accepted")
    assert accepted.payload["taskId"] == first.task_id and accepted.payload["title"] == "Tighten"
