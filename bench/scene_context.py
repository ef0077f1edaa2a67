"""What a scene turn costs before its model call, on a long campaign: a scene chat of N messages (default 10,000)
over 20 scenes with five characters coming and going (real SQLite file), then ``Scenes.turn`` (read the lines and
messages, decide what the speaker witnessed, hide the entries it may not know) for each character, and
``Scenes.next_speaker``; and the loop's longest stall while ``Scenes.say`` starts a turn (the loop is the window's
GUI thread: the turn's reading runs on a worker thread, ``Scenes.turn_apart``), and ``SceneStore.sync`` with nothing
new (the window's enter, leave and correct call it on the GUI thread). Prints medians; never passes or fails.

    python bench/scene_context.py
    python bench/scene_context.py --messages 50000 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

from relay_studio.domain.profile import parse_profile
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.scenes import Scenes, Speaker
from relay_studio.store.chats import ImportedMessage

CAST = ["ann", "ben", "cy", "dee", "eli"]


def _profile(pid: str) -> dict[str, object]:
    return {"id": pid, "displayName": pid.title(), "model": {"mode": "default"}, "run": {"endOnTextAnswer": True}}


def build(data: Path, messages: int) -> tuple[Runtime, Scenes, str]:
    runtime = Runtime(data)
    for pid in CAST:
        runtime.profile_store.save(parse_profile(_profile(pid)))
    scenes = Scenes(runtime)
    scenes.new("Campaign", CAST)
    per_scene = max(1, messages // 20)
    for scene in range(20):  # each scene: a new message block, then a break with a different three present
        chat = scenes.get("Campaign").chat_id
        stamp = "2026-01-01T00:00:00.000Z"
        block = [ImportedMessage(role="assistant", content=f"Line {scene}-{i}: " + "words " * 30, created_at=stamp,
                                 agent_id=CAST[i % 5], agent_name=CAST[i % 5].title()) for i in range(per_scene)]
        with runtime.db.transaction() as tx:  # appended to the chat as a run would, one transaction per block
            from relay_studio.store import tables as t
            from relay_studio.store.database import new_id

            start = len(runtime.chats.messages(chat))
            for n, m in enumerate(block):
                tx.insert(t.MessageRow, id=new_id("msg"), chat_id=chat, position=start + n, role=m.role,
                          content=m.content, agent_id=m.agent_id, agent_name=m.agent_name, run_id=None, version=1,
                          created_at=stamp, updated_at=stamp)
        scenes.next_scene("Campaign", [CAST[(scene + k) % 5] for k in range(3)])
    return runtime, scenes, "Campaign"


async def _stall(scenes: Scenes, name: str, speaker: str) -> float:
    """The longest gap (ms) between the ticks of a 5 ms ticker while ``say`` starts ``speaker``'s turn."""
    from relay_studio.providers.scripted import ScriptedProvider, load_script

    worst, done = 0.0, False

    async def tick() -> None:
        nonlocal worst
        last = time.perf_counter()
        while not done:
            await asyncio.sleep(0.005)
            now = time.perf_counter()
            worst, last = max(worst, now - last), now

    ticker = asyncio.create_task(tick())
    await asyncio.sleep(0.02)
    provider = ScriptedProvider(load_script({"turns": {speaker: [{"text": "Hm."}]}}))
    handle = await scenes.say(name, provider_for=lambda _p: provider, as_id=speaker)
    await asyncio.sleep(0.02)
    done = True
    await ticker
    await handle.wait()
    return worst * 1000


def loop_stalls(scenes: Scenes, name: str, repeat: int) -> list[float]:
    record = scenes.get(name)
    return [asyncio.run(_stall(scenes, name, record.present[i % len(record.present)])) for i in range(repeat)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        runtime, scenes, name = build(Path(tmp) / "data", args.messages)
        built = time.perf_counter() - started
        record = scenes.get(name)
        turn_ms: list[float] = []
        left_out: dict[str, int] = {}
        for _ in range(args.repeat):
            for pid in CAST:
                t0 = time.perf_counter()
                turn = scenes.turn(record, Speaker(pid, "creator"), None)
                turn_ms.append((time.perf_counter() - t0) * 1000)
                left_out[pid] = len(turn.context["leftOut"])
        next_ms, sync_ms = [], []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            scenes.next_speaker(record)
            next_ms.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            scenes.store.sync(record)
            sync_ms.append((time.perf_counter() - t0) * 1000)
        stalls = loop_stalls(scenes, name, args.repeat)
        runtime.close()
    result = {"messages": args.messages, "buildSeconds": round(built, 2),
              "turnMedianMs": round(statistics.median(turn_ms), 1),
              "nextSpeakerMedianMs": round(statistics.median(next_ms), 1),
              "syncMedianMs": round(statistics.median(sync_ms), 1),
              "sayLoopStallMedianMs": round(statistics.median(stalls), 1), "leftOutPerCharacter": left_out}
    print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))


if __name__ == "__main__":
    main()
