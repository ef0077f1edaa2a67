"""On a real X screen of 1000×700 (Xvfb, no window manager to fit a window in): the real ``relay-studio``,
started for the first time in English and in German, opens within the screen, and the Timeline dock's
right edge is drawn at the screen's right edge (docs/window/main-window.md, "Sizes").

Offscreen geometry tests (``tests/gui/test_window_sizes.py``) resize the window themselves; this one sees
what a creator's first start gives on a small screen: the first size (``window_layout.first_size``) and the
window's real minimum width in that language. Before both were fixed the window was 1400×860 here (its right
third, the timeline's Summary column, −, + and Fit, off the screen) and 1021 px wide in German.
Screenshots: printed folder under ``tmp_path``, copied to ``bench/out/screens/window-1000-<language>-*.png``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tests.screen.test_demo_approval_screen import ARTEFACTS, Screen, keep_screens, xvfb_display
from tests.support import until_blocking

pytestmark = [pytest.mark.screen, pytest.mark.slow]

PREFIX = "window-1000-"
SCREEN = (1000, 700)
MAIN = "^Relay Studio$"


def _differs(a: int, b: int) -> bool:
    return sum(abs(((a >> s) & 255) - ((b >> s) & 255)) for s in (16, 8, 0)) > 30


def right_edge(image: QImage, within: int = 16, tall: int = 120) -> int | None:
    """The x of a vertical line at least ``tall`` px long in the picture's right ``within`` px (the frame of
    the timeline's lanes or detail pane, drawn at the window's right edge), or None."""
    w, h = image.width(), image.height()
    for x in range(w - 1, max(w - within, 3) - 1, -1):
        run = 0
        for y in range(h):
            run = run + 1 if _differs(image.pixel(x, y), image.pixel(x - 3, y)) else 0
            if run >= tall:
                return x
    return None


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_first_start_on_a_1000_by_700_screen_fits_it(tmp_path: Path, qapp: object, language: str) -> None:
    shots = tmp_path / "screens"
    shots.mkdir()
    print(f"screenshots: {shots} (copied to {ARTEFACTS}/{PREFIX}*.png)")
    data = tmp_path / "data"
    with xvfb_display(f"{SCREEN[0]}x{SCREEN[1]}") as display:
        screen = Screen(display, shots)
        screen.env.update({"LANG": "C.UTF-8", "LANGUAGE": language})
        log = (tmp_path / "app.log").open("w")
        app = subprocess.Popen([sys.executable, "-m", "relay_studio", "--data-dir", str(data)], env=screen.env,
                               stdout=log, stderr=subprocess.STDOUT)
        try:
            screen.wait_window(MAIN)
            # the real window has taken the start window's place once the timeline's frames are drawn
            picture = screen.shot_until("first-start", "root", lambda i: right_edge(i) is not None,
                                        "the timeline's right edge at the screen's right edge", seconds=40)
            assert (picture.width(), picture.height()) == SCREEN
            until_blocking(lambda: len(screen.windows(MAIN)) == 1, 20, "the start window to go", 0.1)
            sizes = [screen.geometry(w) for w in screen.windows(MAIN)]
            assert all(x >= 0 and y >= 0 and x + w <= SCREEN[0] and y + h <= SCREEN[1] for x, y, w, h in sizes), \
                f"the window is {sizes} on a {SCREEN} screen"
            assert app.poll() is None, (tmp_path / "app.log").read_text()
        finally:
            app.terminate()
            try:
                app.wait(timeout=20)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait(timeout=10)
            log.close()
            keep_screens(screen.taken, f"{PREFIX}{language}-")
