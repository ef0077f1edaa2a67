"""``relay-studio export CHAT --format docx|epub|md|txt --out FILE``: a chat's answers as a manuscript
(``relay_studio/manuscript/``, ``docs/export.md``); ``--run RUN_ID`` instead of CHAT exports that run's
``output/`` files.

Exit codes: 0 written, 2 bad usage or input, one line on stderr naming the problem and its code: a chat (or
run) that does not exist, one with no answers, a path that cannot be written. Nothing is half-written: the
file appears complete or not at all.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from relay_studio.cli.exits import EXIT_OK, UsageError
from relay_studio.cli.projects import project_option

if TYPE_CHECKING:  # light at import: the CLI's parser is built from here for --help and the window
    from relay_studio.runtime.engine import Runtime

FORMATS = ("docx", "epub", "md", "txt")  # manuscript.export.FORMATS, spelled here to keep --help light
PRESETS = ("manuscript", "book")


def add_export_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    export = sub.add_parser("export", parents=[common],
                            help="write a chat's answers as a manuscript: DOCX, EPUB 3, Markdown or plain text")
    export.add_argument("name", nargs="?", metavar="CHAT", help="the chat's name (or id)")
    export.add_argument("--run", metavar="RUN_ID", help="export this run's output/ files instead of a chat")
    export.add_argument("--format", choices=FORMATS, help="the file's format (default: from --out's suffix)")
    export.add_argument("--out", "-o", type=Path, required=True, metavar="FILE", help="the file to write")
    export.add_argument("--preset", choices=PRESETS, default="manuscript",
                        help="DOCX only: 'manuscript' (standard manuscript format: 12 pt, double spacing, 1-inch "
                             "margins, running header) or 'book' (Heading styles); default manuscript")
    export.add_argument("--title", help="the book's title (default: the chat's name)")
    export.add_argument("--author", default="", help="the author's name (title page, header, metadata)")
    export.add_argument("--language", metavar="L",
                        help="the book's language as a BCP 47 tag, e.g. en, de, zh, ja (default: from the text)")
    export.add_argument("--json", action="store_true", help="print what was written as JSON")
    project_option(export)


#: the exit code of a command ended by SIGTERM (128 + 15, as a shell reports it)
EXIT_TERMINATED = 143


@contextlib.contextmanager
def terminated_cleanly() -> Iterator[None]:
    """While the file is written, SIGTERM (``kill``) ends the command through Python, so the temporary
    ``.part`` file is removed on the way out (``atomic_file``); a killed export left it 14 times in 20
    (issue 39). SIGKILL cannot be caught: the next export to the target removes what that leaves."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(_signum: int, _frame: FrameType | None) -> None:
        raise SystemExit(EXIT_TERMINATED)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_export(args: argparse.Namespace, runtime: Runtime) -> int:
    from relay_studio.domain import error_codes as codes
    from relay_studio.domain.safe_text import for_terminal
    from relay_studio.manuscript import ExportError, build, export, format_for, output_answers
    from relay_studio.manuscript.sources import chat_manuscript, find_chat

    def fail(code: str, message: str) -> UsageError:
        return UsageError(f"{message} [{code}]")

    fmt = args.format or format_for(args.out)
    if fmt is None:
        raise UsageError(f"Say which format to write with --format ({', '.join(FORMATS)}): "
                         f"'{args.out.name}' does not tell.")
    if (args.name is None) == (args.run is None):
        raise UsageError("Name a chat to export, or a run with --run (not both).")
    source: dict[str, Any]
    if args.run is not None:
        if runtime.runs.run(args.run) is None:
            raise fail(codes.EXPORT_UNKNOWN_RUN, f"There is no run '{args.run}'. 'relay-studio runs' lists them.")
        answers = output_answers(runtime.workspace_dir(args.run) / "output")
        if not answers:
            raise fail(codes.EXPORT_NO_ANSWERS, f"The run '{args.run}' has no text files under output/ to export.")
        source = {"run": args.run}
        manuscript = build(answers, title=args.title or args.run, author=args.author, language=args.language or "")
    else:
        try:
            chat = find_chat(runtime.chats, args.name, args.project_id)
            manuscript = chat_manuscript(runtime.chats, chat, title=args.title, author=args.author,
                                         language=args.language or "")
        except ExportError as exc:
            raise fail(exc.code, exc.message) from None
        source = {"chat": {"id": chat.id, "name": chat.name}}
    try:
        with terminated_cleanly():
            result = export(manuscript, args.out, fmt, preset=args.preset)
    except ExportError as exc:
        raise fail(exc.code, exc.message) from None
    if args.json:
        print(json.dumps({**source, "file": str(result.path), "format": fmt,
                          "preset": args.preset if fmt == "docx" else None, "title": manuscript.title,
                          "author": manuscript.author, "language": manuscript.language,
                          "chapters": [c.title for c in manuscript.chapters], "words": result.words,
                          "bytes": result.bytes}, ensure_ascii=sys.stdout.isatty(), indent=2))
        return EXIT_OK
    print(f"Wrote '{for_terminal(manuscript.title, None)}' ({_counted(result.chapters, 'chapter')}, "
          f"{_counted(result.words, 'word')}) to {args.out}.")
    return EXIT_OK


def _counted(n: int, noun: str) -> str:
    """"1 chapter", "2 chapters", "1,200 words"."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"
