"""The headless host: the same runtime as the window, driven from a terminal.

Exit codes: 0 completed, 2 bad usage or bad input (one line naming the problem, nothing written),
3 failed or interrupted, 4 partial success, 130 cancelled.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
from collections.abc import Awaitable, Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

import sqlalchemy.exc

from relay_studio.cli_interrupt import install_interrupt as _install_interrupt
from relay_studio.cli_interrupt import remove_interrupt as _remove_interrupt
from relay_studio.cli_library import run_library
from relay_studio.cli_parser import build_parser
from relay_studio.cli_projects import resolve_project, run_projects
from relay_studio.data_dir import default_data_dir
from relay_studio.domain import event_types as ev
from relay_studio.domain import json_input
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.events import Event
from relay_studio.domain.profile import AgentProfile, ProfileError, validate_catalog
from relay_studio.domain.records import HANDOFF_CONTEXT_ROLE
from relay_studio.domain.run_limits import DEFAULT_MAX_TOTAL_ROUNDS
from relay_studio.domain.safe_text import for_terminal as shown
from relay_studio.domain.secret_values import ScrubbedStream as _ScrubbedStream
from relay_studio.providers.base import ModelProvider
from relay_studio.providers.scripted import ScriptedProvider, ScriptError, load_script
from relay_studio.runtime.approval import Approver, approve_all, decline_all
from relay_studio.runtime.context import RunSettings
from relay_studio.runtime.demo import DEMO_AGENT, DEMO_PROMPT, demo_script_path
from relay_studio.runtime.engine import RunHandle, RunRequestError, Runtime
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.profile_catalog import load_dir, read_profile_file
from relay_studio.runtime.workspace import normalize
from relay_studio.store.data_folder import DATABASE_BUSY, DATABASE_DAMAGED, StoreError
from relay_studio.store.database import BUSY_TIMEOUT_MS
from relay_studio.store.leases import is_owned
from relay_studio.store.projects import ProjectError
from relay_studio.window_start import open_window as _open_window

EXIT_OK, EXIT_USAGE, EXIT_FAILED, EXIT_PARTIAL, EXIT_CANCELLED = 0, 2, 3, 4, 130
STATUS_EXIT = {
    RunStatus.COMPLETED: EXIT_OK,
    RunStatus.PARTIAL_SUCCESS: EXIT_PARTIAL,
    RunStatus.FAILED: EXIT_FAILED,
    RunStatus.INTERRUPTED: EXIT_FAILED,
    RunStatus.CANCELLED: EXIT_CANCELLED,
}


class UsageError(Exception):
    """Bad input: reported in one line, exit code 2."""


# -- run ------------------------------------------------------------------------------------------
def _provider_for(args: argparse.Namespace, runtime: Runtime, resume_counts: dict[str, int] | None = None
                  ) -> Callable[[AgentProfile], ModelProvider]:
    if args.script is not None:
        try:
            scripted = ScriptedProvider(load_script(args.script))
        except ScriptError as exc:
            raise UsageError(str(exc)) from None
        scripted.skip(resume_counts or {})  # a resumed run continues where its agents were
        return lambda _profile: scripted
    from relay_studio.providers.factory import CLI_ADD_HINT, ProfileProviders

    # Only the root's binding is checked at start (by the runtime); other profiles when chosen.
    return ProfileProviders(runtime.db, runtime.data_dir, add_hint=CLI_ADD_HINT, connection=args.connection,
                            model=args.model)


def _print_event(out: TextIO, event: Event) -> None:
    out.write(json.dumps(event.envelope(), ensure_ascii=out.isatty()) + "\n")
    out.flush()


def _human_progress(err: TextIO, event: Event) -> None:
    p = event.payload
    line = {
        ev.AGENT_INVOCATION_STARTED: lambda: f"▶ {shown(p.get('displayName'))} ({p.get('kind')})",
        ev.TOOL_CALL_COMPLETED: lambda: f"  · {shown(p.get('name'))}"
        + (f"  ✗ {p.get('errorCode')}" if p.get("isError") else ""),
        ev.AGENT_HANDOFF_ACCEPTED: lambda: f"  ⇒ handoff to {shown(p.get('targetDisplayName'))}",
        ev.CHAT_COMMIT_COMPLETED: lambda: "  ✓ "
        + _COMMIT_WORDS.get(str(p.get("marker")), f"committed {shown(p.get('path'))}")
        + f" (version {p.get('version')})",
        ev.MODEL_CALL_RETRY: lambda: f"  … retrying the model call in {p.get('delaySeconds')} s",
    }.get(event.type)
    if line is not None:
        err.write(line() + "\n")
        err.flush()


#: A chat version that is not a workspace_commit (``domain.enums.CommitMarker``), in the creator's words.
_COMMIT_WORDS = {"text_answer": "answered in plain text", "stopped": "kept what streamed before the stop"}


async def _run(args: argparse.Namespace, runtime: Runtime, extra: list[AgentProfile]) -> int:
    profiles = runtime.profiles()
    provider_for = _provider_for(args, runtime)
    return await _follow(args, runtime, lambda: runtime.start_run(
        agent_id=args.agent, prompt=args.prompt, provider_for=provider_for, chat=args.chat, profiles=profiles,
        settings=RunSettings(max_total_rounds=args.max_total_rounds), approver=_approver(args),
        project_id=args.project_id))


async def _resume(args: argparse.Namespace, runtime: Runtime) -> int:
    if args.run_id not in runtime.suspended:
        _need_run(runtime, args.run_id)
        if is_owned(runtime.data_dir, args.run_id):
            raise UsageError(f"Run '{args.run_id}' is being driven by another Relay Studio window or command; "
                             "it can be resumed once that one stops. [run.owned_elsewhere]")
        raise UsageError(f"Run '{args.run_id}' is not waiting to be resumed (only runs stopped while a change "
                         "waited for approval are).")
    provider_for = _provider_for(args, runtime, resume_counts=runtime.runs.model_calls_by_agent(args.run_id))
    return await _follow(args, runtime, lambda: runtime.resume_run(
        args.run_id, provider_for=provider_for, approver=_approver(args)))


def _approver(args: argparse.Namespace) -> Approver:
    return approve_all if args.approve == "all" else decline_all


async def _follow(args: argparse.Namespace, runtime: Runtime, start: Callable[[], Awaitable[RunHandle]]) -> int:
    """Starts (or resumes) a run, prints its journal as it becomes durable, and waits for its end."""
    out, err = sys.stdout, sys.stderr
    run_id_box: list[str] = []

    def on_event(event: Event) -> None:
        if run_id_box and event.run_id == run_id_box[0]:
            (_print_event(out, event) if args.jsonl else _human_progress(err, event))

    pending: list[Event] = []
    unsubscribe = runtime.subscribe(lambda e: pending.append(e) if not run_id_box else on_event(e))
    try:
        handle = await start()
    except RunRequestError as exc:
        unsubscribe()
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
    record = runtime.runs.run(handle.run_id)
    message = runtime.chats.message(record.message_id) if record and record.message_id else None
    if args.jsonl:
        result = {"type": "run_result", "runId": handle.run_id, "status": status.value,
                  "committedMessage": message.content if message else None}
        out.write(json.dumps(result, ensure_ascii=out.isatty()) + "\n")  # a terminal sees \u escapes only
    else:
        if message is not None:
            out.write(_text_for(out, message.content.rstrip()) + "\n")
        err.write(f"run {handle.run_id}: {status.value}"
                  + (f" ({record.error_code}: {record.error_message})" if record and record.error_code else "") + "\n")
    return STATUS_EXIT.get(status, EXIT_FAILED)


def _text_for(out: TextIO, text: str) -> str:
    """A long text (a message, a file) printed to a terminal shows escape sequences instead of obeying them."""
    return shown(text, None, keep_lines=True) if out.isatty() else text


# -- read-only commands ---------------------------------------------------------------------------
def _need_run(runtime: Runtime, run_id: str) -> None:
    if runtime.runs.run(run_id) is None:
        raise UsageError(f"There is no run '{run_id}'. 'relay-studio runs' lists them.")


def cmd_runs(args: argparse.Namespace, runtime: Runtime) -> int:
    runs = runtime.runs.runs()
    if args.json:
        print(json.dumps([r.model_dump(mode="json") for r in runs], ensure_ascii=False, indent=2))
    else:
        for r in runs:
            print(f"{r.id}  {r.status.value:<16} {shown(r.root_profile_id):<14} {r.created_at}  {r.user_text[:50]!r}")
    return EXIT_OK


def cmd_events(args: argparse.Namespace, runtime: Runtime) -> int:
    _need_run(runtime, args.run_id)
    for event in runtime.runs.iter_events(args.run_id, invocation_id=args.invocation):  # streamed, page by page
        if args.jsonl:
            _print_event(sys.stdout, event)
        else:
            extra = {k: v for k, v in event.payload.items() if k in ("agentId", "name", "errorCode", "path", "to")}
            detail = shown(json.dumps(extra, ensure_ascii=False), 400)
            print(f"{event.seq:>5} {event.timestamp} {event.type:<30} {detail}")
    return EXIT_OK


def cmd_turns(args: argparse.Namespace, runtime: Runtime) -> int:
    _need_run(runtime, args.run_id)
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
    _need_run(runtime, args.run_id)
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
    sys.stdout.write(_text_for(sys.stdout, target.read_text(encoding="utf-8")))
    return EXIT_OK


def cmd_chat_show(args: argparse.Namespace, runtime: Runtime) -> int:
    chat = runtime.chats.chat_by_name(args.name, args.project_id) or runtime.chats.chat(args.name)
    if chat is None:
        raise UsageError(f"There is no chat '{args.name}'.")
    messages = runtime.chats.messages(chat.id)
    if args.json:
        data = {"chat": chat.model_dump(mode="json"), "messages": [m.model_dump(mode="json") for m in messages]}
        print(json.dumps(data, ensure_ascii=sys.stdout.isatty(), indent=2))
        return EXIT_OK
    for parent in runtime.chats.continued_from(chat.id)[:1]:
        print(f"Continued from ← {shown(parent.name)}\n")
    for m in messages:
        who = "handoff document" if m.role == HANDOFF_CONTEXT_ROLE else shown(m.agent_name or m.role)
        version = f" (v{m.version})" if m.role == "assistant" else ""
        print(f"--- {who}{version}\n{_text_for(sys.stdout, m.content.rstrip())}\n")
    for child in runtime.chats.continuations(chat.id):
        print(f"Continued in → {shown(child.name)}")
    return EXIT_OK


def _read_profile(path: Path) -> AgentProfile:
    return read_profile_file(path)


def cmd_profiles(args: argparse.Namespace, runtime_factory: Callable[[], Runtime]) -> int:
    if args.profiles_command == "validate":
        profile = _read_profile(args.file)
        print(f"{args.file}: valid profile '{profile.id}' ({profile.display_name}).")
        return EXIT_OK
    if args.profiles_command == "import":
        profile = _read_profile(args.file)
        runtime = runtime_factory()
        problems = validate_catalog({**runtime.profiles(), profile.id: profile})
        if problems:
            raise ProfileError(problems, str(args.file))
        runtime.profile_store.save(profile)
        print(f"Imported '{profile.id}' ({profile.display_name}).")
        return EXIT_OK
    runtime = runtime_factory()
    profiles = runtime.profiles()
    if args.profiles_command == "export":
        found = profiles.get(args.id)
        if found is None:
            raise UsageError(f"There is no profile '{args.id}'.")
        print(json.dumps(found.to_json_dict(), ensure_ascii=False, indent=2))
        return EXIT_OK
    for p in profiles.values():
        flags = ("runnable " if p.run.direct_runnable else "") + ("callable" if p.delegation.callable else "")
        print(f"{p.id:<16} {p.display_name:<20} {p.model.mode:<22} {flags.strip()}")
    return EXIT_OK


def _report_profile_error(exc: ProfileError, err: TextIO) -> None:
    err.write(f"error: {exc}\n")
    for d in exc.diagnostics[1:]:
        err.write(f"  {d.path}: {d.message} [{d.code}]\n")


def main(argv: Sequence[str] | None = None) -> int:
    """The command: everything printed passes the secret scrubber; Ctrl+C at any moment exits 130."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _ScrubbedStream(out), _ScrubbedStream(err)
    try:
        return _main(argv)
    except KeyboardInterrupt:  # before the run's own handler is in place, or after it is gone
        return EXIT_CANCELLED
    finally:
        sys.stdout, sys.stderr = out, err


def _main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.smoke or args.command is None:
        return _open_window(args)
    data_dir: Path = args.data_dir or default_data_dir()
    opened: list[Runtime] = []
    # Only the commands that drive runs recover runs a dead process left; readers never touch a run.
    recover = args.command in ("run", "demo", "resume")

    def runtime_factory(extra: list[AgentProfile] | None = None) -> Runtime:
        runtime = Runtime(data_dir, extra_profiles=extra, recover=recover)
        opened.append(runtime)
        return runtime

    try:
        return _dispatch(args, runtime_factory)
    except StoreError as exc:
        sys.stderr.write(f"error: {exc.message} [{exc.code}]\n")
        return EXIT_FAILED
    except (sqlite3.DatabaseError, sqlalchemy.exc.DatabaseError) as exc:  # met past the checks made on opening
        sys.stderr.write(f"error: {_database_problem(data_dir, exc)}\n")
        return EXIT_FAILED
    except UsageError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return EXIT_USAGE
    except ProfileError as exc:
        _report_profile_error(exc, sys.stderr)
        return EXIT_USAGE
    finally:
        for runtime in opened:
            runtime.close()


def _database_problem(data_dir: Path, exc: Exception) -> str:
    detail = str(getattr(exc, "orig", None) or exc).splitlines()[0][:200]
    if "locked" in detail or "busy" in detail:
        return (f"The database in {data_dir} stayed locked by another Relay Studio process for over "
                f"{BUSY_TIMEOUT_MS // 1000} s ({detail}); try again. [{DATABASE_BUSY}]")
    return f"The database in {data_dir} is damaged ({detail}). [{DATABASE_DAMAGED}]"


def _dispatch(args: argparse.Namespace, runtime_factory: Callable[..., Runtime]) -> int:
    command = args.command
    if command == "projects":
        return run_projects(args, runtime_factory())
    if command == "library":
        return run_library(args, runtime_factory())
    if command in ("run", "demo"):
        if command == "demo":
            args.agent, args.prompt = DEMO_AGENT, DEMO_PROMPT
            args.script, args.connection, args.model, args.profiles = demo_script_path(), None, None, None
            args.approve, args.max_total_rounds = "none", DEFAULT_MAX_TOTAL_ROUNDS
        if args.script is not None:
            load_script_checked(args.script)
        extra = load_dir(args.profiles) if args.profiles else None
        runtime = runtime_factory(extra)
        args.project_id = _project_id(args, runtime)
        return asyncio.run(_run(args, runtime, extra or []))
    if command == "resume":
        if args.script is not None:
            load_script_checked(args.script)
        return asyncio.run(_resume(args, runtime_factory()))
    if command == "profiles":
        return cmd_profiles(args, runtime_factory)
    if command == "knowledge":
        from relay_studio.cli_knowledge import run_knowledge

        runtime = runtime_factory()
        return run_knowledge(args, runtime.db, runtime.data_dir)
    if command == "connections":
        from relay_studio.cli_connections import run_connections

        runtime = runtime_factory()
        return run_connections(args, runtime.db, runtime.data_dir)
    runtime = runtime_factory()
    handlers: dict[str, Callable[[argparse.Namespace, Runtime], int]] = {
        "runs": cmd_runs, "events": cmd_events, "turns": cmd_turns, "workspace": cmd_workspace,
    }
    if command == "chat":
        args.project_id = _project_id(args, runtime)
        if args.chat_command == "handoff":
            from relay_studio.cli_handoff import run_chat_handoff

            return run_chat_handoff(args, runtime, _provider_for(args, runtime))
        return cmd_chat_show(args, runtime)
    return handlers[command](args, runtime)


def _project_id(args: argparse.Namespace, runtime: Runtime) -> str:
    """The project ``--project`` names (the default project without it)."""
    try:
        return resolve_project(runtime, getattr(args, "project", None)).id
    except ProjectError as exc:
        raise UsageError(exc.message) from None


def load_script_checked(path: Path) -> Any:
    try:
        data = json_input.read_json(path, "script", json_input.MAX_SCRIPT_BYTES)
    except json_input.InputRejected as exc:
        raise UsageError(f"{exc.message} [{exc.code}]") from None
    try:
        return load_script(data)
    except ScriptError as exc:
        raise UsageError(str(exc)) from None
