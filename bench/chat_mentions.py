"""What underlining story library mentions costs the chat's GUI thread: per message of a long chat, the
mentions found (``MentionIndex.spans`` over the rendered blocks, first time and cached) and marked in the
message's document, against the peer the card pays anyway: rendering the same message's markdown into
its document and HTML (``markdown_document(...).toHtml()``). Prints medians and p95 in milliseconds per
message and the ratio; never passes or fails.

    QT_QPA_PLATFORM=offscreen python bench/chat_mentions.py                # 300 entries, 1000 messages
    QT_QPA_PLATFORM=offscreen python bench/chat_mentions.py --entries 2000 --messages 500 --json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from relay_studio.library.entries import LibraryEntry
from relay_studio.library.store import IndexedEntry
from relay_studio.ui.chat.markdown import markdown_document
from relay_studio.ui.chat.mention_marks import MentionIndex

WORDS = ["sea", "storm", "harbour", "silver", "lantern", "road", "crown", "ash", "river", "tower", "bell", "wolf",
         "glass", "ember", "salt", "the", "and", "of", "a", "quietly"]


def _name(i: int) -> str:
    return f"{WORDS[i % 15].title()}{i}"


def _entries(n: int) -> list[IndexedEntry]:
    out = [IndexedEntry(f"library/lore/e{i}.md", LibraryEntry(type="lore", name=_name(i), aliases=[f"Old {_name(i)}"]))
           for i in range(n)]
    out.append(IndexedEntry("library/location/port.md", LibraryEntry(type="location", name="港町")))
    return out


def _message(rng: random.Random, entries: int) -> str:
    """About 1,500 characters of markdown: three paragraphs, a list, two mentions and a CJK one."""
    para = [" ".join(rng.choice(WORDS) for _ in range(70)) for _ in range(3)]
    para[0] += f" {_name(rng.randrange(entries))} waits."
    para[1] += f" **{_name(rng.randrange(entries))}s** answer, 港町に着いた."
    items = "\n".join(f"- {' '.join(rng.choice(WORDS) for _ in range(8))}" for _ in range(4))
    return f"{para[0]}\n\n{para[1]}\n\n{items}\n\n{para[2]}"


def _p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=300)
    parser.add_argument("--messages", type=int, default=1000)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    QApplication([])
    rng = random.Random(7)
    entries = _entries(args.entries)
    texts = [_message(rng, args.entries) for _ in range(args.messages)]
    link, ink = QColor("#3b6fd8"), QColor("#1a1a1a")
    first: list[float] = []
    cached: list[float] = []
    peer: list[float] = []
    marked = 0
    for _rep in range(args.reps):
        index = MentionIndex("bench", entries)  # a new library: an empty cache
        for text in texts:
            t0 = time.perf_counter()
            doc = markdown_document(text)
            doc.toHtml()
            t1 = time.perf_counter()
            doc = markdown_document(text)
            t2 = time.perf_counter()
            marked = index.mark(doc, link, ink)
            t3 = time.perf_counter()
            again = markdown_document(text)
            t4 = time.perf_counter()
            index.mark(again, link, ink)  # laid out again (theme, Find): the mentions come from the cache
            t5 = time.perf_counter()
            peer.append((t1 - t0) * 1000)
            first.append((t3 - t2) * 1000)
            cached.append((t5 - t4) * 1000)
    result = {
        "entries": len(entries), "messages": args.messages, "reps": args.reps, "mentionsPerMessage": marked,
        "findAndMarkMs": {"p50": statistics.median(first), "p95": _p95(first)},
        "markFromCacheMs": {"p50": statistics.median(cached), "p95": _p95(cached)},
        "peerRenderMs": {"p50": statistics.median(peer), "p95": _p95(peer)},
        "ratioP50": statistics.median(first) / statistics.median(peer),
        "chatFirstOpenMs": statistics.median(first) * args.messages,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{len(entries)} entries, {args.messages} messages of ~1,500 characters, {args.reps} reps, "
          f"{marked} mentions in the last message")
    print(f"find + mark, first time   p50 {result['findAndMarkMs']['p50']:.3f} ms   "
          f"p95 {result['findAndMarkMs']['p95']:.3f} ms per message")
    print(f"mark from the cache       p50 {result['markFromCacheMs']['p50']:.3f} ms   "
          f"p95 {result['markFromCacheMs']['p95']:.3f} ms per message")
    print(f"peer: markdown render     p50 {result['peerRenderMs']['p50']:.3f} ms   "
          f"p95 {result['peerRenderMs']['p95']:.3f} ms per message")
    print(f"ratio find+mark / render at p50: {result['ratioP50']:.2f}")


if __name__ == "__main__":
    main()
