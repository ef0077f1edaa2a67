"""What the CLI prints: model-chosen names escaped and cut, no secret of any shape, Ctrl+C always 130."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from relay_studio.cli import main
from relay_studio.cli.interrupt import CANCELLED_SENTENCE, raise_interrupted
from relay_studio.domain import secret_values
from relay_studio.domain.safe_text import SHOWN_NAME_CHARS

ESCAPES = "\x1b]0;pwned\x07\x1b[2J\u202e\x9b"


@pytest.fixture(autouse=True)
def _no_secrets_left() -> Iterator[None]:
    secret_values.forget_all()
    yield
    secret_values.forget_all()


def test_model_chosen_names_are_printed_escaped_and_cut(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path / "data")
    long_tool = "t" * 500 + ESCAPES
    turns = {"finalizer": [
        {"toolCalls": [{"name": long_tool, "arguments": {}}, {"name": "red\x1b[31m", "arguments": {}},
                       {"name": "workspace_write_file", "arguments": {"path": f"output/x{ESCAPES}.md", "content": "a"}},
                       {"name": "workspace_write_file", "arguments": {"path": "output/main.md",
                                                                       "content": f"Text {ESCAPES} end"}}]},
        {"toolCalls": [{"name": "workspace_commit", "arguments": {}},
                       {"name": "workspace_finish", "arguments": {"summary": "Done."}}]},
    ]}
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"turns": turns}), encoding="utf-8")
    assert main(["run", "--agent", "finalizer", "--prompt", "x", "--script", str(script), "--data-dir", data]) == 0
    out, err = capsys.readouterr()
    run_id = err.strip().splitlines()[-1].split()[1].rstrip(":")
    for argv in (["workspace", run_id], ["turns", run_id], ["events", run_id]):
        assert main([*argv, "--data-dir", data]) == 0
        more_out, more_err = capsys.readouterr()
        out, err = out + more_out, err + more_err
    # The committed text itself is the creator's product: printed as it is when not to a terminal.
    assert f"Text {ESCAPES} end" in out
    out = out.replace(f"Text {ESCAPES} end", "")
    for printed in (out, err):
        assert "\x1b" not in printed and "\u202e" not in printed and "\x9b" not in printed
    assert "  · red\\x1b[31m  ✗ tool.unknown" in err
    assert "output/x\\x1b]0;pwned\\x07\\x1b[2J\\u202e\\x9b.md" in out.splitlines()
    progress = next(line for line in err.splitlines() if line.startswith("  · ttt"))
    assert progress == "  · " + "t" * SHOWN_NAME_CHARS + "…  ✗ tool.unknown"


def test_a_registered_secret_is_never_printed_whatever_its_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = "plain-looking-token-0042"
    secret_values.register(secret)
    profile = {"schemaVersion": 1, "kind": "relay-studio.agentProfile", "id": "leaky",
               "displayName": f"Leaky {secret}", "model": {"mode": "requiresConfiguration"},
               "run": {"directRunnable": False}}
    path = tmp_path / "leaky.json"
    path.write_text(json.dumps(profile), encoding="utf-8")
    code = main(["profiles", "validate", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "Leaky ***" in out and secret not in out


@pytest.mark.parametrize("after", [0.0, 0.1, 0.25, 0.45])
def test_ctrl_c_in_the_first_half_second_exits_130_without_a_traceback(tmp_path: Path, after: float) -> None:
    # -X importtime reports each module as it finishes importing: the signal is sent a moment after the
    # command's own code took over from the interpreter's start-up (which no program can handle).
    proc = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", "relay_studio", "demo", "--data-dir", str(tmp_path / "data")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stderr is not None
    for line in proc.stderr:
        if line.rstrip().endswith("relay_studio.launch"):
            break
    else:
        pytest.fail("the command's entry point was never imported")
    time.sleep(after)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    # The demo may finish before the signal: then the process exits 0, or, when the signal lands while the
    # interpreter is already shutting down (it puts the default handlers back), dies of it: both only after the
    # run was reported completed. A signal that came while the command worked must end it with 130.
    finished = re.search(r"^run \S+: completed$", err, re.M) is not None
    assert proc.returncode == 130 or (finished and proc.returncode in (0, -signal.SIGINT)), (proc.returncode, err)
    if proc.returncode == 130:  # the run says it was cancelled; before or after it, the command says so
        assert re.search(r"^run \S+: cancelled", err, re.M) or CANCELLED_SENTENCE in err.splitlines(), err


# Ctrl+C lands while the command runs code made from a string, as SQLAlchemy and dataclasses do while they load.
_CTRL_C_IN_GENERATED_CODE = """
import os
import signal

import relay_studio.cli.host
from relay_studio import launch


def dispatch(*_args: object) -> int:
    exec("os.kill(os.getpid(), signal.SIGINT)\\nfor _ in range(10_000_000): pass", {"os": os, "signal": signal})
    return 0


relay_studio.cli.host._dispatch = dispatch
raise SystemExit(launch.main())
"""


def test_ctrl_c_while_code_made_from_a_string_runs_exits_130_with_a_sentence(tmp_path: Path) -> None:
    """CPython ends ``python -m`` by killing itself with SIGINT (exit -2, nothing printed) once a plain
    KeyboardInterrupt left code run from a string, even when the command caught it; the command's own
    interrupt does not leave that mark."""
    (tmp_path / "ctrl_c_probe.py").write_text(_CTRL_C_IN_GENERATED_CODE, encoding="utf-8")
    paths = [str(tmp_path), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    done = subprocess.run([sys.executable, "-m", "ctrl_c_probe", "demo", "--data-dir", str(tmp_path / "data")],
                          capture_output=True, text=True, timeout=60, check=False,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(paths)})
    assert (done.returncode, done.stderr) == (130, CANCELLED_SENTENCE + "\n")


def test_a_run_puts_back_the_commands_ctrl_c_handler_when_it_ends(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The run's own handler (cancel the run) goes when the run ends, and the command's is back, not Python's
    default one (which the event loop puts there)."""
    previous = signal.signal(signal.SIGINT, raise_interrupted)
    try:
        assert main(["demo", "--data-dir", str(tmp_path / "data")]) == 0
        assert signal.getsignal(signal.SIGINT) is raise_interrupted
    finally:
        signal.signal(signal.SIGINT, previous)
    assert "completed" in capsys.readouterr().err


def _on_a_terminal(*argv: str) -> str:
    printed, code = _terminal_run(*argv)
    assert code == 0
    return printed


def _on_a_terminal_any_exit(*argv: str) -> str:
    return _terminal_run(*argv)[0]


def _terminal_run(*argv: str) -> tuple[str, int]:
    """What the command prints when its output is a real terminal: the CLI runs here with its stdout and
    stderr on a pseudo-terminal (``isatty()`` is true, and the terminal's line discipline turns each
    newline into CR LF as a screen receives it), read from the other side as it is written."""
    import os
    import pty
    import threading

    master, slave = pty.openpty()
    chunks: list[bytes] = []

    def drain() -> None:
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the other side is closed
                return
            if not chunk:
                return
            chunks.append(chunk)

    reader = threading.Thread(target=drain, name="pty-reader")
    reader.start()
    saved = sys.stdout, sys.stderr
    with open(slave, "w", encoding="utf-8", buffering=1) as terminal:  # closing it closes the slave
        sys.stdout = sys.stderr = terminal
        try:
            code = main(list(argv))
        finally:
            sys.stdout, sys.stderr = saved
    reader.join(timeout=30)  # the reader sees EIO once it has read everything
    os.close(master)
    assert not reader.is_alive()
    return b"".join(chunks).decode("utf-8"), code


def test_model_text_reaches_a_terminal_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path / "data")
    turns = {"finalizer": [
        {"toolCalls": [{"name": "workspace_write_file", "arguments": {"path": "output/main.md",
                                                                       "content": f"Line one\n{ESCAPES} end"}},
                       {"name": "workspace_commit", "arguments": {}},
                       {"name": "workspace_finish", "arguments": {"summary": "Done."}}]},
    ]}
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"turns": turns}), encoding="utf-8")
    assert main(["run", "--agent", "finalizer", "--prompt", "x", "--chat", "c", "--script", str(script),
                 "--data-dir", data, "--jsonl"]) == 0
    run_id = json.loads(capsys.readouterr().out.splitlines()[-1])["runId"]
    for argv in (["events", run_id, "--jsonl"], ["turns", run_id, "--json"], ["chat", "show", "c"],
                 ["workspace", run_id, "output/main.md"]):
        printed = _on_a_terminal(*argv, "--data-dir", data)
        assert not any(ch in printed for ch in "\x1b\x07\u202e\x9b"), argv
        assert "pwned" in printed, "the text is shown, escaped"
    assert "Line one\r\n\\x1b]0;pwned" in printed, "line breaks stay line breaks"


def _raw(text: str) -> bool:
    return any(ch in text for ch in "\x1b\x07\u202e\x9b")


def test_names_from_imported_files_reach_a_terminal_escaped(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    d = ["--data-dir", str(tmp_path / "data")]
    world = tmp_path / "world.json"
    world.write_text(json.dumps({"entries": {"0": {"key": [f"Mira{ESCAPES}", f"alias{ESCAPES}"],
                                                   "comment": f"Mira{ESCAPES}",
                                                   "content": f"Line one{ESCAPES}\nLine two."}}}),
                     encoding="utf-8")
    outputs = [capsys.readouterr()]
    assert main(["library", "import", str(world), *d]) == 0
    outputs.append(capsys.readouterr())
    # the bidi override is a hidden character: removed at import (and said), the rest shown escaped
    assert "imported 1 entries (Mira\\x1b]0;pwned\\x07\\x1b[2J\\x9b)" in outputs[-1].out
    assert "removed 3 hidden characters from 'Mira\\x1b]0;pwned\\x07\\x1b[2J\\x9b'" in outputs[-1].out
    assert main(["library", "list", *d]) == 0
    outputs.append(capsys.readouterr())
    assert main(["library", "show", "Mira" + ESCAPES, *d]) == 0
    outputs.append(capsys.readouterr())
    assert "Line one\\x1b" in outputs[-1].out and "\nLine two." in outputs[-1].out, "lines are kept"
    chat = tmp_path / "chat.jsonl"
    chat.write_text("\n".join(json.dumps(line) for line in [
        {"user_name": "You", "character_name": f"Zed{ESCAPES}",
         "chat_metadata": {"relay_studio": {"chat": f"Night{ESCAPES}"}}},
        {"name": "You", "is_user": True, "mes": "Hello."}]) + "\n", encoding="utf-8")
    assert main(["chat", "import", str(chat), *d]) == 0
    outputs.append(capsys.readouterr())
    assert "imported as the chat 'Night\\x1b" in outputs[-1].out
    assert main(["demo", *d]) == 0
    capsys.readouterr()
    script = tmp_path / "handoff.json"
    doc = ("## Goal\nA story.\n## Canon & Constraints\nPast.\n## Progress\nOne.\n## Key Decisions\nNone.\n"
           f"## Critical Context\nMara{ESCAPES}.\n## Next Steps\nTwo.\n")
    script.write_text(json.dumps({"turns": {"editor": [{"text": doc}]}}), encoding="utf-8")
    assert main(["chat", "handoff", "Demo relay", "--to", f"Next{ESCAPES}", "--script", str(script), *d]) == 0
    outputs.append(capsys.readouterr())
    assert "Mara\\x1b]0;pwned" in outputs[-1].out and "Started the new chat 'Next\\x1b" in outputs[-1].err
    for captured in outputs:
        assert not _raw(captured.out) and not _raw(captured.err), captured


def test_a_failed_runs_message_quoting_a_server_reaches_the_terminal_escaped(tmp_path: Path) -> None:
    """Round four: the run's last line printed the failure's message raw, and it quotes the server's words."""
    from tests.providers.conftest import LoopbackServer, Reply

    server = LoopbackServer()
    try:
        server.add(Reply(status=400, body=json.dumps({"error": {"message": f"bad {ESCAPES} request"}}).encode(),
                         content_type="application/json"))
        data = str(tmp_path / "data")
        assert main(["connections", "add", "box", "--kind", "openai_compatible", "--base-url", server.url + "/v1",
                     "--model", "m", "--data-dir", data]) == 0
        printed = _on_a_terminal_any_exit("run", "--agent", "finalizer", "--prompt", "x", "--connection", "box",
                                          "--data-dir", data)
    finally:
        server.stop()
    assert "provider.bad_request" in printed and "pwned" in printed, printed
    assert not _raw(printed), printed
