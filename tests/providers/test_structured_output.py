"""A reviewer's structured output over a loopback server: asked for where the wire supports it (OpenAI
``response_format: json_schema``, Anthropic a forced tool), learned and dropped when the server refuses it,
the answer's text checked either way."""

from __future__ import annotations

import json
from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.profile import AgentProfile
from relay_studio.providers.anthropic import AnthropicProvider
from relay_studio.providers.base import ModelProvider, ProviderError
from relay_studio.providers.capabilities import CapabilityMemory
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.providers.scripted import ScriptedProvider, load_script
from tests.integration.test_director import OREN, create, director_set, review
from tests.providers.conftest import LoopbackServer, Reply, anthropic_connection, openai_connection
from tests.providers.test_relay_over_http import _split, _sse
from tests.support import Harness

CLEAN = {"issues": [], "overallStatus": "clean"}


def openai_text(text: str) -> list[bytes]:
    pieces = [_sse({"choices": [{"index": 0, "delta": {"content": part}, "finish_reason": None}]})
              for part in _split(text, 7)]
    pieces.append(_sse({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
                        "usage": {"prompt_tokens": 50, "completion_tokens": 10}}))
    return [*pieces, b"data: [DONE]\n\n"]


def anthropic_tool_answer(name: str, value: dict[str, Any]) -> list[bytes]:
    start = {"id": "msg_1", "type": "message", "role": "assistant", "content": [], "usage": {"input_tokens": 50}}
    block = {"type": "tool_use", "id": "toolu_1", "name": name, "input": {}}
    pieces = [_sse({"type": "message_start", "message": start}, "message_start"),
              _sse({"type": "content_block_start", "index": 0, "content_block": block}, "content_block_start")]
    for part in _split(json.dumps(value)):
        pieces.append(_sse({"type": "content_block_delta", "index": 0,
                            "delta": {"type": "input_json_delta", "partial_json": part}}, "content_block_delta"))
    pieces += [_sse({"type": "content_block_stop", "index": 0}, "content_block_stop"),
               _sse({"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 9}},
                    "message_delta"),
               _sse({"type": "message_stop"}, "message_stop")]
    return pieces


async def _review_over(harness: Harness, reviewer: ModelProvider) -> str:
    """A scripted director asks for a consistency review, answered by ``reviewer`` over HTTP, then writes."""
    director = ScriptedProvider(load_script({"turns": {"director": [
        {"toolCalls": [review("Oren", "character", OREN), create("Oren", OREN)]}, {"text": "Done."}]}}))

    def provider_for(profile: AgentProfile) -> ModelProvider:
        return reviewer if profile.id == "consistency-reviewer" else director

    from relay_studio.runtime.approval import approve_all

    handle = await harness.runtime.start_run(agent_id="director", prompt="Add Oren.", provider_for=provider_for,
                                             chat="structured", profiles=director_set(), approver=approve_all)
    assert await handle.wait() is RunStatus.COMPLETED
    assert harness.error_codes(handle.run_id) == []
    assert harness.of_type(handle.run_id, ev.REVIEW_COMPLETED)[0].payload["result"] == CLEAN
    return handle.run_id


async def test_openai_wire_asks_for_a_json_schema_answer(server: LoopbackServer, harness: Harness) -> None:
    server.add(Reply(body=openai_text(json.dumps(CLEAN))))
    await _review_over(harness, OpenAICompatibleProvider(openai_connection(server, defaultModel="m"), None))
    body = server.requests[0].body
    fmt = body["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["name"] == "consistency_review"
    assert fmt["json_schema"]["schema"]["required"] == ["issues", "overallStatus"]
    assert "tools" not in body and "tool_choice" not in body


async def test_a_server_refusing_response_format_is_learned_and_the_text_is_checked(
    server: LoopbackServer, harness: Harness
) -> None:
    refusal = json.dumps({"error": {"message": "Unrecognized request argument supplied: response_format"}})
    server.add(Reply(status=400, body=refusal.encode(), content_type="application/json"),
               Reply(body=openai_text("```json\n" + json.dumps(CLEAN) + "\n```")))
    provider = OpenAICompatibleProvider(openai_connection(server, defaultModel="m"), None)
    run_id = await _review_over(harness, provider)
    first, second = (r.body for r in server.requests)
    assert "response_format" in first and "response_format" not in second
    notices = [e.payload for e in harness.of_type(run_id, ev.MODEL_NOTICE)]
    assert [n["code"] for n in notices] == [codes.PROVIDER_STRUCTURED_OUTPUT_UNSUPPORTED]
    assert "'response_format'" in notices[0]["message"]
    [(model, limits)] = provider.capabilities.models.items()
    assert limits.dropped_fields == ["response_format"]  # later calls of that model start without it
    assert "response_format" in provider.capabilities.plan(model, "auto", False, structured=True).omit


async def test_anthropic_wire_forces_the_output_tool_and_reads_its_input(
    server: LoopbackServer, harness: Harness
) -> None:
    server.add(Reply(body=anthropic_tool_answer("consistency_review", CLEAN)))
    await _review_over(harness, AnthropicProvider(anthropic_connection(server, defaultModel="m"), None))
    body = server.requests[0].body
    assert [t["name"] for t in body["tools"]] == ["consistency_review"]
    assert body["tools"][0]["input_schema"]["required"] == ["issues", "overallStatus"]
    assert body["tool_choice"] == {"type": "tool", "name": "consistency_review"}


#: llama-cpp-python 0.3's answer to ``response_format: {"type": "json_schema", …}`` (its request validation
#: error, sent as a 500), as its server sends it.
LLAMA_CPP_REFUSAL = json.dumps({"error": {
    "message": "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), "
               "'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema', 'ctx': {'expected': "
               "\"'text' or 'json_object'\"}}\n\n  File \"/srv/llama_cpp/server/app.py\", line 376, in "
               "create_chat_completion\n    POST /v1/chat/completions",
    "type": "internal_server_error", "param": None, "code": None}}).encode()


async def test_a_server_refusing_the_json_schema_type_with_a_500_gets_the_schema_as_json_object(
    server: LoopbackServer, harness: Harness
) -> None:
    server.add(Reply(status=500, body=LLAMA_CPP_REFUSAL, content_type="application/json"),
               Reply(body=openai_text(json.dumps(CLEAN))))
    provider = OpenAICompatibleProvider(openai_connection(server, defaultModel="m"), None)
    run_id = await _review_over(harness, provider)
    first, second = (r.body for r in server.requests)  # one refusal, no retries of the same request
    assert first["response_format"]["type"] == "json_schema"
    assert second["response_format"] == {"type": "json_object", "schema": first["response_format"]["json_schema"][
        "schema"]}, "the schema still constrains the answer (llama-cpp-python turns it into a grammar)"
    notices = [e.payload for e in harness.of_type(run_id, ev.MODEL_NOTICE)]
    assert [n["code"] for n in notices] == [codes.PROVIDER_JSON_SCHEMA_UNSUPPORTED]
    assert "JSON object with the schema" in notices[0]["message"]
    assert harness.of_type(run_id, ev.MODEL_CALL_FAILED) == []
    [(model, limits)] = provider.capabilities.models.items()
    assert limits.dropped_fields == ["json_schema"]
    assert {"json_schema"} <= provider.capabilities.plan(model, "auto", False, structured=True).omit


async def test_a_server_refusing_json_object_too_is_asked_without_response_format(
    server: LoopbackServer, harness: Harness
) -> None:
    refusal = json.dumps({"error": {"message": "response_format type json_object is not supported"}}).encode()
    server.add(Reply(status=500, body=LLAMA_CPP_REFUSAL, content_type="application/json"),
               Reply(status=400, body=refusal, content_type="application/json"),
               Reply(body=openai_text(json.dumps(CLEAN))))
    provider = OpenAICompatibleProvider(openai_connection(server, defaultModel="m"), None)
    run_id = await _review_over(harness, provider)
    kinds = [(r.body.get("response_format") or {}).get("type") for r in server.requests]
    assert kinds == ["json_schema", "json_object", None]
    assert [e.payload["code"] for e in harness.of_type(run_id, ev.MODEL_NOTICE)] == [
        codes.PROVIDER_JSON_SCHEMA_UNSUPPORTED, codes.PROVIDER_STRUCTURED_OUTPUT_UNSUPPORTED]
    [(_model, limits)] = provider.capabilities.models.items()
    assert limits.dropped_fields == ["json_schema", "response_format"]


def test_only_a_500_about_the_request_body_counts_as_a_refused_field() -> None:
    memory = CapabilityMemory("llama")
    plan = memory.plan("m", "auto", False, structured=True)
    crash = ProviderError(codes.PROVIDER_SERVER_ERROR, "The server failed (500): json_schema grammar crashed",
                          status=500, retryable=True)
    assert memory.next_plan("m", plan, crash, False) is None, "a server failure stays one (it is retried)"
    refused = ProviderError(codes.PROVIDER_SERVER_ERROR, "The server failed (500).", status=500, retryable=True,
                            detail=json.loads(LLAMA_CPP_REFUSAL)["error"]["message"])
    found = memory.next_plan("m", plan, refused, False)
    assert found is not None and found.code == codes.PROVIDER_JSON_SCHEMA_UNSUPPORTED
    assert "json_schema" in found.plan.omit and "response_format" not in found.plan.omit
