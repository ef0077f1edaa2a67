"""How responsive the window stays while a run streams text at a given token rate.

The window is opened offscreen on a fresh data dir; the built-in finalizer streams one long answer
through the scripted provider, paced at ``--rate`` tokens per second (a token taken as 4 characters,
delivered in bursts every 10 ms), then writes, commits and finishes. A 5 ms ticker on the same qasync
loop records how late each tick fires; the live run card appends what arrives once per frame.

Prints the median and worst loop stall, the number of frames that delivered text, and whether the
streamed text arrived whole. Medians over ``--reps``. Measures and prints; never passes or fails on
a time.

    QT_QPA_PLATFORM=offscreen python bench/ui_responsiveness.py [--rate 2000] [--seconds 4] [--reps 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import qasync

from relay_studio.app import build_window, ensure_app, window_settings
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.provider_source import PacedProvider, ScriptedProviders

BURST_S = 0.01


async def _measure(data_dir: Path, rate: int, seconds: float) -> dict[str, float]:
    tokens = int(rate * seconds)
    text = "".join(f"w{i % 10} " for i in range(tokens))[: tokens * 4]
    script = load_script({"turns": {"finalizer": [
        {"text": text, "toolCalls": [{"name": "workspace_write_file",
                                      "arguments": {"path": "output/main.md", "content": "Done."}},
                                     {"name": "workspace_commit", "arguments": {}},
                                     {"name": "workspace_finish", "arguments": {"summary": "ok"}}]}]}},
    )
    provider = PacedProvider(ScriptedProvider(script, chunk_size=len(text) or 1), think_seconds=0.0,
                             chunk_seconds=BURST_S, chunk_chars=max(int(rate * 4 * BURST_S), 1))
    runtime = Runtime(data_dir)
    window = build_window(runtime, ScriptedProviders(provider), window_settings(data_dir))
    window.resize(1400, 900)
    window.show()
    await asyncio.sleep(0.2)
    frames = 0

    def count(_updates: list[object]) -> None:
        nonlocal frames
        frames += 1

    window.studio.live_arrived.connect(count)
    stalls: list[float] = []
    running = True

    async def ticker() -> None:
        loop = asyncio.get_running_loop()
        last = loop.time()
        while running:
            await asyncio.sleep(0.005)
            now = loop.time()
            stalls.append(max(now - last - 0.005, 0.0))
            last = now

    tick = asyncio.ensure_future(ticker())
    window.new_chat()
    window.chat.composer.select_agent("finalizer")
    window.chat.composer.set_text("Stream, please.")
    window.chat.composer.submit()
    ended = asyncio.Event()
    window.studio.run_finished.connect(lambda _run, _status: ended.set())
    await ended.wait()
    running = False
    await tick
    whole = window.chat.live.streamed_text.endswith(text)  # the card keeps its text until the next run
    window.force_close()
    await window.studio.shutdown()
    window.deleteLater()
    runtime.close()
    return {"median_stall_ms": statistics.median(stalls) * 1000, "worst_stall_ms": max(stalls) * 1000,
            "frames_with_text": frames, "tokens": tokens, "text_whole": float(whole)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=int, default=2000, help="tokens per second")
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    app = ensure_app(sys.argv[:1])
    results = []
    for _ in range(args.reps):
        with tempfile.TemporaryDirectory() as tmp, \
                asyncio.Runner(loop_factory=lambda: qasync.QEventLoop(app)) as runner:
            results.append(runner.run(_measure(Path(tmp) / "data", args.rate, args.seconds)))
    summary = {k: statistics.median(r[k] for r in results) for k in results[0]}
    if args.json:
        print(json.dumps({"rate": args.rate, "reps": args.reps, **summary}, indent=2))
    else:
        print(f"streaming {int(summary['tokens']):,} tokens at {args.rate} tokens/s; medians of {args.reps} reps")
        print(f"  loop stall, median              {summary['median_stall_ms']:7.2f} ms")
        print(f"  loop stall, worst               {summary['worst_stall_ms']:7.2f} ms")
        print(f"  frames that delivered text      {summary['frames_with_text']:7.0f}")
        print(f"  streamed text arrived whole     {'yes' if summary['text_whole'] else 'no'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
