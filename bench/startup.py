"""Start-up time of Relay Studio: the frozen app vs the source install, to the first drawn window.

    python bench/startup.py                     # builds the frozen app first if it is missing
    python bench/startup.py --runs 11 --frozen path/to/relay-studio --json

Each run starts a fresh process with ``--smoke`` (window offscreen, its own empty data folder) and
takes the time from just before the process is started to the window's first paint (the smoke
report's ``firstPaintEpoch``, the same wall clock), and the time until the process has exited (the
demo relay run inside the window and shutdown included). ``--version`` start-up (the CLI without Qt)
is measured the same way. Variants alternate run by run after one warm-up each; medians are printed,
never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_FROZEN = ROOT / "build" / "packaging" / "pyinstaller" / "dist" / "relay-studio" / (
    "relay-studio.exe" if sys.platform == "win32" else "relay-studio")


def one_smoke(cmd: list[str]) -> tuple[float, float]:
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory(prefix="relay-bench-") as data:
        launched = time.time()
        started = time.perf_counter()
        proc = subprocess.run([*cmd, "--smoke", "--data-dir", data], capture_output=True, text=True, env=env,
                              check=False, timeout=120)
        total = time.perf_counter() - started
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} --smoke failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    return (float(report["firstPaintEpoch"]) - launched) * 1000, total * 1000


def one_version(cmd: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run([*cmd, "--version"], capture_output=True, check=True, timeout=60)
    return (time.perf_counter() - started) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--frozen", type=Path, default=DEFAULT_FROZEN, help="the frozen executable")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="also print the figures as one JSON line")
    args = parser.parse_args()
    if not args.frozen.is_file():
        if args.frozen != DEFAULT_FROZEN:
            raise SystemExit(f"error: {args.frozen} does not exist")
        print("building the frozen app first (packaging/build.py freeze) ...", flush=True)
        subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py"), "freeze"], check=True,
                       stdout=subprocess.DEVNULL)
    variants = {
        "frozen (PyInstaller onedir)": [str(args.frozen)],
        "source (python -m relay_studio)": [sys.executable, "-m", "relay_studio"],
    }
    samples: dict[str, dict[str, list[float]]] = {
        name: {"paint": [], "total": [], "version": []} for name in variants}
    for cmd in variants.values():  # warm the disk cache
        one_smoke(cmd)
        one_version(cmd)
    for _ in range(args.runs):
        for name, cmd in variants.items():
            paint, total = one_smoke(cmd)
            samples[name]["paint"].append(paint)
            samples[name]["total"].append(total)
            samples[name]["version"].append(one_version(cmd))

    print(f"Relay Studio start-up, {args.runs} runs each, medians (min-max), "
          f"{platform.system()} {platform.machine()}, Python {platform.python_version()}, "
          f"QT_QPA_PLATFORM={os.environ.get('QT_QPA_PLATFORM', 'offscreen')}")
    print(f"{'variant':<34} {'first drawn window':>22} {'--smoke exits':>20} {'--version':>18}")
    summary: dict[str, dict[str, float]] = {}
    for name, data in samples.items():
        cells = []
        summary[name] = {}
        for key in ("paint", "total", "version"):
            values = data[key]
            summary[name][key] = statistics.median(values)
            cells.append(f"{statistics.median(values):7.0f} ms ({min(values):.0f}-{max(values):.0f})")
        print(f"{name:<34} {cells[0]:>22} {cells[1]:>20} {cells[2]:>18}")
    frozen, source = (summary[n]["paint"] for n in variants)
    print(f"first drawn window, frozen / source: {frozen / source:.2f}")
    if args.json:
        print(json.dumps({"runs": args.runs, "medians_ms": summary}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
