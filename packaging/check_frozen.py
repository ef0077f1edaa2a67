"""Smoke-test a built Relay Studio, headless, on any OS: the frozen onedir app or an installed one.

    python packaging/check_frozen.py PATH/TO/relay-studio[.exe] [--data-dir DIR]

Checks, in order: ``--version`` names the pyproject version; ``--smoke`` opens the window offscreen,
runs the demo chat and reports ``ok``; ``demo --jsonl`` runs the scripted relay to ``completed``
with a committed answer; ``run --script`` does the same with an explicit script; ``runs --json``,
``chat show`` and ``workspace`` read them back. Exits 0 when every check passed, 1 otherwise. Needs
only the standard library (the release workflow runs it with the runner's Python).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEMO_SCRIPT = ROOT / "resources" / "scripts" / "demo_relay.json"


def expected_version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"])


@dataclass
class Result:
    args: list[str]
    returncode: int
    stdout: str
    stderr: str
    seconds: float


def headless_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["PYTHONIOENCODING"] = "utf-8"
    env.update(extra or {})
    return env


def call(exe: Sequence[str | Path], *args: str | Path, env: dict[str, str] | None = None,
         timeout: float = 120) -> Result:
    cmd = [str(c) for c in (*exe, *args)]
    started = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, encoding="utf-8", env=env or headless_env(),
                          timeout=timeout, check=False)
    return Result(cmd, proc.returncode, proc.stdout, proc.stderr, time.perf_counter() - started)


class CheckFailed(AssertionError):
    pass


def _expect(ok: bool, what: str, result: Result) -> None:
    if not ok:
        raise CheckFailed(f"{what}\n  command: {' '.join(result.args)}\n  exit: {result.returncode}\n"
                          f"  stdout: {result.stdout[-2000:]}\n  stderr: {result.stderr[-2000:]}")


def check_version(exe: Sequence[str | Path]) -> str:
    result = call(exe, "--version")
    want = f"relay-studio {expected_version()}"
    _expect(result.returncode == 0 and result.stdout.strip() == want, f"--version should print {want!r}", result)
    return result.stdout.strip()


def check_smoke(exe: Sequence[str | Path], env: dict[str, str] | None = None) -> dict[str, object]:
    result = call(exe, "--smoke", env=env)
    _expect(result.returncode == 0, "--smoke should exit 0", result)
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    _expect(bool(lines), "--smoke should print its JSON report", result)
    report: dict[str, object] = json.loads(lines[-1])
    _expect(report.get("smoke") == "ok" and report.get("runStatus") == "completed",
            "--smoke should report ok and a completed demo run", result)
    return report


def _run_result(result: Result) -> dict[str, object]:
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    _expect(bool(lines) and lines[-1].get("type") == "run_result", "the last JSON line should be run_result", result)
    last: dict[str, object] = lines[-1]
    return last


def check_demo(exe: Sequence[str | Path], data_dir: Path) -> dict[str, object]:
    result = call(exe, "demo", "--data-dir", data_dir, "--jsonl")
    _expect(result.returncode == 0, "demo --jsonl should exit 0 (completed)", result)
    final = _run_result(result)
    _expect(final.get("status") == "completed" and bool(final.get("committedMessage")),
            "the demo relay should complete with a committed message", result)
    types = [json.loads(line)["type"] for line in result.stdout.splitlines()[:-1]]
    _expect("agent_handoff_accepted" in types and "chat_commit_completed" in types,
            "the demo relay should hand off and commit", result)
    return final


def check_run_script(exe: Sequence[str | Path], data_dir: Path, script: Path = DEMO_SCRIPT) -> dict[str, object]:
    result = call(exe, "run", "--data-dir", data_dir, "--agent", "writer", "--prompt",
                  "Write a short scene about the last lighthouse keeper.", "--chat", "Scripted",
                  "--script", script, "--jsonl")
    _expect(result.returncode == 0, "run --script --jsonl should exit 0", result)
    final = _run_result(result)
    _expect(final.get("status") == "completed", "the scripted run should complete", result)
    return final


def check_read_back(exe: Sequence[str | Path], data_dir: Path, run_id: str, committed: str) -> None:
    runs = call(exe, "runs", "--data-dir", data_dir, "--json")
    _expect(runs.returncode == 0 and run_id in {r["id"] for r in json.loads(runs.stdout)},
            "runs --json should list the run", runs)
    chat = call(exe, "chat", "show", "Demo relay", "--data-dir", data_dir, "--json")
    _expect(chat.returncode == 0 and any(m["content"] == committed for m in json.loads(chat.stdout)["messages"]),
            "chat show should hold the committed answer", chat)
    files = call(exe, "workspace", run_id, "--data-dir", data_dir)
    _expect(files.returncode == 0 and bool(files.stdout.strip()), "workspace should list the run's files", files)


def check_all(exe: Sequence[str | Path], data_dir: Path, log: bool = True) -> None:
    def say(text: str) -> None:
        if log:
            print(text, flush=True)

    say(f"version: {check_version(exe)}")
    report = check_smoke(exe)
    say(f"smoke: ok (platform {report.get('platform')}, first paint {report.get('firstPaintMs')} ms)")
    final = check_demo(exe, data_dir)
    say(f"demo: {final['status']} ({final['runId']})")
    scripted = check_run_script(exe, data_dir)
    say(f"run --script: {scripted['status']} ({scripted['runId']})")
    check_read_back(exe, data_dir, str(final["runId"]), str(final["committedMessage"]))
    say("runs / chat show / workspace: ok")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Smoke-test a built Relay Studio headless.")
    parser.add_argument("executable", type=Path)
    parser.add_argument("--data-dir", type=Path, help="default: a new temporary folder")
    args = parser.parse_args(argv)
    exe = args.executable.resolve()
    if not exe.is_file():
        print(f"error: {exe} does not exist", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="relay-studio-check-", ignore_cleanup_errors=True) as tmp:
        try:
            check_all([exe], args.data_dir or Path(tmp) / "data")
        except CheckFailed as exc:
            print(f"FAILED: {exc}", file=sys.stderr)
            return 1
    print(f"all checks passed for {exe}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
