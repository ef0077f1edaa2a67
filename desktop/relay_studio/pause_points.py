"""Named places where a process can be held still, so a test can kill it at an exact phase of its work.

A test that proves "killed at any point, nothing is lost" must kill the process *in* a phase (while an import
stages its files, moves them, indexes them). Racing the process with a big input and polling the disk makes such a
test slow and timing-dependent; instead the test starts the process with

    RELAY_STUDIO_PAUSE_AT=<point>      the point to stop at, e.g. ``library_import.moving``
    RELAY_STUDIO_PAUSE_AFTER=<n>       stop the n-th time the point is reached (default 1)
    RELAY_STUDIO_PAUSE_FILE=<path>     created once the process is held there

waits for the file, checks the phase on disk, and kills the process. Without ``RELAY_STUDIO_PAUSE_AT`` (every
creator's process) ``reached`` returns at once: one dictionary look-up, read once per process.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

_WANTED = os.environ.get("RELAY_STUDIO_PAUSE_AT") or None
_counts: dict[str, int] = {}


def reached(point: str) -> None:
    """Marks that the work has reached ``point``; holds the process there for good when a test asked for it."""
    if _WANTED is None or point != _WANTED:
        return
    _counts[point] = _counts.get(point, 0) + 1
    if _counts[point] < int(os.environ.get("RELAY_STUDIO_PAUSE_AFTER") or "1"):
        return
    signal_file = os.environ.get("RELAY_STUDIO_PAUSE_FILE")
    if signal_file:
        Path(signal_file).write_text(point, encoding="utf-8")
    while True:  # held until the test kills the process
        time.sleep(60)
