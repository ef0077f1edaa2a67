"""The CLI host: run --jsonl, exit codes, read-only commands, profiles, bad input, Ctrl+C."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from relay_studio.cli import main
from tests.support import call, profile_dict, write


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _script(tmp_path: Path, turns: dict[str, Any]) -> Path:
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"turns": turns}), encoding="utf-8")
    return path


def test_run_jsonl_prints_durable_events_then_the_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    code, out, _ = run_cli(capsys, "demo", "--data-dir", str(data), "--jsonl")
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    events, result = lines[:-1], lines[-1]
    assert set(events[0]) == {"seq", "runId", "type", "level", "timestamp", "invocationId",
                              "relatedInvocationIds", "payload"}
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert events[0]["type"] == "run_created" and events[-1]["type"] == "run_completed"
    assert result["type"] == "run_result" and result["status"] == "completed"
    assert result["committedMessage"].startswith("# The Last Keeper")
    run_id = result["runId"]

    code, out, _ = run_cli(capsys, "runs", "--data-dir", str(data), "--json")
    assert code == 0 and json.loads(out)[0]["id"] == run_id
    code, out, _ = run_cli(capsys, "events", run_id, "--data-dir", str(data), "--jsonl")
    assert [json.loads(line)["seq"] for line in out.splitlines()] == [e["seq"] for e in events]
    code, out, _ = run_cli(capsys, "turns", run_id, "--data-dir", str(data), "--json")
    turns = json.loads(out)
    assert code == 0 and len(turns) == 11 and turns[0]["request"]["system"].startswith("You are Writer.")
    code, out, _ = run_cli(capsys, "workspace", run_id, "--data-dir", str(data))
    assert "output/main.md" in out.splitlines() and "scratch/lighthouse_notes.md" in out.splitlines()
    code, out, _ = run_cli(capsys, "workspace", run_id, "output/main.md", "--data-dir", str(data))
    assert out == result["committedMessage"]
    code, out, err = run_cli(capsys, "workspace", run_id, "../relay-studio.db", "--data-dir", str(data))
    assert code == 2 and "'..' is not allowed" in err
    code, out, _ = run_cli(capsys, "chat", "show", "Demo relay", "--data-dir", str(data), "--json")
    messages = json.loads(out)["messages"]
    assert [m["role"] for m in messages] == ["user", "assistant"] and messages[1]["agent_name"] == "Editor"


def test_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path / "data")
    failed = _script(tmp_path, {"finalizer": []})
    assert run_cli(capsys, "run", "--agent", "finalizer", "--prompt", "x", "--script", str(failed),
                   "--data-dir", data)[0] == 3
    partial = _script(tmp_path, {"finalizer": [{"toolCalls": [write("output/main.md", "kept"),
                                                              call("workspace_commit")]}]})
    code, out, err = run_cli(capsys, "run", "--agent", "finalizer", "--prompt", "x", "--script", str(partial),
                             "--data-dir", data)
    assert code == 4 and out == "kept\n" and "partial_success (model.script_exhausted" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["run", "--agent", "nobody", "--prompt", "x", "--script", "SCRIPT"], "There is no agent 'nobody'"),
        (["run", "--agent", "researcher", "--prompt", "x", "--script", "SCRIPT"], "cannot start a run"),
        (["run", "--agent", "writer", "--prompt", "x", "--script", "MISSING"], "Cannot read script"),
        (["run", "--agent", "writer", "--prompt", "x", "--script", "BROKEN"], "not valid JSON"),
        (["run", "--agent", "writer", "--prompt", "x", "--script", "SCRIPT", "--profiles", "BADPROFILES"],
         "profile.unknown_tool"),
        (["run", "--agent", "writer", "--prompt", "x"],
         "no model connection yet. Add one with 'relay-studio connections add"),
        (["events", "run_nope"], "There is no run 'run_nope'"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    script = _script(tmp_path, {"writer": []})
    (tmp_path / "broken.json").write_text("{nope", encoding="utf-8")
    bad_profiles = tmp_path / "profiles"
    bad_profiles.mkdir()
    (bad_profiles / "odd.json").write_text(json.dumps(profile_dict("odd", tools={"allow": ["magic.wand"]})),
                                           encoding="utf-8")
    subst = {"SCRIPT": str(script), "MISSING": str(tmp_path / "missing.json"), "BROKEN": str(tmp_path / "broken.json"),
             "BADPROFILES": str(bad_profiles)}
    data = tmp_path / "data"
    code, out, err = run_cli(capsys, *[subst.get(a, a) for a in argv], "--data-dir", str(data))
    assert code == 2
    assert message in err and err.startswith("error: ")
    assert out == ""
    if argv[0] == "run":
        # No run, chat or message was written.
        assert run_cli(capsys, "runs", "--data-dir", str(data), "--json")[1].strip() == "[]"


def test_profiles_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path / "data")
    good = tmp_path / "poet.json"
    good.write_text(json.dumps(profile_dict("poet")), encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(profile_dict("bad", extra_field=1, tools={"allow": ["workspace.read_file"]})),
                   encoding="utf-8")
    code, out, _ = run_cli(capsys, "profiles", "validate", str(good), "--data-dir", data)
    assert code == 0 and "valid profile 'poet'" in out
    code, _, err = run_cli(capsys, "profiles", "validate", str(bad), "--data-dir", data)
    assert code == 2 and "profile.unknown_field" in err and "extraField" in err
    assert run_cli(capsys, "profiles", "import", str(good), "--data-dir", data)[0] == 0
    code, out, _ = run_cli(capsys, "profiles", "list", "--data-dir", data)
    assert {"writer", "editor", "finalizer", "researcher", "poet"} <= {line.split()[0] for line in out.splitlines()}
    code, out, _ = run_cli(capsys, "profiles", "export", "poet", "--data-dir", data)
    assert json.loads(out)["id"] == "poet" and json.loads(out)["kind"] == "relay-studio.agentProfile"


def test_ctrl_c_cancels_cleanly_with_exit_130(tmp_path: Path) -> None:
    script = _script(tmp_path, {"finalizer": [{"delayMs": 60_000, "toolCalls": []}]})
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "relay_studio", "run", "--agent", "finalizer", "--prompt", "x", "--script", str(script),
         "--data-dir", str(tmp_path / "data"), "--jsonl"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    assert proc.stdout is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # wait until the model call is under way
        line = proc.stdout.readline()
        if '"model_call_started"' in line:
            break
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    result = json.loads(out.splitlines()[-1])
    assert result["status"] == "cancelled"


async def test_resume_continues_a_run_stopped_at_an_approval(tmp_path: Path) -> None:
    from tests.integration.test_resume import TURNS, stop_at_approval
    from tests.support import Harness

    harness = Harness(tmp_path / "data")
    handle, _asked = await stop_at_approval(harness, TURNS, 2)
    script = _script(tmp_path, TURNS)
    args = ["resume", handle.run_id, "--script", str(script), "--approve", "all", "--jsonl",
            "--data-dir", str(tmp_path / "data")]
    done = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "relay_studio", *args],
                                   capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines[0]["type"] == "tool_call_approval_withdrawn" and lines[-1]["status"] == "completed"
    assert lines[-1]["committedMessage"] == "The sea was restless."
    again = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "relay_studio", *args],
                                    capture_output=True, text=True, timeout=60)
    assert again.returncode == 2 and "is not waiting to be resumed" in again.stderr
