"""Imports that overlap what a story library already has (issue 25).

SillyTavern ships the same lorebook inside a card and as World Info, and cards are updated and imported
again. An imported entry whose name or a key is taken by an entry already in the library is either the
same entry (same type, name, text and keys: merged silently, nothing written) or a *conflict*, which the
creator resolves: ``replace`` the entry there, ``keep-both`` (the import's copy under a numbered name,
its keys that are taken left out), or ``skip`` it. The plan is made before anything is written, so the
file still imports all or nothing (``LibraryStore.add_all``).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from relay_studio.library.entries import IndexedEntry, LibraryEntry

Resolution = Literal["replace", "keep-both", "skip"]
RESOLUTIONS: tuple[Resolution, ...] = ("replace", "keep-both", "skip")
#: how a caller answers each conflict: one answer for all, or one per conflict
Resolver = Resolution | Callable[["Conflict"], Resolution]


def _keys(entry: LibraryEntry) -> list[str]:
    return sorted({a.casefold() for a in entry.aliases})


def _secondary(entry: LibraryEntry) -> list[str]:
    raw = (entry.card or {}).get("secondaryKeys") or []
    return sorted({str(k).casefold() for k in raw}) if isinstance(raw, list) else []


def same_entry(a: LibraryEntry, b: LibraryEntry) -> bool:
    """Whether two entries are the same for an import: type, name, text and keys (primary and secondary)."""
    return (a.type == b.type and a.name.casefold() == b.name.casefold()
            and a.description.strip() == b.description.strip() and _keys(a) == _keys(b)
            and _secondary(a) == _secondary(b))


def differences(there: LibraryEntry, incoming: LibraryEntry) -> list[str]:
    """What differs between the entry in the library and the imported one, one line each, for the creator."""
    out: list[str] = []
    if there.name != incoming.name:
        out.append(f"name: {there.name} → {incoming.name}")
    if there.type != incoming.type:
        out.append(f"type: {there.type} → {incoming.type}")
    if _keys(there) != _keys(incoming):
        out.append(f"keys: {', '.join(there.aliases) or '-'} → {', '.join(incoming.aliases) or '-'}")
    if _secondary(there) != _secondary(incoming):
        out.append(f"secondary keys: {', '.join(_secondary(there)) or '-'} → {', '.join(_secondary(incoming)) or '-'}")
    if there.description.strip() != incoming.description.strip():
        diff = difflib.unified_diff(there.description.strip().splitlines(), incoming.description.strip().splitlines(),
                                    "in the library", "in the file", lineterm="", n=1)
        lines = [line for line in list(diff)[2:] if not line.startswith("@@")]
        shown = lines[:12] + (["…"] if len(lines) > 12 else [])
        out.append("text:\n" + "\n".join(shown))
    return out


@dataclass(frozen=True)
class Conflict:
    """An imported entry whose name or a key an entry in the library already has, and which differs."""

    incoming: LibraryEntry
    #: the entries there that have one of its names (the first shares its name when one does)
    existing: list[IndexedEntry]
    differences: list[str]


@dataclass
class ImportPlan:
    """What an import would do, decided before anything is written."""

    new: list[LibraryEntry] = field(default_factory=list)
    #: entries the library already has just so: nothing written
    identical: list[LibraryEntry] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)


@dataclass
class ImportOutcome:
    """What an import did: the files written, and each entry's fate by name."""

    paths: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    identical: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    #: the import's copy of a differing entry, kept under this name
    kept_both: list[str] = field(default_factory=list)
    #: differing entries left alone (the library's entry stays as it was)
    skipped: list[str] = field(default_factory=list)
    #: what differs, by the name of each entry skipped
    differences: dict[str, list[str]] = field(default_factory=dict)
    #: keys a kept copy could not keep (another entry has them), by the copy's name
    dropped_keys: dict[str, list[str]] = field(default_factory=dict)
    #: hidden characters removed from what the agents see, by entry name (``library/hidden.py``)
    hidden: dict[str, int] = field(default_factory=dict)


def plan_import(entries: list[LibraryEntry], names: dict[str, IndexedEntry]) -> ImportPlan:
    """Sorts ``entries`` against the library's ``names`` (casefolded name or alias → entry)."""
    plan = ImportPlan()
    for entry in entries:
        hits: list[IndexedEntry] = []
        for n in entry.names:
            item = names.get(n.casefold())
            if item is not None and all(item.path != h.path for h in hits):
                hits.append(item)
        if not hits:
            plan.new.append(entry)
            continue
        hits.sort(key=lambda h: h.entry.name.casefold() != entry.name.casefold())
        if len(hits) == 1 and same_entry(hits[0].entry, entry):
            plan.identical.append(entry)
        else:
            plan.conflicts.append(Conflict(entry, hits, differences(hits[0].entry, entry)))
    return plan


def resolve(resolver: Resolver | None, conflict: Conflict) -> Resolution:
    """The answer to ``conflict``; with no resolver a differing entry is left alone."""
    if resolver is None:
        return "skip"
    answer = resolver if isinstance(resolver, str) else resolver(conflict)
    return answer if answer in RESOLUTIONS else "skip"


def numbered_name(name: str, taken: set[str]) -> str:
    """``name (2)``, ``name (3)`` … the first not in ``taken`` (casefolded)."""
    n = 2
    while f"{name} ({n})".casefold() in taken:
        n += 1
    return f"{name} ({n})"


def decide(entries: list[LibraryEntry], names: dict[str, IndexedEntry], in_file: set[str],
           on_conflict: Resolver | None) -> tuple[list[LibraryEntry], list[str], dict[str, IndexedEntry],
                                                  ImportOutcome]:
    """What an import writes (in the file's order), the entry files it replaces, the library's names that
    stay, and the outcome to report. ``in_file``: the file's own names (casefolded)."""
    plan = plan_import(entries, names)
    outcome = ImportOutcome()
    removed: list[str] = []
    chosen: dict[int, LibraryEntry] = {id(e): e for e in plan.new}
    answers = [(c, resolve(on_conflict, c)) for c in plan.conflicts]
    for conflict, answer in answers:
        if answer == "replace":
            removed += [h.path for h in conflict.existing if h.path not in removed]
    remaining = {n: item for n, item in names.items() if item.path not in removed}
    claimed = set(remaining) | in_file
    for conflict, answer in answers:
        entry = conflict.incoming
        if answer == "replace":
            chosen[id(entry)] = entry
            outcome.replaced.append(entry.name)
        elif answer == "keep-both":
            # a new name only when its own is taken (it may share only a key)
            name = numbered_name(entry.name, claimed) if entry.name.casefold() in remaining else entry.name
            claimed.add(name.casefold())
            keys = [a for a in entry.aliases if a.casefold() not in remaining]
            dropped = [a for a in entry.aliases if a.casefold() in remaining]
            chosen[id(entry)] = entry.model_copy(update={"name": name, "aliases": keys})
            outcome.kept_both.append(name)
            if dropped:
                outcome.dropped_keys[name] = dropped
        else:
            outcome.skipped.append(entry.name)
            outcome.differences[entry.name] = conflict.differences
    for entry in plan.identical:
        if any(remaining.get(n.casefold()) is None for n in entry.names):  # its twin is being replaced
            chosen[id(entry)] = entry
        else:
            outcome.identical.append(entry.name)
    written = [chosen[id(e)] for e in entries if id(e) in chosen]
    outcome.added = [e.name for e in plan.new]
    return written, removed, remaining, outcome
