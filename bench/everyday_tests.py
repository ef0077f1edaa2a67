"""Wall time of the README's everyday test command against the same tests in one process.

    python bench/everyday_tests.py              # 2 pairs
    python bench/everyday_tests.py --pairs 3 --json
    python bench/everyday_tests.py --under-load 5   # the README command 5 times, every core kept busy beside it

Each run is a fresh ``python -m pytest`` over this checkout, as the README's command runs it (``-n auto``:
one worker per core, pytest-xdist) and, as the peer measured in the same call, the same selection in one
process (``-p no:xdist``); the two alternate pair by pair, so the ratio holds when the machine's speed
drifts. Prints each side's median wall seconds, the tests that passed, and the ratio. Target: the everyday
command under 3 minutes on two idle cores. It measures and prints; it never fails on a time (a run that fails
its tests is reported as failed).

``--under-load N`` is the flakiness check: it runs the README command N times, each with one busy process per
core beside it (pure-Python spinning, as another program on the creator's machine would be), and prints each
run's outcome and wall time; a test that waits for a moment instead of the condition it asserts fails here.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SELECTION = ["-m", "not packaging and not slow"]
VARIANTS = {
    "README command (-n auto)": ["-n", "auto", *SELECTION],
    "one process (-p no:xdist)": ["-p", "no:xdist", *SELECTION],
}


def one_run(args: list[str]) -> tuple[float, str]:
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    wall = time.monotonic() - start
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-300:]
    outcome = re.sub(r"=+", "", last).strip()
    if done.returncode == 0:
        return wall, outcome
    failed = [line.split(" - ")[0] for line in done.stdout.splitlines() if line.startswith("FAILED ")]
    kept = ROOT / "bench" / "out" / f"failed-run-{time.strftime('%Y%m%d-%H%M%S')}.txt"  # the tracebacks, to read
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_text(done.stdout + "\n" + done.stderr, encoding="utf-8")
    return wall, (f"FAILED (exit {done.returncode}): {outcome}" + "".join(f"\n      {name}" for name in failed)
                  + f"\n      output kept in {kept.relative_to(ROOT)}")


def _spin() -> None:
    while True:
        pass


def under_load(runs: int) -> int:
    """The README command ``runs`` times with every core busy beside it; exit 1 if any run failed."""
    import multiprocessing

    failed = 0
    walls: list[float] = []
    for n in range(1, runs + 1):
        spinners = [multiprocessing.Process(target=_spin, daemon=True) for _ in range(os.cpu_count() or 1)]
        for spinner in spinners:
            spinner.start()
        try:
            wall, outcome = one_run(VARIANTS["README command (-n auto)"])
        finally:
            for spinner in spinners:
                spinner.kill()
                spinner.join()
        walls.append(wall)
        failed += outcome.startswith("FAILED")
        print(f"  loaded run {n}/{runs}: {wall:6.1f} s  {outcome}", flush=True)
    print(f"Everyday tests under load ({os.cpu_count()} busy processes beside them), {runs} runs: "
          f"{runs - failed} green, {failed} failed; median {statistics.median(walls):.1f} s")
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--pairs", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="also print the figures as one JSON line")
    parser.add_argument("--under-load", type=int, metavar="N", default=0,
                        help="run the README command N times with every core busy beside it, and say which failed")
    args = parser.parse_args()
    if args.under_load:
        return under_load(args.under_load)
    walls: dict[str, list[float]] = {name: [] for name in VARIANTS}
    outcomes: dict[str, str] = {}
    for _ in range(args.pairs):
        for name, variant in VARIANTS.items():
            wall, outcomes[name] = one_run(variant)
            walls[name].append(wall)
            print(f"  {name}: {wall:6.1f} s  {outcomes[name]}", flush=True)
    print(f"Everyday tests, {args.pairs} pairs, medians (min-max), {os.cpu_count()} cores, "
          f"Python {sys.version.split()[0]}")
    for name, values in walls.items():
        print(f"{name:<28} {statistics.median(values):7.1f} s ({min(values):.1f}-{max(values):.1f})  "
              f"{outcomes[name]}")
    names = list(VARIANTS)
    ratios = [a / b for a, b in zip(walls[names[0]], walls[names[1]], strict=True)]
    print(f"README command / one process: {statistics.median(ratios):.2f} "
          "(target: the README command under 180 s on two idle cores)")
    if args.json:
        print(json.dumps({"pairs": args.pairs, "wall_s": walls, "ratio": statistics.median(ratios)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
