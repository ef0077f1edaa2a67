"""The Anthropic provider against a loopback server replaying Messages streaming wire fixtures."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from relay_studio.domain.messages import (
    Message,
    ProviderNotice,
    ReasoningDelta,
    TextDelta,
    ToolCall,
    ToolCallDelta,
)
from relay_studio.providers.anthropic import AnthropicProvider, to_anthropic_messages
from relay_studio.providers.base import ProviderError
from relay_studio.providers.capabilities import TOOL_CHOICE_UNSUPPORTED, ModelLimits
from tests.providers.conftest import (
    WRITE_TOOL,
    LoopbackServer,
    Reply,
    anthropic_connection,
    by_event,
    collect,
    completed,
    fixture_bytes,
    in_pieces,
    make_request,
)
from tests.support import WAIT_SECONDS

KEY = "sk-ant-api03-abcdefghijklmnop"


def provider(server: LoopbackServer, key: str | None = KEY, **extra: object) -> AnthropicProvider:
    return AnthropicProvider(anthropic_connection(server, **extra), key)


@pytest.mark.parametrize("split", ["event", "3 bytes"])
async def test_text_stream_with_ping_and_cache_usage(server: LoopbackServer, split: str) -> None:
    raw = fixture_bytes("anthropic_text.sse")
    server.add(Reply(body=by_event(raw) if split == "event" else in_pieces(raw, 3)))
    events = await collect(provider(server), make_request())
    text = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert text == "The last lighthouse keeper — Élodie, naïve, 灯台守."
    done = completed(events).response
    assert done.text == text and done.finish_reason == "stop"
    # input counts every prompt token; cached is the part read from the cache
    assert (done.usage.input_tokens, done.usage.output_tokens, done.usage.cached_tokens) == (2073, 15, 2048)


async def test_request_shape(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("anthropic_text.sse"))))
    history = [
        Message(role="user", content="Write the scene."),
        Message(
            role="assistant",
            content="Reading first.",
            tool_calls=[
                ToolCall(id="toolu_1", name="workspace_read_file", arguments='{"path": "a.md"}'),
                ToolCall(id="toolu_2", name="workspace_read_file", arguments="{not json"),
            ],
        ),
        Message(role="tool", tool_call_id="toolu_1", content="alpha"),
        Message(role="tool", tool_call_id="toolu_2", content="no such file", is_error=True),
        Message(role="user", content="Go on."),
    ]
    request = make_request(messages=history, tools=[WRITE_TOOL], tool_choice="required", temperature=1.5)
    await collect(provider(server), request)
    sent = server.requests[0]
    assert sent.path == "/v1/messages"
    assert sent.headers["x-api-key"] == KEY and sent.headers["anthropic-version"] == "2023-06-01"
    assert "authorization" not in sent.headers
    body = sent.body
    # Prompt-cache breakpoints: the tools, the system prompt and the last message's last block.
    cache = {"type": "ephemeral"}
    assert body["system"] == [{"type": "text", "text": "You are the writer.", "cache_control": cache}]
    assert body["max_tokens"] == 4096 and body["stream"] is True and body["temperature"] == 1.0
    assert body["tool_choice"] == {"type": "any"}
    assert body["tools"] == [
        {
            "name": WRITE_TOOL.name,
            "description": WRITE_TOOL.description,
            "input_schema": WRITE_TOOL.parameters,
            "cache_control": cache,
        }
    ]
    assert body["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "Write the scene."}]},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Reading first."},
                {"type": "tool_use", "id": "toolu_1", "name": "workspace_read_file", "input": {"path": "a.md"}},
                {"type": "tool_use", "id": "toolu_2", "name": "workspace_read_file", "input": {}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": "alpha"},
                {"type": "tool_result", "tool_use_id": "toolu_2", "content": "no such file", "is_error": True},
                {"type": "text", "text": "Go on.", "cache_control": cache},
            ],
        },
    ]
    assert json.dumps(body).count('"cache_control"') == 3  # the API allows four


async def test_prompt_caching_off_sends_no_breakpoints(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("anthropic_text.sse"))))
    p = AnthropicProvider(anthropic_connection(server), KEY, prompt_caching=False)
    await collect(p, make_request(tools=[WRITE_TOOL]))
    body = server.requests[0].body
    assert body["system"] == "You are the writer." and "cache_control" not in json.dumps(body)


def test_tool_results_lead_and_empty_turns_are_dropped() -> None:
    wire = to_anthropic_messages(
        [
            Message(role="user", content="Start."),
            Message(role="assistant", content=""),
            Message(role="user", content="Again."),
            Message(role="assistant", tool_calls=[ToolCall(id="t1", name="x", arguments="[1]")]),
            Message(role="tool", tool_call_id="t1", content=""),
        ]
    )
    assert wire == [
        {"role": "user", "content": [{"type": "text", "text": "Start."}, {"type": "text", "text": "Again."}]},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "x", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1"}]},
    ]


@pytest.mark.parametrize("split", ["event", "11 bytes"])
async def test_tool_use_with_input_json_deltas_and_parallel_calls(server: LoopbackServer, split: str) -> None:
    raw = fixture_bytes("anthropic_tool_use.sse")
    server.add(Reply(body=by_event(raw) if split == "event" else in_pieces(raw, 11)))
    events = await collect(provider(server), make_request(tools=[WRITE_TOOL]))
    starts = [e for e in events if isinstance(e, ToolCallDelta) and e.name]
    assert [(e.index, e.name) for e in starts] == [
        (0, "workspace_write_file"),
        (1, "agent_handoff"),
        (2, "agent_await"),
    ]
    done = completed(events).response
    assert done.text == "Saving the draft." and done.finish_reason == "tool_calls"
    assert [(c.id, c.name) for c in done.tool_calls] == [
        ("toolu_01Write", "workspace_write_file"),
        ("toolu_02Hand", "agent_handoff"),
        ("toolu_03Noargs", "agent_await"),
    ]
    assert json.loads(done.tool_calls[0].arguments) == {"path": "output/scene.md", "content": "Fog — dense."}
    assert done.tool_calls[1].arguments == '{"to": "editor"}'
    assert done.tool_calls[2].arguments == "{}", "a tool without input gets an empty object"
    assert (done.usage.input_tokens, done.usage.output_tokens) == (472, 89)


async def test_thinking_is_reasoning_and_unknown_events_are_skipped(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("anthropic_thinking.sse"))))
    events = await collect(provider(server), make_request())
    assert "".join(e.text for e in events if isinstance(e, ReasoningDelta)) == "The scene needs fog first."
    done = completed(events).response
    assert done.text == "Fog rolled in." and done.reasoning == "The scene needs fog first."
    assert done.usage.input_tokens == 150 and done.usage.cached_tokens == 0


async def test_error_event_mid_stream_is_retryable(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("anthropic_error_event.sse"))))
    with pytest.raises(ProviderError) as caught:
        await collect(provider(server), make_request())
    err = caught.value
    assert err.code == "provider.stream_error" and err.retryable and err.status == 529
    assert err.message == "The server of connection 'claude' reported an error mid-answer: Overloaded."


async def test_cut_mid_tool_use_never_completes(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("anthropic_cut_mid_tool_use.sse")), cut=True))
    seen: list[object] = []
    with pytest.raises(ProviderError) as caught:
        async for event in provider(server).stream(make_request(tools=[WRITE_TOOL])):
            seen.append(event)
    assert caught.value.code == "provider.stream_incomplete" and caught.value.retryable
    assert any(isinstance(e, ToolCallDelta) for e in seen)
    assert not any(getattr(e, "kind", "") == "completed" for e in seen)


async def test_stream_ending_without_message_stop(server: LoopbackServer) -> None:
    pieces = by_event(fixture_bytes("anthropic_text.sse"))[:-1]  # everything but message_stop
    server.add(Reply(body=pieces))
    with pytest.raises(ProviderError) as caught:
        await collect(provider(server), make_request())
    assert caught.value.code == "provider.stream_incomplete"


async def test_malformed_event(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("anthropic_malformed.sse"))))
    with pytest.raises(ProviderError) as caught:
        await collect(provider(server), make_request())
    assert caught.value.code == "provider.malformed_chunk" and caught.value.retryable


async def test_http_errors(server: LoopbackServer) -> None:
    server.add(
        Reply(
            status=401,
            body=b'{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}',
            content_type="application/json",
        ),
        Reply(
            status=529,
            body=b'{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
            content_type="application/json",
            headers={"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"},
        ),
    )
    p = provider(server)
    with pytest.raises(ProviderError) as caught:
        await collect(p, make_request())
    assert caught.value.message == "The API key for connection 'claude' was refused (401)."
    assert not caught.value.retryable
    with pytest.raises(ProviderError) as caught:
        await collect(p, make_request())
    assert caught.value.retryable and caught.value.status == 529
    assert caught.value.retry_after == 0.0  # a date in the past means "now"
    assert "Overloaded" in caught.value.message


async def test_named_tool_choice_rejected_falls_back(server: LoopbackServer) -> None:
    server.add(
        Reply(
            status=400,
            body=b'{"type":"error","error":{"type":"invalid_request_error",'
            b'"message":"tool_choice.type: not supported"}}',
            content_type="application/json",
        ),
        Reply(body=by_event(fixture_bytes("anthropic_text.sse"))),
    )
    learned: list[tuple[str, ModelLimits]] = []
    p = AnthropicProvider(anthropic_connection(server), KEY, on_learned=lambda m, lim: learned.append((m, lim)))
    events = await collect(p, make_request(tools=[WRITE_TOOL], tool_choice={"name": "workspace_write_file"}))
    assert isinstance(events[0], ProviderNotice) and events[0].code == TOOL_CHOICE_UNSUPPORTED
    assert "tool_choice.type: not supported" in events[0].message  # the server's own words
    assert [r.body["tool_choice"] for r in server.requests] == [
        {"type": "tool", "name": "workspace_write_file"},
        {"type": "auto"},
    ]
    assert [(m, lim.tool_choice_unsupported) for m, lim in learned] == [("test-model", ["named"])]
    completed(events)


async def test_base_url_with_v1_suffix(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("anthropic_text.sse"))))
    p = AnthropicProvider(anthropic_connection(server).model_copy(update={"base_url": server.url + "/v1"}), KEY)
    await collect(p, make_request())
    assert server.requests[0].path == "/v1/messages"


async def test_cancel_closes_the_socket(server: LoopbackServer) -> None:
    reply = Reply(body=by_event(fixture_bytes("anthropic_text.sse"))[:4], hold=True)
    server.add(reply)
    got_text = asyncio.Event()

    async def consume() -> None:
        async for event in provider(server).stream(make_request()):
            if isinstance(event, TextDelta):
                got_text.set()

    task = asyncio.create_task(consume())
    await asyncio.wait_for(got_text.wait(), WAIT_SECONDS)
    cancelled_at = time.monotonic()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await asyncio.to_thread(reply.disconnected.wait, WAIT_SECONDS)
    assert reply.disconnected_at is not None and reply.disconnected_at - cancelled_at < 1.0
