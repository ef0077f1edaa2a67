"""A creator's first real session, end to end on a real llama-cpp-python server (Gemma 3 270M).

A fresh data folder, one connection to the server (it becomes the default), and the built-in Writer:
from the CLI and from the window (offscreen, a real click on Send), the run must end with a non-empty
answer in the chat, the fallbacks the server needs journaled with their reasons, and real token counts.
The model is tiny: what it writes is never asserted, only what the studio does with it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from relay_studio.domain.enums import RunStatus
from relay_studio.ui.main_window import MainWindow
from tests.realserver.conftest import RealServer, send_and_wait, window_on

pytestmark = [pytest.mark.realserver, pytest.mark.slow]  # a real model on shared cores: CI runs -m slow

PROMPT = "Write a two-line poem about the sea."
#: a tiny model on two shared cores: one relay stage may take a few minutes
RUN_SECONDS = 600.0
FALLBACK_CODES = {"provider.tool_choice_unsupported", "provider.stream_tools_unsupported",
                  "provider.stream_usage_missing", "provider.stream_options_unsupported"}


def _cli(data: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RELAY_STUDIO_API_KEY")}
    return subprocess.run([sys.executable, "-m", "relay_studio", *argv, "--data-dir", str(data)], env=env,
                          capture_output=True, text=True, timeout=RUN_SECONDS, check=False,
                          stdin=subprocess.DEVNULL)


def _journal_facts(events: list[dict[str, Any]]) -> tuple[set[str], int]:
    notices = {e["payload"].get("code") for e in events if e["type"] == "model_notice"}
    tokens = sum(int((e["payload"].get("usage") or {}).get("input_tokens", 0))
                 for e in events if e["type"] == "model_call_completed")
    return notices, tokens


def test_the_cli_writer_on_the_only_connection_answers_in_the_chat(llama_server: RealServer, tmp_path: Path) -> None:
    data = tmp_path / "data"
    added = _cli(data, "connections", "add", "llama", "--kind", "openai_compatible", "--base-url",
                 llama_server.base_url)
    assert added.returncode == 0, added.stderr
    assert "default connection" in added.stdout

    done = _cli(data, "run", "--agent", "writer", "--prompt", PROMPT, "--jsonl")
    assert done.returncode in (0, 4), done.stderr + llama_server.log_tail()
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    events, result = lines[:-1], lines[-1]
    assert result["status"] in ("completed", "partial_success")
    assert (result["committedMessage"] or "").strip(), "the creator reads an answer"
    notices, tokens = _journal_facts(events)
    assert notices & FALLBACK_CODES, f"the server's limits are journaled as fallbacks: {notices}"
    assert tokens > 0, "real token counts reach the journal"
    shown = _cli(data, "chat", "show", "default")
    assert shown.returncode == 0 and result["committedMessage"].strip()[:40] in shown.stdout

    again = _cli(data, "run", "--agent", "writer", "--prompt", "And one more line.", "--jsonl")
    later = [json.loads(line) for line in again.stdout.splitlines()][:-1]
    assert not {e["payload"].get("code") for e in later if e["type"] == "model_notice"} & FALLBACK_CODES, \
        "what the connection learned is remembered: no fallback is announced twice"


@pytest.fixture
async def real_window(tmp_path: Path, qapp: QApplication, llama_server: RealServer) -> AsyncIterator[MainWindow]:
    async with window_on(llama_server, tmp_path / "data") as window:
        yield window


async def test_the_windows_send_on_the_only_connection_ends_with_an_answer(real_window: MainWindow,
                                                                           qtbot: QtBot) -> None:
    window = real_window
    run_id = await send_and_wait(window, qtbot, "writer", PROMPT, RUN_SECONDS)
    record = window.studio.runtime.runs.run(run_id)
    assert record is not None
    assert record.status in (RunStatus.COMPLETED, RunStatus.PARTIAL_SUCCESS), (record.error_code,
                                                                                record.error_message)
    window.studio.flush()
    answers = [c for c in window.chat.message_cards() if c.message.role == "assistant"]
    assert answers and answers[-1].plain_text.strip(), "the creator reads an answer in the chat"
    events = [e.envelope() for e in window.studio.runtime.runs.events(run_id)]
    notices, tokens = _journal_facts(events)
    assert notices & FALLBACK_CODES and tokens > 0
    window.runs.update_status()
    assert window.status_tokens.text() and not window.status_tokens.text().startswith("0 in"), \
        "the status bar shows the real token counts"
