"""The OpenAI-compatible provider against a real llama-cpp-python server (Gemma 3 270M, see conftest.py).

What the studio must do with this server, whatever the tiny model writes: a turn that offers tools falls
back to one whole answer where it cannot stream (journaled once, remembered per model, also across a
restart), usage is counted (estimated where a stream carries none), and a turn without tools streams.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from relay_studio.domain.messages import (
    CallProgress,
    Message,
    ModelRequest,
    ModelSettings,
    ProviderNotice,
    ResponseCompleted,
    StreamEvent,
    TextDelta,
    ToolChoice,
    ToolSchema,
)
from relay_studio.providers.base import ModelProvider
from relay_studio.providers.capabilities import (
    STREAM_TOOLS_UNSUPPORTED,
    STREAM_USAGE_MISSING,
    TOOL_CHOICE_UNSUPPORTED,
)
from relay_studio.providers.connections import Connection
from relay_studio.providers.factory import resolve_connection_provider
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.providers.secrets import SecretStore
from relay_studio.store.connections import ConnectionStore
from relay_studio.store.database import Database
from tests.providers.conftest import MemoryKeyring
from tests.realserver.conftest import RealServer

pytestmark = [pytest.mark.realserver, pytest.mark.slow]  # a real model on shared cores: CI runs -m slow

FINISH = ToolSchema(
    name="agent_finish",
    description="Finish your work with a short answer for the creator.",
    parameters={"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"]},
)


def request(tools: list[ToolSchema], choice: ToolChoice = "auto", text: str = "Finish with a greeting.", *,
            system: str = "You are a helpful writer.", max_tokens: int = 24, session: str = "real-1") -> ModelRequest:
    return ModelRequest(
        agent_id="writer",
        session_id=session,
        system=system,
        messages=[Message(role="user", content=text)],
        tools=tools,
        settings=ModelSettings(model="", tool_choice=choice, max_tokens=max_tokens, temperature=0.0),
    )


def connection(server: RealServer, connection_id: str = "llama") -> Connection:
    return Connection.model_validate(
        {"id": connection_id, "kind": "openai_compatible", "baseUrl": server.base_url, "defaultModel": server.model}
    )


async def collect(provider: ModelProvider, req: ModelRequest) -> list[StreamEvent]:
    return [event async for event in provider.stream(req)]


def the_response(events: list[StreamEvent]) -> ResponseCompleted:
    finals = [e for e in events if isinstance(e, ResponseCompleted)]
    assert len(finals) == 1 and events[-1] is finals[0], events
    return finals[0]


def codes(events: list[StreamEvent]) -> list[str]:
    return [e.code for e in events if isinstance(e, ProviderNotice)]


async def test_required_tool_turn_falls_back_once_and_is_remembered(llama_server: RealServer) -> None:
    provider = OpenAICompatibleProvider(connection(llama_server), None)
    events = await collect(provider, request([FINISH], "required"))
    # Streamed "required": an empty 200; whole "required": an empty 500; whole "auto" answers, or (when the
    # model picks a message, which the handler's grammar leaves empty) is ignored and none is sent.
    found = codes(events)
    assert found[:2] == [STREAM_TOOLS_UNSUPPORTED, TOOL_CHOICE_UNSUPPORTED], llama_server.log_tail()
    assert found[2:] in ([], [TOOL_CHOICE_UNSUPPORTED])
    response = the_response(events).response
    assert response.usage.input_tokens > 0, "llama.cpp reports usage on whole answers"
    assert response.finish_reason in ("stop", "length", "tool_calls")
    limits = provider.capabilities.limits(llama_server.model)
    assert limits.no_streamed_tools and limits.tool_choice_unsupported[:1] == ["required"]
    # Remembered: the next call goes straight to the whole answer and says nothing.
    again = await collect(provider, request([FINISH], "required"))
    assert codes(again) == [] and the_response(again).response.usage.input_tokens > 0


async def test_a_named_tool_is_answered_with_that_tool(llama_server: RealServer) -> None:
    provider = OpenAICompatibleProvider(connection(llama_server), None)
    events = await collect(provider, request([FINISH], {"name": "agent_finish"}))
    response = the_response(events).response
    assert [call.name for call in response.tool_calls] == ["agent_finish"]  # the server's grammar forces it


async def test_auto_tool_turn_always_ends_with_one_answer_and_real_usage(llama_server: RealServer) -> None:
    provider = OpenAICompatibleProvider(connection(llama_server), None)
    seen: list[str] = []
    for text in ("Finish with a greeting.", "Call agent_finish now."):
        events = await collect(provider, request([FINISH], "auto", text))
        # The model picks a message (streamed, but the handler's grammar leaves it empty: an ignored
        # tool choice) or a tool (an empty 200: no streamed tools); either way the studio falls back.
        seen += codes(events)
        the_response(events)
    assert seen and set(seen) <= {STREAM_TOOLS_UNSUPPORTED, TOOL_CHOICE_UNSUPPORTED, STREAM_USAGE_MISSING}
    assert len(seen) == len(set(seen)), "each fallback is said once"
    events = await collect(provider, request([FINISH], "auto"))
    usage = the_response(events).response.usage
    # counts from the server (a whole answer) or estimated (a streamed one without usage): never 0
    assert usage.input_tokens > 0 and usage.output_tokens >= 0
    if not provider.capabilities.limits(llama_server.model).no_streamed_tools:
        whole = [e for e in events if isinstance(e, CallProgress) and not e.streamed]
        assert not whole, "a tool turn that can stream, streams"


async def test_plain_text_turn_streams(llama_server: RealServer) -> None:
    provider = OpenAICompatibleProvider(connection(llama_server), None)
    events = await collect(provider, request([], text="Write one short sentence about rain."))
    # llama-cpp-python sends no token counts with a stream: said once, estimated, and the answer still streams
    assert codes(events) == [STREAM_USAGE_MISSING]
    response = the_response(events).response
    assert response.usage.estimated and response.usage.output_tokens > 0
    deltas = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert deltas == response.text  # the text arrived as stream pieces, nothing held back
    assert response.finish_reason in ("stop", "length")


async def test_what_was_learned_is_kept_on_the_connection(llama_server: RealServer, tmp_path: Path) -> None:
    secrets = SecretStore(tmp_path, backend=MemoryKeyring(), environ={})
    path = tmp_path / "relay.sqlite"
    db = Database(path)
    try:
        ConnectionStore(db).add(connection(llama_server, "llama-kept"))
        provider = resolve_connection_provider(ConnectionStore(db), "llama-kept", tmp_path, secrets=secrets)
        assert codes(await collect(provider, request([FINISH], "required")))
    finally:
        db.close()
    db = Database(path)  # a restart
    try:
        learned = ConnectionStore(db).require("llama-kept").learned[llama_server.model]
        assert learned.no_streamed_tools and learned.tool_choice_unsupported[:1] == ["required"]
        provider = resolve_connection_provider(ConnectionStore(db), "llama-kept", tmp_path, secrets=secrets)
        events = await collect(provider, request([FINISH], "required"))
        assert codes(events) == [] and the_response(events).response.usage.input_tokens > 0
    finally:
        db.close()
