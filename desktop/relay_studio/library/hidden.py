"""Hidden characters out of imported entries (``domain/hidden_text.py``): an entry's every text, its
name, keys, description, notes and the card fields it keeps, as the agents are given it."""

from __future__ import annotations

from relay_studio.domain.hidden_text import strip_hidden, strip_hidden_value
from relay_studio.library.entries import LibraryEntry


def clean_entry(entry: LibraryEntry) -> tuple[LibraryEntry, int]:
    """``entry`` without hidden characters, and how many were removed (0: the entry itself)."""
    name, a = strip_hidden(entry.name)
    description, b = strip_hidden(entry.description)
    notes, c = strip_hidden(entry.notes)
    aliases, d = strip_hidden_value(list(entry.aliases))
    tags, e = strip_hidden_value(list(entry.tags))
    card, f = strip_hidden_value(entry.card) if entry.card is not None else (None, 0)
    total = a + b + c + d + e + f
    if not total:
        return entry, 0
    aliases = [k for k in dict.fromkeys(str(x).strip() for x in aliases) if k and k != name.strip()]
    return entry.model_copy(update={"name": name.strip() or entry.name, "description": description, "notes": notes,
                                    "aliases": aliases, "tags": [str(t) for t in tags if str(t).strip()],
                                    "card": card}), total


def clean_entries(entries: list[LibraryEntry]) -> tuple[list[LibraryEntry], dict[str, int]]:
    """Each entry cleaned, and the count removed by (cleaned) entry name, for the import's summary."""
    out: list[LibraryEntry] = []
    counts: dict[str, int] = {}
    for entry in entries:
        clean, n = clean_entry(entry)
        out.append(clean)
        if n:
            counts[clean.name] = counts.get(clean.name, 0) + n
    return out, counts
