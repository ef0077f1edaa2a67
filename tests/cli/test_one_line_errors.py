"""Every listed traceback of round four (issue 39) is one line and exit 2, and a closed pipe ends quietly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from relay_studio.cli import main
from relay_studio.runtime.engine import Runtime

UNDECODABLE = b"caf\xe9".decode("utf-8", "surrogateescape")  # what Python makes of such argv bytes
REPO = Path(__file__).resolve().parents[2]

COMMANDS = {
    "runs show": ["runs", "show", UNDECODABLE],
    "chat show": ["chat", "show", UNDECODABLE],
    "events": ["events", UNDECODABLE],
    "turns": ["turns", UNDECODABLE],
    "workspace": ["workspace", UNDECODABLE],
    "persona": ["persona", UNDECODABLE],
    "chat export": ["chat", "export", UNDECODABLE, "--out", "OUT"],
    "resume": ["resume", UNDECODABLE],
    "runs fork": ["runs", "fork", UNDECODABLE, "--at", "1"],
    "connections test": ["connections", "test", UNDECODABLE],
    "export --run": ["export", "--run", UNDECODABLE, "--out", "OUT"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_an_argument_that_is_not_utf8_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    data = tmp_path / "data"
    argv = [str(tmp_path / "out.md") if a == "OUT" else a for a in COMMANDS[command]]
    assert main([*argv, "--data-dir", str(data)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("error: The ") and "is not valid UTF-8 text" in err and err.rstrip().endswith(
        "[input.not_utf8]"), err
    assert not (tmp_path / "out.md").exists()


def test_a_reader_that_closes_the_pipe_ends_the_command_quietly(tmp_path: Path) -> None:
    """``chat show … | head -1``: a BrokenPipeError traceback before; now nothing on stderr, exit 0."""
    data = tmp_path / "data"
    runtime = Runtime(data)
    try:
        chat = runtime.chats.ensure_chat("Long")
        for i in range(3000):
            runtime.chats.add_message(chat.id, "assistant", f"Line {i} of a long chat. " * 8)
    finally:
        runtime.close()
    proc = subprocess.Popen([sys.executable, "-m", "relay_studio", "chat", "show", "Long", "--data-dir", str(data)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # as head -1 does
    err = proc.stderr.read().decode("utf-8", "replace")
    proc.stderr.close()
    assert proc.wait(timeout=60) == 0, err
    assert first and err == "", err


def test_a_profile_with_several_problems_is_one_line_naming_them(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the property test: each further problem of a profile was a line of its own."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"one": 1, "two": 2, "three": 3}', encoding="utf-8")
    assert main(["profiles", "validate", str(bad), "--data-dir", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and "(also: " in err, err
