"""The story library's entry types in the window's language. The files keep the English key ("plot thread"),
which the agents read and the CLI writes; the window shows and takes the translated word ("Handlungsstrang")
and saves the key. A type of the creator's own is shown and saved as typed."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from relay_studio.library.entries import BUILTIN_TYPES


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks ``text`` for pyside6-lupdate (which reads this name) and keeps it English."""
    return text


_WORDS = {
    "character": QT_TRANSLATE_NOOP("EntryTypes", "Character"),
    "location": QT_TRANSLATE_NOOP("EntryTypes", "Location"),
    "item": QT_TRANSLATE_NOOP("EntryTypes", "Item"),
    "lore": QT_TRANSLATE_NOOP("EntryTypes", "Lore"),
    "rule": QT_TRANSLATE_NOOP("EntryTypes", "Rule"),
    "plot thread": QT_TRANSLATE_NOOP("EntryTypes", "Plot thread"),
    "other": QT_TRANSLATE_NOOP("EntryTypes", "Other"),
}
assert set(_WORDS) == set(BUILTIN_TYPES)


def type_label(kind: str) -> str:
    """A type as the window shows it: a built-in one translated, the creator's own as written."""
    word = _WORDS.get(kind)
    return QCoreApplication.translate("EntryTypes", word) if word else kind


def type_labels() -> list[str]:
    return [type_label(kind) for kind in BUILTIN_TYPES]


def type_key(text: str) -> str:
    """What a typed or chosen type saves: the built-in key of a label (in the window's language or English,
    any case), else the text in lowercase; nothing is "other"."""
    typed = text.strip().casefold()
    for kind in BUILTIN_TYPES:
        if typed in (kind, type_label(kind).casefold(), _WORDS[kind].casefold()):
            return kind
    return typed or "other"
