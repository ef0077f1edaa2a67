"""``relay-studio canon list|add|pin|unpin|retire|accept|reject|accept-proposals --project NAME [--json]``: a
project's canon.

Exit codes: 0 done, 2 bad usage or input (one line on stderr naming the problem, with its code; nothing written).
docs/canon.md, "The CLI and the Python API".
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from relay_studio.cli.projects import project_option
from relay_studio.domain.safe_text import for_terminal

if TYPE_CHECKING:  # light at import: the CLI's parser is built from here for --help and the window
    from relay_studio.domain.canon import CanonFact
    from relay_studio.runtime.engine import Runtime
    from relay_studio.store.project_canon import ProjectCanon

EXIT_OK, EXIT_USAGE = 0, 2


def add_canon_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    canon = subparsers.add_parser("canon", parents=[common], help="the canon of a project: facts every agent keeps")
    sub = canon.add_subparsers(dest="canon_command", required=True)

    def action(name: str, help_text: str) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = sub.add_parser(name, parents=[common], help=help_text)
        project_option(parser)
        parser.add_argument("--json", action="store_true", help="print the result as JSON")
        return parser

    listing = action("list", "list the facts with their handles")
    listing.add_argument("--status", choices=["proposed", "active", "retired", "rejected"])
    listing.add_argument("--pinned", action="store_true", help="only the pinned facts every prompt holds")
    add = action("add", "add a fact")
    add.add_argument("text", help="the fact as one short statement, word for word as agents will read it")
    add.add_argument("--about", action="append", required=True, metavar="ENTRY",
                     help="a story-library entry it is about (repeat)")
    add.add_argument("--attribute", help="the attribute it gives a value (with --value), e.g. eyes")
    add.add_argument("--value", help="the attribute's value, e.g. green")
    add.add_argument("--as-of", type=int, metavar="N", help="the chapter from which it holds (the chat's N-th answer)")
    add.add_argument("--pin", action="store_true", help="put it in every prompt of the project")
    add.add_argument("--source-chat", metavar="CHAT", help="the chat it comes from")
    add.add_argument("--quote", help="with --source-chat: the exact words it rests on")
    for name, text in (("pin", "put a fact in every prompt"), ("unpin", "take a fact out of every prompt"),
                       ("retire", "take a fact out of the canon (its history is kept)"),
                       ("accept", "accept an agent's proposal"), ("reject", "turn down an agent's proposal")):
        action(name, text).add_argument("handle", help="the fact's handle, e.g. f12")
    accepting = action("accept-proposals", "whether agents' proposed facts join the canon at once (without a state: "
                                           "say which)")
    accepting.add_argument("state", nargs="?", choices=("on", "off"))


def shown(text: object) -> str:
    return for_terminal(text, None)


def fact_json(fact: CanonFact) -> dict[str, Any]:
    return fact.model_dump(mode="json")


def fact_line(fact: CanonFact) -> str:
    pin = "pinned" if fact.pinned else "-"
    about = ", ".join(shown(a) for a in fact.about)
    pair = f" [{shown(fact.attribute)} = {shown(fact.value)}]" if fact.attribute else ""
    since = f" (from chapter {fact.as_of})" if fact.as_of else ""
    return f"{fact.handle}\t{fact.status.value}\t{pin}\t{about}\t{shown(fact.text)}{pair}{since}"


def _print(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2) if args.json else text)


def project_canon(runtime: Runtime, project: str | None) -> ProjectCanon:
    from relay_studio.store.canon import CanonStore
    from relay_studio.store.project_canon import ProjectCanon

    return ProjectCanon(CanonStore(runtime.db), runtime.chats, runtime.projects.resolve(project).id)


def run_canon(args: argparse.Namespace, runtime: Runtime) -> int:
    from relay_studio.store.canon import CanonError
    from relay_studio.store.projects import ProjectError

    try:
        return _run(args, project_canon(runtime, args.project))
    except (ProjectError, CanonError) as exc:
        sys.stderr.write(f"error: {shown(exc.message)} [{exc.code}]\n")
        return EXIT_USAGE


def _run(args: argparse.Namespace, canon: ProjectCanon) -> int:
    from relay_studio.domain.canon import FactStatus

    command = args.canon_command
    if command == "accept-proposals":
        return _accept_proposals(args, canon)
    if command == "list":
        facts = canon.facts(status=FactStatus(args.status) if args.status else None, pinned_only=args.pinned)
        _print(args, [fact_json(f) for f in facts], "\n".join(fact_line(f) for f in facts) or "The canon is empty.")
        return EXIT_OK
    if command == "add":
        fact = canon.add(args.text, args.about, attribute=args.attribute, value=args.value, as_of=args.as_of,
                         pin=args.pin, source_chat=args.source_chat, quote=args.quote)
        _print(args, fact_json(fact), f"Added {fact.handle}{' (pinned)' if fact.pinned else ''}: {shown(fact.text)}")
        return EXIT_OK
    change = {"pin": canon.pin, "unpin": canon.unpin, "retire": canon.retire, "accept": canon.accept,
              "reject": canon.reject}[command]
    fact = change(args.handle)
    done = {"pin": "Pinned", "unpin": "Unpinned", "retire": "Retired", "accept": "Accepted", "reject": "Rejected"}
    _print(args, fact_json(fact), f"{done[command]} {fact.handle}: {shown(fact.text)}")
    return EXIT_OK


def _accept_proposals(args: argparse.Namespace, canon: ProjectCanon) -> int:
    """The project's setting "Accept agents' proposals at once": set with ``on|off``, else shown."""
    on = canon.set_accept_proposals(args.state == "on") if args.state else canon.accepts_proposals()
    _print(args, {"acceptProposals": on},
           "Agents' proposed facts join the canon at once." if on
           else "Agents' proposed facts wait for the creator (canon accept|reject).")
    return EXIT_OK
