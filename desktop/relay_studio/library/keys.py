"""SillyTavern's activation keys in the story library (issue 25).

A lore entry's aliases are SillyTavern's primary keys; they are names for the studio, so they underline
every use in every chat and bring the entry into a stage's prompt. Three things keep that in hand:

- *Broad keys*: a key that is a common English word (forest, power, magic), two letters or fewer, or a
  number "matches common words"; the codex marks it (``broad_keys``).
- *Secondary keys* (``keysecondary``, a card's ``secondary_keys``) with SillyTavern's ``selectiveLogic``:
  0 AND ANY (one of them is in the text too), 1 NOT ALL (not all of them are), 2 NOT ANY (none is),
  3 AND ALL (all are). An entry whose primary key matches counts as mentioned only when its secondary
  keys agree (``secondary_ok``); an entry not marked ``selective`` ignores them, as SillyTavern does.
- *Keys turned off* (``tracking.off``): kept with the entry (export writes them) but never a mention.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from relay_studio.library.common_words import COMMON_WORDS
from relay_studio.library.entries import LibraryEntry

AND_ANY, NOT_ALL, NOT_ANY, AND_ALL = 0, 1, 2, 3
LOGIC_NAMES = {AND_ANY: "AND ANY", NOT_ALL: "NOT ALL", NOT_ANY: "NOT ANY", AND_ALL: "AND ALL"}
_NUMBER = re.compile(r"[\d\s.,:-]+")


def active_names(entry: LibraryEntry) -> list[str]:
    """The names and keys of ``entry`` that count as mentions (those the creator turned off left out)."""
    off = {k.casefold() for k in entry.tracking.off}
    return [n for n in entry.names if n.casefold() not in off] if off else entry.names


def is_broad(key: str) -> bool:
    """Whether a key matches common words: a common English word (or its plural), a number, or two
    letters or fewer."""
    word = key.strip().casefold()
    if len(word) <= 2 or _NUMBER.fullmatch(word):
        return True
    if word.startswith("the "):
        word = word[4:]
    return word in COMMON_WORDS or (word.endswith("s") and word[:-1] in COMMON_WORDS) \
        or (word.endswith("es") and word[:-2] in COMMON_WORDS)


def broad_keys(entry: LibraryEntry) -> list[str]:
    """The keys of ``entry`` still on that match common words (its name is the creator's choice)."""
    return [k for k in active_names(entry) if k != entry.name and is_broad(k)]


def secondary_keys(entry: LibraryEntry) -> list[str]:
    card = entry.card or {}
    raw = card.get("secondaryKeys")
    if card.get("selective") is False or not isinstance(raw, list):
        return []
    return [str(k) for k in raw if str(k).strip()]


def selective_logic(entry: LibraryEntry) -> int:
    value = (entry.card or {}).get("selectiveLogic", AND_ANY)
    return value if isinstance(value, int) and value in LOGIC_NAMES else AND_ANY


def secondary_ok(entry: LibraryEntry, found: Callable[[str], bool]) -> bool:
    """Whether ``entry``'s secondary keys let a primary match count; ``found(key)``: whether the key is
    in the text (by the mention rule)."""
    keys = secondary_keys(entry)
    if not keys:
        return True
    hits = [found(k) for k in keys]
    logic = selective_logic(entry)
    if logic == NOT_ALL:
        return not all(hits)
    if logic == NOT_ANY:
        return not any(hits)
    if logic == AND_ALL:
        return all(hits)
    return any(hits)
