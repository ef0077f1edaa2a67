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


def docs_dir() -> Path:
    """The documentation shipped with the app (``README.md`` and ``docs/``): beside the package when installed
    (the wheel's and the bundle's ``relay_studio/docs``), else the checkout's root."""
    packaged = Path(__file__).resolve().parent / "docs"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2]


def user_guide() -> Path:
    """The page Help → User guide opens first: the window's pages, one per area (``docs/window/README.md``),
    which lead on to the rest of ``docs/``."""
    return docs_dir() / "docs" / "window" / "README.md"
