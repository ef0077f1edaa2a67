"""On a real X screen (Xvfb) with a real accessibility bus: a screen reader finds the window's tree and
its Send button by name.

The window runs in its own D-Bus session (``dbus-run-session``) with Qt's AT-SPI bridge always on
(``QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1``); ``atspi_probe.py``, run by the system Python (Debian's
``python3-pyatspi`` is not in the venv), starts it on that bus, reads the tree the way Orca would and
prints what it found. Needs Xvfb, dbus (``dbus-run-session``), at-spi2-core and python3-pyatspi; a missing
one fails the test naming what to install.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.screen.test_demo_approval_screen import display

pytestmark = [pytest.mark.screen, pytest.mark.slow]

__all__ = ["display"]  # the Xvfb fixture, shared with the approval screen test

PROBE = Path(__file__).with_name("atspi_probe.py")
SYSTEM_PYTHON = "/usr/bin/python3"
PACKAGES = "apt-get install xvfb dbus at-spi2-core python3-pyatspi"


def _system_python_with_pyatspi() -> str:
    if not Path(SYSTEM_PYTHON).is_file():
        pytest.fail(f"{SYSTEM_PYTHON} is needed to read the accessibility bus ({PACKAGES})")
    check = subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True, text=True, timeout=30)
    assert check.returncode == 0, f"python3-pyatspi is not installed ({PACKAGES}): {check.stderr[-500:]}"
    return SYSTEM_PYTHON


def test_a_screen_reader_finds_the_window_and_its_send_button(display: str, tmp_path: Path) -> None:
    python = _system_python_with_pyatspi()
    session = shutil.which("dbus-run-session")
    assert session is not None, f"dbus-run-session is needed for a private accessibility bus ({PACKAGES})"
    env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb", "QT_ACCESSIBILITY": "1",
           "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1", "LANG": "C.UTF-8", "LANGUAGE": "en"}
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    env.pop("AT_SPI_BUS_ADDRESS", None)
    window = [sys.executable, "-m", "relay_studio", "--data-dir", str(tmp_path / "data")]
    done = subprocess.run([session, "--", python, str(PROBE), json.dumps(window)], env=env, capture_output=True,
                          text=True, timeout=150)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    found = report["found"]
    assert found is not None, f"no window with a Send button on the bus; applications seen: " \
                              f"{report['applications']}\n{done.stderr[-3000:]}"
    assert found["frame"] == "Relay Studio"
    assert found["send"]["name"] == "Send" and found["send"]["role"] == "push button"
    assert found["send"]["showing"], "the Send button is in the tree but not on the screen"
    assert found["send"]["enabled"], "the Send button stayed disabled: the window's chats never loaded"
    assert found["send"]["actions"], "a screen reader cannot press the Send button"
    assert found["nodes"] > 20, "the window's tree is nearly empty"
    assert {"push button", "text", "combo box"} <= set(found["roles"]), found["roles"]
