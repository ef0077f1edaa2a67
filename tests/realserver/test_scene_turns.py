"""A scene on llama.cpp's ``llama-server`` with Gemma 3 270M (docs/scenes.md): three characters speak in the order
asked through ``relay-studio scene say --as``, each turn a complete run whose reply reached the chat, and no
character's request holds a line said while it was away. The model is tiny: what it says is never asserted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.scenes import Scenes
from tests.realserver.conftest import RealServer

pytestmark = [pytest.mark.realserver, pytest.mark.slow]

TURN_SECONDS = 600.0
CAST = ["mira", "tomas", "wren"]


def _cli(data: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RELAY_STUDIO_API_KEY")}
    return subprocess.run([sys.executable, "-m", "relay_studio", *argv, "--data-dir", str(data)], env=env,
                          capture_output=True, text=True, timeout=TURN_SECONDS, check=False, stdin=subprocess.DEVNULL)


def _character(pid: str) -> dict[str, object]:
    name = pid.title()
    return {"id": pid, "displayName": name, "description": f"{name}, a sailor.",
            "instructions": {"systemPrompt": f"You are {name}, a sailor on a small boat. Answer in one or two "
                                             "short sentences, in character."},
            "model": {"mode": "default", "maxTokens": 120}, "run": {"endOnTextAnswer": True}}


def test_three_characters_speak_in_the_order_asked_on_llama_server(llama_cpp_server: RealServer,
                                                                     tmp_path: Path) -> None:
    data = tmp_path / "data"
    added = _cli(data, "connections", "add", "llama", "--kind", "openai_compatible", "--base-url",
                 llama_cpp_server.base_url)
    assert added.returncode == 0, added.stderr
    for pid in CAST:
        path = tmp_path / f"{pid}.json"
        path.write_text(json.dumps(_character(pid)), encoding="utf-8")
        assert _cli(data, "profiles", "import", str(path)).returncode == 0
    assert _cli(data, "scene", "new", "Deck", "--cast", ",".join(CAST)).returncode == 0
    assert _cli(data, "scene", "leave", "Deck", "wren").returncode == 0
    order = ["tomas", "mira", "wren"]
    said: list[dict[str, object]] = []
    for n, pid in enumerate(order):
        if pid == "wren":
            assert _cli(data, "scene", "enter", "Deck", "wren").returncode == 0
        prompt = ["--prompt", "A storm gathers over the bay."] if n == 0 else []
        done = _cli(data, "scene", "say", "Deck", "--as", pid, *prompt, "--json")
        assert done.returncode == 0, done.stderr[-3000:] + llama_cpp_server.log_tail()
        turn = json.loads(done.stdout)
        assert (turn["speaker"], turn["status"]) == (pid, "completed")
        said.append(turn)
    runtime = Runtime(data, recover=False)
    try:
        record = Scenes(runtime).get("Deck")
        runs = sorted(runtime.runs.runs(record.chat_id), key=lambda r: r.created_at)
        assert [r.root_profile_id for r in runs] == order
        for run in runs:
            types = [e.type for e in runtime.runs.events(run.id)]
            assert types[-1] == "run_completed" and "chat_commit_completed" in types and "model_call_completed" in types
        replies = [m for m in runtime.chats.messages(record.chat_id) if m.role == "assistant"]
        assert [m.agent_id for m in replies] == order and all(m.content.strip() for m in replies)
        # Wren was away for the first two lines: its request holds neither
        wren = runtime.runs.model_turns(runs[2].id)
        text = json.dumps([t["request"] for t in wren], ensure_ascii=False)
        for earlier in replies[:2]:
            assert json.dumps(earlier.content, ensure_ascii=False)[1:-1] not in text
        print("\n" + "\n".join(f"{t['speaker']}: {t['text']}" for t in said))
    finally:
        runtime.close()
