"""What a handoff target sees, a successor that cannot start, unexpected failures in the executor, tool
errors that quote allowed values exactly, and the Python API's colliding tool names (docs/runtime.md,
*Handoff* and *Handoff options*)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel

from relay_studio.api import Agent, Studio
from relay_studio.api import handoff as api_handoff
from relay_studio.cli import main
from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.enums import InvocationStatus, RunStatus, TaskStatus
from relay_studio.domain.messages import Message
from relay_studio.domain.profile import AgentProfile, ProfileError
from relay_studio.domain.records import HANDOFF_CONTEXT_ROLE
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.delegation.edges import HandoffEdge, HandoffInfo
from relay_studio.runtime.delegation.rendering import render_handoff_brief
from relay_studio.runtime.engine import RunRequestError, Runtime
from tests.integration.test_relay import SEED_HANDOFF_SEQUENCE
from tests.support import Harness, call, handoff, is_subsequence, relay_profiles, until, write

Turns = dict[str, list[dict[str, Any]]]

DOCUMENT = """## Goal
A ghost story in three chapters.

## Canon & Constraints
Past tense, first person.

## Progress
- Done: chapter one.

## Key Decisions
The keeper is the ghost.

## Critical Context
Mara, the lighthouse.

## Next Steps
Write chapter two.
"""

FINISH = [{"toolCalls": [write("output/main.md", "x"), call("workspace_commit"), call("workspace_finish")]}]


def _pairs(messages: list[Message]) -> list[tuple[str, str]]:
    return [(m.role, m.content) for m in messages]


def _with(p: AgentProfile, **sections: dict[str, Any]) -> AgentProfile:
    data = p.to_json_dict()
    for key, value in sections.items():
        data[key] = {**data.get(key, {}), **value}
    return AgentProfile.model_validate(data)


async def _continued_chat_with_history(harness: Harness) -> tuple[str, str]:
    """A chat continued from a session handoff (its first entry the pinned document) with one exchange
    after it; returns the chat's name and the document entry as the models read it."""
    first = {"final-editor": [{"toolCalls": [write("output/main.md", "Chapter one."), call("workspace_commit"),
                                             call("workspace_finish")]}]}
    await harness.run("final-editor", first, chat="Lighthouse", prompt="Write chapter one.")
    author = ScriptedProvider(load_script({"turns": {"final-editor": [{"text": DOCUMENT}]}}))
    draft = await harness.runtime.start_handoff(chat="Lighthouse", provider_for=lambda _p: author).wait()
    new = harness.runtime.accept_handoff(draft)
    second = {"final-editor": [{"toolCalls": [write("output/main.md", "Chapter two."), call("workspace_commit"),
                                              call("workspace_finish")]}]}
    _run, status = await harness.run("final-editor", second, chat=new.name, prompt="Write chapter two.")
    assert status is RunStatus.COMPLETED
    entries = harness.runtime.chats.messages(new.id)
    assert [m.role for m in entries] == [HANDOFF_CONTEXT_ROLE, "user", "assistant"]
    return new.name, entries[0].content


# -- what a handoff target sees -------------------------------------------------------------------------
async def test_a_handoff_target_sees_the_creators_request_and_the_brief_by_default(harness: Harness) -> None:
    chat, document = await _continued_chat_with_history(harness)
    profiles = relay_profiles()
    assert all(p.handoff_in.history_mode == "snapshot" for p in profiles.values())  # the default
    # The editor keeps one message of chat history, the finalizer all of it; the writer none at all.
    profiles["writer"] = _with(profiles["writer"], context={"chatHistoryMessages": 0})
    profiles["editor"] = _with(profiles["editor"], context={"chatHistoryMessages": 1})
    turns: Turns = {
        "writer": [{"text": "Drafting chapter three.", "toolCalls": [write("output/main.md", "Fog.")]},
                   {"toolCalls": [call("workspace_commit"), handoff("editor", "Tighten it.")]}],
        "editor": [{"text": "Reading the draft.",
                    "toolCalls": [call("workspace_read_file", {"path": "output/main.md"})]},
                   {"toolCalls": [handoff("final-editor", "Polish and finish.")]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    request = "Now chapter three, in the fog."
    run_id, status = await harness.run("writer", turns, profiles=profiles, chat=chat, prompt=request)
    assert status is RunStatus.COMPLETED

    assert harness.provider is not None
    first_of = {}
    for r in harness.provider.requests:
        first_of.setdefault(r.agent_id, r)
    # The root: the pinned document always, no history past it (limit 0), the request.
    assert _pairs(first_of["writer"].messages) == [("user", document), ("user", request)]
    # Each target: the pinned document, its own share of the chat history, the request, its brief; never the
    # earlier stages' words, tool calls or results.
    assert _pairs(first_of["editor"].messages) == [
        ("user", document), ("assistant", "Chapter two."), ("user", request),
        ("user", render_handoff_brief({"objective": "Tighten it."}))]
    assert _pairs(first_of["final-editor"].messages) == [
        ("user", document), ("user", "Write chapter two."), ("assistant", "Chapter two."), ("user", request),
        ("user", render_handoff_brief({"objective": "Polish and finish."}))]
    for agent in ("editor", "final-editor"):
        seen = first_of[agent].messages
        assert not any(m.tool_calls or m.role == "tool" for m in seen)
        assert not any("Drafting" in m.content or "Reading the draft" in m.content for m in seen)

    # The journal says which mode each handoff used and what the target was given, in the documented order.
    accepted = harness.of_type(run_id, "agent_handoff_accepted")
    assert [e.payload["historyMode"] for e in accepted] == ["snapshot", "snapshot"]
    assembled = harness.of_type(run_id, "context_assembled")
    assert [m["content"] for m in assembled[-1].payload["messages"]] == [
        m.content for m in first_of["final-editor"].messages]
    types = harness.types(run_id)
    assert is_subsequence(SEED_HANDOFF_SEQUENCE, types)

    # The other modes are still there: briefOnly gives the brief alone.
    profiles["final-editor"] = _with(profiles["final-editor"], handoffIn={"historyMode": "briefOnly"})
    await harness.run("writer", turns, profiles=profiles, chat=chat, prompt=request)
    last = next(r for r in harness.provider.requests if r.agent_id == "final-editor")
    assert _pairs(last.messages) == [("user", render_handoff_brief({"objective": "Polish and finish."}))]


def test_in_the_demo_the_editor_and_the_finalizer_see_what_the_creator_asked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    assert main(["demo", "--data-dir", str(data), "--jsonl"]) == 0
    result = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert result["status"] == "completed"
    runtime = Runtime(data)
    try:
        turns = runtime.runs.model_turns(result["runId"])
        asked = runtime.runs.run(result["runId"])
        assert asked is not None
        for agent in ("editor", "finalizer"):
            first = next(t for t in turns if t["agentId"] == agent)["request"]["messages"]
            assert [(m["role"], m["content"]) for m in first[:-1]] == [("user", asked.user_text)]
            assert first[-1]["content"].startswith("# Handoff Brief")
    finally:
        runtime.close()


async def test_a_resumed_run_still_hands_on_the_frozen_chat_input(harness: Harness) -> None:
    chat, document = await _continued_chat_with_history(harness)
    profiles = relay_profiles()
    profiles["writer"] = _with(profiles["writer"], tools={"requireApproval": ["workspace.commit"]})
    profiles["editor"] = _with(profiles["editor"], context={"chatHistoryMessages": 0})
    turns: Turns = {"writer": [{"toolCalls": [write("output/main.md", "Fog."), call("workspace_commit"),
                                              handoff("editor", "Tighten it.")]}],
                    "editor": [{"toolCalls": [handoff("final-editor", "Finish.")]}],
                    "final-editor": [{"toolCalls": [call("workspace_finish")]}]}
    asked: list[ApprovalRequest] = []

    async def never(request: ApprovalRequest) -> ApprovalDecision:
        asked.append(request)
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    handle = await harness.start("writer", turns, profiles=profiles, chat=chat, prompt="Chapter three.",
                                 approver=never)
    await until(lambda: asked, what="the commit to be proposed")
    harness.runtime.db.close()  # the process "dies" while the commit waits for approval
    handle.task.cancel()
    await asyncio.gather(handle.task, return_exceptions=True)

    second = Runtime(harness.data_dir)
    try:
        assert second.suspended == [handle.run_id]

        async def approve(_request: ApprovalRequest) -> ApprovalDecision:
            return ApprovalDecision(approved=True)

        provider = ScriptedProvider(load_script({"turns": turns}))
        for agent, calls in second.runs.model_calls_by_agent(handle.run_id).items():
            provider.cursor[agent] = calls
        resumed = await second.resume_run(handle.run_id, provider_for=lambda _p: provider, approver=approve)
        assert await resumed.wait() is RunStatus.COMPLETED
        by_agent = {r.agent_id: r for r in provider.requests}
        # Rebuilt from the frozen input after the restart: the pinned document and the request, then the brief.
        assert _pairs(by_agent["editor"].messages) == [
            ("user", document), ("user", "Chapter three."),
            ("user", render_handoff_brief({"objective": "Tighten it."}))]
        assert _pairs(by_agent["final-editor"].messages)[:-1] == [
            ("user", document), ("user", "Write chapter two."), ("assistant", "Chapter two."),
            ("user", "Chapter three.")]
    finally:
        second.close()


# -- a successor that cannot start, and other unexpected failures -------------------------------------------
def _rota_down(_info: HandoffInfo) -> bool:
    raise RuntimeError("the rota service is down")


@pytest.mark.parametrize("committed", [True, False], ids=["after-a-commit", "before-any-commit"])
async def test_a_successor_that_fails_to_start_fails_with_its_handoff_task(harness: Harness, committed: bool) -> None:
    profiles = relay_profiles()
    # The finalizer may pass the work back to the editor; the code deciding whether it may cannot answer,
    # so the finalizer's prompt (which lists who it can hand off to) cannot be assembled.
    profiles["final-editor"] = _with(
        profiles["final-editor"], tools={"allow": ["workspace.read_file", "workspace.commit", "workspace.finish",
                                                   "agent.handoff"]}, delegation={"canHandoff": True})
    writer_calls = [write("output/main.md", "Draft.")] + ([call("workspace_commit")] if committed else [])
    turns: Turns = {"writer": [{"toolCalls": [*writer_calls, handoff("editor", "Edit it.")]}],
                    "editor": [{"toolCalls": [handoff("final-editor", "Finish it.")]}],
                    "final-editor": [{"toolCalls": [call("workspace_finish")]}]}
    provider = ScriptedProvider(load_script({"turns": turns}))
    handle = await harness.runtime.start_run(
        agent_id="writer", prompt="Write a scene.", provider_for=lambda _p: provider, chat="test chat",
        profiles=profiles, edges={("final-editor", "editor"): HandoffEdge(is_enabled=_rota_down)})
    status = await handle.wait()  # returns: nothing escapes, nothing hangs

    expected = RunStatus.PARTIAL_SUCCESS if committed else RunStatus.FAILED
    assert status is expected
    runs = harness.runtime.runs
    record = runs.run(handle.run_id)
    assert record is not None and record.status is expected
    assert record.error_code == "runtime.invocation_start_failed"
    assert record.error_message == "Final Editor could not start its part: RuntimeError('the rota service is down')"
    assert handle.run_id not in harness.runtime.active

    invocations = runs.invocations(handle.run_id)
    assert [(i.profile_id, i.status) for i in invocations] == [
        ("writer", InvocationStatus.TRANSFERRED), ("editor", InvocationStatus.TRANSFERRED),
        ("final-editor", InvocationStatus.FAILED)]
    assert invocations[2].error_code == "runtime.invocation_start_failed"
    tasks = runs.tasks(handle.run_id)
    assert [(t.target_profile_id, t.status) for t in tasks] == [
        ("editor", TaskStatus.COMPLETED), ("final-editor", TaskStatus.FAILED)]
    assert tasks[1].error is not None and tasks[1].error["code"] == "runtime.invocation_start_failed"
    assert [r.agent_id for r in provider.requests] == ["writer", "editor"]  # the finalizer's model never ran

    events = harness.events(handle.run_id)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    final_inv = invocations[2].id
    assert [e.type for e in events if e.invocation_id == final_inv] == [
        "agent_invocation_created", "agent_invocation_failed", "agent_task_failed", f"run_{expected.value}"]
    assert [e.type for e in events][-2:] == ["status_changed", f"run_{expected.value}"]
    assert events[-1].payload["errorCode"] == "runtime.invocation_start_failed"
    assert events[-1].payload["agentId"] == "final-editor"
    assert not any("Traceback" in json.dumps(e.payload) for e in events)


async def test_an_unexpected_exception_mid_stage_ends_the_run_failed_and_journaled(harness: Harness) -> None:
    def closes_after_a_commit(info: HandoffInfo) -> bool:
        if info.has_commit:
            raise KeyError("editor rota")
        return True

    turns: Turns = {"writer": [{"toolCalls": [write("output/main.md", "Draft."), call("workspace_commit")]},
                               {"toolCalls": [handoff("editor")]}]}
    provider = ScriptedProvider(load_script({"turns": turns}))
    handle = await harness.runtime.start_run(
        agent_id="writer", prompt="Write a scene.", provider_for=lambda _p: provider, chat="test chat",
        profiles=relay_profiles(), edges={("writer", "editor"): HandoffEdge(is_enabled=closes_after_a_commit)})
    status = await handle.wait()
    assert status is RunStatus.PARTIAL_SUCCESS  # the commit is kept
    record = harness.runtime.runs.run(handle.run_id)
    assert record is not None and record.status is RunStatus.PARTIAL_SUCCESS
    assert record.error_code == "runtime.unexpected_error"
    assert record.error_message == "Relay Studio failed while Writer worked: KeyError('editor rota')"
    [writer] = harness.runtime.runs.invocations(handle.run_id)
    assert writer.status is InvocationStatus.FAILED and writer.error_code == "runtime.unexpected_error"
    assert len(provider.requests) == 1  # it failed assembling its second call, before reaching the model
    last = harness.events(handle.run_id)[-1]
    assert last.type == "run_partial_success" and last.payload["errorCode"] == "runtime.unexpected_error"
    assert [c.content for c in harness.runtime.runs.commits(handle.run_id)] == ["Draft."]
    assert handle.run_id not in harness.runtime.active


# -- tool errors quote allowed values exactly -----------------------------------------------------------
class Urgency(BaseModel):
    priority: Literal["Low", "High"]


async def test_tool_errors_quote_allowed_values_exactly(harness: Harness) -> None:
    turns: Turns = {
        "writer": [
            {"toolCalls": [call("agent_handoff", {"agentId": "editor", "handoff": {"objective": "Edit."},
                                                  "pendingTaskPolicy": "returnWhenDone"}),
                           call("agent_await", {"mode": "whenever"}),
                           handoff("editor", "Edit.", priority="urgent")]},
            {"toolCalls": [write("output/main.md", "Draft."), call("workspace_commit"),
                           handoff("editor", "Edit.", priority="High")]},
        ],
        "editor": [{"toolCalls": [handoff("final-editor", "Finish.")]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    provider = ScriptedProvider(load_script({"turns": turns}))
    handle = await harness.runtime.start_run(
        agent_id="writer", prompt="Write a scene.", provider_for=lambda _p: provider, chat="test chat",
        profiles=relay_profiles(), edges={("writer", "editor"): HandoffEdge(input_type=Urgency)})
    assert await handle.wait() is RunStatus.COMPLETED
    errors = [(p["errorCode"], p["result"]) for p in harness.tool_results(handle.run_id) if p["isError"]]
    assert errors == [
        ("tool.invalid_arguments",
         "The arguments for agent_handoff are not valid: 'pendingTaskPolicy': input should be 'denyIfPending'."),
        ("tool.invalid_arguments",
         "The arguments for agent_await are not valid: 'mode': input should be 'nextCompleted', 'allCompleted' "
         "or 'statusOnly'."),
        ("agent.handoff_input_invalid",
         "The handoff to Editor needs valid input: 'priority': input should be 'Low' or 'High'."),
    ]
    # The model reads exactly these sentences, and its corrected call goes through.
    second = provider.requests[1]
    assert [m.content for m in second.messages if m.role == "tool"] == [text for _code, text in errors]
    accepted = harness.of_type(handle.run_id, "agent_handoff_accepted")
    assert accepted[0].payload["brief"]["priority"] == "High"


# -- the Python API refuses colliding tool names ----------------------------------------------------------
async def test_api_handoffs_whose_tool_names_collide_are_refused(tmp_path: Path) -> None:
    refund = Agent("Refund agent", handoff_description="Refunds.")
    billing = Agent("Billing agent", handoff_description="Invoices.")
    script = {"turns": {
        "triage-agent": [{"toolCalls": [call("escalate_billing", {"objective": "Check the invoice."})]}],
        "billing-agent": [{"toolCalls": [write("output/main.md", "Checked."), call("workspace_commit"),
                                         call("workspace_finish")]}],
    }}
    provider = ScriptedProvider(load_script(script))
    async with Studio(tmp_path / "data", provider=provider) as studio:
        same = Agent("Triage agent", can_finish=False, handoffs=[
            api_handoff(billing, tool_name_override="escalate"), api_handoff(refund, tool_name_override="escalate")])
        with pytest.raises(RunRequestError) as err:
            await studio.run(same, "I was charged twice.")
        assert err.value.code == "profile.handoff_tool_collision"
        assert err.value.message == ("In 'triage-agent', the handoff tool 'escalate' for 'refund-agent' collides "
                                     "with the handoff tool for 'billing-agent'.")
        own_tool = Agent("Triage agent", can_finish=False, handoffs=[
            api_handoff(billing, tool_name_override="workspace_read_file")])
        with pytest.raises(RunRequestError) as err:
            await studio.run(own_tool, "I was charged twice.")
        assert err.value.code == "profile.handoff_tool_collision"
        assert "the tool workspace_read_file" in err.value.message
        # A target that could neither finish nor hand on would be a dead end: refused like a JSON profile.
        with pytest.raises(ProfileError) as refused:
            await studio.run(Agent("Triage agent", can_finish=False, handoffs=[Agent("Stuck", can_finish=False)]),
                             "I was charged twice.")
        assert refused.value.code == "profile.no_stage_exit"
        assert refused.value.diagnostics[0].path == "delegation.allowAsHandoffTarget"
        # Nothing was written for the refused runs.
        assert studio.runtime.runs.runs() == []
        chat = studio.runtime.chats.chat_by_name("default")
        assert chat is None or studio.runtime.chats.messages(chat.id) == []

        # Distinct names: both targets stay offered, neither disappears.
        distinct = Agent("Triage agent", can_finish=False, handoffs=[
            api_handoff(billing, tool_name_override="escalate_billing"),
            api_handoff(refund, tool_name_override="escalate_refund")])
        result = await studio.run(distinct, "I was charged twice.")
    assert result.status is RunStatus.COMPLETED and result.stages == ["triage-agent", "billing-agent"]
    names = {t.name for t in provider.requests[0].tools}
    assert {"escalate_billing", "escalate_refund"} <= names
    assert not any(n.startswith("transfer_to_") for n in names)


async def test_a_handoff_task_record_names_its_workspace_and_budget(harness: Harness) -> None:
    """Seed 000 §4: the handoff task carries ``workspaceKey`` (the target's) and ``budget`` beside its brief."""
    turns = {"writer": [{"toolCalls": [write("output/main.md", "Draft."), call("workspace_commit"),
                                       handoff("editor", "Tighten it.")]}],
             "editor": [{"toolCalls": [handoff("final-editor", "Finish it.")]}],
             "final-editor": FINISH}
    run_id, status = await harness.run("writer", turns)
    assert status is RunStatus.COMPLETED
    profiles = relay_profiles()
    tasks = harness.runtime.runs.tasks(run_id)
    assert [(t.target_profile_id, t.workspace_key) for t in tasks] == [("editor", "editor"),
                                                                       ("final-editor", "final-editor")]
    assert tasks[0].budget == {"maxRounds": profiles["editor"].tools.max_rounds,
                               "maxToolCalls": profiles["editor"].tools.max_tool_calls}
    registered = harness.of_type(run_id, "agent_task_registered")
    assert [(e.payload["workspaceKey"], e.payload["budget"]) for e in registered] == [
        (t.workspace_key, t.budget) for t in tasks]
