"""``relay-studio continuity check --review``: the continuity reviewer on a real connection (a loopback model
server answering in OpenAI's streamed wire format), one request per chapter; the finding whose quotes are in
the text is shown, the invented one dropped; without a connection, one line with the provider's code."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from relay_studio.cli import main
from tests.integration.test_continuity_check import seed
from tests.providers.conftest import LoopbackServer, Reply
from tests.providers.test_relay_over_http import _sse


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    srv = LoopbackServer()
    yield srv
    srv.stop()
    assert not srv.unexpected, srv.unexpected


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _text_turn(text: str) -> list[bytes]:
    return [_sse({"choices": [{"index": 0, "delta": {"content": text}, "finish_reason": None}]}),
            _sse({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}),
            _sse({"choices": [], "usage": {"prompt_tokens": 300, "completion_tokens": 40}}), b"data: [DONE]\n\n"]


def test_the_reviewer_on_a_connection_reads_each_chapter_and_keeps_only_verbatim_findings(
        tmp_path: Path, server: LoopbackServer, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    d = ["--data-dir", str(data)]
    seed(data)
    code, _, err = _cli(capsys, "continuity", "check", "--project", "Saga", "--chat", "Short", "--review", *d)
    assert code == 2 and err.count("\n") == 1 and "connection" in err.lower()
    code, _, err = _cli(capsys, "connections", "add", "box", "--kind", "openai_compatible", "--base-url",
                        server.url + "/v1", "--model", "tiny", *d)
    assert code == 0, err
    kept = {"entry": "Oren Vale", "explanation": "Oren Vale died in chapter 1.",
            "textQuote": "Oren Vale walked into the kitchen", "evidenceQuote": "Oren Vale died that night"}
    invented = {"entry": "Oren Vale", "explanation": "Invented.", "textQuote": "Oren Vale sang a hymn",
                "evidenceQuote": "Oren Vale died that night"}
    server.add(Reply(body=_text_turn(json.dumps({"findings": []}))),
               Reply(body=_text_turn(json.dumps({"findings": [kept, invented]}))))
    code, out, err = _cli(capsys, "continuity", "check", "--project", "Saga", "--chat", "Short", "--review", *d)
    assert (code, err) == (0, "")
    assert "[reviewer:Continuity reviewer] Oren Vale died in chapter 1." in out
    assert 'Short, chapter 2: "Oren Vale walked into the kitchen"' in out
    assert "Dropped 1 reviewer findings" in out and "Oren Vale sang a hymn" in out
    assert len(server.requests) == 2 and {r.body["model"] for r in server.requests} == {"tiny"}
    sent = server.requests[1].body["messages"][-1]["content"]
    assert "Oren Vale walked into the kitchen and lit the stove." in sent and "Mara Quell" in sent
