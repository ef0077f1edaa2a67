"""What a small local model needs of the wire.

Turn markers (providers/openai_compat.py, ``TURN_MARKERS``): a small local model writes its chat template's
end-of-turn marker as text and then invents the next turns until its output cap. Servers on this machine are
asked to stop there (hosted APIs never get the field, and a refusal drops it once:
``test_progress_and_estimates.py``, with llama.cpp's ``return_progress``). A past tool call cut off by the
output cap is sent back with ``{}`` for its arguments: llama.cpp's server parses every past call and refuses the
whole request over half a JSON text."""

from __future__ import annotations

from relay_studio.domain.messages import Message, ToolCall
from relay_studio.providers.openai_compat import TURN_MARKERS, OpenAICompatibleProvider
from tests.providers.conftest import (
    WRITE_TOOL,
    LoopbackServer,
    Reply,
    by_event,
    collect,
    fixture_bytes,
    make_request,
    openai_connection,
)


async def test_a_local_server_is_asked_to_stop_at_turn_markers(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    p = OpenAICompatibleProvider(openai_connection(server), None)  # 127.0.0.1: a server on this machine
    await collect(p, make_request(tools=[WRITE_TOOL]))
    stop = server.requests[0].body["stop"]
    assert stop == list(TURN_MARKERS)
    assert {"<|im_end|>", "<end_of_turn>", "<|eot_id|>"} <= set(stop)


async def test_a_cut_off_past_tool_call_is_sent_back_with_empty_arguments(server: LoopbackServer) -> None:
    server.add(Reply(body=by_event(fixture_bytes("openai_text.sse"))))
    cut = ToolCall(id="c1", name="workspace_write_file", arguments='{"path": "output/main.md", "content": "The fo')
    whole = ToolCall(id="c2", name="workspace_commit", arguments='{"path": "output/main.md"}')
    history = [Message(role="user", content="Write."),
               Message(role="assistant", content="", tool_calls=[whole, cut]),
               Message(role="tool", tool_call_id="c2", tool_name="workspace_commit", content="Committed."),
               Message(role="tool", tool_call_id="c1", tool_name="workspace_write_file", content="Not run: cut off.",
                       is_error=True)]
    p = OpenAICompatibleProvider(openai_connection(server), None)
    await collect(p, make_request(messages=history))
    sent = server.requests[0].body["messages"][2]["tool_calls"]
    assert [c["function"]["arguments"] for c in sent] == ['{"path": "output/main.md"}', "{}"]
