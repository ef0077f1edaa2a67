"""What a server cannot do: each refusal, over loopback sockets, leads to one fallback, said once, remembered.

The replies imitate real servers: llama-cpp-python's empty 200 to a streamed request that offers tools
and its empty 500 to ``tool_choice: "required"``; a proxy's HTML page; OpenAI-compatible servers that
refuse ``stream_options`` or any ``tool_choice``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from relay_studio.domain.messages import ProviderNotice, TextDelta
from relay_studio.providers.anthropic import AnthropicProvider
from relay_studio.providers.base import ProviderError
from relay_studio.providers.capabilities import (
    STREAM_OPTIONS_UNSUPPORTED,
    STREAM_TOOLS_UNSUPPORTED,
    STREAM_USAGE_MISSING,
    TOOL_CHOICE_UNSUPPORTED,
    ModelLimits,
)
from relay_studio.providers.connections import Connection
from relay_studio.providers.factory import resolve_connection_provider
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.providers.secrets import SecretStore
from relay_studio.store.connections import ConnectionStore
from relay_studio.store.database import Database
from tests.providers.conftest import (
    WRITE_TOOL,
    LoopbackServer,
    MemoryKeyring,
    Reply,
    anthropic_connection,
    by_event,
    collect,
    completed,
    fixture_bytes,
    make_request,
    openai_connection,
)

KEY = "sk-test-4f9a8b7c6d5e4f3a2b1c"
EMPTY_200 = Reply(body=[])  # chunked, no piece: what llama-cpp-python sends when it cannot stream tools
LLAMA_ASSERTION_500 = Reply(
    status=500,
    body=b'{"error":{"message":"","type":"internal_server_error","param":null,"code":null}}',
    content_type="application/json",
)


def whole_answer(text: str = "", calls: list[dict[str, Any]] | None = None) -> Reply:
    """A non-streamed Chat Completions answer, as llama-cpp-python sends it (with usage)."""
    message: dict[str, Any] = {"role": "assistant", "content": text or None}
    if calls:
        message["tool_calls"] = [
            {"id": f"call_{i}", "type": "function", "function": {"name": c["name"], "arguments": c["arguments"]}}
            for i, c in enumerate(calls)
        ]
    body = {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if calls else "stop"}],
        "usage": {"prompt_tokens": 33, "completion_tokens": 6, "total_tokens": 39},
    }
    return Reply(body=json.dumps(body).encode(), content_type="application/json")


def notices(events: list[Any]) -> list[ProviderNotice]:
    return [e for e in events if isinstance(e, ProviderNotice)]


def recording(server: LoopbackServer) -> tuple[OpenAICompatibleProvider, list[tuple[str, ModelLimits]]]:
    learned: list[tuple[str, ModelLimits]] = []
    p = OpenAICompatibleProvider(
        openai_connection(server), KEY, on_learned=lambda model, limits: learned.append((model, limits))
    )
    return p, learned


async def test_empty_200_to_streamed_tools_falls_back_to_one_whole_answer(server: LoopbackServer) -> None:
    server.add(
        EMPTY_200,
        whole_answer("Here is the scene.", [{"name": "workspace_write_file", "arguments": '{"path": "a"}'}]),
        whole_answer("Done."),
    )
    p, learned = recording(server)
    events = await collect(p, make_request(tools=[WRITE_TOOL]))
    [notice] = notices(events)
    assert notice.code == STREAM_TOOLS_UNSUPPORTED and events[0] is notice
    assert "'openai-main'" in notice.message and "'test-model'" in notice.message and "empty 200" in notice.message
    response = completed(events).response
    assert response.tool_calls[0].name == "workspace_write_file" and response.tool_calls[0].arguments == '{"path": "a"}'
    assert [e.text for e in events if isinstance(e, TextDelta)] == ["Here is the scene."]  # one piece
    assert response.usage.input_tokens == 33 and response.usage.output_tokens == 6
    first, second = server.requests[0].body, server.requests[1].body
    assert first["stream"] is True and "stream_options" in first
    assert second["stream"] is False and "stream_options" not in second and second["tool_choice"] == "auto"
    assert [(m, lim.no_streamed_tools) for m, lim in learned] == [("test-model", True)]
    # Remembered: the next tool-offering call asks for the whole answer at once, and says nothing.
    again = await collect(p, make_request(tools=[WRITE_TOOL]))
    assert not notices(again) and completed(again).response.text == "Done."
    assert server.requests[2].body["stream"] is False and len(server.requests) == 3


async def test_text_turns_still_stream_after_the_tool_fallback(server: LoopbackServer) -> None:
    server.add(EMPTY_200, whole_answer("Hi."), Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    p, _ = recording(server)
    await collect(p, make_request(tools=[WRITE_TOOL]))
    events = await collect(p, make_request())  # no tools: streamed as before
    assert server.requests[2].body["stream"] is True and len([e for e in events if isinstance(e, TextDelta)]) > 1


async def test_non_sse_body_is_quoted_and_counts_as_a_refusal(server: LoopbackServer) -> None:
    server.add(
        Reply(body=[b"Tool streaming is not available on this build. key=" + KEY.encode()], content_type="text/plain"),
        whole_answer("Fine."),
    )
    p, _ = recording(server)
    events = await collect(p, make_request(tools=[WRITE_TOOL]))
    [notice] = notices(events)
    assert notice.code == STREAM_TOOLS_UNSUPPORTED
    assert "Tool streaming is not available on this build" in notice.message  # the server's own words
    assert KEY not in notice.message
    assert completed(events).response.text == "Fine."


async def test_required_on_llama_cpp_costs_two_fallbacks_once(server: LoopbackServer) -> None:
    # Streamed "required": empty 200. Whole "required": an empty 500. Whole "auto": works.
    server.add(EMPTY_200, LLAMA_ASSERTION_500, whole_answer("Answer."), whole_answer("Again."))
    p, learned = recording(server)
    events = await collect(p, make_request(tools=[WRITE_TOOL], tool_choice="required"))
    assert [n.code for n in notices(events)] == [STREAM_TOOLS_UNSUPPORTED, TOOL_CHOICE_UNSUPPORTED]
    assert "'required'" in notices(events)[1].message and "internal_server_error" in notices(events)[1].message
    assert completed(events).response.text == "Answer."
    sent = [(r.body["stream"], r.body.get("tool_choice")) for r in server.requests]
    assert sent == [(True, "required"), (False, "required"), (False, "auto")]
    final = learned[-1][1]
    assert final.no_streamed_tools and final.tool_choice_unsupported == ["required"]
    again = await collect(p, make_request(tools=[WRITE_TOOL], tool_choice="required"))
    assert not notices(again) and (server.requests[3].body["stream"], server.requests[3].body["tool_choice"]) == (
        False,
        "auto",
    )


async def test_rejected_stream_options_is_dropped_not_taken_for_a_tool_choice_refusal(server: LoopbackServer) -> None:
    rejection = b'{"error": {"message": "Unrecognized request argument supplied: stream_options"}}'
    text = by_event(fixture_bytes("openai_text.sse"))
    server.add(Reply(status=400, body=rejection, content_type="application/json"), Reply(body=text), Reply(body=text))
    p, learned = recording(server)
    events = await collect(p, make_request(tools=[WRITE_TOOL], tool_choice="required"))
    [notice] = notices(events)
    assert notice.code == STREAM_OPTIONS_UNSUPPORTED and "Unrecognized request argument" in notice.message
    completed(events)
    assert "stream_options" in server.requests[0].body and "stream_options" not in server.requests[1].body
    assert server.requests[1].body["tool_choice"] == "required"  # the tool choice was never the problem
    assert learned[-1][1].dropped_fields == ["stream_options"]
    again = await collect(p, make_request(tools=[WRITE_TOOL]))
    assert not notices(again) and "stream_options" not in server.requests[2].body


async def test_refused_auto_means_no_tool_choice_at_all(server: LoopbackServer) -> None:
    rejection = b'{"object":"error","message":"\\"auto\\" tool choice requires --enable-auto-tool-choice"}'
    text = by_event(fixture_bytes("openai_text.sse"))
    server.add(Reply(status=400, body=rejection, content_type="application/json"), Reply(body=text), Reply(body=text))
    p, _ = recording(server)
    events = await collect(p, make_request(tools=[WRITE_TOOL]))
    assert [n.code for n in notices(events)] == [TOOL_CHOICE_UNSUPPORTED]
    assert "no tool choice" in notices(events)[0].message
    assert server.requests[0].body["tool_choice"] == "auto" and "tool_choice" not in server.requests[1].body
    assert server.requests[1].body["tools"]  # the tools are still offered
    await collect(p, make_request(tools=[WRITE_TOOL], tool_choice="required"))
    assert "tool_choice" not in server.requests[2].body


async def test_a_plain_400_to_auto_is_not_a_fallback(server: LoopbackServer) -> None:
    server.add(Reply(status=400, body=b'{"error": {"message": "messages must not be empty"}}'))
    p, learned = recording(server)
    with pytest.raises(ProviderError) as caught:
        await collect(p, make_request(tools=[WRITE_TOOL]))
    assert caught.value.code == "provider.bad_request" and "messages must not be empty" in caught.value.message
    assert not learned and len(server.requests) == 1


async def test_empty_200_without_tools_is_an_error_that_says_so(server: LoopbackServer) -> None:
    server.add(EMPTY_200)
    p, learned = recording(server)
    with pytest.raises(ProviderError) as caught:
        await collect(p, make_request())
    assert caught.value.code == "provider.malformed_chunk"
    assert "empty 200 instead of an event stream" in caught.value.message and "'openai-main'" in caught.value.message
    assert not learned


async def test_a_server_refusing_every_form_fails_once_after_a_bounded_number_of_tries(
    server: LoopbackServer,
) -> None:
    # streamed required, whole required, whole auto, whole with no tool choice: all empty.
    server.add(EMPTY_200, Reply(body=b"", content_type="application/json"), Reply(body=b""), Reply(body=b""))
    p, _ = recording(server)
    with pytest.raises(ProviderError) as caught:
        await collect(p, make_request(tools=[WRITE_TOOL], tool_choice="required"))
    assert "empty 200 instead of a JSON answer" in caught.value.message
    sent = [(r.body["stream"], r.body.get("tool_choice")) for r in server.requests]
    assert sent == [(True, "required"), (False, "required"), (False, "auto"), (False, None)]


async def test_anthropic_wire_falls_back_to_a_whole_message_too(server: LoopbackServer) -> None:
    message = {
        "type": "message",
        "role": "assistant",
        "content": [{"type": "text", "text": "Here."}, {"type": "tool_use", "id": "toolu_1", "name": "x", "input": {}}],
        "stop_reason": "tool_use",
        "usage": {"input_tokens": 12, "output_tokens": 4},
    }
    server.add(EMPTY_200, Reply(body=json.dumps(message).encode(), content_type="application/json"))
    p = AnthropicProvider(anthropic_connection(server), KEY)
    events = await collect(p, make_request(tools=[WRITE_TOOL]))
    assert [n.code for n in notices(events)] == [STREAM_TOOLS_UNSUPPORTED]
    response = completed(events).response
    assert response.text == "Here." and response.tool_calls[0].name == "x" and response.usage.input_tokens == 12
    assert server.requests[1].body["stream"] is False


async def test_what_was_learned_survives_a_restart_per_model(server: LoopbackServer, tmp_path: Path) -> None:
    secrets = SecretStore(tmp_path, backend=MemoryKeyring(), environ={})
    path = tmp_path / "relay.sqlite"
    db = Database(path)
    try:
        ConnectionStore(db).add(
            Connection.model_validate(
                {"id": "llama", "kind": "openai_compatible", "baseUrl": server.url + "/v1", "defaultModel": "gemma"}
            )
        )
        server.add(EMPTY_200, whole_answer("One."))
        provider = resolve_connection_provider(ConnectionStore(db), "llama", tmp_path, secrets=secrets)
        await collect(provider, make_request(model="", tools=[WRITE_TOOL]))
    finally:
        db.close()
    db = Database(path)
    try:
        learned = ConnectionStore(db).require("llama").learned
        assert set(learned) == {"gemma"} and learned["gemma"].no_streamed_tools
        server.add(whole_answer("Two."), Reply(body=by_event(fixture_bytes("openai_text.sse"))))
        provider = resolve_connection_provider(ConnectionStore(db), "llama", tmp_path, secrets=secrets)
        events = await collect(provider, make_request(model="gemma", tools=[WRITE_TOOL]))
        assert not notices(events) and server.requests[2].body["stream"] is False
        await collect(provider, make_request(model="other", tools=[WRITE_TOOL]))
        assert server.requests[3].body["stream"] is True  # another model is not assumed to share the limit
    finally:
        db.close()


async def test_openai_prompt_cache_key_is_a_stable_digest_of_the_stage(server: LoopbackServer) -> None:
    text = by_event(fixture_bytes("openai_text.sse"))
    server.add(Reply(body=text), Reply(body=text), Reply(body=text))
    hosted = openai_connection(server).model_copy(update={"base_url": "http://localhost.test:1/v1"})
    p = OpenAICompatibleProvider(hosted, KEY)
    p.url = server.url + "/v1/chat/completions"  # a hosted connection's requests, sent to the loopback server
    await collect(p, make_request())
    await collect(p, make_request(messages=None))
    other = make_request().model_copy(update={"session_id": "s2"})
    await collect(p, other)
    keys = [r.body["prompt_cache_key"] for r in server.requests]
    assert keys[0] == keys[1] != keys[2] and keys[0].startswith("rs-") and "s1" not in keys[0]
    # A local server gets no key (it has its own prefix cache and may refuse unknown fields).
    server.add(Reply(body=text))
    await collect(OpenAICompatibleProvider(openai_connection(server), KEY), make_request())
    assert "prompt_cache_key" not in server.requests[3].body


EMPTY_STREAM = (
    b'data: {"choices": [{"index": 0, "delta": {"role": "assistant"}, "finish_reason": null}]}\n\n'
    b'data: {"choices": [{"index": 0, "delta": {"content": ""}, "finish_reason": "stop"}],'
    b' "usage": {"prompt_tokens": 40, "completion_tokens": 1}}\n\n'
    b"data: [DONE]\n\n"
)


async def test_an_empty_answer_to_auto_means_the_server_ignored_it(server: LoopbackServer) -> None:
    # llama-cpp-python's chatml-function-calling: when its model picks "message", the grammar allows only the end.
    text = by_event(fixture_bytes("openai_text.sse"))
    server.add(Reply(body=by_event(EMPTY_STREAM)), Reply(body=text), Reply(body=text))
    p, learned = recording(server)
    events = await collect(p, make_request(tools=[WRITE_TOOL]))
    [notice] = notices(events)
    assert notice.code == TOOL_CHOICE_UNSUPPORTED and "empty answer" in notice.message
    assert completed(events).response.text  # the answer of the second try, not the empty one
    assert server.requests[0].body["tool_choice"] == "auto" and "tool_choice" not in server.requests[1].body
    assert learned[-1][1].tool_choice_unsupported == ["auto"]
    await collect(p, make_request(tools=[WRITE_TOOL]))
    assert "tool_choice" not in server.requests[2].body


async def test_an_empty_answer_without_tools_is_just_an_answer(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(EMPTY_STREAM)))
    p, learned = recording(server)
    events = await collect(p, make_request())
    assert not notices(events) and completed(events).response.text == "" and not learned


async def test_a_streamed_tool_turn_without_usage_keeps_streaming_with_estimated_counts(server: LoopbackServer) -> None:
    # llama-cpp-python ignores stream_options: a streamed answer with no usage and no timings. Counts are
    # worth less than a live draft: the studio estimates them and keeps streaming tool turns.
    no_usage = by_event(fixture_bytes("openai_text_no_usage.sse"))
    server.add(Reply(body=no_usage), Reply(body=no_usage))
    p, learned = recording(server)
    events = await collect(p, make_request(tools=[WRITE_TOOL]))
    [notice] = notices(events)
    assert notice.code == STREAM_USAGE_MISSING and "estimates" in notice.message
    assert "whole answer" not in notice.message and "keep streaming" in notice.message
    usage = completed(events).response.usage
    assert usage.estimated and usage.input_tokens > 0 and usage.output_tokens == 3  # "Hello there.": 12 characters
    assert len([e for e in events if isinstance(e, TextDelta)]) == 2, "the answer arrived in pieces"
    assert learned[-1][1].no_stream_usage
    again = await collect(p, make_request(tools=[WRITE_TOOL]))
    assert server.requests[1].body["stream"] is True, "tool turns stream on"
    assert completed(again).response.usage.estimated and not notices(again), "said once"


async def test_a_connection_that_learned_no_stream_usage_streams_tool_turns_again(server: LoopbackServer) -> None:
    # What older versions stored (noStreamUsage: tool turns asked for whole) is read, and no longer acted on.
    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    connection = openai_connection(server, learned={"test-model": {"noStreamUsage": True}})
    p = OpenAICompatibleProvider(connection, KEY)
    assert p.capabilities.limits("test-model").no_stream_usage
    events = await collect(p, make_request(tools=[WRITE_TOOL]))
    body = server.requests[0].body
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True}
    assert not notices(events) and len([e for e in events if isinstance(e, TextDelta)]) > 1


async def test_the_older_connection_wide_tool_choice_memory_still_applies(server: LoopbackServer) -> None:
    text = by_event(fixture_bytes("openai_text.sse"))
    server.add(Reply(body=text))
    p = OpenAICompatibleProvider(openai_connection(server, toolChoiceUnsupported=["required"]), KEY)
    events = await collect(p, make_request(model="any-model", tools=[WRITE_TOOL], tool_choice="required"))
    assert not notices(events) and server.requests[0].body["tool_choice"] == "auto"
