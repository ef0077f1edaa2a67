"""The database fails while an import is being indexed (issue 29): its files are in place, the index write
is refused. The moved files are taken back, the CLI says so in one sentence with its code (``store.disk_full``
for a full disk, ``library.index_failed`` otherwise), the rest of the batch imports, and the same command run
once the cause is gone imports everything."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from relay_studio.cli import host, main
from relay_studio.runtime.engine import Runtime

REPO = Path(__file__).resolve().parents[2]
ENTRIES = 2000


def _world_info(path: Path) -> Path:
    entries = {str(i): {"uid": i, "key": [f"Entry {i}"], "comment": f"Entry {i}",
                        "content": f"Lore number {i}: the lantern swung over the harbour."} for i in range(ENTRIES)}
    path.write_text(json.dumps({"entries": entries}), encoding="utf-8")
    return path


def _small(path: Path) -> Path:
    path.write_text("---\ntype: item\nname: Heron\n---\nA ship.\n", encoding="utf-8")
    return path


def _library(data: Path) -> Path:
    return data / "projects" / "default" / "library"


def _left(data: Path) -> tuple[int, list[Path]]:
    lore = _library(data) / "lore"
    staged = _library(data) / ".import"
    return (len(list(lore.glob("*.md"))) if lore.is_dir() else 0,
            [f for f in staged.iterdir()] if staged.is_dir() else [])


def _rerun_imports_all(data: Path, source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = ["--data-dir", str(data)]
    assert main(["library", "import", str(source), *d]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"world.json: imported {ENTRIES} entries") and err == "", err
    assert main(["library", "list", "--json", *d]) == 0
    assert len(json.loads(capsys.readouterr().out)) == ENTRIES + 1
    assert _left(data) == (ENTRIES, [])


def test_a_database_full_while_indexing_is_one_disk_full_line_and_the_rerun_imports_all(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite's own SQLITE_FULL: the database held to its size plus a few pages (``PRAGMA max_page_count``),
    room for one entry's row, not for 2,000."""
    data = tmp_path / "data"
    d = ["--data-dir", str(data)]
    assert main(["library", "list", *d]) == 0
    capsys.readouterr()

    class HeldDatabase(Runtime):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            pages = int(self.db.raw.execute("PRAGMA page_count").fetchone()[0])
            self.db.raw.execute(f"PRAGMA max_page_count = {pages + 8}")

    monkeypatch.setattr(host, "Runtime", HeldDatabase)
    source = _world_info(tmp_path / "world.json")
    code = main(["library", "import", str(source), str(_small(tmp_path / "small.md")), *d])
    out, err = capsys.readouterr()
    assert code != 0 and "Traceback" not in err
    assert err == ("error: world.json could not be indexed: the disk holding the data folder is full, so nothing "
                   "of it was kept. Free some space and import it again. [store.disk_full]\n")
    assert out == "small.md: imported 1 entries (Heron).\n", "the rest of the batch imports"
    assert _left(data) == (0, [])

    monkeypatch.setattr(host, "Runtime", Runtime)  # space freed
    _rerun_imports_all(data, source, capsys)


def _small_files() -> None:
    """In the child: no file may grow past 512 KB; the entry files and the manifest fit, the database's
    log does not (SQLite's write fails with EFBIG: a disk I/O error, not a full disk)."""
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (512 * 1024, 512 * 1024))


@pytest.mark.skipif(os.name != "posix", reason="needs RLIMIT_FSIZE, which Windows does not have")
def test_a_database_write_error_while_indexing_is_one_line_with_its_code_and_the_rerun_imports_all(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    d = ["--data-dir", str(data)]
    assert main(["library", "list", *d]) == 0
    capsys.readouterr()
    source = _world_info(tmp_path / "world.json")
    small = _small(tmp_path / "small.md")
    done = subprocess.run([sys.executable, "-m", "relay_studio", "library", "import", str(source), str(small), *d],
                          capture_output=True, text=True, cwd=REPO, preexec_fn=_small_files, timeout=300)
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: world.json could not be indexed in the database (")
    assert lines[0].endswith("); nothing of it was kept. [library.index_failed]"), lines[0]
    assert done.stdout == "small.md: imported 1 entries (Heron).\n", "the rest of the batch imports"
    assert _left(data) == (0, [])
    _rerun_imports_all(data, source, capsys)
