"""Run many ``relay-studio`` command lines through the installed package's ``main`` in one process.

    python -m tests.packaging.cli_batch < ARGV_LISTS.json > RESULTS.json

Reads a JSON list of argument lists; writes a JSON list of ``{"returncode", "stdout", "stderr"}``,
each captured as the console script would print it. One interpreter start instead of one per
command keeps the frozen-vs-installed comparison quick.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys


def run_one(argv: list[str]) -> dict[str, object]:
    from relay_studio.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            if exc.code is not None and not isinstance(exc.code, int):
                err.write(f"{exc.code}\n")
    return {"returncode": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


def main() -> int:
    calls = json.load(sys.stdin)
    json.dump([run_one(argv) for argv in calls], sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
