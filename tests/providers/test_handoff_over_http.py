"""A session handoff over a loopback server (docs/session-handoff.md): a server that refuses tool choice ``none`` gets
``auto`` and the document is still written; a server's "maximum context length" refusal of a run is told
apart from other refusals, which is what makes the window offer the handoff."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from relay_studio.cli import main
from relay_studio.providers.capabilities import TOOL_CHOICE_UNSUPPORTED
from relay_studio.runtime.context_window import exceeds_context
from relay_studio.runtime.engine import Runtime
from tests.providers.conftest import LoopbackServer, Reply

DOC = "## Goal\nA ghost story.\n## Canon & Constraints\nPast tense.\n## Progress\nDone: one.\n" \
      "## Key Decisions\nThe keeper is the ghost.\n## Critical Context\nMara.\n## Next Steps\nChapter two.\n"


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _sse(data: dict[str, Any]) -> bytes:
    return ("data: " + json.dumps(data) + "\n\n").encode()


def _text_turn(text: str) -> list[bytes]:
    pieces = [_sse({"choices": [{"index": 0, "delta": {"content": text[i:i + 40]}, "finish_reason": None}]})
              for i in range(0, len(text), 40)]
    pieces.append(_sse({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}))
    pieces.append(_sse({"choices": [], "usage": {"prompt_tokens": 900, "completion_tokens": 80}}))
    return [*pieces, b"data: [DONE]\n\n"]


def _refusal(message: str) -> Reply:
    body = {"error": {"message": message, "type": "invalid_request_error", "param": None, "code": None}}
    return Reply(status=400, body=json.dumps(body).encode(), content_type="application/json")


@pytest.fixture
def data(tmp_path: Path, server: LoopbackServer, capsys: pytest.CaptureFixture[str]) -> Path:
    """The demo relay's chat (offline), and the loopback server as connection ``box``."""
    folder = tmp_path / "data"
    assert _cli(capsys, "demo", "--data-dir", str(folder))[0] == 0
    code, _, err = _cli(capsys, "connections", "add", "box", "--kind", "openai_compatible",
                        "--base-url", server.url + "/v1", "--model", "tiny", "--data-dir", str(folder))
    assert code == 0, err
    return folder


def test_a_refused_tool_choice_none_falls_back_to_auto_and_the_document_is_written(
        data: Path, server: LoopbackServer, capsys: pytest.CaptureFixture[str]) -> None:
    server.add(_refusal("tool_choice 'none' is not supported by this server"), Reply(body=_text_turn(DOC)))
    code, out, err = _cli(capsys, "chat", "handoff", "Demo relay", "--connection", "box", "--data-dir", str(data))
    assert code == 0, err
    assert out.strip() == DOC.strip()
    sent = [r.body for r in server.requests]
    assert [b.get("tool_choice") for b in sent] == ["none", "auto"]
    assert sent[0]["tools"] and sent[1]["tools"] == sent[0]["tools"], "the same tools, so the prefix is reused"
    assert sent[1]["messages"] == sent[0]["messages"] and "## Goal" in sent[1]["messages"][-1]["content"]
    runtime = Runtime(data)
    try:
        new = runtime.chats.chat_by_name("Demo relay (continued)")
        assert new is not None and DOC.strip() in runtime.chats.messages(new.id)[0].content
        handoff_run = next(r for r in runtime.runs.runs() if r.kind == "handoff")
        events = runtime.runs.events(handoff_run.id)
        notices = [e for e in events if e.payload.get("code") == TOOL_CHOICE_UNSUPPORTED]
        assert len(notices) == 1 and "'none'" in str(notices[0].payload.get("message"))
        assert [e.type for e in events][-2:] == ["handoff_ready", "run_completed"]
    finally:
        runtime.close()


def test_a_maximum_context_length_refusal_is_told_apart_from_other_refusals(
        data: Path, server: LoopbackServer, capsys: pytest.CaptureFixture[str]) -> None:
    server.add(_refusal("This model's maximum context length is 8192 tokens. However, you requested 9120 tokens "
                        "(8120 in the messages, 1000 in the completion). Please reduce the length of the messages."),
               _refusal("Unrecognized request argument supplied: frobnicate"))
    for _ in range(2):
        code, _out, _err = _cli(capsys, "run", "--agent", "writer", "--prompt", "The next chapter.",
                                "--connection", "box", "--data-dir", str(data))
        assert code != 0
    runtime = Runtime(data)
    try:
        failed = [r for r in runtime.runs.runs() if r.kind != "handoff"][:2]  # newest first
        assert [r.status.value for r in failed] == ["failed", "failed"]
        assert [exceeds_context(r.error_code, r.error_message) for r in failed] == [False, True]
    finally:
        runtime.close()
