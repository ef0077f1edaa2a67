"""The Agents SDK's handoff options in the Python API (seed 003, docs/python-api.md): ``on_handoff(ctx)``,
``transfer_to_<agent>`` called without a brief, ``input_filter`` over ``HandoffInputData``, and the
run-wide ``RunConfig`` (a default filter, ``nest_handoff_history``, a history mapper)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from relay_studio.api import (
    Agent,
    HandoffInputData,
    Message,
    RunConfig,
    RunContextWrapper,
    RunItem,
    RunResult,
    Studio,
    handoff,
    handoff_filters,
    nest_handoff_history,
    reset_conversation_history_wrappers,
    set_conversation_history_wrappers,
)
from relay_studio.domain.enums import RunStatus
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.delegation.handoff import NO_OBJECTIVE
from relay_studio.runtime.delegation.rendering import render_handoff_brief
from tests.support import call, write

Turns = dict[str, list[dict[str, Any]]]
FINISH = [{"toolCalls": [write("output/main.md", "Done."), call("workspace_commit"), call("workspace_finish")]}]
ASK = "Write a scene."


async def _run(data: Path, agent: Agent, turns: Turns, **kw: Any) -> tuple[RunResult, ScriptedProvider]:
    provider = ScriptedProvider(load_script({"turns": turns}))
    async with Studio(data, provider=provider) as studio:
        result = await studio.run(agent, ASK, **kw)
    return result, provider


def _first_input(provider: ScriptedProvider, agent_id: str) -> list[Message]:
    return next(r for r in provider.requests if r.agent_id == agent_id).messages


def _shape(messages: list[Message] | tuple[Any, ...]) -> list[tuple[str, str, list[str]]]:
    out = []
    for m in messages:
        m = m.message if isinstance(m, RunItem) else m
        out.append((m.role, m.content, [c.name for c in m.tool_calls]))
    return out


def _accepted(result: RunResult) -> list[dict[str, Any]]:
    return [e.payload for e in result.events if e.type == "agent_handoff_accepted"]


def _errors(result: RunResult) -> list[tuple[str, str]]:
    return [(e.payload["errorCode"], e.payload["result"]) for e in result.events
            if e.type == "tool_call_completed" and e.payload["isError"]]


def _relay(writer_to_editor: Any = None, editor_to_finalizer: Any = None) -> Agent:
    """Writer -> Editor -> Finalizer; each argument is a handoff factory (``handoff`` with options) or None."""
    finalizer = Agent("Finalizer", handoff_description="Finishes the text.")
    editor = Agent("Editor", handoff_description="Edits drafts.", can_finish=False,
                   handoffs=[editor_to_finalizer(finalizer) if editor_to_finalizer else finalizer])
    return Agent("Writer", can_finish=False, handoffs=[writer_to_editor(editor) if writer_to_editor else editor])


RELAY: Turns = {
    "writer": [{"text": "Drafting.", "toolCalls": [write("output/main.md", "Draft.")]},
               {"toolCalls": [call("transfer_to_editor", {"objective": "Edit it."})]}],
    "editor": [{"text": "Reading.", "toolCalls": [call("workspace_read_file", {"path": "output/main.md"})]},
               {"text": "Over to you.", "toolCalls": [call("transfer_to_finalizer", {"objective": "Finish it."})]}],
    "finalizer": FINISH,
}
WRITER_ITEMS = [("assistant", "Drafting.", ["workspace_write_file"]),
                ("tool", "Wrote output/main.md (6 characters).", []),
                ("assistant", "", ["transfer_to_editor"]),
                ("tool", "Handoff accepted for Agent editor. Your part is complete.", [])]
EDITOR_EARLIER = [("assistant", "Reading.", ["workspace_read_file"]), ("tool", "Draft.", [])]
EDITOR_LAST = [("assistant", "Over to you.", ["transfer_to_finalizer"]),
               ("tool", "Handoff accepted for Agent finalizer. Your part is complete.", [])]
BRIEF_EDIT = ("user", render_handoff_brief({"objective": "Edit it."}), [])
BRIEF_FINISH = ("user", render_handoff_brief({"objective": "Finish it."}), [])


# -- on_handoff(ctx) ------------------------------------------------------------------------------------
async def test_on_handoff_may_take_the_context_alone(tmp_path: Path) -> None:
    calls: list[tuple[str, str, str, Any]] = []

    def plain(ctx: RunContextWrapper[dict[str, str]]) -> str:
        calls.append(("sync", ctx.source_agent_id, ctx.target_agent_id, ctx.context))
        return "noted"

    async def awaited(ctx: RunContextWrapper[dict[str, str]]) -> None:
        calls.append(("async", ctx.source_agent_id, ctx.target_agent_id, ctx.context))

    def both(ctx: RunContextWrapper[Any], data: Any) -> None:  # the two-argument form keeps working
        calls.append(("both", ctx.source_agent_id, ctx.target_agent_id, data))

    relay = _relay(lambda a: handoff(a, on_handoff=plain), lambda a: handoff(a, on_handoff=awaited))
    result, _ = await _run(tmp_path / "data", relay, RELAY, context={"customer": "ada"})
    assert result.status is RunStatus.COMPLETED, _errors(result)
    assert _errors(result) == []
    assert not any(e.type == "agent_handoff_hook_failed" for e in result.events)
    assert calls == [("sync", "writer", "editor", {"customer": "ada"}),
                     ("async", "editor", "finalizer", {"customer": "ada"})]
    assert [p["hookResult"] for p in _accepted(result)] == ["noted", None]

    calls.clear()
    result, _ = await _run(tmp_path / "data2", _relay(lambda a: handoff(a, on_handoff=both)), RELAY)
    assert result.status is RunStatus.COMPLETED and calls == [("both", "writer", "editor", None)]


def test_with_an_input_type_on_handoff_must_take_the_input() -> None:
    class Reason(BaseModel):
        reason: str

    def context_only(ctx: RunContextWrapper[None]) -> None: ...

    with pytest.raises(TypeError, match="two arguments"):
        handoff(Agent("Editor"), on_handoff=context_only, input_type=Reason)
    with pytest.raises(ValueError, match="not both"):
        handoff(Agent("Editor"), history_mode="briefOnly", nest_handoff_history=True)


async def test_is_enabled_may_take_the_context_and_the_agent(tmp_path: Path) -> None:
    seen: list[tuple[str, str]] = []

    def enabled(ctx: RunContextWrapper[None], agent: Agent) -> bool:
        seen.append((ctx.target_agent_id, agent.name))
        return True

    result, _ = await _run(tmp_path / "data", _relay(lambda a: handoff(a, is_enabled=enabled)), RELAY)
    assert result.status is RunStatus.COMPLETED
    assert seen and set(seen) == {("editor", "Writer")}  # the agent offering the handoff, as in the SDK


async def test_is_enabled_may_be_async_and_is_awaited_before_each_model_call(tmp_path: Path) -> None:
    """Seed 003: ``is_enabled`` is a bool or a function answering one, evaluated as the handoffs are
    prepared; an async one is awaited then (not refused, not skipped)."""
    asked: list[str] = []

    async def from_the_third_call(ctx: RunContextWrapper[None], agent: Agent) -> bool:
        await asyncio.sleep(0)  # it really waits
        asked.append(agent.name)
        return len(asked) >= 3

    turns: Turns = {
        "writer": [{"toolCalls": [call("transfer_to_editor", {"objective": "Edit it."})]},
                   {"toolCalls": [write("output/main.md", "Draft.")]},
                   {"toolCalls": [call("transfer_to_editor", {"objective": "Edit it."})]}],
        "editor": [{"toolCalls": [call("transfer_to_finalizer", {"objective": "Finish it."})]}],
        "finalizer": FINISH,
    }
    relay = _relay(lambda a: handoff(a, is_enabled=from_the_third_call))
    result, provider = await _run(tmp_path / "data", relay, turns)
    assert result.status is RunStatus.COMPLETED, _errors(result)
    writer_tools = [{t.name for t in r.tools} for r in provider.requests if r.agent_id == "writer"]
    assert ["transfer_to_editor" in names for names in writer_tools] == [False, False, True]
    assert asked == ["Writer"] * 3, "asked once per model call of the writer, by the agent offering it"
    assert [code for code, _ in _errors(result)] == ["tool.unknown"], "not offered: the first call is unknown"


async def test_a_custom_handoff_chooses_its_target_when_it_is_called(tmp_path: Path) -> None:
    """Seed 003: a custom ``Handoff`` whose own code decides, when called, which agent takes over; the
    candidates it may choose are not offered as tools of their own."""
    finalizer = Agent("Finalizer", handoff_description="Finishes the text.")
    night = Agent("Night editor", handoff_description="Edits at night.", can_finish=False, handoffs=[finalizer])
    day = Agent("Day editor", handoff_description="Edits by day.", can_finish=False, handoffs=[finalizer])

    class Shift(BaseModel):
        hour: int

    async def by_the_clock(ctx: RunContextWrapper[None], data: Shift) -> Agent:
        return night if data.hour >= 20 else day

    writer = Agent("Writer", can_finish=False,
                   handoffs=[handoff(day, tool_name_override="transfer_to_editor", input_type=Shift,
                                     choose_target=by_the_clock, candidates=[night])])
    turns: Turns = {
        "writer": [{"toolCalls": [call("transfer_to_editor", {"objective": "Edit it.", "hour": 22})]}],
        "night-editor": [{"toolCalls": [call("transfer_to_finalizer", {"objective": "Finish it."})]}],
        "finalizer": FINISH,
    }
    result, provider = await _run(tmp_path / "data", writer, turns)
    assert result.status is RunStatus.COMPLETED, _errors(result)
    assert result.stages == ["writer", "night-editor", "finalizer"]
    first = _accepted(result)[0]
    assert (first["targetAgentId"], first["offeredAgentId"]) == ("night-editor", "day-editor")
    assert "by_the_clock" in first["chosenBy"]
    tools = {t.name for t in provider.requests[0].tools}
    assert "transfer_to_editor" in tools and "transfer_to_night_editor" not in tools


# -- transfer_to_<agent> without a brief -------------------------------------------------------------------
class Escalation(BaseModel):
    reason: str


async def test_a_transfer_without_an_objective_says_so_and_passes_the_conversation(tmp_path: Path) -> None:
    """Seed 003: the target of a transfer_to_<agent> without arguments continues the conversation; it is
    told the previous agent gave no objective, never the tool's description as if it were one."""
    turns: Turns = {
        "writer": [{"text": "Here is my draft: the keeper lit the lamp.",
                    "toolCalls": [call("transfer_to_editor", {})]}],
        "editor": [{"toolCalls": [call("transfer_to_finalizer", {"objective": "  "})]}],
        "finalizer": FINISH,
    }
    result, provider = await _run(tmp_path / "data", _relay(), turns)
    assert result.status is RunStatus.COMPLETED, _errors(result)
    briefs = [p["brief"] for p in _accepted(result)]
    assert briefs == [{"objective": NO_OBJECTIVE}, {"objective": NO_OBJECTIVE}]
    assert all("Hand off to" not in b["objective"] for b in briefs)
    assert [(p.get("objectiveFrom"), p["historyMode"]) for p in _accepted(result)] == [
        ("none", "fullHistory"), ("none", "fullHistory")]
    seen = _first_input(provider, "editor")
    assert seen[-1].content == render_handoff_brief(briefs[0])
    assert any(m.role == "assistant" and "the keeper lit the lamp" in m.content for m in seen), \
        "the editor is given the writer's side of the conversation"
    tool = next(t for t in provider.requests[0].tools if t.name == "transfer_to_editor")
    assert tool.parameters["required"] == []

    # A brief the model gave is kept as it is, with the history the handoff's options say.
    turns = {"writer": [{"toolCalls": [call("send_to_desk", {})]}],
             "editor": [{"toolCalls": [call("transfer_to_finalizer", {"objective": "Polish the ending."})]}],
             "finalizer": FINISH}
    relay = _relay(lambda a: handoff(a, tool_name_override="send_to_desk",
                                     tool_description_override="Send the draft to the copy desk."))
    result, _ = await _run(tmp_path / "data2", relay, turns)
    assert [p["brief"]["objective"] for p in _accepted(result)] == [NO_OBJECTIVE, "Polish the ending."]
    assert [(p.get("objectiveFrom"), p["historyMode"]) for p in _accepted(result)] == [
        ("none", "fullHistory"), (None, "snapshot")]


async def test_a_transfer_without_arguments_still_validates_the_typed_input(tmp_path: Path) -> None:
    got: list[Escalation] = []
    turns: Turns = {
        "writer": [{"toolCalls": [call("transfer_to_editor", {})]},
                   {"toolCalls": [call("transfer_to_editor", {"reason": "The ending is weak."})]}],
        "editor": [{"toolCalls": [call("transfer_to_finalizer", {})]}],
        "finalizer": FINISH,
    }
    relay = _relay(lambda a: handoff(a, input_type=Escalation, on_handoff=lambda _ctx, data: got.append(data)))
    result, provider = await _run(tmp_path / "data", relay, turns)
    assert result.status is RunStatus.COMPLETED
    assert [code for code, _ in _errors(result)] == ["agent.handoff_input_invalid"]
    assert "'reason'" in _errors(result)[0][1]
    assert got == [Escalation(reason="The ending is weak.")]
    assert _accepted(result)[0]["brief"] == {"objective": NO_OBJECTIVE, "reason": "The ending is weak."}
    tool = next(t for t in provider.requests[0].tools if t.name == "transfer_to_editor")
    assert tool.parameters["required"] == ["reason"]


# -- input_filter ----------------------------------------------------------------------------------------
async def test_an_input_filter_gets_the_history_in_three_parts_and_decides_what_the_target_sees(
        tmp_path: Path) -> None:
    seen: list[HandoffInputData] = []

    def last_turn_only(data: HandoffInputData) -> HandoffInputData:
        seen.append(data)
        return HandoffInputData(input_history=data.input_history, pre_handoff_items=(), new_items=data.new_items)

    relay = _relay(editor_to_finalizer=lambda a: handoff(a, input_filter=last_turn_only))
    result, provider = await _run(tmp_path / "data", relay, RELAY, context="ctx")
    assert result.status is RunStatus.COMPLETED
    [data] = seen
    assert _shape(data.input_history) == [("user", ASK, [])]
    assert _shape(data.pre_handoff_items) == [*WRITER_ITEMS, *EDITOR_EARLIER]
    assert [i.agent_id for i in data.pre_handoff_items] == ["writer"] * 4 + ["editor"] * 2
    assert [i.agent_name for i in data.new_items] == ["Editor", "Editor"]
    assert _shape(data.new_items) == EDITOR_LAST and data.input_items is None
    ctx = data.run_context
    assert (ctx.run_id, ctx.source_agent_id, ctx.target_agent_id, ctx.has_commit, ctx.context) == (
        result.run_id, "editor", "finalizer", False, "ctx")

    assert _shape(_first_input(provider, "finalizer")) == [("user", ASK, []), *EDITOR_LAST, BRIEF_FINISH]
    assert _shape(_first_input(provider, "editor")) == [("user", ASK, []), BRIEF_EDIT]  # no filter: snapshot
    assert [p.get("inputFilter") for p in _accepted(result)] == [None, last_turn_only.__qualname__]


async def test_what_a_filter_returns_is_made_well_formed_and_input_items_replace_new_items(tmp_path: Path) -> None:
    def results_dropped(data: HandoffInputData) -> HandoffInputData:
        # Only the tool results leave: their calls cannot stay without them.
        return data.clone(pre_handoff_items=tuple(i for i in data.pre_handoff_items if i.message.role != "tool"),
                          new_items=tuple(i for i in data.new_items if i.message.role != "tool"))

    async def replaced(data: HandoffInputData) -> HandoffInputData:  # filters may be async
        note = {"role": "assistant", "content": "The writer drafted; the editor read it."}
        return data.clone(pre_handoff_items=(), input_items=(note,))

    relay = _relay(lambda a: handoff(a, input_filter=results_dropped), lambda a: handoff(a, input_filter=replaced))
    result, provider = await _run(tmp_path / "data", relay, RELAY)
    assert result.status is RunStatus.COMPLETED
    assert _shape(_first_input(provider, "editor")) == [("user", ASK, []), ("assistant", "Drafting.", []),
                                                       BRIEF_EDIT]
    assert _shape(_first_input(provider, "finalizer")) == [
        ("user", ASK, []), ("assistant", "The writer drafted; the editor read it.", []), BRIEF_FINISH]


async def test_remove_all_tools_and_nest_handoff_history_work_as_filters(tmp_path: Path) -> None:
    def tool_free_summary(data: HandoffInputData) -> HandoffInputData:
        return nest_handoff_history(handoff_filters.remove_all_tools(data))

    relay = _relay(lambda a: handoff(a, input_filter=handoff_filters.remove_all_tools),
                   lambda a: handoff(a, input_filter=tool_free_summary))
    set_conversation_history_wrappers(start="<HISTORY>", end="</HISTORY>")
    try:
        result, provider = await _run(tmp_path / "data", relay, RELAY)
    finally:
        reset_conversation_history_wrappers()
    assert result.status is RunStatus.COMPLETED
    assert _shape(_first_input(provider, "editor")) == [("user", ASK, []), ("assistant", "Drafting.", []),
                                                       BRIEF_EDIT]
    summary, brief = _first_input(provider, "finalizer")
    assert (brief.role, brief.content) == BRIEF_FINISH[:2]
    assert summary.role == "assistant" and summary.content == "\n".join([
        "For context, here is the conversation so far between the user and the previous agent:", "<HISTORY>",
        f"1. user: {ASK}", "2. assistant (Writer): Drafting.", "3. assistant (Editor): Reading.",
        "4. assistant (Editor): Over to you.", "</HISTORY>"])


async def test_a_failing_filter_fails_the_run_where_the_target_would_start(tmp_path: Path) -> None:
    def broken(_data: HandoffInputData) -> HandoffInputData:
        raise RuntimeError("the archive is offline")

    def wrong(_data: HandoffInputData) -> Any:
        return ["not", "handoff", "data"]

    for i, (fn, said) in enumerate([(broken, "RuntimeError('the archive is offline')"),
                                    (wrong, "TypeError('it returned list, not HandoffInputData')")]):
        result, provider = await _run(tmp_path / f"data{i}", _relay(lambda a, fn=fn: handoff(a, input_filter=fn)),
                                      RELAY)
        assert result.status is RunStatus.FAILED
        ended = result.events[-1]
        assert ended.payload["errorCode"] == "runtime.invocation_start_failed"
        assert ended.payload["message"] == f"The input filter of the handoff to Editor failed: {said}"
        assert {r.agent_id for r in provider.requests} == {"writer"}


# -- RunConfig ----------------------------------------------------------------------------------------------
async def test_the_run_configs_filter_is_the_default_and_a_handoffs_own_filter_wins(tmp_path: Path) -> None:
    used: list[tuple[str, str]] = []

    def run_wide(data: HandoffInputData) -> HandoffInputData:
        used.append(("run", data.run_context.target_agent_id))
        return data.clone(input_history=(), pre_handoff_items=(), new_items=())

    def own(data: HandoffInputData) -> HandoffInputData:
        used.append(("own", data.run_context.target_agent_id))
        return data

    relay = _relay(editor_to_finalizer=lambda a: handoff(a, input_filter=own))
    result, provider = await _run(tmp_path / "data", relay, RELAY, run_config=RunConfig(handoff_input_filter=run_wide))
    assert result.status is RunStatus.COMPLETED
    assert used == [("run", "editor"), ("own", "finalizer")]
    assert _shape(_first_input(provider, "editor")) == [BRIEF_EDIT]
    assert _shape(_first_input(provider, "finalizer")) == [("user", ASK, []), *WRITER_ITEMS, *EDITOR_EARLIER,
                                                          *EDITOR_LAST, BRIEF_FINISH]  # the SDK's full history


async def test_the_run_config_nests_every_handoff_unless_the_handoff_says_otherwise(tmp_path: Path) -> None:
    nested = RunConfig(nest_handoff_history=True)
    result, provider = await _run(tmp_path / "a", _relay(), RELAY, run_config=nested)
    assert result.status is RunStatus.COMPLETED
    assert [p["historyMode"] for p in _accepted(result)] == ["nestedSummary", "nestedSummary"]
    summary, brief = _first_input(provider, "finalizer")
    assert summary.content.startswith("For context, here is the conversation so far between the user and the "
                                      f"previous agent:\n<CONVERSATION HISTORY>\n1. user: {ASK}\n")
    assert "assistant (Writer): Drafting." in summary.content and "assistant (Editor): Over to you." in summary.content
    assert (brief.role, brief.content) == BRIEF_FINISH[:2]

    # A handoff's own setting wins: False is the SDK's full history, a history mode is kept as it is.
    relay = _relay(lambda a: handoff(a, nest_handoff_history=False), lambda a: handoff(a, history_mode="briefOnly"))
    result, provider = await _run(tmp_path / "b", relay, RELAY, run_config=nested)
    assert [p["historyMode"] for p in _accepted(result)] == ["fullHistory", "briefOnly"]
    assert _shape(_first_input(provider, "editor")) == [("user", ASK, []), *WRITER_ITEMS, BRIEF_EDIT]
    assert _shape(_first_input(provider, "finalizer")) == [BRIEF_FINISH]

    # Without a RunConfig, handoff(nest_handoff_history=True) nests that one handoff.
    result, provider = await _run(tmp_path / "c", _relay(lambda a: handoff(a, nest_handoff_history=True)), RELAY)
    assert [p["historyMode"] for p in _accepted(result)] == ["nestedSummary", "snapshot"]
    assert _shape(_first_input(provider, "finalizer")) == [("user", ASK, []), BRIEF_FINISH]


async def test_a_history_mapper_builds_the_nested_history(tmp_path: Path) -> None:
    transcripts: list[list[Message]] = []

    def last_words(transcript: list[Message]) -> list[Any]:
        transcripts.append(transcript)
        said = [m.content for m in transcript if m.role == "assistant" and m.content]
        return [{"role": "assistant", "content": f"{len(transcript)} messages so far; last said: {said[-1]}"}]

    config = RunConfig(nest_handoff_history=True, handoff_history_mapper=last_words)
    relay = _relay(editor_to_finalizer=lambda a: handoff(a, input_filter=lambda d: d))  # a filter: no mapper
    result, provider = await _run(tmp_path / "data", relay, RELAY, run_config=config)
    assert result.status is RunStatus.COMPLETED
    [transcript] = transcripts
    assert _shape(transcript) == [("user", ASK, []), *WRITER_ITEMS]
    assert _shape(_first_input(provider, "editor")) == [
        ("assistant", "5 messages so far; last said: Drafting.", []), BRIEF_EDIT]
    assert [p.get("historyMapper") for p in _accepted(result)] == [last_words.__qualname__, None]
    assert _shape(_first_input(provider, "finalizer"))[-1] == BRIEF_FINISH
