"""The Library dock's knowledge search: what one search costs the GUI thread, over a few thousand chunks.

A fresh data dir gets a synthetic Markdown corpus (``--chunks`` chunks of about 1,000 characters under
headings), imported through ``KnowledgeLibrary.import_files``. The same queries (one to three words,
common and rare) run (a) through the dock's path: ``Studio.knowledge.search`` on its worker thread
(FTS5/BM25 top 8 on a connection of its own) and the highlighted HTML built on a worker, timed as the
creator waits for them, and then the part the GUI thread does, ``setHtml`` of the results view; and
(b) through the peer, the plain ``KnowledgeLibrary.search`` (top 8) on the window's connection, which is
what the GUI thread would pay if the query ran there. p50 and p95 of each, medians over ``--reps``, and the ratio are
printed; the frame budget is 16 ms. Measures and prints; never passes or fails on a time.

    QT_QPA_PLATFORM=offscreen python bench/library_dock.py [--chunks 4000] [--queries 200] [--reps 3]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

COMMON = ["ember", "dragon", "harbor", "ship", "storm", "lantern", "spell", "circle", "rune", "tide", "captain",
          "guild", "oath", "river", "tower", "shadow", "crown", "forge", "arrow", "mirror", "whisper", "salt",
          "compass", "map", "winter", "bridge"]
#: a vocabulary like a rulebook's: a few common words, and many rarer ones (Zipf-like draws)
RARE = [f"{a}{b}{c}" for a in ("bar", "cor", "del", "fen", "gal", "hol", "mir", "nor", "qua", "ves")
        for b in ("a", "e", "i", "o", "u", "y") for c in ("nd", "th", "rk", "ll", "sk", "mb", "nt", "rd")]
WEIGHTS = [1.0 / (rank + 1) for rank in range(len(COMMON) + len(RARE))]
WORDS = COMMON + RARE


def corpus(folder: Path, chunks: int, rng: random.Random) -> list[Path]:
    files = []
    per_file = 200
    for f in range(0, chunks, per_file):
        parts = [f"# Book {f // per_file}\n"]
        for c in range(min(per_file, chunks - f)):
            sentences = " ".join(" ".join(rng.choices(WORDS, WEIGHTS, k=12)).capitalize() + "." for _ in range(13))
            parts.append(f"## Section {c}\n\n{sentences}\n")
        path = folder / f"book{f // per_file}.md"
        path.write_text("\n".join(parts), encoding="utf-8")
        files.append(path)
    return files


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--chunks", type=int, default=4000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    from relay_studio.app import new_loop
    from relay_studio.providers.scripted import ScriptedProvider
    from relay_studio.runtime.engine import Runtime
    from relay_studio.runtime.provider_source import ScriptedProviders, demo_script
    from relay_studio.ui.library.highlight import passages_html
    from relay_studio.ui.library.knowledge_view import KnowledgeView
    from relay_studio.ui.studio import Studio

    app = QApplication.instance() or QApplication([])
    rng = random.Random(14)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "src").mkdir()
        runtime = Runtime(root / "data")
        studio = Studio(runtime, ScriptedProviders(ScriptedProvider(demo_script())))
        project = runtime.projects.default().id
        library = studio.knowledge.library(project)
        report = library.import_files(corpus(root / "src", args.chunks, rng))
        total = sum(d.chunk_count for d in report.imported)
        view = KnowledgeView(studio)
        view.set_project(project)
        view.resize(560, 700)
        view.show()
        app.processEvents()
        queries = [" ".join(rng.sample(COMMON if rng.random() < 0.4 else RARE, rng.randint(1, 3)))
                   for _ in range(args.queries)]
        loop = new_loop(app)
        wait_p: list[list[float]] = [[], []]
        gui_p: list[list[float]] = [[], []]
        peer_p: list[list[float]] = [[], []]

        async def one_rep() -> tuple[list[float], list[float], list[float]]:
            wait, gui, peer = [], [], []
            for q in queries:
                t0 = time.perf_counter()
                passages = await asyncio.get_running_loop().run_in_executor(None, studio.knowledge.search, project, q)
                page = await asyncio.get_running_loop().run_in_executor(None, passages_html, passages, q)
                wait.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                view.results.setHtml(page)
                gui.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                library.search(q, 8)
                peer.append((time.perf_counter() - t0) * 1000)
            return wait, gui, peer

        for _ in range(args.reps):
            for acc, values in zip((wait_p, gui_p, peer_p), loop.run_until_complete(one_rep()), strict=True):
                acc[0].append(pct(values, 0.5))
                acc[1].append(pct(values, 0.95))
        med = statistics.median
        print(f"chunks indexed: {total}, queries: {len(queries)}, reps: {args.reps}")
        for label, acc in (("search on the worker (what the creator waits)", wait_p),
                           ("GUI thread: the HTML set into the view        ", gui_p),
                           ("peer: the same search on the GUI connection   ", peer_p)):
            print(f"{label}: p50 {med(acc[0]):6.2f} ms, p95 {med(acc[1]):6.2f} ms")
        print(f"GUI thread time per search, dock/peer at p95: {med(gui_p[1]) / med(peer_p[1]):.2f} "
              "(frame budget 16 ms)")
        view.close()
        runtime.close()


if __name__ == "__main__":
    main()
