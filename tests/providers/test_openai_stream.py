"""The OpenAI-compatible provider against a loopback server replaying Chat Completions wire fixtures."""

from __future__ import annotations

import asyncio
import json
import time

import httpx
import pytest

from relay_studio.domain.messages import (
    Message,
    ProviderNotice,
    ReasoningDelta,
    TextDelta,
    ToolCall,
    ToolCallDelta,
)
from relay_studio.providers.base import ProviderError
from relay_studio.providers.capabilities import TOOL_CHOICE_UNSUPPORTED, ModelLimits
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from tests.providers.conftest import (
    WRITE_TOOL,
    LoopbackServer,
    Reply,
    by_event,
    collect,
    completed,
    fixture_bytes,
    in_pieces,
    make_request,
    openai_connection,
)
from tests.support import WAIT_SECONDS

KEY = "sk-test-4f9a8b7c6d5e4f3a2b1c"


def provider(server: LoopbackServer, key: str | None = KEY, **extra: object) -> OpenAICompatibleProvider:
    return OpenAICompatibleProvider(openai_connection(server, **extra), key)


@pytest.mark.parametrize("split", ["event", "7 bytes", "1 byte"])
async def test_plain_text_stream_any_split(server: LoopbackServer, split: str) -> None:
    raw = fixture_bytes("openai_text.sse")
    pieces = by_event(raw) if split == "event" else in_pieces(raw, 7 if split == "7 bytes" else 1)
    server.add(Reply(body=pieces))
    events = await collect(provider(server), make_request())
    text = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert text == "The last lighthouse keeper — Élodie, naïve, 灯台守."
    done = completed(events).response
    assert done.text == text
    assert done.finish_reason == "stop"
    assert (done.usage.input_tokens, done.usage.output_tokens, done.usage.cached_tokens) == (1200, 14, 1024)
    assert done.tool_calls == []


async def test_request_body_and_headers(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    history = [
        Message(role="user", content="Write the scene."),
        Message(
            role="assistant",
            content="",
            reasoning="private",
            tool_calls=[ToolCall(id="call_1", name="workspace_write_file", arguments='{"path": "a"}')],
        ),
        Message(role="tool", tool_call_id="call_1", tool_name="workspace_write_file", content="written"),
    ]
    request = make_request(
        messages=history, tools=[WRITE_TOOL], tool_choice={"name": "workspace_write_file"}, max_tokens=50
    )
    await collect(provider(server, headers={"X-Title": "Relay Studio"}), request)
    sent = server.requests[0]
    assert sent.path == "/v1/chat/completions"
    assert sent.headers["authorization"] == f"Bearer {KEY}"
    assert sent.headers["x-title"] == "Relay Studio"
    body = sent.body
    assert body["model"] == "test-model"
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True}
    assert body["max_tokens"] == 50
    assert body["tool_choice"] == {"type": "function", "function": {"name": "workspace_write_file"}}
    assert body["tools"][0]["function"]["name"] == "workspace_write_file"
    assert body["messages"] == [
        {"role": "system", "content": "You are the writer."},
        {"role": "user", "content": "Write the scene."},
        {
            "role": "assistant",
            "content": "",  # not null: llama-cpp-python's server refuses null (docs/providers.md)
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "workspace_write_file", "arguments": '{"path": "a"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "written"},
    ]
    assert "temperature" not in body


async def test_no_tools_means_no_tool_choice_and_no_key_means_no_auth(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_text_no_usage.sse"))))
    events = await collect(provider(server, key=None), make_request(tool_choice="required"))
    assert "authorization" not in server.requests[0].headers
    assert "tool_choice" not in server.requests[0].body and "tools" not in server.requests[0].body
    done = completed(events).response
    assert done.text == "Hello there."
    # the server sent no usage: estimated, a token for four characters sent (35) and received (12)
    assert (done.usage.input_tokens, done.usage.output_tokens, done.usage.estimated) == (9, 3, True)


@pytest.mark.parametrize("split", ["event", "5 bytes"])
async def test_tool_call_arguments_split_across_chunks(server: LoopbackServer, split: str) -> None:
    raw = fixture_bytes("openai_tool_calls_split.sse")
    server.add(Reply(body=by_event(raw) if split == "event" else in_pieces(raw, 5)))
    events = await collect(provider(server), make_request(tools=[WRITE_TOOL]))
    deltas = [e for e in events if isinstance(e, ToolCallDelta)]
    assert deltas[0].name == "workspace_write_file"
    assert all(d.name is None for d in deltas[1:]), "a repeated name is not announced twice"
    done = completed(events).response
    assert done.finish_reason == "tool_calls"
    assert done.tool_calls == [
        ToolCall(
            id="call_Wr1te",
            name="workspace_write_file",
            arguments='{"path": "output/scene.md", "content": "Fog — dense."}',
        )
    ]
    assert json.loads(done.tool_calls[0].arguments)["content"] == "Fog — dense."


async def test_parallel_tool_calls_interleaved_by_index(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_parallel_tool_calls.sse"))))
    done = completed(await collect(provider(server), make_request(tools=[WRITE_TOOL]))).response
    assert done.text == "Reading both."
    assert [(c.id, c.name, c.arguments) for c in done.tool_calls] == [
        ("call_A", "workspace_read_file", '{"path": "output/a.md"}'),
        ("call_B", "workspace_read_file", '{"path": "plan/b.md"}'),
        ("call_C", "agent_handoff", "{}"),
    ]


async def test_legacy_function_call_only(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_legacy_function_call.sse"))))
    done = completed(await collect(provider(server), make_request(tools=[WRITE_TOOL]))).response
    assert len(done.tool_calls) == 1
    call = done.tool_calls[0]
    assert call.name == "agent_finish" and call.arguments == '{"summary": "done"}'
    assert call.id, "a call without an id from the server gets one"
    assert done.finish_reason == "tool_calls"


async def test_legacy_function_call_mirroring_tool_calls_is_not_doubled(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_tool_calls_with_legacy_mirror.sse"))))
    done = completed(await collect(provider(server), make_request(tools=[WRITE_TOOL]))).response
    assert [(c.id, c.name, c.arguments) for c in done.tool_calls] == [
        ("chatcmpl-tool-9f", "agent_finish", '{"summary": "ok"}')
    ]
    assert done.usage.input_tokens == 50


async def test_reasoning_content_is_reasoning_not_text(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_reasoning.sse"))))
    events = await collect(provider(server), make_request())
    assert "".join(e.text for e in events if isinstance(e, ReasoningDelta)) == "The scene needs fog first."
    done = completed(events).response
    assert done.text == "Fog rolled in."
    assert done.reasoning == "The scene needs fog first."
    assert done.usage.cached_tokens == 32  # DeepSeek's prompt_cache_hit_tokens


async def test_cost_from_connection_prices(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    prices = {"inputPerMillion": 2.5, "outputPerMillion": 10.0, "cachedInputPerMillion": 1.25}
    done = completed(await collect(provider(server, prices=prices), make_request())).response
    # 176 fresh input, 1024 cached, 14 output tokens
    assert done.cost == pytest.approx((176 * 2.5 + 1024 * 1.25 + 14 * 10.0) / 1_000_000)


async def test_server_ignoring_stream_answers_whole_json(server: LoopbackServer) -> None:
    body = {
        "id": "c",
        "object": "chat.completion",
        "choices": [
            {
                "index": 0,
                "message": {
                    "role": "assistant",
                    "content": "Hi.",
                    "tool_calls": [
                        {"id": "call_Z", "type": "function", "function": {"name": "agent_finish", "arguments": "{}"}}
                    ],
                },
                "finish_reason": "tool_calls",
            }
        ],
        "usage": {"prompt_tokens": 5, "completion_tokens": 3, "total_tokens": 8},
    }
    server.add(Reply(body=json.dumps(body).encode(), content_type="application/json"))
    done = completed(await collect(provider(server), make_request())).response
    assert done.text == "Hi." and done.tool_calls[0].id == "call_Z" and done.usage.output_tokens == 3


# -- faults ---------------------------------------------------------------------------------------------


async def test_429_is_retryable_with_retry_after(server: LoopbackServer) -> None:
    server.add(
        Reply(
            status=429,
            body=b'{"error": {"message": "Rate limit reached for gpt-4o", "type": "requests"}}',
            content_type="application/json",
            headers={"Retry-After": "7"},
        )
    )
    with pytest.raises(ProviderError) as caught:
        await collect(provider(server), make_request())
    err = caught.value
    assert (err.code, err.status, err.retryable, err.retry_after) == ("provider.rate_limited", 429, True, 7.0)
    assert "'openai-main'" in err.message and "Rate limit reached" in err.message


async def test_500_then_success_on_the_next_call(server: LoopbackServer) -> None:
    server.add(
        Reply(status=500, body=b'{"error": {"message": "The server had an error"}}', content_type="application/json"),
        Reply(body=by_event(fixture_bytes("openai_text.sse"))),
    )
    p = provider(server)
    with pytest.raises(ProviderError) as caught:
        await collect(p, make_request())
    assert caught.value.retryable and caught.value.status == 500 and caught.value.code == "provider.server_error"
    done = completed(await collect(p, make_request())).response
    assert done.text.startswith("The last")
    assert len(server.requests) == 2


async def test_401_fails_fast_and_never_shows_the_key(server: LoopbackServer) -> None:
    server.add(
        Reply(
            status=401,
            body=json.dumps(
                {"error": {"message": f"Incorrect API key provided: {KEY}.", "code": "invalid_api_key"}}
            ).encode(),
            content_type="application/json",
        )
    )
    with pytest.raises(ProviderError) as caught:
        await collect(provider(server), make_request())
    err = caught.value
    assert err.message == "The API key for connection 'openai-main' was refused (401)."
    assert not err.retryable and err.code == "provider.auth_failed"
    assert KEY not in str(err) and KEY not in repr(provider(server))


@pytest.mark.parametrize("status", [400, 403, 404, 422])
async def test_client_errors_are_not_retryable(server: LoopbackServer, status: int) -> None:
    body = json.dumps({"error": {"message": f"key {KEY} cannot do that"}}).encode()
    server.add(Reply(status=status, body=body, content_type="application/json"))
    with pytest.raises(ProviderError) as caught:
        await collect(provider(server), make_request())
    assert caught.value.status == status and not caught.value.retryable
    assert KEY not in caught.value.message


async def test_stream_cut_mid_tool_call_raises_and_completes_nothing(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_cut_mid_tool_call.sse")), cut=True))
    events: list[object] = []
    with pytest.raises(ProviderError) as caught:
        async for event in provider(server).stream(make_request(tools=[WRITE_TOOL])):
            events.append(event)
    assert caught.value.retryable and caught.value.code == "provider.stream_incomplete"
    assert any(isinstance(e, ToolCallDelta) for e in events)
    assert not any(getattr(e, "kind", "") == "completed" for e in events)


async def test_close_delimited_body_ending_early_raises(server: LoopbackServer) -> None:
    raw = fixture_bytes("openai_text.sse")
    server.add(Reply(body=by_event(raw)[:3], close_delimited=True))
    with pytest.raises(ProviderError) as caught:
        await collect(provider(server), make_request())
    assert caught.value.code == "provider.stream_incomplete" and caught.value.retryable


async def test_malformed_chunk_is_a_clear_retryable_error(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_malformed.sse"))))
    with pytest.raises(ProviderError) as caught:
        await collect(provider(server), make_request())
    assert caught.value.code == "provider.malformed_chunk" and caught.value.retryable
    assert "not JSON" in caught.value.message


async def test_html_instead_of_a_stream(server: LoopbackServer) -> None:
    server.add(Reply(body=[b"<html><body>Welcome to the captive portal</body></html>"], content_type="text/html"))
    with pytest.raises(ProviderError) as caught:
        await collect(provider(server), make_request())
    assert caught.value.code == "provider.malformed_chunk"
    assert "not an event stream" in caught.value.message


async def test_error_object_inside_a_200_stream(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_stream_error.sse"))))
    with pytest.raises(ProviderError) as caught:
        await collect(provider(server), make_request())
    assert caught.value.code == "provider.stream_error" and caught.value.status == 502 and caught.value.retryable
    assert "upstream overloaded" in caught.value.message


async def test_idle_gap_longer_than_read_timeout(server: LoopbackServer) -> None:
    pieces = by_event(fixture_bytes("openai_text.sse"))
    server.add(Reply(body=pieces, pause_before={2: 3.0}))
    with pytest.raises(ProviderError) as caught:
        await collect(provider(server, timeouts={"read": 0.3}), make_request())
    assert caught.value.code == "provider.idle_timeout" and caught.value.retryable


async def test_slow_stream_within_read_timeout_completes(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse")), pause=0.05))
    done = completed(await collect(provider(server, timeouts={"read": 2}), make_request())).response
    assert done.text.endswith("灯台守.")


async def test_unreachable_server_is_retryable(server: LoopbackServer) -> None:
    with socket_closed_port() as port:
        p = OpenAICompatibleProvider(
            openai_connection(server).model_copy(update={"base_url": f"http://127.0.0.1:{port}/v1"}), KEY
        )
        with pytest.raises(ProviderError) as caught:
            await collect(p, make_request())
    assert caught.value.code == "provider.unreachable" and caught.value.retryable


# -- tool-choice fallback ------------------------------------------------------------------------------


async def test_rejected_required_tool_choice_falls_back_to_auto_once(server: LoopbackServer) -> None:
    rejection = (
        b'{"error": {"message": "tool_choice \\"required\\" is not supported", "type": "invalid_request_error"}}'
    )
    server.add(
        Reply(status=400, body=rejection, content_type="application/json"),
        Reply(body=by_event(fixture_bytes("openai_tool_calls_split.sse"))),
        Reply(body=by_event(fixture_bytes("openai_text.sse"))),
    )
    learned: list[tuple[str, ModelLimits]] = []
    p = OpenAICompatibleProvider(openai_connection(server), KEY, on_learned=lambda m, lim: learned.append((m, lim)))
    events = await collect(p, make_request(tools=[WRITE_TOOL], tool_choice="required"))
    assert isinstance(events[0], ProviderNotice) and events[0].code == TOOL_CHOICE_UNSUPPORTED
    assert "'openai-main'" in events[0].message and "'required'" in events[0].message
    assert 'tool_choice "required" is not supported' in events[0].message  # the server's own words
    assert completed(events).response.tool_calls[0].name == "workspace_write_file"
    assert [r.body["tool_choice"] for r in server.requests] == ["required", "auto"]
    assert [(m, lim.tool_choice_unsupported) for m, lim in learned] == [("test-model", ["required"])]
    # Remembered: the next call sends auto at once, and says nothing again from this instance.
    again = await collect(p, make_request(tools=[WRITE_TOOL], tool_choice="required"))
    assert server.requests[2].body["tool_choice"] == "auto"
    assert not any(isinstance(e, ProviderNotice) for e in again)


async def test_grammar_failure_500_counts_as_tool_choice_rejection(server: LoopbackServer) -> None:
    server.add(
        Reply(
            status=500,
            body=b'{"error": {"message": "failed to parse grammar for tool call"}}',
            content_type="application/json",
        ),
        Reply(body=by_event(fixture_bytes("openai_text.sse"))),
    )
    events = await collect(provider(server), make_request(tools=[WRITE_TOOL], tool_choice="required"))
    assert isinstance(events[0], ProviderNotice)
    completed(events)


async def test_a_401_is_not_mistaken_for_a_tool_choice_rejection(server: LoopbackServer) -> None:
    server.add(Reply(status=401, body=b"{}", content_type="application/json"))
    with pytest.raises(ProviderError) as caught:
        await collect(provider(server), make_request(tools=[WRITE_TOOL], tool_choice="required"))
    assert caught.value.status == 401 and len(server.requests) == 1


async def test_auto_is_never_retried_on_400(server: LoopbackServer) -> None:
    server.add(Reply(status=400, body=b'{"error": {"message": "bad"}}', content_type="application/json"))
    with pytest.raises(ProviderError):
        await collect(provider(server), make_request(tools=[WRITE_TOOL], tool_choice="auto"))
    assert len(server.requests) == 1


# -- cancel ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("shared_client", [False, True])
async def test_cancel_closes_the_socket_at_once(server: LoopbackServer, shared_client: bool) -> None:
    first = by_event(fixture_bytes("openai_text.sse"))[:2]
    reply = Reply(body=first, hold=True)
    server.add(reply)
    got_text = asyncio.Event()

    async def consume(p: OpenAICompatibleProvider) -> None:
        async for event in p.stream(make_request()):
            if isinstance(event, TextDelta):
                got_text.set()

    async with httpx.AsyncClient() as client:
        p = OpenAICompatibleProvider(openai_connection(server), KEY, client=client if shared_client else None)
        task = asyncio.create_task(consume(p))
        await asyncio.wait_for(got_text.wait(), WAIT_SECONDS)
        cancelled_at = time.monotonic()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        seen = await asyncio.to_thread(reply.disconnected.wait, WAIT_SECONDS)
    assert seen, "the server never saw the client go away"
    assert reply.disconnected_at is not None
    assert reply.disconnected_at - cancelled_at < 1.0  # the requirement is 200 ms; generous against CI noise


class socket_closed_port:
    """A loopback port with nothing listening (bound, then released)."""

    def __enter__(self) -> int:
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return int(s.getsockname()[1])

    def __exit__(self, *exc: object) -> None:
        return None


@pytest.mark.parametrize(
    "chunk",
    [
        b'data: {"choices": ["not an object"]}\n\n',
        b'data: {"choices": [{"delta": "text"}]}\n\n',
        b'data: {"choices": [{"delta": {"tool_calls": [{"index": 0, "function": "f"}]}}]}\n\n',
        b'data: {"choices": [], "usage": {"prompt_tokens": {"n": 1}}}\n\n',
        b"data: [1, 2]\n\n",
    ],
)
async def test_chunks_in_undocumented_shapes_are_malformed_not_crashes(server: LoopbackServer, chunk: bytes) -> None:
    server.add(Reply(body=[chunk, b"data: [DONE]\n\n"]))
    with pytest.raises(ProviderError) as caught:
        await collect(provider(server), make_request())
    assert caught.value.code == "provider.malformed_chunk" and caught.value.retryable
