"""Round four's hostile exports (issue 39): long names, a name past the file system's limit, a language that
is no BCP 47 tag, a full disk, library export to a folder, Markdown lines that look like blocks, and the
temporary files of killed exports."""

from __future__ import annotations

import gc
import os
import subprocess
import time
import zipfile
from pathlib import Path

import pytest

from relay_studio.manuscript import build, export
from relay_studio.manuscript.export import STALE_PART_SECONDS
from relay_studio.manuscript.structure import Answer
from tests.cli.test_cli_export import run_cli, seed_chat


def _one_line(err: str, code: str) -> None:
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    assert err.rstrip().endswith(f"[{code}]"), err


@pytest.mark.parametrize("fmt", ["docx", "epub", "md"])
def test_a_title_and_author_of_300_characters_are_written(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          fmt: str) -> None:
    data = tmp_path / "data"
    seed_chat(data)
    out = tmp_path / f"book.{fmt}"
    code, _, err = run_cli(capsys, "export", "Novel", "--out", str(out), "--title", "T" * 300, "--author", "A" * 300,
                           "--data-dir", str(data))
    assert (code, err) == (0, "")
    if fmt == "docx":
        with zipfile.ZipFile(out) as z:
            assert "T" * 300 in z.read("word/document.xml").decode("utf-8"), "the title page keeps it whole"


def test_the_python_api_raises_no_value_error_for_a_long_chat_name(tmp_path: Path) -> None:
    manuscript = build([Answer("a", "# One\nText.")], title="N" * 400, author="B" * 400)
    result = export(manuscript, tmp_path / "book.docx", "docx")
    assert result.bytes > 0


def test_an_output_name_past_the_file_systems_limit_is_one_line(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    seed_chat(data)
    out = tmp_path / ("x" * 300 + ".md")
    code, _, err = run_cli(capsys, "export", "Novel", "--out", str(out), "--data-dir", str(data))
    assert code == 2
    _one_line(err, "export.unwritable")
    assert "File name too long" in err


def test_a_name_near_the_limit_is_written_its_temporary_file_named_shorter(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    seed_chat(data)
    out = tmp_path / ("x" * 250 + ".md")
    code, _, err = run_cli(capsys, "export", "Novel", "--out", str(out), "--data-dir", str(data))
    assert (code, err) == (0, "") and out.is_file()


@pytest.mark.parametrize(("given", "written"), [("en_US", "en-US"), ("ZH-hant-tw", "zh-Hant-TW"), ("de", "de")])
def test_language_is_written_as_a_bcp47_tag(tmp_path: Path, capsys: pytest.CaptureFixture[str], given: str,
                                            written: str) -> None:
    data = tmp_path / "data"
    seed_chat(data)
    out = tmp_path / "book.epub"
    code, _, err = run_cli(capsys, "export", "Novel", "--out", str(out), "--language", given, "--data-dir", str(data))
    assert (code, err) == (0, "")
    with zipfile.ZipFile(out) as z:
        opf = next(z.read(n).decode("utf-8") for n in z.namelist() if n.endswith(".opf"))
    assert f"<dc:language>{written}</dc:language>" in opf


@pytest.mark.parametrize("given", ["en\x1b[31m", "en US", "fran\u00e7ais", "english!"])
def test_a_language_that_is_no_tag_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         given: str) -> None:
    data = tmp_path / "data"
    seed_chat(data)
    out = tmp_path / "book.epub"
    code, _, err = run_cli(capsys, "export", "Novel", "--out", str(out), "--language", given, "--data-dir", str(data))
    assert code == 2 and not out.exists()
    _one_line(err, "export.bad_language")
    assert "\x1b" not in err


@pytest.mark.parametrize("target", ["folder", "missing folder"])
def test_library_export_to_a_folder_or_a_missing_folder_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    data = tmp_path / "data"
    out = tmp_path if target == "folder" else tmp_path / "nowhere" / "lore.json"
    code, _, err = run_cli(capsys, "library", "export", "--out", str(out), "--data-dir", str(data))
    assert code == 2
    _one_line(err, "export.unwritable")


def test_markdown_keeps_lines_that_look_like_blocks_as_paragraphs(tmp_path: Path) -> None:
    text = "# One\nBefore.\n```\n# not a heading\n---\n    indented\n1. not a list\n> not a quote\n```\nAfter."
    out = tmp_path / "book.md"
    export(build([Answer("a", text)], title="T"), out, "md")
    body = out.read_text(encoding="utf-8").split("---\n", 2)[2]
    lines = [line for line in body.splitlines() if line]
    assert [line for line in lines if line.startswith(("#", "---", "    ", ">"))] == ["# One"]
    assert {"\\# not a heading", "\\---", "indented", "1\\. not a list", "\\> not a quote"} <= set(lines)


def test_a_killed_exports_temporary_file_is_removed_by_a_later_export(tmp_path: Path) -> None:
    out = tmp_path / "book.md"
    stale = tmp_path / ".book.md.abc123.part"
    fresh = tmp_path / ".book.md.def456.part"
    other = tmp_path / ".notes.md.abc123.part"
    for part in (stale, fresh, other):
        part.write_bytes(b"half a book")
    old = time.time() - STALE_PART_SECONDS - 60
    for part in (stale, other):
        os.utime(part, (old, old))
    export(build([Answer("a", "# One\nText.")], title="T"), out, "md")
    assert not stale.exists(), "the killed export's file is gone"
    assert fresh.exists(), "a file another export may still be writing stays"
    assert other.exists(), "another target's files are not touched"


def _full_tmpfs(folder: Path) -> bool:
    folder.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)],
                                           capture_output=True).returncode != 0:
        return False
    fd = os.open(folder / "filler", os.O_CREAT | os.O_WRONLY)
    try:
        while os.write(fd, b"\0" * 4096):
            pass
    except OSError:
        pass
    os.close(fd)
    (folder / "filler").unlink()  # exactly as much room as the filler took, minus what a book needs
    fd = os.open(folder / "filler", os.O_CREAT | os.O_WRONLY)
    os.write(fd, b"\0" * (200 * 1024))
    os.close(fd)
    return True


@pytest.mark.parametrize("fmt", ["docx", "epub"])
def test_a_full_disk_during_a_zip_export_is_one_error_and_nothing_stray(tmp_path: Path, fmt: str) -> None:
    """The right sentence, then a stray "Exception ignored … ZipFile.__del__" before; filterwarnings=error
    turns such an unraisable exception into this test's failure."""
    folder = tmp_path / "small"
    manuscript = build([Answer("a", "# One\n" + "\n".join(os.urandom(600).hex() for _ in range(200)))], title="T")
    mounted = _full_tmpfs(folder)
    try:
        from relay_studio.manuscript import ExportError

        if mounted:
            with pytest.raises(ExportError) as caught:
                export(manuscript, folder / f"book.{fmt}", fmt)
            assert caught.value.code == "export.unwritable" and "No space left" in caught.value.message
            assert sorted(p.name for p in folder.iterdir()) == ["filler"], "no temporary file is left"
        else:  # without a tmpfs: the same book fits, and nothing stray is printed either
            export(manuscript, folder / f"book.{fmt}", fmt)
        gc.collect()  # an abandoned ZipFile's __del__ runs now, inside the test
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], check=False)


@pytest.mark.slow
def test_an_export_killed_with_sigterm_leaves_no_temporary_file(tmp_path: Path) -> None:
    """A real process, terminated once its temporary file exists: the file is removed on the way out."""
    import signal
    import sys

    from relay_studio.runtime.engine import Runtime

    data = tmp_path / "data"
    runtime = Runtime(data)
    try:
        chat = runtime.chats.ensure_chat("Long")
        for i in range(4000):
            runtime.chats.add_message(chat.id, "assistant", f"# Chapter {i}\n" + "The tide rose. " * 60)
    finally:
        runtime.close()
    out = tmp_path / "book.docx"
    proc = subprocess.Popen([sys.executable, "-m", "relay_studio", "export", "Long", "--out", str(out),
                             "--data-dir", str(data)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=Path(__file__).resolve().parents[2])
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob(".book.docx.*.part")) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert proc.poll() is None, "the export ended before it could be terminated"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143 and b"Traceback" not in err, err
    assert not list(tmp_path.glob(".book.docx.*.part")) and not out.exists()
