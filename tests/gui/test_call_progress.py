"""While a model call waits, the live card and the timeline's open bar move; counts a server did not send
are shown as estimated.

A loopback server plays llama.cpp's own server (``llama-server --jinja``): it reports reading the prompt
(``prompt_progress`` chunks, asked with ``return_progress``), then holds the answer for seconds before the
first token, and sends no token counts. A second server answers a tool turn whole (a connection that
learned it cannot stream tool calls) and holds that answer too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, run_to_end, send_as, until
from tests.providers.conftest import LoopbackServer, Reply, openai_connection

HOLD_S = 2.6
BASE = {"created": 1764640000, "id": "chatcmpl-Hd81", "model": "gemma-3-270m-it", "system_fingerprint": "b7216",
        "object": "chat.completion.chunk"}


def _chunk(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> bytes:
    data = {"choices": [{"finish_reason": finish, "index": 0, "delta": delta}], **BASE, **extra}
    return b"data: " + json.dumps(data).encode() + b"\n\n"


def held_llama_answer(text: str) -> Reply:
    """Prompt progress, a hold before the first token, the text in pieces, no usage and no timings."""
    empty = {"role": "assistant", "content": None}
    pieces = [_chunk(empty, prompt_progress={"total": 1711, "cache": 0, "processed": n, "time_ms": n * 4})
              for n in (512, 1024)]
    first, *rest = text.split(" ")
    pieces += [_chunk(empty)] + [_chunk({"content": w}) for w in [first, *(" " + w for w in rest)]]
    pieces += [_chunk({}, "stop"), b"data: [DONE]\n\n"]
    # the second progress chunk after a while, then the hold before the first token
    return Reply(body=pieces, pause_before={1: 0.4, 2: HOLD_S}, pause=0.05)


@pytest.fixture
def loopback() -> Iterator[LoopbackServer]:
    server = LoopbackServer()
    yield server
    server.stop()  # a run may ask more than the test waits for: no strict accounting here


def _open(app: App, server: LoopbackServer, **learned: Any) -> MainWindow:
    connection = openai_connection(server, defaultModel="gemma", learned=learned)
    return app.open_on(OpenAICompatibleProvider(connection, None))



async def test_the_card_and_the_timeline_move_while_the_server_holds_the_answer(
        app: App, qtbot: QtBot, loopback: LoopbackServer) -> None:
    loopback.add(*(held_llama_answer("The fog came in over the harbour.") for _ in range(3)))
    window = _open(app, loopback)
    window.new_chat()
    send_as(window, qtbot, "finalizer", "Write the harbour scene.")
    live = window.chat.live
    label = live.progress_label
    await until(lambda: "reading your prompt (1,024 of 1,711 tokens)" in label.text(), what="the prompt progress")
    assert label.isVisible() and not live.streamed_text, "nothing written yet"
    assert loopback.requests[0].body["return_progress"] is True and loopback.requests[0].body["stream"] is True
    # The server sends nothing now; the card still changes: its clock redraws it at least once a second.
    assert live._tick.isActive() and live._tick.interval() <= 1000
    seen = [label.text()]
    await until(lambda: label.text() != seen[0] or bool(live.streamed_text), what="the card to change")
    seen.append(label.text())
    assert not live.streamed_text, "the card changed while the server held the answer"
    assert seen[0].split(" · ")[0] != seen[1].split(" · ")[0], seen  # the seconds moved
    # The timeline's open bar says the same, and grows with the clock.
    lanes = window.timeline.lanes
    timeline = lanes.timeline
    assert timeline is not None and lanes.live_clock
    [bar] = [b for b in timeline.open_bars.values() if b.kind == "model"]
    assert "reading your prompt" in lanes.live_label(bar, lanes.now())
    assert lanes.now() > timeline.end_time, "the clock runs past the last event"
    # Then the answer streams: the card counts what was written.
    await until(lambda: "tokens written" in label.text(), what="tokens written")
    run_id = await run_to_end(window)
    assert live.isHidden() and not live._tick.isActive()
    # No counts from the server: estimated, and shown so (never "0 in · 0 out").
    assert app.runtime is not None
    done = [e for e in app.runtime.runs.events(run_id) if e.type == "model_call_completed"]
    assert done and all(e.payload["usage"]["estimated"] and e.payload["usage"]["input_tokens"] > 0 for e in done)
    tokens = window.status_tokens.text()
    assert tokens.startswith("~") and "(estimated)" in tokens and not tokens.startswith("0 in"), tokens
    window.timeline.lanes.set_live(False)


async def test_a_whole_answer_call_says_the_server_sends_it_at_once(
        app: App, qtbot: QtBot, loopback: LoopbackServer) -> None:
    answer = {"id": "c1", "object": "chat.completion", "usage": {"prompt_tokens": 812, "completion_tokens": 9},
              "choices": [{"index": 0, "finish_reason": "stop",
                           "message": {"role": "assistant", "content": "The fog came in."}}]}
    raw = json.dumps(answer).encode()
    whole = [Reply(body=[raw[:20], raw[20:]], content_type="application/json", pause=1.6) for _ in range(3)]
    loopback.add(*whole)
    window = _open(app, loopback, default={"noStreamedTools": True})  # the agent's model is "default"
    window.new_chat()
    send_as(window, qtbot, "finalizer", "Write the harbour scene.")
    label = window.chat.live.progress_label
    await until(lambda: "this server sends the answer at once" in label.text(), what="the whole-answer note")
    first = label.text()
    assert window.chat.live._tick.isActive() and window.chat.live._tick.interval() <= 1000
    await until(lambda: label.text() != first, what="the seconds to move")
    assert loopback.requests[0].body["stream"] is False
    run_id = await run_to_end(window)
    assert app.runtime is not None
    calls = [e for e in app.runtime.runs.events(run_id) if e.type == "model_call_completed"]
    tokens = window.status_tokens.text()
    # the server counted these: shown as they are
    assert tokens == f"{812 * len(calls):,} in · {9 * len(calls)} out tokens", tokens
