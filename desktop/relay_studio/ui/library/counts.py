"""Mention counts for the codex: in how many messages of the project's chats each entry is mentioned,
by the same rule that brings entries into a stage's prompt (``library.mentions``). Qt-free, so the dock
runs it on a worker thread."""

from __future__ import annotations

from collections.abc import Sequence

from relay_studio.library.entries import LibraryEntry
from relay_studio.library.mentions import is_mentioned


def mention_counts(entries: Sequence[LibraryEntry], texts: Sequence[str]) -> dict[str, int]:
    """Entry name → number of ``texts`` that mention it (by name or alias, plurals, CJK, exclusions, keys
    turned off, secondary keys)."""
    counts = {e.name: 0 for e in entries}
    for text in texts:
        lowered = text.lower()
        for entry in entries:
            # cheap substring test first: most entries are not in most messages
            if not any(n.strip() and n.lower()[:4] in lowered for n in entry.names):
                continue
            if is_mentioned(entry, text, lowered=lowered):
                counts[entry.name] += 1
    return counts
