"""Rerun from any stage: a fork is a new run in the same chat that starts at a stage of another run, with the
workspace restored to that stage's start (docs/fork.md).

The source run, its journal and its files are never touched. The fork freezes the source's input (the
chat history and message, the profiles), restores the files of the stage's checkpoint
(``runtime/checkpoints.py``), rebuilds the earlier stages' conversations (what a handoff target's history
mode may show) and runs that stage, with its agent, brief or model changed if asked, and every stage
after it. Its commits become new versions of the chat's answer, as a regeneration's do. Refusals raise
``RunRequestError`` before anything is written.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Protocol, cast

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.coded_error import CodedError
from relay_studio.domain.enums import ExitPolicy, InvocationKind, RunStatus, TaskContinuation
from relay_studio.domain.messages import Message
from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.records import RUN_KIND_EXPLORE, RUN_KIND_RELAY
from relay_studio.domain.scenes import SceneTurn
from relay_studio.providers.base import ProviderError
from relay_studio.runtime import transitions
from relay_studio.runtime.approval import Approver
from relay_studio.runtime.checkpoints import Stage, file_text, fork_origin, stages
from relay_studio.runtime.context import ChatInput, InvocationState, LiveUpdate, ProviderFor, RunContext, RunSettings
from relay_studio.runtime.delegation.edges import effective
from relay_studio.runtime.delegation.handoff import validate_packet
from relay_studio.runtime.delegation.history import handoff_input
from relay_studio.runtime.delegation.policy import resolve_target
from relay_studio.runtime.delegation.rendering import render_handoff_brief
from relay_studio.runtime.delegation.scheduler import TaskScheduler
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.executor import drive_chain
from relay_studio.runtime.ledger import CommitLedger, LedgerEntry
from relay_studio.runtime.prompts import root_messages
from relay_studio.runtime.resume import NotResumable, _state
from relay_studio.runtime.workspace import RunWorkspace
from relay_studio.store import tables as t
from relay_studio.store.chats import ChatHostBridge, ChatStore
from relay_studio.store.database import Database, new_id, now_iso
from relay_studio.store.leases import is_owned
from relay_studio.store.runs import RunStore

#: ledger marker of a commit an earlier stage made in the run the fork came from (not the fork's own)
INHERITED = "inherited"


@dataclass
class ForkRequest:
    """What the creator asks: the run, the stage (from 1), and what changes there."""

    run_id: str
    at: int
    agent_id: str | None = None
    #: a handoff brief (a dict), or the objective alone (a str); for stage 1 the creator's message (a str)
    brief: dict[str, Any] | str | None = None
    #: what the host changed in the model binding (recorded in ``run_forked``; the host's provider_for does it)
    connection: str | None = None
    model: str | None = None
    changes: dict[str, Any] = field(default_factory=dict)


class ForkRefused(CodedError):
    """A fork that cannot start (the engine raises it as ``RunRequestError``): nothing was written."""


class ForkHost(Protocol):
    """What a fork needs of the runtime that starts it (``engine.Runtime``; given, not imported)."""

    runs: RunStore
    chats: ChatStore
    db: Database
    bridge: ChatHostBridge
    data_dir: Path
    active: dict[str, Any]

    def profiles(self) -> dict[str, AgentProfile]: ...
    def workspace_dir(self, run_id: str) -> Path: ...
    def chat_persist_dir(self, chat_id: str) -> Path: ...
    def scheduler_for(self, ctx: RunContext) -> TaskScheduler: ...
    def live_listeners(self) -> list[Callable[[LiveUpdate], None]]: ...
    def claim_run(self, run_id: str) -> None: ...
    def release_run(self, ctx: RunContext) -> None: ...
    def _attach_project(self, ctx: RunContext) -> None: ...


def _refuse(code: str, message: str) -> ForkRefused:
    return ForkRefused(code, message)


def _check_source(runtime: ForkHost, run_id: str) -> None:
    record = runtime.runs.run(run_id)
    if record is None:
        raise _refuse(codes.RUN_NOT_FOUND, f"There is no run '{run_id}'.")
    seen = runtime.runs.as_seen(record)
    if not seen.status.terminal and (run_id in runtime.active or is_owned(runtime.data_dir, run_id)):
        raise _refuse(codes.RUN_FORK_SOURCE_RUNNING, "That run is still running; rerun a stage of it once it has "
                                                     "ended (or stop it first).")


def _profiles(runtime: ForkHost, frozen: dict[str, Any], given: dict[str, AgentProfile] | None,
              ) -> dict[str, AgentProfile]:
    """The source's profiles as it froze them; the given ones (a profiles folder, code) over them; profiles
    made since then beside them."""
    out = {pid: AgentProfile.model_validate(data) for pid, data in frozen.get("profiles", {}).items()}
    for pid, p in runtime.profiles().items():
        out.setdefault(pid, p)
    out.update(given or {})
    return out


def _prior_states(runtime: ForkHost, earlier: list[Stage], profiles: dict[str, AgentProfile],
                  explore: bool) -> list[InvocationState]:
    """The stages before the fork point as the handoff input sees them: each one's conversation."""
    out: list[InvocationState] = []
    ns = cast(RunContext, SimpleNamespace(profiles=profiles, explore=explore))
    cache: dict[str, tuple[Any, Any]] = {}
    for stage in earlier:
        record = runtime.runs.invocation(stage.invocation_id)
        profile = profiles.get(stage.agent_id)
        if record is None or profile is None:
            continue
        if stage.run_id not in cache:
            cache[stage.run_id] = (runtime.runs.events(stage.run_id), runtime.runs.model_turns(stage.run_id))
        events, turns = cache[stage.run_id]
        try:
            inv, _pending = _state(ns, runtime.runs, record, events,
                                   [x for x in turns if x["invocationId"] == record.id])
        except NotResumable:  # a stage that never got an answer: it is in the chain with its input only
            inv = InvocationState(id=record.id, profile=profile, kind=record.kind, exit_policy=record.exit_policy,
                                  depth=record.depth, parent_id=record.parent_invocation_id)
        out.append(inv)
    return out


def _new_brief(stage: Stage, brief: dict[str, Any] | str | None) -> dict[str, Any]:
    old = dict(stage.brief or {})
    new = old if brief is None else ({**old, "objective": brief} if isinstance(brief, str) else dict(brief))
    try:
        validate_packet(new)
    except ToolError as exc:
        raise _refuse(codes.RUN_FORK_BRIEF_INVALID, exc.message) from None
    return new


def _check_target(runtime: ForkHost, at: int, previous: InvocationState | None, agent_id: str,
                  profiles: dict[str, AgentProfile], provider_for: ProviderFor, has_commit: bool) -> AgentProfile:
    target = profiles.get(agent_id)
    if target is None:
        raise _refuse(codes.RUN_UNKNOWN_AGENT, f"There is no agent '{agent_id}'.")
    if previous is None:
        if not target.run.direct_runnable:
            raise _refuse(codes.RUN_FORK_AGENT_NOT_TARGET,
                          f"{target.display_name} cannot start a run by itself, so it cannot take stage 1.")
    else:
        ns = cast(RunContext, SimpleNamespace(profiles=profiles, edges={}, enabled_now={}, user_context=None, run_id="",
                                              provider_for=provider_for,
                                              ledger=SimpleNamespace(has_commit=has_commit)))
        try:
            resolve_target(ns, previous.profile, agent_id, "handoff")
        except ToolError as exc:
            why = exc.message.split(". Use agent_list")[0].rstrip(".")
            raise _refuse(codes.RUN_FORK_AGENT_NOT_TARGET,
                          f"{target.display_name} cannot take over stage {at} from "
                          f"{previous.profile.display_name}: {why}.") from None
    if target.model.mode == "requiresConfiguration":
        raise _refuse(codes.RUN_AGENT_REQUIRES_CONFIGURATION,
                      f"'{agent_id}' has no model configured; bind it to a connection first.")
    try:
        provider_for(target)
    except ProviderError as exc:
        raise _refuse(exc.code, exc.message) from None
    return target


def _answer_message(runtime: ForkHost, run_id: str) -> str | None:
    """The chat answer the lineage commits to (a fork's commits are new versions of it)."""
    seen: set[str] = set()
    current: str | None = run_id
    while current is not None and current not in seen:
        seen.add(current)
        record = runtime.runs.run(current)
        if record is not None and record.message_id and runtime.chats.message(record.message_id) is not None:
            return record.message_id
        origin = fork_origin(runtime.runs, current)
        current = origin.run_id if origin else None
    return None


def _inherited_commits(runtime: ForkHost, earlier: list[Stage]) -> list[LedgerEntry]:
    ids = {s.invocation_id for s in earlier}
    out: list[LedgerEntry] = []
    for run_id in dict.fromkeys(s.run_id for s in earlier):
        for c in runtime.runs.commits(run_id):
            if c.invocation_id in ids:
                out.append(LedgerEntry(c.id, c.invocation_id, c.agent_id, c.path, c.message_id, c.version,
                                       INHERITED, c.content))
    return out


async def start_fork(runtime: ForkHost, request: ForkRequest, *, provider_for: ProviderFor,
                     profiles: dict[str, AgentProfile] | None = None, approver: Approver | None = None,
                     ) -> tuple[RunContext, asyncio.Task[RunStatus]]:
    """Checks the request, writes the fork and starts driving it; the host registers the task as its run."""
    _check_source(runtime, request.run_id)
    relay = stages(runtime.runs, request.run_id)
    stage = next((s for s in relay if s.number == request.at), None)
    if stage is None:
        raise _refuse(codes.RUN_FORK_STAGE_NOT_FOUND,
                      f"The run has no stage {request.at}; its stages are 1 to {len(relay)}." if relay
                      else "The run has no stage to rerun.")
    frozen = runtime.runs.run_input(request.run_id)
    chosen = _profiles(runtime, frozen, profiles)
    explore = bool(frozen.get("explore", False))
    earlier = [s for s in relay if s.number < stage.number]
    priors = _prior_states(runtime, earlier, chosen, explore)
    inherited = _inherited_commits(runtime, earlier)
    agent_id = request.agent_id or stage.agent_id
    previous = priors[-1] if priors and stage.number > 1 else None
    target = _check_target(runtime, stage.number, previous, agent_id, chosen, provider_for, bool(inherited))
    chat_input = ChatInput([Message.model_validate(m) for m in frozen.get("chatHistory", [])],
                           str(frozen.get("userText", "")), int(frozen.get("chatHistoryPinned", 0)))
    changes: dict[str, Any] = dict(request.changes)
    if agent_id != stage.agent_id:
        changes["agent"] = {"from": stage.agent_id, "to": agent_id}
    brief: dict[str, Any] | None = None
    prompt = chat_input.user_text
    if stage.number == 1:
        if isinstance(request.brief, dict):
            raise _refuse(codes.RUN_FORK_BRIEF_INVALID, "Stage 1 starts from the creator's message: give it as text.")
        if request.brief is not None and request.brief != prompt:
            if not request.brief.strip():
                raise _refuse(codes.RUN_EMPTY_PROMPT, "The message is empty.")
            prompt = request.brief
            changes["message"] = True
    else:
        brief = _new_brief(stage, request.brief)
        if brief != (stage.brief or {}):
            changes["brief"] = True
    for key in ("connection", "model"):
        if getattr(request, key):
            changes[key] = getattr(request, key)
    texts = {path: text for path, ref in sorted(stage.files.items())
             if (text := file_text(runtime.runs, ref, path)) is not None}
    if stage.number > 1:
        messages = _handoff_messages(priors, target, brief or {}, chat_input)
    else:
        messages = root_messages(chat_input.history, prompt, target.context.chat_history_messages,
                                 chat_input.pinned)
    return _create(runtime, request, stage, frozen, chosen, target, priors, inherited, messages, brief, prompt,
                   texts, changes, provider_for, approver)


def _handoff_messages(priors: list[InvocationState], target: AgentProfile, brief: dict[str, Any],
                      chat_input: ChatInput) -> list[Message]:
    options = effective(target, None, None)
    return handoff_input(priors, render_handoff_brief(brief), options.history_mode, options.remove_tool_items,
                         chat_input, target.context.chat_history_messages)


def _create(runtime: ForkHost, request: ForkRequest, stage: Stage, frozen: dict[str, Any],
            profiles: dict[str, AgentProfile], target: AgentProfile, priors: list[InvocationState],
            inherited: list[LedgerEntry], messages: list[Message], brief: dict[str, Any] | None, prompt: str,
            texts: dict[str, str], changes: dict[str, Any], provider_for: ProviderFor, approver: Approver | None,
            ) -> tuple[RunContext, asyncio.Task[RunStatus]]:
    source = runtime.runs.run(request.run_id)
    assert source is not None  # checked first
    run_id = new_id("run")
    root = runtime.workspace_dir(run_id)
    try:
        workspace = RunWorkspace(root)
        (root / "persist").mkdir(exist_ok=True)
        for path, text in texts.items():
            workspace.write_raw(path, text)
    except (OSError, ToolError) as exc:
        shutil.rmtree(root.parent, ignore_errors=True)
        raise _refuse(codes.RUN_STORAGE_UNWRITABLE, f"Cannot restore the run's files in {runtime.data_dir / 'runs'}: "
                      f"{getattr(exc, 'message', None) or exc}.") from None
    chat_id = source.chat_id
    chat = runtime.chats.chat(chat_id)
    answer = _answer_message(runtime, request.run_id)
    settings = RunSettings(max_total_rounds=int(frozen.get("settings", {}).get("maxTotalRounds",
                                                                               RunSettings().max_total_rounds)))
    origin = {"runId": request.run_id, "stage": stage.number}
    new_frozen = {**frozen, "userText": prompt, "rootAgentId": target.id, "regenerateOf": answer,
                  "profiles": {pid: p.to_json_dict() for pid, p in profiles.items()}, "forkedFrom": origin}
    ctx = RunContext(run_id=run_id, chat_id=chat_id, db=runtime.db, workspace=workspace, profiles=profiles,
                     provider_for=provider_for, bridge=runtime.bridge, chat_persist=runtime.chat_persist_dir(chat_id),
                     settings=settings)
    ctx.scheduler = runtime.scheduler_for(ctx)
    ctx.live = runtime.live_listeners()
    ctx.approver = approver
    ctx.chat_input = ChatInput(_frozen_history(frozen), prompt, int(frozen.get("chatHistoryPinned", 0)))
    ctx.explore = bool(frozen.get("explore", False))
    ctx.persona_name = str(frozen.get("personaName") or ctx.persona_name)
    ctx.ledger = CommitLedger(list(inherited))
    # a scene turn's fork is the same speaker's turn: what it may know stays as it was (docs/scenes.md)
    ctx.scene = SceneTurn.thawed(frozen["scene"]) if isinstance(frozen.get("scene"), dict) else None
    runtime._attach_project(ctx)
    first = stage.number == 1
    inv = InvocationState(
        id=new_id("inv"), profile=target, kind=InvocationKind.ROOT if first else InvocationKind.HANDOFF,
        exit_policy=ExitPolicy.RUN_FINISH_ALLOWED, depth=stage.depth, parent_id=None,
        incoming_task_id=None if first else new_id("handoff"), brief=brief, messages=messages,
        read_only=ctx.explore, input_count=0 if first else len(messages),
    )
    ctx.chain = [*priors, inv]
    if answer is not None:
        runtime.bridge.reply_targets[run_id] = answer
    stamp = now_iso()
    runtime.claim_run(run_id)
    try:
        with runtime.db.transaction() as tx:
            tx.insert(t.RunRow, id=run_id, chat_id=chat_id, root_profile_id=target.id,
                      kind=RUN_KIND_EXPLORE if ctx.explore else RUN_KIND_RELAY, status=RunStatus.CREATED.value,
                      user_text=prompt, input_json=json.dumps(new_frozen, ensure_ascii=False), created_at=stamp,
                      updated_at=stamp)
            tx.event(run_id, ev.RUN_FORKED, {"sourceRunId": request.run_id, "stage": stage.number,
                                             "sourceInvocationId": stage.invocation_id,
                                             "sourceAgentId": stage.agent_id, "agentId": target.id,
                                             "changes": changes})
            tx.event(run_id, ev.RUN_CREATED, {"chatId": chat_id, "chatName": chat.name if chat else "",
                                              "agentId": target.id, "userText": prompt, "forkedFrom": origin,
                                              **({"explore": True} if ctx.explore else {})})
            for path, text in texts.items():
                ref = stage.files[path]
                tx.event(run_id, ev.WORKSPACE_FILE_RESTORED, {"path": path, "fromRunId": ref[0],
                                                              "fromVersion": ref[1], "bytes": len(text.encode())})
            transitions.set_run_status(tx, ctx, RunStatus.RUNNING)
            transitions.create_invocation(tx, ctx, inv)
            if inv.incoming_task_id is not None:
                transitions.create_task(tx, ctx, task_id=inv.incoming_task_id,
                                        parent_id=priors[-1].id if priors else stage.invocation_id,
                                        child_id=inv.id, target_profile_id=target.id,
                                        continuation=TaskContinuation.TRANSFER_CONTROL,
                                        handle=f"stage-{inv.depth}", task=dict(brief or {}), tool_call_id=None)
    except BaseException:
        runtime.db.release_run(run_id)
        runtime.bridge.reply_targets.pop(run_id, None)
        raise
    task = asyncio.create_task(_drive(runtime, ctx, inv), name=f"run {run_id}")
    task.add_done_callback(lambda _t: runtime.release_run(ctx))
    ctx.main_task = task
    return ctx, task


def _frozen_history(frozen: dict[str, Any]) -> list[Message]:
    return [Message.model_validate(m) for m in frozen.get("chatHistory", [])]


async def _drive(runtime: ForkHost, ctx: RunContext, inv: InvocationState) -> RunStatus:
    ctx.started = True
    try:
        return await drive_chain(ctx, inv, start=True)
    finally:
        runtime.active.pop(ctx.run_id, None)
