"""The ``relay-studio`` command line: its arguments and sub-commands, and nothing that runs them.

Kept light on purpose: ``--help``, ``--version`` and a mistyped argument are answered, and the window
is started, before the runtime, pydantic models or SQLAlchemy are imported (``launch.py`` parses with
it first). The sub-command modules keep their heavy imports inside the functions that run them.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from relay_studio import __version__


def _positive_int(text: str) -> int:
    """A count limit from the command line: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is below 1; a limit must be at least 1")
    return value


def approve_conflicts_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--approve-conflicts", metavar="REASON",
                        help="with --approve all: approve a write whose review found a conflict too, for this "
                             "reason (the agent reads it, as from the window's \"Approve anyway\")")


class _OneLineParser(argparse.ArgumentParser):
    """A command line argparse refuses is one line and exit 2, as every other refusal (issue 39), with a
    pointer to the command's help instead of its whole usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {self.prog}: {message} (see '{self.prog} --help')\n")


class _NotTheWindow(Exception):
    """The command line asks for more than the window: the full parser answers it."""


class _WindowParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _NotTheWindow(message)


def parse_window_args(argv: Sequence[str]) -> argparse.Namespace | None:
    """The arguments of a window start (no command, no ``--help``), parsed without building the
    sub-commands; None when ``argv`` asks for anything else, which ``build_parser`` then answers (its
    help, its errors). The window's first paint waits for this parse, not for the whole command line."""
    parser = _WindowParser(prog="relay-studio", add_help=False)
    parser.add_argument("--data-dir", type=Path)
    _add_window_options(parser)
    try:
        args, rest = parser.parse_known_args(list(argv))
    except _NotTheWindow:
        return None
    if rest:
        return None
    args.command = None
    return args


def _add_window_options(parser: argparse.ArgumentParser) -> None:
    """The options before any command: the version, and those of the window."""
    parser.add_argument("--version", action="version", version=f"relay-studio {__version__}")
    parser.add_argument("--smoke", action="store_true",
                        help="start the window offscreen, run the demo chat, check it was drawn, exit 0")
    window = parser.add_argument_group("the window (no COMMAND)")
    window.add_argument("--screenshot", type=Path, metavar="FILE",
                        help="open the window, save a PNG of it once drawn, and exit")
    window.add_argument("--chat", dest="window_chat", metavar="NAME", help="open the window on this chat")
    window.add_argument("--run", dest="window_run", metavar="RUN_ID", help="open the window on this run's timeline")
    window.add_argument("--demo-approval", action="store_true",
                        help="run the demo relay with the editor asking before it changes the draft; with "
                             "--screenshot, the picture shows the patch dialog")


@functools.cache
def build_parser() -> argparse.ArgumentParser:
    """The CLI's parser, built once per process (about 25 ms: argparse looks up its own messages'
    translations for each of the ~200 options); parsing never changes it, so a host that calls
    ``main`` again (the Python API, the tests) reuses it."""
    from relay_studio.cli.library import add_library_parser
    from relay_studio.cli.projects import add_projects_parser, project_option
    from relay_studio.domain.run_limits import DEFAULT_MAX_TOTAL_ROUNDS

    top = _OneLineParser(add_help=False)
    top.add_argument("--data-dir", type=Path, help="where chats, runs and settings live")
    # The sub-commands accept --data-dir too, but must not reset a value given before them (their own
    # default would overwrite it): SUPPRESS leaves the attribute alone unless given there.
    common = _OneLineParser(add_help=False)
    common.add_argument("--data-dir", type=Path, default=argparse.SUPPRESS, help="where chats, runs and settings live")
    parser = _OneLineParser(
        prog="relay-studio",
        description="Relay Studio: write with several AI agents.",
        parents=[top],
    )
    _add_window_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    run = sub.add_parser("run", parents=[common], help="start a run and wait for its end")
    run.add_argument("--agent", required=True, help="the root agent's profile id")
    run.add_argument("--prompt", required=True, help="the creator's message")
    run.add_argument("--chat", default="default", help="chat name (created when new)")
    run.add_argument("--explore", action="store_true",
                     help="an exploration: a new chat whose runs only read (files, story library, knowledge) and "
                          "answer in plain text; every change is refused (e.g. --agent explorer)")
    project_option(run)
    run.add_argument("--profiles", type=Path, help="folder of *.json profiles loaded over the built-ins")
    run.add_argument("--script", type=Path, help="bind every profile to the scripted provider with this script")
    run.add_argument("--connection", help="bind every profile to this connection")
    run.add_argument("--model", help="with --connection: the model to use")
    run.add_argument("--jsonl", action="store_true", help="print each journal event as one JSON line")
    run.add_argument("--max-total-rounds", type=_positive_int, default=DEFAULT_MAX_TOTAL_ROUNDS,
                     help="model rounds the whole run may take, across every stage "
                          f"(default {DEFAULT_MAX_TOTAL_ROUNDS})")
    run.add_argument("--approve", choices=["none", "all"], default="none",
                     help="answer to changes a profile wants approved (tools.requireApproval); default: decline. "
                          "'all' never approves a write whose review found a conflict (review.conflict_unapproved)")
    approve_conflicts_option(run)

    resume = sub.add_parser("resume", parents=[common],
                            help="continue a run that stopped while a change waited for approval")
    resume.add_argument("run_id")
    resume.add_argument("--script", type=Path, help="bind every profile to the scripted provider with this script")
    resume.add_argument("--connection", help="bind every profile to this connection")
    resume.add_argument("--model", help="with --connection: the model to use")
    resume.add_argument("--jsonl", action="store_true", help="print each journal event as one JSON line")
    resume.add_argument("--approve", choices=["none", "all"], default="none",
                        help="answer to the waiting change and later ones; default: decline")
    approve_conflicts_option(resume)

    demo = sub.add_parser("demo", parents=[common], help="run the offline writer -> editor -> finalizer demo")
    demo.add_argument("--jsonl", action="store_true")
    demo.add_argument("--chat", default="Demo relay")
    project_option(demo)

    persona = sub.add_parser("persona", parents=[common],
                             help="show or set your name in stories (what {{user}} in SillyTavern cards becomes)")
    persona.add_argument("name", nargs="?", help="the new name (an empty one gives back the default, User)")
    runs = sub.add_parser("runs", parents=[common], help="list runs; show a run's stages; rerun one from a stage")
    runs.add_argument("--json", action="store_true")
    from relay_studio.cli.fork import add_runs_subcommands

    add_runs_subcommands(runs, common)

    events = sub.add_parser("events", parents=[common], help="print a run's journal")
    events.add_argument("run_id")
    events.add_argument("--invocation")
    events.add_argument("--jsonl", action="store_true")

    turns = sub.add_parser("turns", parents=[common], help="print a run's model calls")
    turns.add_argument("run_id")
    turns.add_argument("--json", action="store_true")
    turns.add_argument("--explain", action="store_true",
                       help="each request split by source (system prompt, library entries, history, ...) with tokens")

    forecast = sub.add_parser("forecast", parents=[common],
                              help="the tokens (and cost, where the connection has prices) a run would take")
    forecast.add_argument("text", help="the message the run would answer")
    forecast.add_argument("--agent", required=True, help="the root agent's profile id")
    forecast.add_argument("--chat", help="the chat the run would continue (its history counts)")
    forecast.add_argument("--connection", help="bind every profile to this connection")
    forecast.add_argument("--model", help="with --connection: the model to use")
    forecast.add_argument("--json", action="store_true")

    ws = sub.add_parser("workspace", parents=[common], help="list a run's workspace or print a file")
    ws.add_argument("run_id")
    ws.add_argument("path", nargs="?")

    chat = sub.add_parser("chat", parents=[common], help="chats")
    chat_sub = chat.add_subparsers(dest="chat_command", required=True)
    show = chat_sub.add_parser("show", parents=[common], help="print a chat")
    show.add_argument("name")
    show.add_argument("--json", action="store_true")
    project_option(show)
    from relay_studio.cli.handoff import add_handoff_parser

    add_handoff_parser(chat_sub, common)
    project_option(chat_sub.choices["handoff"])
    from relay_studio.cli.chat_files import add_chat_files_parsers

    add_chat_files_parsers(chat_sub, common)
    add_projects_parser(sub, common)
    add_library_parser(sub, common)
    from relay_studio.cli.canon import add_canon_parser

    add_canon_parser(sub, common)
    from relay_studio.cli.scenes import add_scene_parser

    add_scene_parser(sub, common)
    from relay_studio.cli.export import add_export_parser

    add_export_parser(sub, common)
    from relay_studio.cli.continuity import add_continuity_parser

    add_continuity_parser(sub, common)

    profiles = sub.add_parser("profiles", parents=[common], help="agent profiles")
    prof_sub = profiles.add_subparsers(dest="profiles_command", required=True)
    prof_sub.add_parser("list", parents=[common], help="list profiles")
    validate = prof_sub.add_parser("validate", parents=[common], help="check a profile file")
    validate.add_argument("file", type=Path)
    imp = prof_sub.add_parser("import", parents=[common], help="validate and store a profile")
    imp.add_argument("file", type=Path)
    exp = prof_sub.add_parser("export", parents=[common], help="print a profile as portable JSON")
    exp.add_argument("id")

    try:
        from relay_studio.cli.connections import add_connections_parser
    except ImportError:  # pragma: no cover - the connections module ships with the providers
        pass
    else:
        add_connections_parser(sub)
    from relay_studio.cli.knowledge import add_knowledge_parser

    add_knowledge_parser(sub)
    return parser
