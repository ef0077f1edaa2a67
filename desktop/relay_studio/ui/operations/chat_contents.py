"""What the chat view shows of one chat, read in one go: its messages, its runs (with what the ones that left no
message were asked to regenerate) and its handoff links.

``read_chat_contents`` takes the stores it reads through, so the same read runs on the GUI thread's connection
(``ChatOperations.contents``: a chat's own events refresh it) or on the studio's reader lane
(``ChatOperations.read_contents``: a chat switch, which on a book's chapter of 250 messages read ~200 ms on the
GUI thread, bench/book_scale.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from relay_studio.domain.enums import InvocationKind
from relay_studio.domain.records import ChatRecord, CommitRecord, MessageRecord, RunRecord
from relay_studio.store.chats import ChatStore, HandedOff
from relay_studio.store.runs import RunStore
from relay_studio.ui.library.citations import distinct
from relay_studio.ui.operations.ops import Stores

#: the newest runs of a chat the view reads (their notices, their agents)
RUN_LIMIT = 500


@dataclass(frozen=True)
class ChatContents:
    chat_id: str
    chat: ChatRecord | None
    messages: list[MessageRecord]
    #: the chat's runs, newest first
    runs: list[RunRecord]
    #: for each run that left no message in the chat: the message it was asked to regenerate ("" for none)
    regenerated: dict[str, str]
    handed_off: list[HandedOff]
    continued_from: list[ChatRecord]
    continued_in: list[ChatRecord]
    #: what the cards of the newest assistant messages read (read with the chat, not card by card on the GUI
    #: thread): each message's versions, and for each of their runs its citations and its stages' profile ids
    versions: dict[str, list[CommitRecord]] = field(default_factory=dict)
    citations: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    stages: dict[str, list[str]] = field(default_factory=dict)


def read_chat_contents(chats: ChatStore, runs: RunStore, chat_id: str, recent: int = 0) -> ChatContents:
    """``chat_id``'s contents through ``chats`` and ``runs`` (any thread that owns their connection), with what the
    cards of its last ``recent`` messages read."""
    messages = chats.messages(chat_id)
    records = runs.runs(chat_id, limit=RUN_LIMIT)
    with_message = {m.run_id for m in messages if m.run_id}
    regenerated = {r.id: str(runs.run_input(r.id).get("regenerateOf") or "")
                   for r in records if r.id not in with_message}
    answers = [m for m in messages[len(messages) - recent:] if m.role == "assistant"] if recent > 0 else []
    versions = {m.id: chats.versions(m.id) for m in answers}
    run_ids = {v.run_id for found in versions.values() for v in found} | {m.run_id for m in answers if m.run_id}
    citations = {r: distinct(runs.citations(r)) for r in run_ids}
    stages = {r: [i.profile_id for i in runs.invocations(r) if i.kind in (InvocationKind.ROOT, InvocationKind.HANDOFF)]
              for r in run_ids}
    return ChatContents(chat_id, chats.chat(chat_id), messages, records, regenerated, chats.handed_off(chat_id),
                        chats.continued_from(chat_id), chats.continuations(chat_id), versions, citations, stages)


def read_on_reader(stores: Stores, chat_id: str, recent: int) -> ChatContents:
    """``read_chat_contents`` on the studio's reader lane, over its connection."""
    return read_chat_contents(stores.chats, stores.runs, chat_id, recent)
