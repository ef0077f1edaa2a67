"""Chats and their messages, and the host bridge through which a run's commits reach the chat."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, func, select

from relay_studio.domain.records import (
    CHAT_MODE_CHAT,
    CHAT_ORIGIN_BRANCH,
    CHAT_ORIGIN_HANDOFF,
    HANDOFF_CONTEXT_ROLE,
    ChatRecord,
    CommitRecord,
    MessageRecord,
)
from relay_studio.store import tables as t
from relay_studio.store.database import (
    DEFAULT_PROJECT_ID,
    Database,
    RawReader,
    Transaction,
    new_id,
    now_iso,
    table_of,
)
from relay_studio.store.rows import records
from relay_studio.store.scene_copy import copy_scene

_CHATS = table_of(t.ChatRow)
_MESSAGES = table_of(t.MessageRow)
_COMMITS = table_of(t.CommitRow)
_RUNS = table_of(t.RunRow)

#: Writes a commit's ledger row (message id, version) inside the transaction that writes the message.
LedgerWrite = Callable[[Transaction, str, int], None]


@dataclass(frozen=True)
class ImportedVersion:
    """One earlier or current text of an imported answer (a SillyTavern swipe)."""

    content: str
    created_at: str
    agent_id: str
    marker: str | None = None


@dataclass(frozen=True)
class ImportedMessage:
    """A message of a chat made from a file: its versions oldest first, the last one its current text."""

    role: str
    content: str
    created_at: str
    agent_id: str | None = None
    agent_name: str | None = None
    versions: list[ImportedVersion] = field(default_factory=list)


@dataclass(frozen=True)
class HandedOff:
    """A handoff out of a chat, as the old chat shows it: the chat it continues in, and that chat's first
    entry (the handoff document as the creator accepted it), written by a handoff run of the old chat."""

    chat: ChatRecord
    entry: MessageRecord

    @property
    def run_id(self) -> str:
        return self.entry.run_id or ""


def _message(row: Any) -> MessageRecord:
    return MessageRecord.model_validate(dict(row._mapping))


class ChatStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    def chats(self, project_id: str | None = None) -> list[ChatRecord]:
        """Every chat, or only those of ``project_id``."""
        query = select(_CHATS).order_by(_CHATS.c.created_at)
        if project_id is not None:
            query = query.where(_CHATS.c.project_id == project_id)
        return records(self.db.conn.execute(query), ChatRecord)

    def chat(self, chat_id: str) -> ChatRecord | None:
        row = self.db.conn.execute(select(_CHATS).where(_CHATS.c.id == chat_id)).first()
        return ChatRecord.model_validate(dict(row._mapping)) if row else None

    def chat_by_name(self, name: str, project_id: str | None = None) -> ChatRecord | None:
        """The chat named ``name`` in ``project_id`` (names are unique per project; default project for None)."""
        row = self.db.conn.execute(select(_CHATS).where(
            _CHATS.c.name == name, _CHATS.c.project_id == (project_id or DEFAULT_PROJECT_ID))).first()
        return ChatRecord.model_validate(dict(row._mapping)) if row else None

    def ensure_chat(self, name: str, parent_chat_id: str | None = None, *,
                    project_id: str | None = None, mode: str = CHAT_MODE_CHAT) -> ChatRecord:
        """The chat named ``name``, made (as a ``mode`` chat: ordinary or an exploration) if it does not
        exist; an existing chat keeps its own mode."""
        existing = self.chat_by_name(name, project_id)
        if existing is not None:
            return existing
        record = ChatRecord(id=new_id("chat"), name=name, parent_chat_id=parent_chat_id, created_at=now_iso(),
                            project_id=project_id or DEFAULT_PROJECT_ID, mode=mode)
        with self.db.transaction() as tx:
            existing = self.chat_by_name(name, project_id)  # another process may have made it since the read above
            if existing is not None:
                return existing
            tx.insert(t.ChatRow, **record.model_dump())
        return record

    def messages(self, chat_id: str) -> list[MessageRecord]:
        return records(self.db.conn.execute(
            select(_MESSAGES).where(_MESSAGES.c.chat_id == chat_id).order_by(_MESSAGES.c.position)
        ), MessageRecord)

    def message(self, message_id: str) -> MessageRecord | None:
        row = self.db.conn.execute(select(_MESSAGES).where(_MESSAGES.c.id == message_id)).first()
        return _message(row) if row else None

    def _next_position(self, chat_id: str) -> int:
        value = self.db.conn.execute(
            select(func.max(_MESSAGES.c.position)).where(_MESSAGES.c.chat_id == chat_id)
        ).scalar()
        return int(value if value is not None else -1) + 1

    def add_message(
        self,
        chat_id: str,
        role: str,
        content: str,
        *,
        agent_id: str | None = None,
        agent_name: str | None = None,
        run_id: str | None = None,
    ) -> MessageRecord:
        stamp = now_iso()
        with self.db.transaction() as tx:  # the position is read under the write lock: no two writers share one
            record = MessageRecord(
                id=new_id("msg"),
                chat_id=chat_id,
                position=self._next_position(chat_id),
                role=role,
                content=content,
                agent_id=agent_id,
                agent_name=agent_name,
                run_id=run_id,
                created_at=stamp,
                updated_at=stamp,
            )
            tx.insert(t.MessageRow, **record.model_dump())
        return record

    def branch(self, before: MessageRecord, name: str) -> ChatRecord:
        """A new chat continuing ``before``'s chat up to (not including) that message; lineage kept."""
        source = self.chat(before.chat_id)
        record = ChatRecord(id=new_id("chat"), name=name, parent_chat_id=before.chat_id, origin=CHAT_ORIGIN_BRANCH,
                            created_at=now_iso(), project_id=source.project_id if source else DEFAULT_PROJECT_ID,
                            mode=source.mode if source else CHAT_MODE_CHAT)
        ids: dict[str, str] = {}
        with self.db.transaction() as tx:
            tx.insert(t.ChatRow, **record.model_dump())
            for m in self.messages(before.chat_id):
                if m.position < before.position:
                    copy = m.model_copy(update={"id": new_id("msg"), "chat_id": record.id})
                    tx.insert(t.MessageRow, **copy.model_dump())
                    ids[m.id] = copy.id
            copy_scene(tx, before.chat_id, record.id, ids, at_message=before.id)  # a scene keeps cast and presence
        return record

    def continue_chat(self, source: ChatRecord, name: str, context: str, *, run_id: str,
                      agent_id: str | None) -> ChatRecord:
        """A new chat continuing ``source`` through a handoff: its first entry is ``context``, the handoff
        document, written by the handoff run ``run_id``. One transaction: both exist, or neither."""
        stamp = now_iso()
        record = ChatRecord(id=new_id("chat"), name=name, parent_chat_id=source.id, origin=CHAT_ORIGIN_HANDOFF,
                            created_at=stamp, project_id=source.project_id or DEFAULT_PROJECT_ID, mode=source.mode)
        entry = MessageRecord(id=new_id("msg"), chat_id=record.id, position=0, role=HANDOFF_CONTEXT_ROLE,
                              content=context, agent_id=agent_id, run_id=run_id, created_at=stamp, updated_at=stamp)
        with self.db.transaction() as tx:
            tx.insert(t.ChatRow, **record.model_dump())
            tx.insert(t.MessageRow, **entry.model_dump())
        return record

    def continuations(self, chat_id: str) -> list[ChatRecord]:
        """The chats that continue ``chat_id`` through a handoff, oldest first."""
        rows = self.db.conn.execute(
            select(_CHATS).where(_CHATS.c.parent_chat_id == chat_id, _CHATS.c.origin == CHAT_ORIGIN_HANDOFF)
            .order_by(_CHATS.c.created_at)
        )
        return records(rows, ChatRecord)

    def handed_off(self, chat_id: str) -> list[HandedOff]:
        """The handoffs out of ``chat_id``, oldest first: each continuation whose first entry is a handoff
        document that a run of ``chat_id`` wrote (a chat that moved up here when the chat between was
        deleted carries another chat's document, and is left out). Read from the continuations: the old
        chat's own transcript is never written to (docs/session-handoff.md)."""
        found: list[HandedOff] = []
        for chat in self.continuations(chat_id):
            row = self.db.conn.execute(select(_MESSAGES).where(_MESSAGES.c.chat_id == chat.id)
                                       .order_by(_MESSAGES.c.position).limit(1)).first()
            entry = _message(row) if row else None
            if entry is None or entry.role != HANDOFF_CONTEXT_ROLE or not entry.run_id:
                continue
            written_in = self.db.conn.execute(select(_RUNS.c.chat_id).where(_RUNS.c.id == entry.run_id)).scalar()
            if written_in == chat_id:
                found.append(HandedOff(chat, entry))
        return found

    def continued_from(self, chat_id: str) -> list[ChatRecord]:
        """The chain of chats ``chat_id`` continues, nearest first (a handoff of a handoff keeps it all)."""
        chain: list[ChatRecord] = []
        current = self.chat(chat_id)
        while current is not None and current.origin == CHAT_ORIGIN_HANDOFF and current.parent_chat_id:
            parent = self.chat(current.parent_chat_id)
            if parent is None or any(c.id == parent.id for c in chain):
                break
            chain.append(parent)
            current = parent
        return chain

    def unique_name(self, base: str, project_id: str | None = None) -> str:
        """``base``, or ``base (2)``…, free in ``project_id`` (the default project for None)."""
        taken = {c.name for c in self.chats(project_id or DEFAULT_PROJECT_ID)}
        if base not in taken:
            return base
        n = 2
        while f"{base} ({n})" in taken:
            n += 1
        return f"{base} ({n})"

    def import_chat(self, name: str, messages: list[ImportedMessage], *, project_id: str | None = None,
                    source: str = "import") -> ChatRecord:
        """A new chat holding ``messages``, in one transaction: all of it, or nothing. Each version becomes a
        commit of its own (``source`` as its path, a run id of its own so ``versions`` lists it apart), as a
        regenerated answer's versions are; the message carries the last one. ``name`` is made unique."""
        with self.db.transaction() as tx:
            record = ChatRecord(id=new_id("chat"), name=self.unique_name(name, project_id), created_at=now_iso(),
                                project_id=project_id or DEFAULT_PROJECT_ID)
            tx.insert(t.ChatRow, **record.model_dump())
            for position, m in enumerate(messages):
                message_id = new_id("msg")
                updated = m.versions[-1].created_at if m.versions else m.created_at
                tx.insert(t.MessageRow, id=message_id, chat_id=record.id, position=position, role=m.role,
                          content=m.content, agent_id=m.agent_id, agent_name=m.agent_name, run_id=None,
                          version=max(1, len(m.versions)), created_at=m.created_at, updated_at=updated)
                for number, v in enumerate(m.versions, start=1):
                    tx.insert(t.CommitRow, id=new_id("commit"), run_id=new_id("import"), invocation_id="",
                              agent_id=v.agent_id, path=source, content=v.content, message_id=message_id,
                              version=number, created_at=v.created_at, marker=v.marker)
        return record

    def delete_message(self, message_id: str) -> bool:
        """Removes a message from the chat. Committed versions stay in the commit ledger."""
        with self.db.transaction() as tx:
            result = tx.conn.execute(delete(_MESSAGES).where(_MESSAGES.c.id == message_id))
        return bool(result.rowcount)

    def versions(self, message_id: str) -> list[CommitRecord]:
        """The versions of an assistant message, oldest first: one per run that committed to it (a
        regeneration adds one), each the last commit of that run. Every commit stays in the ledger;
        a relay's draft and its edited text are two commits of one run, hence one version."""
        rows = self.db.conn.execute(
            select(_COMMITS).where(_COMMITS.c.message_id == message_id)
            .order_by(_COMMITS.c.created_at, _COMMITS.c.version)  # imported versions may share a stamp
        )
        last: dict[str, CommitRecord] = {}  # run id -> its last commit, in the order runs first committed
        for commit in records(rows, CommitRecord):
            last[commit.run_id] = commit
        return list(last.values())

    # -- chat actions: rename, duplicate, delete (the window's Chat menu) ------------------------
    def rename_chat(self, chat_id: str, name: str) -> ChatRecord:
        """Renames a chat; raises ``ValueError`` with a sentence when the name is empty or taken."""
        name = name.strip()
        record = self.chat(chat_id)
        if record is None:
            raise ValueError("That chat no longer exists.")
        if not name:
            raise ValueError("A chat needs a name.")
        other = self.chat_by_name(name, record.project_id)
        if other is not None and other.id != chat_id:
            raise ValueError(f"Another chat is already called “{name}”.")
        with self.db.transaction() as tx:
            tx.update(t.ChatRow, chat_id, name=name)
        return record.model_copy(update={"name": name})

    def duplicate_chat(self, chat_id: str) -> ChatRecord:
        """A copy of the chat beside it (same parent), with its messages as they read now. The commit
        ledger belongs to the runs: earlier versions stay browsable in the original chat."""
        source = self.chat(chat_id)
        if source is None:
            raise ValueError("That chat no longer exists.")
        record = ChatRecord(id=new_id("chat"), name=self.unique_name(f"{source.name} (copy)", source.project_id),
                            parent_chat_id=source.parent_chat_id, origin=source.origin, created_at=now_iso(),
                            project_id=source.project_id or DEFAULT_PROJECT_ID, mode=source.mode)
        ids: dict[str, str] = {}
        with self.db.transaction() as tx:
            tx.insert(t.ChatRow, **record.model_dump())
            for m in self.messages(chat_id):
                copy = m.model_copy(update={"id": new_id("msg"), "chat_id": record.id})
                tx.insert(t.MessageRow, **copy.model_dump())
                ids[m.id] = copy.id
            copy_scene(tx, chat_id, record.id, ids)
        return record

    def delete_chat(self, chat_id: str) -> bool:
        """Removes a chat and its messages; chats continued from it move up to its parent. Its runs
        stay in the journal (their commits in the ledger)."""
        record = self.chat(chat_id)
        if record is None:
            return False
        with self.db.transaction() as tx:
            tx.conn.execute(_CHATS.update().where(_CHATS.c.parent_chat_id == chat_id)
                            .values(parent_chat_id=record.parent_chat_id))
            tx.conn.execute(delete(_MESSAGES).where(_MESSAGES.c.chat_id == chat_id))
            tx.conn.execute(delete(_CHATS).where(_CHATS.c.id == chat_id))
        return True


class ChatHostBridge:
    """The host side of ``workspace.commit``: the chat store, for the CLI and the window alike.

    The first commit of a run creates its assistant message; later commits replace the text and bump
    the version, while every earlier version stays readable through the commit ledger.
    """

    def __init__(self, chats: ChatStore) -> None:
        self.chats = chats
        #: Runs that regenerate an answer: their commits become new versions of that message.
        self.reply_targets: dict[str, str] = {}

    async def commit(
        self, *, run_id: str, chat_id: str, content: str, agent_id: str, agent_name: str,
        ledger: LedgerWrite | None = None,
    ) -> tuple[str, int]:
        """The message and (through ``ledger``) its commit row are one transaction: a crash leaves
        both or neither, so the message is never ahead of the ledger."""
        db = self.chats.db
        with db.transaction() as tx:
            row = db.conn.execute(
                select(_MESSAGES).where(_MESSAGES.c.run_id == run_id, _MESSAGES.c.role == "assistant")
            ).first()
            target = self.chats.message(self.reply_targets.get(run_id, "")) if row is None else None
            if target is not None:
                row = db.conn.execute(select(_MESSAGES).where(_MESSAGES.c.id == target.id)).first()
                _keep_uncommitted(tx, target)
            if row is None:
                message = self.chats.add_message(
                    chat_id, "assistant", content, agent_id=agent_id, agent_name=agent_name, run_id=run_id
                )
                message_id, version = message.id, 1
            else:
                existing = _message(row)
                message_id, version = existing.id, existing.version + 1
                tx.update(
                    t.MessageRow,
                    existing.id,
                    content=content,
                    agent_id=agent_id,
                    agent_name=agent_name,
                    run_id=run_id,
                    version=version,
                    updated_at=now_iso(),
                )
            if ledger is not None:
                ledger(tx, message_id, version)
        self.reply_targets.pop(run_id, None)  # only once the message carries the run
        return message_id, version

    async def finish(self, *, run_id: str, chat_id: str) -> None:
        """Nothing to publish beyond the last commit; kept so hosts can react to the end of a run."""
        return None


def _keep_uncommitted(tx: Transaction, message: MessageRecord) -> None:
    """Before a regeneration or revision replaces an answer no commit recorded (added as it was, not by a run), its
    text becomes its first version in the ledger: the version arrows still reach it."""
    if tx.conn.execute(select(_COMMITS.c.id).where(_COMMITS.c.message_id == message.id).limit(1)).first() is None:
        tx.insert(t.CommitRow, id=new_id("commit"), run_id=new_id("earlier"), invocation_id="",
                  agent_id=message.agent_id or "", path="", content=message.content, message_id=message.id,
                  version=message.version, created_at=message.updated_at)


def project_message_stamps(db: RawReader, project_id: str) -> dict[str, str]:
    """Message id → when it last changed, for every message of the project's chats: what a reader keeping
    counts over the messages compares with what it counted (``ui/library/counts.MentionTally``). Any thread,
    on a connection of its own (``read_connection``)."""
    rows = db.raw.execute(
        "SELECT m.id, m.updated_at FROM messages m JOIN chats c ON c.id = m.chat_id WHERE c.project_id = ?",
        (project_id,))
    return {str(i): str(stamp) for i, stamp in rows}


def message_texts(db: RawReader, message_ids: Collection[str]) -> dict[str, str]:
    """Message id → its text, for the ids given (those still there); in batches under SQLite's variable limit."""
    ids = list(message_ids)
    out: dict[str, str] = {}
    for start in range(0, len(ids), 500):
        batch = ids[start:start + 500]
        marks = ",".join("?" * len(batch))
        out.update((str(i), str(c)) for i, c in db.raw.execute(
            f"SELECT id, content FROM messages WHERE id IN ({marks})", batch))
    return out
