"""What a stage start costs with a story library: open the library (index sync over N entry files on a
real SQLite file) and pick the mentioned entries from a chat history, against a plain case-insensitive
substring scan of the same names as the peer. Prints medians in milliseconds; never passes or fails.

    python bench/library_mentions.py                 # 1000 entries, 200 messages, 7 reps
    python bench/library_mentions.py --entries 5000 --messages 500 --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from relay_studio.library.entries import LibraryEntry
from relay_studio.library.mentions import select_entries
from relay_studio.library.store import LibraryStore
from relay_studio.store.database import DEFAULT_PROJECT_ID, Database

WORDS = ["sea", "storm", "harbour", "silver", "lantern", "road", "crown", "ash", "river", "tower", "bell", "wolf",
         "glass", "ember", "salt"]


def _name(i: int) -> str:
    return f"{WORDS[i % len(WORDS)].title()}{i}"


def _setup(root: Path, entries: int) -> Database:
    db = Database(root / "bench.db")
    store = LibraryStore(db, DEFAULT_PROJECT_ID, root / "project")
    made = [LibraryEntry(type="lore", name=_name(i), aliases=[f"the {_name(i)}"], description="x" * 300)
            for i in range(entries)]
    store.add_all(made, "bench")
    return db


def _history(messages: int, entries: int, rng: random.Random) -> list[str]:
    return [" ".join(rng.choice(WORDS) for _ in range(60)) + f" {_name(rng.randrange(entries))}."
            for _ in range(messages)]


def _peer(entries: list[LibraryEntry], texts: list[str]) -> list[str]:
    hay = "\n".join(texts).casefold()
    return [e.name for e in entries if any(n.casefold() in hay for n in e.names)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--messages", type=int, default=200)
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        db = _setup(Path(tmp), args.entries)
        texts = _history(args.messages, args.entries, rng)
        sync, ours, peer = [], [], []
        for _ in range(args.reps + 1):
            t0 = time.perf_counter()
            store = LibraryStore.open(db, DEFAULT_PROJECT_ID, Path(tmp) / "project")
            entries = [i.entry for i in store.entries()]
            t1 = time.perf_counter()
            select_entries(entries, texts, 2000)
            t2 = time.perf_counter()
            _peer(entries, texts)
            t3 = time.perf_counter()
            sync.append((t1 - t0) * 1000)
            ours.append((t2 - t1) * 1000)
            peer.append((t3 - t2) * 1000)
        db.close()
    result = {"entries": args.entries, "messages": args.messages,
              "openAndSyncMs": round(statistics.median(sync[1:]), 2),
              "mentionsMs": round(statistics.median(ours[1:]), 2),
              "substringPeerMs": round(statistics.median(peer[1:]), 2)}
    result["ratio"] = round(result["mentionsMs"] / max(result["substringPeerMs"], 1e-6), 1)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.entries} entries, {args.messages} messages: open + sync {result['openAndSyncMs']} ms, "
              f"mentions {result['mentionsMs']} ms, substring peer {result['substringPeerMs']} ms "
              f"(ratio {result['ratio']})")


if __name__ == "__main__":
    main()
