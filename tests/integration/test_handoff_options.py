"""Handoff options (docs/runtime.md, "Handoff options"): per-target transfer tools, history modes,
enabling, structured input, hooks, run budget."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel

from relay_studio.api import Agent, Studio
from relay_studio.api import handoff as api_handoff
from relay_studio.domain.enums import InvocationStatus, RunStatus, TaskStatus
from relay_studio.domain.messages import Message
from relay_studio.domain.profile import AgentProfile, validate_catalog
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.context import RunSettings
from relay_studio.runtime.engine import RunRequestError
from tests.integration.test_relay import SEED_HANDOFF_SEQUENCE
from tests.support import Harness, call, handoff, is_subsequence, profile, relay_profiles, write


def _finalizer(**over: Any) -> AgentProfile:
    return profile("final-editor", displayName="Final Editor",
                   tools={"allow": ["workspace.read_file", "workspace.write_file", "workspace.commit",
                                    "workspace.finish"]},
                   delegation={"canHandoff": False, "canDelegate": False, "allowAsSubagent": False}, **over)


def _per_target(**writer_over: Any) -> dict[str, AgentProfile]:
    profiles = relay_profiles()
    profiles["writer"] = profile(
        "writer", tools={"allow": ["workspace.write_file", "workspace.commit", "agent.handoff", "agent.list"]},
        delegation={"handoffToolStyle": "perTarget", "canDelegate": False, "callable": False,
                    "allowAsHandoffTarget": False, "allowAsSubagent": False}, **writer_over)
    return profiles


async def test_per_target_tool_is_the_same_handoff(harness: Harness) -> None:
    turns = {
        "writer": [{"toolCalls": [write("output/main.md", "Draft."), call("workspace_commit"),
                                  call("transfer_to_final_editor", {"objective": "Polish it.", "title": "Polish"}),
                                  write("output/main.md", "After!"), call("transfer_to_editor", {"objective": "x"})]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns, profiles=_per_target())
    assert status is RunStatus.COMPLETED
    assert harness.provider is not None
    first = harness.provider.requests[0]
    names = [t.name for t in first.tools]
    assert "agent_handoff" not in names
    assert {"transfer_to_editor", "transfer_to_final_editor"} <= set(names)
    editor_tool = next(t for t in first.tools if t.name == "transfer_to_editor")
    assert editor_tool.description == "Hand off to Editor. I am editor."
    # The objective may be left out (as the Agents SDK's handoff tools take no brief): the description stands in.
    assert editor_tool.parameters["required"] == [] and "objective" in editor_tool.parameters["properties"]
    assert "agent_handoff" not in first.system and "transfer_to_" in first.system

    invocations = harness.runtime.runs.invocations(run_id)
    assert [(i.profile_id, i.status) for i in invocations] == [
        ("writer", InvocationStatus.TRANSFERRED), ("final-editor", InvocationStatus.COMPLETED)]
    assert [t.status for t in harness.runtime.runs.tasks(run_id)] == [TaskStatus.COMPLETED]
    types = harness.types(run_id)
    assert is_subsequence(SEED_HANDOFF_SEQUENCE, types)
    assert [e.payload["toolStyle"] for e in harness.of_type(run_id, "agent_handoff_accepted")] == ["perTarget"]
    ignored = harness.of_type(run_id, "tool_call_ignored")
    assert [(e.payload["name"], e.payload["message"]) for e in ignored] == [
        ("workspace_write_file", "Not run: your handoff was already accepted, so your part is complete."),
        ("transfer_to_editor", "Not run: your handoff was already accepted, so your part is complete.")]
    assert harness.file(run_id, "output/main.md") == "Draft."
    brief = harness.provider.requests[1].messages[-1].content
    assert brief.startswith("# Handoff Brief") and "## Title\nPolish" in brief


async def test_enabled_false_and_after_commit(harness: Harness) -> None:
    profiles = _per_target()
    profiles["editor"] = profile("editor", handoffIn={"enabled": False})
    profiles["final-editor"] = _finalizer(handoffIn={"enabled": "afterCommit"})
    turns = {
        "writer": [{"toolCalls": [call("agent_list", {"purpose": "handoff"}), write("output/main.md", "Draft.")]},
                   {"toolCalls": [call("workspace_commit")]},
                   {"toolCalls": [call("agent_list", {"purpose": "handoff"})]},
                   {"toolCalls": [call("transfer_to_final_editor", {"objective": "Finish."})]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    assert harness.provider is not None
    writer_requests = [r for r in harness.provider.requests if r.agent_id == "writer"]
    before, after = writer_requests[0], writer_requests[2]
    assert not any(t.name.startswith("transfer_to_") for t in before.tools)
    assert [t.name for t in after.tools if t.name.startswith("transfer_to_")] == ["transfer_to_final_editor"]
    assert "final-editor" not in before.system and "final-editor" in after.system
    assert "editor: " not in after.system.replace("final-editor: ", "")
    lists = [p["result"] for p in harness.tool_results(run_id) if p["name"] == "agent_list"]
    assert lists[0] == "There are no agents you can work with for that purpose."
    assert "final-editor" in lists[1] and "- editor" not in lists[1]


async def test_disabled_target_is_refused_even_by_name(harness: Harness) -> None:
    profiles = relay_profiles()
    profiles["editor"] = profile("editor", handoffIn={"enabled": False})
    turns = {"writer": [{"toolCalls": [handoff("editor")]},
                        {"toolCalls": [write("output/main.md", "x"), call("workspace_commit"),
                                       handoff("final-editor")]}],
             "final-editor": [{"toolCalls": [call("workspace_finish")]}]}
    run_id, status = await harness.run("writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    assert harness.error_codes(run_id) == ["agent.target_not_callable"]


SCHEMA = {"type": "object", "properties": {"reason": {"type": "string"}, "priority": {"enum": ["low", "high"]}},
          "required": ["reason"]}


async def test_input_schema_is_validated_and_rendered(harness: Harness) -> None:
    profiles = _per_target()
    profiles["final-editor"] = _finalizer(handoffIn={"inputSchema": SCHEMA})
    turns = {
        "writer": [{"toolCalls": [write("output/main.md", "x"), call("workspace_commit"),
                                  call("transfer_to_final_editor",
                                       {"objective": "Go.", "reason": "Done", "priority": "urgent"})]},
                   {"toolCalls": [call("transfer_to_final_editor", {"objective": "Go.", "reason": "Draft done",
                                                                    "priority": "high"})]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    assert harness.error_codes(run_id) == ["agent.handoff_input_invalid"]
    message = next(p["result"] for p in harness.tool_results(run_id) if p["isError"])
    assert message == ("The handoff to Final Editor needs valid input: "
                       "'priority': 'urgent' is not one of ['low', 'high'].")
    assert harness.provider is not None
    tool = next(t for t in harness.provider.requests[0].tools if t.name == "transfer_to_final_editor")
    assert tool.parameters["required"] == ["reason"] and "priority" in tool.parameters["properties"]
    brief = harness.provider.requests[-1].messages[-1].content
    assert "## Reason\nDraft done" in brief and "## Additional Instructions\n- Priority: high" in brief


def test_colliding_tool_names_are_a_validation_error() -> None:
    profiles = _per_target()
    profiles["final-editor"] = _finalizer(handoffIn={"toolNameOverride": "transfer_to_editor"})
    problems = validate_catalog(profiles)
    assert [p.code for p in problems] == ["profile.handoff_tool_collision"]
    assert "'final-editor'" in problems[0].message and "'editor'" in problems[0].message
    profiles["final-editor"] = _finalizer(handoffIn={"toolNameOverride": "workspace_commit"})
    assert "the tool workspace_commit" in validate_catalog(profiles)[0].message


async def test_collision_refuses_the_run(harness: Harness) -> None:
    profiles = _per_target()
    profiles["final-editor"] = _finalizer(handoffIn={"toolNameOverride": "transfer_to_editor"})
    with pytest.raises(RunRequestError) as err:
        await harness.start("writer", {}, profiles=profiles)
    assert err.value.code == "profile.handoff_tool_collision"


async def test_max_total_rounds_counts_across_stages(harness: Harness) -> None:
    turns = {"writer": [{"toolCalls": [write("output/main.md", "x")]},
                        {"toolCalls": [call("workspace_commit"), handoff("editor")]}],
             # The editor's third round is the budget's last; it keeps reading in the two closing rounds.
             "editor": [{"toolCalls": [call("workspace_read_file", {"path": "output/main.md"})]}] * 3}
    run_id, status = await harness.run("writer", turns, settings=RunSettings(max_total_rounds=3))
    assert status is RunStatus.PARTIAL_SUCCESS
    record = harness.runtime.runs.run(run_id)
    assert record is not None and record.error_code == "run.round_budget_exhausted"
    assert len(harness.runtime.runs.model_turns(run_id)) == 3 + 2
    assert harness.error_codes(run_id) == ["run.round_budget_exhausted"] * 2


# -- history modes --------------------------------------------------------------------------------
def _history_relay(mode: str, remove: bool) -> tuple[dict[str, AgentProfile], dict[str, list[dict[str, Any]]]]:
    profiles = relay_profiles()
    for pid in ("editor", "final-editor"):
        old = profiles[pid].to_json_dict()
        old["handoffIn"] = {"historyMode": mode, "removeToolItems": remove}
        profiles[pid] = AgentProfile.model_validate(old)
    turns = {
        "writer": [{"text": "Drafting now.", "toolCalls": [write("output/main.md", "Draft.")]},
                   {"toolCalls": [call("workspace_commit"), handoff("editor", "Edit it.")]}],
        "editor": [{"text": "Reading.", "toolCalls": [call("workspace_read_file", {"path": "output/main.md"})]},
                   {"toolCalls": [handoff("final-editor", "Finish it.")]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    return profiles, turns


def _brief(objective: str) -> str:
    from relay_studio.runtime.delegation.rendering import render_handoff_brief

    return render_handoff_brief({"objective": objective})


def _shape(messages: list[Message]) -> list[tuple[str, str, list[str]]]:
    return [(m.role, m.content, [c.name for c in m.tool_calls]) for m in messages]


@pytest.mark.parametrize("remove", [False, True], ids=["with-tools", "remove-tool-items"])
@pytest.mark.parametrize("mode", ["snapshot", "briefOnly", "fullHistory", "nestedSummary"])
async def test_history_modes_produce_exactly_the_described_input(harness: Harness, mode: str, remove: bool) -> None:
    profiles, turns = _history_relay(mode, remove)
    run_id, status = await harness.run("writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    stored = harness.runtime.runs.model_turns(run_id)
    final_input = [Message.model_validate(m) for m in stored[4]["request"]["messages"]]
    editor_input = [Message.model_validate(m) for m in stored[2]["request"]["messages"]]
    brief2 = _brief("Finish it.")

    if mode == "snapshot":  # the creator's request (the frozen chat input), then the brief; no tool items
        assert _shape(editor_input) == [("user", "Write a scene.", []), ("user", _brief("Edit it."), [])]
        assert _shape(final_input) == [("user", "Write a scene.", []), ("user", brief2, [])]
        return
    if mode == "briefOnly":
        assert _shape(final_input) == [("user", brief2, [])]
        return
    writer_part = [("user", "Write a scene.", []), ("assistant", "Drafting now.", ["workspace_write_file"]),
                   ("tool", "Wrote output/main.md (6 characters).", []),
                   ("assistant", "", ["workspace_commit", "agent_handoff"]),
                   ("tool", "Committed output/main.md to the chat (version 1).", []),
                   ("tool", "Handoff accepted for Agent editor. Your part is complete.", [])]
    editor_part = [("assistant", "Reading.", ["workspace_read_file"]), ("tool", "Draft.", []),
                   ("assistant", "", ["agent_handoff"]),
                   ("tool", "Handoff accepted for Agent final-editor. Your part is complete.", [])]
    if remove:
        writer_part = [("user", "Write a scene.", []), ("assistant", "Drafting now.", [])]
        editor_part = [("assistant", "Reading.", [])]
    if mode == "fullHistory":
        assert _shape(editor_input) == [*writer_part, ("user", _brief("Edit it."), [])]
        assert _shape(final_input) == [*writer_part, *editor_part, ("user", brief2, [])]
        return
    # nestedSummary: one assistant message with the numbered history, then the brief.
    assert [m.role for m in final_input] == ["assistant", "user"] and final_input[1].content == brief2
    summary = final_input[0].content
    assert summary.startswith("For context, here is the conversation so far between the user and the previous "
                              "agent:\n<CONVERSATION HISTORY>\n1. user: Write a scene.\n")
    assert summary.endswith("</CONVERSATION HISTORY>")
    assert summary.count("<CONVERSATION HISTORY>") == 1  # rebuilt, never nested, after two handoffs
    assert "2. assistant (Writer): Drafting now." in summary
    assert ("assistant (Editor): Reading." in summary)
    assert ("called workspace_write_file: path: output/main.md; content: Draft." in summary) is not remove
    assert ("tool result (workspace_read_file): Draft." in summary) is not remove
    assert '{"' not in summary  # arguments are rendered as words, never raw JSON
    assert _shape(editor_input)[0][0] == "assistant" and editor_input[0].content.count("<CONVERSATION HISTORY>") == 1


# -- Python API ------------------------------------------------------------------------------------
class Escalation(BaseModel):
    reason: str
    priority: str = "normal"


async def test_api_hooks_record_results_and_failures_deny(tmp_path: Any) -> None:
    seen: list[tuple[str, str, Any]] = []

    def on_refund(info: Any, data: Escalation) -> dict[str, str]:
        seen.append((info.source_agent_id, info.target_agent_id, data))
        return {"ticket": "R-1"}

    def on_billing(_info: Any, _data: Any) -> None:
        raise RuntimeError("billing is closed today")

    refund = Agent("Refund agent", handoff_description="Refunds.")
    billing = Agent("Billing agent", handoff_description="Invoices.")
    triage = Agent("Triage agent", can_finish=False, handoffs=[
        api_handoff(billing, on_handoff=on_billing),
        api_handoff(refund, input_type=Escalation, on_handoff=on_refund, tool_name_override="escalate_refund"),
    ])
    script = {"turns": {
        "triage-agent": [{"toolCalls": [call("transfer_to_billing_agent", {"objective": "Check the invoice."})]},
                         {"toolCalls": [call("escalate_refund", {"objective": "Refund it."})]},
                         {"toolCalls": [call("escalate_refund", {"objective": "Refund it.", "reason": "charged twice",
                                                                 "priority": "high"})]}],
        "refund-agent": [{"toolCalls": [write("output/main.md", "Refunded."), call("workspace_commit"),
                                        call("workspace_finish")]}],
    }}
    async with Studio(tmp_path / "data", provider=ScriptedProvider(load_script(script))) as studio:
        result = await studio.run(triage, "I was charged twice.")
    assert result.status is RunStatus.COMPLETED and result.final_message == "Refunded."
    assert result.stages == ["triage-agent", "refund-agent"]
    codes = [e.payload["errorCode"] for e in result.events if e.type == "tool_call_completed" and e.payload["isError"]]
    assert codes == ["agent.handoff_hook_failed", "agent.handoff_input_invalid"]
    failed = next(e for e in result.events if e.type == "agent_handoff_hook_failed")
    assert "billing is closed today" in failed.payload["error"]
    accepted = next(e for e in result.events if e.type == "agent_handoff_accepted")
    assert accepted.payload["hookResult"] == {"ticket": "R-1"}
    assert seen == [("triage-agent", "refund-agent", Escalation(reason="charged twice", priority="high"))]
    assert json.dumps(accepted.payload)  # the journal stays JSON
