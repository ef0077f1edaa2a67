"""Session handoff: a long chat becomes a document that seeds a new chat (docs/session-handoff.md).

The document is written by a side request, not a chat turn: the chat's agent gets the chat as its
normal prompt assembly builds it (system prompt, tools and history, so a cached prefix is reused),
plus one trailing instruction, with tool choice ``none``. That request is journaled as a run of kind
``handoff``. Nothing else changes until the creator accepts the draft: only then is the new chat
created, its first entry the document wrapped as handoff context, its lineage recorded both ways and
the old chat's ``persist/`` carried over. The old chat's transcript is never touched.

Outcomes are kept apart: a draft (``ready``), ``cancelled``, ``failed`` and ``empty``.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Protocol

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.coded_error import CodedError
from relay_studio.domain.enums import EventLevel, ExitPolicy, InvocationKind, InvocationStatus, RunStatus
from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.records import CHAT_MODE_SCENE, RUN_KIND_HANDOFF, ChatRecord
from relay_studio.runtime import context_window, transitions
from relay_studio.runtime.canon_access import carry_pinned, overflow_sentence, pinned_overflow, pinned_tokens
from relay_studio.runtime.context import (
    InvocationState,
    LiveUpdate,
    ProviderFor,
    RunContext,
    RunSettings,
    Scheduler,
)
from relay_studio.runtime.errors import InvocationFailed
from relay_studio.runtime.library_access import read_stage
from relay_studio.runtime.loop import start_and_assemble
from relay_studio.runtime.model_call import call_model
from relay_studio.runtime.prompts import chat_history, root_messages
from relay_studio.runtime.tools.registry import surface
from relay_studio.runtime.workspace import RunWorkspace
from relay_studio.store import tables as t
from relay_studio.store.canon import CanonStore
from relay_studio.store.chats import ChatHostBridge, ChatStore
from relay_studio.store.database import Database, new_id, now_iso
from relay_studio.store.persona import persona_name
from relay_studio.store.runs import RunStore

#: the sections the document must have, in order, in a creator's terms (docs/session-handoff.md)
SECTIONS: tuple[str, ...] = ("Goal", "Canon & Constraints", "Progress", "Key Decisions", "Critical Context",
                             "Next Steps")
#: other headings a document may give a section: the seeds call the second one "Constraints & Preferences"
#: (docs/session-handoff.md, *Differences from the seeds*); the instruction keeps the creator's wording
SECTION_ALIASES: dict[str, tuple[str, ...]] = {"Canon & Constraints": ("Constraints & Preferences",)}
CONTEXT_FOOTER = ("The above is a handoff document from a previous chat. Use this context to continue the work "
                  "seamlessly.")

NOTHING_TO_HAND_OFF = "Nothing to hand off (no messages yet)"
RUN_ACTIVE = "Wait for the current run to finish or stop it before handing off."
ALREADY_GENERATING = "A handoff document is already being written for this chat."


class HandoffOutcome(StrEnum):
    READY = "ready"
    CANCELLED = "cancelled"
    FAILED = "failed"
    EMPTY = "empty"


class HandoffRefused(CodedError, ValueError):
    """A guard refused the handoff before anything was asked or written."""


@dataclass
class HandoffDraft:
    """What the generation produced; only ``READY`` drafts can become a new chat."""

    outcome: HandoffOutcome
    run_id: str
    chat_id: str
    agent_id: str
    document: str = ""
    missing_sections: list[str] = field(default_factory=list)
    error_code: str | None = None
    error_message: str | None = None
    #: the oldest chat entries left out of the request because the chat did not fit the model's context
    left_out: int = 0

    @property
    def summary(self) -> str:
        """The sentence a host shows for this outcome."""
        if self.outcome is HandoffOutcome.READY:
            if self.missing_sections:
                return f"Handoff document ready; it lacks: {', '.join(self.missing_sections)}."
            return "Handoff document ready."
        if self.outcome is HandoffOutcome.CANCELLED:
            return "Handoff cancelled"
        if self.outcome is HandoffOutcome.EMPTY:
            return "Handoff produced no document"
        return f"Handoff failed: {self.error_message or self.error_code}"


@dataclass
class HandoffHandle:
    run_id: str
    chat_id: str
    agent_id: str
    task: asyncio.Task[HandoffDraft]
    context: RunContext
    invocation: InvocationState
    #: the outcome when the generation was cancelled before its task ever ran
    closed: HandoffDraft | None = None
    #: chat entries left out of the request so that it fits the model (``HandoffDraft.left_out``)
    left_out: int = 0

    async def wait(self) -> HandoffDraft:
        try:
            return await asyncio.shield(self.task)
        except asyncio.CancelledError:
            if self.task.cancelled() and self.closed is not None:
                return self.closed
            raise


def instruction(focus: str | None) -> str:
    """The trailing request, in the agent's own terms."""
    text = (
        "The creator is moving this work to a new chat. Write a handoff document from this chat so that you, or "
        "another agent who has never seen it, can continue the work seamlessly. Answer with the document alone, "
        "in Markdown, with exactly these sections as '## ' headings, in this order:\n\n"
        "## Goal\nWhat the creator is making and what they want from it.\n\n"
        "## Canon & Constraints\nStyle, point of view, tense, rating, voice rules and every other fixed rule "
        "of the work.\n\n"
        "## Progress\nThree lists: Done, In Progress, Pending.\n\n"
        "## Key Decisions\nEach decision taken so far, with its reason.\n\n"
        "## Critical Context\nNames of characters, places and things; open threads; a short verbatim excerpt "
        "of the last scene; the workspace and library files that matter.\n\n"
        "## Next Steps\nWhat to do next, in order.\n\n"
        "Write in the language of this chat. Do not call any tools."
    )
    if focus and focus.strip():
        text += f"\n\nAdditional focus: {focus.strip()}"
    return text


def context_entry(document: str) -> str:
    """The new chat's first entry: the document as handoff context."""
    return f"<handoff-context>\n{document.strip()}\n</handoff-context>\n\n{CONTEXT_FOOTER}"


def document_of(entry: str) -> str:
    """The document inside a chat's first entry (``context_entry``'s inverse); the entry itself when it is
    not in that form (edited by hand)."""
    match = re.match(r"\A\s*<handoff-context>\n?(?P<doc>.*?)\n?</handoff-context>", entry, re.DOTALL)
    return match.group("doc").strip() if match else entry.strip()


def _norm(heading: str) -> str:
    # html.unescape: llama-cpp-python's function-calling template HTML-escapes the prompt, and a small model
    # copies the escaped headings ("Canon &amp; Constraints") into its answer
    return re.sub(r"[^a-z]+", " ", html.unescape(heading).lower().replace("&", " and ")).strip()


_HEADING = re.compile(r"^\s{0,3}(?:#{1,6}\s*(?P<h>.+?)\s*#*|\*\*(?P<b>.+?)\*\*\s*:?|(?P<c>[A-Z][^:\n]{1,40}):)\s*$",
                      re.MULTILINE)


def missing_sections(document: str) -> list[str]:
    """The required sections that have no heading in ``document`` (headings in any common form, a section
    under any of its names: ``SECTION_ALIASES``)."""
    found = {_norm(next(g for g in m.groups() if g)) for m in _HEADING.finditer(document)}
    return [s for s in SECTIONS if found.isdisjoint(_norm(name) for name in (s, *SECTION_ALIASES.get(s, ())))]


class _ChatRun(Protocol):
    @property
    def chat_id(self) -> str: ...


class SessionHost(Protocol):
    """What a session handoff uses of the runtime that hosts it (``engine.Runtime``, which calls in here)."""

    db: Database
    chats: ChatStore
    runs: RunStore
    bridge: ChatHostBridge
    handoffs: dict[str, HandoffHandle]

    @property
    def active(self) -> Mapping[str, _ChatRun]: ...
    def profiles(self) -> dict[str, AgentProfile]: ...
    def workspace_dir(self, run_id: str) -> Path: ...
    def chat_persist_dir(self, chat_id: str) -> Path: ...
    def live_listeners(self) -> list[Callable[[LiveUpdate], None]]: ...
    def scheduler_for(self, ctx: RunContext) -> Scheduler: ...
    def claim_run(self, run_id: str) -> None: ...
    def release_run(self, ctx: RunContext) -> None: ...
    def copy_persist(self, from_chat: str, to_chat: str) -> None: ...


class AgentStores(Protocol):
    """What picking a chat's agent reads: the runtime's stores, or a reader lane's over its own connection."""

    @property
    def chats(self) -> ChatStore: ...
    @property
    def runs(self) -> RunStore: ...


def chat_agent(runtime: AgentStores, chat: ChatRecord, agent_id: str | None,
               catalog: Mapping[str, AgentProfile]) -> AgentProfile:
    """The named agent, else the one that answered last in the chat; from ``catalog`` (the agents' profiles),
    else as the run that answered last knew it. Reads the chat's messages through ``runtime``'s stores."""
    answers = [m for m in runtime.chats.messages(chat.id) if m.role == "assistant" and m.agent_id]
    if agent_id is None:
        if not answers:
            raise HandoffRefused(codes.HANDOFF_NO_AGENT, "No agent has answered in this chat yet; name the agent that "
                                 "should write the handoff document.")
        agent_id = answers[-1].agent_id
    profile = catalog.get(agent_id or "")
    if profile is None:
        for answer in reversed(answers):
            frozen = runtime.runs.run_input(answer.run_id) if answer.run_id else None
            data = (frozen or {}).get("profiles", {}).get(agent_id)
            if data is not None:
                profile = AgentProfile.model_validate(data)
                break
    if profile is None:
        raise HandoffRefused(codes.HANDOFF_UNKNOWN_AGENT, f"There is no agent '{agent_id}'.")
    if profile.model.mode == "requiresConfiguration":
        raise HandoffRefused(codes.HANDOFF_AGENT_REQUIRES_CONFIGURATION,
                             f"'{profile.display_name}' has no model configured; bind it to a connection first.")
    return profile


def start(runtime: SessionHost, *, chat: str, provider_for: ProviderFor, agent_id: str | None = None,
          focus: str | None = None, profiles: dict[str, AgentProfile] | None = None,
          project_id: str | None = None, context_tokens: int | None = None) -> HandoffHandle:
    """Checks the guards, journals the request as a handoff run and starts generating the document.
    ``chat`` is a chat id, or a name in ``project_id`` (the default project for None).

    When the agent's context window is known (its profile's ``contextWindowTokens``, else
    ``context_tokens``, what its server reports) and the chat does not fit it, the oldest history entries
    are left out of the request (``context_window.trim_to_fit``), journaled as ``leftOut``: a chat too long
    for its model can still be handed off."""
    record = runtime.chats.chat(chat) or runtime.chats.chat_by_name(chat, project_id)
    if record is None:
        raise HandoffRefused(codes.HANDOFF_UNKNOWN_CHAT, f"There is no chat '{chat}'.")
    if record.mode == CHAT_MODE_SCENE:  # one agent would read every message, whoever witnessed it (docs/scenes.md)
        raise HandoffRefused(codes.SCENE_TURN_REQUIRED, f"'{record.name}' is a scene: no one agent may read all of "
                                                        "it to write a handoff; branch it, or go on with its turns.")
    messages = runtime.chats.messages(record.id)
    if sum(m.role in ("user", "assistant") for m in messages) < 2:
        raise HandoffRefused(codes.HANDOFF_NOTHING_TO_HAND_OFF, NOTHING_TO_HAND_OFF)
    if any(h.chat_id == record.id for h in runtime.active.values()):
        raise HandoffRefused(codes.HANDOFF_RUN_ACTIVE, RUN_ACTIVE)
    if record.id in runtime.handoffs:
        raise HandoffRefused(codes.HANDOFF_IN_PROGRESS, ALREADY_GENERATING)
    profile = chat_agent(runtime, record, agent_id, profiles if profiles is not None else runtime.profiles())
    asked = profile.model_copy(update={"model": profile.model.model_copy(update={"tool_choice": "none"})})

    history, pinned = chat_history(messages)
    request_text = instruction(focus)
    sent = root_messages(history, request_text, profile.context.chat_history_messages, pinned)
    window = profile.model.context_window_tokens or context_tokens
    left_out = 0
    canon = CanonStore(runtime.db).pinned(record.project_id) if record.project_id else []
    if window:
        over = pinned_overflow(profile, canon, window)
        if over:  # the pinned canon is never dropped to make room: the creator is told which facts do not fit
            raise HandoffRefused(codes.CANON_PINNED_TOO_LARGE, overflow_sentence(profile, over, window))
        sent, left_out = context_window.trim_to_fit(profile, sent, pinned, window, fixed=pinned_tokens(canon))
    run_id = new_id("run")
    ctx = RunContext(run_id=run_id, chat_id=record.id, db=runtime.db,
                     workspace=RunWorkspace(runtime.workspace_dir(run_id)), profiles={profile.id: asked},
                     provider_for=provider_for, bridge=runtime.bridge,
                     chat_persist=runtime.chat_persist_dir(record.id), settings=RunSettings())
    ctx.scheduler = runtime.scheduler_for(ctx)
    ctx.live = runtime.live_listeners()
    ctx.persona_name = persona_name(runtime.db)
    ctx.project_id = record.project_id  # its Canon section (the story library stays out of this request)
    inv = InvocationState(
        id=new_id("inv"), profile=asked, kind=InvocationKind.ROOT, exit_policy=ExitPolicy.RUN_FINISH_ALLOWED,
        depth=0, parent_id=None,
        messages=sent,
    )
    frozen = {"kind": RUN_KIND_HANDOFF, "focus": focus, "userText": request_text, "rootAgentId": profile.id,
              "chatHistory": [m.model_dump(mode="json") for m in history], "leftOut": left_out,
              "profiles": {profile.id: asked.to_json_dict()}, "settings": {"maxTotalRounds": 1}}
    stamp = now_iso()
    runtime.claim_run(run_id)  # this process drives it: no other process may recover it meanwhile
    try:
        reading = read_stage(ctx, inv)  # a synchronous start (the caller waits for the handle): read here
        with runtime.db.transaction() as tx:
            tx.insert(t.RunRow, id=run_id, chat_id=record.id, root_profile_id=profile.id, kind=RUN_KIND_HANDOFF,
                      status=RunStatus.CREATED.value, user_text=request_text,
                      input_json=json.dumps(frozen, ensure_ascii=False), created_at=stamp, updated_at=stamp)
            tx.event(run_id, ev.RUN_CREATED, {"chatId": record.id, "chatName": record.name, "agentId": profile.id,
                                              "userText": request_text, "kind": RUN_KIND_HANDOFF, "focus": focus,
                                              "leftOut": left_out})
            transitions.set_run_status(tx, ctx, RunStatus.RUNNING)
            transitions.create_invocation(tx, ctx, inv)
            start_and_assemble(tx, ctx, inv, reading)
    except BaseException:
        runtime.db.release_run(run_id)
        raise
    task = asyncio.create_task(_generate(runtime, ctx, inv, left_out), name=f"handoff {run_id}")
    task.add_done_callback(lambda _t: runtime.release_run(ctx))
    ctx.main_task = task
    handle = HandoffHandle(run_id=run_id, chat_id=record.id, agent_id=profile.id, task=task, context=ctx,
                           invocation=inv, left_out=left_out)
    runtime.handoffs[record.id] = handle
    return handle


async def _generate(runtime: SessionHost, ctx: RunContext, inv: InvocationState, left_out: int) -> HandoffDraft:
    draft = HandoffDraft(HandoffOutcome.FAILED, ctx.run_id, ctx.chat_id, inv.profile.id, left_out=left_out)
    try:
        ctx.started = True
        tools = [tool.spec.schema() for tool in surface(ctx, inv).values()]  # the same prefix as a chat turn
        try:
            response = await call_model(ctx, inv, tools)
        except InvocationFailed as exc:
            draft.error_code, draft.error_message = exc.code, exc.message
            _end(ctx, inv, draft)
            return draft
        document = response.text.strip()
        if not document:
            draft.outcome, draft.error_code = HandoffOutcome.EMPTY, codes.HANDOFF_EMPTY_DOCUMENT
            draft.error_message = "The agent answered without any text."
        else:
            pinned = CanonStore(ctx.db).pinned(ctx.project_id) if ctx.project_id else []
            draft.outcome, draft.document = HandoffOutcome.READY, carry_pinned(document, pinned)
            draft.missing_sections = missing_sections(document)
        _end(ctx, inv, draft)
        return draft
    except asyncio.CancelledError:
        draft.outcome = HandoffOutcome.CANCELLED
        _end(ctx, inv, draft)
        return draft
    except Exception as exc:  # a broken contract below: a failed handoff, journaled, never a traceback
        draft.error_code, draft.error_message = codes.RUNTIME_HANDOFF_CRASHED, f"{type(exc).__name__}: {exc}"
        _end(ctx, inv, draft)
        return draft
    finally:
        runtime.handoffs.pop(ctx.chat_id, None)


def _end(ctx: RunContext, inv: InvocationState, draft: HandoffDraft) -> None:
    inv_status, run_status, level = {
        HandoffOutcome.READY: (InvocationStatus.COMPLETED, RunStatus.COMPLETED, EventLevel.INFO),
        HandoffOutcome.CANCELLED: (InvocationStatus.CANCELLED, RunStatus.CANCELLED, EventLevel.WARNING),
        HandoffOutcome.EMPTY: (InvocationStatus.FAILED, RunStatus.FAILED, EventLevel.WARNING),
        HandoffOutcome.FAILED: (InvocationStatus.FAILED, RunStatus.FAILED, EventLevel.ERROR),
    }[draft.outcome]
    with ctx.db.transaction() as tx:
        transitions.end_invocation(tx, ctx, inv.id, inv_status, error_code=draft.error_code)
        fields = {"error_code": draft.error_code, "error_message": draft.error_message} if draft.error_code else {}
        transitions.set_run_status(tx, ctx, run_status, **fields)
        tx.event(ctx.run_id, ev.SESSION_HANDOFF_ENDED[draft.outcome.value],
                 {"agentId": inv.profile.id, "chars": len(draft.document), "missingSections": draft.missing_sections,
                  "errorCode": draft.error_code, "message": draft.summary},
                 invocation_id=inv.id, level=level)
        tx.event(ctx.run_id, ev.RUN_ENDED[run_status],
                 {"agentId": inv.profile.id, "commits": 0, "kind": RUN_KIND_HANDOFF}, invocation_id=inv.id, level=level)


def cancel(runtime: SessionHost, chat_id: str) -> bool:
    """Stops the generation for ``chat_id`` (Esc, Stop, Ctrl+C); nothing changes."""
    handle = runtime.handoffs.get(chat_id)
    if handle is None or handle.task.done():
        return False
    if not handle.context.started:  # its task never ran: close the run here
        ctx, inv = handle.context, handle.invocation
        handle.closed = HandoffDraft(HandoffOutcome.CANCELLED, ctx.run_id, ctx.chat_id, inv.profile.id)
        _end(ctx, inv, handle.closed)
        runtime.handoffs.pop(chat_id, None)
        runtime.release_run(ctx)
    handle.task.cancel()
    return True


def accept(runtime: SessionHost, draft: HandoffDraft, *, document: str | None = None,
           name: str | None = None) -> ChatRecord:
    """The creator accepted ``draft`` (perhaps edited): the new chat, seeded and linked both ways."""
    if draft.outcome is not HandoffOutcome.READY:
        raise HandoffRefused(codes.HANDOFF_NOT_READY, draft.summary)
    text = (document if document is not None else draft.document).strip()
    if not text:
        raise HandoffRefused(codes.HANDOFF_EMPTY_DOCUMENT, "The handoff document is empty.")
    source = runtime.chats.chat(draft.chat_id)
    if source is None:
        raise HandoffRefused(codes.HANDOFF_UNKNOWN_CHAT, "The chat to continue no longer exists.")
    if name is not None and runtime.chats.chat_by_name(name, source.project_id) is not None:
        raise HandoffRefused(codes.HANDOFF_NAME_TAKEN, f"There is already a chat named '{name}'.")
    new_name = name or runtime.chats.unique_name(f"{source.name} (continued)", source.project_id)
    chat = runtime.chats.continue_chat(source, new_name, context_entry(text), run_id=draft.run_id,
                                       agent_id=draft.agent_id)
    runtime.copy_persist(source.id, chat.id)
    return chat
