"""What a small local model needs of the wire.

Turn markers (providers/openai_compat.py, ``TURN_MARKERS``): a small local model writes its chat template's
end-of-turn marker as text and then invents the next turns until its output cap. Servers on this machine are
asked to stop there; hosted APIs never get the field; a refusal drops it once. A past tool call cut off by the
output cap is sent back with ``{}`` for its arguments: llama.cpp's server parses every past call and refuses the
whole request over half a JSON text."""

from __future__ import annotations

from typing import Any

from relay_studio.domain.connections import Connection
from relay_studio.domain.messages import Message, ProviderNotice, ToolCall
from relay_studio.providers.capabilities import STOP_UNSUPPORTED
from relay_studio.providers.openai_compat import TURN_MARKERS, OpenAICompatibleProvider
from tests.providers.conftest import (
    WRITE_TOOL,
    LoopbackServer,
    Reply,
    by_event,
    collect,
    completed,
    fixture_bytes,
    make_request,
    openai_connection,
)


async def test_a_local_server_is_asked_to_stop_at_turn_markers(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    p = OpenAICompatibleProvider(openai_connection(server), None)  # 127.0.0.1: a server on this machine
    await collect(p, make_request(tools=[WRITE_TOOL]))
    stop = server.requests[0].body["stop"]
    assert stop == list(TURN_MARKERS)
    assert {"<|im_end|>", "<end_of_turn>", "<|eot_id|>"} <= set(stop)


async def test_a_hosted_api_gets_no_stop_sequences(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    hosted = Connection.model_validate({"id": "hosted", "kind": "openai_compatible", "baseUrl": server.url + "/v1"})
    p = OpenAICompatibleProvider(hosted.model_copy(update={"base_url": "https://api.example.com/v1"}), "sk-x")
    p.url = server.url + "/v1/chat/completions"  # the hosted name, served here
    await collect(p, make_request())
    assert "stop" not in server.requests[0].body


async def test_a_refused_stop_is_dropped_once_and_the_call_still_answers(server: LoopbackServer) -> None:
    refusal = b'{"error": {"message": "Unsupported parameter: \'stop\' is not supported with this model."}}'
    text = by_event(fixture_bytes("openai_text.sse"))
    server.add(Reply(status=400, body=refusal, content_type="application/json"), Reply(body=text), Reply(body=text))
    learned: list[Any] = []
    p = OpenAICompatibleProvider(openai_connection(server), None, on_learned=lambda m, lim: learned.append(lim))
    events = await collect(p, make_request())
    [notice] = [e for e in events if isinstance(e, ProviderNotice)]
    assert notice.code == STOP_UNSUPPORTED and completed(events).response.text
    assert "stop" not in server.requests[1].body and learned[-1].dropped_fields == ["stop"]
    await collect(p, make_request())
    assert "stop" not in server.requests[2].body


async def test_a_cut_off_past_tool_call_is_sent_back_with_empty_arguments(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    cut = ToolCall(id="c1", name="workspace_write_file", arguments='{"path": "output/main.md", "content": "The fo')
    whole = ToolCall(id="c2", name="workspace_commit", arguments='{"path": "output/main.md"}')
    history = [Message(role="user", content="Write."),
               Message(role="assistant", content="", tool_calls=[whole, cut]),
               Message(role="tool", tool_call_id="c2", tool_name="workspace_commit", content="Committed."),
               Message(role="tool", tool_call_id="c1", tool_name="workspace_write_file", content="Not run: cut off.",
                       is_error=True)]
    p = OpenAICompatibleProvider(openai_connection(server), None)
    await collect(p, make_request(messages=history))
    sent = server.requests[0].body["messages"][2]["tool_calls"]
    assert [c["function"]["arguments"] for c in sent] == ['{"path": "output/main.md"}', "{}"]
