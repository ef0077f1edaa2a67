"""Plain-text answers (docs/runtime.md, "Commit ledger, finish, endings"): after the nudges the answer is the chat
message, never lost; a profile may declare plain text as its normal ending (``run.endOnTextAnswer``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from relay_studio.cli import main
from relay_studio.cli.exits import STATUS_EXIT
from relay_studio.domain.enums import CommitMarker, InvocationStatus, RunStatus, TaskContinuation, TaskStatus
from relay_studio.domain.profile import AgentProfile, parse_profile, validate_profile
from tests.support import Harness, call, handoff, profile_dict, relay_profiles, write

Turns = dict[str, list[dict[str, Any]]]


def _answerer(end_on_text_answer: bool = True) -> dict[str, Any]:
    """A question-answering profile: reads the workspace, has neither finish nor handoff."""
    return profile_dict("answerer", tools={"allow": ["workspace.read_file", "workspace.list_files"]},
                        delegation={"canHandoff": False, "canDelegate": False, "callable": False,
                                    "allowAsHandoffTarget": False, "allowAsSubagent": False},
                        run={"endOnTextAnswer": end_on_text_answer})


def _ending_in_text(original: AgentProfile) -> AgentProfile:
    data = original.to_json_dict()
    data["run"]["endOnTextAnswer"] = True
    return parse_profile(data)


def _chat_messages(harness: Harness, run_id: str) -> list[tuple[str, str]]:
    record = harness.runtime.runs.run(run_id)
    assert record is not None
    return [(m.role, m.content) for m in harness.runtime.chats.messages(record.chat_id)]


async def test_text_only_model_is_nudged_then_its_answer_is_committed(harness: Harness) -> None:
    turns: Turns = {"final-editor": [{"text": "The keeper climbs the stairs."}, {"text": "Sorry, here it is again."},
                              {"text": "The keeper climbs the stairs, lamp in hand."}]}
    run_id, status = await harness.run("final-editor", turns, prompt="Write one line.")
    assert status is RunStatus.PARTIAL_SUCCESS  # a finish was expected
    assert _chat_messages(harness, run_id) == [
        ("user", "Write one line."), ("assistant", "The keeper climbs the stairs, lamp in hand.")]
    [commit] = harness.runtime.runs.commits(run_id)
    assert commit.marker is CommitMarker.TEXT_ANSWER and commit.path == "output/direct_output.md"
    record = harness.runtime.runs.run(run_id)
    assert record is not None and record.message_id == commit.message_id
    assert record.error_code == "model.tool_call_required"
    assert record.error_message == ("Final Editor answered in plain text instead of finishing its part; its answer "
                                    "is in the chat.")
    types = harness.types(run_id)
    assert types.count("model_text_only") == 2
    tail = [t for t in types if t in ("model_text_only", "chat_commit_completed", "text_answer_committed",
                                      "agent_invocation_failed", "run_partial_success")]
    assert tail == ["model_text_only", "model_text_only", "chat_commit_completed", "text_answer_committed",
                    "agent_invocation_failed", "run_partial_success"]
    [answered] = harness.of_type(run_id, "text_answer_committed")
    assert answered.payload == {"agentId": "final-editor", "messageId": commit.message_id, "version": 1,
                                "chars": len("The keeper climbs the stairs, lamp in hand."), "nudges": 2,
                                "expected": "finish"}


async def test_an_empty_last_reply_keeps_the_answer_before_it(harness: Harness) -> None:
    turns: Turns = {"final-editor": [{"text": "First answer."}, {"text": "Better answer."}, {"text": ""}]}
    run_id, status = await harness.run("final-editor", turns)
    assert status is RunStatus.PARTIAL_SUCCESS
    assert _chat_messages(harness, run_id)[-1] == ("assistant", "Better answer.")


async def test_a_stage_without_finish_or_handoff_answering_in_text_completes(harness: Harness) -> None:
    profiles = relay_profiles()
    # A handoff target whose creator gave it only commit: no finish or handoff was expected of it.
    # Validation refuses such a dead end now (test_a_dead_end_handoff_target_is_refused_like_a_direct_one),
    # but one saved before that rule still loads, and its stage still ends cleanly.
    profiles["final-editor"] = AgentProfile.model_validate(profile_dict(
        "final-editor", displayName="Final Editor", tools={"allow": ["workspace.read_file", "workspace.commit"]},
        delegation={"canHandoff": False, "canDelegate": False, "allowAsSubagent": False},
        run={"directRunnable": False}))
    turns: Turns = {"writer": [{"toolCalls": [write("output/main.md", "Draft."), call("workspace_commit"),
                                       handoff("final-editor")]}],
             "final-editor": [{"text": "Polished."}, {"text": "Polished."}, {"text": "Polished, truly."}]}
    run_id, status = await harness.run("writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    assert [c.content for c in harness.runtime.runs.commits(run_id)] == ["Draft.", "Polished, truly."]
    assert harness.of_type(run_id, "text_answer_committed")[0].payload["expected"] is None
    assert harness.of_type(run_id, "run_completed")[0].payload["ending"] == "text_answer"


async def test_end_on_text_answer_profile_completes_without_a_nudge(harness: Harness) -> None:
    profiles = relay_profiles()
    answerer, problems = validate_profile(_answerer())
    assert problems == [] and answerer is not None and answerer.run.direct_runnable
    profiles["answerer"] = answerer
    turns: Turns = {"answerer": [{"toolCalls": [call("workspace_list_files")]},
                                 {"text": "The lighthouse is 40 m tall."}]}
    run_id, status = await harness.run("answerer", turns, profiles=profiles, prompt="How tall is it?")
    assert status is RunStatus.COMPLETED
    assert "model_text_only" not in harness.types(run_id)
    assert harness.provider is not None and len(harness.provider.requests) == 2
    assert "Answer in plain text: your reply is the chat message" in harness.provider.requests[0].system
    assert "Do not answer in plain text" not in harness.provider.requests[0].system
    assert _chat_messages(harness, run_id) == [("user", "How tall is it?"),
                                               ("assistant", "The lighthouse is 40 m tall.")]
    [commit] = harness.runtime.runs.commits(run_id)
    assert commit.marker is CommitMarker.TEXT_ANSWER
    [answered] = harness.of_type(run_id, "text_answer_committed")
    assert answered.payload["nudges"] == 0 and answered.payload["expected"] is None
    completed = harness.of_type(run_id, "run_completed")[0].payload
    assert completed["ending"] == "text_answer" and completed["messageId"] == commit.message_id
    assert {i.status for i in harness.runtime.runs.invocations(run_id)} == {InvocationStatus.COMPLETED}


async def test_end_on_text_answer_nudges_only_an_empty_reply(harness: Harness) -> None:
    answerer = validate_profile(_answerer())[0]
    assert answerer is not None
    run_id, status = await harness.run("answerer", {"answerer": [{"text": ""}, {"text": "Forty metres."}]},
                                       profiles={"answerer": answerer})
    assert status is RunStatus.COMPLETED
    assert harness.provider is not None
    assert harness.provider.requests[1].messages[-1].content == (
        "Your last reply was empty. Answer in plain text, or use your tools.")
    assert _chat_messages(harness, run_id)[-1] == ("assistant", "Forty metres.")


def test_validation_accepts_a_text_answer_profile_as_direct_runnable() -> None:
    plain = _answerer(end_on_text_answer=False)
    assert [d.code for d in validate_profile(plain)[1]] == ["profile.no_stage_exit"]
    profile_, problems = validate_profile(_answerer())
    assert problems == [] and profile_ is not None
    assert profile_.to_json_dict()["run"] == {"directRunnable": True, "endOnTextAnswer": True}


async def test_a_handoff_target_answering_in_text_becomes_the_next_version(harness: Harness) -> None:
    turns: Turns = {"writer": [{"toolCalls": [write("output/main.md", "Draft."), call("workspace_commit"),
                                       handoff("editor")]}],
             "editor": [{"text": "Tightened draft."}] * 3}
    run_id, status = await harness.run("writer", turns)
    assert status is RunStatus.PARTIAL_SUCCESS  # the editor was expected to hand off
    commits = harness.runtime.runs.commits(run_id)
    assert [(c.agent_id, c.content, c.version, c.marker) for c in commits] == [
        ("writer", "Draft.", 1, None), ("editor", "Tightened draft.", 2, CommitMarker.TEXT_ANSWER)]
    assert _chat_messages(harness, run_id)[-1] == ("assistant", "Tightened draft.")
    versions = harness.runtime.chats.versions(commits[0].message_id)  # one version per run: its last commit
    assert [(v.content, v.marker) for v in versions] == [("Tightened draft.", CommitMarker.TEXT_ANSWER)]
    assert harness.of_type(run_id, "text_answer_committed")[0].payload["expected"] == "handoff"
    editor = harness.runtime.runs.invocations(run_id)[1]
    assert editor.status is InvocationStatus.FAILED and editor.error_code == "model.tool_call_required"
    record = harness.runtime.runs.run(run_id)
    assert record is not None
    assert record.error_message == ("Editor answered in plain text instead of handing the work on; its answer is "
                                    "in the chat.")


async def test_a_handoff_target_ending_in_text_completes_the_relay(harness: Harness) -> None:
    profiles = relay_profiles()
    profiles["editor"] = _ending_in_text(profiles["editor"])
    turns: Turns = {"writer": [{"toolCalls": [write("output/main.md", "Draft."), call("workspace_commit"),
                                       handoff("editor")]}],
             "editor": [{"text": "Final text."}]}
    run_id, status = await harness.run("writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    assert _chat_messages(harness, run_id)[-1] == ("assistant", "Final text.")
    assert [t.status for t in harness.runtime.runs.tasks(run_id)] == [TaskStatus.COMPLETED]


async def test_a_helper_plain_text_reply_is_its_report(harness: Harness) -> None:
    profiles = relay_profiles()
    profiles["researcher"] = _ending_in_text(profiles["researcher"])
    turns: Turns = {"writer": [{"toolCalls": [call("agent_delegate", {"agentId": "researcher",
                                                                "task": {"objective": "How tall?"}})]},
                        {"toolCalls": [call("agent_await", {"mode": "allCompleted"})]},
                        {"toolCalls": [write("output/main.md", "x"), call("workspace_commit"),
                                       handoff("final-editor")]}],
             "researcher": [{"text": "Forty metres, built 1871."}],
             "final-editor": [{"toolCalls": [call("workspace_finish")]}]}
    run_id, status = await harness.run("writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    task = next(t for t in harness.runtime.runs.tasks(run_id) if t.continuation is TaskContinuation.RETURN_TO_PARENT)
    assert task.status is TaskStatus.COMPLETED
    assert task.result is not None and task.result["summary"] == "Forty metres, built 1871."
    awaited = next(p["result"] for p in harness.tool_results(run_id) if p["name"] == "agent_await")
    assert "Forty metres, built 1871." in awaited
    # A helper's text never becomes a chat message.
    assert [c.agent_id for c in harness.runtime.runs.commits(run_id)] == ["writer"]


async def test_the_built_in_researcher_reports_in_plain_text(harness: Harness) -> None:
    builtins = harness.runtime.profiles()
    assert builtins["researcher"].run.end_on_text_answer and not builtins["researcher"].run.direct_runnable
    turns: Turns = {"writer": [{"toolCalls": [call("agent_delegate", {"agentId": "researcher",
                                                                       "task": {"objective": "Who built it?"}})]},
                               {"toolCalls": [call("agent_await", {"mode": "allCompleted"})]}],
                    "researcher": [{"text": "Built by the Stevenson family."}]}
    run_id, _status = await harness.run("writer", turns, profiles=builtins)  # the writer's script then ends
    [task] = harness.runtime.runs.tasks(run_id)
    assert task.status is TaskStatus.COMPLETED and task.result is not None
    assert task.result["summary"] == "Built by the Stevenson family."
    assert harness.provider is not None
    helper_system = next(r.system for r in harness.provider.requests if r.agent_id == "researcher")
    assert "A plain-text reply also ends the task: it is your report." in helper_system


def test_the_cli_says_the_answer_came_in_plain_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The built-in finalizer ends on a text answer (run.endOnTextAnswer): its first reply is the answer.
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"turns": {"finalizer": [{"text": "A plain answer."}]}}), encoding="utf-8")
    code = main(["run", "--agent", "finalizer", "--prompt", "Answer.", "--script", str(script),
                 "--data-dir", str(tmp_path / "data")])
    out, err = capsys.readouterr()
    assert out == "A plain answer.\n"  # the answer the creator waited for
    assert "  ✓ answered in plain text (version 1)" in err.splitlines()
    assert code == STATUS_EXIT[RunStatus.COMPLETED]

    # A profile that owes a finish still ends partial_success after the nudges, and says so the same way.
    folder = tmp_path / "profiles"
    folder.mkdir()
    owing = profile_dict("closer", tools={"allow": ["workspace.write_file", "workspace.commit", "workspace.finish"]},
                         delegation={"canHandoff": False, "canDelegate": False})
    (folder / "closer.json").write_text(json.dumps(owing), encoding="utf-8")
    script.write_text(json.dumps({"turns": {"closer": [{"text": "A plain answer."}] * 3}}), encoding="utf-8")
    code = main(["run", "--agent", "closer", "--prompt", "Answer.", "--script", str(script), "--profiles", str(folder),
                 "--data-dir", str(tmp_path / "data2")])
    out, err = capsys.readouterr()
    assert out == "A plain answer.\n"
    assert "  ✓ answered in plain text (version 1)" in err.splitlines()
    assert code == STATUS_EXIT[RunStatus.PARTIAL_SUCCESS]  # the finish it owed did not happen
