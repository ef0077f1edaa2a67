"""Progress while a call waits, and token counts where a server sends none, over loopback sockets.

The llama.cpp fixtures follow llama-server's wire format (``tools/server/server-task.cpp``): asked with
``"return_progress": true`` it sends, for each prompt batch it reads, a chunk whose delta is an empty
assistant message and whose ``prompt_progress`` holds ``total``, ``cache``, ``processed`` (cached tokens
included) and ``time_ms``; its usage chunk (``choices: []``) carries ``timings`` (``cache_n``, ``prompt_n``,
``predicted_n``, …), and without ``include_usage`` the finish chunk carries them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.messages import CallProgress, Message, ModelResponse, ProviderNotice, ToolCall, ToolCallDelta
from relay_studio.providers.capabilities import RETURN_PROGRESS_UNSUPPORTED, STOP_UNSUPPORTED, STREAM_USAGE_MISSING
from relay_studio.providers.connections import Connection
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.providers.usage_estimate import CHARS_PER_TOKEN, estimate_usage, sent_chars, tokens_of
from relay_studio.runtime.context import LiveUpdate
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
from tests.providers.test_relay_over_http import openai_turn
from tests.support import Harness, relay_profiles


def progress_of(events: list[Any]) -> list[CallProgress]:
    return [e for e in events if isinstance(e, CallProgress)]


def notices(events: list[Any]) -> list[ProviderNotice]:
    return [e for e in events if isinstance(e, ProviderNotice)]


async def test_llama_server_reports_reading_the_prompt_then_streams_the_tool_call(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("llamacpp_progress_tool_call.sse")), pause=0.01))
    p = OpenAICompatibleProvider(openai_connection(server), None)  # 127.0.0.1: a server on this machine
    events = await collect(p, make_request(tools=[WRITE_TOOL]))
    body = server.requests[0].body
    assert body["stream"] is True and body["return_progress"] is True, "the studio streams tool turns and asks"
    steps = progress_of(events)
    assert [(s.prompt_processed, s.prompt_total, s.prompt_cached) for s in steps] == [
        (512, 1711, 512), (1024, 1711, 512), (1536, 1711, 512), (1711, 1711, 512)]
    assert all(s.streamed for s in steps)
    first_call = next(i for i, e in enumerate(events) if isinstance(e, ToolCallDelta))
    assert first_call > events.index(steps[-1]), "the prompt is read before the first token"
    assert len([e for e in events if isinstance(e, ToolCallDelta)]) == 16, "the tool call streams in pieces"
    response = completed(events).response
    assert response.tool_calls[0].arguments == '{"path": "output/scene.md", "content": "Fog came in."}'
    usage = response.usage
    assert (usage.input_tokens, usage.output_tokens, usage.cached_tokens, usage.estimated) == (1711, 17, 512, False)
    assert not notices(events)


async def test_llama_server_timings_count_when_it_sends_no_usage(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("llamacpp_progress_timings_only.sse"))))
    p = OpenAICompatibleProvider(openai_connection(server), None)
    events = await collect(p, make_request(tools=[WRITE_TOOL]))
    usage = completed(events).response.usage
    assert (usage.input_tokens, usage.output_tokens, usage.cached_tokens, usage.estimated) == (1711, 17, 512, False)
    assert not notices(events) and len(progress_of(events)) == 4


async def test_a_hosted_api_is_never_asked_for_progress_or_turn_markers(server: LoopbackServer) -> None:
    # OpenAI refuses arguments it does not know: return_progress and the turn markers (``stop``) go only to
    # servers on this machine.
    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    hosted = Connection.model_validate({"id": "hosted", "kind": "openai_compatible", "baseUrl": server.url + "/v1"})
    p = OpenAICompatibleProvider(hosted.model_copy(update={"base_url": "https://api.example.com/v1"}), "sk-x")
    p.url = server.url + "/v1/chat/completions"  # the hosted name, served here
    await collect(p, make_request())
    assert "return_progress" not in server.requests[0].body and "stop" not in server.requests[0].body


@pytest.mark.parametrize(("field", "said", "code"), [
    ("return_progress", "Unrecognized request argument supplied: return_progress", RETURN_PROGRESS_UNSUPPORTED),
    ("stop", "Unsupported parameter: 'stop' is not supported with this model.", STOP_UNSUPPORTED),
])
async def test_a_refused_local_field_is_dropped_and_the_call_still_answers(server: LoopbackServer, field: str,
                                                                          said: str, code: str) -> None:
    refusal = json.dumps({"error": {"message": said}}).encode()
    text = by_event(fixture_bytes("openai_text.sse"))
    server.add(Reply(status=400, body=refusal, content_type="application/json"), Reply(body=text), Reply(body=text))
    learned: list[Any] = []
    p = OpenAICompatibleProvider(openai_connection(server), None, on_learned=lambda m, lim: learned.append(lim))
    events = await collect(p, make_request(tools=[WRITE_TOOL]))
    [notice] = notices(events)
    assert notice.code == code and completed(events).response.text
    assert field in server.requests[0].body  # what was refused was sent
    assert field not in server.requests[1].body and "stream_options" in server.requests[1].body
    assert server.requests[1].body["stream"] is True and learned[-1].dropped_fields == [field]
    again = await collect(p, make_request())
    assert field not in server.requests[2].body and not notices(again)


async def test_llama_cpp_python_ignores_return_progress(server: LoopbackServer) -> None:
    # llama-cpp-python's request models ignore fields they do not know (pydantic's default): it answers
    # as always, without usage in the stream (it ignores stream_options too). Nothing fails; counts are
    # estimated, once said.
    server.add(Reply(body=by_event(fixture_bytes("openai_text_no_usage.sse"))))
    p = OpenAICompatibleProvider(openai_connection(server), None)
    events = await collect(p, make_request())
    assert server.requests[0].body["return_progress"] is True
    [notice] = notices(events)
    assert notice.code == STREAM_USAGE_MISSING
    assert completed(events).response.usage.estimated and not progress_of(events)


async def test_a_whole_answer_call_says_so_before_it_waits(server: LoopbackServer) -> None:
    answer = {"id": "c1", "object": "chat.completion", "usage": {"prompt_tokens": 40, "completion_tokens": 3},
              "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "Hi."}}]}
    server.add(Reply(body=json.dumps(answer).encode(), content_type="application/json"))
    connection = openai_connection(server, learned={"test-model": {"noStreamedTools": True}})
    p = OpenAICompatibleProvider(connection, None)
    events = await collect(p, make_request(tools=[WRITE_TOOL]))
    assert isinstance(events[0], CallProgress) and events[0].streamed is False
    assert server.requests[0].body["stream"] is False and "return_progress" not in server.requests[0].body
    assert completed(events).response.usage.input_tokens == 40


def test_the_estimate_is_characters_over_four_of_what_was_sent_and_received() -> None:
    request = make_request(system="s" * 40, messages=[
        Message(role="user", content="u" * 10),
        Message(role="assistant", tool_calls=[ToolCall(id="c", name="n" * 4, arguments="a" * 6)]),
    ], tools=[WRITE_TOOL])
    tool_chars = (len(WRITE_TOOL.name) + len(WRITE_TOOL.description)
                  + len(json.dumps(WRITE_TOOL.parameters, ensure_ascii=False)))
    assert sent_chars(request) == 40 + 10 + 10 + tool_chars
    usage = estimate_usage(request, ModelResponse(text="x" * 9))
    assert usage.estimated and usage.output_tokens == 3 and usage.cached_tokens == 0  # ceil(9 / 4)
    assert usage.input_tokens == -(-(60 + tool_chars) // CHARS_PER_TOKEN)
    assert tokens_of(0) == 0 and tokens_of(1) == 1


async def test_a_run_shows_progress_live_and_journals_estimated_counts(server: LoopbackServer,
                                                                       harness: Harness) -> None:
    def without_usage(calls: list[tuple[str, dict[str, Any]]], turn: int) -> Reply:
        return Reply(body=[p for p in openai_turn(calls, turn) if b'"usage"' not in p])

    server.add(Reply(body=by_event(fixture_bytes("llamacpp_progress_tool_call.sse"))),
               without_usage([("workspace_commit", {"path": "output/scene.md"})], 1),
               without_usage([("workspace_finish", {"summary": "Done."})], 2))
    provider = OpenAICompatibleProvider(openai_connection(server, defaultModel="gemma"), None)
    live: list[LiveUpdate] = []
    harness.runtime.subscribe_live(live.append)
    handle = await harness.runtime.start_run(agent_id="final-editor", prompt="Write a scene.", chat="progress",
                                             provider_for=lambda _p: provider, profiles=relay_profiles())
    assert await handle.wait() is RunStatus.COMPLETED, harness.error_codes(handle.run_id)
    progress = [u.data for u in live if u.kind == "progress"]
    first_turn = progress[0]["turnId"]
    of_first = [d for d in progress if d["turnId"] == first_turn]
    assert of_first[0] == {"turnId": first_turn, "streamed": True, "promptTotal": None, "promptProcessed": 0,
                           "promptCached": 0, "writtenTokens": 0}, "the call's start, before any byte"
    assert [d["promptProcessed"] for d in of_first if d["promptTotal"]][:4] == [512, 1024, 1536, 1711]
    written = [d["writtenTokens"] for d in of_first]
    assert written == sorted(written) and written[-1] == 19  # ceil(74 characters of tool name and arguments / 4)
    completed_calls = harness.of_type(handle.run_id, "model_call_completed")
    assert [c.payload["usage"]["estimated"] for c in completed_calls] == [False, True, True]
    assert completed_calls[0].payload["usage"]["input_tokens"] == 1711
    assert completed_calls[1].payload["usage"]["input_tokens"] > 0, "never 0 in"
    [notice] = harness.of_type(handle.run_id, "model_notice")
    assert notice.payload["code"] == STREAM_USAGE_MISSING
