"""The window's one binding to the runtime: the hub the views and operations hang off.

Journal events and live streaming updates arrive from the runtime synchronously, in the middle of its work. The
studio only buffers them and hands them to the views once per frame (~33 ms), so the runtime never waits on
painting and views never repaint per token.

Views never reach into the store or the runtime: they reach data the one way (docs/data-flow.md,
``ui/operations/ops.py``): a *query* on the reader lane, a *change* on the writer lane (the loop), each ending in
one place with a typed result, a change's ``Changes`` record announced once as ``operation_did_execute``, and a
failure shown by ``present_error``; live run control (start, cancel, guide, approve) stays here, as coroutines
on the loop. The operations are grouped by feature (``ui/operations/``): ``studio.chats``, ``studio.projects``,
``studio.library``, ``studio.knowledge``, ``studio.journal``, ``studio.agents``, ``studio.connections``,
``studio.canon``, ``studio.continuity``, ``studio.scenes``; ``studio.ops`` runs them; ``studio.outside`` announces
what another process wrote to the data folder (``ui/operations/outside_writes.py``). All of the hub's state is made in
``__init__`` and ends in ``shutdown``. ``tests/unit/test_ui_facade.py`` holds views to this.

Signals:
    events_arrived(list[Event]): durable journal events since the last frame, in order.
    live_arrived(list[LiveUpdate]): streaming updates since the last frame, adjacent texts merged, one
        progress update (``kind="progress"``) per invocation, its latest.
    run_started(str run_id, str chat_id)
    run_finished(str run_id, str status)
    operation_did_execute(Changes, object initiator): a change was written (``ui/operations/ops.py``); each view
        decides from the record whether to refresh (a hidden one when it is shown next).
    approval_requested(PendingApproval): a patch proposal waits for the creator.
    approval_closed(PendingApproval): decided, or withdrawn because its run ended.
    citation_opened(CitationTarget): a citation link was clicked (chat, timeline): the Library dock opens it.
    entry_opened(str project_id, str path): a mention of an entry was clicked in the chat.
    unpublished_found(str run_id): approved changes no commit published were found in an ended run's journal.
    canon_changed(str project_id): a fact of the project's canon was added or changed in the window (passed on
        from ``operation_did_execute``'s ``Changes.canon``).
    canon_quote_offered(CanonQuote): "Add to canon" on a selection in a chat message: the Canon panel opens it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.event_payloads import RunForecast
from relay_studio.domain.events import Event
from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.records import ChatRecord
from relay_studio.runtime.context import LiveUpdate
from relay_studio.runtime.demo import DEMO_AGENT, DEMO_PROMPT
from relay_studio.runtime.engine import RunHandle, RunRequestError, Runtime
from relay_studio.runtime.provider_source import ProviderSource
from relay_studio.runtime.session_handoff import HandoffDraft, HandoffHandle
from relay_studio.ui.chat.unpublished import Unpublished
from relay_studio.ui.library.citations import CitationTarget
from relay_studio.ui.operations.agents import AgentOperations
from relay_studio.ui.operations.canon import CanonOperations, CanonQuote
from relay_studio.ui.operations.chats import ChatOperations
from relay_studio.ui.operations.connections import ConnectionOperations
from relay_studio.ui.operations.continuity import ContinuityOperations
from relay_studio.ui.operations.journal import JournalOperations
from relay_studio.ui.operations.knowledge import KnowledgeOperations
from relay_studio.ui.operations.library import LibraryOperations
from relay_studio.ui.operations.ops import Changes, Operations
from relay_studio.ui.operations.outside_writes import OutsideWrites
from relay_studio.ui.operations.projects import ProjectOperations
from relay_studio.ui.operations.scenes import SceneOperations
from relay_studio.ui.operations.unpublished_reads import UnpublishedReads
from relay_studio.ui.run_tracking import PendingApproval, RunStats

__all__ = ["DEMO_MODEL", "PendingApproval", "RunStats", "Studio"]

FRAME_MS = 33
DEMO_MODEL = "the scripted demo (offline)"  # what the demo's model calls name as their model
DEMO_APPROVAL = ("workspace.apply_patch", "workspace.commit")  # what the editor asks about in the demo


class Studio(QObject):
    events_arrived = Signal(list)
    live_arrived = Signal(list)
    run_started = Signal(str, str)
    run_finished = Signal(str, str)
    operation_did_execute = Signal(object, object)
    approval_requested = Signal(object)
    approval_closed = Signal(object)
    citation_opened = Signal(object)
    entry_opened = Signal(str, str)
    #: approved changes no commit published were found in a run's journal (``unpublished_changes``)
    unpublished_found = Signal(str)
    canon_changed = Signal(str)
    canon_quote_offered = Signal(object)

    def __init__(self, runtime: Runtime, providers: ProviderSource, parent: QObject | None = None) -> None:
        super().__init__(parent)
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
        self.ops = Operations(self, runtime.db.path, self)
        self.unpublished = UnpublishedReads(self.ops, self.unpublished_found.emit)
        self.projects = ProjectOperations(self)
        self.chats = ChatOperations(self)
        self.library = LibraryOperations(self, self.projects)
        self.knowledge = KnowledgeOperations(self, self.projects)
        self.journal = JournalOperations(self)
        self.agents = AgentOperations(self)
        self.connections = ConnectionOperations(self)
        self.canon = CanonOperations(self)
        self.continuity = ContinuityOperations(self)
        self.scenes = SceneOperations(self)
        self.operation_did_execute.connect(self._pass_on_canon)
        self.outside = OutsideWrites(self.ops, runtime.db, self)  # another process's writes, announced as changes

    # -- the runtime's callbacks (synchronous, inside its work: buffer only), handed on once per frame ----
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
        if stats is not None:
            stats.fold(event)

    # -- changes: the Canon panel hears its own signal, passed on from the one record -----------------------
    def _pass_on_canon(self, changes: Changes, _initiator: object) -> None:
        for project_id in sorted(changes.canon):  # the Canon panel's own signal, from the one record
            self.canon_changed.emit(project_id)

    # -- live run control: coroutines and calls on the loop ------------------------------------------
    async def start_run(self, *, chat: str, agent_id: str, prompt: str, demo: bool = False,
                        regenerate_of: str | None = None,
                        profiles: dict[str, AgentProfile] | None = None,
                        project_id: str | None = None, forecast: dict[str, Any] | None = None) -> RunHandle:
        """Starts a run; raises ``RunRequestError`` (nothing written) when it cannot start. With
        ``regenerate_of`` (an assistant message) it answers that message's question again, and what
        it commits becomes the message's next version. ``profiles`` replaces the catalogue for this
        run only (nothing is saved). ``forecast``: the composer's forecast for this message, journaled."""
        profiles = profiles if profiles is not None else self.runtime.profiles()
        if demo:  # the scripted demo answers, whatever model the profiles name: say so
            profiles = {pid: p.model_copy(update={"model": p.model.model_copy(update={"model": DEMO_MODEL})})
                        for pid, p in profiles.items()}
        handle = await self.runtime.start_run(
            agent_id=agent_id, prompt=prompt, chat=chat, profiles=profiles,
            provider_for=self.providers.provider_for_run(demo=demo), approver=self.approve,
            regenerate_of=regenerate_of, project_id=project_id, forecast=forecast,
        )
        self.track(handle, profiles[agent_id].display_name)
        if forecast is not None:  # journaled with the run's creation, before the run was tracked
            self.stats[handle.run_id].forecast = RunForecast.model_validate(forecast)
        return handle

    def track(self, handle: RunHandle, agent_name: str) -> None:
        loop = asyncio.get_running_loop()
        self.handles[handle.run_id] = handle
        self.stats[handle.run_id] = RunStats(handle.run_id, agent=agent_name,
                                             status=handle.context.run_status.value, started=loop.time())
        handle.task.add_done_callback(partial(self._on_run_done_task, handle))
        self.ops.did_change(Changes.of(messages=handle.chat_id, run=handle.run_id))  # its end: ``run_finished``
        self.run_started.emit(handle.run_id, handle.chat_id)

    # -- session handoff: live run control too (docs/session-handoff.md) --------------------------
    def start_handoff(self, chat_id: str, focus: str | None = None, *, agent_id: str | None = None,
                      context_tokens: int | None = None) -> HandoffHandle:
        """Starts writing the chat's handoff document (by ``agent_id``, else the chat's last answerer);
        raises ``HandoffRefused`` from a guard."""
        return self.runtime.start_handoff(chat=chat_id, provider_for=self.providers.provider_for_run(demo=False),
                                          agent_id=agent_id, focus=focus, context_tokens=context_tokens)

    def cancel_handoff(self, chat_id: str) -> bool:
        return self.runtime.cancel_handoff(chat_id)

    def accept_handoff(self, draft: HandoffDraft, document: str, name: str | None = None) -> ChatRecord:
        """The new chat seeded with ``document``; raises ``HandoffRefused`` (its name is taken)."""
        chat = self.runtime.accept_handoff(draft, document=document, name=name)
        self.ops.did_change(Changes.of(chats=chat.id))
        return chat

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
                handle = await self.runtime.resume_run(run_id, provider_for=provider_for, approver=self.approve)
            except RunRequestError:
                continue  # it stays suspended; the chat shows it waiting
            self.track(handle, handle.context.profiles[record.root_profile_id].display_name)
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

    # -- shutdown ---------------------------------------------------------------------------------------
    async def shutdown(self) -> None:
        """Cancels what still runs and waits until each run is journaled as ended; a run waiting for the
        creator's approval is left waiting instead, and resumed at the next start (``Runtime.leave_waiting``)."""
        self._shutting_down = True
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe.clear()
        self._frame.stop()
        self.outside.stop()
        self.ops.close()  # each lane's connection closes on its thread, after the read under way
        handles = list(self.handles.values())
        for handle in handles:  # a run waiting for the creator's approval is resumed at the next start
            if not self.runtime.leave_waiting(handle.run_id):
                self.runtime.cancel(handle.run_id)
        for handle in handles:
            with contextlib.suppress(Exception):  # the run's own failure is already journaled
                await handle.wait()

    # -- approvals -------------------------------------------------------------------------------
    async def approve(self, request: ApprovalRequest) -> ApprovalDecision:
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

    # -- the citations and entries clicked, and what the views read of the hub -------------------------
    def open_citation(self, target: CitationTarget) -> None:
        self.citation_opened.emit(target)

    def offer_canon_quote(self, quote: CanonQuote) -> None:
        self.canon_quote_offered.emit(quote)

    def open_entry(self, project_id: str, path: str) -> None:
        self.entry_opened.emit(project_id, path)

    @property
    def data_dir(self) -> Path:
        return self.runtime.data_dir

    def has_suspended_runs(self) -> bool:
        """A change waited for approval when the app last stopped (``resume_suspended`` asks it again)."""
        return bool(self.runtime.suspended)

    # -- an ended run's unpublished changes (``ui/operations/unpublished_reads.py``) ------------------------
    def unpublished_changes(self, run_id: str) -> list[Unpublished]:
        """As far as read; a run not read yet is read off the GUI thread (``unpublished_found`` follows)."""
        return [] if self._shutting_down else self.unpublished.changes(run_id)

    def forget_unpublished(self, run_id: str) -> None:
        self.unpublished.forget(run_id)

    @property
    def shutting_down(self) -> bool:
        """``shutdown`` began: nothing new is read or started."""
        return self._shutting_down

