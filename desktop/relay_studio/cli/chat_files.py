"""``chat export CHAT --format sillytavern [-o FILE]`` and ``chat import FILE...``: a chat as SillyTavern chat
JSONL and back (``library/sillytavern_chat.py``).

Exit codes: 0 done, 2 bad usage or input: an unknown chat, or a file that does not import (one line per
file on stderr naming the file, the line and the problem; that file imports nothing, the others do).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from relay_studio.cli.exits import EXIT_OK, EXIT_USAGE, UsageError
from relay_studio.cli.projects import project_option
from relay_studio.domain.safe_text import for_terminal

if TYPE_CHECKING:  # light at import: the CLI's parser is built from here for --help and the window
    from relay_studio.runtime.engine import Runtime

FORMATS = ("sillytavern",)


def add_chat_files_parsers(chat_sub: Any, common: argparse.ArgumentParser) -> None:
    export = chat_sub.add_parser("export", parents=[common], help="write a chat as a SillyTavern chat file (JSONL)")
    export.add_argument("name", metavar="CHAT", help="the chat's name (or id)")
    export.add_argument("--format", choices=FORMATS, default="sillytavern")
    export.add_argument("-o", "--out", type=Path, metavar="FILE", help="the file to write (default: stdout)")
    export.add_argument("--user-name", default="You", help="the name your messages carry in the file")
    project_option(export)
    imp = chat_sub.add_parser("import", parents=[common],
                              help="import SillyTavern chat files (JSONL) as new chats, swipes as versions")
    imp.add_argument("files", nargs="+", type=Path, metavar="FILE")
    imp.add_argument("--name", help="the new chat's name (one file only; default: the file's name)")
    imp.add_argument("--json", action="store_true", help="print what was imported as JSON")
    project_option(imp)


def run_chat_export(args: argparse.Namespace, runtime: Runtime) -> int:
    from relay_studio.library.sillytavern_chat import export_chat

    chat = runtime.chats.chat_by_name(args.name, args.project_id) or runtime.chats.chat(args.name)
    if chat is None:
        raise UsageError(f"There is no chat '{args.name}'.")
    text = export_chat(runtime.chats, chat, user_name=args.user_name)
    if args.out is None:
        sys.stdout.write(text + "\n")
        return EXIT_OK
    try:
        args.out.write_text(text, encoding="utf-8", newline="\n")
    except OSError as exc:
        raise UsageError(f"{args.out} could not be written ({exc.strerror or type(exc).__name__}).") from None
    print(f"Wrote '{for_terminal(chat.name, None)}' ({len(runtime.chats.messages(chat.id))} messages) to {args.out}.")
    return EXIT_OK


def run_chat_import(args: argparse.Namespace, runtime: Runtime) -> int:
    from relay_studio.library.entries import LibraryError
    from relay_studio.library.sillytavern_chat import import_parsed, parse_chat, read_chat_file

    if args.name is not None and len(args.files) > 1:
        raise UsageError("--name names one chat: import one file with it.")
    failed = 0
    report: list[dict[str, Any]] = []
    for path in args.files:
        try:
            parsed = parse_chat(read_chat_file(path), path.name)
            chat = import_parsed(runtime.chats, parsed, path.name, project_id=args.project_id, name=args.name)
        except LibraryError as exc:
            failed += 1
            sys.stderr.write(f"error: {for_terminal(exc.message, None)} [{exc.code}]\n")
            report.append({"file": str(path), "error": exc.code, "message": exc.message})
            continue
        count = len(runtime.chats.messages(chat.id))
        report.append({"file": str(path), "chat": {"id": chat.id, "name": chat.name}, "messages": count,
                       "hiddenCharacters": parsed.hidden})
        if not args.json:
            print(f"{for_terminal(path.name, None)}: imported as the chat '{for_terminal(chat.name, None)}' "
                  f"({count} messages).")
            if parsed.hidden:
                print(f"{for_terminal(path.name, None)}: removed {parsed.hidden} hidden characters from the "
                      "messages (the file keeps them).")
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    return EXIT_USAGE if failed else EXIT_OK
