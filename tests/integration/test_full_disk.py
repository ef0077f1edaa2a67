"""A full disk under the data folder: the run ends with its own code and keeps its commits; the folder opens
while the disk is full (its pages wait in the write-ahead log) and everything works again once space is freed."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import random
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from relay_studio.cli import main
from relay_studio.cli.exits import EXIT_FAILED
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.error_codes import STORE_DISK_FULL as DISK_FULL
from relay_studio.domain.events import Event
from relay_studio.runtime.engine import DB_NAME
from relay_studio.store.database import Database
from relay_studio.store.runs import RunStore
from tests.support import Harness, call, relay_profiles, write


class SmallDisk:
    """The data folder on a 2 MB tmpfs (a real ENOSPC under SQLite and the workspace), when this process may
    mount one; elsewhere a database limited to its current size plus a little (``PRAGMA max_page_count``:
    SQLite's own SQLITE_FULL, "database or disk is full"). ``free`` gives it room."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        data_dir.mkdir(mode=0o700)
        self.tmpfs = os.geteuid() == 0 and subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=2m,mode=0700", "tmpfs", str(data_dir)],
            capture_output=True).returncode == 0
        self.harness = Harness(data_dir)
        if not self.tmpfs:
            db = self.harness.runtime.db
            pages = int(db.raw.execute("PRAGMA page_count").fetchone()[0])
            db.raw.execute(f"PRAGMA max_page_count = {pages + 200}")

    def free(self) -> None:
        if self.tmpfs:
            subprocess.run(["mount", "-o", "remount,size=64m", str(self.data_dir)], check=True)
        else:
            self.harness.runtime.db.raw.execute("PRAGMA max_page_count = 1073741823")

    def unmount(self) -> None:
        if self.tmpfs:
            subprocess.run(["umount", "-l", str(self.data_dir)], check=False)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[SmallDisk]:
    disk = SmallDisk(tmp_path / "data")
    try:
        yield disk
    finally:
        disk.harness.close()
        disk.unmount()


def _incompressible(size: int) -> str:
    return base64.b64encode(random.Random(29).randbytes(size * 3 // 4)).decode("ascii")


def _turns(big: int) -> dict[str, list[dict[str, object]]]:
    return {"final-editor": [
        {"toolCalls": [write("output/main.md", "The first scene.")]},
        {"toolCalls": [call("workspace_commit", {})]},
        {"toolCalls": [write("output/next.md", _incompressible(big))]},  # its arguments alone do not fit on the disk
        {"toolCalls": [call("workspace_finish", {"summary": "Done."})]},
    ]}


async def test_a_full_disk_ends_the_run_with_its_code_keeping_its_commits(
        small_disk: SmallDisk, capsys: pytest.CaptureFixture[str]) -> None:
    harness = small_disk.harness
    run_id, status = await harness.run("final-editor", _turns(3_000_000), profiles=relay_profiles())
    assert status is RunStatus.PARTIAL_SUCCESS, harness.types(run_id)
    run = harness.runtime.runs.run(run_id)
    assert run is not None and run.error_code == DISK_FULL, (run.error_code if run else None)
    assert run.error_message is not None and "disk holding the data folder is full" in run.error_message
    assert str(small_disk.data_dir) not in run.error_message
    assert [c.path for c in harness.runtime.runs.commits(run_id)] == ["output/main.md"]
    ended = harness.of_type(run_id, "run_partial_success")
    assert ended and ended[-1].payload["errorCode"] == DISK_FULL

    harness.runtime.close()  # the last close cannot checkpoint on a full disk: the pages stay in the log
    database = small_disk.data_dir / DB_NAME
    if small_disk.tmpfs:
        assert database.with_name(database.name + "-wal").stat().st_size > 0
    reopened = Database(database)  # while the disk is still full, the folder opens and reads
    try:
        assert [c.path for c in RunStore(reopened).commits(run_id)] == ["output/main.md"]
    finally:
        reopened.close()

    filler = small_disk.data_dir / "filler"
    if small_disk.tmpfs:  # not a byte left: whatever the command writes meets the full disk
        fd = os.open(filler, os.O_CREAT | os.O_WRONLY, 0o600)
        with contextlib.suppress(OSError):
            while os.write(fd, b"\0" * 4096):
                pass
        os.close(fd)
    code = main(["--data-dir", str(small_disk.data_dir), "projects", "list"])  # reading works
    out, err = capsys.readouterr()
    assert code == 0 and "Default" in out, err
    if small_disk.tmpfs:  # a write is refused as a full disk, in one line, while it lasts
        story = small_disk.data_dir.parent / "story.jsonl"  # off the small disk; its messages do not fit on it
        lines = [{"user_name": "You", "character_name": "Mira"}] + [
            {"name": "Mira", "is_user": False, "mes": _incompressible(2_000)} for _ in range(1_000)]
        story.write_text("\n".join(json.dumps(line) for line in lines), encoding="utf-8")
        code = main(["--data-dir", str(small_disk.data_dir), "chat", "import", str(story)])
        out, err = capsys.readouterr()
        assert code == EXIT_FAILED and err.count("\n") == 1, err
        assert "is full" in err and err.rstrip().endswith(f"[{DISK_FULL}]"), err
        filler.unlink()

    small_disk.harness = Harness(small_disk.data_dir)
    small_disk.free()
    harness = small_disk.harness
    assert harness.runtime.projects.create("Second") is not None  # writes work again
    again, status = await harness.run("final-editor", _turns(10), profiles=relay_profiles(), chat="after")
    assert status is RunStatus.COMPLETED, harness.types(again)
    assert [c.path for c in harness.runtime.runs.commits(again)] == ["output/main.md"]


async def test_a_full_disk_met_inside_a_tool_ends_the_run_with_its_code(tmp_path: Path) -> None:
    """The write's arguments fit, the file version it records does not: SQLite's own SQLITE_FULL from a
    database held to its size (``PRAGMA max_page_count``) once the first commit is in."""
    harness = Harness(tmp_path / "data")
    db = harness.runtime.db

    def hold(event: Event) -> None:
        if event.type == "chat_commit_completed":  # room for the next answer and its call, not for more
            pages = int(db.raw.execute("PRAGMA page_count").fetchone()[0])
            db.raw.execute(f"PRAGMA max_page_count = {pages + 180}")

    db.subscribe(hold)
    try:
        run_id, status = await harness.run("final-editor", _turns(400_000), profiles=relay_profiles())
        assert status is RunStatus.PARTIAL_SUCCESS, harness.types(run_id)
        assert "workspace_file_written" not in harness.types(run_id)[-8:]
        run = harness.runtime.runs.run(run_id)
        assert run is not None and run.error_code == DISK_FULL, (run.error_code, run.error_message) if run else None
        assert [c.path for c in harness.runtime.runs.commits(run_id)] == ["output/main.md"]
    finally:
        harness.close()


async def test_a_full_disk_met_by_a_helper_ends_the_run_with_its_code(tmp_path: Path) -> None:
    harness = Harness(tmp_path / "data")
    db = harness.runtime.db

    def hold(event: Event) -> None:
        if event.type == "chat_commit_completed":  # no room for the helper's long answer
            pages = int(db.raw.execute("PRAGMA page_count").fetchone()[0])
            db.raw.execute(f"PRAGMA max_page_count = {pages + 40}")

    db.subscribe(hold)
    turns = {
        "writer": [
            {"toolCalls": [write("output/main.md", "Scene."), call("workspace_commit")]},
            {"toolCalls": [call("agent_delegate", {"agentId": "researcher",
                                                   "task": {"objective": "Find three facts about lighthouses."}})]},
            {"toolCalls": [call("agent_await", {"taskIds": ["task-1"], "mode": "allCompleted"})]},
            {"toolCalls": [call("workspace_finish")]},
        ],
        "researcher": [{"toolCalls": [write("scratch/facts.md", _incompressible(400_000))]}],
    }
    try:
        run_id, status = await harness.run("writer", turns)
        assert status is RunStatus.PARTIAL_SUCCESS, harness.types(run_id)
        run = harness.runtime.runs.run(run_id)
        assert run is not None and run.error_code == DISK_FULL, (run.error_code, run.error_message) if run else None
        assert [c.path for c in harness.runtime.runs.commits(run_id)] == ["output/main.md"]
    finally:
        harness.close()


def _fill(folder: Path, leave_kb: int) -> None:
    """Writes a filler file until ``leave_kb`` KB (or less) stay free on the disk of ``folder``."""
    fd = os.open(folder / "filler", os.O_CREAT | os.O_WRONLY, 0o600)
    with contextlib.suppress(OSError):
        while (left := os.statvfs(folder).f_bavail * os.statvfs(folder).f_frsize - leave_kb * 1024) > 0:
            os.write(fd, b"\0" * min(4096, left))
    os.close(fd)


@pytest.mark.parametrize("leave_kb", [0, 8, 16])
def test_a_nearly_full_disk_is_said_to_be_full_with_its_free_space_never_damaged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], leave_kb: int
) -> None:
    """Round four: with 0 to 16 KB free, SQLite cannot grow its shared-memory file and says "disk I/O
    error"; library import, chat import and knowledge add reported a damaged database. It is a full disk."""
    disk = SmallDisk(tmp_path / "data")
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    story = inputs / "story.jsonl"
    story.write_text("\n".join(json.dumps(line) for line in [{"user_name": "You", "character_name": "Mira"}] + [
        {"name": "Mira", "is_user": False, "mes": _incompressible(600)} for _ in range(100)]), encoding="utf-8")
    notes = inputs / "notes.md"
    notes.write_text("# Notes\n\n" + "\n\n".join(_incompressible(300) for _ in range(100)), encoding="utf-8")
    entry = inputs / "Mara.md"
    entry.write_text("---\ntype: character\nname: Mara\n---\n" + _incompressible(4000), encoding="utf-8")
    d = ["--data-dir", str(disk.data_dir)]
    try:
        disk.harness.close()
        if not disk.tmpfs:  # no tmpfs: a real I/O error with room to spare stays what it is
            from relay_studio.store.data_folder import is_disk_full

            assert not is_disk_full(sqlite3.OperationalError("disk I/O error"), disk.data_dir)
            return
        _fill(disk.data_dir, leave_kb)
        for command in (["chat", "import", str(story)], ["knowledge", "add", str(notes)],
                        ["library", "import", str(entry)]):
            code = main([*command, *d])
            err = capsys.readouterr().err
            assert code == EXIT_FAILED and err.count("\n") == 1, (command, err)
            assert "is damaged" not in err and err.rstrip().endswith(f"[{DISK_FULL}]"), (command, err)
            assert "KB free)" in err and "Free some space" in err, err
        (disk.data_dir / "filler").unlink()
        assert main(["chat", "import", str(story), *d]) == 0, "not damaged: it works once space is freed"
    finally:
        disk.unmount()


def test_knowledge_add_of_a_document_the_disk_cannot_hold_is_a_full_disk(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The copy into the library meets ENOSPC: said with the full disk's code (it said knowledge.file_unreadable)."""
    disk = SmallDisk(tmp_path / "data")
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n\n" + "\n\n".join(_incompressible(500) for _ in range(1600)), encoding="utf-8")
    try:
        disk.harness.close()
        if not disk.tmpfs:  # without a tmpfs, an OSError's ENOSPC is what the copy would meet
            from relay_studio.store.data_folder import is_disk_full

            assert is_disk_full(OSError(28, "No space left on device"))
            return
        _fill(disk.data_dir, 400)
        code = main(["knowledge", "add", str(notes), "--data-dir", str(disk.data_dir)])
        err = capsys.readouterr().err
        last = err.splitlines()[-1]  # after the progress line
        assert code == EXIT_FAILED and last.startswith("error: notes.md could not be copied"), err
        assert last.endswith(f"KB free). Free some space and add it again; nothing of it was kept. [{DISK_FULL}]")
        assert not [p for p in disk.data_dir.rglob("*notes*")], "no partial copy is left"
    finally:
        disk.unmount()
