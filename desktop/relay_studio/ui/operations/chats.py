"""The chats of the studio: read, make, rename, duplicate, delete, branch; their messages and
versions, handoff links, and SillyTavern chat files.

One of the studio's operations (``ui/studio.py``, docs/window/studio.md): views call it as ``studio.chats``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.records import (
    CHAT_MODE_CHAT,
    CHAT_MODE_EXPLORE,
    ChatRecord,
    CommitRecord,
)
from relay_studio.give_way import giving_way
from relay_studio.library.entries import LibraryEntry
from relay_studio.library.sillytavern_chat import ParsedChat, export_chat, parse_chat, read_chat_file
from relay_studio.library.store import atomic_write
from relay_studio.runtime.forecast import Forecast, Planned, count_plan, plan_in_chat
from relay_studio.runtime.forecast import ReadStores as PlanStores
from relay_studio.runtime.profile_catalog import catalog
from relay_studio.runtime.provider_source import counting_providers
from relay_studio.runtime.publish import publish_approved
from relay_studio.runtime.session_handoff import chat_agent
from relay_studio.store.chats import ChatStore, message_texts, project_message_stamps
from relay_studio.store.database import read_connection
from relay_studio.store.profiles import ProfileStore
from relay_studio.ui.operations.chat_contents import ChatContents, read_chat_contents, read_on_reader
from relay_studio.ui.operations.ops import Change, Changes, Query, chats

if TYPE_CHECKING:
    from relay_studio.ui.library.counts import MentionTally
    from relay_studio.ui.operations.hub import StudioHub
    from relay_studio.ui.operations.ops import ReadStores


# the reader lane's key of the chat view's reads: the newest wins
CONTENTS_KEY = "chat-contents"


def _chat_listed(record: ChatRecord, *_args: object, **_kwargs: object) -> Changes:
    return Changes.of(chats=record.id)


class ChatOperations:
    # reads and writes of one store, declared (``ui/operations/ops.py``): ``.run(owner, then, ...)`` the one way
    get = Query(chats, ChatStore.chat)
    all = Query(chats, ChatStore.chats)  # the chats of every project (or of one)
    unique_name = Query(chats, ChatStore.unique_name)
    messages = Query(chats, ChatStore.messages)
    message = Query(chats, ChatStore.message)
    continued_in = Query(chats, ChatStore.continuations)
    continued_from = Query(chats, ChatStore.continued_from)
    handed_off = Query(chats, ChatStore.handed_off)  # the documents a chat handed off, each with its new chat
    ensure = Change(chats, ChatStore.ensure_chat, _chat_listed)  # the chat of that name, made if missing
    rename = Change(chats, ChatStore.rename_chat, _chat_listed)  # ``ValueError`` when empty or taken

    def __init__(self, hub: StudioHub) -> None:
        self.hub = hub
        self.runtime = hub.runtime
        self._primed: dict[str, list[CommitRecord]] = {}  # message versions a lane read brought (``prime_versions``)

    def project_id(self, chat_id: str) -> str:
        """The id of the project a chat belongs to (the default project's for a chat that is gone)."""
        return self.runtime.chat_project(chat_id).id

    def find(self, name: str, project_id: str) -> ChatRecord | None:
        """A chat by its name in the project, else by its id, else by its name in another project."""
        chats = self.runtime.chats
        return (chats.chat_by_name(name, project_id) or chats.chat(name)
                or next((c for c in chats.chats() if c.name == name), None))

    async def publish_approved(self, run_id: str, path: str, agent_name: str = "") -> tuple[str, int]:
        """An approved change that no commit published becomes the run's chat message (``runtime/publish.py``);
        ``NothingToPublish`` when the run wrote no version of ``path``."""
        return await publish_approved(self.runtime.runs, self.runtime.bridge, run_id, path, agent_name)

    def branch(self, message_id: str) -> ChatRecord:
        """A branch of the chat up to the message (edit and rerun); ``RunRequestError`` when it cannot."""
        return self.runtime.branch_chat(message_id)

    def message_versions(self, message_id: str) -> list[CommitRecord]:
        """The commits an assistant message went through, oldest first (◀ ▶ browse them)."""
        primed = self._primed.pop(message_id, None)
        return primed if primed is not None else self.runtime.chats.versions(message_id)

    async def read_agent(self, chat: ChatRecord, agent_id: str | None = None) -> AgentProfile:
        """The agent named (the composer's choice), else the one that answered last in the chat (its messages read
        on the reader lane: they grow with the chat); ``HandoffRefused`` when there is none."""
        profiles = self.hub.agents.profiles()  # the catalogue, cached
        return await self.hub.ops.read(lambda stores: chat_agent(stores, chat, agent_id, profiles))

    def duplicate(self, chat_id: str) -> ChatRecord:
        """A copy of the chat with its messages and versions (and a copy of its kept files, as
        ``Runtime.copy_persist`` makes it: links in ``persist/`` are left out, never followed)."""
        record = self.runtime.chats.duplicate_chat(chat_id)
        self.runtime.copy_persist(chat_id, record.id)  # plain files and folders: links are never followed
        self.hub.ops.did_change(Changes.of(chats=record.id))
        return record

    def delete(self, chat_id: str) -> bool:
        """Deletes a chat and its messages for good (the window offers Undo before calling this);
        its runs stay in the journal. Refuses (False) while a run of the chat is going."""
        if self.hub.active_run(chat_id) is not None:
            return False
        removed = self.runtime.chats.delete_chat(chat_id)
        if removed:
            self.hub.ops.did_change(Changes.of(chats=chat_id))
        return removed

    def delete_message(self, message_id: str) -> bool:
        """Removes a message from its chat; what was committed stays in the run's ledger."""
        message = self.runtime.chats.message(message_id)
        removed = self.runtime.chats.delete_message(message_id)
        if removed and message is not None:
            self.hub.ops.did_change(Changes.of(messages=message.chat_id))
        return removed

    def contents(self, chat_id: str) -> ChatContents:
        """What the chat view shows of ``chat_id``, read on this (the GUI) thread: for a refresh of the chat
        shown, which its own events ask for."""
        self._primed = {}  # what a lane read brought may be older than this read
        return read_chat_contents(self.runtime.chats, self.runtime.runs, chat_id)

    def read_contents(self, owner: QObject, chat_id: str, recent: int, deliver: Callable[[ChatContents], None],
                      failed: Callable[[str], None] | None = None) -> None:
        """``contents`` read on the studio's reader lane, with what the cards of the last ``recent`` messages
        read; ``deliver`` gets it on the GUI thread (a failure goes to ``present_error``, shown by ``failed``).
        Only the newest request is delivered: a chat switched to before the last one arrived drops the last one."""
        self.hub.ops.query(owner, partial(read_on_reader, chat_id=chat_id, recent=recent), deliver, key=CONTENTS_KEY,
                           show=failed)

    def prime_versions(self, versions: dict[str, list[CommitRecord]]) -> None:
        """The versions a lane read brought: ``message_versions`` answers each once from them (a card built
        right after), else reads. Replaced by each lane read, dropped by each read here."""
        self._primed = dict(versions)

    def new(self, project_id: str, base: str = "Chat", *, explore: bool = False) -> ChatRecord:
        """A new chat in the project, named ``base 1``, ``base 2``… (the first free number); with
        ``explore``, an exploration: its runs are read only (docs/explore.md)."""
        names = {c.name for c in self.runtime.chats.chats(project_id)}
        n = 1
        while f"{base} {n}" in names:
            n += 1
        record = self.runtime.chats.ensure_chat(f"{base} {n}", project_id=project_id,
                                                mode=CHAT_MODE_EXPLORE if explore else CHAT_MODE_CHAT)
        self.hub.ops.did_change(Changes.of(chats=record.id))
        return record

    def new_exploration(self, project_id: str) -> ChatRecord:
        """A new exploration in the project: "Exploration 1", "Exploration 2"…"""
        return self.new(project_id, QCoreApplication.translate("Studio", "Exploration"), explore=True)

    @staticmethod
    def read_sillytavern(path: Path) -> ParsedChat:
        """A SillyTavern chat file read and checked, nothing stored (any thread); ``LibraryError`` naming the
        file and line when it does not import."""
        return parse_chat(read_chat_file(path), path.name)

    def add_sillytavern(self, project_id: str, parsed: ParsedChat, source: str) -> ChatRecord:
        """A new chat in the project from a read chat file, its swipes as versions (one transaction)."""
        record = self.runtime.chats.import_chat(parsed.name, parsed.messages, project_id=project_id,
                                                source=Path(source).name)
        self.hub.ops.did_change(Changes.of(chats=record.id))
        return record

    def export_sillytavern(self, chat_id: str, path: Path, user_name: str = "You") -> bool:
        """Writes the chat as SillyTavern chat JSONL (its answers' versions as swipes) to ``path``; False when
        the chat is gone. ``OSError`` when the file cannot be written."""
        chat = self.runtime.chats.chat(chat_id)
        if chat is None:
            return False
        atomic_write(path, export_chat(self.runtime.chats, chat, user_name=user_name) + "\n")
        return True

    def count_mentions(self, tally: MentionTally, entries: Sequence[LibraryEntry]) -> dict[str, int]:
        """The tally of ``tally.project_id``'s messages brought up to date (only new and changed messages are
        read and matched), on a read connection of its own: a worker thread calls it (the codex's counting
        lane), never the GUI thread."""
        with read_connection(self.runtime.db.path) as db, giving_way():  # a count nobody waits for: the GUI first
            return tally.update(entries, project_message_stamps(db, tally.project_id), partial(message_texts, db))


    async def forecast(self, chat_id: str | None, agent_id: str, text: str) -> Forecast:
        """What a run of ``agent_id`` for ``text`` in the chat would take (``runtime/forecast.py``; the composer's
        forecast line): its requests built on the reader thread, then counted on the loop (a server's
        ``/tokenize`` is an HTTP call there, never a wait on the GUI thread). ``ValueError``: no such agent."""
        data_dir, extra, source = self.runtime.data_dir, self.runtime.extra_profiles, self.hub.providers

        def build(stores: ReadStores) -> list[Planned]:
            profiles = catalog(ProfileStore(stores.db), extra)
            return plan_in_chat(PlanStores(stores.db, data_dir), profiles, agent_id, text, chat_id,
                                counting_providers(source, stores.db))

        return await count_plan(await self.hub.ops.read(build))
