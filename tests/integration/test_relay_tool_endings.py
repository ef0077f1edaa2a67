"""The built-in relay with a model that uses its tools (seed 000 §7), and a stage whose tool calls keep
being refused (docs/runtime.md, *Declared next stages* and *Refused tool calls*).

A tool-calling writer hands on with its own brief, and that brief, not the studio's fill-in, is what the
editor reads; the finalizer commits and finishes. A stage whose calls are refused three times in a row
does not go on for an hour: after three turns in a row whose every call was refused, the studio takes
its text (or its last valid draft) and hands on, journaled
with why; with nothing to take, it asks once for plain text, and a second streak fails the stage.
"""

from __future__ import annotations

from typing import Any

from relay_studio.domain.enums import InvocationStatus, RunStatus
from relay_studio.domain.profile import AgentProfile
from relay_studio.runtime.profile_catalog import builtin_profiles
from relay_studio.runtime.refusals import ASK_FOR_TEXT
from tests.support import Harness, call, handoff, write

Turns = dict[str, list[dict[str, Any]]]

DRAFT = "The lighthouse keeper counted the ships until the fog swallowed the last of them."
REVISED = "The keeper counted ships until the fog swallowed the last one; then he counted the fog."
OBJECTIVE = "Cut the second clause of the first sentence and keep the fog as the last word."
#: a write the tools refuse (no ``content``): the text is under a name the tool does not know
BAD_WRITE = call("workspace_write_file", {"path": "output/main.md", "text": DRAFT})


def builtins() -> dict[str, AgentProfile]:
    return {p.id: p for p in builtin_profiles()}


def tool_relay() -> Turns:
    return {
        "writer": [{"toolCalls": [write("output/main.md", DRAFT), call("workspace_commit"),
                                  handoff("editor", OBJECTIVE, contextSummary="One sentence about fog.",
                                          mustPreserve=["The fog"])]}],
        "editor": [{"toolCalls": [call("workspace_read_file", {"path": "output/main.md"})]},
                   {"toolCalls": [write("output/main.md", REVISED), call("workspace_commit"),
                                  handoff("finalizer", "Polish the rhythm, then commit and finish.")]}],
        "finalizer": [{"toolCalls": [write("output/main.md", REVISED + " The end."), call("workspace_commit"),
                                     call("workspace_finish", {"summary": "Polished."})]}],
    }


async def test_the_built_in_relay_passes_the_writers_own_brief_to_the_editor(harness: Harness) -> None:
    run_id, status = await harness.run("writer", tool_relay(), profiles=builtins())
    assert status is RunStatus.COMPLETED
    invs = harness.runtime.runs.invocations(run_id)
    assert [(i.profile_id, i.status) for i in invs] == [
        ("writer", InvocationStatus.TRANSFERRED), ("editor", InvocationStatus.TRANSFERRED),
        ("finalizer", InvocationStatus.COMPLETED)]
    accepted = harness.of_type(run_id, "agent_handoff_accepted")
    assert [(e.payload["agentId"], e.payload["by"]) for e in accepted] == [("writer", "agent"), ("editor", "agent")]
    assert harness.provider is not None
    requests = harness.provider.requests
    editor_brief = next(r for r in requests if r.agent_id == "editor").messages[-1].content
    assert OBJECTIVE in editor_brief and "The fog" in editor_brief
    assert "has finished its part" not in editor_brief, "the studio's fill-in brief was not used"
    # Each agent is told to end its part with the tools it has, never to reply with its text.
    writer_system = next(r for r in requests if r.agent_id == "writer").system
    assert "hand it to Editor with agent_handoff" in writer_system
    assert "reply with the text itself" not in writer_system.lower() and "Reply with the draft" not in writer_system
    final_system = next(r for r in requests if r.agent_id == "finalizer").system
    assert "end the run with workspace_finish" in final_system
    assert "Answer in plain text" not in final_system
    assert harness.runtime.runs.commits(run_id)[-1].content == REVISED + " The end."


async def test_refused_calls_three_in_a_row_hand_the_stages_text_on(harness: Harness) -> None:
    turns: Turns = {
        "writer": [{"text": DRAFT, "toolCalls": [BAD_WRITE]}, {"toolCalls": [BAD_WRITE]},
                   {"toolCalls": [BAD_WRITE]}],
        "editor": [{"text": REVISED}],
        "finalizer": [{"text": REVISED}],
    }
    run_id, status = await harness.run("writer", turns, profiles=builtins())
    assert status is RunStatus.COMPLETED
    assert harness.error_codes(run_id)[:3] == ["tool.invalid_arguments"] * 3
    [refused] = harness.of_type(run_id, "tool_calls_refused")
    assert refused.payload["refused"] == 3 and refused.payload["outcome"] == "handed_on"
    assert len(refused.payload["lastErrors"]) == 3
    first = harness.of_type(run_id, "agent_handoff_accepted")[0].payload
    assert (first["agentId"], first["by"], first["reason"]) == ("writer", "runtime", "refused_calls")
    assert first["why"] == "Writer's tool calls were refused or changed nothing, three turns in a row"
    assert harness.provider is not None
    writer_calls = [r for r in harness.provider.requests if r.agent_id == "writer"]
    assert len(writer_calls) == 3, "no fourth call after the third refusal"
    editor_brief = next(r for r in harness.provider.requests if r.agent_id == "editor").messages[-1].content
    assert DRAFT in editor_brief


async def test_with_no_text_the_text_it_tried_to_write_is_handed_on(harness: Harness) -> None:
    """Turns, not calls, are counted: the second turn's two refusals are one turn of the three."""
    turns: Turns = {"writer": [{"toolCalls": [BAD_WRITE]}, {"toolCalls": [BAD_WRITE, BAD_WRITE]},
                               {"toolCalls": [BAD_WRITE]}],
                    "editor": [{"text": REVISED}], "finalizer": [{"text": REVISED}]}
    run_id, status = await harness.run("writer", turns, profiles=builtins())
    assert status is RunStatus.COMPLETED
    assert harness.runtime.runs.commits(run_id)[0].content == DRAFT


async def test_with_nothing_to_take_the_agent_is_asked_for_text_once_then_the_stage_fails(
        harness: Harness) -> None:
    empty = call("workspace_write_file", {"path": "output/main.md"})
    asked = {"writer": [{"toolCalls": [empty]}, {"toolCalls": [empty]}, {"toolCalls": [empty]}, {"text": DRAFT}],
             "editor": [{"text": REVISED}], "finalizer": [{"text": REVISED}]}
    run_id, status = await harness.run("writer", asked, profiles=builtins())
    assert status is RunStatus.COMPLETED
    assert harness.provider is not None
    second = [r for r in harness.provider.requests if r.agent_id == "writer"][3]
    assert second.messages[-1].content == ASK_FOR_TEXT.format(n=3)
    assert [e.payload["outcome"] for e in harness.of_type(run_id, "tool_calls_refused")] == ["asked_for_text"]

    twice = {"writer": [{"toolCalls": [empty]}] * 6}
    run_id, status = await harness.run("writer", twice, profiles=builtins(), chat="second chat")
    assert status is RunStatus.FAILED
    record = harness.runtime.runs.run(run_id)
    assert record is not None and record.error_code == "model.tool_calls_refused"
    assert "kept being refused" in (record.error_message or "")


async def test_a_last_stage_whose_calls_are_refused_leaves_the_committed_answer(harness: Harness) -> None:
    refused_finish = call("workspace_finish", {"summary": 7})
    turns: Turns = {
        "writer": [{"toolCalls": [write("output/main.md", DRAFT), call("workspace_commit"),
                                  handoff("editor", OBJECTIVE)]}],
        "editor": [{"toolCalls": [handoff("finalizer", "Polish it.")]}],
        "finalizer": [{"toolCalls": [refused_finish]}] * 3,
    }
    run_id, status = await harness.run("writer", turns, profiles=builtins())
    assert status is RunStatus.COMPLETED
    assert [e.payload["outcome"] for e in harness.of_type(run_id, "tool_calls_refused")] == ["answer_stands"]
    assert harness.runtime.runs.commits(run_id)[-1].content == DRAFT


async def test_a_turn_with_one_call_that_runs_ends_the_streak(harness: Harness) -> None:
    """A model that makes mistakes and corrects itself keeps its turn: the streak counts whole turns
    whose every call was refused, and one call that runs resets it."""
    turns: Turns = {
        "writer": [{"toolCalls": [BAD_WRITE, BAD_WRITE, BAD_WRITE]}, {"toolCalls": [BAD_WRITE]},
                   {"toolCalls": [BAD_WRITE, write("output/main.md", DRAFT)]}, {"toolCalls": [BAD_WRITE]},
                   {"toolCalls": [call("workspace_commit"), handoff("editor", OBJECTIVE)]}],
        "editor": [{"text": REVISED}], "finalizer": [{"text": REVISED}],
    }
    run_id, status = await harness.run("writer", turns, profiles=builtins())
    assert status is RunStatus.COMPLETED
    assert harness.of_type(run_id, "tool_calls_refused") == []
    assert harness.of_type(run_id, "agent_handoff_accepted")[0].payload["by"] == "agent"


async def test_turns_that_change_nothing_count_as_refused(harness: Harness) -> None:
    """Gemma 270M on llama-cpp-python's server wrote output/main.md empty, turn after turn: a write of
    nothing and a commit of what the chat already has change nothing, and three such turns end the stage
    as three refused ones do; an empty file is never the draft."""
    empty = write("output/main.md", "")
    turns: Turns = {
        "writer": [{"toolCalls": [empty]}, {"toolCalls": [empty, call("workspace_commit")]}, {"toolCalls": [empty]},
                   {"text": DRAFT}],
        "editor": [{"text": REVISED}], "finalizer": [{"text": REVISED}],
    }
    run_id, status = await harness.run("writer", turns, profiles=builtins())
    assert status is RunStatus.COMPLETED
    assert [e.payload["outcome"] for e in harness.of_type(run_id, "tool_calls_refused")] == ["asked_for_text"]
    commits = harness.runtime.runs.commits(run_id)
    assert commits[0].content == DRAFT, "the empty file was never handed on"
