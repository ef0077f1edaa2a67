"""Start-up time of Relay Studio against a bare PySide6 window, from source and frozen.

    python bench/startup.py --no-frozen         # source against the bare window only
    python bench/startup.py                     # builds the frozen app first if it is missing
    python bench/startup.py --runs 11 --frozen path/to/relay-studio --json

Each run starts a fresh process with ``--smoke`` (window offscreen, its own empty data folder) and
takes the time from just before the process is started to the first drawn window (the smoke
report's ``firstPaintEpoch``, the same wall clock: the start window, painted before the runtime is
imported, whose focused text field keeps what is typed), to ready to type (``readyToTypeEpoch``: the
real window painted, before the runtime is loaded, the typed text moved into its composer, which is
focused, enabled and editable, so a key goes into the composer itself), to the chats shown
(``chatsShownEpoch``: the runtime loaded and the window drawn with its chats, Send enabled), and until the
process has exited (the demo relay run inside the window and shutdown included).
``--version`` start-up (the CLI without Qt) is measured the same way. Bytecode is cached for every
variant, as on a creator's machine from the second start on (``PYTHONDONTWRITEBYTECODE`` is dropped and
``PYTHONPYCACHEPREFIX`` points at a folder of this run; the warm-up runs fill it). The peer, measured in the same
run, is a bare ``QMainWindow`` in a fresh ``python`` (import PySide6, show it, first paint). Variants
alternate run by run after one warm-up each; medians are printed, never asserted. Targets: the first
drawn window at most 1.5x the bare window, the real window ready to type at most 2x (keys typed before it
is ready are kept from the first paint on and replayed into its composer: ``start_window.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_FROZEN = ROOT / "build" / "packaging" / "pyinstaller" / "dist" / "relay-studio" / (
    "relay-studio.exe" if sys.platform == "win32" else "relay-studio")


#: The peer: the least a PySide6 app can do before its first paint, timed like ours (offscreen).
BARE_WINDOW = """
import time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow()
window.setWindowTitle("bare")
window.resize(1400, 860)
class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and not hasattr(self, "at"):
            self.at = time.time()
            QTimer.singleShot(0, app.quit)
        return False
watch = FirstPaint()
window.installEventFilter(watch)
window.show()
app.exec()
print(repr(watch.at))
"""


PYCACHE = tempfile.mkdtemp(prefix="relay-bench-pycache-")


def child_env() -> dict[str, str]:
    """The variants' environment: offscreen unless told otherwise, bytecode cached in this run's folder."""
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = PYCACHE
    # the relay_studio of this checkout, whichever one the interpreter has installed
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "desktop"), *filter(None, [env.get("PYTHONPATH")])])
    return env


def one_bare() -> tuple[float, float]:
    env = child_env()
    launched = time.time()
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", BARE_WINDOW], capture_output=True, text=True, env=env, check=True,
                          timeout=60)
    total = time.perf_counter() - started
    return (float(proc.stdout.strip().splitlines()[-1]) - launched) * 1000, total * 1000


def one_smoke(cmd: list[str]) -> tuple[float, float, float, float]:
    env = child_env()
    with tempfile.TemporaryDirectory(prefix="relay-bench-") as data:
        launched = time.time()
        started = time.perf_counter()
        proc = subprocess.run([*cmd, "--smoke", "--data-dir", data], capture_output=True, text=True, env=env,
                              check=False, timeout=120)
        total = time.perf_counter() - started
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} --smoke failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    painted = float(report.get("windowReadyEpoch", report["firstPaintEpoch"]))  # an older build paints once
    # the real window's composer focused and taking keys; an older build's readyToTypeEpoch meant the start
    # window's field (it had no earlyTypingEpoch): the real window's paint is the honest figure for it
    typing = float(report["readyToTypeEpoch"] if "earlyTypingEpoch" in report else painted)
    # the window drawn with its chats listed (an older build painted the real window with them at once)
    ready = float(report.get("chatsShownEpoch", painted))
    return ((float(report["firstPaintEpoch"]) - launched) * 1000, (typing - launched) * 1000,
            (ready - launched) * 1000, total * 1000)


def one_version(cmd: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run([*cmd, "--version"], capture_output=True, check=True, timeout=60, env=child_env())
    return (time.perf_counter() - started) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--frozen", type=Path, default=DEFAULT_FROZEN, help="the frozen executable")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-frozen", action="store_true", help="measure the source install only")
    parser.add_argument("--json", action="store_true", help="also print the figures as one JSON line")
    args = parser.parse_args()
    if not args.no_frozen and not args.frozen.is_file():
        if args.frozen != DEFAULT_FROZEN:
            raise SystemExit(f"error: {args.frozen} does not exist")
        print("building the frozen app first (packaging/build.py freeze) ...", flush=True)
        subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py"), "freeze"], check=True,
                       stdout=subprocess.DEVNULL)
    variants = {
        "source (python -m relay_studio)": [sys.executable, "-m", "relay_studio"],
    }
    if not args.no_frozen:
        variants = {"frozen (PyInstaller onedir)": [str(args.frozen)], **variants}
    bare_name = "bare QMainWindow (python -c)"
    samples: dict[str, dict[str, list[float]]] = {
        name: {"paint": [], "typing": [], "ready": [], "total": [], "version": []} for name in (*variants, bare_name)}
    one_bare()  # warm the disk cache
    for cmd in variants.values():
        one_smoke(cmd)
        one_version(cmd)
    for _ in range(args.runs):
        paint, total = one_bare()
        samples[bare_name]["paint"].append(paint)
        samples[bare_name]["typing"].append(paint)
        samples[bare_name]["ready"].append(paint)
        samples[bare_name]["total"].append(total)
        for name, cmd in variants.items():
            paint, typing, ready, total = one_smoke(cmd)
            samples[name]["paint"].append(paint)
            samples[name]["typing"].append(typing)
            samples[name]["ready"].append(ready)
            samples[name]["total"].append(total)
            samples[name]["version"].append(one_version(cmd))

    print(f"Relay Studio start-up, {args.runs} runs each, medians (min-max), "
          f"{platform.system()} {platform.machine()}, Python {platform.python_version()}, "
          f"QT_QPA_PLATFORM={os.environ.get('QT_QPA_PLATFORM', 'offscreen')}")
    print(f"{'variant':<34} {'first drawn window':>22} {'ready to type':>22} {'chats shown':>22} "
          f"{'--smoke exits':>22} {'--version':>20}")
    summary: dict[str, dict[str, float]] = {}
    for name, data in samples.items():
        cells = []
        summary[name] = {}
        for key in ("paint", "typing", "ready", "total", "version"):
            values = data[key]
            if not values:
                cells.append("-")
                continue
            summary[name][key] = statistics.median(values)
            cells.append(f"{statistics.median(values):7.0f} ms ({min(values):.0f}-{max(values):.0f})")
        print(f"{name:<34} {cells[0]:>22} {cells[1]:>22} {cells[2]:>22} {cells[3]:>22} {cells[4]:>20}")
    bare = summary[bare_name]["paint"]
    for name in variants:
        print(f"{name.split(' ')[0]}: first drawn window / bare window: {summary[name]['paint'] / bare:.2f};"
              f" ready to type (the real composer) / bare: {summary[name]['typing'] / bare:.2f}")
    if not args.no_frozen:
        frozen, source = (summary[n]["paint"] for n in variants)
        print(f"first drawn window, frozen / source: {frozen / source:.2f}")
    if args.json:
        print(json.dumps({"runs": args.runs, "medians_ms": summary}))
    shutil.rmtree(PYCACHE, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
