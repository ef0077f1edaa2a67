"""A forecast before a run (``runtime/forecast.py``, ``relay-studio forecast``): each stage's first request
counted by the server's own tokenizer where it offers one (llama.cpp's ``/apply-template`` + ``/tokenize``,
the Messages API's ``count_tokens``, over loopback in their wire formats), else estimated; the cost where the
connection has prices. Nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from relay_studio.cli import main
from relay_studio.domain.profile import AgentProfile
from relay_studio.providers.anthropic import AnthropicProvider
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.providers.usage_estimate import sent_chars, tokens_of
from relay_studio.runtime.forecast import ASSUMED_DRAFT_CHARS, ESTIMATE, Forecast, forecast, forecast_of_run
from tests.integration.test_library_tools import _seed
from tests.providers.conftest import LoopbackServer, Reply, anthropic_connection, openai_connection
from tests.support import Harness, call, handoff, profile, write

PRICES = {"prices": {"inputPerMillion": 3.0, "outputPerMillion": 15.0}}


def _json(data: object) -> Reply:
    return Reply(body=json.dumps(data).encode(), content_type="application/json")


async def test_llama_cpp_counts_each_stages_first_request_with_its_own_template_and_tokenizer(
        server: LoopbackServer, harness: Harness) -> None:
    for n in (1200, 1100, 700):  # writer, editor, finalizer: the built-in relay (handoff.next)
        server.add(_json({"prompt": f"<start_of_turn>user\n... {n}"}), _json({"tokens": list(range(n))}))
    provider = OpenAICompatibleProvider(openai_connection(server, defaultModel="gemma", **PRICES), None)
    result = await forecast(harness.runtime, agent_id="writer", text="Write the storm scene.",
                            provider_for=lambda _p: provider)
    assert [(s.agentId, s.tokens, s.method, s.connection) for s in result.stages] == [
        ("writer", 1200, "server tokenizer", "openai-main"), ("editor", 1100, "server tokenizer", "openai-main"),
        ("finalizer", 700, "server tokenizer", "openai-main")]
    paths = [(r.method, r.path) for r in server.requests]
    assert paths == [("POST", "/apply-template"), ("POST", "/tokenize")] * 3
    templated = server.requests[0].body
    assert templated["messages"][-1] == {"role": "user", "content": "Write the storm scene."}
    assert {t["function"]["name"] for t in templated["tools"]} >= {"agent_handoff", "workspace_write_file"}
    assert server.requests[1].body == {"content": "<start_of_turn>user\n... 1200", "add_special": True}
    assert "# Handoff Brief" in server.requests[2].body["messages"][-1]["content"]  # a later stage's brief
    low, high = result.inputTokens
    assert low == 3000 and high > low and result.outputTokens[0] < result.outputTokens[1]
    assert result.cost is not None and result.currency == "USD"
    assert result.cost[0] == pytest.approx((3000 * 3.0 + 300 * 15.0) / 1e6)
    assert harness.runtime.runs.runs_as_seen() == []  # nothing written


async def test_a_server_without_a_tokenizer_is_estimated_and_anthropic_counts_its_own(
        server: LoopbackServer, harness: Harness) -> None:
    server.add(Reply(status=404, body=b'{"error": "not found"}', content_type="application/json"))
    plain = OpenAICompatibleProvider(openai_connection(server, defaultModel="m"), None)
    profiles = {"solo": profile("solo")}
    harness.runtime.profiles = lambda: profiles  # type: ignore[method-assign]
    estimated = await forecast(harness.runtime, agent_id="solo", text="Hello.", provider_for=lambda _p: plain)
    assert estimated.stages[0].method == ESTIMATE and estimated.cost is None
    server.add(_json({"input_tokens": 2345}))
    claude = AnthropicProvider(anthropic_connection(server, defaultModel="claude-small"), "sk-test-key")
    counted = await forecast(harness.runtime, agent_id="solo", text="Hello.", provider_for=lambda _p: claude)
    assert [(s.tokens, s.method) for s in counted.stages] == [(2345, "server tokenizer")]
    asked = server.requests[-1]
    assert asked.path == "/v1/messages/count_tokens" and asked.body["model"] == "scripted"  # the profile's model
    assert asked.body["messages"][-1]["content"][-1]["text"] == "Hello." and "stream" not in asked.body


async def test_the_estimate_is_the_first_request_a_run_then_sends(harness: Harness) -> None:
    _seed(harness)
    relay = {"writer": profile("writer", context={"chatHistoryMessages": 2}, handoff={"next": "editor"}),
             "editor": profile("editor")}
    finish = {"toolCalls": [write("output/main.md", "Done."), call("workspace_commit"), call("workspace_finish")]}
    await harness.run("writer", {"writer": [finish]}, profiles=relay, prompt="Saltmarsh at dawn.", chat="story")
    ahead = await _forecast_with(harness, relay, "Captain Mira sails.")
    run_id, _ = await harness.run("writer", {"writer": [{"toolCalls": [handoff("editor", "Polish it.")]}],
                                             "editor": [finish]},
                                  profiles=relay, prompt="Captain Mira sails.", chat="story")
    first = harness.provider.requests[0]  # type: ignore[union-attr]
    assert "Mira commands the Heron" in first.system  # the library entry the message mentions
    assert ahead.stages[0].tokens == tokens_of(sent_chars(first))  # the same request, estimated alike
    again = await forecast_of_run(harness.runtime, run_id)  # derivable after the run, from its frozen input
    assert again.stages[0].tokens == ahead.stages[0].tokens
    editor_first = harness.provider.requests[1]  # type: ignore[union-attr]
    # the editor's brief was short here; the forecast assumed a brief carrying a draft of ASSUMED_DRAFT_CHARS
    assert 0 < again.stages[1].tokens - tokens_of(sent_chars(editor_first)) <= tokens_of(ASSUMED_DRAFT_CHARS) + 100


async def _forecast_with(harness: Harness, profiles: dict[str, AgentProfile], text: str) -> Forecast:
    harness.runtime.profiles = lambda: profiles  # type: ignore[method-assign]
    return await forecast(harness.runtime, agent_id="writer", text=text, chat="story")


def test_the_cli_prints_the_forecast(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path / "data")
    assert main(["forecast", "--data-dir", data, "--agent", "writer", "--json", "Write a scene."]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [s["agentId"] for s in result["stages"]] == ["writer", "editor", "finalizer"]
    assert all(s["method"] == ESTIMATE and s["tokens"] > 200 for s in result["stages"])
    assert main(["forecast", "--data-dir", data, "--agent", "writer", "Write a scene."]) == 0
    out = capsys.readouterr().out
    assert "whole run:" in out and "the connection has no prices" in out
    assert main(["forecast", "--data-dir", data, "--agent", "nobody", "x"]) != 0
    assert "There is no agent 'nobody'" in capsys.readouterr().err



async def test_a_later_stages_assumed_draft_is_no_longer_than_the_previous_stage_may_write(harness: Harness) -> None:
    def relay(max_tokens: int | None) -> dict[str, AgentProfile]:
        return {"writer": profile("writer", handoff={"next": "editor"}, model={"maxTokens": max_tokens}),
                "editor": profile("editor")}

    free = await _forecast_with(harness, relay(None), "A storm.")
    short = await _forecast_with(harness, relay(20), "A storm.")
    assert free.stages[0].tokens == short.stages[0].tokens
    # the default cap lets the writer's draft fill ASSUMED_DRAFT_CHARS; 20 tokens let it write 80 characters
    assert free.stages[1].tokens - short.stages[1].tokens == pytest.approx((ASSUMED_DRAFT_CHARS - 80) / 4, abs=2)
