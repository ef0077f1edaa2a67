"""Where the shipped resources (built-in profiles, demo scripts) live, installed or from a checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def resource_dir() -> Path:
    """Found once a process (the window asks on every chat switch, for the built-in profiles: each ``resolve``
    walked the path with a dozen ``lstat``s)."""
    packaged = Path(__file__).resolve().parent / "resources"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "resources"
