"""What the codex's ``mention-counts`` lane does when one entry of the book is saved: the counts of 1,000 entries over
5,000 messages brought up to date (``ui/library/counts.py: MentionTally.update``), after a first full count.

Each of seven rounds counts in full once, then changes one entry's description (a save) and times the update;
prints the median and the range. Before the tally matched only the changed entries it counted every message
again (about 100 ms on the test machine); the bench runs at any checkout that has ``MentionTally``.

    python bench/mention_tally.py
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "desktop"))

from book_project import BOOK, book_project, copy_of
from relay_studio.library.store import LibraryStore
from relay_studio.runtime.engine import Runtime
from relay_studio.store.chats import message_texts, project_message_stamps
from relay_studio.store.projects import project_folder
from relay_studio.ui.library.counts import MentionTally

ROUNDS = 7


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        info = copy_of(book_project(BOOK), Path(tmp) / "book")
        runtime = Runtime(Path(info.data_dir))
        try:
            project = runtime.projects.get(info.project_id)
            assert project is not None
            folder = project_folder(Path(info.data_dir), project)
            entries = [i.entry for i in LibraryStore(runtime.db, info.project_id, folder).entries()]
            stamps = project_message_stamps(runtime.db, info.project_id)
            texts_of = partial(message_texts, runtime.db)
            times: list[float] = []
            for k in range(ROUNDS):
                tally = MentionTally(info.project_id)
                tally.update(entries, stamps, texts_of)
                saved = list(entries)
                saved[500 + k] = saved[500 + k].model_copy(update={"description": f"Edited {k}."})
                started = time.perf_counter()
                tally.update(saved, stamps, texts_of)
                times.append((time.perf_counter() - started) * 1000)
        finally:
            runtime.close()
    print(f"one entry saved, counts brought up to date: median {statistics.median(times):.1f} ms "
          f"({min(times):.1f} to {max(times):.1f}); {len(stamps):,} messages, {len(entries):,} entries")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
