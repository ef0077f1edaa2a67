"""Limits that leave a way out (docs/runtime.md, "Limits"): past maxToolCalls, maxRounds or the run's maxTotalRounds an
agent may still make a few closing calls (its deliverable written under output/, commit, finish, handoff,
task_return), and is told which."""

from __future__ import annotations

from typing import Any

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.profile import AgentProfile
from relay_studio.runtime.context import RunSettings
from relay_studio.runtime.limits import CLOSING_CALLS, CLOSING_ROUNDS
from tests.support import Harness, call, handoff, profile, relay_profiles, write


def _profiles(**limits: int) -> dict[str, AgentProfile]:
    """The relay, with the final editor's tool limits set."""
    profiles = relay_profiles()
    profiles["final-editor"] = profile(
        "final-editor", displayName="Final Editor",
        tools={"allow": ["workspace.read_file", "workspace.write_file", "workspace.commit", "workspace.finish"],
               **limits},
        delegation={"canHandoff": False, "canDelegate": False, "allowAsSubagent": False})
    return profiles


Turns = dict[str, list[dict[str, Any]]]


def _read() -> dict[str, Any]:
    return call("workspace_read_file", {"path": "output/main.md"})


async def test_past_max_tool_calls_the_closing_calls_still_run(harness: Harness) -> None:
    turns: Turns = {"final-editor": [
        {"toolCalls": [write("output/main.md", "Done."), _read()]},  # the two calls allowed
        {"toolCalls": [_read(), call("workspace_commit"), call("workspace_finish")]},
    ]}
    run_id, status = await harness.run("final-editor", turns, profiles=_profiles(maxToolCalls=2))
    assert status is RunStatus.COMPLETED
    results = harness.tool_results(run_id)
    refused = results[2]
    assert refused["errorCode"] == "agent.tool_call_limit_reached"
    assert refused["result"] == (
        "Not run: you have used all 2 tool calls allowed for your part. You can still make 3 closing calls, "
        "and only these: workspace_write_file (under output/), workspace_commit, workspace_finish. Wrap up now "
        "with them.")
    assert [r["isError"] for r in results[3:]] == [False, False]
    [reached] = harness.of_type(run_id, "agent_limit_reached")
    assert reached.payload == {"agentId": "final-editor", "limit": "maxToolCalls", "value": 2,
                               "closingCalls": ["workspace_write_file", "workspace_commit", "workspace_finish"],
                               "allowance": CLOSING_CALLS}


async def test_the_closing_allowance_is_bounded(harness: Harness) -> None:
    turns: Turns = {"final-editor": [
        {"toolCalls": [write("output/main.md", "Done.")]},
        {"toolCalls": [call("workspace_commit")] * CLOSING_CALLS + [call("workspace_finish")]},
    ]}
    run_id, status = await harness.run("final-editor", turns, profiles=_profiles(maxToolCalls=1))
    assert status is RunStatus.PARTIAL_SUCCESS  # three commits ran; the finish did not, then the script ended
    ran = [p for p in harness.tool_results(run_id) if p["name"] == "workspace_commit"]
    assert len(ran) == CLOSING_CALLS and not any(p["isError"] for p in ran)
    assert len(harness.runtime.runs.commits(run_id)) == 1  # the same unchanged file: one version
    last = harness.tool_results(run_id)[-1]
    assert last["errorCode"] == "agent.closing_calls_exhausted"
    assert last["result"] == ("Not run: you have used all 1 tool calls allowed for your part and the 3 closing "
                              "calls after them, so no calls remain. Your part ends here.")


async def test_an_agent_that_spent_its_calls_reading_can_still_write_its_answer(harness: Harness) -> None:
    """Writing the deliverable under output/ is a closing call too: without it, commit has no file to publish."""
    turns: Turns = {"final-editor": [
        {"toolCalls": [_read(), _read()]},  # the two calls allowed, spent reading
        {"toolCalls": [write("scratch/notes.md", "Thoughts."), write("output/main.md", "The answer."),
                       call("workspace_commit"), call("workspace_finish")]},
    ]}
    run_id, status = await harness.run("final-editor", turns, profiles=_profiles(maxToolCalls=2))
    assert status is RunStatus.COMPLETED
    assert [c.content for c in harness.runtime.runs.commits(run_id)] == ["The answer."]
    results = harness.tool_results(run_id)
    assert results[2]["errorCode"] == "agent.tool_call_limit_reached"  # a note elsewhere is no closing call
    assert [r["isError"] for r in results[3:]] == [False, False, False]
    # the write counts against the closing allowance like any closing call
    turns = {"final-editor": [
        {"toolCalls": [_read()]},
        {"toolCalls": [write("output/main.md", "One."), write("output/main.md", "Two."),
                       call("workspace_commit"), call("workspace_finish")]},
    ]}
    run_id, status = await harness.run("final-editor", turns, profiles=_profiles(maxToolCalls=1))
    assert status is RunStatus.PARTIAL_SUCCESS  # committed "Two."; the finish was one call too many
    assert [c.content for c in harness.runtime.runs.commits(run_id)] == ["Two."]
    assert harness.tool_results(run_id)[-1]["errorCode"] == "agent.closing_calls_exhausted"


async def test_past_max_rounds_the_agent_is_told_and_may_close(harness: Harness) -> None:
    turns: Turns = {"final-editor": [
        {"toolCalls": [write("output/main.md", "Done.")]},
        {"toolCalls": [_read()]},
        {"toolCalls": [_read(), call("workspace_commit"), call("workspace_finish")]},  # a closing round
    ]}
    run_id, status = await harness.run("final-editor", turns, profiles=_profiles(maxRounds=2))
    assert status is RunStatus.COMPLETED
    assert harness.provider is not None
    notice = harness.provider.requests[2].messages[-1]
    assert notice.role == "user"
    assert notice.content == (
        "You have used all 2 rounds allowed for your part. 2 more rounds remain. Only these calls still run: "
        "workspace_write_file (under output/), workspace_commit, workspace_finish. End your part with them now.")
    refused = harness.tool_results(run_id)[2]
    assert refused["errorCode"] == "agent.round_limit_reached"
    assert refused["result"] == (
        "Not run: you have used all 2 rounds allowed for your part. Only these calls still run: workspace_write_file "
        "(under output/), workspace_commit, workspace_finish. End your part with them now.")
    assert [e.payload["limit"] for e in harness.of_type(run_id, "agent_limit_reached")] == ["maxRounds"]


async def test_past_max_rounds_and_its_closing_rounds_the_stage_fails(harness: Harness) -> None:
    turns: Turns = {"final-editor": [{"toolCalls": [_read()]}] * (2 + CLOSING_ROUNDS)}
    run_id, status = await harness.run("final-editor", turns, profiles=_profiles(maxRounds=2))
    assert status is RunStatus.FAILED
    record = harness.runtime.runs.run(run_id)
    assert record is not None and record.error_code == "agent.round_limit_reached"
    assert record.error_message == ("Final Editor used all 2 rounds, and the 2 closing rounds after them, without "
                                    "finishing its part.")
    assert len(harness.runtime.runs.model_turns(run_id)) == 2 + CLOSING_ROUNDS


async def test_a_plain_text_answer_at_the_round_limit_still_reaches_the_chat(harness: Harness) -> None:
    turns: Turns = {"final-editor": [{"toolCalls": [_read()]}, {"text": "My answer."}, {"text": "My answer, again."}]}
    run_id, status = await harness.run("final-editor", turns, profiles=_profiles(maxRounds=1))
    assert status is RunStatus.PARTIAL_SUCCESS
    assert [c.content for c in harness.runtime.runs.commits(run_id)] == ["My answer, again."]
    record = harness.runtime.runs.run(run_id)
    assert record is not None and record.error_code == "agent.round_limit_reached"


async def test_past_the_run_budget_the_relay_may_still_close(harness: Harness) -> None:
    turns: Turns = {"writer": [{"toolCalls": [write("output/main.md", "x")]},
                        {"toolCalls": [call("workspace_commit"), handoff("editor")]}],
             "editor": [{"toolCalls": [_read()]},  # the budget's last round
                        {"toolCalls": [_read(), handoff("final-editor")]}],  # closing round 1 of 2
             "final-editor": [{"toolCalls": [call("workspace_finish")]}]}  # closing round 2 of 2
    run_id, status = await harness.run("writer", turns, settings=RunSettings(max_total_rounds=3))
    assert status is RunStatus.COMPLETED
    assert harness.provider is not None
    editor_notice = harness.provider.requests[3].messages[-1].content
    assert editor_notice == (
        "Together, the agents working on this request have used all 3 rounds it may take. 2 more rounds remain. "
        "Only these calls still run: workspace_write_file (under output/), workspace_apply_patch (under output/), "
        "workspace_commit, agent_handoff. End your part with them now.")
    final_notice = harness.provider.requests[4].messages[-1].content
    assert final_notice.startswith("Together, the agents working on this request have used all 3 rounds it may "
                                   "take. 1 more round remains. Only these calls still run: workspace_write_file "
                                   "(under output/), workspace_commit, workspace_finish.")
    refused = next(r for r in harness.tool_results(run_id) if r["isError"])
    assert refused["errorCode"] == "run.round_budget_exhausted"
    assert [e.payload["limit"] for e in harness.of_type(run_id, "agent_limit_reached")] == ["maxTotalRounds"] * 2
