"""The window open on a data folder while a CLI process runs a relay in it: both runs go through."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from relay_studio.runtime.engine import DB_NAME
from tests.gui.conftest import App, run_to_end, until
from tests.gui.scripts import relay_turns

REPO = Path(__file__).resolve().parents[2]


def _status(data: Path) -> list[tuple[str, str]]:
    if not (data / DB_NAME).exists():
        return []
    db = sqlite3.connect(data / DB_NAME, timeout=10)
    try:
        return db.execute("SELECT id, status FROM runs ORDER BY created_at").fetchall()
    except sqlite3.OperationalError:  # the CLI is still creating the tables
        return []
    finally:
        db.close()


async def test_the_window_opens_and_runs_while_the_cli_runs_a_relay_in_the_same_folder(
        app: App, tmp_path: Path) -> None:
    script = json.loads((REPO / "resources" / "scripts" / "demo_relay.json").read_text(encoding="utf-8"))
    for turns in script["turns"].values():
        for turn in turns:
            turn["delayMs"] = 250
    slow = tmp_path / "slow.json"
    slow.write_text(json.dumps(script), encoding="utf-8")
    out, err = (tmp_path / "cli.out").open("w"), (tmp_path / "cli.err").open("w")
    argv = [sys.executable, "-m", "relay_studio", "run", "--agent", "writer", "--prompt", "A story.",
            "--chat", "from the terminal", "--script", str(slow), "--data-dir", str(app.data_dir), "--jsonl"]
    proc = await asyncio.to_thread(subprocess.Popen, argv, stdout=out, stderr=err, cwd=REPO)
    try:
        await until(lambda: [s for _, s in _status(app.data_dir)] == ["running"], 60, "the CLI run to start")
        (cli_run, _), = _status(app.data_dir)
        window = app.open(relay_turns())  # the window starts while the CLI drives its run
        assert app.runtime is not None and app.runtime.recovered == [] and app.runtime.suspended == []
        window.new_chat()
        window.chat.composer.set_text("Write about a harbour.")
        window.chat.composer.submit()
        window_run = await run_to_end(window)
        assert app.runtime.runs.run(window_run).status.value == "completed"  # type: ignore[union-attr]
        await until(lambda: proc.poll() is not None, 120, "the CLI run to end")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        out.close()
        err.close()
    assert proc.returncode == 0, (tmp_path / "cli.err").read_text()
    assert dict(_status(app.data_dir)) == {cli_run: "completed", window_run: "completed"}
    for run_id in (cli_run, window_run):
        events = app.runtime.runs.events(run_id)
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        assert "run_interrupted" not in {e.type for e in events}
