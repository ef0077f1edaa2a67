"""What a real llama-cpp-python server says about its context (docs/session-handoff.md, "When a chat no
longer fits"): a chat turn (it offers tools) longer than its ``--n_ctx`` is refused in words ``exceeds_context``
recognises, and its model list carries no context length, so a creator sets
``model.contextWindowTokens`` for such a server.

Found here: streamed, the server answers such a request with an empty 200 (the error is raised inside
its stream); the providers' "no streamed tools" fallback then asks for the whole answer, which the
server refuses with a 400 "This model's maximum context length is 8192 tokens…"."""

from __future__ import annotations

import pytest

from relay_studio.domain.messages import Message, ModelRequest, ModelSettings
from relay_studio.providers.base import ProviderError
from relay_studio.providers.detect import model_context_length
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.runtime.context_window import exceeds_context
from tests.realserver.conftest import RealServer
from tests.realserver.test_llama_cpp_provider import FINISH, collect, connection

pytestmark = [pytest.mark.realserver, pytest.mark.slow]  # a real model on shared cores: CI runs -m slow


async def test_a_request_past_the_context_is_refused_as_exceeding_it(llama_server: RealServer) -> None:
    provider = OpenAICompatibleProvider(connection(llama_server), None)
    long = ModelRequest(agent_id="writer", session_id="real-ctx", system="You are a writer.",
                        messages=[Message(role="user", content="lamp " * 9000)], tools=[FINISH],
                        settings=ModelSettings(model="", max_tokens=8, temperature=0.0))
    with pytest.raises(ProviderError) as caught:
        await collect(provider, long)
    assert caught.value.status == 400, llama_server.log_tail()
    assert exceeds_context(caught.value.code, caught.value.message), caught.value.message


async def test_its_model_list_reports_no_context_length(llama_server: RealServer) -> None:
    assert await model_context_length(connection(llama_server), None, llama_server.model) is None
