"""An import is one unit (issue 29): a real ``library import`` process SIGKILLed while it stages, while it
moves files into place, and while it indexes leaves nothing behind once the project is next opened, and
the same command run again imports everything.

The process is held at the phase by a pause point (``relay_studio/pause_points.py``), not raced with a big
input: the kill lands in the middle of that phase every time, on a machine of any speed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from relay_studio.cli import main

REPO = Path(__file__).resolve().parents[2]
ENTRIES = 120
#: the import is held after this many files of its phase (more than a third, fewer than all)
HELD_AFTER = 50

pytestmark = pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL, which Windows does not have")


def _world_info(path: Path) -> Path:
    entries = {str(i): {"uid": i, "key": [f"Entry {i}"], "comment": f"Entry {i}", "content": f"Lore number {i}."}
               for i in range(ENTRIES)}
    path.write_text(json.dumps({"entries": entries}), encoding="utf-8")
    return path


def _library(data: Path) -> Path:
    return data / "projects" / "default" / "library"


def _staged(data: Path) -> list[Path]:
    base = _library(data) / ".import"
    return [f for f in base.iterdir() if f.is_dir()] if base.is_dir() else []


def _lore_files(data: Path) -> int:
    folder = _library(data) / "lore"
    return len(list(folder.glob("*.md"))) if folder.is_dir() else 0


def _staging(data: Path) -> bool:
    return any(len(list(f.glob("*.md"))) == HELD_AFTER and not (f / "manifest.json").exists()
               for f in _staged(data)) and _lore_files(data) == 0


def _moving(data: Path) -> bool:
    return any((f / "manifest.json").exists() for f in _staged(data)) and _lore_files(data) == HELD_AFTER


def _indexing(data: Path) -> bool:
    return any((f / "manifest.json").exists() for f in _staged(data)) and _lore_files(data) == ENTRIES


#: the phase, the pause point that holds the import in it, and what the disk shows while it is held there
POINTS: dict[str, tuple[str, Callable[[Path], bool]]] = {
    "staging": ("library_import.staging", _staging),
    "moving": ("library_import.moving", _moving),
    "indexing": ("library.index_write", _indexing),
}


@pytest.mark.parametrize("point", list(POINTS))
def test_an_import_killed_at_any_point_leaves_nothing_and_the_rerun_imports_all(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], point: str) -> None:
    data = tmp_path / "data"
    source = _world_info(tmp_path / "world.json")
    d = ["--data-dir", str(data)]
    assert main(["library", "list", *d]) == 0  # the data folder and its project exist before the race
    capsys.readouterr()
    pause, in_phase = POINTS[point]
    held = tmp_path / "held"
    env = {**os.environ, "RELAY_STUDIO_PAUSE_AT": pause, "RELAY_STUDIO_PAUSE_AFTER": str(HELD_AFTER),
           "RELAY_STUDIO_PAUSE_FILE": str(held)}
    proc = subprocess.Popen([sys.executable, "-m", "relay_studio", "library", "import", str(source), *d],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=REPO, env=env)
    deadline = time.monotonic() + 120
    try:
        while not held.exists():
            assert proc.poll() is None, f"the import ended before it was {point}"
            assert time.monotonic() < deadline, f"the import never reached {pause}"
            time.sleep(0.01)
        assert in_phase(data), f"held at {pause}, the disk does not show the import {point}"
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
        assert proc.stderr is not None
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL
    assert _staged(data), "the kill came before the import was done"
    assert main(["library", "list", "--json", *d]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == [] and err == "", "the next open undid the unfinished import"
    assert _lore_files(data) == 0 and _staged(data) == []
    assert main(["library", "import", str(source), *d]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"world.json: imported {ENTRIES} entries") and err == ""
    assert main(["library", "list", "--json", *d]) == 0
    assert len(json.loads(capsys.readouterr().out)) == ENTRIES
    assert _lore_files(data) == ENTRIES and _staged(data) == []


def _small_files() -> None:
    """In the child: no file may grow past 64 KB (the write fails with EFBIG, as on a full disk)."""
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (64 * 1024, 64 * 1024))


def test_an_import_the_disk_cannot_hold_is_refused_and_leaves_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    d = ["--data-dir", str(data)]
    assert main(["library", "list", *d]) == 0
    capsys.readouterr()
    big = tmp_path / "big.md"
    big.write_text("---\ntype: lore\nname: Big\n---\n" + "word " * 30_000 + "\n", encoding="utf-8")  # 150 KB
    small = tmp_path / "small.md"
    small.write_text("---\ntype: item\nname: Heron\n---\nA ship.\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "relay_studio", "library", "import", str(big), str(small), *d],
                          capture_output=True, text=True, cwd=REPO, preexec_fn=_small_files, timeout=300)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr == ("error: big.md could not be written to the story library (the disk holding the project "
                           "folder is full); nothing of it was kept. [library.write_failed]\n")
    assert done.stdout == "small.md: imported 1 entries (Heron).\n", "the rest of the batch imports"
    assert main(["library", "list", *d]) == 0
    assert capsys.readouterr().out == "item\tHeron\n"
    assert _lore_files(data) == 0 and _staged(data) == []
