"""Random tool names and argument blobs through the whole loop: no exception escapes; every call is
answered with a tool result, or the run ends with a journaled fatal error code."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from relay_studio.domain import tool_names as tn
from relay_studio.domain.enums import RunStatus
from tests.support import Harness, call, write

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)
field_names = st.sampled_from(["path", "content", "agentId", "handoff", "task", "objective", "mode", "taskIds",
                               "old_string", "new_string", "query", "summary", "purpose", "timeoutSeconds"])
plausible_args = st.dictionaries(field_names, json_values, max_size=5).map(json.dumps)
names = st.sampled_from([tn.alias(n) for n in tn.ALL_TOOLS] + list(tn.ALL_TOOLS)) | st.text(max_size=20)
blobs = plausible_args | json_values.map(json.dumps) | st.text(max_size=60)
calls = st.lists(st.tuples(names, blobs), min_size=1, max_size=4)


@pytest.fixture(scope="module")
def harness_for_all(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Harness]:
    """One data folder for every example: each example is a run of its own there, as a creator's runs
    share theirs (a new database per example cost more than most runs)."""
    harness = Harness(tmp_path_factory.mktemp("properties") / "data")
    yield harness
    harness.close()


async def _exercise(harness: Harness, random_calls: list[tuple[str, str]]) -> None:
    turns: dict[str, list[dict[str, Any]]] = {
        "writer": [
            {"toolCalls": [{"name": name, "arguments": blob} for name, blob in random_calls]},
            {"toolCalls": [write("output/main.md", "x"), call("workspace_commit"),
                           call("agent_handoff", {"agentId": "final-editor", "handoff": {"objective": "Go."}})]},
        ],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await asyncio.wait_for(harness.run("writer", turns, chat=uuid.uuid4().hex), timeout=30)
    assert status.terminal
    events = harness.events(run_id)
    started = [e.payload["toolCallId"] for e in events if e.type == "tool_call_started"]
    answered = [e.payload["toolCallId"] for e in events if e.type in ("tool_call_completed", "tool_call_ignored")]
    ignored_unstarted = [e.payload["toolCallId"] for e in events if e.type == "tool_call_ignored"]
    assert set(started) <= set(answered)
    assert len(started) + len(ignored_unstarted) >= 1
    if status in (RunStatus.FAILED, RunStatus.PARTIAL_SUCCESS):
        last = events[-1]
        assert last.type == f"run_{status.value}" and last.payload["errorCode"]
        assert not last.payload["errorCode"].startswith("runtime."), last.payload
    for e in events:
        if e.type == "tool_call_completed" and e.payload["isError"]:
            assert e.payload["errorCode"] and "." in e.payload["errorCode"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_calls=calls)
def test_random_tool_calls_never_escape(harness_for_all: Harness, random_calls: list[tuple[str, str]]) -> None:
    asyncio.run(_exercise(harness_for_all, random_calls))
