"""The window's one binding to the runtime.

Journal events and live streaming updates arrive from the runtime synchronously, in the middle of
its work. The studio only buffers them and hands them to the views once per frame (~33 ms), so the
runtime never waits on painting and views never repaint per token.

Views never reach into the store or the runtime internals: every read and write they need is a named
operation here, returning plain records (``domain.records``, ``Event``, dicts), in the manner of
Anki's ``aqt`` operations. Most reads are short indexed queries (one chat, one run, one event) and
stay on the GUI thread; the long ones run off it: a run's whole journal (``read_run_events``, on the
studio's reader thread over a connection of its own: WAL lets it read while the runtime writes),
``search_knowledge`` and ``import_knowledge`` (worker threads), the models a server lists (the loop).
``tests/unit/test_ui_facade.py`` fails when a ``ui/`` module other than this one touches ``.runtime``.

Signals:
    events_arrived(list[Event]): durable journal events since the last frame, in order.
    live_arrived(list[LiveUpdate]): streaming updates since the last frame, adjacent texts merged, one
        progress update (``kind="progress"``) per invocation, its latest.
    run_started(str run_id, str chat_id)
    run_finished(str run_id, str status)
    chats_changed()
    profiles_changed()
    approval_requested(PendingApproval): a patch proposal waits for the creator.
    approval_closed(PendingApproval): decided, or withdrawn because its run ended.
    projects_changed(): a project was created or renamed.
    library_changed(str project_id): an entry, a Skill or a knowledge document was written or removed.
    citation_opened(CitationTarget): a citation link was clicked (chat, timeline): the Library dock opens it.
    entry_opened(str project_id, str path): a mention of an entry was clicked in the chat.

``project_reader`` reads a project's files off the GUI thread (``read_project``; its ``read_done``
signal answers): after every ``library_changed`` and whenever a view asks (the window got the focus back).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, TypeVar, cast

from PySide6.QtCore import QObject, QTimer, Signal

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.events import Event
from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.records import (
    CHAT_MODE_CHAT,
    CHAT_MODE_EXPLORE,
    ChatRecord,
    CommitRecord,
    MessageRecord,
    ProjectRecord,
    RunRecord,
)
from relay_studio.knowledge.chunking import Chunk
from relay_studio.knowledge.library import DocumentInfo, ImportJob, ImportProgress, KnowledgeLibrary, Passage
from relay_studio.knowledge.library import search as knowledge_search
from relay_studio.library import sillytavern as st
from relay_studio.library.entries import LibraryEntry, LibraryError, check_entry
from relay_studio.library.importing import read_library_file
from relay_studio.library.overlap import Conflict, Resolver
from relay_studio.library.sillytavern_chat import ParsedChat, export_chat, parse_chat, read_chat_file
from relay_studio.library.skills import Skill, SkillCatalog, parse_skill, render_skill
from relay_studio.library.store import IndexedEntry, LibraryProblem, LibraryStore, atomic_write
from relay_studio.resources import resource_dir
from relay_studio.runtime.card_profile import CardImport, CardProfile, add_card_agent, add_card_entries
from relay_studio.runtime.context import LiveUpdate
from relay_studio.runtime.demo import DEMO_AGENT, DEMO_PROMPT
from relay_studio.runtime.engine import RunHandle, RunRequestError, Runtime
from relay_studio.runtime.prompt_preview import PromptPreview, generated_prompt, prompt_preview
from relay_studio.runtime.provider_source import ProviderSource
from relay_studio.runtime.session_handoff import HandoffDraft, HandoffHandle, chat_agent
from relay_studio.store.chats import HandedOff
from relay_studio.store.compact import unpack
from relay_studio.store.database import Database
from relay_studio.store.persona import MAX_PERSONA_CHARS, persona_name, set_persona_name
from relay_studio.store.runs import RunStore
from relay_studio.ui.library.citations import CitationTarget, distinct
from relay_studio.ui.library.project_files import ProjectReader

if TYPE_CHECKING:
    from relay_studio.runtime.branches import Branch, Comparison
    from relay_studio.store.connections import ConnectionStore
    from relay_studio.ui.chat.unpublished import Unpublished
    from relay_studio.ui.profiles.sources import ConnectionChoices, ModelsSource

FRAME_MS = 33
T = TypeVar("T")
DEMO_MODEL = "the scripted demo (offline)"  # what the demo's model calls name as their model
DEMO_APPROVAL = ("workspace.apply_patch", "workspace.commit")  # what the editor asks about in the demo


@dataclass(eq=False)
class PendingApproval:
    """One patch proposal and the future its run is waiting on."""

    request: ApprovalRequest
    future: asyncio.Future[ApprovalDecision]
    decided: ApprovalDecision | None = None

    def decide(self, decision: ApprovalDecision) -> None:
        if not self.future.done():
            self.decided = decision
            self.future.set_result(decision)


class Reader:
    """A second connection to the data file, used by one worker thread only, for reads that may take
    longer than a frame. Opened at its first read, on the caller's (GUI) thread; closed by ``close``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="relay-studio-read")
        self._db: Database | None = None
        self._runs: RunStore | None = None

    def _store(self) -> RunStore:
        if self._runs is None:  # opened here, on the GUI thread, as ProjectReader opens its own (see there)
            self._db = Database(self.path)
            self._runs = RunStore(self._db)
        return self._runs

    async def read(self, query: Callable[[RunStore], T]) -> T:
        runs = self._store()
        return await asyncio.get_running_loop().run_in_executor(self._pool, lambda: query(runs))

    def submit(self, work: Callable[[RunStore], None]) -> None:
        """Runs ``work`` on the reader thread without a task to await (it hands its result on itself, by a
        queued signal); nothing once the pool is shut down (the window closes)."""
        runs = self._store()
        with contextlib.suppress(RuntimeError):
            self._pool.submit(lambda: work(runs))

    def _close_db(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = self._runs = None

    async def close(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._pool, self._close_db)
        self._pool.shutdown(wait=False)


@dataclass
class RunStats:
    """What the status bar shows of a run, folded from its journal."""

    run_id: str
    agent: str = ""
    status: str = "created"
    input_tokens: int = 0
    output_tokens: int = 0
    estimated: bool = False
    """Some of the counts are the studio's estimate (a server sent none): shown with "~"."""
    started: float = field(default=0.0)
    ended: float | None = None


class Studio(QObject):
    events_arrived = Signal(list)
    live_arrived = Signal(list)
    run_started = Signal(str, str)
    run_finished = Signal(str, str)
    chats_changed = Signal()
    profiles_changed = Signal()
    approval_requested = Signal(object)
    approval_closed = Signal(object)
    projects_changed = Signal()
    library_changed = Signal(str)
    citation_opened = Signal(object)
    entry_opened = Signal(str, str)

    def __init__(self, runtime: Runtime, providers: ProviderSource, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._unpublished_read.connect(self._on_unpublished_read)
        self.runtime = runtime
        self.providers = providers
        self.pending: list[PendingApproval] = []
        self.handles: dict[str, RunHandle] = {}
        self.stats: dict[str, RunStats] = {}
        self._shutting_down = False
        self._events: list[Event] = []
        self._live: list[LiveUpdate] = []
        self._progress_at: dict[str, int] = {}  # invocation -> its progress update in ``_live``
        self._frame = QTimer(self)
        self._frame.setSingleShot(True)
        self._frame.setInterval(FRAME_MS)
        self._frame.timeout.connect(self._on_frame)
        self._unsubscribe: list[Callable[[], None]] = [
            runtime.subscribe(self._on_event),
            runtime.subscribe_live(self._on_live),
        ]
        self._reader: Reader | None = None
        self._citations: dict[str, list[dict[str, Any]]] = {}  # finished runs' knowledge citations
        self.project_reader = ProjectReader(runtime.db.path, resource_dir() / "skills", self)
        self.library_changed.connect(self.read_project)
        self._persona: str | None = None  # read once, on the GUI thread, when first shown

    # -- runtime callbacks (synchronous, inside the runtime's work: buffer only) -------------------
    def _on_event(self, event: Event) -> None:
        self._events.append(event)
        self._fold_stats(event)
        if not self._frame.isActive():
            self._frame.start()

    def _on_live(self, update: LiveUpdate) -> None:
        last = self._live[-1] if self._live else None
        if update.kind == "progress":
            # a call's progress replaces what the same invocation's call said earlier in this frame
            at = self._progress_at.get(update.invocation_id)
            if at is None:
                self._progress_at[update.invocation_id] = len(self._live)
                self._live.append(LiveUpdate(update.run_id, update.invocation_id, update.agent_id, update.kind,
                                             "", dict(update.data)))
            else:
                self._live[at].data = dict(update.data)
        elif (last is not None and last.kind == update.kind and last.kind not in ("tool", "progress")
                and last.invocation_id == update.invocation_id):
            last.text += update.text
        else:
            self._live.append(LiveUpdate(update.run_id, update.invocation_id, update.agent_id, update.kind,
                                         update.text, dict(update.data)))
        if not self._frame.isActive():
            self._frame.start()

    def _on_frame(self) -> None:
        events, self._events = self._events, []
        live, self._live = self._live, []
        self._progress_at = {}
        if events:
            self.events_arrived.emit(events)
        if live:
            self.live_arrived.emit(live)

    def flush(self) -> None:
        """Delivers what is buffered now (tests, and before a view reloads from the store)."""
        self._frame.stop()
        self._on_frame()

    def _fold_stats(self, event: Event) -> None:
        stats = self.stats.get(event.run_id)
        if stats is None:
            return
        p = event.payload
        if event.type == "agent_invocation_started" and p.get("kind") != "subagent":
            stats.agent = str(p.get("displayName") or p.get("agentId") or "")
        elif event.type == "status_changed":
            stats.status = str(p.get("to", stats.status))
        elif event.type == "model_call_completed":
            usage = p.get("usage") or {}
            stats.input_tokens += int(usage.get("input_tokens", 0))
            stats.output_tokens += int(usage.get("output_tokens", 0))
            stats.estimated = stats.estimated or bool(usage.get("estimated"))

    # -- runs ------------------------------------------------------------------------------------
    async def start_run(self, *, chat: str, agent_id: str, prompt: str, demo: bool = False,
                        regenerate_of: str | None = None,
                        profiles: dict[str, AgentProfile] | None = None,
                        project_id: str | None = None) -> RunHandle:
        """Starts a run; raises ``RunRequestError`` (nothing written) when it cannot start. With
        ``regenerate_of`` (an assistant message) it answers that message's question again, and what
        it commits becomes the message's next version. ``profiles`` replaces the catalogue for this
        run only (nothing is saved)."""
        profiles = profiles if profiles is not None else self.runtime.profiles()
        if demo:  # the scripted demo answers, whatever model the profiles name: say so
            profiles = {pid: p.model_copy(update={"model": p.model.model_copy(update={"model": DEMO_MODEL})})
                        for pid, p in profiles.items()}
        handle = await self.runtime.start_run(
            agent_id=agent_id, prompt=prompt, chat=chat, profiles=profiles,
            provider_for=self.providers.provider_for_run(demo=demo), approver=self._approve,
            regenerate_of=regenerate_of, project_id=project_id,
        )
        self._track(handle, profiles[agent_id].display_name)
        return handle

    def _track(self, handle: RunHandle, agent_name: str) -> None:
        loop = asyncio.get_running_loop()
        self.handles[handle.run_id] = handle
        self.stats[handle.run_id] = RunStats(handle.run_id, agent=agent_name,
                                             status=handle.context.run_status.value, started=loop.time())
        handle.task.add_done_callback(partial(self._on_run_done_task, handle))
        self.chats_changed.emit()
        self.run_started.emit(handle.run_id, handle.chat_id)

    # -- session handoff (docs/session-handoff.md) ------------------------------------------------
    def start_handoff(self, chat_id: str, focus: str | None = None, *,
                      context_tokens: int | None = None) -> HandoffHandle:
        """Starts writing the chat's handoff document; raises ``HandoffRefused`` from a guard."""
        return self.runtime.start_handoff(chat=chat_id, provider_for=self.providers.provider_for_run(demo=False),
                                          focus=focus, context_tokens=context_tokens)

    def cancel_handoff(self, chat_id: str) -> bool:
        return self.runtime.cancel_handoff(chat_id)

    def accept_handoff(self, draft: HandoffDraft, document: str, name: str | None = None) -> ChatRecord:
        """The new chat seeded with ``document``; raises ``HandoffRefused`` (its name is taken)."""
        chat = self.runtime.accept_handoff(draft, document=document, name=name)
        self.chats_changed.emit()
        return chat

    def continued_in(self, chat_id: str) -> list[ChatRecord]:
        return self.runtime.chats.continuations(chat_id)

    def continued_from(self, chat_id: str) -> list[ChatRecord]:
        return self.runtime.chats.continued_from(chat_id)

    def handed_off(self, chat_id: str) -> list[HandedOff]:
        """The documents ``chat_id`` handed off, each with the chat it continues in."""
        return self.runtime.chats.handed_off(chat_id)

    async def resume_suspended(self) -> list[str]:
        """Runs that stopped while a change waited for approval go on: the same proposals come back
        to the patch dialog. Returns the resumed run ids."""
        resumed: list[str] = []
        for run_id in list(self.runtime.suspended):
            record = self.runtime.runs.run(run_id)
            if record is None:
                continue
            counts = self.runtime.runs.model_calls_by_agent(run_id)
            provider_for = self.providers.provider_for_run(demo=record.user_text == DEMO_PROMPT,
                                                           resume_counts=counts)
            try:
                handle = await self.runtime.resume_run(run_id, provider_for=provider_for, approver=self._approve)
            except RunRequestError:
                continue  # it stays suspended; the chat shows it waiting
            self._track(handle, handle.context.profiles[record.root_profile_id].display_name)
            resumed.append(run_id)
        return resumed

    async def start_demo(self, chat: str, *, with_approval: bool = False,
                         project_id: str | None = None) -> RunHandle:
        """The demo relay; ``with_approval`` makes the editor ask before it patches and commits (for
        this run only), so the patch dialog opens with both proposals of that turn."""
        profiles = self.runtime.profiles()
        if with_approval:
            editor = profiles["editor"]
            tools = editor.tools.model_copy(update={"require_approval": list(DEMO_APPROVAL)})
            profiles["editor"] = editor.model_copy(update={"tools": tools})
        return await self.start_run(chat=chat, agent_id=DEMO_AGENT, prompt=DEMO_PROMPT, demo=True, profiles=profiles,
                                    project_id=project_id)

    def _on_run_done_task(self, handle: RunHandle, _task: object) -> None:
        self._on_run_done(handle)

    def _on_run_done(self, handle: RunHandle) -> None:
        self.flush()
        status = handle.context.run_status
        stats = self.stats.get(handle.run_id)
        if stats is not None:
            stats.status = status.value
            stats.ended = asyncio.get_event_loop().time()
        self.handles.pop(handle.run_id, None)
        for pending in [p for p in self.pending if p.request.run_id == handle.run_id]:
            self._close_pending(pending)
        self.run_finished.emit(handle.run_id, status.value)

    def cancel(self, run_id: str) -> bool:
        return self.runtime.cancel(run_id)

    def guide(self, run_id: str, text: str) -> bool:
        """Gives the creator's words to the running agents (shown in the chat); False if it has ended."""
        return self.runtime.guide(run_id, text)

    def delete_message(self, message_id: str) -> bool:
        """Removes a message from its chat; what was committed stays in the run's ledger."""
        removed = self.runtime.chats.delete_message(message_id)
        if removed:
            self.chats_changed.emit()
        return removed

    # -- chat actions (the Chat menu) --------------------------------------------------------------
    def rename_chat(self, chat_id: str, name: str) -> ChatRecord:
        """Renames a chat; ``ValueError`` with a sentence when the name is empty or taken."""
        record = self.runtime.chats.rename_chat(chat_id, name)
        self.chats_changed.emit()
        return record

    def duplicate_chat(self, chat_id: str) -> ChatRecord:
        """A copy of the chat with its messages and versions (and a copy of its kept files)."""
        record = self.runtime.chats.duplicate_chat(chat_id)
        persist = self.runtime.chat_persist_dir(chat_id)
        if persist.is_dir():
            shutil.copytree(persist, self.runtime.chat_persist_dir(record.id), symlinks=False)
        self.chats_changed.emit()
        return record

    def delete_chat(self, chat_id: str) -> bool:
        """Deletes a chat and its messages for good (the window offers Undo before calling this);
        its runs stay in the journal. Refuses (False) while a run of the chat is going."""
        if self.active_run(chat_id) is not None:
            return False
        removed = self.runtime.chats.delete_chat(chat_id)
        if removed:
            self.chats_changed.emit()
        return removed

    def active_run(self, chat_id: str) -> RunHandle | None:
        for handle in self.handles.values():
            if handle.chat_id == chat_id and not handle.context.run_status.terminal:
                return handle
        return None

    def run_status(self, run_id: str) -> RunStatus | None:
        handle = self.handles.get(run_id)
        if handle is not None:
            return handle.context.run_status
        record = self.runtime.runs.run(run_id)
        return record.status if record else None

    async def shutdown(self) -> None:
        """Cancels what still runs and waits until each run is journaled as ended."""
        self._shutting_down = True
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe.clear()
        self._frame.stop()
        self.project_reader.close()  # waits for a read under way (a short one: the files' index)
        handles = list(self.handles.values())
        for handle in handles:
            self.runtime.cancel(handle.run_id)
        for handle in handles:
            with contextlib.suppress(Exception):  # the run's own failure is already journaled
                await handle.wait()
        if self._reader is not None:
            reader, self._reader = self._reader, None
            await reader.close()

    # -- approvals -------------------------------------------------------------------------------
    async def _approve(self, request: ApprovalRequest) -> ApprovalDecision:
        pending = PendingApproval(request, asyncio.get_running_loop().create_future())
        self.pending.append(pending)
        self.approval_requested.emit(pending)
        try:
            return await pending.future
        finally:
            self._close_pending(pending)

    def _close_pending(self, pending: PendingApproval) -> None:
        if pending in self.pending:
            self.pending.remove(pending)
            if not pending.future.done():
                pending.future.cancel()
            self.approval_closed.emit(pending)

    # -- profiles --------------------------------------------------------------------------------
    def profiles(self) -> dict[str, AgentProfile]:
        return self.runtime.profiles()

    def builtin_ids(self) -> set[str]:
        from relay_studio.runtime.profile_catalog import builtin_profiles

        stored = {p.id for p in self.runtime.profile_store.all()}
        return {p.id for p in builtin_profiles()} - stored

    def save_profile(self, profile: AgentProfile) -> None:
        self.runtime.profile_store.save(profile)
        self.profiles_changed.emit()

    def remove_profile(self, profile_id: str) -> bool:
        removed = self.runtime.profile_store.remove(profile_id)
        self.profiles_changed.emit()
        return removed

    # -- projects and their libraries (ui/library/, docs/library.md) ------------------------------
    def projects(self) -> list[ProjectRecord]:
        return self.runtime.projects.list()

    def project(self, project_id: str) -> ProjectRecord:
        """The project with that id, or the default project when it is gone."""
        return self.runtime.projects.get(project_id) or self.runtime.projects.default()

    def create_project(self, name: str) -> ProjectRecord:
        """A new project with a first chat; ``ProjectError`` (code, sentence) when the name cannot be used."""
        record = self.runtime.projects.create(name)
        self.runtime.chats.ensure_chat("Chat 1", project_id=record.id)
        self.projects_changed.emit()
        return record

    def rename_project(self, project_id: str, name: str) -> ProjectRecord:
        record = self.runtime.projects.rename(project_id, name)
        self.projects_changed.emit()
        return record

    def project_chats(self, project_id: str) -> list[ChatRecord]:
        return self.runtime.chats.chats(project_id)

    def new_chat(self, project_id: str, base: str = "Chat", *, explore: bool = False) -> ChatRecord:
        """A new chat in the project, named ``base 1``, ``base 2``… (the first free number); with
        ``explore``, an exploration: its runs are read only (docs/explore.md)."""
        names = {c.name for c in self.runtime.chats.chats(project_id)}
        n = 1
        while f"{base} {n}" in names:
            n += 1
        record = self.runtime.chats.ensure_chat(f"{base} {n}", project_id=project_id,
                                                mode=CHAT_MODE_EXPLORE if explore else CHAT_MODE_CHAT)
        self.chats_changed.emit()
        return record

    def read_project(self, project_id: str) -> None:
        """Reads the project's entries, Skills and documents again on a worker thread
        (``project_reader.read_done`` answers). Nothing is read once the window shuts down (a run it
        cancels ends after that, and the database closes behind it)."""
        if self._shutting_down:
            return
        self.project_reader.read(project_id, self.project_folder(project_id))

    def new_exploration(self, project_id: str) -> ChatRecord:
        """A new exploration in the project: "Exploration 1", "Exploration 2"…"""
        return self.new_chat(project_id, self.tr("Exploration"), explore=True)

    def project_folder(self, project_id: str) -> Path:
        return self.runtime.project_dir(self.project(project_id))

    def library(self, project_id: str) -> LibraryStore:
        """The project's story library, its index brought up to date with the files (edits made outside)."""
        return LibraryStore.open(self.runtime.db, project_id, self.project_folder(project_id))

    def library_entries(self, project_id: str) -> tuple[list[IndexedEntry], list[LibraryProblem]]:
        """The story library's entries (by type, then name) and the files it could not index."""
        library = self.library(project_id)
        return library.entries(), list(library.problems)

    def save_entry(self, project_id: str, entry: LibraryEntry, replacing: str | None = None) -> str:
        """Writes the entry's file (moved when its name or type changed); ``LibraryError`` when it cannot."""
        label = f"The entry '{entry.name.strip()}'" if entry.name.strip() else "The new entry"
        path = self.library(project_id).save(check_entry(entry, label), replacing=replacing)
        self.library_changed.emit(project_id)
        return path

    def remove_entry(self, project_id: str, name: str) -> None:
        self.library(project_id).remove(name)
        self.library_changed.emit(project_id)

    # -- SillyTavern files (docs/library.md, *SillyTavern interop*) ----------------------------------
    @staticmethod
    def read_library_files(paths: list[Path]) -> list[tuple[Path, list[LibraryEntry] | LibraryError]]:
        """Each file's entries (a card, World Info, an entry file), or the ``LibraryError`` that refuses it;
        reads and checks only, so any thread may call it (the codex calls it off the GUI thread)."""
        out: list[tuple[Path, list[LibraryEntry] | LibraryError]] = []
        for path in paths:
            try:
                out.append((path, read_library_file(path)))
            except LibraryError as exc:
                out.append((path, exc))
        return out

    def add_library_entries(self, project_id: str, source: str, entries: list[LibraryEntry], *,
                            as_profile: bool = False, on_conflict: Resolver | None = None) -> CardImport:
        """Adds one file's entries (read by ``read_library_files``) all or nothing; with ``as_profile`` also
        stores an agent that plays its character. ``LibraryError`` when it cannot (nothing written).
        ``on_conflict``: what becomes of entries that differ from ones there (``library/overlap.py``)."""
        made = add_card_entries(self.runtime, self.library(project_id), entries, source, as_profile=as_profile,
                                on_conflict=on_conflict)
        self.library_changed.emit(project_id)
        if made.profile is not None:
            self.profiles_changed.emit()
        return made

    def export_world_info(self, project_id: str, path: Path) -> int:
        """Writes the project's entries as SillyTavern World Info JSON to ``path``; returns how many."""
        entries = st.world_info_entries([i.entry for i in self.library(project_id).entries()])
        atomic_write(path, json.dumps(st.world_info_json(entries), ensure_ascii=False, indent=2) + "\n")
        return len(entries)

    @staticmethod
    def read_sillytavern_chat(path: Path) -> ParsedChat:
        """A SillyTavern chat file read and checked, nothing stored (any thread); ``LibraryError`` naming the
        file and line when it does not import."""
        return parse_chat(read_chat_file(path), path.name)

    def add_sillytavern_chat(self, project_id: str, parsed: ParsedChat, source: str) -> ChatRecord:
        """A new chat in the project from a read chat file, its swipes as versions (one transaction)."""
        record = self.runtime.chats.import_chat(parsed.name, parsed.messages, project_id=project_id,
                                                source=Path(source).name)
        self.chats_changed.emit()
        return record

    def export_sillytavern_chat(self, chat_id: str, path: Path, user_name: str = "You") -> bool:
        """Writes the chat as SillyTavern chat JSONL (its answers' versions as swipes) to ``path``; False when
        the chat is gone. ``OSError`` when the file cannot be written."""
        chat = self.runtime.chats.chat(chat_id)
        if chat is None:
            return False
        atomic_write(path, export_chat(self.runtime.chats, chat, user_name=user_name) + "\n")
        return True

    def project_texts(self, project_id: str) -> list[str]:
        """Every message of the project's chats, oldest chat first (what mention counts are taken over)."""
        return [m.content for c in self.runtime.chats.chats(project_id) for m in self.runtime.chats.messages(c.id)
                if m.content]

    def skills(self, project_id: str) -> SkillCatalog:
        return SkillCatalog(self.project_folder(project_id), resource_dir() / "skills")

    def save_skill(self, project_id: str, skill: Skill, replacing: str | None = None) -> str:
        """Writes ``skills/<name>.md`` (it must read back); a renamed Skill's old file goes."""
        text = render_skill(skill)
        parse_skill(text, f"skills/{skill.name}.md")
        folder = self.project_folder(project_id) / "skills"
        if replacing != skill.name and (folder / f"{skill.name}.md").exists():
            raise LibraryError(codes.SKILL_NAME_TAKEN,
                               f"There is already a Skill named '{skill.name}' in this project.")
        atomic_write(folder / f"{skill.name}.md", text)
        if replacing and replacing != skill.name:
            (folder / f"{replacing}.md").unlink(missing_ok=True)
        self.library_changed.emit(project_id)
        return f"skills/{skill.name}.md"

    def knowledge(self, project_id: str) -> KnowledgeLibrary:
        return KnowledgeLibrary(self.runtime.db, project_id, self.project_folder(project_id))

    def knowledge_documents(self, project_id: str) -> list[DocumentInfo]:
        return self.knowledge(project_id).documents()

    def import_knowledge(self, project_id: str, paths: list[Path],
                         progress: Callable[[ImportProgress], None]) -> ImportJob:
        """Starts an import on a worker thread; ``progress`` is called on that thread."""
        return self.knowledge(project_id).start_import(paths, progress)

    def remove_document(self, project_id: str, ref: str) -> None:
        self.knowledge(project_id).remove(ref)
        self.library_changed.emit(project_id)

    def citations(self, run_id: str) -> list[dict[str, Any]]:
        """The passages the run's ``knowledge.search`` calls returned (their citations), each range once.
        Plain-text payloads without citations are skipped in SQLite; compressed ones (``store/compact.py``:
        long results, which passages are) are unpacked here. A finished run's answer is kept."""
        cached = self._citations.get(run_id)
        if cached is not None:
            return cached
        rows = self.runtime.db.raw.execute(
            "SELECT payload_json FROM events WHERE run_id = ? AND type = ? AND (typeof(payload_json) = 'blob' "
            "OR instr(payload_json, '\"citations\"') > 0) ORDER BY seq", (run_id, ev.TOOL_CALL_COMPLETED))
        found: list[dict[str, Any]] = []
        for (payload,) in rows:
            found += [c for c in json.loads(unpack(payload) or "{}").get("citations") or [] if isinstance(c, dict)]
        cited = distinct(found)
        if run_id not in self.handles:
            self._citations[run_id] = cited
        return cited

    def open_citation(self, target: CitationTarget) -> None:
        self.citation_opened.emit(target)

    def open_entry(self, project_id: str, path: str) -> None:
        self.entry_opened.emit(project_id, path)

    def document_text(self, project_id: str, document_id: str, folder: Path) -> tuple[DocumentInfo, str, list[Chunk]]:
        """A knowledge document of the project in ``folder`` and its text, rebuilt from its chunks (each is
        ``text[charStart:charEnd]``), on a read connection of its own: any thread may call it.
        ``KnowledgeError`` when it is gone."""
        conn = sqlite3.connect(self.runtime.db.path, timeout=30, check_same_thread=False)
        try:
            library = KnowledgeLibrary(cast(Database, SimpleNamespace(raw=conn)), project_id, folder)
            doc = library.find(document_id)
            chunks = library.chunks(doc)
        finally:
            conn.close()
        parts: list[str] = []
        at = 0
        for chunk in chunks:  # the gaps between chunks are the blank lines between blocks
            parts.append("\n" * max(0, chunk.char_start - at))
            parts.append(chunk.text)
            at = chunk.char_end
        return doc, "".join(parts), chunks

    def search_knowledge(self, project_id: str, query: str, top_k: int = 8) -> list[Passage]:
        """BM25 over the project's chunks on a read connection of its own (WAL), so any thread may call it;
        the dock calls it from a worker thread, since a query matching thousands of chunks takes tens of
        milliseconds (bench/library_dock.py). ``KnowledgeError`` for an empty query."""
        conn = sqlite3.connect(self.runtime.db.path, timeout=30, check_same_thread=False)
        try:  # search() reads only ``.raw``
            return knowledge_search(cast(Database, SimpleNamespace(raw=conn)), project_id, query, top_k)
        finally:
            conn.close()

    # -- reads for the views (plain records) -------------------------------------------------------
    @property
    def data_dir(self) -> Path:
        return self.runtime.data_dir

    def has_suspended_runs(self) -> bool:
        """A change waited for approval when the app last stopped (``resume_suspended`` asks it again)."""
        return bool(self.runtime.suspended)

    def chat(self, chat_id: str) -> ChatRecord | None:
        return self.runtime.chats.chat(chat_id)

    def chat_project_id(self, chat_id: str) -> str:
        """The id of the project a chat belongs to (the default project's for a chat that is gone)."""
        return self.runtime.chat_project(chat_id).id

    def all_chats(self) -> list[ChatRecord]:
        """The chats of every project."""
        return self.runtime.chats.chats()

    def find_chat(self, name: str, project_id: str) -> ChatRecord | None:
        """A chat by its name in the project, else by its id, else by its name in another project."""
        chats = self.runtime.chats
        return (chats.chat_by_name(name, project_id) or chats.chat(name)
                or next((c for c in chats.chats() if c.name == name), None))

    def ensure_chat(self, name: str, project_id: str | None = None) -> ChatRecord:
        """The chat of that name, made if it does not exist (no ``chats_changed``: the caller refreshes)."""
        return self.runtime.chats.ensure_chat(name, project_id=project_id)

    def unique_chat_name(self, base: str, project_id: str | None = None) -> str:
        return self.runtime.chats.unique_name(base, project_id)

    def branch_chat(self, message_id: str) -> ChatRecord:
        """A branch of the chat up to the message (edit and rerun); ``RunRequestError`` when it cannot."""
        return self.runtime.branch_chat(message_id)

    def messages(self, chat_id: str) -> list[MessageRecord]:
        return self.runtime.chats.messages(chat_id)

    def message(self, message_id: str) -> MessageRecord | None:
        return self.runtime.chats.message(message_id)

    def message_versions(self, message_id: str) -> list[CommitRecord]:
        """The commits an assistant message went through, oldest first (◀ ▶ browse them)."""
        return self.runtime.chats.versions(message_id)

    def chat_agent(self, chat: ChatRecord) -> AgentProfile:
        """The agent that answered last in the chat; ``HandoffRefused`` when none has."""
        return chat_agent(self.runtime, chat, None)

    def run(self, run_id: str) -> RunRecord | None:
        return self.runtime.runs.run(run_id)

    def runs(self, chat_id: str | None = None, limit: int = 200) -> list[RunRecord]:
        """The chat's runs (every run without a chat), newest first."""
        return self.runtime.runs.runs(chat_id, limit=limit)

    def run_input(self, run_id: str) -> dict[str, Any]:
        """What the run froze at its start (the request, the history, ``regenerateOf``)."""
        return self.runtime.runs.run_input(run_id)

    def run_events(self, run_id: str, *, after_seq: int = 0, limit: int | None = None,
                   invocation_id: str | None = None) -> list[Event]:
        """One page of the run's journal, in ``seq`` order."""
        return self.runtime.runs.events(run_id, invocation_id=invocation_id, after_seq=after_seq, limit=limit)

    async def read_run_events(self, run_id: str, *, after_seq: int = 0, limit: int | None = None) -> list[Event]:
        """``run_events``, read on the studio's reader thread (a run's journal may hold 100,000 events)."""
        if self._reader is None:
            self._reader = Reader(self.runtime.db.path)
        return await self._reader.read(lambda runs: runs.events(run_id, after_seq=after_seq, limit=limit))

    def event_count(self, run_id: str) -> int:
        return self.runtime.runs.event_count(run_id)

    def model_turn(self, turn_id: str) -> dict[str, Any] | None:
        """One model call's request and response (None while it streams)."""
        return self.runtime.runs.model_turn(turn_id)

    def file_versions(self, run_id: str, path: str) -> list[tuple[int, str, str | None]]:
        """A workspace file's versions in the run: (version, content, invocation id)."""
        return self.runtime.runs.file_versions(run_id, path)

    # -- connections and the prompt preview (the profile editor, Settings) ------------------------
    # -- the creator's persona: what SillyTavern's {{user}} becomes (library/macros.py) -------------------
    #: the longest persona name kept (Settings limits its field to it)
    PERSONA_MAX_CHARS = MAX_PERSONA_CHARS

    def persona_name(self) -> str:
        if self._persona is None:
            self._persona = persona_name(self.runtime.db)
        return self._persona

    def set_persona_name(self, name: str) -> str:
        """Stores the persona name (runs started from now on fill {{user}} with it); returns it as stored."""
        self._persona = set_persona_name(self.runtime.db, name)
        return self._persona

    def connection_store(self) -> ConnectionStore:
        from relay_studio.store.connections import ConnectionStore

        return ConnectionStore(self.runtime.db)

    def connection_choices(self) -> ConnectionChoices:
        from relay_studio.ui.profiles.sources import connection_choices

        return connection_choices(self.runtime.db)

    def server_models(self) -> ModelsSource:
        """connection id -> the models its server lists, awaited on the loop (the keychain on a worker thread)."""
        from relay_studio.ui.profiles.sources import server_models_source

        return server_models_source(self.runtime.db, self.runtime.data_dir)

    def prompt_preview(self, profile: AgentProfile) -> PromptPreview:
        """What ``profile`` would receive on its first call among the current agents (nothing is written)."""
        return prompt_preview(profile, self.profiles(), self.runtime.db, self.runtime.bridge)

    def generated_prompt(self, profile: AgentProfile) -> str:
        """The prompt the runtime writes for ``profile`` when its own is left empty."""
        return generated_prompt(profile, self.profiles(), self.runtime.db, self.runtime.bridge)

    # --- overlapping imports and card agents (issue 25) ---
    def library_conflicts(self, project_id: str, entries: list[LibraryEntry]) -> list[Conflict]:
        """The entries of one file that differ from entries the library has under a name or key of theirs
        (the same ones merge silently); nothing is written."""
        return self.library(project_id).conflicts(entries)

    def add_card_agent(self, character: LibraryEntry, own_prompt: str, standing: str) -> CardProfile:
        """Stores an agent playing ``character`` with the card's instructions as the creator accepted them."""
        made = add_card_agent(self.runtime, character, own_prompt=own_prompt, standing=standing)
        self.profiles_changed.emit()
        return made
    # --- the window at every size, what happened to a decision (issue 24) ---
    def run_finisher(self, run_id: str) -> str:
        """The name of the agent whose stage ended the run (its last first or next stage; helpers aside),
        "" when the run has none yet: what the status bar names, and the answer's card beside its author."""
        from relay_studio.domain.enums import InvocationKind

        stages = [i for i in self.runtime.runs.invocations(run_id)
                  if i.kind in (InvocationKind.ROOT, InvocationKind.HANDOFF)]
        profile = self.profiles().get(stages[-1].profile_id) if stages else None
        return profile.display_name if profile is not None else (stages[-1].profile_id if stages else "")

    #: approved changes no commit published were found in a run's journal (``unpublished_changes``)
    unpublished_found = Signal(str)

    def unpublished_changes(self, run_id: str) -> list[Unpublished]:
        """The approved changes of an ended run that no commit published (``ui/chat/unpublished.py``), as far
        as read: a run not read yet is read on the reader thread (a journal may be long; the GUI thread
        never waits for it) and ``unpublished_found`` says so when it has any. Kept once read, as an ended
        run's journal does not change."""
        cache: dict[str, list[Unpublished]] = self.__dict__.setdefault("_unpublished", {})
        found = cache.get(run_id)
        if found is not None:
            return found
        reading: set[str] = self.__dict__.setdefault("_unpublished_reads", set())
        if run_id in reading or self._shutting_down:
            return []
        reading.add(run_id)
        self._submit_read(lambda runs: self._read_unpublished(runs, run_id))
        return []

    #: a run's decisions were read on the reader thread (queued to the GUI thread: ``_unpublished_read``)
    _unpublished_read = Signal(str, object)

    def _read_unpublished(self, runs: RunStore, run_id: str) -> None:
        """On the reader thread: the run's decision events, handed to the GUI thread by a queued signal (no
        asyncio task: one started from a run's done callback may never take its first step under qasync)."""
        from relay_studio.ui.chat.unpublished import DECISION_EVENTS, unpublished_changes

        try:
            found = unpublished_changes(runs.events_of_types(run_id, DECISION_EVENTS))
        except Exception:  # a closed or busy file: read again the next time the chat is shown
            found = None
        with contextlib.suppress(RuntimeError):  # the studio is gone: the window closed meanwhile
            self._unpublished_read.emit(run_id, found)

    def _on_unpublished_read(self, run_id: str, found: list[Unpublished] | None) -> None:
        self.__dict__.setdefault("_unpublished_reads", set()).discard(run_id)
        if found is None:
            return
        self.__dict__.setdefault("_unpublished", {})[run_id] = found
        if found and not self._shutting_down:
            self.unpublished_found.emit(run_id)

    def _submit_read(self, work: Callable[[RunStore], None]) -> None:
        """Runs ``work`` on the reader thread with its run store (opened here, on the GUI thread, as
        ``Reader.read`` opens it); nothing once the studio shuts down."""
        if self._shutting_down:
            return
        if self._reader is None:
            self._reader = Reader(self.runtime.db.path)
        self._reader.submit(work)

    # --- rerun from a stage (issue 27) ---
    @property
    def shutting_down(self) -> bool:
        """``shutdown`` began: nothing new is read or started."""
        return self._shutting_down

    def read_branches(self, run_id: str, deliver: Callable[[str, list[Branch]], None]) -> None:
        """Reads the run's lineage (the run it started from, every fork) on the reader thread and hands it to
        ``deliver`` there (a Qt signal's ``emit``: it reaches the GUI thread queued). No asyncio task: one
        started from a run's done callback may never take its first step under qasync. Nothing once the
        studio shuts down (its reader is closed)."""
        from relay_studio.runtime.branches import branches

        def work(runs: RunStore) -> None:
            try:
                found = branches(runs, run_id)
            except Exception:  # a closed or busy file: the strip stays as it was
                return
            with contextlib.suppress(RuntimeError):  # its receiver is gone: the window closed meanwhile
                deliver(run_id, found)

        self._submit_read(work)

    async def compare_runs(self, left: str, right: str) -> Comparison:
        """Two branches' final messages and ``output/`` files, read on the reader thread."""
        from relay_studio.runtime.branches import compare

        if self._reader is None:
            self._reader = Reader(self.runtime.db.path)
        folders = {r: self.runtime.workspace_dir(r) for r in (left, right)}
        return await self._reader.read(lambda runs: compare(runs, folders, left, right))

    async def fork_run(self, run_id: str, at: int, *, agent_id: str | None = None,
                       brief: dict[str, Any] | str | None = None, connection: str | None = None,
                       model: str | None = None) -> RunHandle:
        """"Rerun from here": a new run of the same chat from stage ``at``, with the workspace as that stage
        found it; ``connection`` (and ``model``) bind the stage's agent and those after it to another model.
        Raises ``RunRequestError`` (nothing written) when it cannot start."""
        from relay_studio.runtime.fork import ForkRequest

        record = self.runtime.runs.run(run_id)
        demo = record is not None and record.user_text == DEMO_PROMPT
        profiles: dict[str, AgentProfile] | None = None
        if connection:
            binding = {"mode": "connection", "connection": connection, "model": model or None}
            frozen = self.runtime.runs.run_input(run_id).get("profiles", {})
            known = {pid: AgentProfile.model_validate(p) for pid, p in frozen.items()}
            known.update({pid: p for pid, p in self.runtime.profiles().items() if pid not in known})
            profiles = {pid: p.model_copy(update={"model": p.model.model_copy(update=binding)})
                        for pid, p in known.items()}
        handle = await self.runtime.fork_run(
            ForkRequest(run_id, at, agent_id, brief, connection=connection, model=model),
            provider_for=self.providers.provider_for_run(demo=demo), profiles=profiles, approver=self._approve)
        self._track(handle, handle.context.chain[-1].profile.display_name)
        return handle
