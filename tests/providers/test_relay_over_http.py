"""The writer -> editor -> finalizer relay, with every model call streamed over HTTP from a loopback server.

The server speaks the real wire formats (Chat Completions and Messages streaming), with each tool call's
arguments split over several chunks, so the runtime sees exactly what a hosted model would produce.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from relay_studio.domain.enums import InvocationStatus, RunStatus
from relay_studio.providers.anthropic import AnthropicProvider
from relay_studio.providers.base import ModelProvider
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from tests.providers.conftest import LoopbackServer, Reply, anthropic_connection, openai_connection
from tests.support import Harness, relay_profiles

Call = tuple[str, dict[str, Any]]


def _sse(data: dict[str, Any], event: str | None = None) -> bytes:
    return ((f"event: {event}\n" if event else "") + "data: " + json.dumps(data) + "\n\n").encode()


def _split(text: str, size: int = 9) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def openai_turn(calls: list[Call], turn: int) -> list[bytes]:
    pieces = []
    for n, (name, args) in enumerate(calls):
        head = {"index": n, "id": f"call_{turn}_{n}", "type": "function", "function": {"name": name, "arguments": ""}}
        pieces.append(_sse({"choices": [{"index": 0, "delta": {"tool_calls": [head]}, "finish_reason": None}]}))
        for part in _split(json.dumps(args)):
            delta = {"tool_calls": [{"index": n, "function": {"arguments": part}}]}
            pieces.append(_sse({"choices": [{"index": 0, "delta": delta, "finish_reason": None}]}))
    pieces.append(_sse({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}))
    pieces.append(_sse({"choices": [], "usage": {"prompt_tokens": 100, "completion_tokens": 20}}))
    pieces.append(b"data: [DONE]\n\n")
    return pieces


def anthropic_turn(calls: list[Call], turn: int) -> list[bytes]:
    start = {"id": f"msg_{turn}", "type": "message", "role": "assistant", "content": [], "usage": {"input_tokens": 100}}
    pieces = [_sse({"type": "message_start", "message": start}, "message_start")]
    for n, (name, args) in enumerate(calls):
        block = {"type": "tool_use", "id": f"toolu_{turn}_{n}", "name": name, "input": {}}
        pieces.append(_sse({"type": "content_block_start", "index": n, "content_block": block}, "content_block_start"))
        for part in _split(json.dumps(args)):
            delta = {"type": "input_json_delta", "partial_json": part}
            pieces.append(_sse({"type": "content_block_delta", "index": n, "delta": delta}, "content_block_delta"))
        pieces.append(_sse({"type": "content_block_stop", "index": n}, "content_block_stop"))
    end = {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 20}}
    pieces.append(_sse(end, "message_delta"))
    pieces.append(_sse({"type": "message_stop"}, "message_stop"))
    return pieces


RELAY: list[list[Call]] = [
    [("workspace_write_file", {"path": "output/main.md", "content": "The lamp flickered. Mara climbed — slowly."})],
    [
        ("workspace_commit", {}),
        ("agent_handoff", {"agentId": "editor", "handoff": {"objective": "Tighten the draft.", "title": "Edit"}}),
    ],
    [("workspace_read_file", {"path": "output/main.md"})],
    [("agent_handoff", {"agentId": "final-editor", "handoff": {"objective": "Polish and finish."}})],
    [("workspace_read_file", {"path": "output/main.md"})],
    [("workspace_finish", {"summary": "The committed draft stands."})],
]


@pytest.mark.parametrize("wire", ["openai_compatible", "anthropic"])
async def test_three_stage_relay_over_http(server: LoopbackServer, harness: Harness, wire: str) -> None:
    turn_of = openai_turn if wire == "openai_compatible" else anthropic_turn
    server.add(*(Reply(body=turn_of(calls, i)) for i, calls in enumerate(RELAY)))
    provider: ModelProvider = (
        OpenAICompatibleProvider(openai_connection(server, defaultModel="m"), "sk-relay-test-key")
        if wire == "openai_compatible"
        else AnthropicProvider(anthropic_connection(server, defaultModel="m"), "sk-relay-test-key")
    )
    handle = await harness.runtime.start_run(
        agent_id="writer",
        prompt="Write a scene.",
        provider_for=lambda _profile: provider,
        chat="http relay",
        profiles=relay_profiles(),
    )
    status = await handle.wait()
    run_id = handle.run_id
    assert status is RunStatus.COMPLETED, harness.types(run_id)
    invocations = harness.runtime.runs.invocations(run_id)
    assert [(i.profile_id, i.status) for i in invocations] == [
        ("writer", InvocationStatus.TRANSFERRED),
        ("editor", InvocationStatus.TRANSFERRED),
        ("final-editor", InvocationStatus.COMPLETED),
    ]
    assert harness.file(run_id, "output/main.md") == "The lamp flickered. Mara climbed — slowly."
    assert not harness.error_codes(run_id), "every streamed tool call arrived whole"
    # Each stage's request went over the wire with its own system prompt and the tool results of the last turn.
    bodies = [r.body for r in server.requests]
    assert len(bodies) == 6
    if wire == "openai_compatible":
        assert bodies[1]["messages"][-1]["role"] == "tool"
        assert bodies[2]["messages"][0]["content"].startswith("You are the Editor.")
    else:
        assert bodies[1]["messages"][-1]["content"][0]["type"] == "tool_result"
        assert bodies[2]["system"][0]["text"].startswith("You are the Editor.")


WRITERS_OBJECTIVE = "Cut the second sentence and keep the lamp as the last word."
BUILT_IN_RELAY: list[list[Call]] = [
    [("workspace_write_file", {"path": "output/main.md", "content": "The lamp flickered. Mara climbed."}),
     ("workspace_commit", {}),
     ("agent_handoff", {"agentId": "editor", "handoff": {
         "objective": WRITERS_OBJECTIVE, "contextSummary": "Two sentences about Mara and the lamp.",
         "mustPreserve": ["Mara"]}})],
    [("workspace_write_file", {"path": "output/main.md", "content": "Mara climbed to the lamp."}),
     ("workspace_commit", {}),
     ("agent_handoff", {"agentId": "finalizer", "handoff": {"objective": "Polish it and finish."}})],
    [("workspace_commit", {}), ("workspace_finish", {"summary": "Polished."})],
]


@pytest.mark.parametrize("wire", ["openai_compatible", "anthropic"])
async def test_the_built_in_relay_on_a_tool_calling_model_hands_on_the_writers_own_brief(
        server: LoopbackServer, harness: Harness, wire: str) -> None:
    """Issue 37: the built-in writer, editor and finalizer are told to end with their tools; a model
    that calls them well hands on with its own brief, and the editor reads that brief, not the studio's
    fill-in ("Writer has finished its part.")."""
    from relay_studio.runtime.profile_catalog import builtin_profiles

    turn_of = openai_turn if wire == "openai_compatible" else anthropic_turn
    server.add(*(Reply(body=turn_of(calls, i)) for i, calls in enumerate(BUILT_IN_RELAY)))
    provider: ModelProvider = (
        OpenAICompatibleProvider(openai_connection(server, defaultModel="m"), "sk-relay-test-key")
        if wire == "openai_compatible"
        else AnthropicProvider(anthropic_connection(server, defaultModel="m"), "sk-relay-test-key")
    )
    handle = await harness.runtime.start_run(agent_id="writer", prompt="Write two sentences about a lamp.",
                                             provider_for=lambda _profile: provider, chat="built-in relay",
                                             profiles={p.id: p for p in builtin_profiles()})
    assert await handle.wait() is RunStatus.COMPLETED, harness.types(handle.run_id)
    accepted = harness.of_type(handle.run_id, "agent_handoff_accepted")
    assert [(e.payload["agentId"], e.payload["by"]) for e in accepted] == [("writer", "agent"), ("editor", "agent")]
    bodies = [r.body for r in server.requests]
    if wire == "openai_compatible":
        system = bodies[0]["messages"][0]["content"]
        editor_input = bodies[1]["messages"][-1]["content"]
    else:
        system = bodies[0]["system"][0]["text"]
        editor_input = bodies[1]["messages"][-1]["content"]
        editor_input = editor_input if isinstance(editor_input, str) else editor_input[-1]["text"]
    assert "hand it to Editor with agent_handoff" in system and "reply with the text itself" not in system
    assert WRITERS_OBJECTIVE in editor_input and "- Mara" in editor_input
    assert "has finished its part" not in editor_input
