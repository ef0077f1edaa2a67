"""Local-server detection, model lists and the one-token connection check, over loopback sockets."""

from __future__ import annotations

import json
import socket

from relay_studio.providers.connections import Connection
from relay_studio.providers.detect import (
    LocalServer,
    check_connection,
    detect_local_servers,
)
from relay_studio.providers.model_list import list_models
from tests.providers.conftest import LoopbackServer, Reply, by_event, fixture_bytes

OPENAI_MODELS = {"object": "list", "data": [{"id": "qwen2.5-7b-instruct", "object": "model"}, {"id": "llama-3.2-3b"}]}
OLLAMA_TAGS = {"models": [{"name": "llama3.2:latest", "model": "llama3.2:latest", "size": 2019393189}]}


def json_reply(data: object, status: int = 200) -> Reply:
    return Reply(status=status, body=json.dumps(data).encode(), content_type="application/json")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_detect_probes_concurrently_and_offers_what_answers(server: LoopbackServer) -> None:
    ollama = LoopbackServer()
    other = LoopbackServer()  # something else on a port we probe: answers, but not with a model list
    try:
        server.add(json_reply(OPENAI_MODELS))
        ollama.add(json_reply(OLLAMA_TAGS))
        other.add(Reply(body=b"<html>router admin</html>", content_type="text/html"))
        found = await detect_local_servers(
            [
                LocalServer("ollama", ollama.port, "/api/tags"),
                LocalServer("lmstudio", server.port),
                LocalServer("llamacpp", other.port),
                LocalServer("jan", free_port()),  # nothing listening
            ]
        )
    finally:
        ollama.stop()
        other.stop()
    assert [(s.preset, s.models) for s in found] == [
        ("ollama", ["llama3.2:latest"]),
        ("lmstudio", ["qwen2.5-7b-instruct", "llama-3.2-3b"]),
    ]
    assert found[0].base_url == f"http://127.0.0.1:{ollama.port}/v1"
    assert found[1].suggested_connection().default_model == "qwen2.5-7b-instruct"
    assert [r.path for r in server.requests] == ["/v1/models"]


async def test_list_models_openai_and_ollama_fallback(server: LoopbackServer) -> None:
    connection = Connection.model_validate({"id": "lm", "kind": "openai_compatible", "baseUrl": server.url + "/v1"})
    server.add(json_reply(OPENAI_MODELS))
    assert await list_models(connection, "sk-123456789") == ["qwen2.5-7b-instruct", "llama-3.2-3b"]
    assert server.requests[0].headers["authorization"] == "Bearer sk-123456789"
    server.add(json_reply({"error": "not found"}, status=404), json_reply(OLLAMA_TAGS))
    assert await list_models(connection, None) == ["llama3.2:latest"]
    assert [r.path for r in server.requests[1:]] == ["/v1/models", "/api/tags"]


async def test_list_models_anthropic_pages(server: LoopbackServer) -> None:
    connection = Connection.model_validate({"id": "claude", "kind": "anthropic", "baseUrl": server.url})
    server.add(
        json_reply(
            {"data": [{"id": "claude-sonnet-4-5", "type": "model"}], "has_more": True, "last_id": "claude-sonnet-4-5"}
        ),
        json_reply(
            {"data": [{"id": "claude-haiku-4-5", "type": "model"}], "has_more": False, "last_id": "claude-haiku-4-5"}
        ),
    )
    assert await list_models(connection, "sk-ant-xyz123456") == ["claude-sonnet-4-5", "claude-haiku-4-5"]
    assert server.requests[0].path == "/v1/models?limit=1000"
    assert server.requests[1].path == "/v1/models?limit=1000&after_id=claude-sonnet-4-5"
    assert server.requests[0].headers["x-api-key"] == "sk-ant-xyz123456"


async def test_check_connection_sentences(server: LoopbackServer) -> None:
    base = {"id": "lm", "kind": "openai_compatible", "baseUrl": server.url + "/v1"}
    working = Connection.model_validate({**base, "defaultModel": "qwen"})
    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    result = await check_connection(working, None)
    assert result.ok and result.message.startswith("Connection 'lm' works: model 'qwen' answered in ")
    assert server.requests[0].body["max_tokens"] == 1

    server.add(json_reply({"error": {"message": "model 'nope' not found"}}, status=404))
    result = await check_connection(working, None, model="nope")
    assert not result.ok and "(404)" in result.message and "'lm'" in result.message

    # No default model: the first one the server lists, as a run would use.
    server.add(json_reply(OPENAI_MODELS), Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    result = await check_connection(Connection.model_validate(base), None)
    assert result.ok and result.message.startswith("Connection 'lm' works: model 'qwen2.5-7b-instruct' answered")
    assert server.requests[-1].body["model"] == "qwen2.5-7b-instruct"
    server.add(json_reply({"data": []}))
    result = await check_connection(Connection.model_validate(base), None)
    assert not result.ok and result.message == "Connection 'lm' answers but lists no models; choose the model to use."


async def test_check_connection_when_nothing_listens() -> None:
    connection = Connection.model_validate(
        {
            "id": "gone",
            "kind": "openai_compatible",
            "baseUrl": f"http://127.0.0.1:{free_port()}/v1",
            "defaultModel": "m",
        }
    )
    result = await check_connection(connection, None)
    assert not result.ok and result.message.startswith("Could not reach connection 'gone'")
