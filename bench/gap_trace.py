"""Where the GUI thread's long gaps go: ``book_scale.py`` run with a sampler of the GUI thread's stack.

A thread samples the GUI thread's Python stack every half millisecond (``sys._current_frames``); the bench's
heartbeat notes each gap over ``--over`` ms with the step it fell in (counted from the heartbeat's resets: the
small project's steps first, then the book's). Printed after the bench's own table: for each gap, the frames most
often on the stack during it (a frame counts once per sample). Samples with no frame of ours in them are time in Qt's
C++ (layout, paint) or waiting for the interpreter. The sampler costs the GUI thread little (it takes the
interpreter a few hundred times a second), so the gaps are near the bench's own; it measures, it never fails.

    QT_QPA_PLATFORM=offscreen python bench/gap_trace.py [--over 30] [--frames 20]
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import threading
import time
from pathlib import Path
from types import FrameType

sys.path.insert(0, str(Path(__file__).resolve().parent))

import book_scale

Stack = tuple[str, ...]
OUTER = 6  # frames of the bench's own loop at the bottom of every stack (``main``, the runner, the event loop)


def _stack(frame: FrameType | None, depth: int = 40) -> Stack:
    out: list[str] = []
    while frame is not None and len(out) < depth:
        code = frame.f_code
        out.append(f"{os.path.basename(code.co_filename)}:{code.co_name}:{frame.f_lineno}")
        frame = frame.f_back
    return tuple(out)


class Sampler:
    """The GUI thread's stack every ``interval`` seconds, with the time it was taken."""

    def __init__(self, thread_id: int, interval: float = 0.0005) -> None:
        self.samples: collections.deque[tuple[float, Stack]] = collections.deque(maxlen=500_000)
        self._thread_id = thread_id
        self._interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="gap-sampler", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> list[tuple[float, Stack]]:
        self._stop.set()
        self._thread.join()
        return list(self.samples)

    def _run(self) -> None:
        while not self._stop.is_set():
            frame = sys._current_frames().get(self._thread_id)
            if frame is not None:
                self.samples.append((time.perf_counter(), _stack(frame)))
            time.sleep(self._interval)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--over", type=float, default=30.0, help="gaps longer than this many ms are traced")
    parser.add_argument("--frames", type=int, default=20, help="frames printed per gap")
    args = parser.parse_args()
    sys.argv[1:] = []  # the bench's own arguments: none
    over = args.over / 1000
    step = [-1]
    gaps: list[tuple[int, float, float]] = []
    tick, reset = book_scale.Heartbeat._tick, book_scale.Heartbeat.reset

    def traced_tick(beat: book_scale.Heartbeat) -> None:
        now = time.perf_counter()
        if now - beat.last > over:
            gaps.append((step[0], beat.last, now))
        tick(beat)

    def counted_reset(beat: book_scale.Heartbeat) -> None:
        step[0] += 1
        reset(beat)

    book_scale.Heartbeat._tick = traced_tick  # type: ignore[method-assign,assignment]
    book_scale.Heartbeat.reset = counted_reset  # type: ignore[method-assign,assignment]
    sampler = Sampler(threading.get_ident())
    sampler.start()
    book_scale.main()
    samples = sampler.stop()
    for number, start, end in gaps:
        inside = [stack for at, stack in samples if start <= at <= end]
        print(f"\n=== heartbeat reset {number}: a gap of {(end - start) * 1000:.1f} ms, {len(inside)} samples")
        counts: collections.Counter[str] = collections.Counter()
        for stack in inside:
            counts.update(set(stack[:-OUTER]))
        for frame, count in counts.most_common(args.frames):
            print(f"  {count:4} {frame}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
