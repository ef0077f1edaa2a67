"""Which connection and model served each call, and what the server counted, over the Anthropic wire
(``runtime/explain.py``; ``model_call_started``'s ``connection`` and ``servedModel``)."""

from __future__ import annotations

from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.event_payloads import ModelCallStarted, typed
from relay_studio.providers.anthropic import AnthropicProvider
from relay_studio.runtime.explain import explain_run
from tests.providers.conftest import LoopbackServer, Reply, anthropic_connection
from tests.providers.test_relay_over_http import RELAY, anthropic_turn
from tests.support import Harness, relay_profiles


async def test_every_call_names_its_connection_and_model_and_the_parts_add_up_to_the_servers_count(
        server: LoopbackServer, harness: Harness) -> None:
    server.add(*(Reply(body=anthropic_turn(calls, i)) for i, calls in enumerate(RELAY)))
    provider = AnthropicProvider(anthropic_connection(server, defaultModel="claude-small"), "sk-test-key",
                                 model_override="claude-small")  # an override the profile's model never shows
    handle = await harness.runtime.start_run(agent_id="writer", prompt="Write a scene.", chat="explained",
                                             provider_for=lambda _p: provider, profiles=relay_profiles())
    assert await handle.wait() is RunStatus.COMPLETED
    started = [typed(e) for e in harness.of_type(handle.run_id, ev.MODEL_CALL_STARTED)]
    assert [(p.connection, p.model, p.served_model) for p in started if isinstance(p, ModelCallStarted)] == [
        ("claude", "scripted", "claude-small")] * 6  # the profile asked for "scripted"; the wire said otherwise
    assert [r.body["model"] for r in server.requests] == ["claude-small"] * 6

    explained = list(explain_run(harness.runtime.runs, handle.run_id))
    assert [(x.agent, x.connection, x.model, x.counted, x.tokens) for x in explained] == [
        ("Writer", "claude", "claude-small", "server", 100), ("Writer", "claude", "claude-small", "server", 100),
        ("Editor", "claude", "claude-small", "server", 100), ("Editor", "claude", "claude-small", "server", 100),
        ("Final Editor", "claude", "claude-small", "server", 100),
        ("Final Editor", "claude", "claude-small", "server", 100)]
    assert all(x.parts_tokens() == x.tokens for x in explained)  # the estimates, apportioned to the server's count
    assert all(x.estimatedTokens > 0 for x in explained)
