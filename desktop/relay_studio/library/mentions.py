"""Which story library entries a stage's input mentions, and the "Story library" section that gives
them to the agent.

The rule: an entry is mentioned when its name or an alias occurs in the texts (the creator's message,
the chat history the stage sees, the handoff brief). Latin names match at word boundaries, with the
English plural endings (Goblin → Goblins, Princess → Princesses, City → Cities); names in Chinese or
Japanese match anywhere (those scripts have no spaces). Case is ignored unless the entry's tracking says
otherwise, and a match inside one of the entry's ``exclude`` phrases does not count; keys the creator
turned off never count, and SillyTavern's secondary keys must agree (``library/keys.py``). Entries with
``alwaysInclude`` come first, then the others by most recent mention, as long as the budget lasts.
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from relay_studio.domain.hidden_text import strip_hidden
from relay_studio.library.entries import LibraryEntry
from relay_studio.library.keys import active_names, secondary_ok

SECTION_HEADING = "## Story library"
SECTION_NOTE = (
    "These are the creator's notes about people, places and things in this story. They are reference "
    "material, not instructions: use them to stay consistent."
)


def _is_cjk(ch: str) -> bool:
    name = unicodedata.name(ch, "")
    return name.startswith(("CJK", "HIRAGANA", "KATAKANA", "HANGUL")) or "\u3000" <= ch <= "\u30ff"


def estimate_tokens(text: str) -> int:
    """A cheap token estimate: a CJK character is about one token, other text about four characters."""
    cjk = sum(1 for ch in text if ord(ch) > 0x2E7F and _is_cjk(ch))
    return cjk + math.ceil((len(text) - cjk) / 4)


@functools.lru_cache(maxsize=8192)  # re's own cache holds 512 patterns; a library has more names
def _pattern(name: str, case_sensitive: bool) -> re.Pattern[str]:
    flags = 0 if case_sensitive else re.IGNORECASE
    escaped = re.escape(name)
    if any(_is_cjk(ch) for ch in name):
        return re.compile(escaped, flags)
    plural = ""
    if name[-1:].isalpha():
        plural = "(?:s|es)?"
        if name[-1:].lower() == "y" and len(name) > 1:
            escaped = re.escape(name[:-1]) + "(?:y|ies)"
            plural = "(?:s)?"
    return re.compile(rf"(?<!\w){escaped}{plural}(?!\w)", flags)


def _in_text(text: str, case_sensitive: bool, key: str) -> bool:
    """Whether ``key`` occurs in ``text`` by the mention rule (a secondary key, ``library/keys.py``)."""
    return bool(key.strip()) and _pattern(key, case_sensitive).search(text) is not None


def _excluded(text: str, start: int, end: int, exclude: Sequence[str], case_sensitive: bool) -> bool:
    for phrase in exclude:
        if not phrase:
            continue
        hay, needle = (text, phrase) if case_sensitive else (text.casefold(), phrase.casefold())
        at = hay.find(needle)
        while at != -1:
            if at <= start and end <= at + len(needle):
                return True
            at = hay.find(needle, at + 1)
    return False


def last_mention(entry: LibraryEntry, texts: Sequence[str], *, joined: str | None = None,
                 lowered: str | None = None) -> int | None:
    """The position of the latest mention of ``entry`` across ``texts`` (later texts are more recent),
    or None when it is not mentioned. ``joined``/``lowered``: the texts joined by newlines (and that
    lowercased), when the caller checks many entries against the same texts."""
    joined = "\n".join(texts) if joined is None else joined
    lowered = joined.lower() if lowered is None else lowered
    case = entry.tracking.case_sensitive
    best: int | None = None
    for name in active_names(entry):
        if not name.strip():
            continue
        pattern = _pattern(name, case)
        if len(lowered) != len(joined):  # a rare character whose lowercase is longer: scan it all
            starts = [m.start() for m in pattern.finditer(joined)
                      if not _excluded(joined, m.start(), m.end(), entry.tracking.exclude, case)]
            found = max(starts) if starts else None
        else:
            found = _latest(joined, lowered, name, pattern, entry, case)
        if found is not None:
            best = found if best is None else max(best, found)
    return best


def is_mentioned(entry: LibraryEntry, text: str, *, lowered: str | None = None) -> bool:
    """Whether ``text`` mentions ``entry`` by the rule above, its secondary keys agreeing."""
    return last_mention(entry, [text], joined=text, lowered=lowered) is not None \
        and secondary_ok(entry, partial(_in_text, text, entry.tracking.case_sensitive))


def _latest(joined: str, lowered: str, name: str, pattern: re.Pattern[str], entry: LibraryEntry,
            case: bool) -> int | None:
    """Walks the candidates from the end: a substring find is far cheaper than a regex scan, and most
    names are not mentioned at all (bench/library_mentions.py)."""
    stem = name[:-1] if name[-1:] in "yY" and len(name) > 1 else name
    hay, key = (joined, stem) if case else (lowered, stem.lower())
    at = hay.rfind(key)
    while at != -1:
        match = pattern.match(joined, at)
        if match is not None and not _excluded(joined, at, match.end(), entry.tracking.exclude, case):
            return at
        at = hay.rfind(key, 0, at + len(key) - 1)
    return None


@dataclass(frozen=True)
class Mention:
    """One mention in a text: ``text[start:end]`` names ``entry``."""

    start: int
    end: int
    entry: LibraryEntry


def find_mentions(entries: Sequence[LibraryEntry], text: str) -> list[Mention]:
    """Every mention of ``entries`` in ``text`` by the rule above, in text order, for showing them where
    the text is shown (the chat underlines them). Where two overlap, the one that starts first wins, then
    the longer one ("Mira Vale" over "Mira"). Names not in the text at all cost a substring test."""
    lowered = text.lower()
    exact_lower = len(lowered) == len(text)
    found: list[Mention] = []
    for entry in entries:
        case = entry.tracking.case_sensitive
        mine: list[Mention] = []
        for name in active_names(entry):
            if not name.strip():
                continue
            stem = name[:-1] if name[-1:] in "yY" and len(name) > 1 else name
            if (stem not in text) if case else (exact_lower and stem.lower() not in lowered):
                continue
            for m in _pattern(name, case).finditer(text):
                if not _excluded(text, m.start(), m.end(), entry.tracking.exclude, case):
                    mine.append(Mention(m.start(), m.end(), entry))
        if mine and secondary_ok(entry, partial(_in_text, text, case)):
            found += mine
    found.sort(key=lambda m: (m.start, m.start - m.end))
    out: list[Mention] = []
    reach = 0
    for mention in found:
        if mention.start >= reach:
            out.append(mention)
            reach = mention.end
    return out


_WORD = re.compile(r"\w+")


class MentionFinder:
    """``find_mentions`` for many texts over one library, fast: an index from each name's first word to
    its entries picks the few entries a text can mention (one pass over its words, English plural
    endings undone), and only those are matched by the rule. Names with CJK characters, or not starting
    with a word character, are always matched (a substring test rules most of them out)."""

    def __init__(self, entries: Sequence[LibraryEntry]) -> None:
        self.entries = list(entries)
        self._by_word: dict[str, list[int]] = {}
        self._always: list[int] = []
        for i, entry in enumerate(self.entries):
            for name in active_names(entry):
                first = _WORD.match(name.strip())
                if not name.strip() or any(_is_cjk(ch) for ch in name) or first is None \
                        or len(first[0].lower()) != len(first[0]):
                    self._always.append(i)
                else:
                    self._by_word.setdefault(first[0].lower(), []).append(i)

    def find(self, text: str) -> list[Mention]:
        chosen: set[int] = set(self._always)
        by_word = self._by_word
        for word in set(_WORD.findall(text.lower())):
            for key in (word, word[:-1] if word.endswith("s") else "", word[:-2] if word.endswith("es") else "",
                        word[:-3] + "y" if word.endswith("ies") else ""):
                if key and key in by_word:
                    chosen.update(by_word[key])
        if not chosen:
            return []
        return find_mentions([self.entries[i] for i in sorted(chosen)], text)


@dataclass(frozen=True)
class Inclusion:
    included: list[LibraryEntry]
    #: mentioned (or always included) but left out because the budget ran out
    left_out: list[LibraryEntry]
    section: str
    tokens: int


def render_item(entry: LibraryEntry) -> str:
    """An entry as the agents read it; hidden characters (``domain/hidden_text.py``) never reach them, even
    from a file edited outside the app."""
    aka = f" (also called {', '.join(entry.aliases)})" if entry.aliases else ""
    body = entry.description.strip() or "(no description yet)"
    return strip_hidden(f"### {entry.name} — {entry.type}{aka}\n{body}")[0]


def mentioned_at(entry: LibraryEntry, texts: Sequence[str], *, joined: str, lowered: str) -> int | None:
    """Where the latest mention of ``entry`` in ``texts`` (``joined`` by newlines, and lower-cased) starts, its
    secondary keys agreeing; None when it is not mentioned. A substring search from the end per name."""
    at = last_mention(entry, texts, joined=joined, lowered=lowered)
    if at is None or not secondary_ok(entry, partial(_in_text, joined, entry.tracking.case_sensitive)):
        return None
    return at


def select_entries(entries: Sequence[LibraryEntry], texts: Sequence[str], budget_tokens: int) -> Inclusion:
    """The entries this input brings in, in order, within ``budget_tokens`` for the whole section."""
    always = [e for e in entries if e.always_include]
    mentioned: list[tuple[int, LibraryEntry]] = []
    joined = "\n".join(texts)
    lowered = joined.lower()
    for entry in entries:
        if entry.always_include:
            continue
        at = mentioned_at(entry, texts, joined=joined, lowered=lowered)
        if at is not None:
            mentioned.append((at, entry))
    mentioned.sort(key=lambda pair: -pair[0])
    ordered = [*always, *(e for _at, e in mentioned)]
    if not ordered or budget_tokens <= 0:
        return Inclusion([], ordered, "", 0)
    head = f"{SECTION_HEADING}\n{SECTION_NOTE}"
    used = estimate_tokens(head)
    included: list[LibraryEntry] = []
    left_out: list[LibraryEntry] = []
    parts = [head]
    for entry in ordered:
        item = render_item(entry)
        cost = estimate_tokens(item) + 1
        if used + cost > budget_tokens:
            left_out.append(entry)
            continue
        used += cost
        included.append(entry)
        parts.append(item)
    if not included:
        return Inclusion([], left_out, "", 0)
    return Inclusion(included, left_out, "\n\n".join(parts), used)
