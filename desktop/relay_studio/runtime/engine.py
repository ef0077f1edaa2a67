"""The runtime facade both hosts drive: the CLI and the window start, watch and cancel runs here."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.coded_error import CodedError
from relay_studio.domain.enums import ExitPolicy, InvocationKind, RunStatus
from relay_studio.domain.events import Event
from relay_studio.domain.messages import Message, ToolCall
from relay_studio.domain.profile import AgentProfile, validate_catalog
from relay_studio.domain.records import (
    CHAT_MODE_CHAT,
    CHAT_MODE_EXPLORE,
    CHAT_MODE_SCENE,
    RUN_KIND_EXPLORE,
    RUN_KIND_RELAY,
    ChatRecord,
    MessageRecord,
    ProjectRecord,
)
from relay_studio.domain.run_limits import DEFAULT_MAX_TOTAL_ROUNDS
from relay_studio.domain.safe_text import is_utf8
from relay_studio.domain.scenes import SceneTurn
from relay_studio.providers.base import ProviderError
from relay_studio.runtime import session_handoff, transitions
from relay_studio.runtime.approval import Approver
from relay_studio.runtime.canon_access import CanonFitError, check_pinned_fit
from relay_studio.runtime.checkpoints import record_persist_checkpoint
from relay_studio.runtime.context import (
    ChatInput,
    InvocationState,
    LiveUpdate,
    ProviderFor,
    RunContext,
    RunSettings,
)
from relay_studio.runtime.delegation.edges import HandoffDefaults, HandoffEdge
from relay_studio.runtime.delegation.scheduler import ChildRunner, TaskScheduler
from relay_studio.runtime.executor import drive_chain, execute_run
from relay_studio.runtime.fork import ForkRefused, ForkRequest, start_fork
from relay_studio.runtime.library_access import read_stage_off_loop
from relay_studio.runtime.loop import run_invocation, start_and_assemble
from relay_studio.runtime.profile_catalog import catalog
from relay_studio.runtime.prompts import root_messages
from relay_studio.runtime.resume import NotResumable, rebuild
from relay_studio.runtime.revision import revision_prompt
from relay_studio.runtime.run_input import read_chat_input_off_loop
from relay_studio.runtime.workspace import PERSIST_ROOT, Roots, RunWorkspace, copy_without_links
from relay_studio.store import tables as t
from relay_studio.store.chats import ChatHostBridge, ChatStore
from relay_studio.store.database import Database, new_id, now_iso
from relay_studio.store.persona import DEFAULT_PERSONA, persona_name
from relay_studio.store.profiles import ProfileStore
from relay_studio.store.projects import ProjectStore, project_folder
from relay_studio.store.runs import RunStore

DB_NAME = "relay-studio.db"
#: the files a run starts with in persist/, recorded as the first stage's checkpoint
PERSIST_ONLY = Roots(visible=(PERSIST_ROOT,), writable=())


class RunRequestError(CodedError, ValueError):
    """A run that cannot start (unknown agent, agent not runnable, no model): nothing is written."""


@dataclass
class RunHandle:
    run_id: str
    chat_id: str
    task: asyncio.Task[RunStatus]
    context: RunContext

    async def wait(self) -> RunStatus:
        try:
            return await asyncio.shield(self.task)
        except asyncio.CancelledError:
            if self.task.cancelled():  # cancelled before it started: the run was closed by cancel()
                return self.context.run_status
            raise


class Runtime:
    """``recover=False`` opens the data folder as a reader (``runs``, ``events``, ...): it never touches
    a run. Otherwise runs whose owning process is gone are recovered on start; runs that a live
    process drives (another window, a CLI run) are left to it. A run started or resumed here is
    held (its lease, ``store/leases.py``) until it ends or the runtime closes."""

    def __init__(self, data_dir: Path, *, extra_profiles: list[AgentProfile] | None = None,
                 recover: bool = True) -> None:
        self.data_dir = data_dir
        self.db = Database(data_dir / DB_NAME)
        self.chats = ChatStore(self.db)
        self.runs = RunStore(self.db)
        self.profile_store = ProfileStore(self.db)
        self.projects = ProjectStore(self.db)
        self.bridge = ChatHostBridge(self.chats)
        self.extra_profiles = extra_profiles or []
        self.active: dict[str, RunHandle] = {}
        #: session handoffs being written, by chat id (one at a time per chat)
        self.handoffs: dict[str, session_handoff.HandoffHandle] = {}
        self._live: list[Callable[[LiveUpdate], None]] = []
        #: Runs a crash or quit left unfinished: ended as interrupted, or (waiting for an approval) suspended.
        self.recovered, self.suspended = self.runs.recover_interrupted() if recover else ([], [])

    def close(self) -> None:
        self.db.close()

    # -- observation ---------------------------------------------------------------------------
    def subscribe(self, callback: Callable[[Event], None]) -> Callable[[], None]:
        """Journal events, delivered after they are durable."""
        return self.db.subscribe(callback)

    def live_listeners(self) -> list[Callable[[LiveUpdate], None]]:
        """The live-update listeners, shared by every run this runtime starts."""
        return self._live

    def subscribe_live(self, callback: Callable[[LiveUpdate], None]) -> Callable[[], None]:
        """Transient streaming updates (text deltas, the tool being called)."""
        self._live.append(callback)
        return lambda: self._live.remove(callback) if callback in self._live else None

    def profiles(self) -> dict[str, AgentProfile]:
        return catalog(self.profile_store, self.extra_profiles)

    def workspace_dir(self, run_id: str) -> Path:
        return self.data_dir / "runs" / run_id / "workspace"

    def project_dir(self, project: ProjectRecord) -> Path:
        """``<data_dir>/projects/<slug>/``: ``library/<type>/<slug>.md``, ``knowledge/``, ``skills/<name>.md``."""
        return project_folder(self.data_dir, project)

    def chat_project(self, chat_id: str) -> ProjectRecord:
        """The project a chat belongs to (the default project for a chat that is gone)."""
        chat = self.chats.chat(chat_id)
        return (self.projects.get(chat.project_id) if chat and chat.project_id else None) or self.projects.default()

    def _attach_project(self, ctx: RunContext) -> None:
        project = self.chat_project(ctx.chat_id)
        ctx.project_id, ctx.project_dir = project.id, self.project_dir(project)

    def _check_canon_fits(self, root: AgentProfile, chat: str, project_id: str | None) -> None:
        """Refuses a run whose root agent cannot hold the project's pinned canon (docs/canon.md): before anything
        is written, naming the facts that did not fit; they are never dropped silently."""
        existing = self.chats.chat(chat) or self.chats.chat_by_name(chat, project_id)
        project = (existing.project_id if existing else None) or project_id or self.projects.default().id
        try:
            check_pinned_fit(self.db, project, root, root.model.context_window_tokens)
        except CanonFitError as exc:
            raise RunRequestError(exc.code, exc.message) from None

    def _check_not_a_scene(self, chat: str, project_id: str | None, scene: SceneTurn | None) -> None:
        """A scene chat's runs are its characters' turns (docs/scenes.md): an ordinary run would hand one agent
        every message, whoever witnessed it. Refused before anything is written."""
        existing = self.chats.chat(chat) or self.chats.chat_by_name(chat, project_id)
        if scene is None and existing is not None and existing.mode == CHAT_MODE_SCENE:
            raise RunRequestError(codes.SCENE_TURN_REQUIRED,
                                  f"'{existing.name}' is a scene: each turn is a character's, started with scene say "
                                  "(--as or --next).")

    def chat_persist_dir(self, chat_id: str) -> Path:
        return self.data_dir / "chats" / chat_id / "persist"

    def scheduler_for(self, ctx: RunContext) -> TaskScheduler:
        """The run's helper tasks, run by the loop (given here: the scheduler does not import the loop)."""
        return TaskScheduler(ctx, ChildRunner(read=read_stage_off_loop, start=start_and_assemble, run=run_invocation))

    # -- runs ----------------------------------------------------------------------------------
    async def start_run(
        self,
        *,
        agent_id: str,
        prompt: str,
        provider_for: ProviderFor,
        chat: str = "default",
        profiles: dict[str, AgentProfile] | None = None,
        settings: RunSettings | None = None,
        approver: Approver | None = None,
        edges: dict[tuple[str, str], HandoffEdge] | None = None,
        regenerate_of: str | None = None,
        revise_of: str | None = None,
        project_id: str | None = None,
        explore: bool = False,
        handoff_defaults: HandoffDefaults | None = None,
        context: Any = None,
        scene: SceneTurn | None = None,
        forecast: dict[str, Any] | None = None,
    ) -> RunHandle:
        """Starts a run. With ``regenerate_of`` (an assistant message), the run answers that message's
        question again: no new user message, the history before it, and its commits become new
        versions of that message. With ``revise_of`` (an assistant message), the same, but the run is asked
        ``prompt`` (a revision request) with that message's current text, after the history up to it
        (``runtime/revision.py``). ``explore`` makes a new chat an exploration (refused for an ordinary
        chat that exists); a run of an exploration is read only (``docs/explore.md``). ``edges``,
        ``handoff_defaults`` and ``context`` come from code (the Python API) and are not frozen: a
        resumed run goes on without them. ``scene``: a scene turn (``runtime/scenes.py``, docs/scenes.md): its
        history is what the speaker witnessed, not the whole chat, and ``prompt`` is stored as a chat message
        only when the creator wrote it. ``forecast``: the forecast shown before Send (``runtime/forecast.py``'s
        ``Forecast`` as JSON), journaled as ``run_forecast`` with the run's creation."""
        profiles = dict(profiles if profiles is not None else self.profiles())
        root = profiles.get(agent_id)
        if root is None:
            known = ", ".join(sorted(p.id for p in profiles.values() if p.run.direct_runnable))
            raise RunRequestError(codes.RUN_UNKNOWN_AGENT, f"There is no agent '{agent_id}'. Direct-runnable: {known}.")
        if not root.run.direct_runnable:
            raise RunRequestError(codes.RUN_AGENT_NOT_RUNNABLE, f"'{agent_id}' cannot start a run by itself.")
        if root.model.mode == "requiresConfiguration":
            raise RunRequestError(
                codes.RUN_AGENT_REQUIRES_CONFIGURATION,
                f"'{agent_id}' has no model configured; bind it to a connection first.",
            )
        try:  # only the root's binding must work now; a target's is checked when it is chosen
            provider_for(root)
        except ProviderError as exc:
            raise RunRequestError(exc.code, exc.message) from None
        answer: MessageRecord | None = None
        question: MessageRecord | None = None
        cut: int | None = None  # the history is the chat's messages before this position
        if revise_of is not None:
            answer = self._revision(revise_of, regenerate_of)
            prompt, cut = revision_prompt(prompt, answer.content) if prompt.strip() else "", answer.position
        elif regenerate_of is not None:
            answer, question = self._regeneration(regenerate_of)
            prompt, cut = question.content, question.position
        if not prompt.strip():
            raise RunRequestError(codes.RUN_EMPTY_PROMPT, "The message is empty.")
        for what, text in (("message", prompt), ("chat name", chat)):
            if not is_utf8(text):  # e.g. undecodable command-line bytes: refuse before writing anything
                raise RunRequestError(codes.RUN_TEXT_NOT_UTF8, f"The {what} is not valid UTF-8 text.")
        # Code-level tool names (the Python API's tool_name_override) must not collide either.
        overrides = {pair: e.tool_name_override for pair, e in (edges or {}).items() if e.tool_name_override}
        for problem in validate_catalog(profiles, overrides):
            raise RunRequestError(problem.code, problem.message)
        self._check_canon_fits(root, answer.chat_id if answer else chat, project_id)
        self._check_not_a_scene(answer.chat_id if answer else chat, project_id, scene)
        if explore and answer is None:
            existing = self.chats.chat(chat) or self.chats.chat_by_name(chat, project_id)
            if existing is not None and not existing.explore:
                raise RunRequestError(codes.CHAT_NOT_AN_EXPLORATION,
                                      f"The chat '{existing.name}' is an ordinary chat, not an exploration; "
                                      "start an exploration under a new chat name.")
        run_id = new_id("run")
        try:  # before the chat gets a message pointing at this run
            workspace = RunWorkspace(self.workspace_dir(run_id))
        except OSError as exc:
            raise RunRequestError(codes.RUN_STORAGE_UNWRITABLE, f"Cannot create the run's folder in "
                                  f"{self.data_dir / 'runs'}: {exc.strerror or exc}.") from None

        chat_record = (self.chats.chat(answer.chat_id if answer else chat)
                       or self.chats.ensure_chat(chat, project_id=project_id,
                                                 mode=CHAT_MODE_EXPLORE if explore else CHAT_MODE_CHAT))
        if scene is not None:
            history, pinned = list(scene.history), 0
            history_json = [m.model_dump(mode="json") for m in history]
        else:  # a chapter's messages: read and encoded on a worker thread, before anything of the run is written
            read = await read_chat_input_off_loop(self.db, chat_record.id, cut)
            history, pinned, history_json = read.history, read.pinned, read.history_json
        user_message: MessageRecord | None = question
        if answer is not None:
            self.bridge.reply_targets[run_id] = answer.id
        elif scene is None or scene.creator_text is not None:
            user_message = self.chats.add_message(chat_record.id, "user", prompt, run_id=run_id)
        persist = self.chat_persist_dir(chat_record.id)
        workspace.project_persist(persist)
        settings = settings or RunSettings()
        persona = persona_name(self.db)
        frozen = {
            "userText": prompt,
            "userMessageId": user_message.id if user_message else None,
            "rootAgentId": agent_id,
            "regenerateOf": answer.id if answer is not None else None,
            **({"reviseOf": answer.id} if revise_of is not None and answer is not None else {}),
            "chatHistory": history_json,
            "chatHistoryPinned": pinned,
            "profiles": {pid: p.to_json_dict() for pid, p in profiles.items()},
            "settings": {"maxTotalRounds": settings.max_total_rounds},
            "explore": chat_record.explore,
            "personaName": persona,
            **({"scene": scene.frozen()} if scene is not None else {}),
        }
        ctx = RunContext(
            run_id=run_id, chat_id=chat_record.id, db=self.db, workspace=workspace, profiles=profiles,
            provider_for=provider_for, bridge=self.bridge, chat_persist=persist, settings=settings,
        )
        ctx.scheduler = self.scheduler_for(ctx)
        ctx.live = self._live
        ctx.approver = approver
        ctx.edges = dict(edges or {})
        ctx.handoff_defaults = handoff_defaults
        ctx.user_context = context
        ctx.chat_input = ChatInput(history, prompt, pinned)
        ctx.explore = chat_record.explore
        ctx.persona_name = persona
        ctx.scene = scene
        self._attach_project(ctx)
        stamp = now_iso()
        self.claim_run(run_id)  # held before the run exists in the file, so no other process recovers it
        try:
            with self.db.transaction() as tx:
                tx.insert(t.RunRow, id=run_id, chat_id=chat_record.id, root_profile_id=agent_id,
                          kind=RUN_KIND_EXPLORE if ctx.explore else RUN_KIND_RELAY, status=RunStatus.CREATED.value,
                          user_text=prompt, input_json=json.dumps(frozen, ensure_ascii=False), created_at=stamp,
                          updated_at=stamp)
                tx.event(run_id, ev.RUN_CREATED, {"chatId": chat_record.id, "chatName": chat_record.name,
                                                  "agentId": agent_id, "userText": prompt,
                                                  **({"explore": True} if ctx.explore else {})})
                if forecast is not None:
                    tx.event(run_id, ev.RUN_FORECAST, forecast)
                if scene is not None:
                    tx.event(run_id, ev.SCENE_CONTEXT_ASSEMBLED, scene.context)
                workspace.journal_skipped_links(tx, run_id)
                record_persist_checkpoint(tx, run_id, chat_record.id, workspace.snapshot(PERSIST_ONLY))
                transitions.set_run_status(tx, ctx, RunStatus.RUNNING)
        except BaseException:
            self.db.release_run(run_id)
            raise
        root_inv = InvocationState(
            id=new_id("inv"), profile=root, kind=InvocationKind.ROOT, exit_policy=ExitPolicy.RUN_FINISH_ALLOWED,
            depth=0, parent_id=None,
            messages=root_messages(history, prompt, root.context.chat_history_messages, pinned),
            read_only=ctx.explore,
        )
        task = asyncio.create_task(self._drive(ctx, root_inv), name=f"run {run_id}")
        task.add_done_callback(lambda _t: self.release_run(ctx))
        ctx.main_task = task
        handle = RunHandle(run_id=run_id, chat_id=chat_record.id, task=task, context=ctx)
        self.active[run_id] = handle
        return handle

    async def resume_run(self, run_id: str, *, provider_for: ProviderFor, approver: Approver | None = None,
                         ) -> RunHandle:
        """Continues a run suspended while a foreground agent's change waited for approval: the pending
        proposals are raised again (to ``approver``) and the run goes on from there."""
        record = self.runs.run(run_id)
        if record is None or run_id in self.active or run_id not in self.suspended:
            raise RunRequestError(codes.RUN_NOT_RESUMABLE, "That run is not waiting to be resumed.")
        if not self.db.claim_run(run_id):
            raise RunRequestError(codes.RUN_OWNED_ELSEWHERE, "Another Relay Studio window or command is continuing "
                                                             "that run.")
        record = self.runs.run(run_id)  # re-read under the lease: another process may have resumed it meanwhile
        if record is None or not self.runs.ensure_suspended(run_id, record.status.value):
            self.db.release_run(run_id, ended=record is not None and record.status.terminal)
            self.suspended.remove(run_id)
            raise RunRequestError(codes.RUN_NOT_RESUMABLE, "That run is not waiting to be resumed any more.")
        try:
            return self._resume_claimed(run_id, record.chat_id, provider_for, approver)
        except BaseException:
            self.db.release_run(run_id)
            raise

    def _resume_claimed(self, run_id: str, chat_id: str, provider_for: ProviderFor, approver: Approver | None,
                        ) -> RunHandle:
        frozen = self.runs.run_input(run_id)
        profiles = {pid: AgentProfile.model_validate(data) for pid, data in frozen["profiles"].items()}
        frozen_rounds = frozen.get("settings", {}).get("maxTotalRounds", DEFAULT_MAX_TOTAL_ROUNDS)
        settings = RunSettings(max_total_rounds=int(frozen_rounds))
        ctx = RunContext(
            run_id=run_id, chat_id=chat_id, db=self.db, workspace=RunWorkspace(self.workspace_dir(run_id)),
            profiles=profiles, provider_for=provider_for, bridge=self.bridge,
            chat_persist=self.chat_persist_dir(chat_id), settings=settings,
        )
        ctx.scheduler = self.scheduler_for(ctx)
        ctx.live = self._live
        ctx.approver = approver
        ctx.chat_input = ChatInput([Message.model_validate(m) for m in frozen.get("chatHistory", [])],
                                   str(frozen.get("userText", "")), int(frozen.get("chatHistoryPinned", 0)))
        ctx.explore = bool(frozen.get("explore", False))
        ctx.persona_name = str(frozen.get("personaName") or DEFAULT_PERSONA)
        ctx.scene = SceneTurn.thawed(frozen["scene"]) if isinstance(frozen.get("scene"), dict) else None
        if frozen.get("regenerateOf"):  # a regeneration or revision still answers its message after a restart
            self.bridge.reply_targets[run_id] = str(frozen["regenerateOf"])
        self._attach_project(ctx)
        try:
            active, pending = rebuild(ctx, self.runs)
        except NotResumable as exc:
            raise RunRequestError(codes.RUN_NOT_RESUMABLE, str(exc)) from None
        with self.db.transaction() as tx:
            for stale in self.runs.open_approvals(run_id):
                tx.event(run_id, ev.TOOL_CALL_APPROVAL_WITHDRAWN,
                         {"toolCallId": stale.payload.get("toolCallId"), "approvalId": stale.payload["id"],
                          "tool": stale.payload.get("tool"), "path": stale.payload.get("path"),
                          "reason": "Relay Studio stopped; the change is asked again"},
                         invocation_id=stale.invocation_id)
            tx.event(run_id, ev.RUN_RESUMED, {"agentId": active.profile.id, "pendingCalls": [c.name for c in pending]},
                     invocation_id=active.id)
            transitions.set_run_status(tx, ctx, RunStatus.RUNNING)
        self.suspended.remove(run_id)
        ctx.started = True
        task = asyncio.create_task(self._drive_resumed(ctx, active, pending), name=f"run {run_id}")
        task.add_done_callback(lambda _t: self.release_run(ctx))
        ctx.main_task = task
        handle = RunHandle(run_id=run_id, chat_id=chat_id, task=task, context=ctx)
        self.active[run_id] = handle
        return handle

    async def fork_run(self, request: ForkRequest, *, provider_for: ProviderFor,
                       profiles: dict[str, AgentProfile] | None = None, approver: Approver | None = None,
                       ) -> RunHandle:
        """Rerun from a stage: a new run in the same chat starting at ``request.at`` with the workspace as it
        was then (``runtime/fork.py``, docs/fork.md); raises ``RunRequestError`` before writing anything."""
        try:
            ctx, task = await start_fork(self, request, provider_for=provider_for, profiles=profiles,
                                         approver=approver)
        except ForkRefused as exc:
            raise RunRequestError(exc.code, exc.message) from None
        handle = RunHandle(run_id=ctx.run_id, chat_id=ctx.chat_id, task=task, context=ctx)
        self.active[ctx.run_id] = handle
        return handle

    def claim_run(self, run_id: str) -> None:
        """This process drives ``run_id`` from now on (its lease); raises ``RunRequestError`` if it cannot."""
        claimed = self.db.claim_run(run_id)  # an unusable leases/ folder raises StoreError (one line, exit 3)
        if not claimed:  # a fresh id: nobody else can hold it
            raise RunRequestError(codes.RUN_LEASE_UNAVAILABLE, "Cannot take ownership of the run.")

    def release_run(self, ctx: RunContext) -> None:
        """The run's task is over: its lease goes (the file too once the run has ended)."""
        self.db.release_run(ctx.run_id, ended=ctx.run_status.terminal)

    async def _drive_resumed(self, ctx: RunContext, active: InvocationState, pending: list[ToolCall]) -> RunStatus:
        try:
            return await drive_chain(ctx, active, pending)
        finally:
            self.active.pop(ctx.run_id, None)

    def _revision(self, message_id: str, regenerate_of: str | None) -> MessageRecord:
        answer = self.chats.message(message_id)
        if regenerate_of is not None or answer is None or answer.role != "assistant":
            raise RunRequestError(codes.RUN_NOTHING_TO_REVISE, "Only an agent's answer can be revised, and a run "
                                                               "either revises an answer or regenerates one.")
        return answer

    def _regeneration(self, message_id: str) -> tuple[MessageRecord, MessageRecord]:
        answer = self.chats.message(message_id)
        if answer is None or answer.role != "assistant":
            raise RunRequestError(codes.RUN_NOTHING_TO_REGENERATE, "Only an agent's answer can be regenerated.")
        questions = [m for m in self.chats.messages(answer.chat_id)
                     if m.role == "user" and m.position < answer.position]
        if not questions:
            raise RunRequestError(codes.RUN_NOTHING_TO_REGENERATE, "That answer has no question before it.")
        return answer, questions[-1]

    def branch_chat(self, message_id: str) -> ChatRecord:
        """Edit-and-rerun: a new chat (lineage to the old one) holding everything before ``message_id``
        and a copy of the chat's persist/ folder; the original chat stays as it was."""
        message = self.chats.message(message_id)
        if message is None:
            raise RunRequestError(codes.CHAT_MESSAGE_NOT_FOUND, "That message no longer exists.")
        source = self.chats.chat(message.chat_id)
        name = self.chats.unique_name(f"{source.name if source else 'Chat'} · edited",
                                      source.project_id if source else None)
        branch = self.chats.branch(message, name)
        self.copy_persist(message.chat_id, branch.id)
        return branch

    def copy_persist(self, from_chat: str, to_chat: str) -> None:
        """Carries a chat's persist/ folder into another chat (a branch, a continuation)."""
        persist = self.chat_persist_dir(from_chat)
        if persist.is_dir():
            copy_without_links(persist, self.chat_persist_dir(to_chat))

    # -- session handoff (docs/session-handoff.md) ----------------------------------------------
    def start_handoff(self, *, chat: str, provider_for: ProviderFor, agent_id: str | None = None,
                      focus: str | None = None, profiles: dict[str, AgentProfile] | None = None,
                      project_id: str | None = None,
                      context_tokens: int | None = None) -> session_handoff.HandoffHandle:
        """Starts writing a handoff document for ``chat``; raises ``HandoffRefused`` from a guard.
        ``context_tokens``: the agent's context window as its server reports it, when known."""
        return session_handoff.start(self, chat=chat, provider_for=provider_for, agent_id=agent_id, focus=focus,
                                     profiles=profiles, project_id=project_id, context_tokens=context_tokens)

    def cancel_handoff(self, chat_id: str) -> bool:
        return session_handoff.cancel(self, chat_id)

    def accept_handoff(self, draft: session_handoff.HandoffDraft, *, document: str | None = None,
                       name: str | None = None) -> ChatRecord:
        """The new chat, seeded with the (perhaps edited) document; lineage both ways."""
        return session_handoff.accept(self, draft, document=document, name=name)

    def guide(self, run_id: str, text: str) -> bool:
        """Creator's guidance for a running relay: shown in the chat, given to the agent at work at its
        next model call. False when the run is not active."""
        handle = self.active.get(run_id)
        if handle is None or handle.context.run_status.terminal or not text.strip():
            return False
        ctx = handle.context
        ctx.guidance.append(text.strip())
        message = self.chats.add_message(ctx.chat_id, "user", text.strip(), run_id=run_id)
        with self.db.transaction() as tx:
            tx.event(run_id, ev.GUIDANCE_RECEIVED, {"text": text.strip(), "messageId": message.id})
        return True

    async def _drive(self, ctx: RunContext, root: InvocationState) -> RunStatus:
        ctx.started = True
        try:
            return await execute_run(ctx, root)
        finally:
            self.active.pop(ctx.run_id, None)

    def leave_waiting(self, run_id: str) -> bool:
        """The window quits while ``run_id``'s foreground agent waits for the creator's approval and no helper
        works: its task stops without journaling anything more, the lease goes with it, and the next start
        finds the run suspended and asks the approval again (``runs.recover_interrupted``). False (cancel it
        instead) for any other run."""
        handle = self.active.get(run_id)
        if handle is None:
            return False
        ctx = handle.context
        helpers = [c for c in ctx.scheduler.children.values() if c.worker is not None and not c.worker.done()]
        if (ctx.run_status is not RunStatus.AWAITING_APPROVAL or helpers
                or not self.runs.resumable(run_id, ctx.run_status.value)):
            return False
        ctx.left_waiting = True
        handle.task.cancel()
        return True

    def cancel(self, run_id: str) -> bool:
        """Run-wide cancel: interrupts every wait (model stream, await, host commit) promptly."""
        handle = self.active.get(run_id)
        if handle is None or handle.context.run_status.terminal:
            return False
        ctx = handle.context
        if ctx.run_status is not RunStatus.CANCELLING:
            with self.db.transaction() as tx:
                transitions.set_run_status(tx, ctx, RunStatus.CANCELLING)
        if not ctx.started:
            # Cancelled before its first step: the executor never runs, so close the run here.
            with self.db.transaction() as tx:
                transitions.set_run_status(tx, ctx, RunStatus.CANCELLED)
                tx.event(run_id, ev.RUN_CANCELLED, {"commits": 0})
            self.active.pop(run_id, None)  # its task never ran, so nothing else lets go of it
        handle.task.cancel()
        return True
