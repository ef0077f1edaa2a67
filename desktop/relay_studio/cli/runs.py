"""Commands that drive a run (``run``, ``demo``, ``resume``) and those that read one back (``runs``,
``events``, ``turns``, ``workspace``)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Awaitable, Callable, Iterator
from functools import partial
from typing import Any, TextIO

from relay_studio.cli.exits import EXIT_FAILED, EXIT_OK, STATUS_EXIT, UsageError
from relay_studio.cli.interrupt import install_interrupt as _install_interrupt
from relay_studio.cli.interrupt import remove_interrupt as _remove_interrupt
from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.event_payloads import AgentInvocationStarted, UnknownEvent, typed
from relay_studio.domain.events import Event
from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.safe_text import for_terminal as shown
from relay_studio.providers.base import ModelProvider
from relay_studio.providers.scripted import ScriptedProvider, ScriptError, load_script
from relay_studio.runtime.approval import Approver, approve_all, approve_all_and_conflicts, decline_all
from relay_studio.runtime.context import RunSettings
from relay_studio.runtime.engine import RunHandle, RunRequestError, Runtime
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.explain import explain_lines, explain_run
from relay_studio.runtime.workspace import normalize
from relay_studio.store.leases import is_owned


def provider_for(args: argparse.Namespace, runtime: Runtime, resume_counts: dict[str, int] | None = None
                  ) -> Callable[[AgentProfile], ModelProvider]:
    if args.script is not None:
        try:
            scripted = ScriptedProvider(load_script(args.script))
        except ScriptError as exc:
            raise UsageError(str(exc)) from None
        scripted.skip(resume_counts or {})  # a resumed run continues where its agents were
        return lambda _profile: scripted
    from relay_studio.providers.factory import CLI_ADD_HINT, ProfileProviders
    from relay_studio.store.connections import ConnectionStore

    # Only the root's binding is checked at start (by the runtime); other profiles when chosen.
    return ProfileProviders(ConnectionStore(runtime.db), runtime.data_dir, add_hint=CLI_ADD_HINT,
                            connection=args.connection, model=args.model)


def _print_event(out: TextIO, event: Event) -> None:
    out.write(json.dumps(event.envelope(), ensure_ascii=out.isatty()) + "\n")
    out.flush()


def _human_progress(err: TextIO, event: Event) -> None:
    p = event.payload
    line = {
        ev.AGENT_INVOCATION_STARTED: lambda: _stage_started(event),
        ev.TOOL_CALL_COMPLETED: lambda: f"  · {shown(p.get('name'))}"
        + (f"  ✗ {p.get('errorCode')}" if p.get("isError") else ""),
        ev.AGENT_HANDOFF_ACCEPTED: lambda: f"  ⇒ handoff to {shown(p.get('targetDisplayName'))}",
        ev.CHAT_COMMIT_COMPLETED: lambda: "  ✓ "
        + _COMMIT_WORDS.get(str(p.get("marker")), f"committed {shown(p.get('path'))}")
        + f" (version {p.get('version')})",
        ev.MODEL_CALL_RETRY: lambda: f"  … retrying the model call in {p.get('delaySeconds')} s",
    }.get(event.type)
    if event.type == ev.TOOL_CALL_DENIED and p.get("errorCode") == codes.REVIEW_CONFLICT_UNAPPROVED:
        line = partial(_conflict_declined, p)  # a conflict is never passed silently: the creator reads why
    if line is not None:
        err.write(line() + "\n")
        err.flush()


def _stage_started(event: Event) -> str:
    started = typed(event)
    if not isinstance(started, AgentInvocationStarted):
        return f"▶ {shown(event.type)}"
    return f"▶ {shown(started.agent_name)} ({started.kind})"


def _conflict_declined(p: dict[str, Any]) -> str:
    return (f"  ✗ {shown(p.get('path') or p.get('tool'))}: not written, its review found conflicts (approve them "
            "with --approve-conflicts REASON)")


#: A chat version that is not a workspace_commit (``domain.enums.CommitMarker``), in the creator's words.
_COMMIT_WORDS = {"text_answer": "answered in plain text", "stopped": "kept what streamed before the stop"}


async def run(args: argparse.Namespace, runtime: Runtime, extra: list[AgentProfile]) -> int:
    approver = _approver(args)
    profiles = runtime.profiles()
    providers = provider_for(args, runtime)
    return await _follow(args, runtime, lambda: runtime.start_run(
        agent_id=args.agent, prompt=args.prompt, provider_for=providers, chat=args.chat, profiles=profiles,
        settings=RunSettings(max_total_rounds=args.max_total_rounds), approver=approver,
        project_id=args.project_id, explore=getattr(args, "explore", False)))  # demo has no --explore


async def resume(args: argparse.Namespace, runtime: Runtime) -> int:
    approver = _approver(args)
    if args.run_id not in runtime.suspended:
        need_run(runtime, args.run_id)
        if is_owned(runtime.data_dir, args.run_id):
            raise UsageError(f"Run '{args.run_id}' is being driven by another Relay Studio window or command; "
                             "it can be resumed once that one stops. [run.owned_elsewhere]")
        raise UsageError(f"Run '{args.run_id}' is not waiting to be resumed (only runs stopped while a change "
                         "waited for approval are).")
    providers = provider_for(args, runtime, resume_counts=runtime.runs.model_calls_by_agent(args.run_id))
    return await _follow(args, runtime, lambda: runtime.resume_run(
        args.run_id, provider_for=providers, approver=approver))


def _approver(args: argparse.Namespace) -> Approver:
    """``--approve none|all``, and ``--approve-conflicts REASON``: a write whose review found a conflict is
    approved only on the creator's explicit word, never by ``--approve all`` alone (seed 002)."""
    reason = getattr(args, "approve_conflicts", None)  # demo has no such option
    if reason is not None:
        if args.approve != "all":
            raise UsageError("--approve-conflicts needs --approve all: it approves conflicts besides the other "
                             "changes.")
        if not reason.strip():
            raise UsageError("--approve-conflicts needs the reason the creator approves conflicts for: the agent "
                             "reads it.")
        return approve_all_and_conflicts(reason)
    return approve_all if args.approve == "all" else decline_all


async def _follow(args: argparse.Namespace, runtime: Runtime, start: Callable[[], Awaitable[RunHandle]]) -> int:
    """Starts (or resumes) a run, prints its journal as it becomes durable, and waits for its end."""
    out, err = sys.stdout, sys.stderr
    run_id_box: list[str] = []

    def on_event(event: Event) -> None:
        if run_id_box and event.run_id == run_id_box[0]:
            (_print_event(out, event) if args.jsonl else _human_progress(err, event))

    from relay_studio.canon.after_commit import AfterCommitCheck

    after_commit = AfterCommitCheck(runtime.db)  # the project's "check continuity after each commit"
    pending: list[Event] = []
    unsubscribe = runtime.subscribe(lambda e: pending.append(e) if not run_id_box else on_event(e))
    try:
        handle = await start()
    except RunRequestError as exc:
        unsubscribe()
        after_commit.close()
        raise UsageError(f"{exc.message} [{exc.code}]") from None
    run_id_box.append(handle.run_id)
    for event in pending:
        on_event(event)
    loop = asyncio.get_running_loop()
    _install_interrupt(loop, lambda: runtime.cancel(handle.run_id))
    try:
        status = await handle.wait()
    finally:
        _remove_interrupt(loop)
        unsubscribe()
        await after_commit.idle()
        after_commit.close()
    found = sum(len(r.findings) for r in after_commit.reports)
    if found:  # advisory: the run's outcome and exit code stay what they were
        err.write(f"continuity: {found} findings after the commit ('relay-studio continuity check' lists them)\n")
    record = runtime.runs.run(handle.run_id)
    message = runtime.chats.message(record.message_id) if record and record.message_id else None
    if args.jsonl:
        result = {"type": "run_result", "runId": handle.run_id, "status": status.value,
                  "committedMessage": message.content if message else None}
        out.write(json.dumps(result, ensure_ascii=out.isatty()) + "\n")  # a terminal sees \u escapes only
    else:
        if message is not None:
            out.write(text_for(out, message.content.rstrip()) + "\n")
        # the failure's message may quote a model or a server (its own error text): escaped, like the answer
        failure = (f" ({record.error_code}: {shown(record.error_message, 2000)})"
                   if record and record.error_code else "")
        err.write(f"run {handle.run_id}: {status.value}{failure}\n")
    return STATUS_EXIT.get(status, EXIT_FAILED)


def text_for(out: TextIO, text: str) -> str:
    """A long text (a message, a file) printed to a terminal shows escape sequences instead of obeying them."""
    return shown(text, None, keep_lines=True) if out.isatty() else text


# -- read-only commands ---------------------------------------------------------------------------
def need_run(runtime: Runtime, run_id: str) -> None:
    if runtime.runs.run(run_id) is None:
        raise UsageError(f"There is no run '{run_id}'. 'relay-studio runs' lists them.")


def cmd_runs(args: argparse.Namespace, runtime: Runtime) -> int:
    runs = runtime.runs.runs_as_seen()  # a run whose owner is gone shows as interrupted; nothing is written
    if args.json:
        print(json.dumps([r.model_dump(mode="json") for r in runs], ensure_ascii=False, indent=2))
    else:
        for r in runs:
            print(f"{r.id}  {r.status.value:<16} {shown(r.root_profile_id):<14} {r.created_at}  {r.user_text[:50]!r}")
    return EXIT_OK


#: The payload fields a plain ``events`` line shows.
_EVENT_LINE_FIELDS = {"agent_id", "name", "error_code", "path", "to"}


def cmd_events(args: argparse.Namespace, runtime: Runtime) -> int:
    need_run(runtime, args.run_id)
    for event in runtime.runs.iter_events(args.run_id, invocation_id=args.invocation):  # streamed, page by page
        if args.jsonl:
            _print_event(sys.stdout, event)
        else:
            payload = typed(event)
            if isinstance(payload, UnknownEvent):  # a newer type, or a payload that does not fit its type
                extra = {"unread": payload.problem or "a type this version does not know"}
            else:
                extra = payload.model_dump(by_alias=True, exclude_none=True, include=_EVENT_LINE_FIELDS)
            detail = shown(json.dumps(extra, ensure_ascii=False), 400)
            print(f"{event.seq:>5} {event.timestamp} {event.type:<30} {detail}")
    return EXIT_OK


def cmd_turns(args: argparse.Namespace, runtime: Runtime) -> int:
    need_run(runtime, args.run_id)
    if getattr(args, "explain", False):
        return _explain(args, runtime)
    turns = runtime.runs.iter_model_turns(args.run_id)  # streamed: one call in memory at a time
    if args.json:
        _write_json_array(sys.stdout, turns)
        return EXIT_OK
    for turn in turns:
        response = turn["response"] or {}
        calls = ", ".join(shown(c["name"]) for c in response.get("tool_calls", [])) or "-"
        error = f"  error {turn['error']['code']}" if turn["error"] else ""
        print(f"{turn['agentId']:<12} #{turn['callIndex']:<3} {turn['elapsedMs'] or 0:8.1f} ms  tools: {calls}{error}")
    return EXIT_OK


def _explain(args: argparse.Namespace, runtime: Runtime) -> int:
    """``turns RUN --explain``: each request split by source (``runtime/explain.py``)."""
    explained = explain_run(runtime.runs, args.run_id)
    if args.json:
        _write_json_array(sys.stdout, (item.model_dump(mode="json") for item in explained))
        return EXIT_OK
    for item in explained:
        print("\n".join(shown(line, None) for line in explain_lines(item)))
    return EXIT_OK


def _write_json_array(out: TextIO, items: Iterator[Any]) -> None:
    """What ``json.dumps(list(items), indent=2)`` prints, written item by item."""
    first = True
    for item in items:
        out.write("[\n  " if first else ",\n  ")
        # a terminal sees \u escapes only, so model text cannot steer it
        out.write(json.dumps(item, ensure_ascii=out.isatty(), indent=2).replace("\n", "\n  "))
        first = False
    out.write("[]\n" if first else "\n]\n")


def cmd_workspace(args: argparse.Namespace, runtime: Runtime) -> int:
    need_run(runtime, args.run_id)
    root = runtime.workspace_dir(args.run_id)
    if args.path is None:
        for path in sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink()):
            print(shown(path.relative_to(root).as_posix(), 1024))
        return EXIT_OK
    try:
        rel = normalize(args.path)
    except ToolError as exc:
        raise UsageError(exc.message) from None
    target = root / rel
    if not target.is_file() or target.resolve().is_relative_to(root.resolve()) is False:
        raise UsageError(f"The run's workspace has no file '{rel}'.")
    sys.stdout.write(text_for(sys.stdout, target.read_text(encoding="utf-8")))
    return EXIT_OK

