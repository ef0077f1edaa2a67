"""`chat export` of a long chat: a chat of N messages (every other one an assistant message with two versions,
imported from a SillyTavern file as `chat import` does) on a real SQLite file, exported as `chat export`
does (`export_chat`). The peer, in the same run, is the floor of any export: one query reading the chat's
messages and commits, each line dumped as JSON. For scale, the old schema (no index on
``commits.message_id``) exports a smaller chat of ``--old-messages``. Prints medians; never passes or fails.

    python bench/chat_export.py                     # 100,000 messages, 3 reps; the old schema at 5,000
    python bench/chat_export.py --messages 20000 --reps 5 --old-messages 0 --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from relay_studio.library.sillytavern_chat import export_chat, import_chat
from relay_studio.store.chats import ChatStore
from relay_studio.store.database import Database


def _chat_file(messages: int) -> bytes:
    lines: list[dict[str, Any]] = [{"user_name": "You", "character_name": "Mira"}]
    for i in range(messages):
        mine = i % 2 == 0
        text = f"Message {i}: the lantern swung over the harbour while the storm came in."
        line: dict[str, Any] = {"name": "You" if mine else "Mira", "is_user": mine, "mes": text}
        if not mine:  # an answer and its regeneration: two versions, two commits
            line |= {"swipes": [f"{text} (first take)", text], "swipe_id": 1}
        lines.append(line)
    return "\n".join(json.dumps(line) for line in lines).encode("utf-8")


def _setup(folder: Path, messages: int, *, index: bool) -> tuple[Database, ChatStore, str, float]:
    db = Database(folder / "bench.db")
    if not index:
        db.raw.execute("DROP INDEX ix_commits_message_id")  # the schema before version 9
    chats = ChatStore(db)
    t0 = time.perf_counter()
    chat = import_chat(chats, _chat_file(messages), "bench.jsonl")
    return db, chats, chat.id, time.perf_counter() - t0


def _floor(db: Database, chat_id: str) -> int:
    rows = db.raw.execute(
        "SELECT m.id, m.role, m.content, m.created_at, c.content, c.agent_id, c.created_at FROM messages m "
        "LEFT JOIN commits c ON c.message_id = m.id WHERE m.chat_id = ? ORDER BY m.position", (chat_id,))
    return len("\n".join(json.dumps(list(r), ensure_ascii=False) for r in rows))


def _export_seconds(chats: ChatStore, chat_id: str, reps: int) -> list[float]:
    chat = chats.chat(chat_id)
    assert chat is not None
    took = []
    for _ in range(reps):
        t0 = time.perf_counter()
        export_chat(chats, chat)
        took.append(time.perf_counter() - t0)
    return took


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--old-messages", type=int, default=5_000, help="the old schema's chat (0: skip)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result: dict[str, Any] = {"messages": args.messages}
    with tempfile.TemporaryDirectory() as tmp:
        db, chats, chat_id, imported = _setup(Path(tmp) / "new", args.messages, index=True)
        try:
            ours = _export_seconds(chats, chat_id, args.reps)
            floor = []
            for _ in range(args.reps):
                t0 = time.perf_counter()
                _floor(db, chat_id)
                floor.append(time.perf_counter() - t0)
        finally:
            db.close()
        result |= {"importS": round(imported, 2), "exportS": round(statistics.median(ours), 2),
                   "floorPeerS": round(statistics.median(floor), 2)}
        result["ratio"] = round(result["exportS"] / max(result["floorPeerS"], 1e-6), 1)
        for n in (args.old_messages, args.old_messages * 2) if args.old_messages else ():
            for index in (False, True):
                folder = Path(tmp) / f"old-{n}-{index}"
                db, chats, chat_id, _ = _setup(folder, n, index=index)
                try:
                    took = round(statistics.median(_export_seconds(chats, chat_id, 1)), 3)
                finally:
                    db.close()
                result[f"{'with' if index else 'without'}IndexAt{n}S"] = took
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.messages:,} messages: import {result['importS']} s, export {result['exportS']} s, "
          f"floor peer {result['floorPeerS']} s (ratio {result['ratio']})")
    for n in (args.old_messages, args.old_messages * 2) if args.old_messages else ():
        print(f"{n:,} messages: export without the index {result[f'withoutIndexAt{n}S']} s, "
              f"with it {result[f'withIndexAt{n}S']} s")


if __name__ == "__main__":
    main()
