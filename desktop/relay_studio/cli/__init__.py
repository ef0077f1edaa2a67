"""The headless host: the same runtime as the window, driven from a terminal.

Exit codes (``cli.exits``): 0 completed, 2 bad usage or bad input (one line naming the problem, nothing
written), 3 failed or interrupted, 4 partial success, 130 cancelled.

The package stays light to import: ``cli.parser`` answers ``--help`` and ``--version`` without the runtime
(``launch.main`` imports it alone); ``main`` loads the runtime only when a command runs (``cli.host``).
One module per group of commands: ``runs`` (run, demo, resume, runs, events, turns, workspace), ``chats``,
``handoff``, ``profiles``, ``projects``, ``library``, ``canon``, ``continuity``, ``scene``, ``knowledge``,
``connections``, ``export``.
"""

from __future__ import annotations

from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """The command: everything printed passes the secret scrubber; Ctrl+C at any moment exits 130."""
    from relay_studio.cli.host import main as run_command

    return run_command(argv)
