"""How the window's timeline copes with a run of 100,000 journal events.

A synthetic but well-formed journal is written straight into a fresh data dir (the shapes the runtime
writes: a writer -> editor -> finalizer chain with handoff markers, helpers delegated from the writer,
model calls and tool calls with outcomes, about 10 ms apart). The window is opened offscreen on it and
measured:

* shown: from asking for the run until the events list has its row count and the window has painted;
* indexed: until every event is folded into lanes, bars and the list's index (page by page, yielding);
* worst loop stall while indexing (a 5 ms ticker on the same qasync loop);
* scroll: one events-list page down and one lanes pan per frame, each painted synchronously;
  frame times as median and 95th percentile;
* memory: the process's resident set size with the run open.

Medians over ``--reps`` (a fresh window each time). Measures and prints; never passes or fails on a
time.

    QT_QPA_PLATFORM=offscreen python bench/timeline_scale.py [--events 100000] [--reps 3] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import qasync
from PySide6.QtWidgets import QApplication

from relay_studio.app import build_window, ensure_app, window_settings
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.provider_source import ScriptedProviders
from relay_studio.store import tables as t

STAGES = (("writer", "Writer"), ("editor", "Editor"), ("finalizer", "Finalizer"))


def _rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def synthesize(runtime: Runtime, events: int) -> str:
    """Writes one run of ``events`` journal events; returns its id."""
    chat = runtime.chats.ensure_chat("Scale")
    run_id = "run_scale"
    start = datetime(2026, 1, 1, tzinfo=UTC)
    rows: list[dict[str, Any]] = []
    clock = [0.0]

    def ev(type_: str, payload: dict[str, Any], inv: str | None = None, related: list[str] | None = None,
           level: str = "info", dt: float = 0.01) -> None:
        clock[0] += dt
        stamp = (start + timedelta(seconds=clock[0])).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        rows.append({"run_id": run_id, "seq": len(rows) + 1, "type": type_, "level": level, "timestamp": stamp,
                     "invocation_id": inv, "related_json": json.dumps(related or []),
                     "payload_json": json.dumps(payload)})

    ev("run_created", {"chatId": chat.id, "agentId": "writer", "userText": "A long run."})
    per_stage = (events - 40) // 3
    call = 0
    helper_no = 0
    for stage_no, (agent, name) in enumerate(STAGES):
        inv = f"inv_{agent}"
        kind = "root" if stage_no == 0 else "handoff"
        ev("agent_invocation_created", {"agentId": agent, "displayName": name, "kind": kind}, inv)
        ev("agent_invocation_started", {"agentId": agent, "displayName": name, "kind": kind}, inv)
        stage_end = len(rows) + per_stage
        while len(rows) < stage_end:
            call += 1
            turn = f"turn_{call}"
            ev("model_call_started", {"agentId": agent, "turnId": turn, "callIndex": call, "model": "m"}, inv)
            ev("model_call_completed", {"agentId": agent, "turnId": turn, "elapsedMs": 40.0, "toolCalls": ["x"],
                                        "usage": {"input_tokens": 900, "output_tokens": 60}}, inv, dt=0.04)
            tool = f"call_{call}"
            failed = call % 97 == 0
            ev("tool_call_started", {"toolCallId": tool, "name": "workspace_read_file",
                                     "arguments": '{"path": "output/main.md"}'}, inv)
            ev("tool_call_completed", {"toolCallId": tool, "name": "workspace_read_file", "isError": failed,
                                       "errorCode": "workspace.path_invalid" if failed else None,
                                       "result": "text"}, inv, level="warning" if failed else "info")
            if stage_no == 0 and call % 500 == 0:  # a helper's short job, on its own lane
                helper_no += 1
                helper = f"inv_helper_{helper_no}"
                ev("agent_invocation_created", {"agentId": "researcher", "displayName": "Researcher",
                                                "kind": "subagent", "parentInvocationId": inv}, helper, [inv])
                ev("agent_invocation_started", {"agentId": "researcher", "displayName": "Researcher",
                                                "kind": "subagent"}, helper)
                ev("model_call_started", {"turnId": f"h{helper_no}", "callIndex": 1, "model": "m"}, helper)
                ev("model_call_completed", {"turnId": f"h{helper_no}", "usage": {}}, helper, dt=0.05)
                ev("agent_invocation_completed", {"agentId": "researcher"}, helper)
        if stage_no < 2:
            target = f"inv_{STAGES[stage_no + 1][0]}"
            nxt_id, nxt_name = STAGES[stage_no + 1]
            ev("agent_handoff_accepted", {"agentId": agent, "targetAgentId": nxt_id, "targetDisplayName": nxt_name,
                                          "title": f"Stage {stage_no + 2}"}, inv, [target])
            ev("agent_invocation_transferred", {"agentId": agent}, inv)
        else:
            ev("agent_invocation_completed", {"agentId": agent}, inv)
    while len(rows) < events - 1:
        ev("model_notice", {"code": "bench.padding", "message": "padding"}, "inv_finalizer")
    ev("run_completed", {"commits": 0})
    with runtime.db.transaction() as tx:
        tx.insert(t.RunRow, id=run_id, chat_id=chat.id, root_profile_id="writer", status="completed",
                  user_text="A long run.", input_json="{}", created_at=rows[0]["timestamp"],
                  updated_at=rows[-1]["timestamp"])
        tx.conn.execute(t.EventRow.__table__.insert(), rows)  # type: ignore[attr-defined]
    return run_id


async def _measure(data_dir: Path, run_id: str) -> dict[str, float]:
    runtime = Runtime(data_dir)
    provider = ScriptedProvider(load_script({"turns": {}}))
    window = build_window(runtime, ScriptedProviders(provider), window_settings(data_dir))
    window.resize(1600, 1000)
    window.show()
    await asyncio.sleep(0.2)
    panel = window.timeline
    app = QApplication.instance()
    assert isinstance(app, QApplication)

    stalls: list[float] = []
    ticking = True

    async def ticker() -> None:
        loop = asyncio.get_running_loop()
        last = loop.time()
        while ticking:
            await asyncio.sleep(0.005)
            now = loop.time()
            stalls.append(now - last - 0.005)
            last = now

    tick = asyncio.ensure_future(ticker())
    started = time.perf_counter()
    panel.show_run(run_id)
    panel.table.viewport().repaint()
    panel.lanes.viewport().repaint()
    shown = time.perf_counter() - started
    await panel.loaded.wait()
    indexed = time.perf_counter() - started
    ticking = False
    await tick
    rows = panel.model.rowCount()

    frames: list[float] = []
    bar = panel.table.verticalScrollBar()
    h = panel.lanes.horizontalScrollBar()
    panel.lanes.zoom_by(40)
    for i in range(240):
        t0 = time.perf_counter()
        bar.setValue(int(bar.maximum() * i / 240))
        h.setValue(int(h.maximum() * i / 240))
        panel.table.viewport().repaint()
        panel.lanes.viewport().repaint()
        frames.append(time.perf_counter() - t0)
    rss = _rss_mb()
    window.force_close()
    await window.studio.shutdown()
    window.deleteLater()
    runtime.close()
    frames.sort()
    return {"events": rows, "shown_ms": shown * 1000, "indexed_ms": indexed * 1000,
            "worst_stall_ms": max(stalls) * 1000 if stalls else 0.0,
            "frame_median_ms": statistics.median(frames) * 1000,
            "frame_p95_ms": frames[int(len(frames) * 0.95)] * 1000, "page_reads": panel.model.page_reads,
            "rss_mb": rss}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    app = ensure_app(sys.argv[:1])
    results: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        runtime = Runtime(data)
        t0 = time.perf_counter()
        run_id = synthesize(runtime, args.events)
        runtime.close()
        written = time.perf_counter() - t0
        for _ in range(args.reps):
            with asyncio.Runner(loop_factory=lambda: qasync.QEventLoop(app)) as runner:
                results.append(runner.run(_measure(data, run_id)))
    summary = {key: statistics.median(r[key] for r in results) for key in results[0]}
    if args.json:
        print(json.dumps({"reps": args.reps, "write_s": written, **summary}, indent=2))
    else:
        print(f"timeline over {int(summary['events']):,} events (synthetic journal written in {written:.1f} s); "
              f"medians of {args.reps} reps")
        print(f"  shown (row count + first paint)   {summary['shown_ms']:8.1f} ms")
        print(f"  fully indexed (lanes, bars, list) {summary['indexed_ms']:8.1f} ms")
        print(f"  worst loop stall while indexing   {summary['worst_stall_ms']:8.1f} ms")
        print(f"  scroll frame, median / p95        {summary['frame_median_ms']:8.2f} / "
              f"{summary['frame_p95_ms']:.2f} ms")
        print(f"  events-list pages read from disk  {summary['page_reads']:8.0f}")
        print(f"  resident memory with the run open {summary['rss_mb']:8.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
