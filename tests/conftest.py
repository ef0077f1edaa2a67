"""Shared fixtures. Qt runs offscreen: the variable is set here, before any test module imports Qt
(nothing imported above it pulls Qt in)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import Harness

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture
def harness(tmp_path: Path) -> Iterator[Harness]:
    h = Harness(tmp_path / "data")
    yield h
    h.close()
