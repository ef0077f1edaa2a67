"""``relay-studio library list|show|add|edit|remove|import|export [--json]``: a project's story library.

Exit codes: 0 done, 2 bad usage or input (one line per problem on stderr naming the file and the
problem; in a batch import the other files still import, and a file with a problem imports nothing).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from relay_studio.cli.projects import project_option
from relay_studio.domain.safe_text import for_terminal

if TYPE_CHECKING:  # light at import: the CLI's parser is built from here for --help and the window
    from relay_studio.library.entries import Tracking
    from relay_studio.library.store import IndexedEntry, LibraryStore
    from relay_studio.runtime.engine import Runtime

EXIT_OK, EXIT_USAGE = 0, 2


def add_library_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    library = subparsers.add_parser("library", parents=[common], help="the story library (codex) of a project")
    sub = library.add_subparsers(dest="library_command", required=True)

    def action(name: str, help_text: str) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = sub.add_parser(name, parents=[common], help=help_text)
        project_option(parser)
        parser.add_argument("--json", action="store_true", help="print the result as JSON")
        return parser

    listing = action("list", "list the entries")
    listing.add_argument("--type", help="only entries of this type")
    show = action("show", "print one entry, private notes included")
    show.add_argument("name", help="its name or an alias")
    for parser in (action("add", "add an entry"), action("edit", "change an entry")):
        if parser.prog.endswith("edit"):
            parser.add_argument("name", help="the entry's current name or an alias")
            parser.add_argument("--name", dest="new_name", help="a new name")
            parser.add_argument("--type")
        else:
            parser.add_argument("--name", dest="new_name", required=True)
            parser.add_argument("--type", default="other",
                                help="character, location, item, lore, rule, plot thread, other, or your own")
        parser.add_argument("--alias", action="append", help="another name (repeat; replaces the list when editing)")
        parser.add_argument("--tag", action="append", help="a tag (repeat; replaces the list when editing)")
        parser.add_argument("--description", help="what the agents see")
        parser.add_argument("--description-file", type=Path, help="read the description from this file")
        parser.add_argument("--notes", help="private notes the agents never see")
        parser.add_argument("--always-include", action=argparse.BooleanOptionalAction, default=None,
                            help="show it to the agents even when not mentioned")
        parser.add_argument("--case-sensitive", action=argparse.BooleanOptionalAction, default=None)
        parser.add_argument("--exclude", action="append", help="a phrase that is not a mention (repeat)")
        parser.add_argument("--key-off", action="append", metavar="KEY",
                            help="a name or alias kept with the entry but never a mention (repeat; replaces the "
                                 "list when editing; --key-off '' turns every key back on)")
    remove = action("remove", "delete an entry's file")
    remove.add_argument("name")
    imp = action("import", "import entry files (.md), character cards (.png, .json, .charx) or World Info (.json)")
    imp.add_argument("files", nargs="+", type=Path)
    imp.add_argument("--as-profile", action="store_true",
                     help="also make an agent that plays each card's character (default connection); the card's "
                          "own system prompt and post-history instructions are printed")
    imp.add_argument("--on-conflict", choices=["replace", "keep-both", "skip"],
                     help="for entries that differ from ones already there (same name or key): replace them, keep "
                          "both (the imported one under a numbered name), or skip; without it they are left alone "
                          "and named")
    exp = action("export", "export the library as World Info JSON, or one character as a card")
    exp.add_argument("--format", choices=["worldinfo", "card"], default="worldinfo")
    exp.add_argument("--character", help="with --format card: the character entry (its lore entries join its book)")
    exp.add_argument("--out", type=Path, help="the file to write (a .png card gets both chunks); default: stdout")


class _Usage(Exception):
    pass


def shown(text: object, *, keep_lines: bool = False) -> str:
    """A name or text from a file, as the terminal may print it (``domain/safe_text.py``, as run output)."""
    return for_terminal(text, None, keep_lines=keep_lines)


def _print(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2) if args.json else text)


def _entry_json(item: IndexedEntry, *, notes: bool) -> dict[str, Any]:
    data = item.entry.model_dump(mode="json", by_alias=True, exclude={"notes"} if not notes else set())
    return {**data, "description": item.entry.description, "path": item.path}


def _description(args: argparse.Namespace) -> str | None:
    if args.description_file is not None:
        from relay_studio.domain import json_input

        try:
            return json_input.read_text(args.description_file, "description file", json_input.MAX_PROFILE_BYTES)
        except json_input.InputRejected as exc:
            raise _Usage(f"{exc.message} [{exc.code}]") from None
    return None if args.description is None else str(args.description)


def _changes(args: argparse.Namespace) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    for key, value in (("name", args.new_name), ("type", args.type), ("aliases", args.alias), ("tags", args.tag),
                       ("description", _description(args)), ("notes", args.notes),
                       ("always_include", args.always_include)):
        if value is not None:
            changes[key] = value
    return changes


def _tracking(args: argparse.Namespace, base: Tracking) -> Tracking:
    update: dict[str, Any] = {}
    if args.case_sensitive is not None:
        update["case_sensitive"] = args.case_sensitive
    if args.exclude is not None:
        update["exclude"] = args.exclude
    if args.key_off is not None:
        update["off"] = [k for k in args.key_off if k.strip()]
    return base.model_copy(update=update)


def _export(args: argparse.Namespace, store: LibraryStore, runtime: Runtime) -> int:
    from relay_studio.library import sillytavern as st

    entries = [i.entry for i in store.entries()]
    payload: bytes
    if args.format == "worldinfo":
        lore = st.world_info_entries(entries)
        payload = json.dumps(st.world_info_json(lore), ensure_ascii=False, indent=2).encode("utf-8")
    else:
        if not args.character:
            raise _Usage("Name the character to export with --character.")
        found = store.find(args.character)
        if found is None or found.entry.type != "character":
            raise _Usage(f"There is no character '{args.character}' in the story library.")
        book = [e for e in entries if e.type == "lore"]
        if args.out is not None and args.out.suffix.lower() == ".png":
            from relay_studio.library.portraits import read_card_image
            from relay_studio.runtime.card_profile import character_portrait

            kept = character_portrait(runtime, found.entry.name)  # its agent's portrait is the card's picture
            payload = st.card_png(found.entry, book, read_card_image(kept) if kept is not None else None)
        else:
            payload = json.dumps(st.card_json(found.entry, book), ensure_ascii=False, indent=2).encode("utf-8")
    if args.out is None:
        sys.stdout.write(payload.decode("utf-8") + "\n")
    else:
        from relay_studio.manuscript.export import ExportError, atomic_file

        try:  # whole or not at all; a folder, a missing folder or a refusal is one line
            with atomic_file(args.out) as out:
                out.write(payload)
        except ExportError as exc:
            raise _Usage(f"{exc.message} [{exc.code}]") from None
        print(f"Wrote {args.out}.")
    return EXIT_OK


def run_library(args: argparse.Namespace, runtime: Runtime) -> int:
    from relay_studio.library.entries import LibraryError
    from relay_studio.library.store import LibraryStore
    from relay_studio.store.projects import ProjectError

    try:
        project = runtime.projects.resolve(args.project)
        store = LibraryStore.open(runtime.db, project.id, runtime.project_dir(project))
        return _run(args, store, runtime)
    except (ProjectError, LibraryError) as exc:
        sys.stderr.write(f"error: {shown(exc.message)} [{exc.code}]\n")
        return EXIT_USAGE
    except _Usage as exc:
        sys.stderr.write(f"error: {shown(exc)}\n")
        return EXIT_USAGE


def _run(args: argparse.Namespace, store: LibraryStore, runtime: Runtime) -> int:
    from relay_studio.library.entries import LibraryEntry, Tracking, check_entry

    command = args.library_command
    for problem in store.problems:
        sys.stderr.write(f"warning: {shown(problem.message)} [{problem.code}]\n")
    if command == "list":
        items = [i for i in store.entries() if not args.type or i.entry.type == args.type.strip().lower()]
        lines = [f"{shown(i.entry.type)}\t{shown(i.entry.name)}"
                 + (f"\t({', '.join(shown(a) for a in i.entry.aliases)})" if i.entry.aliases else "") for i in items]
        _print(args, [_entry_json(i, notes=False) for i in items], "\n".join(lines) or "The story library is empty.")
        return EXIT_OK
    if command == "export":
        return _export(args, store, runtime)
    if command == "import":
        from relay_studio.cli.library_import import run_import

        return run_import(args, store, runtime)
    if command == "add":
        entry = LibraryEntry(name=args.new_name, type=args.type)
        entry = check_entry(entry.model_copy(update={**_changes(args), "tracking": _tracking(args, Tracking())}),
                            "The new entry")
        path = store.save(entry)
        # by its file: a name of hidden characters only is not found by name (find ignores them)
        saved = next((i for i in store.entries() if i.path == path), None) or store.find(entry.name)
        if saved is None:
            raise _Usage(f"The entry was written to {shown(path)} but could not be read back.")
        _print(args, _entry_json(saved, notes=True),
               f"Added '{shown(entry.name)}' ({shown(entry.type)}) in {shown(path)}.")
        return EXIT_OK
    found = store.find(args.name)
    if found is None:
        raise _Usage(f"There is no entry '{args.name}' in the story library.")
    if command == "show":
        e = found.entry
        text = (f"{shown(e.name)} — {shown(e.type)}\nAliases: {', '.join(shown(a) for a in e.aliases) or '-'}\n"
                f"Tags: {', '.join(shown(t) for t in e.tags) or '-'}\n"
                f"Always included: {'yes' if e.always_include else 'no'}\nFile: {shown(found.path)}\n\n"
                f"{shown(e.description, keep_lines=True)}"
                + (f"\n\nPrivate notes:\n{shown(e.notes, keep_lines=True)}" if e.notes else ""))
        _print(args, _entry_json(found, notes=True), text)
        return EXIT_OK
    if command == "remove":
        store.remove(found.entry.name)
        _print(args, {"removed": found.entry.name, "path": found.path}, f"Removed '{shown(found.entry.name)}'.")
        return EXIT_OK
    changed = found.entry.model_copy(update={**_changes(args), "tracking": _tracking(args, found.entry.tracking)})
    changed = check_entry(changed, f"The entry '{found.entry.name}'")
    path = store.save(changed, replacing=found.path)
    saved = store.find(changed.name)
    assert saved is not None
    _print(args, _entry_json(saved, notes=True), f"Updated '{shown(changed.name)}' ({shown(path)}).")
    return EXIT_OK
