"""Lone UTF-16 surrogates sent by a server become U+FFFD at the provider boundary; the run goes on."""

from __future__ import annotations

import json
from typing import Any

from relay_studio.domain.enums import RunStatus
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.runtime.model_call import TEXT_REPAIRED
from tests.providers.conftest import LoopbackServer, Reply, openai_connection
from tests.support import Harness, relay_profiles


def _sse(data: dict[str, Any]) -> bytes:
    # json.dumps writes a lone surrogate as the escape \ud800, exactly as a real server can.
    return ("data: " + json.dumps(data) + "\n\n").encode()


def _turn(text: str, calls: list[tuple[str, str, dict[str, Any]]], reasoning: str = "") -> list[bytes]:
    delta: dict[str, Any] = {"content": text}
    if reasoning:
        delta["reasoning_content"] = reasoning
    pieces = [_sse({"choices": [{"index": 0, "delta": delta, "finish_reason": None}]})]
    for n, (call_id, name, args) in enumerate(calls):
        function = {"name": name, "arguments": json.dumps(args)}
        head = {"index": n, "id": call_id, "type": "function", "function": function}
        pieces.append(_sse({"choices": [{"index": 0, "delta": {"tool_calls": [head]}, "finish_reason": None}]}))
    pieces.append(_sse({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}))
    pieces.append(_sse({"choices": [], "usage": {"prompt_tokens": 12, "completion_tokens": 9}}))  # as servers send it
    pieces.append(b"data: [DONE]\n\n")
    return pieces


async def test_lone_surrogates_in_a_stream_are_replaced_and_journaled_once_per_call(
    server: LoopbackServer, harness: Harness
) -> None:
    server.add(
        Reply(body=_turn("Draft \ud800 begins", [
            ("call_\udc00", "workspace_write_file", {"path": "output/a\ud800.md", "content": "x\udfffy"}),
            ("call_2", "workspace_write_\ud800file", {"path": "output/b.md", "content": "z"}),
        ], reasoning="think \udbff")),
        Reply(body=_turn("", [("call_3", "workspace_write_file", {"path": "output/main.md", "content": "ok \ud83d"}),
                              ("call_4", "workspace_commit", {})])),
        Reply(body=_turn("", [("call_5", "workspace_finish", {"summary": "Done \udead."})])),
    )
    provider = OpenAICompatibleProvider(openai_connection(server, defaultModel="m"), None)
    handle = await harness.runtime.start_run(
        agent_id="final-editor", prompt="Write.", provider_for=lambda _p: provider, chat="surrogates",
        profiles=relay_profiles(),
    )
    status = await handle.wait()
    run_id = handle.run_id
    assert status is RunStatus.COMPLETED, harness.types(run_id)
    assert harness.file(run_id, "output/a\ufffd.md") == "x\ufffdy"
    assert harness.file(run_id, "output/main.md") == "ok \ufffd"
    notices = [e.payload for e in harness.of_type(run_id, "model_notice") if e.payload["code"] == TEXT_REPAIRED]
    assert len(notices) == 3, "one notice per model call that needed a repair"
    assert "U+FFFD" in notices[0]["message"] and "tool names" in notices[0]["message"]
    assert "reasoning" in notices[0]["message"]
    # The misspelled tool name reached the model as an ordinary unknown-tool error.
    assert "tool.unknown" in harness.error_codes(run_id)
    turns = harness.runtime.runs.model_turns(run_id)
    assert len(turns) == 3 and "\ufffd" in json.dumps(turns[0], ensure_ascii=False)


def test_a_model_turn_record_with_a_stray_surrogate_is_stored_repaired_not_fatal() -> None:
    from relay_studio.domain.messages import Message, ModelRequest, ModelSettings
    from relay_studio.runtime.model_call import _json_of

    request = ModelRequest(agent_id="writer", session_id="s", system="You write.", tools=[],
                           messages=[Message(role="user", content="caf\udce9")], settings=ModelSettings(model="m"))
    stored = json.loads(_json_of(request))
    assert stored["messages"][0]["content"] == "caf\ufffd"
