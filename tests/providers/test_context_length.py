"""A model's context length as its server reports it, over a loopback server speaking each server's
shape (``providers.detect.model_context_length``): vLLM / OpenRouter entries, llama.cpp's ``/props``
over its ``meta.n_ctx_train``, Ollama's ``/api/show``, and servers that say nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from relay_studio.providers.detect import model_context_length
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.provider_source import DefaultProviders
from relay_studio.store.connections import ConnectionStore
from tests.providers.conftest import LoopbackServer, Reply, openai_connection
from tests.support import profile


def _json(data: Any, status: int = 200) -> Reply:
    return Reply(status=status, body=json.dumps(data).encode(), content_type="application/json")


def _paths(server: LoopbackServer) -> list[str]:
    return [f"{r.method} {r.path}" for r in server.requests]


async def test_a_models_entry_with_its_context_length_answers_at_once(server: LoopbackServer) -> None:
    server.add(_json({"data": [{"id": "other", "max_model_len": 4096}, {"id": "m", "max_model_len": 32768}]}))
    assert await model_context_length(openai_connection(server), None, "m") == 32768
    server.add(_json({"data": [{"id": "m", "context_length": 131072}]}))
    assert await model_context_length(openai_connection(server), None, None) == 131072
    assert _paths(server) == ["GET /v1/models", "GET /v1/models"]


async def test_llama_cpp_reports_the_context_it_runs_with_not_the_one_it_was_trained_with(
        server: LoopbackServer) -> None:
    server.add(_json({"data": [{"id": "gemma", "meta": {"n_ctx_train": 32768, "n_vocab": 262144}}]}),
               _json({"default_generation_settings": {"n_ctx": 8192}, "total_slots": 1}))
    assert await model_context_length(openai_connection(server), None, "gemma") == 8192
    assert _paths(server) == ["GET /v1/models", "GET /props"]
    server.add(_json({"data": [{"id": "gemma", "meta": {"n_ctx_train": 32768}}]}), _json({"error": "no"}, 404))
    assert await model_context_length(openai_connection(server), None, "gemma") == 32768


async def test_ollama_says_num_ctx_else_the_models_context_length(server: LoopbackServer) -> None:
    listing = {"object": "list", "data": [{"id": "qwen3:4b", "object": "model", "owned_by": "library"}]}
    server.add(_json(listing), _json({"error": "not found"}, 404),
               _json({"parameters": "temperature 0.6\nnum_ctx 16384", "model_info": {"qwen3.context_length": 40960}}))
    assert await model_context_length(openai_connection(server), None, "qwen3:4b") == 16384
    assert _paths(server) == ["GET /v1/models", "GET /props", "POST /api/show"]
    assert server.requests[-1].body == {"model": "qwen3:4b"}
    server.add(_json(listing), _json({}, 404), _json({"model_info": {"qwen3.context_length": 40960}}))
    assert await model_context_length(openai_connection(server), None, None) == 40960


async def test_a_server_that_says_nothing_gives_none(server: LoopbackServer) -> None:
    server.add(_json({"data": [{"id": "m", "object": "model", "owned_by": "me"}]}), _json({}, 404), _json({}, 404))
    assert await model_context_length(openai_connection(server), None, "m") is None
    server.add(Reply(status=500, body=b"down", content_type="text/plain"), Reply(status=200, body=b"<html>"),
               _json({"parameters": "num_ctx zero"}))
    assert await model_context_length(openai_connection(server), None, "m") is None


async def test_the_window_asks_the_agents_connection_once_per_model(server: LoopbackServer, tmp_path: Path) -> None:
    runtime = Runtime(tmp_path / "data")
    try:
        ConnectionStore(runtime.db).add(openai_connection(server, defaultModel="tiny"))
        providers = DefaultProviders(runtime.db, runtime.data_dir)
        bound = profile("writer", model={"mode": "connection", "connection": "openai-main", "model": "tiny"})
        server.add(_json({"data": [{"id": "tiny", "max_model_len": 2048}]}))
        assert await providers.context_window(bound) == 2048
        assert await providers.context_window(bound) == 2048  # remembered: no second request
        assert _paths(server) == ["GET /v1/models"]
        unbound = profile("writer", model={"mode": "connection", "connection": "gone"})
        assert await providers.context_window(unbound) is None
    finally:
        runtime.close()
