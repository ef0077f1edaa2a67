"""A hostile model server (issue 39): one that ignores ``max_tokens`` and never stops, one that answers a
whole body that never ends, one that redirects the request elsewhere. The studio caps the answer on its
own side, never reads without bound, and never sends the creator's text to a redirect's target."""

from __future__ import annotations

import asyncio
import itertools
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from relay_studio.cli import main
from relay_studio.domain import error_codes as codes
from relay_studio.domain.messages import ProviderNotice, ResponseCompleted, StreamEvent, TextDelta
from relay_studio.providers.base import ProviderError
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.providers.output_cap import CHARS_PER_TOKEN_CAP
from tests.providers.conftest import LoopbackServer, Reply, make_request, openai_connection

#: one SSE chunk of 40 characters of text, sent again and again: a server that never stops writing
FLOOD_CHUNK = b"data: " + json.dumps(
    {"choices": [{"index": 0, "delta": {"content": "The river kept on rising past the banks. "}}]}
).encode() + b"\n\n"


def flood() -> Reply:
    return Reply(body=itertools.repeat(FLOOD_CHUNK))  # type: ignore[arg-type]  # an endless body


async def _events(server: LoopbackServer, max_tokens: int) -> list[StreamEvent]:
    provider = OpenAICompatibleProvider(openai_connection(server), None)
    async with asyncio.timeout(10):  # the code before the cap streamed until its memory ran out
        return [event async for event in provider.stream(make_request(max_tokens=max_tokens))]


async def test_a_server_that_ignores_max_tokens_is_stopped_at_the_cap_keeping_what_fits(
    server: LoopbackServer,
) -> None:
    server.add(flood())
    events = await _events(server, max_tokens=100)
    notices = [e for e in events if isinstance(e, ProviderNotice) and e.code == codes.MODEL_OUTPUT_CAPPED]
    assert len(notices) == 1
    assert "100 tokens" in notices[0].message
    final = events[-1]
    assert isinstance(final, ResponseCompleted)
    answer = final.response
    assert answer.finish_reason == "length"
    assert len(answer.text) == 100 * CHARS_PER_TOKEN_CAP, "what fits the cap is kept, no more"
    assert answer.text.startswith("The river kept on rising")
    streamed = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert answer.text == streamed[: len(answer.text)]
    assert server.replies == [] and len(server.requests) == 1


async def test_a_whole_body_that_never_ends_is_refused_not_read_into_memory(server: LoopbackServer) -> None:
    server.add(Reply(body=itertools.repeat(b" " * 65536), content_type="application/json"))  # type: ignore[arg-type]
    with pytest.raises(ProviderError) as caught:
        await _events(server, max_tokens=100)
    assert caught.value.code == codes.PROVIDER_ANSWER_TOO_LARGE
    assert "64 MB" in caught.value.message


async def test_a_redirect_to_another_origin_is_reported_and_the_text_never_sent_there(
    server: LoopbackServer,
) -> None:
    other = LoopbackServer()
    try:
        target = other.url + "/v1/chat/completions"
        server.add(Reply(status=307, headers={"Location": target}))
        with pytest.raises(ProviderError) as caught:
            await _events(server, max_tokens=100)
        assert other.requests == [], "the creator's text went to the redirect's target"
    finally:
        other.stop()
    assert caught.value.code == codes.PROVIDER_REDIRECTED and not caught.value.retryable
    assert other.url in caught.value.message and "(307)" in caught.value.message


@pytest.mark.slow
def test_a_run_against_a_server_that_never_stops_ends_small_and_journals_the_cap(tmp_path: Path) -> None:
    """The whole studio in a real process, measured: the round-four flood grew it to 3.2 GB in 15 s."""
    srv = LoopbackServer()
    srv.add(*(flood() for _ in range(40)))  # every call the run makes floods
    data = tmp_path / "data"
    try:
        assert main(["connections", "add", "flood", "--kind", "openai_compatible", "--base-url", srv.url + "/v1",
                     "--model", "tiny", "--data-dir", str(data)]) == 0
        measured = ("import resource, subprocess, sys; done = subprocess.run(sys.argv[1:], capture_output=True, "
                    "text=True, timeout=120); print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN)"
                    ".ru_maxrss); sys.stderr.write(done.stderr); sys.stdout.write(done.stdout)")
        started = time.monotonic()
        done = subprocess.run([sys.executable, "-c", measured, sys.executable, "-m", "relay_studio", "run",
                               "--agent", "finalizer", "--prompt", "Write.", "--connection", "flood", "--jsonl",
                               "--data-dir", str(data)],
                              capture_output=True, text=True, timeout=150, cwd=Path(__file__).resolve().parents[2])
        elapsed = time.monotonic() - started
    finally:
        srv.stop()
    first, _, rest = done.stdout.partition("\n")
    code, peak_kb = (int(x) for x in first.split())
    assert "Traceback" not in done.stderr, done.stderr
    assert code in (0, 3, 4), done.stderr
    events = [json.loads(line) for line in rest.splitlines() if line.startswith("{")]
    capped = [e for e in events if e.get("type") == "model_notice"
              and e.get("payload", {}).get("code") == codes.MODEL_OUTPUT_CAPPED]
    assert capped, "the cap is journaled"
    assert peak_kb < 400 * 1024, f"the run held {peak_kb // 1024} MB"
    assert elapsed < 120


async def test_a_stored_key_that_is_not_ascii_fails_the_call_with_a_sentence_not_its_repr(
    server: LoopbackServer,
) -> None:
    """Stored before keys were checked: every run failed with runtime.unexpected_error and the key's repr."""
    key = "sk-caf\u00e9-0123456789"
    provider = OpenAICompatibleProvider(openai_connection(server), key)
    with pytest.raises(ProviderError) as caught:
        async with asyncio.timeout(10):
            [event async for event in provider.stream(make_request(max_tokens=10))]
    assert caught.value.code == codes.CONNECTION_KEY_NOT_ASCII
    assert "caf" not in caught.value.message and server.requests == []
