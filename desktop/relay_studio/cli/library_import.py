"""``relay-studio library import FILE… [--on-conflict replace|keep-both|skip] [--as-profile] [--json]``.

Each file imports all or nothing. Entries the library already has just so are merged silently; entries
that differ from one there (``library/overlap.py``) follow ``--on-conflict``, and without it are left
alone and named (exit 0; the JSON lists them under ``differing``). With ``--as-profile`` the card's own
system prompt and post-history instructions are printed: they are instructions a stranger wrote, and the
agent follows them.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from relay_studio.domain.safe_text import for_terminal

if TYPE_CHECKING:
    from relay_studio.library.store import LibraryStore
    from relay_studio.runtime.card_profile import CardImport
    from relay_studio.runtime.engine import Runtime


EXIT_OK, EXIT_USAGE = 0, 2  # as ``cli/library.py``


def shown(text: object, *, keep_lines: bool = False) -> str:
    """A name or text from a file, as the terminal may print it (``domain/safe_text.py``)."""
    return for_terminal(text, None, keep_lines=keep_lines)


#: how many names a line lists before it says how many more there are (10,000 names made a line of ~100 KB)
LISTED_NAMES = 10


def _names(names: list[str]) -> str:
    listed = ", ".join(for_terminal(n) for n in names[:LISTED_NAMES])
    more = len(names) - LISTED_NAMES
    return f"{listed} and {more:,} more (--json lists them all)" if more > 0 else listed


def _lines(label: str, done: CardImport, on_conflict: str | None) -> list[str]:
    out = done.outcome
    written = [*out.added, *out.replaced, *out.kept_both]
    lines = [f"{label}: imported {len(written)} entries ({_names(written)})." if written
             else f"{label}: nothing new to import."]
    if out.identical:
        lines.append(f"{label}: already in the library, unchanged: {_names(out.identical)}.")
    if out.replaced:
        lines.append(f"{label}: replaced the entries there: {_names(out.replaced)}.")
    if out.kept_both:
        lines.append(f"{label}: kept both, the imported ones as: {_names(out.kept_both)}.")
    for name, keys in out.dropped_keys.items():
        lines.append(f"{label}: '{shown(name)}' left out the keys other entries have: {_names(keys)}.")
    if out.skipped:
        how = "skipped" if on_conflict == "skip" else "left alone (they differ from the entries there; choose " \
                                                      "with --on-conflict replace|keep-both|skip)"
        lines.append(f"{label}: {how}: {_names(out.skipped)}.")
        for name in out.skipped[:LISTED_NAMES]:
            for line in out.differences.get(name, []):
                lines.append(f"  {shown(name)}: {shown(line, keep_lines=True)}".replace("\n", "\n    "))
    for name, count in out.hidden.items():
        lines.append(f"{label}: removed {count} hidden characters from '{shown(name)}' (the file keeps them).")
    return lines


def _profile_lines(label: str, done: CardImport) -> list[str]:
    if done.profile is None:
        return []
    profile = done.profile.profile
    lines = [f"{label}: made the agent '{shown(profile.display_name)}' (id {profile.id}) that plays the character."]
    if done.profile.portrait is not None:
        lines.append(f"{label}: the card's picture is the agent's portrait.")
    elif done.profile.portrait_note:
        lines.append(f"{label}: the card's picture was not kept (the agent shows initials): "
                     f"{shown(done.profile.portrait_note)}")
    own, standing = done.profile.card_prompt, done.profile.card_standing
    lines.append(f"{label}: the card's own system prompt, which the agent follows:"
                 + (f"\n{shown(own, keep_lines=True)}" if own else " (none)"))
    lines.append(f"{label}: the card's post-history instructions, which the agent follows:"
                 + (f"\n{shown(standing, keep_lines=True)}" if standing else " (none)"))
    return lines


def run_import(args: argparse.Namespace, store: LibraryStore, runtime: Runtime) -> int:
    from relay_studio.library.entries import LibraryError
    from relay_studio.runtime.card_profile import import_card

    failed = 0
    report: list[dict[str, Any]] = []
    for path in args.files:
        try:
            done = import_card(runtime, store, path, as_profile=args.as_profile, on_conflict=args.on_conflict)
        except LibraryError as exc:
            failed += 1
            sys.stderr.write(f"error: {shown(exc.message)} [{exc.code}]\n")
            report.append({"file": str(path), "error": exc.code, "message": exc.message})
            continue
        out = done.outcome
        item: dict[str, Any] = {"file": str(path), "imported": [*out.added, *out.replaced, *out.kept_both],
                                "identical": out.identical, "replaced": out.replaced, "keptBoth": out.kept_both,
                                "droppedKeys": out.dropped_keys, "hiddenCharacters": out.hidden,
                                "differences": out.differences}
        item["skipped" if args.on_conflict == "skip" else "differing"] = out.skipped
        if done.profile is not None:
            item.update(profile=done.profile.profile.id, cardSystemPrompt=done.profile.card_prompt,
                        cardPostHistoryInstructions=done.profile.card_standing,
                        portrait=done.profile.portrait is not None, portraitNote=done.profile.portrait_note)
        report.append(item)
        if not args.json:
            print("\n".join(_lines(shown(path.name), done, args.on_conflict) + _profile_lines(shown(path.name), done)))
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    return EXIT_USAGE if failed else EXIT_OK
