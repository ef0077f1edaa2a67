"""Where the shipped resources (built-in profiles, demo scripts) live, installed or from a checkout."""

from __future__ import annotations

from pathlib import Path


def resource_dir() -> Path:
    packaged = Path(__file__).resolve().parent / "resources"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "resources"
