"""Manuscript export of a long book: a chat of 300 answers (one chapter each, two scenes, ~500,000 words, with
emphasis) on a real SQLite file, exported as ``relay-studio export`` does (read the messages, ``answers_of``,
``build``, ``export``) to DOCX (both presets), EPUB, Markdown and plain text.

The peers, in the same run: for DOCX a naive python-docx writer (``add_heading`` and ``add_paragraph`` per
line, one ``save``), for EPUB a naive ebooklib writer (one XHTML per chapter, ``write_epub``), for Markdown and
text the floor of any export (the answers' raw text read from the store and written out). Memory: the peak of
Python's own allocations (tracemalloc) and, in a child process per format, the peak resident size the export
added (lxml's document trees live outside tracemalloc's view). Prints medians; never passes or fails.

    python bench/manuscript_export.py                  # 300 chapters, 500,000 words, 3 reps
    python bench/manuscript_export.py --chapters 50 --words 80000 --reps 5 --json
"""

from __future__ import annotations

import argparse
import html
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from relay_studio.manuscript import answers_of, build, export
from relay_studio.store.chats import ChatStore
from relay_studio.store.database import Database

_PROSE = ("the sea was dark and she walked along the shore thinking of the lighthouse keeper who had gone "
          "out one night into the storm and never came back *again* though the lamp still turned "
          "**every** evening as if someone's hand were on it")
VOCABULARY = _PROSE.split(" ")
CASES = (("docx", "manuscript"), ("docx", "book"), ("epub", "manuscript"), ("md", "manuscript"),
         ("txt", "manuscript"))


def _chapter(rng: random.Random, number: int, words: int) -> str:
    paragraphs, count = [], 0
    while count < words:
        n = rng.randint(40, 140)
        count += n
        paragraphs.append(" ".join(rng.choice(VOCABULARY) for _ in range(n)).capitalize() + ".")
    half = len(paragraphs) // 2
    return (f"# Chapter {number}\n\n" + "\n\n".join(paragraphs[:half]) + "\n\n* * *\n\n"
            + "\n\n".join(paragraphs[half:]))


def make_chat(db_path: Path, chapters: int, words: int) -> str:
    db = Database(db_path)
    chats = ChatStore(db)
    chat = chats.ensure_chat("Long book")
    rng = random.Random(28)
    for number in range(1, chapters + 1):
        chats.add_message(chat.id, "user", f"Write chapter {number}.")
        chats.add_message(chat.id, "assistant", _chapter(rng, number, words // chapters), agent_name="Writer")
    db.close()
    return chat.id


def ours(db_path: Path, chat_id: str, out: Path, fmt: str, preset: str) -> int:
    db = Database(db_path)
    try:
        manuscript = build(answers_of(ChatStore(db).messages(chat_id)), title="Long Book", author="Ada Lovelace")
        return export(manuscript, out, fmt, preset=preset).words
    finally:
        db.close()


def _raw_answers(db_path: Path, chat_id: str) -> list[str]:
    db = Database(db_path)
    try:
        return [m.content for m in ChatStore(db).messages(chat_id) if m.role == "assistant"]
    finally:
        db.close()


def peer(db_path: Path, chat_id: str, out: Path, fmt: str, preset: str) -> int:
    texts = _raw_answers(db_path, chat_id)
    if fmt == "docx":
        import docx

        document = docx.Document()
        document.add_heading("Long Book", 0)
        for text in texts:
            for line in text.splitlines():
                if line.startswith("# "):
                    document.add_heading(line[2:], 1)
                elif line.strip():
                    document.add_paragraph(line)
        document.save(str(out))
    elif fmt == "epub":
        from ebooklib import epub

        book = epub.EpubBook()
        book.set_identifier("bench")
        book.set_title("Long Book")
        book.set_language("en")
        items = []
        for index, text in enumerate(texts):
            item = epub.EpubHtml(title=f"Chapter {index + 1}", file_name=f"c{index}.xhtml", lang="en")
            item.content = "".join(f"<p>{html.escape(line)}</p>" for line in text.splitlines() if line.strip())
            book.add_item(item)
            items.append(item)
        book.toc = items
        book.add_item(epub.EpubNcx())
        book.add_item(epub.EpubNav())
        book.spine = ["nav", *items]
        epub.write_epub(str(out), book)
    else:
        out.write_text("\n\n".join(texts), encoding="utf-8")
    return sum(len(t.split()) for t in texts)


def _median(run: Callable[[], object], reps: int) -> float:
    took = []
    for _ in range(reps):
        t0 = time.perf_counter()
        run()
        took.append(time.perf_counter() - t0)
    return statistics.median(took)


def _python_peak(run: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _rss_kib(field: str = "VmHWM") -> int:
    """This process' peak (VmHWM) or current (VmRSS) resident size in KiB. Not ``ru_maxrss``: Linux carries
    that over from the parent across fork and exec, hiding what the child itself added."""
    try:
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith(f"{field}:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # elsewhere: the best there is


def _child(args: argparse.Namespace) -> None:
    """One export in a fresh process: the peak resident size it added over the process after loading."""
    import docx  # noqa: F401  # loaded before the baseline, as the app has them loaded
    from ebooklib import epub  # noqa: F401

    base = _rss_kib("VmRSS")
    writer = ours if args.child_which == "ours" else peer
    writer(Path(args.child_db), args.child_chat, Path(args.child_out), args.child_format, args.child_preset)
    print(json.dumps({"added_mib": round((_rss_kib() - base) / 1024, 1)}))


def _child_rss(which: str, db: Path, chat_id: str, out: Path, fmt: str, preset: str) -> float:
    done = subprocess.run([sys.executable, __file__, "--child-which", which, "--child-db", str(db), "--child-chat",
                           chat_id, "--child-out", str(out), "--child-format", fmt, "--child-preset", preset],
                          capture_output=True, text=True, check=True)
    return float(json.loads(done.stdout)["added_mib"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chapters", type=int, default=300)
    parser.add_argument("--words", type=int, default=500_000)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    for name in ("which", "db", "chat", "out", "format", "preset"):
        parser.add_argument(f"--child-{name}", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_which:
        _child(args)
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db = folder / "bench.db"
        chat_id = make_chat(db, args.chapters, args.words)
        rows: list[dict[str, Any]] = []
        for fmt, preset in CASES:
            mine, theirs = folder / f"ours.{fmt}", folder / f"peer.{fmt}"
            words = ours(db, chat_id, mine, fmt, preset)  # warm: imports, caches
            peer(db, chat_id, theirs, fmt, preset)
            ours_s = _median(lambda f=fmt, p=preset, o=mine: ours(db, chat_id, o, f, p), args.reps)
            peer_s = _median(lambda f=fmt, p=preset, o=theirs: peer(db, chat_id, o, f, p), args.reps)
            rows.append({
                "format": fmt if fmt != "docx" else f"docx/{preset}", "words": words, "ours_s": round(ours_s, 3),
                "peer_s": round(peer_s, 3), "ratio": round(ours_s / peer_s, 2),
                "ours_mib": round(mine.stat().st_size / 2**20, 2), "peer_mib": round(theirs.stat().st_size / 2**20, 2),
                "python_peak_mib": round(_python_peak(lambda f=fmt, p=preset, o=mine: ours(db, chat_id, o, f, p))
                                         / 2**20, 1),
                "rss_added_mib": _child_rss("ours", db, chat_id, mine, fmt, preset),
                "peer_rss_added_mib": _child_rss("peer", db, chat_id, theirs, fmt, preset),
            })
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{args.chapters} chapters, ~{args.words:,} words, median of {args.reps}")
    print(f"{'format':<16}{'ours s':>8}{'peer s':>8}{'ratio':>7}{'file MiB':>10}{'py peak MiB':>13}"
          f"{'RSS+ MiB':>10}{'peer RSS+':>11}")
    for r in rows:
        print(f"{r['format']:<16}{r['ours_s']:>8}{r['peer_s']:>8}{r['ratio']:>7}{r['ours_mib']:>10}"
              f"{r['python_peak_mib']:>13}{r['rss_added_mib']:>10}{r['peer_rss_added_mib']:>11}")
    print("peers: docx = naive python-docx (add_heading/add_paragraph), epub = naive ebooklib, md/txt = raw text "
          "read and written")


if __name__ == "__main__":
    main()
