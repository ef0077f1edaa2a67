"""Shared fixtures. Qt runs offscreen: the variable is set here, before any test module imports Qt
(nothing imported above it pulls Qt in)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import Harness

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The window follows the system's language (ui/i18n.py): the tests read its English words, whatever the
# machine's locale (tests/gui/test_translations_gui.py starts it in the other languages on purpose).
os.environ["LANGUAGE"] = "en"
os.environ["LC_ALL"] = "C.UTF-8"


@pytest.fixture(autouse=True)
def _window_language(request: pytest.FixtureRequest) -> Iterator[None]:
    """English (with its plural forms) for every test that has a QApplication."""
    if not {"qapp", "qtbot"} & set(request.fixturenames):
        yield
        return
    request.getfixturevalue("qapp")
    from relay_studio.ui import i18n

    i18n.install("en")
    yield
    i18n.install("en")


@pytest.fixture
def harness(tmp_path: Path) -> Iterator[Harness]:
    h = Harness(tmp_path / "data")
    yield h
    h.close()
