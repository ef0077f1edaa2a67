"""Run by ``/usr/bin/python3`` inside ``dbus-run-session`` (``test_accessibility_screen.py``): starts the
window given as JSON in ``argv[1]`` on that session bus, waits until its accessibility tree (AT-SPI, read
with Debian's ``python3-pyatspi``) shows the main window with an enabled push button named "Send" (it is
disabled while the window opens, before its chats are loaded), prints what it found as one JSON line and
ends the window.

Not a test module: the venv cannot import ``pyatspi`` (a system package), so the test runs this as a
subprocess of the system Python.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pyatspi  # type: ignore[import-not-found]

WINDOW_TITLE = "Relay Studio"
SECONDS = 60.0


def walk(node: Any, depth: int = 0) -> Iterator[tuple[Any, int]]:
    if node is None or depth > 60:
        return
    yield node, depth
    for i in range(node.childCount):
        try:
            child = node.getChildAtIndex(i)
        except Exception:  # a widget that went away while the tree was read
            continue
        yield from walk(child, depth + 1)


def find_send(app_node: Any) -> dict[str, Any] | None:
    """The main window (a frame titled Relay Studio) and its Send button, if both are in the tree."""
    for frame in (app_node.getChildAtIndex(i) for i in range(app_node.childCount)):
        if frame is None or frame.getRoleName() != "frame" or frame.name != WINDOW_TITLE:
            continue
        nodes = list(walk(frame))
        for node, depth in nodes:
            if node.getRoleName() == "push button" and node.name == "Send":
                states = node.getState()
                return {"application": app_node.name, "frame": frame.name, "nodes": len(nodes),
                        "send": {"role": node.getRoleName(), "name": node.name, "depth": depth,
                                 "showing": states.contains(pyatspi.STATE_SHOWING),
                                 "enabled": states.contains(pyatspi.STATE_ENABLED),
                                 "actions": [node.queryAction().getName(i)
                                             for i in range(node.queryAction().nActions)]},
                        "roles": sorted({n.getRoleName() for n, _d in nodes})}
    return None


def main() -> int:
    command = json.loads(sys.argv[1])
    app = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=sys.stderr)
    found: dict[str, Any] | None = None
    waiting: dict[str, Any] | None = None  # the Send button seen while the window still opens (disabled)
    seen: list[str] = []
    try:
        deadline = time.monotonic() + SECONDS
        while found is None and time.monotonic() < deadline and app.poll() is None:
            desktop = pyatspi.Registry.getDesktop(0)
            seen = []
            for i in range(desktop.childCount):
                node = desktop.getChildAtIndex(i)
                if node is None:
                    continue
                try:
                    seen.append(str(node.name))
                    found = find_send(node)
                except Exception:  # the tree changed under the walk (the start window gave way): read it again
                    found = None
                if found is not None and not found["send"]["enabled"]:
                    waiting, found = found, None  # the window takes keys before Send is enabled: wait for it
                if found is not None:
                    break
            if found is None:
                time.sleep(0.3)
        found = found or waiting
    finally:
        app.terminate()
        try:
            app.wait(timeout=15)
        except subprocess.TimeoutExpired:
            app.kill()
            app.wait()
    print(json.dumps({"found": found, "applications": seen, "exit": app.returncode}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
