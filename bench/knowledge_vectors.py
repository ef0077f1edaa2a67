"""Search by meaning: nearest vectors over 10,000 chunks through sqlite-vec against the Python cosine scan.

A fresh data dir gets one project with ``--chunks`` chunks and one float32 vector of ``--dims`` each
(random unit vectors: the cost of a nearest-vector search depends on the count and the size, not on the
meaning), written straight into ``knowledge_chunks`` / ``knowledge_vectors``, as ``embed_missing`` leaves
them. Then:

- build: a sync of the whole sqlite-vec index (``vector_index.VectorIndex.sync``) from the main
  database, as ``embed_missing`` does at its end on its worker thread;
- sqlite-vec: ``semantic.nearest(..., folder)`` per query, top 50 (the pool ``hybrid_search`` fuses):
  opening the index, checking its fingerprint against the main database, the vec0 KNN query;
- peer: ``semantic.nearest_scan`` on the same queries (the fallback when the extension cannot load).

p50 and p95 per query (wall clock, and CPU time of this process: on a shared machine the wall clock
mostly measures the neighbours), medians over ``--reps``, and the ratio sqlite-vec/scan at p95. Measures
and prints; never passes or fails on a time.

    python bench/knowledge_vectors.py [--chunks 10000] [--dims 768] [--queries 200] [--scan-queries 20]
                                      [--reps 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import tempfile
import time
from array import array
from pathlib import Path

from relay_studio.knowledge import vector_index
from relay_studio.knowledge.semantic import nearest, nearest_scan
from relay_studio.store.database import Database

MODEL = "bench-embed"


def _unit(rng: random.Random, dims: int) -> list[float]:
    v = [rng.gauss(0.0, 1.0) for _ in range(dims)]
    norm = math.sqrt(sum(x * x for x in v)) or 1.0
    return [x / norm for x in v]


def _fill(db: Database, chunks: int, dims: int, rng: random.Random) -> None:
    raw = db.raw
    raw.execute("BEGIN IMMEDIATE")
    raw.execute("INSERT INTO knowledge_documents (id, project_id, title, file_name, source_name, kind, size_bytes, "
                "sha256, pages, chunk_count, added_at) VALUES ('doc', 'bench', 'Bench', 'bench.md', 'bench.md', "
                "'md', 0, '', NULL, ?, '2026-01-01T00:00:00Z')", (chunks,))
    raw.executemany("INSERT INTO knowledge_chunks (id, document_id, ordinal, page, section_json, char_start, "
                    "char_end, text) VALUES (?, 'doc', ?, NULL, '[]', 0, 1, 'x')",
                    [(i + 1, i) for i in range(chunks)])
    raw.executemany("INSERT INTO knowledge_vectors (chunk_id, model, dims, vector) VALUES (?, ?, ?, ?)",
                    [(i + 1, MODEL, dims, array("f", _unit(rng, dims)).tobytes()) for i in range(chunks)])
    raw.execute("COMMIT")


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def one_rep(chunks: int, dims: int, queries: int, scan_queries: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(Path(tmp) / "data" / "relay.sqlite3")
        try:
            _fill(db, chunks, dims, rng)
            folder = Path(tmp) / "project" / "knowledge"
            qs = [_unit(rng, dims) for _ in range(queries)]
            index = vector_index.open_index(folder, MODEL, dims)
            assert index is not None, f"sqlite-vec does not load here: {vector_index.unavailable_reason()}"
            t0 = time.perf_counter()
            index.sync(db.raw, "bench")
            build = time.perf_counter() - t0
            index.close()
            vec_ms, vec_cpu, agree = [], [], 0
            for i, q in enumerate(qs):
                t0, c0 = time.perf_counter(), time.process_time()
                found = nearest(db, "bench", MODEL, q, 50, folder)
                vec_ms.append((time.perf_counter() - t0) * 1000)
                vec_cpu.append((time.process_time() - c0) * 1000)
                if i < scan_queries:
                    agree += found[:10] == nearest_scan(db, "bench", MODEL, q, 10)
            scan_ms, scan_cpu = [], []
            for q in qs[:scan_queries]:
                t0, c0 = time.perf_counter(), time.process_time()
                nearest_scan(db, "bench", MODEL, q, 50)
                scan_ms.append((time.perf_counter() - t0) * 1000)
                scan_cpu.append((time.process_time() - c0) * 1000)
        finally:
            db.close()
    return {"chunks": chunks, "dims": dims, "build_s": build,
            "vec_p50_ms": _pct(vec_ms, 0.5), "vec_p95_ms": _pct(vec_ms, 0.95),
            "scan_p50_ms": _pct(scan_ms, 0.5), "scan_p95_ms": _pct(scan_ms, 0.95),
            "vec_cpu_p50_ms": _pct(vec_cpu, 0.5), "vec_cpu_p95_ms": _pct(vec_cpu, 0.95),
            "scan_cpu_p50_ms": _pct(scan_cpu, 0.5), "scan_cpu_p95_ms": _pct(scan_cpu, 0.95),
            "vec_over_scan_p95": _pct(vec_ms, 0.95) / _pct(scan_ms, 0.95),
            "top10_agree": agree / max(1, min(scan_queries, queries))}


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--chunks", type=int, default=10_000)
    ap.add_argument("--dims", type=int, default=768)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--scan-queries", type=int, default=20, help="the scan is slow: fewer queries for it")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    reps = [one_rep(args.chunks, args.dims, args.queries, args.scan_queries, seed) for seed in range(args.reps)]
    med = {k: statistics.median(r[k] for r in reps) for k in reps[0]}
    if args.json:
        print(json.dumps(med))
        return
    print(f"corpus: {med['chunks']:.0f} chunks, {med['dims']:.0f}-dimension float32 vectors; "
          f"medians of {args.reps} reps ({vector_index.backend()})")
    print(f"sqlite-vec index build (first search after embedding): {med['build_s']:.2f} s")
    print(f"nearest 50, sqlite-vec: p50 {med['vec_p50_ms']:.2f} ms, p95 {med['vec_p95_ms']:.2f} ms "
          f"(CPU p50 {med['vec_cpu_p50_ms']:.2f} ms, p95 {med['vec_cpu_p95_ms']:.2f} ms)")
    print(f"nearest 50, Python scan (peer): p50 {med['scan_p50_ms']:.2f} ms, p95 {med['scan_p95_ms']:.2f} ms "
          f"(CPU p50 {med['scan_cpu_p50_ms']:.2f} ms, p95 {med['scan_cpu_p95_ms']:.2f} ms)")
    print(f"ratio sqlite-vec/scan at p95: {med['vec_over_scan_p95']:.3f}; same top 10 in "
          f"{med['top10_agree']:.0%} of queries")


if __name__ == "__main__":
    sys.exit(main())
