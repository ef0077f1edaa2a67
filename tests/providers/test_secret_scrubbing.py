"""A key of any shape, echoed by a server, is never stored, journaled or printed: scrubbed by value."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from relay_studio.cli import main
from relay_studio.domain import secret_values
from tests.providers.conftest import LoopbackServer, Reply

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
