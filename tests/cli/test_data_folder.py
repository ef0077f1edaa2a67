"""The CLI and its data folder: every spelling of --data-dir, a damaged database, streamed output."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from relay_studio.cli import main
from relay_studio.store import data_folder


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def env_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """RELAY_STUDIO_DATA_DIR points here, so a command that ignored --data-dir would write here."""
    folder = tmp_path / "from-env"
    monkeypatch.setenv("RELAY_STUDIO_DATA_DIR", str(folder))
    return folder


def _runs(folder: Path) -> list[str]:
    db = sqlite3.connect(folder / "relay-studio.db")
    try:
        return [r[0] for r in db.execute("SELECT status FROM runs")]
    finally:
        db.close()


@pytest.mark.parametrize("where", ["before", "after"])
def test_data_dir_before_or_after_the_command_is_where_the_run_is_written(
        tmp_path: Path, env_dir: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    data = tmp_path / "chosen"
    argv = ["--data-dir", str(data), "demo"] if where == "before" else ["demo", "--data-dir", str(data)]
    code, _, _ = run_cli(capsys, *argv)
    assert code == 0
    assert _runs(data) == ["completed"]
    assert not env_dir.exists()  # the default folder was never touched
    listing = ["--data-dir", str(data), "runs"] if where == "before" else ["runs", "--data-dir", str(data)]
    code, out, _ = run_cli(capsys, *listing)
    assert code == 0 and "completed" in out
    code, out, _ = run_cli(capsys, "--data-dir", str(data), "profiles", "list")
    assert code == 0 and "writer" in out and not env_dir.exists()


def test_data_dir_from_the_environment_when_no_flag_is_given(env_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run_cli(capsys, "demo")
    assert code == 0 and _runs(env_dir) == ["completed"]


def test_a_damaged_database_is_one_line_exit_3_and_left_as_it_was(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    assert run_cli(capsys, "demo", "--data-dir", str(data))[0] == 0
    db = data / "relay-studio.db"
    damaged = b"garbage!" * 2 + db.read_bytes()[16:]
    db.write_bytes(damaged)
    for argv in (["runs"], ["demo"], ["chat", "show", "Demo relay"], ["profiles", "list"]):
        code, out, err = run_cli(capsys, *argv, "--data-dir", str(data))
        assert code == 3, argv
        assert err.count("\n") == 1 and str(db) in err and "[store.not_a_database]" in err
        assert "Traceback" not in err and out == ""
        assert db.read_bytes() == damaged


def test_turns_json_is_streamed_with_the_same_text_as_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    code, out, _ = run_cli(capsys, "demo", "--data-dir", str(data), "--jsonl")
    run_id = json.loads(out.splitlines()[-1])["runId"]
    code, out, _ = run_cli(capsys, "turns", run_id, "--json", "--data-dir", str(data))
    turns = json.loads(out)
    assert code == 0 and len(turns) == 11
    assert out == json.dumps(turns, ensure_ascii=False, indent=2) + "\n"  # the shape printed before streaming
    code, out, _ = run_cli(capsys, "turns", "run_missing", "--json", "--data-dir", str(data))
    assert code == 2


def test_damage_met_past_the_opening_checks_is_one_line_exit_3(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    code, out, _ = run_cli(capsys, "demo", "--data-dir", str(data), "--jsonl")
    run_id = json.loads(out.splitlines()[-1])["runId"]
    db = data / "relay-studio.db"
    page = 4096
    pages = db.stat().st_size // page
    damaged = bytearray(db.read_bytes())
    for n in range(pages * 3 // 4, pages):  # leave the schema readable, wreck the journal's last pages
        damaged[n * page + 8:(n + 1) * page] = b"\xff" * (page - 8)
    db.write_bytes(bytes(damaged))
    monkeypatch.setattr(data_folder, "QUICK_CHECK_MAX_BYTES", 0)  # as for a file too big to check on opening
    code, out, err = run_cli(capsys, "events", run_id, "--data-dir", str(data))
    assert code == 3 and err.startswith("error: The database") and "[store.database_damaged]" in err
    assert str(data) in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert db.read_bytes() == bytes(damaged)
