"""A stage's request fitted to the context the server reports (docs/runtime.md, *Requests that fit the
context*): the flake of a relay on llama-server, where a long draft pushed a later request past its
8,192-token context and the run failed with ``provider.bad_request``.

The loopback server answers as llama-server does: a 400 ``exceed_context_size_error`` whose message names
no number, then its model list and ``/props`` (``n_ctx``) when asked. The runtime sends the request
again without the stage's oldest turn, never without its system prompt or the creator's request.
"""

from __future__ import annotations

import json

from relay_studio.domain.enums import RunStatus
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from tests.providers.conftest import LoopbackServer, Reply, openai_connection
from tests.providers.test_relay_over_http import openai_turn
from tests.support import Harness, relay_profiles

LONG = "The lamp turned and the sea kept its own counsel. " * 240  # ~12,000 characters, ~3,000 tokens
PROMPT = "Write a long scene about the lamp."
#: llama-server's answer to a prompt longer than its context (tools/server: ERROR_TYPE_EXCEED_CONTEXT_SIZE)
EXCEEDED = {"error": {"code": 400, "message": "the request exceeds the available context size, try increasing it",
                      "type": "exceed_context_size_error", "n_prompt_tokens": 9120, "n_ctx": 8192}}


def _json(data: object, status: int = 200) -> Reply:
    return Reply(status=status, body=json.dumps(data).encode(), content_type="application/json")


async def test_a_request_refused_for_its_length_is_sent_again_fitted_to_the_reported_context(
        server: LoopbackServer, harness: Harness) -> None:
    server.add(
        Reply(body=openai_turn([("workspace_write_file", {"path": "output/main.md", "content": LONG})], 0)),
        Reply(body=openai_turn([("workspace_read_file", {"path": "output/main.md"})], 1)),
        _json(EXCEEDED, 400),
        _json({"object": "list", "data": [{"id": "m", "object": "model", "meta": {"n_ctx_train": 32768}}]}),
        _json({"n_ctx": 8192, "default_generation_settings": {"n_ctx": 8192}}),
        Reply(body=openai_turn([("workspace_commit", {}), ("workspace_finish", {"summary": "Done."})], 2)),
    )
    provider = OpenAICompatibleProvider(openai_connection(server, defaultModel="m"), None)
    handle = await harness.runtime.start_run(agent_id="final-editor", prompt=PROMPT, chat="fit",
                                             provider_for=lambda _p: provider, profiles=relay_profiles())
    status = await handle.wait()
    assert status is RunStatus.COMPLETED, harness.types(handle.run_id)
    posts = [r for r in server.requests if r.method == "POST"]
    assert [r.path for r in server.requests if r.method == "GET"] == ["/v1/models", "/props"]
    refused, sent = posts[2].body, posts[3].body
    assert sent["messages"][0] == refused["messages"][0], "the system prompt stays"
    assert any(m.get("content") == PROMPT for m in sent["messages"]), "the creator's request stays"
    assert len(json.dumps(sent["messages"])) < len(json.dumps(refused["messages"])) - 10_000
    assert sent["messages"][-1]["role"] == "tool", "the newest turn and its result stay"
    [notice] = [e.payload for e in harness.of_type(handle.run_id, "model_notice")
                if e.payload["code"] == "model.request_trimmed"]
    assert notice["window"] == 8192 and notice["leftOut"] == 2 and notice["why"] == "refused"
    assert harness.file(handle.run_id, "output/main.md") == LONG, "only the request was shortened"


async def test_a_stated_window_fits_a_handoff_stages_request_before_it_is_sent(harness: Harness) -> None:
    from tests.support import call, handoff, profile, write

    profiles = relay_profiles()
    profiles["editor"] = profile("editor", model={"contextWindowTokens": 4096, "maxTokens": 512},
                                 tools={"allow": ["workspace.read_file", "workspace.commit", "workspace.finish"]},
                                 delegation={"canDelegate": False, "allowAsSubagent": False})
    brief = "Cut the draft to its last sentence and keep the lamp."
    turns = {
        "writer": [{"toolCalls": [write("output/main.md", LONG), call("workspace_commit"), handoff("editor", brief)]}],
        "editor": [{"toolCalls": [call("workspace_read_file", {"path": "output/main.md"})]},
                   {"toolCalls": [call("workspace_read_file", {"path": "output/main.md"})]},
                   {"toolCalls": [call("workspace_finish", {"summary": "Kept."})]}],
    }
    run_id, status = await harness.run("writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    assert harness.provider is not None
    third = [r for r in harness.provider.requests if r.agent_id == "editor"][2]
    assert [m.role for m in third.messages] == ["user", "user", "assistant", "tool"], "one read left out"
    assert third.messages[0].content == "Write a scene." and brief in third.messages[1].content
    notices = [e.payload for e in harness.of_type(run_id, "model_notice")
               if e.payload["code"] == "model.request_trimmed"]
    assert notices and {n["why"] for n in notices} == {"window"} and notices[0]["window"] == 4096
    assert "model_call_failed" not in harness.types(run_id)
