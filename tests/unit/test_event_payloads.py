"""Typed journal payloads (``domain/event_payloads.py``): every event type the runtime writes has a model,
a real relay's journal reads back as those models key for key, and unknown or older events still read."""

from __future__ import annotations

import io
from pathlib import Path

from relay_studio.cli.runs import _human_progress
from relay_studio.domain import event_types
from relay_studio.domain.event_catalog import event_table, with_table
from relay_studio.domain.event_payloads import (
    PAYLOAD_MODELS,
    AgentInvocationStarted,
    ModelCallCompleted,
    ReviewCompleted,
    StatusChanged,
    ToolCallAwaitingApproval,
    UnknownEvent,
    typed,
)
from relay_studio.domain.events import Event
from relay_studio.domain.run_folds import add_usage, foreground_agent
from tests.support import Harness, call, handoff, write
from tests.unit.test_contracts import declared


def _event(type_: str, payload: dict[str, object]) -> Event:
    return Event(seq=1, run_id="run_x", type=type_, timestamp="2026-01-01T00:00:00Z", payload=payload)


def test_every_event_type_the_runtime_writes_has_a_payload_model() -> None:
    values = {value for _name, value, _meaning in declared("event_types")}
    assert sorted(values - set(PAYLOAD_MODELS)) == [], "event types without a model in domain/event_payloads.py"
    assert sorted(set(PAYLOAD_MODELS) - values) == [], "models for event types that are not declared"
    assert event_types.REVIEW_COMPLETED in PAYLOAD_MODELS


async def test_a_relay_journal_reads_as_typed_payloads_and_stores_back_unchanged(harness: Harness) -> None:
    turns = {
        "writer": [
            {"toolCalls": [write("output/main.md", "The lamp flickered.")]},
            {"toolCalls": [call("workspace_commit"), handoff("editor", "Tighten the draft.", title="Edit pass")]},
        ],
        "editor": [{"toolCalls": [call("workspace_commit"), handoff("final-editor", "Finish it.")]}],
        "final-editor": [{"toolCalls": [call("workspace_finish", {"summary": "Done."})]}],
    }
    run_id, _status = await harness.run("writer", turns)
    events = harness.events(run_id)
    assert len({e.type for e in events}) >= 20
    for event in events:
        payload = typed(event)
        assert not isinstance(payload, UnknownEvent), (event.type, payload.problem)
        assert payload.type == event.type
        assert payload.stored() == event.payload, event.type  # no key lost, renamed or added
    started = [typed(e) for e in events if e.type == event_types.AGENT_INVOCATION_STARTED]
    assert [p.agent_name for p in started if isinstance(p, AgentInvocationStarted)] == [
        "Writer", "Editor", "Final Editor"]
    completed = [p for p in map(typed, events) if isinstance(p, ModelCallCompleted)]
    assert completed and all(p.usage.input_tokens > 0 for p in completed)


def test_unknown_and_older_events_still_read() -> None:
    newer = typed(_event("an_event_of_a_later_version", {"facts": 3}))
    assert isinstance(newer, UnknownEvent) and newer.payload == {"facts": 3} and newer.problem == ""
    broken = typed(_event(event_types.STATUS_CHANGED, {"from": ["not", "a", "status"], "to": "running"}))
    assert isinstance(broken, UnknownEvent) and broken.problem and broken.payload["to"] == "running"
    older = typed(_event(event_types.MODEL_CALL_COMPLETED, {"turnId": "t1"}))  # written before usage existed
    assert isinstance(older, ModelCallCompleted) and older.usage.input_tokens == 0 and older.agent_id is None
    status = typed(_event(event_types.STATUS_CHANGED, {"from": "queued", "to": "running", "later": 1}))
    assert isinstance(status, StatusChanged) and status.from_ == "queued"
    assert status.stored() == {"from": "queued", "to": "running", "later": 1}  # a newer key is kept


def test_the_agent_name_falls_back_to_the_id_and_never_reads_none() -> None:
    named = typed(_event(event_types.AGENT_INVOCATION_STARTED, {"agentId": "editor", "displayName": None}))
    assert isinstance(named, AgentInvocationStarted) and named.agent_name == "editor"
    nameless = typed(_event(event_types.AGENT_INVOCATION_STARTED, {}))
    assert isinstance(nameless, AgentInvocationStarted) and nameless.agent_name == ""
    waiting = typed(_event(event_types.TOOL_CALL_AWAITING_APPROVAL, {"agent_id": "writer", "agent_name": "Writer"}))
    assert isinstance(waiting, ToolCallAwaitingApproval) and waiting.agent_name == "Writer"


def test_a_review_keeps_its_own_type_key_apart_from_the_event_type() -> None:
    review = typed(_event(event_types.REVIEW_COMPLETED, {"status": "passed", "type": "character"}))
    assert isinstance(review, ReviewCompleted)
    assert review.type == event_types.REVIEW_COMPLETED and review.payload_type == "character"
    assert review.stored() == {"status": "passed", "type": "character"}


def test_the_contracts_event_table_is_the_one_generated_from_the_models() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "contracts.md").read_text(encoding="utf-8")
    assert with_table(doc) == doc, "run: python -m relay_studio.domain.event_catalog docs/contracts.md"
    assert "`usage` (Usage)" in event_table() and "(no model yet)" not in event_table()


def test_the_cli_progress_line_names_a_stage_without_a_display_name_by_its_id() -> None:
    err = io.StringIO()
    _human_progress(err, _event(event_types.AGENT_INVOCATION_STARTED, {"agentId": "editor", "kind": "handoff"}))
    assert err.getvalue() == "▶ editor (handoff)\n"  # it printed "▶ None (handoff)"


def test_usage_is_folded_once_for_the_status_bar_and_the_timeline() -> None:
    class Totals:
        input_tokens = output_tokens = 0
        estimated = False

    totals = Totals()
    calls = [_event(event_types.MODEL_CALL_COMPLETED, {"usage": {"input_tokens": 10, "output_tokens": 2}}),
             _event(event_types.MODEL_CALL_COMPLETED, {"usage": {"input_tokens": 5, "output_tokens": 1,
                                                                 "estimated": True}}),
             _event(event_types.STATUS_CHANGED, {"to": "running"})]
    assert [add_usage(totals, e) for e in calls] == [True, True, False]
    assert (totals.input_tokens, totals.output_tokens, totals.estimated) == (15, 3, True)
    assert foreground_agent(_event(event_types.AGENT_INVOCATION_STARTED, {"agentId": "w", "kind": "subagent"})) is None
    assert foreground_agent(_event(event_types.AGENT_INVOCATION_STARTED, {"agentId": "w", "kind": "root"})) == "w"
