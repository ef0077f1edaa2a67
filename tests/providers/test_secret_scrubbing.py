"""A key of any shape, echoed by a server, is never stored, journaled or printed: scrubbed by value."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from relay_studio.cli import main
from relay_studio.domain import secret_values
from tests.providers.conftest import LoopbackServer, Reply
from tests.support import Harness, call, relay_profiles

# Gemini-style: no sk-/pk- prefix a pattern could catch.
KEY = "AIzaSyD7-hostileEchoedKey_0123456789abcd"


def _sse(data: dict[str, Any]) -> bytes:
    return ("data: " + json.dumps(data) + "\n\n").encode()


@pytest.fixture(autouse=True)
def _no_secrets_left() -> Iterator[None]:
    secret_values.forget_all()
    yield
    secret_values.forget_all()


def test_an_echoed_key_of_any_shape_is_scrubbed_from_database_journal_and_terminal(
    tmp_path: Path, server: LoopbackServer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("RELAY_STUDIO_API_KEY_GEM", KEY)
    call = {"index": 0, "id": "call_1", "type": "function",
            "function": {"name": "workspace_write_file",
                         "arguments": json.dumps({"path": "output/main.md", "content": f"key={KEY}"})}}
    server.add(
        Reply(body=[
            _sse({"choices": [{"index": 0, "delta": {"content": f"Your key is {KEY}."}, "finish_reason": None}]}),
            _sse({"choices": [{"index": 0, "delta": {"tool_calls": [call]}, "finish_reason": None}]}),
            _sse({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}),
            _sse({"choices": [], "usage": {"prompt_tokens": 12, "completion_tokens": 9}}),
            b"data: [DONE]\n\n",
        ]),
        Reply(body=[_sse({"error": {"message": f"API key not valid: {KEY}", "code": 400}})]),
    )
    assert main(["connections", "add", "gem", "--kind", "openai_compatible", "--base-url",
                 f"http://127.0.0.1:{server.port}/v1", "--data-dir", str(data)]) == 0
    code = main(["run", "--agent", "finalizer", "--prompt", "Write.", "--connection", "gem", "--model", "m",
                 "--jsonl", "--data-dir", str(data)])
    assert code == 3
    run_id = json.loads(capsys.readouterr().out.splitlines()[-1])["runId"]
    for argv in (["events", run_id, "--jsonl"], ["turns", run_id, "--json"], ["runs"], ["chat", "show", "Write."]):
        main([*argv, "--data-dir", str(data)])
    out, err = capsys.readouterr()
    assert "API key not valid: ***" in out, "the error is kept, the key is not"
    assert KEY not in out + err
    stored = b"".join(p.read_bytes() for p in data.iterdir() if p.name.startswith("relay") and p.is_file())
    assert stored and KEY.encode() not in stored, "neither the database nor its WAL holds the key"


async def test_a_key_the_model_echoes_never_reaches_a_live_view(harness: Harness) -> None:
    secret_values.register(KEY)
    live: list[str] = []
    harness.runtime.subscribe_live(lambda update: live.append(update.text))
    turns = {"final-editor": [{"text": f"The key is {KEY}, see.",
                               "toolCalls": [call("workspace_write_file", {"path": "output/main.md", "content": KEY}),
                                             call("workspace_commit"), call("workspace_finish")]}]}
    run_id, _status = await harness.run("final-editor", turns, profiles=relay_profiles())
    assert live and KEY not in "".join(live)
    assert harness.file(run_id, "output/main.md") == "***", "the file the model wrote holds no key either"
    assert harness.runtime.runs.model_turns(run_id)[0]["response"]["text"] == "The key is ***, see."


@given(st.text(max_size=30), st.text(max_size=30), st.lists(st.integers(min_value=0, max_value=120), max_size=8))
def test_a_secret_split_anywhere_in_a_stream_is_never_shown(before: str, after: str, cuts: list[int]) -> None:
    secret_values.forget_all()
    secret_values.register(KEY)
    text = before + KEY + after + KEY[:9]
    bounds = sorted({min(c, len(text)) for c in cuts} | {0, len(text)})
    scrubber = secret_values.StreamScrubber()
    shown = [scrubber.feed(text[a:b]) for a, b in itertools.pairwise(bounds)] + [scrubber.flush()]
    assert "".join(shown) == secret_values.scrub(text)
    assert all(KEY not in piece for piece in shown)
