"""The OpenAI-compatible provider against llama.cpp's own ``llama-server`` (``--jinja``, Gemma 3 270M, conftest.py).

What the studio gets there, whatever the tiny model writes: text streams in pieces (on llama-cpp-python's
server too), a turn that offers tools streams as well, its tool call in pieces, with no fallback to a whole
answer and nothing learned, and the usage the journal needs arrives in the stream, with the tokens
llama-server took from its prompt cache counted on a second call that shares the first one's prefix.
"""

from __future__ import annotations

import uuid

import pytest

from relay_studio.domain.messages import (
    ModelRequest,
    TextDelta,
    ToolCallDelta,
    ToolChoice,
    ToolSchema,
)
from relay_studio.providers.capabilities import STREAM_USAGE_MISSING
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from tests.realserver.conftest import LLAMA_CPP_PYTHON, RealServer
from tests.realserver.test_llama_cpp_provider import FINISH, codes, collect, connection, the_response
from tests.realserver.test_llama_cpp_provider import request as base_request

pytestmark = [pytest.mark.realserver, pytest.mark.slow]  # a real model on shared cores: CI runs -m slow


def request(tools: list[ToolSchema], choice: ToolChoice = "auto", text: str = "Finish with a greeting.", *,
            system: str = "You are a helpful writer.", max_tokens: int = 40) -> ModelRequest:
    return base_request(tools, choice, text, system=system, max_tokens=max_tokens, session="real-2")


def provider_for(server: RealServer) -> OpenAICompatibleProvider:
    return OpenAICompatibleProvider(connection(server, "local"), None)


async def test_a_plain_text_turn_streams_in_pieces(any_llama_server: RealServer) -> None:
    provider = provider_for(any_llama_server)
    events = await collect(provider, request([], text="Write two short sentences about rain."))
    # llama-cpp-python streams without token counts: said once (the counts are estimated), nothing else
    expected = [STREAM_USAGE_MISSING] if any_llama_server.kind == LLAMA_CPP_PYTHON else []
    assert codes(events) == expected, any_llama_server.log_tail()
    response = the_response(events).response
    deltas = [e.text for e in events if isinstance(e, TextDelta)]
    assert len(deltas) >= 3, f"several text deltas, not one piece: {deltas}"
    assert "".join(deltas) == response.text
    assert response.finish_reason in ("stop", "length")


@pytest.mark.parametrize("choice", ["auto", "required"])
async def test_a_tool_call_streams_in_pieces_without_a_fallback(llama_cpp_server: RealServer,
                                                                choice: ToolChoice) -> None:
    """Gemma 270M is a base model: it recites the system prompt, whose tool section ends in ``<tool_call>``, where
    llama-server's tool grammar takes over (with ``required`` it also lets text come first)."""
    provider = provider_for(llama_cpp_server)
    events = await collect(provider, request([FINISH], choice, max_tokens=120))
    assert codes(events) == [], llama_cpp_server.log_tail()
    response = the_response(events).response
    assert [call.name for call in response.tool_calls] == ["agent_finish"], response
    pieces = [e for e in events if isinstance(e, ToolCallDelta)]
    assert len(pieces) >= 3 and pieces[0].name == "agent_finish", f"the call arrives in pieces: {pieces}"
    assert "".join(p.arguments for p in pieces) == response.tool_calls[0].arguments
    assert response.tool_calls[0].arguments.startswith('{"answer"')
    assert response.usage.input_tokens > 0 and response.usage.output_tokens > 0
    limits = provider.capabilities.limits(llama_cpp_server.model)
    assert not limits.no_streamed_tools and not limits.tool_choice_unsupported and not limits.no_stream_usage


async def test_a_text_answer_to_a_tool_turn_streams_too(llama_cpp_server: RealServer) -> None:
    """When the model answers a turn that offers tools in text, that text streams: nothing is asked again whole."""
    provider = provider_for(llama_cpp_server)
    events = await collect(provider, request([FINISH], "auto", "Call agent_finish now."))
    assert codes(events) == [], llama_cpp_server.log_tail()
    response = the_response(events).response
    deltas = [e.text for e in events if isinstance(e, TextDelta)]
    assert len(deltas) >= 3 and "".join(deltas) == response.text and not response.tool_calls
    assert response.usage.input_tokens > 0 and response.usage.output_tokens > 0
    assert not provider.capabilities.limits(llama_cpp_server.model).no_streamed_tools


async def test_usage_counts_the_tokens_taken_from_the_prompt_cache(llama_cpp_server: RealServer) -> None:
    """A second call that repeats the first one's prompt and adds to it (as the calls of a stage do) is
    mostly served from llama-server's prompt cache; ``input_tokens`` still counts every prompt token."""
    provider = provider_for(llama_cpp_server)
    story = " ".join(f"Line {i}: the keeper climbed the stairs and lit the lamp." for i in range(40))
    system = f"You are a careful editor ({uuid.uuid4().hex}). The story so far:\n{story}"
    first = the_response(await collect(provider, request([FINISH], system=system, text="Who climbed?",
                                                         max_tokens=8))).response
    second = the_response(await collect(provider, request([FINISH], system=system, text="Who climbed? Say it.",
                                                          max_tokens=8))).response
    assert first.usage.input_tokens > 400 and first.usage.output_tokens > 0
    assert first.usage.cached_tokens < first.usage.input_tokens // 10, "a new prefix is evaluated"
    assert second.usage.input_tokens >= first.usage.input_tokens
    assert second.usage.cached_tokens >= first.usage.input_tokens * 9 // 10, (first.usage, second.usage)
    assert second.usage.cached_tokens < second.usage.input_tokens
