"""Knowledge library: ingest time per MB, and search latency over 10,000 chunks against a plain scan.

A synthetic corpus (English sentences from a fixed vocabulary, with German and Japanese/Chinese
paragraphs mixed in) is written as Markdown files with headings, and as a PDF (the tests' PDF writer),
into a fresh data dir, and imported through ``KnowledgeLibrary.import_files`` (extraction, chunking, FTS5
index, copy into the project folder). Ingest is reported as seconds per MB of source file.

Search: the same queries (one to three English words, German words, CJK words) run through FTS5/BM25
(``KnowledgeLibrary.search``, top 5) and through the peer, a plain scan of the same chunks held in memory
(lower-cased text, occurrences of each term counted, top 5 by count). Per-query latencies give p50 and
p95 for each; medians over ``--reps`` are printed, with the ratio FTS5/scan. Target: FTS5 p95 under 50 ms.
Measures and prints; never passes or fails on a time.

    python bench/knowledge.py [--chunks 10000] [--queries 300] [--reps 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.knowledge.files: the PDF writer

from tests.knowledge.files import write_pdf

from relay_studio.knowledge.library import KnowledgeLibrary
from relay_studio.knowledge.tokens import terms
from relay_studio.store.database import Database


def _words(text: str) -> list[str]:
    return text.split()


WORDS = _words(
    "dragon keeper lantern harbour grapple spell shield arrow tower river forest goblin troll "
    "crown copper silver ember frost thunder potion scroll rune sword castle village merchant "
    "priest thief shadow light stair door bridge mountain valley storm wind oath guild market "
    "ritual poison cure hunger winter summer beacon anchor compass map ledger quill ink candle "
    "mirror"
)
GERMAN = _words(
    "Drache Feuer Kälte Zwerge Schwert Burg Fluss Wald Zauber Runen Schild Händler Nebel"
)
CJK = _words(
    "魔法 弟子 騎士 城 火焰 伤害 擒抱 半径 治疗 毒药 王冠 灯塔 港口 商人"
)
_SYLLABLES = _words(
    "ka lo mi ren tor vas el un dri pha gos ber ith quon sel mar dun fey lis or"
)


def _vocabulary(rng: random.Random) -> tuple[list[str], list[float]]:
    """The named words plus 3,000 made-up ones, drawn with Zipf weights like the words of real text."""
    made = {"".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 4))) for _ in range(4000)}
    vocab = list(WORDS) + sorted(made - set(WORDS))[:3000]
    rng.shuffle(vocab)
    return vocab, [1.0 / (rank + 1) for rank in range(len(vocab))]


def _paragraph(rng: random.Random, vocab: tuple[list[str], list[float]]) -> str:
    kind = rng.random()
    if kind < 0.1:
        return "".join(rng.choice(CJK) for _ in range(rng.randint(20, 60))) + "。"
    sentences = []
    for _ in range(rng.randint(3, 6)):
        words = rng.choices(vocab[0], vocab[1], k=rng.randint(8, 18))
        if kind < 0.2:
            words[rng.randrange(len(words))] = rng.choice(GERMAN)
        sentences.append(" ".join(words).capitalize() + ".")
    return " ".join(sentences)


def _markdown_files(folder: Path, chunks: int, rng: random.Random,
                    vocab: tuple[list[str], list[float]]) -> list[Path]:
    files: list[Path] = []
    per_file = 500
    for f in range((chunks + per_file - 1) // per_file):
        lines = [f"# Book {f}"]
        for s in range(per_file):  # one paragraph (a chunk) per section
            lines.append(f"\n## Section {s}\n")
            lines.append(_paragraph(rng, vocab) + "\n")
        path = folder / f"book{f}.md"
        path.write_text("\n".join(lines), encoding="utf-8")
        files.append(path)
    return files


def _queries(n: int, rng: random.Random, vocab: tuple[list[str], list[float]]) -> list[str]:
    out = []
    for i in range(n):
        r = i % 5
        if r == 3:
            out.append(rng.choice(CJK))
        elif r == 4:
            out.append(rng.choice(GERMAN))
        else:
            out.append(" ".join(rng.choices(vocab[0][:500], k=r + 1)))
    return out


def _scan(texts: list[str], query: str, k: int = 5) -> list[int]:
    words = terms(query)
    scored = []
    for i, text in enumerate(texts):
        score = sum(text.count(w) for w in words)
        if score:
            scored.append((-score, i))
    scored.sort()
    return [i for _, i in scored[:k]]


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def one_rep(chunks: int, queries: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        src = root / "src"
        src.mkdir()
        vocab = _vocabulary(rng)
        files = _markdown_files(src, chunks, rng, vocab)
        pdf = write_pdf(src / "tome.pdf", [[_paragraph(rng, vocab)[:90] for _ in range(30)] for _ in range(100)])
        db = Database(root / "data" / "relay.sqlite3")
        try:
            library = KnowledgeLibrary(db, "default", root / "project")
            md_bytes = sum(p.stat().st_size for p in files)
            pdf_bytes = pdf.stat().st_size
            t0 = time.perf_counter()
            report = library.import_files(files)
            md_seconds = time.perf_counter() - t0
            assert not report.refused, report.refused
            t0 = time.perf_counter()
            library.import_files([pdf])
            pdf_seconds = time.perf_counter() - t0
            count = db.raw.execute("SELECT count(*) FROM knowledge_chunks").fetchone()[0]
            texts = [r[0].lower() for r in db.raw.execute("SELECT text FROM knowledge_chunks ORDER BY id")]
            qs = _queries(queries, rng, vocab)
            library.search(qs[0])  # warm the page cache
            fts: list[float] = []
            scan: list[float] = []
            hits = 0
            for q in qs:
                t0 = time.perf_counter()
                hits += bool(library.search(q, 5))
                fts.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                _scan(texts, q)
                scan.append((time.perf_counter() - t0) * 1000)
        finally:
            db.close()
    return {
        "chunks": float(count),
        "md_mb": md_bytes / 2**20,
        "md_s_per_mb": md_seconds / (md_bytes / 2**20),
        "pdf_s_per_mb": pdf_seconds / (pdf_bytes / 2**20),
        "fts_p50_ms": _pct(fts, 0.5), "fts_p95_ms": _pct(fts, 0.95),
        "scan_p50_ms": _pct(scan, 0.5), "scan_p95_ms": _pct(scan, 0.95),
        "queries_with_hits": float(hits) / len(qs),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--chunks", type=int, default=10_000)
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    reps = [one_rep(args.chunks, args.queries, seed) for seed in range(args.reps)]
    med = {k: statistics.median(r[k] for r in reps) for k in reps[0]}
    med["fts_over_scan_p95"] = med["fts_p95_ms"] / med["scan_p95_ms"]
    if args.json:
        print(json.dumps(med, indent=2))
        return
    print(f"corpus: {med['chunks']:.0f} chunks from {med['md_mb']:.1f} MB of Markdown, plus a 100-page PDF "
          f"(medians of {args.reps} reps)")
    print(f"ingest: Markdown {med['md_s_per_mb']:.2f} s/MB, PDF {med['pdf_s_per_mb']:.2f} s/MB")
    print(f"search FTS5/BM25: p50 {med['fts_p50_ms']:.2f} ms, p95 {med['fts_p95_ms']:.2f} ms "
          f"(target p95 < 50 ms); {med['queries_with_hits']:.0%} of queries found passages")
    print(f"search plain scan: p50 {med['scan_p50_ms']:.2f} ms, p95 {med['scan_p95_ms']:.2f} ms")
    print(f"ratio FTS5/scan at p95: {med['fts_over_scan_p95']:.2f}")


if __name__ == "__main__":
    main()
