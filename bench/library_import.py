"""`library import` of World Info files: N entries into an empty project library, and a few entries into a
library that already holds N, as the CLI does it (`read_library_file`, then `LibraryStore.add_all`: staged,
moved into place, indexed) on a real SQLite file. The peer, in the same run, is the least any import must
do: write the same entry files and insert the same index rows with plain ``sqlite3`` in one transaction
(no staging, no checks, no re-reading). Prints medians; never passes or fails.

    python bench/library_import.py                  # 10,000 entries, 20 into 10,000, 3 reps
    python bench/library_import.py --entries 2000 --few 50 --reps 5 --json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sqlite3
import statistics
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from relay_studio.library.entries import render_entry
from relay_studio.library.importing import read_library_file
from relay_studio.library.store import LibraryStore, _index_json
from relay_studio.store.database import Database

PROJECT = "bench"


def _world_info(path: Path, start: int, count: int) -> Path:
    entries = {str(i): {"uid": i, "key": [f"Entry {i}"], "comment": f"Entry {i}",
                        "content": f"Lore number {i}: the lantern swung over the harbour while the storm came in."}
               for i in range(start, start + count)}
    path.write_text(json.dumps({"entries": entries}), encoding="utf-8")
    return path


def _ours(folder: Path, files: list[Path]) -> list[float]:
    """Seconds for each file's import, in order, into one project library."""
    folder.mkdir(parents=True)
    db = Database(folder / "bench.db")
    took = []
    try:
        store = LibraryStore.open(db, PROJECT, folder / "project")
        for file in files:
            t0 = time.perf_counter()
            store.add_all(read_library_file(file), file.name)
            took.append(time.perf_counter() - t0)
        assert len(store.entries()) == sum(len(read_library_file(f)) for f in files)
    finally:
        db.close()
    return took


def _peer(folder: Path, files: list[Path]) -> list[float]:
    """The floor: the same files written and the same rows inserted, nothing else (the entries already
    parsed: reading the file is left out of the peer's time, it is ours alone)."""
    folder.mkdir(parents=True)
    conn = sqlite3.connect(folder / "peer.db")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE library_entries (id TEXT PRIMARY KEY, project_id TEXT, path TEXT, type TEXT, "
                 "name TEXT, entry_json TEXT, mtime_ns INTEGER, sha256 TEXT, indexed_at TEXT)")
    conn.execute("CREATE UNIQUE INDEX ux ON library_entries (project_id, path)")
    conn.execute("CREATE INDEX ix ON library_entries (project_id)")
    took = []
    try:
        for file in files:
            entries = read_library_file(file)
            t0 = time.perf_counter()
            rows = []
            for entry in entries:
                target = folder / entry.path
                target.parent.mkdir(parents=True, exist_ok=True)
                data = render_entry(entry).encode("utf-8")
                target.write_bytes(data)
                rows.append((uuid.uuid4().hex, PROJECT, entry.path, entry.type, entry.name, _index_json(entry),
                             target.stat().st_mtime_ns, hashlib.sha256(data).hexdigest(), "now"))
            with conn:
                conn.executemany("INSERT INTO library_entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
            took.append(time.perf_counter() - t0)
    finally:
        conn.close()
    return took


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--few", type=int, default=20, help="entries imported into the full library")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    samples: dict[str, list[float]] = {"bulk": [], "few": [], "peerBulk": [], "peerFew": []}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        files = [_world_info(root / "bulk.json", 0, args.entries),
                 _world_info(root / "few.json", args.entries, args.few)]
        for rep in range(args.reps):
            bulk, few = _ours(root / f"ours-{rep}", files)
            peer_bulk, peer_few = _peer(root / f"peer-{rep}", files)
            samples["bulk"].append(bulk)
            samples["few"].append(few)
            samples["peerBulk"].append(peer_bulk)
            samples["peerFew"].append(peer_few)
    result: dict[str, Any] = {"entries": args.entries, "few": args.few, "reps": args.reps}
    for key, values in samples.items():
        result[f"{key}S"] = round(statistics.median(values), 3)
    result["bulkRatio"] = round(result["bulkS"] / max(result["peerBulkS"], 1e-6), 1)
    result["fewRatio"] = round(result["fewS"] / max(result["peerFewS"], 1e-6), 1)
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.entries:,} entries into an empty library: {result['bulkS']} s, "
          f"floor peer {result['peerBulkS']} s (ratio {result['bulkRatio']})")
    print(f"{args.few:,} entries into a {args.entries:,}-entry library: {result['fewS']} s, "
          f"floor peer {result['peerFewS']} s (ratio {result['fewRatio']})")


if __name__ == "__main__":
    main()
