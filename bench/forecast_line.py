"""What the composer's forecast line costs on a novel-sized project (``bench/book_project.py``), split by where
it runs: building each stage's first request (``runtime/forecast.py: plan_in_chat``: the chat's history, the
story library's mentions, the prompt assembly), which the window does on the studio's reader thread, and
counting them (``count_plan``; here the estimate, no server), which runs on the GUI thread's loop. The window
asks once the creator pauses typing (``ui/chat/forecast_line.py: DEBOUNCE_MS``). Medians of ``--reps``.

    python bench/forecast_line.py [--reps 7] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # book_project beside this file

from book_project import book_project, copy_of
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.forecast import ReadStores, count_plan, plan_in_chat

TEXT = "Write the scene where Captain Ilse Varro finds the salt crown under the harbour, with the storm coming in."


def _ms(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1000, 2)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    info = book_project()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(copy_of(info, Path(tmp) / "data").data_dir)
        runtime = Runtime(data, recover=False)
        chat = runtime.chats.chat_by_name(info.last_chat, info.project_id)
        assert chat is not None
        messages = len(runtime.chats.messages(chat.id))
        stores = ReadStores(runtime.db, data)
        profiles = runtime.profiles()
        plans, counts = [], []
        for _ in range(args.reps + 1):  # the first is a warm-up
            t0 = time.perf_counter()
            planned = plan_in_chat(stores, profiles, "writer", TEXT, chat.id, None)
            t1 = time.perf_counter()
            result = asyncio.run(count_plan(planned))
            t2 = time.perf_counter()
            plans.append(t1 - t0)
            counts.append(t2 - t1)
        runtime.close()
    out = {"chat": info.last_chat, "chatMessages": messages, "stages": [s.tokens for s in result.stages],
           "planMsReaderThread": _ms(plans[1:]), "countMsGuiLoop": _ms(counts[1:]), "reps": args.reps}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"chat '{out['chat']}' ({messages} messages), first requests {out['stages']} tokens (estimated)")
        print(f"building the requests (reader thread): median {out['planMsReaderThread']} ms")
        print(f"counting them (GUI loop, estimate):     median {out['countMsGuiLoop']} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
