"""``export --run`` never follows a link, at any depth (issue 39: a run's ``output/`` linked to ``/etc``
wrote ``/etc``'s text files into the book)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from relay_studio.cli import main
from relay_studio.manuscript import output_answers


def _outside(tmp_path: Path) -> Path:
    """A folder outside the run, as /etc is: a text file the book must never hold."""
    folder = tmp_path / "etc"
    folder.mkdir()
    (folder / "passwd.txt").write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    return folder


def _workspace(tmp_path: Path, how: str) -> Path:
    etc = _outside(tmp_path)
    ws = tmp_path / "ws"
    out = ws / "output"
    if how == "the workspace is a link":
        real = tmp_path / "real_ws"
        (real / "output").mkdir(parents=True)
        shutil.copy(etc / "passwd.txt", real / "output" / "ch1.txt")
        ws.symlink_to(real, target_is_directory=True)
        return ws / "output"
    if how == "output is a link":
        ws.mkdir()
        out.symlink_to(etc, target_is_directory=True)
        return out
    out.mkdir(parents=True)
    (out / "ch1.md").write_text("The tide came in.\n", encoding="utf-8")
    if how == "a folder inside is a link":
        (out / "part2").mkdir()
        (out / "part2" / "deeper").symlink_to(etc, target_is_directory=True)
    else:  # a file is a link
        (out / "ch2.txt").symlink_to(etc / "passwd.txt")
    return out


@pytest.mark.parametrize("how", ["output is a link", "the workspace is a link", "a folder inside is a link",
                                 "a file is a link"])
def test_no_link_is_followed_at_any_depth(tmp_path: Path, how: str) -> None:
    answers = output_answers(_workspace(tmp_path, how))
    assert all("root:x:0:0" not in a.text for a in answers), [a.id for a in answers]
    if how in ("a folder inside is a link", "a file is a link"):
        assert [a.id for a in answers] == ["ch1.md"], "the run's own files are still read"


def test_export_run_with_output_linked_outside_writes_nothing_of_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    d = ["--data-dir", str(data)]
    assert main(["demo", *d]) == 0
    capsys.readouterr()
    assert main(["chat", "show", "Demo relay", "--json", *d]) == 0
    run_id = json.loads(capsys.readouterr().out)["messages"][-1]["run_id"]
    from relay_studio.runtime.engine import Runtime

    runtime = Runtime(data)
    try:
        out = runtime.workspace_dir(run_id) / "output"
    finally:
        runtime.close()
    shutil.rmtree(out)
    out.symlink_to(_outside(tmp_path), target_is_directory=True)
    book = tmp_path / "book.md"
    code = main(["export", "--run", run_id, "--out", str(book), *d])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert not book.exists() or "root:x:0:0" not in book.read_text(encoding="utf-8")
    assert code in (0, 2), err
