"""SillyTavern's ``{{user}}`` and ``{{char}}`` (and the V1 spellings ``<USER>``, ``<BOT>``), in any case,
as cards, their lorebooks and World Info write them: replaced where such text is shown or sent (a stage's
prompt, the library tools' answers, a mention's tooltip), never in the files, which keep them as written
(the codex and the profile editor show them so, and an export gives them back).

``{{user}}`` is the creator's persona name (``store/persona.py``). ``{{char}}`` is the character the text
belongs to: a character entry's own name (a card's character: the card spec's "the card's name"), the
card's character for the lorebook entries a card brought, else the character in play, as SillyTavern takes
the chat's character: the agent whose prompt or message it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from relay_studio.library.entries import LibraryEntry

#: Where a card's lorebook entry keeps the name of the card's character (in its ``card`` mapping).
CARD_CHARACTER = "character"

_MACRO = re.compile(r"\{\{(user|char)\}\}|<(user|bot)>", re.IGNORECASE)


@dataclass(frozen=True)
class MacroNames:
    #: the creator's persona name
    user: str
    #: the character's name, for text that belongs to no character of its own
    char: str


def fill(text: str, names: MacroNames) -> str:
    """``text`` with every ``{{user}}``/``<USER>`` and ``{{char}}``/``<BOT>`` replaced (in one pass: a name
    that itself reads ``{{char}}`` stays as it is)."""
    def name(match: re.Match[str]) -> str:
        which = (match.group(1) or match.group(2)).lower()
        return names.user if which == "user" else names.char

    return _MACRO.sub(name, text)


def own_character(entry: LibraryEntry) -> str | None:
    """The character ``entry`` belongs to: a character entry (a card's, or the creator's) is its own; an
    entry of a card's lorebook belongs to the card's character; None for any other (World Info, lore)."""
    if entry.type == "character":
        return entry.name
    named = (entry.card or {}).get(CARD_CHARACTER)
    return named if isinstance(named, str) and named.strip() else None


def shown_entry(entry: LibraryEntry, names: MacroNames) -> LibraryEntry:
    """``entry`` as an agent or a tooltip shows it: its description filled, with its own character as
    ``{{char}}`` when it has one."""
    if not _MACRO.search(entry.description):
        return entry
    own = own_character(entry)
    names = MacroNames(names.user, own) if own else names
    return entry.model_copy(update={"description": fill(entry.description, names)})
