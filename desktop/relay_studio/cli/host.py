"""The headless host: parses the command line, opens the runtime on the data folder, hands the command to
its module, and turns what went wrong into one line and an exit code (``cli.exits``)."""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

import sqlalchemy.exc

from relay_studio.cli.arguments import check_text_arguments
from relay_studio.cli.chats import cmd_chat_show
from relay_studio.cli.exits import EXIT_CANCELLED, EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError
from relay_studio.cli.interrupt import CANCELLED_SENTENCE
from relay_studio.cli.library import run_library
from relay_studio.cli.parser import build_parser
from relay_studio.cli.persona import cmd_persona
from relay_studio.cli.profiles import cmd_profiles
from relay_studio.cli.projects import resolve_project, run_projects
from relay_studio.cli.runs import cmd_events, cmd_runs, cmd_turns, cmd_workspace, provider_for, resume, run
from relay_studio.cli.streams import OneLineStream
from relay_studio.data_dir import default_data_dir
from relay_studio.domain import json_input
from relay_studio.domain.error_codes import INPUT_UNREADABLE
from relay_studio.domain.profile import AgentProfile, ProfileError
from relay_studio.domain.run_limits import DEFAULT_MAX_TOTAL_ROUNDS
from relay_studio.domain.safe_text import for_terminal
from relay_studio.domain.secret_values import ScrubbedStream as _ScrubbedStream
from relay_studio.providers.scripted import ScriptError, load_script
from relay_studio.runtime.demo import DEMO_AGENT, DEMO_PROMPT, demo_script_path
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.profile_catalog import load_dir
from relay_studio.store.data_folder import (
    DATABASE_BUSY,
    DATABASE_DAMAGED,
    DISK_FULL,
    StoreError,
    disk_full_message,
    is_disk_full,
)
from relay_studio.store.database import BUSY_TIMEOUT_MS
from relay_studio.store.projects import ProjectError
from relay_studio.window_start import open_window as _open_window

#: how many more of a profile's problems its one error line names
MORE_PROBLEMS = 4


def _report_profile_error(exc: ProfileError, err: TextIO) -> None:
    """One line: the first problem, then up to ``MORE_PROBLEMS`` others and how many are left."""
    rest = [f"{d.path}: {d.message} [{d.code}]" for d in exc.diagnostics[1:]]
    also = "; ".join(rest[:MORE_PROBLEMS]) + (f"; and {len(rest) - MORE_PROBLEMS} more" if len(rest) > MORE_PROBLEMS
                                              else "")
    err.write(f"error: {exc}" + (f" (also: {also})" if rest else "") + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    """The command: everything printed passes the secret scrubber; Ctrl+C at any moment exits 130."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _ScrubbedStream(out), OneLineStream(err)
    try:
        return _main(argv)
    except KeyboardInterrupt:  # before the run's own handler is in place, or after it is gone
        sys.stderr.write(CANCELLED_SENTENCE + "\n")
        return EXIT_CANCELLED
    except BrokenPipeError:  # the reader went away (``| head -1``): it asked for no more, so end quietly
        _silence(out)
        return EXIT_OK
    finally:
        sys.stdout, sys.stderr = out, err


def _silence(stream: TextIO) -> None:
    """Points a closed pipe's descriptor at the null device, so flushing it at exit raises nothing more."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (a test's capture): nothing is flushed at exit
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)


def _main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.smoke or args.command is None:
        return _open_window(args)
    try:
        check_text_arguments(args)
    except UsageError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return EXIT_USAGE
    data_dir: Path = args.data_dir or default_data_dir()
    opened: list[Runtime] = []
    # Only the commands that drive runs recover runs a dead process left; readers never touch a run.
    recover = (args.command in ("run", "demo", "resume") or getattr(args, "runs_command", None) == "fork"
               or getattr(args, "scene_command", None) == "say")

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
    except BrokenPipeError:  # the reader went away: ``main`` ends quietly
        raise
    except OSError as exc:  # a path given that the system refuses (too long a name, a loop of links …)
        if is_disk_full(exc, data_dir):
            sys.stderr.write(f"error: {disk_full_message(data_dir)} [{DISK_FULL}]\n")
            return EXIT_FAILED
        sys.stderr.write(f"error: {_path_problem(exc)} [{INPUT_UNREADABLE}]\n")
        return EXIT_USAGE
    finally:
        for runtime in opened:
            runtime.close()


def _path_problem(exc: OSError) -> str:
    what = for_terminal(os.fsdecode(exc.filename), 200) if exc.filename is not None else "a file it names"
    return f"The command cannot use {what}: {exc.strerror or type(exc).__name__}."


def _database_problem(data_dir: Path, exc: Exception) -> str:
    if is_disk_full(exc, data_dir):
        return f"{disk_full_message(data_dir)} [{DISK_FULL}]"
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
    if command == "canon":
        from relay_studio.cli.canon import run_canon

        return run_canon(args, runtime_factory())
    if command == "scene":
        from relay_studio.cli.scenes import run_scene

        if getattr(args, "script", None) is not None:
            load_script_checked(args.script)
        return run_scene(args, runtime_factory())
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
        return asyncio.run(run(args, runtime, extra or []))
    if command == "runs" and getattr(args, "runs_command", None) in ("show", "fork"):
        from relay_studio.cli.fork import cmd_runs_fork, cmd_runs_show

        if args.runs_command == "show":
            return cmd_runs_show(args, runtime_factory())
        if args.script is not None:
            load_script_checked(args.script)
        extra = load_dir(args.profiles) if args.profiles else None
        return cmd_runs_fork(args, runtime_factory(extra), extra or [])
    if command == "resume":
        if args.script is not None:
            load_script_checked(args.script)
        return asyncio.run(resume(args, runtime_factory()))
    if command == "profiles":
        return cmd_profiles(args, runtime_factory)
    if command == "knowledge":
        from relay_studio.cli.knowledge import run_knowledge

        runtime = runtime_factory()
        return run_knowledge(args, runtime.db, runtime.data_dir)
    if command == "connections":
        from relay_studio.cli.connections import run_connections

        runtime = runtime_factory()
        return run_connections(args, runtime.db, runtime.data_dir)
    if command == "chat" and args.chat_command == "handoff":
        from relay_studio.cli.handoff import run_chat_handoff

        if args.script is not None:
            load_script_checked(args.script)
        runtime = runtime_factory(load_dir(args.profiles) if args.profiles else None)  # as `run` loads them
        args.project_id = _project_id(args, runtime)
        return run_chat_handoff(args, runtime, provider_for(args, runtime))
    if command == "forecast":
        from relay_studio.cli.forecast import cmd_forecast

        return cmd_forecast(args, runtime_factory())
    runtime = runtime_factory()
    handlers: dict[str, Callable[[argparse.Namespace, Runtime], int]] = {
        "runs": cmd_runs, "events": cmd_events, "turns": cmd_turns, "workspace": cmd_workspace,
        "persona": cmd_persona,
    }
    if command == "continuity":
        from relay_studio.cli.continuity import run_continuity

        args.project_id = _project_id(args, runtime)
        return run_continuity(args, runtime)
    if command == "export":
        from relay_studio.cli.export import run_export

        args.project_id = _project_id(args, runtime)
        return run_export(args, runtime)
    if command == "chat":
        args.project_id = _project_id(args, runtime)
        if args.chat_command in ("export", "import"):
            from relay_studio.cli.chat_files import run_chat_export, run_chat_import

            return (run_chat_export if args.chat_command == "export" else run_chat_import)(args, runtime)
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
