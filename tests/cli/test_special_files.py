"""Special files named as inputs (issue 39): ``/dev/zero`` was read until ``MemoryError``, a FIFO hung
the command forever. Every command that reads a file the creator names refuses both in one line, exit 2
(a batch, ``knowledge add``, reports the file and goes on), without waiting and without reading."""

from __future__ import annotations

import os
import resource
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from relay_studio.cli import main
from relay_studio.domain.input_files import NOT_REGULAR

#: each command, with FILE where the special file goes
COMMANDS: dict[str, list[str]] = {
    "library import": ["library", "import", "FILE"],
    "chat import": ["chat", "import", "FILE"],
    "library add --description-file": ["library", "add", "--name", "Mara", "--description-file", "FILE"],
    "profiles validate": ["profiles", "validate", "FILE"],
    "run --script": ["run", "--agent", "writer", "--prompt", "x", "--script", "FILE"],
    "runs fork --brief-file": ["runs", "fork", "run_missing", "--at", "1", "--brief-file", "FILE"],
    "knowledge add": ["knowledge", "add", "FILE"],
}


@contextmanager
def memory_ceiling(extra_bytes: int = 1 << 30) -> Iterator[None]:
    """Address space capped at what the process has plus ``extra_bytes``: a reader that does not stop ends
    in ``MemoryError`` (a failed test), not in the machine swapping."""
    vm = next(int(line.split()[1]) * 1024 for line in Path("/proc/self/status").read_text().splitlines()
              if line.startswith("VmSize:"))
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (vm + extra_bytes, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _special(tmp_path: Path, kind: str, suffix: str) -> Path:
    path = tmp_path / f"input{suffix}"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")  # a device with the name an importer expects
    return path


def _suffix(command: str) -> str:
    return {"chat import": ".jsonl", "knowledge add": ".md", "library add --description-file": ".txt"}.get(
        command, ".json")


def _run_bounded(argv: list[str], fifo: Path | None) -> int:
    """``main(argv)`` on a thread; a FIFO still waited on after 10 s is released (so the test fails, not hangs)."""
    result: list[int | BaseException] = []

    def target() -> None:
        try:
            result.append(main(argv))
        except BaseException as exc:
            result.append(exc)

    worker = threading.Thread(target=target)
    worker.start()
    worker.join(10)
    if worker.is_alive() and fifo is not None:
        with open(fifo, "wb"):  # the writer the reader waits for
            pass
        worker.join(10)
        raise AssertionError(f"{argv[:2]} waited on a FIFO")
    assert not worker.is_alive(), f"{argv[:2]} did not end"
    outcome = result[0]
    if isinstance(outcome, BaseException):
        raise outcome
    return outcome


@pytest.mark.parametrize("kind", ["dev-zero", "fifo"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_device_or_fifo_as_input_is_refused_in_one_line_without_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, kind: str
) -> None:
    path = _special(tmp_path, kind, _suffix(command))
    argv = [str(path) if a == "FILE" else a for a in COMMANDS[command]] + ["--data-dir", str(tmp_path / "data")]
    with memory_ceiling():
        code = _run_bounded(argv, path if kind == "fifo" else None)
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    if command == "knowledge add":  # a batch: the file is reported, the rest would go on
        assert code == 3 and NOT_REGULAR in err, (code, out, err)
    else:
        assert code == 2, (code, out, err)
        assert err.startswith("error: ") and len(err.strip().splitlines()) == 1, err
        assert NOT_REGULAR in err, err


def test_a_brief_file_nested_100k_deep_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    brief = tmp_path / "brief.json"
    brief.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    code = main(["runs", "fork", "run_missing", "--at", "1", "--brief-file", str(brief),
                 "--data-dir", str(tmp_path / "data")])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err, err
    assert err.startswith("error: The brief file brief.json is nested more than 64 levels deep.")
    assert "[input.too_deeply_nested]" in err
