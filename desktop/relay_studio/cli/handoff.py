"""``relay-studio chat handoff NAME``: a chat's handoff document, and the new chat it seeds.

There is no one to ask on a terminal: the document is printed and the new chat is started at once,
or, with ``--review-only``, the command stops after printing and nothing is created. Exit codes: 0
done, 2 refused by a guard (or bad usage), 3 failed or empty, 130 cancelled (Ctrl+C).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from relay_studio.domain.safe_text import for_terminal

if TYPE_CHECKING:  # light at import: the CLI's parser is built from here for --help and the window
    from relay_studio.runtime.engine import Runtime

EXIT_OK, EXIT_REFUSED, EXIT_FAILED, EXIT_CANCELLED = 0, 2, 3, 130


def add_handoff_parser(chat_sub: Any, common: argparse.ArgumentParser) -> None:
    handoff = chat_sub.add_parser(
        "handoff", parents=[common], help="write a handoff document for a chat and continue in a new chat")
    handoff.add_argument("name", help="the chat to hand off")
    handoff.add_argument("--focus", help="what the document should pay most attention to")
    handoff.add_argument("--to", dest="to", metavar="NEW", help="the new chat's name (default: NAME (continued))")
    handoff.add_argument("--agent", help="the agent that writes the document (default: the one that answered last)")
    handoff.add_argument("--profiles", type=Path, help="folder of *.json profiles loaded over the built-ins")
    handoff.add_argument("--script", type=Path, help="write it with the scripted provider and this script")
    handoff.add_argument("--connection", help="write it with this connection")
    handoff.add_argument("--model", help="with --connection: the model to use")
    handoff.add_argument("--review-only", action="store_true", help="print the document and stop; create nothing")
    handoff.add_argument("--json", action="store_true", help="print the outcome as one JSON object")


def run_chat_handoff(args: argparse.Namespace, runtime: Runtime,
                     provider_for: Callable[..., Any], out: TextIO | None = None, err: TextIO | None = None) -> int:
    import asyncio

    return asyncio.run(_handoff(args, runtime, provider_for, out or sys.stdout, err or sys.stderr))


async def _handoff(args: argparse.Namespace, runtime: Runtime, provider_for: Callable[..., Any], out: TextIO,
                   err: TextIO) -> int:
    import asyncio

    from relay_studio.cli.interrupt import install_interrupt as _install_interrupt
    from relay_studio.cli.interrupt import remove_interrupt as _remove_interrupt
    from relay_studio.runtime.session_handoff import HandoffOutcome, HandoffRefused

    try:
        handle = runtime.start_handoff(chat=args.name, project_id=getattr(args, "project_id", None),
                                       provider_for=provider_for, agent_id=args.agent,
                                       focus=args.focus)
    except HandoffRefused as exc:
        err.write(f"error: {for_terminal(exc.message, None)} [{exc.code}]\n")
        return EXIT_REFUSED
    loop = asyncio.get_running_loop()
    _install_interrupt(loop, lambda: runtime.cancel_handoff(handle.chat_id))
    err.write(f"Writing the handoff document for '{for_terminal(args.name, None)}'…\n")
    err.flush()
    try:
        draft = await handle.wait()
    finally:
        _remove_interrupt(loop)
    result: dict[str, Any] = {"outcome": draft.outcome.value, "runId": draft.run_id, "agentId": draft.agent_id,
                              "document": draft.document, "missingSections": draft.missing_sections,
                              "message": draft.summary, "newChat": None}
    code = {HandoffOutcome.CANCELLED: EXIT_CANCELLED, HandoffOutcome.FAILED: EXIT_FAILED,
            HandoffOutcome.EMPTY: EXIT_FAILED}.get(draft.outcome, EXIT_OK)
    if draft.outcome is HandoffOutcome.READY and not args.review_only:
        try:
            chat = runtime.accept_handoff(draft, name=args.to)
        except HandoffRefused as exc:
            result["message"], code = exc.message, EXIT_REFUSED
        else:
            result["newChat"] = {"id": chat.id, "name": chat.name}
            result["message"] = f"Started the new chat '{chat.name}', continued from '{args.name}'."
    if args.json:
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        return code
    if draft.document:
        out.write(for_terminal(draft.document.rstrip(), None, keep_lines=True) + "\n")
    if draft.missing_sections:
        err.write(f"The document lacks these sections: {', '.join(for_terminal(s) for s in draft.missing_sections)}.\n")
    err.write(("error: " if code else "") + for_terminal(result["message"], None) + "\n")
    return code
