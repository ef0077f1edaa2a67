"""Every handoff denial is a recoverable tool error with its code; the run goes on
(docs/runtime.md, "Handoff")."""

from __future__ import annotations

from typing import Any

import pytest

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.profile import AgentProfile
from tests.support import Harness, call, handoff, profile, relay_profiles, write


def _finish_turns() -> list[dict[str, Any]]:
    return [{"toolCalls": [write("output/main.md", "Done myself."), call("workspace_commit"),
                           call("workspace_finish")]}]


def _profiles(**extra: AgentProfile) -> dict[str, AgentProfile]:
    profiles = relay_profiles()
    profiles["writer"] = profile("writer", delegation={"callable": False, "allowAsHandoffTarget": False,
                                                        "allowAsSubagent": False, "maxHandoffDepth": 8})
    profiles.update(extra)
    return profiles


CASES: list[tuple[str, dict[str, Any], dict[str, AgentProfile], str, bool]] = [
    ("bad JSON", {"name": "agent_handoff", "arguments": "{not valid json"}, {}, "tool.invalid_arguments", False),
    ("missing objective", call("agent_handoff", {"agentId": "editor", "handoff": {"title": "x"}}), {},
     "tool.invalid_arguments", False),
    ("unknown target", handoff("nobody"), {}, "agent.target_profile_not_found", True),
    ("target not callable", handoff("researcher"), {}, "agent.target_not_callable", True),
    ("caller not allowed", handoff("picky"),
     {"picky": profile("picky", delegation={"allowedCallers": ["editor"]})}, "agent.handoff_policy_denied", True),
    ("hand off to self", handoff("writer"), {}, "agent.handoff_policy_denied", True),
    ("target needs a model", handoff("unbound"),
     {"unbound": profile("unbound", model={"mode": "requiresConfiguration", "connection": None, "model": None})},
     "agent.target_requires_configuration", True),
]


@pytest.mark.parametrize(("label", "bad_call", "extra", "code", "requested"), CASES, ids=[c[0] for c in CASES])
async def test_handoff_denial_is_recoverable(harness: Harness, label: str, bad_call: dict[str, Any],
                                             extra: dict[str, AgentProfile], code: str, requested: bool) -> None:
    turns = {"writer": [{"toolCalls": [bad_call]}, *_finish_turns()]}
    run_id, status = await harness.run("writer", turns, profiles=_profiles(**extra))
    assert status is RunStatus.COMPLETED, label
    assert harness.error_codes(run_id) == [code]
    types = harness.types(run_id)
    # agent_handoff_requested is journaled even when the handoff is then denied (not for unparsable args).
    assert ("agent_handoff_requested" in types) is requested
    assert "agent_handoff_accepted" not in types
    assert len(harness.runtime.runs.invocations(run_id)) == 1
    # The model saw the error as a tool result and went on.
    assert harness.provider is not None
    tool_message = harness.provider.requests[1].messages[-1]
    assert tool_message.role == "tool" and tool_message.is_error


async def test_source_without_handoff_permission_is_denied(harness: Harness) -> None:
    # A helper has no agent_handoff at all: the call is refused before any handoff logic.
    profiles = relay_profiles()
    turns = {
        "writer": [{"toolCalls": [call("agent_delegate", {"agentId": "researcher", "task": {"objective": "Look."}})]},
                   {"toolCalls": [call("agent_await", {"mode": "allCompleted"})]},
                   {"toolCalls": [write("output/main.md", "x"), call("workspace_commit"), handoff("final-editor")]}],
        "researcher": [{"toolCalls": [handoff("editor")]},
                       {"toolCalls": [call("task_return", {"summary": "Nothing to add."})]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    assert "agent.child_cannot_delegate" in harness.error_codes(run_id)


async def test_handoff_policy_denied_when_profile_may_not_hand_off(harness: Harness) -> None:
    # canHandoff false and agent.handoff not allowed: the model still tries the tool.
    solo = profile("solo", tools={"allow": ["workspace.write_file", "workspace.commit", "workspace.finish"]},
                   delegation={"canHandoff": False})
    run_id, status = await harness.run("solo", {"solo": [{"toolCalls": [handoff("editor")]}, *[
        {"toolCalls": [write("output/main.md", "x"), call("workspace_commit"), call("workspace_finish")]}]]},
        profiles={**relay_profiles(), "solo": solo})
    assert status is RunStatus.COMPLETED
    assert harness.error_codes(run_id) == ["tool.not_allowed"]


async def test_depth_exhausted(harness: Harness) -> None:
    profiles = relay_profiles()
    profiles["editor"] = profile("editor", delegation={"maxHandoffDepth": 1})
    turns = {
        "writer": [{"toolCalls": [write("output/main.md", "x"), call("workspace_commit"), handoff("editor")]}],
        "editor": [{"toolCalls": [handoff("final-editor")]}, {"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    assert harness.error_codes(run_id) == ["agent.handoff_depth_exhausted"]
    assert [i.profile_id for i in harness.runtime.runs.invocations(run_id)] == ["writer", "editor"]


async def test_unknown_tool_and_bad_arguments_are_recoverable(harness: Harness) -> None:
    turns = {"final-editor": [
        {"toolCalls": [call("summon_dragon", {}), {"name": "workspace_write_file", "arguments": "[1, 2]"},
                       call("workspace_write_file", {"path": "output/main.md"}),
                       call("workspace_read_file", {"path": "output/missing.md"})]},
        *_finish_turns(),
    ]}
    run_id, status = await harness.run("final-editor", turns)
    assert status is RunStatus.COMPLETED
    assert harness.error_codes(run_id) == ["tool.unknown", "tool.invalid_arguments", "tool.invalid_arguments",
                                           "workspace.file_not_found"]
    results = [p["result"] for p in harness.tool_results(run_id)]
    assert results[0].startswith("There is no tool named 'summon_dragon'. Your tools are: ")
    assert "'content' is required" in results[2]


async def test_finish_without_any_commit_is_refused(harness: Harness) -> None:
    turns = {"final-editor": [{"toolCalls": [call("workspace_finish")]}, *_finish_turns()]}
    run_id, status = await harness.run("final-editor", turns)
    assert status is RunStatus.COMPLETED
    assert harness.error_codes(run_id) == ["agent.foreground_commit_required"]
