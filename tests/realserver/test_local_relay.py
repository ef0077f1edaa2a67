"""The built-in relay on a real small local model (Gemma 3 270M), on llama-cpp-python's server and on
llama.cpp's own ``llama-server`` (docs/runtime.md, *Declared next stages* and *Output caps and deadlines*).

A fresh data folder with only that connection; from the CLI and from the window's Send, the writer →
editor → finalizer relay must complete within ten minutes (issue 37, two cores): all three stages run, an
answer in the chat, every request capped, and on llama-server every request streamed (no whole-answer
fallback learned or announced). The model is tiny: what it writes is never asserted, only what the studio
does with whatever it says.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from relay_studio.domain.enums import RunStatus
from relay_studio.providers.capabilities import STREAM_TOOLS_UNSUPPORTED
from relay_studio.runtime.engine import Runtime
from relay_studio.store.connections import ConnectionStore
from tests.realserver.conftest import LLAMA_SERVER, RealServer, send_and_wait, window_on

pytestmark = [pytest.mark.realserver, pytest.mark.slow]

PROMPT = "Write a two-sentence scene about a lighthouse keeper."
#: the issue's bound (issue 37): three stages of a tiny model on two cores, each call capped at 2,048 tokens
RUN_SECONDS = 600.0
STAGES = ["writer", "editor", "finalizer"]


def _cli(data: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RELAY_STUDIO_API_KEY")}
    return subprocess.run([sys.executable, "-m", "relay_studio", *argv, "--data-dir", str(data)], env=env,
                          capture_output=True, text=True, timeout=RUN_SECONDS, check=False,
                          stdin=subprocess.DEVNULL)


def _check_relay(server: RealServer, events: list[dict[str, Any]], learned_no_streamed_tools: bool) -> None:
    """What must be true of the journal of a relay on a real local server."""
    started = [e["payload"]["agentId"] for e in events if e["type"] == "agent_invocation_started"]
    assert started == STAGES, f"all three stages ran, in order: {started}"
    caps = [e["payload"].get("maxTokens") for e in events if e["type"] == "model_call_started"]
    assert caps and all(isinstance(c, int) and 0 < c <= 2048 for c in caps), f"every request is capped: {caps}"
    ended = [e for e in events if e["type"].startswith("run_") and e["type"] != "run_created"]
    assert ended[-1]["type"] == "run_completed", ended[-1]
    accepted = [e["payload"] for e in events if e["type"] == "agent_handoff_accepted"]
    assert [(a["agentId"], a["targetAgentId"]) for a in accepted] == [("writer", "editor"), ("editor", "finalizer")]
    for a in accepted:  # the model's own handoff or the studio's, always said which
        assert a["by"] in ("agent", "runtime") and (a["by"] == "agent" or a["why"])
    commits = [e["payload"] for e in events if e["type"] == "chat_commit_completed"]
    assert commits, "the answer reached the chat through a commit"
    # issue 37: a stage whose calls keep being refused (or change nothing) is taken over, never left to run on
    refused = [e["payload"]["outcome"] for e in events if e["type"] == "tool_calls_refused"]
    assert "failed" not in refused, refused
    spans = [e["timestamp"] for e in events if e["type"] in ("run_created", "run_completed")]
    assert len(spans) == 2 and _seconds(spans[0], spans[1]) < RUN_SECONDS, spans
    if server.kind == LLAMA_SERVER:
        notices = {e["payload"].get("code") for e in events if e["type"] == "model_notice"}
        assert STREAM_TOOLS_UNSUPPORTED not in notices and not learned_no_streamed_tools, \
            "llama-server streams tool turns: no call was asked for a whole answer"


def _seconds(start: str, end: str) -> float:
    from datetime import datetime

    return (datetime.fromisoformat(end.replace("Z", "+00:00"))
            - datetime.fromisoformat(start.replace("Z", "+00:00"))).total_seconds()


def _learned_no_streamed_tools(data: Path) -> bool:
    runtime = Runtime(data, recover=False)
    try:
        connection = ConnectionStore(runtime.db).require("llama")
        return any(limits.no_streamed_tools for limits in connection.learned.values())
    finally:
        runtime.close()


def test_the_cli_relay_completes_on_a_real_local_server(any_llama_server: RealServer, tmp_path: Path) -> None:
    data = tmp_path / "data"
    added = _cli(data, "connections", "add", "llama", "--kind", "openai_compatible", "--base-url",
                 any_llama_server.base_url)
    assert added.returncode == 0, added.stderr
    done = _cli(data, "run", "--agent", "writer", "--prompt", PROMPT, "--jsonl")
    assert done.returncode == 0, done.stderr[-3000:] + any_llama_server.log_tail()
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    events, result = lines[:-1], lines[-1]
    assert result["status"] == "completed"
    assert (result["committedMessage"] or "").strip(), "the creator reads an answer"
    _check_relay(any_llama_server, events, _learned_no_streamed_tools(data))
    shown = _cli(data, "chat", "show", "default")
    assert shown.returncode == 0 and result["committedMessage"].strip()[:30] in shown.stdout


async def test_the_windows_send_runs_the_relay_to_the_end(any_llama_server: RealServer, tmp_path: Path,
                                                          qapp: QApplication, qtbot: QtBot) -> None:
    async with window_on(any_llama_server, tmp_path / "data") as window:
        run_id = await send_and_wait(window, qtbot, "writer", PROMPT, RUN_SECONDS)
        record = window.studio.runtime.runs.run(run_id)
        assert record is not None
        assert record.status is RunStatus.COMPLETED, (record.error_code, record.error_message,
                                                      any_llama_server.log_tail())
        window.studio.flush()
        answers = [c for c in window.chat.message_cards() if c.message.role == "assistant"]
        assert answers and answers[-1].plain_text.strip(), "the creator reads an answer in the chat"
        events = [e.envelope() for e in window.studio.runtime.runs.events(run_id)]
        connection = ConnectionStore(window.studio.runtime.db).require("llama")
        _check_relay(any_llama_server, events, any(m.no_streamed_tools for m in connection.learned.values()))
