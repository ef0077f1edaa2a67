"""On a real X screen (Xvfb): the real ``relay-studio --demo-approval`` stops at the editor's turn with
two proposals; a person approves them one by one with the mouse (xdotool moves the pointer and clicks
where the buttons are drawn, found in a screenshot), and the run completes.

The screenshots stay as artefacts: under the test's ``tmp_path`` (printed) and copied to
``bench/out/screens/`` (ignored by git). Xvfb, xdotool and ImageMagick's ``import`` are required; a
missing one fails the test naming what to install (CI installs all three, and Qt's xcb needs
libxcb-cursor0).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tests.support import until_blocking

#: slow too: it needs Xvfb, xdotool and ImageMagick, which a developer's machine may lack, and takes ~10 s
#: of CPU; CI runs it in the ``-m slow`` step, where .ci/run has installed all three.
pytestmark = [pytest.mark.screen, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
ARTEFACTS = REPO / "bench" / "out" / "screens"
DIALOG = "^Review changes$"
PREFIX = "demo-approval-"


def _need(tool: str) -> str:
    path = shutil.which(tool)
    assert path is not None, f"{tool} is needed for the screen test (apt-get install xdotool imagemagick)"
    return path


@pytest.fixture
def display() -> Iterator[str]:
    """A fresh Xvfb on a display number it picks itself (-displayfd), stopped afterwards."""
    with xvfb_display("1600x1000") as number:
        yield number


@contextmanager
def xvfb_display(size: str) -> Iterator[str]:
    """An Xvfb of ``size`` ("1000x700"), without a window manager, on a display number it picks itself."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        pytest.fail("Xvfb is not installed: this test drives the real window on a virtual X screen "
                    "(apt-get install xvfb xdotool imagemagick; .ci/run installs them)")
    read, write = os.pipe()
    proc = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
                            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        assert number.isdigit(), "Xvfb did not say which display it took"
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


class Screen:
    def __init__(self, display: str, shots: Path) -> None:
        self.env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
        self.shots = shots
        self.xdotool = _need("xdotool")
        self.importer = _need("import")
        self.taken: list[Path] = []

    def xdo(self, *args: str) -> str:
        done = subprocess.run([self.xdotool, *args], env=self.env, capture_output=True, text=True, timeout=20)
        return done.stdout.strip() if done.returncode == 0 else ""

    def windows(self, name: str) -> list[str]:
        return self.xdo("search", "--onlyvisible", "--name", name).split()

    def wait_window(self, name: str, seconds: float = 30.0) -> str:
        found: list[str] = []

        def appeared() -> bool:
            found[:] = self.windows(name)
            return bool(found)

        until_blocking(appeared, seconds, f"a window named {name!r}", 0.1)
        return found[-1]

    def geometry(self, window: str) -> tuple[int, int, int, int]:
        values = dict(line.split("=", 1) for line in self.xdo("getwindowgeometry", "--shell", window).splitlines())
        return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])

    def shot(self, name: str, window: str = "root") -> QImage:
        path = self.shots / f"{len(self.taken) + 1:02d}-{name}.png"
        subprocess.run([self.importer, "-window", window, str(path)], env=self.env, check=True, timeout=20)
        self.taken.append(path)
        image = QImage(str(path))
        assert not image.isNull(), f"could not read {path}"
        return image

    def shot_until(self, name: str, window: str, ready: Callable[[QImage], bool], what: str,
                   seconds: float = 15.0) -> QImage:
        """Screenshots until ``ready`` says the picture shows what a person waits for."""
        deadline = time.monotonic() + seconds
        while True:
            image = self.shot(name, window)
            if ready(image):
                return image
            if time.monotonic() > deadline:
                raise AssertionError(f"the screen never showed {what} (see {self.taken[-1]})")
            self.taken.pop().unlink()
            time.sleep(0.2)

    def click(self, x: int, y: int) -> None:
        self.xdo("mousemove", str(x), str(y))  # no --sync: it waits forever when the pointer is already there
        time.sleep(0.15)  # a person's pointer rests before the press; Qt sees the hover first
        self.xdo("click", "1")


def keep_screens(taken: list[Path], prefix: str) -> None:
    """Copies the screenshots to ``ARTEFACTS`` as ``prefix`` + their names, in place of earlier ones."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    for old in ARTEFACTS.glob(f"{prefix}*.png"):
        old.unlink()
    for path in taken:
        shutil.copy2(path, ARTEFACTS / f"{prefix}{path.name}")


def _distance(a: int, b: int) -> int:
    return abs(((a >> 16) & 255) - ((b >> 16) & 255)) + abs(((a >> 8) & 255) - ((b >> 8) & 255)) + abs(
        (a & 255) - (b & 255))


def buttons(image: QImage) -> list[tuple[int, int]]:
    """Centres of the push buttons in the bottom row of the dialog's picture, left to right: a button's
    top and bottom borders are the only straight lines 50 to 250 px long there."""
    w, h = image.width(), image.height()
    background = image.pixel(w - 3, h - 3)
    spans: dict[tuple[int, int], list[int]] = {}
    for y in range(max(0, h - 70), h):
        x = 0
        while x < w:
            if _distance(image.pixel(x, y), background) <= 40:
                x += 1
                continue
            start = x
            while x < w and _distance(image.pixel(x, y), background) > 40:
                x += 1
            if 50 <= x - start <= 250:
                key = next((k for k in spans if abs(k[0] - start) <= 3 and abs(k[1] - x) <= 3), (start, x))
                spans.setdefault(key, []).append(y)
    found = [((x0 + x1) // 2, (min(ys) + max(ys)) // 2) for (x0, x1), ys in spans.items()
             if len(ys) >= 2 and max(ys) - min(ys) >= 16]
    return sorted(found)


def _has_colour(image: QImage, rgb: int) -> bool:
    return any(image.pixel(x, y) & 0xFFFFFF == rgb & 0xFFFFFF
               for y in range(0, image.height(), 3) for x in range(0, image.width(), 3))


def _listed(data: Path) -> list[dict[str, object]]:
    runs = subprocess.run([sys.executable, "-m", "relay_studio", "runs", "--json", "--data-dir", str(data)],
                          capture_output=True, text=True, timeout=60)
    assert runs.returncode == 0, runs.stderr
    listed: list[dict[str, object]] = json.loads(runs.stdout)
    return listed


def _runs(data: Path) -> list[object]:
    return [r["status"] for r in _listed(data)]


def test_approve_the_demo_proposals_one_by_one_with_the_mouse(display: str, tmp_path: Path, qapp: object) -> None:
    from relay_studio.ui import theme

    shots = tmp_path / "screens"
    shots.mkdir()
    print(f"screenshots: {shots} (copied to {ARTEFACTS}/{PREFIX}*.png)")
    screen = Screen(display, shots)
    data = tmp_path / "data"
    log = (tmp_path / "app.log").open("w")
    app = subprocess.Popen([sys.executable, "-m", "relay_studio", "--data-dir", str(data), "--demo-approval"],
                           env=screen.env, stdout=log, stderr=subprocess.STDOUT)
    try:
        dialog = screen.wait_window(DIALOG)
        x, y, _w, _h = screen.geometry(dialog)
        colours = [c.diff_add.rgb() for c in (theme.LIGHT, theme.DARK)]  # whichever theme the screen has
        first = screen.shot_until("dialog-patch", dialog, lambda i: any(_has_colour(i, c) for c in colours),
                                  "the patch's side-by-side diff")
        added = next(c for c in colours if _has_colour(first, c))
        screen.shot("proposals")
        found = buttons(first)
        assert len(found) >= 2, f"could not find Reject and Approve in the dialog's picture: {found}"
        approve = found[-1]

        screen.click(x + approve[0], y + approve[1])
        second = screen.shot_until("dialog-commit", dialog, lambda i: not _has_colour(i, added),
                                   "the commit proposal in place of the approved patch")
        assert screen.windows(DIALOG) == [dialog], "the dialog closed while the commit still waits"
        again = buttons(second)
        assert len(again) >= 2, f"could not find Approve for the commit: {again}"

        screen.click(x + again[-1][0], y + again[-1][1])
        until_blocking(lambda: not screen.windows(DIALOG), 20, "the dialog to close once the last proposal was "
                       "approved", 0.1)
        # the finalizer finishes; the CLI reads the same folder meanwhile
        until_blocking(lambda: _runs(data) == ["completed"], 20, "the run to complete", 0.3)
        time.sleep(0.3)  # the window paints the end of the run
        screen.shot("completed")

        main = screen.wait_window("^Relay Studio$")
        screen.xdo("windowfocus", "--sync", main)
        screen.xdo("key", "--clearmodifiers", "ctrl+q")
        assert app.wait(timeout=20) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(timeout=10)
        log.close()
        keep_screens(screen.taken, PREFIX)

    listed = _listed(data)
    assert [r["status"] for r in listed] == ["completed"], (tmp_path / "app.log").read_text()
    events = subprocess.run([sys.executable, "-m", "relay_studio", "events", listed[0]["id"], "--jsonl",
                             "--data-dir", str(data)], capture_output=True, text=True, timeout=60)
    decided = [(e["payload"]["tool"], e["type"]) for e in map(json.loads, events.stdout.splitlines())
               if e["type"] in ("tool_call_approved", "tool_call_denied")]
    assert decided == [("workspace_apply_patch", "tool_call_approved"), ("workspace_commit", "tool_call_approved")]
