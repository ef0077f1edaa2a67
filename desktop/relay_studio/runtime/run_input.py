"""A run's chat history, read off the loop before the run is created (docs/data-flow.md).

A run freezes its input (the chat's messages as the model will see them) into the run's record. On a book a chat
is a chapter of hundreds of messages; reading them and encoding them for the record took the window's loop (the
GUI thread) for a frame or more on every send. ``read_chat_input_off_loop`` does both on a worker thread over a
connection of its own (WAL lets it read while the loop writes), before the transaction that creates the run,
which then writes what was read. Like a stage's start (``library_access.read_stage_off_loop``), the read comes
first and the transaction only records it.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from relay_studio.domain.messages import Message
from relay_studio.runtime.prompts import chat_history
from relay_studio.store.chats import ChatStore
from relay_studio.store.database import Database


@dataclass(frozen=True)
class ChatInputRead:
    """The chat's messages as model input, how many of the first are pinned, and the same as the record's JSON."""

    history: list[Message]
    pinned: int
    history_json: list[dict[str, Any]]


def read_chat_input(path: Path, chat_id: str, cut: int | None = None) -> ChatInputRead:
    """The chat's history (the messages before position ``cut`` when given), read over a connection of its own
    to the data file at ``path`` (any thread)."""
    db = Database(path)
    try:
        earlier = ChatStore(db).messages(chat_id)
    finally:
        db.close()
    if cut is not None:
        earlier = [m for m in earlier if m.position < cut]
    history, pinned = chat_history(earlier)
    return ChatInputRead(history, pinned, [m.model_dump(mode="json") for m in history])


async def read_chat_input_off_loop(db: Database, chat_id: str, cut: int | None = None) -> ChatInputRead:
    """``read_chat_input`` on a worker thread: the loop goes on while the chat is read."""
    return await asyncio.to_thread(read_chat_input, db.path, chat_id, cut)
