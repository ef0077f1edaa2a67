"""Shared fixtures. Qt runs offscreen: the variable is set here, before any test module imports Qt
(nothing imported above it pulls Qt in)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.support import Harness

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The window follows the system's language (ui/i18n.py): the tests read its English words, whatever the
# machine's locale (tests/gui/test_window_languages.py starts it in the other languages on purpose).
os.environ["LANGUAGE"] = "en"
os.environ["LC_ALL"] = "C.UTF-8"


@pytest.fixture(autouse=True)
def _window_language(request: pytest.FixtureRequest) -> Iterator[None]:
    """English (with its plural forms) for every test that has a QApplication, whose garbage is collected on
    its thread as in the app (ui/gui_thread_gc.py)."""
    if not {"qapp", "qtbot"} & set(request.fixturenames):
        yield
        _collect_if_due()  # a test without Qt after one with it: the collector is off, collect its due garbage here
        return
    app = request.getfixturevalue("qapp")
    from relay_studio.ui import i18n
    from relay_studio.ui.gui_thread_gc import collect_on_gui_thread

    collect_on_gui_thread(app)
    i18n.install("en")
    yield
    i18n.install("en")


def _collect_if_due() -> None:
    if "relay_studio.ui.gui_thread_gc" in sys.modules:
        from relay_studio.ui.gui_thread_gc import collector

        running = collector()
        if running is not None:
            running.collect_if_due()


@pytest.fixture
def harness(tmp_path: Path) -> Iterator[Harness]:
    h = Harness(tmp_path / "data")
    yield h
    h.close()


@dataclass(frozen=True)
class SmokeRun:
    """One ``relay-studio --smoke`` from the source install, as a headless machine starts it: no display
    and no ``QT_QPA_PLATFORM`` (the app picks offscreen itself), an empty home, and ``PATH`` holding only
    Python."""

    done: subprocess.CompletedProcess[str]
    data_dir: Path

    def report(self) -> dict[str, Any]:
        assert self.done.returncode == 0, self.done.stderr[-2000:]
        report: dict[str, Any] = json.loads(self.done.stdout.strip().splitlines()[-1])
        return report


@pytest.fixture(scope="session")
def smoke_run(tmp_path_factory: pytest.TempPathFactory) -> SmokeRun:
    """The smoke run the start-up, platform and release checks each read (it starts the whole window and
    runs the demo relay: seconds of CPU, so it runs once per test process; under ``-n``, at most once per
    worker)."""
    home = tmp_path_factory.mktemp("smoke")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(HOME=str(home), PATH=os.path.dirname(sys.executable))
    data = home / "data"
    done = subprocess.run([sys.executable, "-m", "relay_studio", "--smoke", "--data-dir", str(data)],
                          capture_output=True, text=True, env=env, cwd=home, stdin=subprocess.DEVNULL,
                          timeout=120, check=False)
    return SmokeRun(done, data)
