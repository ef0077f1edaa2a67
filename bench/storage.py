"""Database bytes per byte of model output for a long relay, against the old request storage.

A writer -> editor -> finalizer relay on the scripted provider where every stage takes ``--rounds``
model calls; each call answers with prose and one ``workspace_write_file`` (so the conversation each
stage sends grows by one answer and one tool result per call, as in real work). Two patterns:
``chapters`` (each call a new passage in a new file) and ``revisions`` (each call rewrites the one
draft: a passage revised, one appended).
Model output = the UTF-8 bytes of every answer's text plus its tool calls' arguments. Database bytes
= the SQLite file after a checkpoint (WAL folded in).

* Ours: requests stored as deltas on the stage's previous call (``store/turn_requests.py``).
  Large values (requests, responses, file versions, big journal payloads) are compressed
  (``store/compact.py``).
* Peer, in the same run: the old storage, every request in full and every value as plain text
  (``DELTAS_ENABLED = compact.ENABLED = False``).

Sides alternate over ``--reps`` after a warm-up; medians are printed, with the ratio ours/peer and
the issue's target (ours at most 3 bytes per byte of output). It measures and prints; it never
passes or fails on a number. It aborts if a run does not complete as scripted.

    python bench/storage.py [--rounds N] [--reps R] [--pattern chapters revisions] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.profile import AgentProfile, parse_profile
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.context import RunSettings
from relay_studio.runtime.engine import DB_NAME, Runtime
from relay_studio.store import compact, turn_requests

AGENTS = ("writer", "editor", "finalizer")
_VOCABULARY = """the keeper climbed stairs again counting each hundred twelve steps and sea below kept its own
count against rocks lamp light night storm ship harbour wind salt glass brass oil wick log book tide gulls fog horn
bell door rope ladder window cold warm slow quiet loud far near old young letter shore boat island cliff path stone
grey blue green silver morning evening winter summer she he they said asked"""
WORDS = tuple(_VOCABULARY.split())


def prose(rng: random.Random, words: int) -> str:
    """Text that compresses like prose, not like one sentence repeated."""
    return " ".join(rng.choice(WORDS) for _ in range(words)).capitalize() + "."


def profiles(rounds: int) -> dict[str, AgentProfile]:
    def one(pid: str, allow: list[str], target: bool, can_handoff: bool) -> AgentProfile:
        return parse_profile({
            "id": pid, "displayName": pid.title(), "description": f"The {pid}.",
            "model": {"mode": "connection", "connection": "bench", "model": "scripted"},
            "tools": {"allow": allow, "maxRounds": rounds + 5, "maxToolCalls": rounds + 10},
            "delegation": {"canHandoff": can_handoff, "canDelegate": False, "callable": target,
                           "allowAsHandoffTarget": target, "allowAsSubagent": False,
                           "descriptionForAgents": f"I am the {pid}."},
        })
    write = ["workspace.read_file", "workspace.write_file", "workspace.commit"]
    return {p.id: p for p in (one("writer", [*write, "agent.handoff"], False, True),
                              one("editor", [*write, "agent.handoff"], True, True),
                              one("finalizer", [*write, "workspace.finish"], True, False))}


def script(rounds: int, pattern: str) -> tuple[dict[str, Any], int]:
    """The relay's turns, and the bytes of model output they hold. ``chapters``: each call writes a
    new passage to a new file; ``revisions``: each call rewrites the one draft, one passage revised
    and one appended (so the output itself grows with the draft)."""
    turns: dict[str, list[dict[str, Any]]] = {}
    rng = random.Random(7)
    output = 0
    draft: list[str] = []
    for n, agent in enumerate(AGENTS):
        mine: list[dict[str, Any]] = []
        for i in range(rounds):
            text = f"Part {i} of the {agent}'s pass. " + prose(rng, 40)
            if pattern == "chapters":
                args = {"path": f"output/{agent}-{i:03}.md", "content": f"## {agent} {i}\n\n" + prose(rng, 160)}
            else:
                if draft:
                    draft[rng.randrange(len(draft))] = prose(rng, 60)
                draft.append(prose(rng, 60))
                args = {"path": "output/main.md", "content": "\n\n".join(draft)}
            mine.append({"text": text, "toolCalls": [{"name": "workspace_write_file", "arguments": args}]})
        committed = f"output/{agent}-000.md" if pattern == "chapters" else "output/main.md"
        closing: list[dict[str, Any]] = [{"name": "workspace_commit", "arguments": {"path": committed}}]
        if n + 1 < len(AGENTS):
            closing.append({"name": "agent_handoff", "arguments": {"agentId": AGENTS[n + 1],
                                                                   "handoff": {"objective": "Continue the story."}}})
        else:
            closing.append({"name": "workspace_finish", "arguments": {"summary": "Done."}})
        mine.append({"toolCalls": closing})
        for turn in mine:
            output += len(turn.get("text", "").encode())
            output += sum(len(json.dumps(c["arguments"], ensure_ascii=False).encode()) for c in turn["toolCalls"])
        turns[agent] = mine
    return {"turns": turns}, output


def database_bytes(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        size = db.execute("PRAGMA page_size").fetchone()[0]
        requests = db.execute("SELECT sum(length(CAST(request_json AS BLOB))) FROM model_turns").fetchone()[0]
    finally:
        db.close()
    return int(pages) * int(size), int(requests or 0)


async def one_run(rounds: int, deltas: bool, base: Path, pattern: str = "chapters") -> dict[str, float]:
    turn_requests.DELTAS_ENABLED = compact.ENABLED = deltas
    data = Path(tempfile.mkdtemp(dir=base))
    runtime = Runtime(data)
    turns, output = script(rounds, pattern)
    provider = ScriptedProvider(load_script(turns))
    started = time.perf_counter()
    try:
        handle = await runtime.start_run(agent_id="writer", prompt="Write a long story.", chat="bench",
                                         provider_for=lambda _p: provider, profiles=profiles(rounds),
                                         settings=RunSettings(max_total_rounds=10 * rounds + 50))
        status = await handle.wait()
        if status is not RunStatus.COMPLETED:
            record = runtime.runs.run(handle.run_id)
            raise SystemExit(f"the relay ended {status.value}: {record.error_code if record else '?'}")
        wall = time.perf_counter() - started
        # Every request must come back whole, whatever the storage.
        rebuilt = sum(len(json.dumps(t["request"])) for t in runtime.runs.iter_model_turns(handle.run_id))
    finally:
        runtime.close()
        turn_requests.DELTAS_ENABLED = compact.ENABLED = True
    total, requests = database_bytes(data / DB_NAME)
    return {"dbBytes": total, "requestBytes": requests, "outputBytes": output, "ratio": total / output,
            "wallS": wall, "rebuiltRequestChars": rebuilt}


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        await one_run(3, True, base)  # warm-up
        await one_run(3, False, base)
        result: dict[str, Any] = {"rounds": args.rounds, "reps": args.reps, "target": 3.0}
        for pattern in args.pattern:
            samples: dict[str, list[dict[str, float]]] = {"ours": [], "peer": []}
            for _ in range(args.reps):
                samples["ours"].append(await one_run(args.rounds, True, base, pattern))
                samples["peer"].append(await one_run(args.rounds, False, base, pattern))
            med = {side: {k: statistics.median(s[k] for s in runs) for k in runs[0]} for side, runs in samples.items()}
            result[pattern] = {"ours": med["ours"], "peer": med["peer"],
                               "ratioOursOverPeer": med["ours"]["dbBytes"] / med["peer"]["dbBytes"]}
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60, help="model calls per stage (default 60)")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--pattern", nargs="+", choices=["chapters", "revisions"], default=["chapters", "revisions"],
                        help="new passages in new files, or one growing draft rewritten each call (default: both)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = asyncio.run(main_async(args))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"medians of {args.reps}, {args.rounds} calls per stage; target for ours: at most "
          f"{result['target']:.0f} database bytes per byte of model output")
    for pattern in args.pattern:
        for side in ("ours", "peer"):
            m = result[pattern][side]
            print(f"{pattern:<9} {side:<5} database {m['dbBytes'] / 1e6:8.2f} MB  (requests "
                  f"{m['requestBytes'] / 1e6:7.2f} MB)  model output {m['outputBytes'] / 1e6:6.2f} MB  -> "
                  f"{m['ratio']:6.2f} bytes per output byte  (run {m['wallS']:.2f} s)")
        print(f"{pattern:<9} ours/peer database size: {result[pattern]['ratioOursOverPeer']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
