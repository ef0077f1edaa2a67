"""Where mentions are in a text (what the chat underlines): by the rule that brings entries into prompts,
and the fast finder (an index of first words) finds exactly what the plain rule finds."""

from __future__ import annotations

import random

from relay_studio.library.entries import LibraryEntry, Tracking
from relay_studio.library.mentions import MentionFinder, find_mentions, last_mention

ENTRIES = [
    LibraryEntry(type="character", name="Mira", aliases=["Captain Mira"]),
    LibraryEntry(type="creature", name="Goblin"),
    LibraryEntry(type="location", name="Free City", aliases=["the Cities"]),
    LibraryEntry(type="location", name="港町"),
    LibraryEntry(type="character", name="Princess"),
    LibraryEntry(type="item", name="Orb", tracking=Tracking(case_sensitive=True, exclude=["Orb of Dust"])),
    LibraryEntry(type="lore", name="'Old Bess"),  # starts with no word character
    LibraryEntry(type="character", name="Émile"),
]


def _spans(text: str) -> list[tuple[str, str]]:
    return [(text[m.start:m.end], m.entry.name) for m in find_mentions(ENTRIES, text)]


def test_every_mention_is_found_where_it_is_and_the_longer_name_wins() -> None:
    text = "Captain Mira met two Goblins and three Princesses in the Free Cities; 港町に着いた。 Miras. Mirage."
    assert _spans(text) == [("Captain Mira", "Mira"), ("Goblins", "Goblin"), ("Princesses", "Princess"),
                            ("Free Cities", "Free City"), ("港町", "港町"), ("Miras", "Mira")]
    assert _spans("The orb and the Orb of Dust; an Orb.") == [("Orb", "Orb")]  # case, and the exclusion
    assert _spans("Ask 'Old Bess and ÉMILE.") == [("'Old Bess", "'Old Bess"), ("ÉMILE", "Émile")]
    assert _spans("") == [] and _spans("nobody here") == []


def test_the_finder_finds_what_the_rule_finds() -> None:
    rng = random.Random(14)
    words = ["Mira", "Captain", "goblins", "GOBLIN", "free", "city", "cities", "Free Cities", "港町", "港", "に",
             "princesses", "Princess's", "Orb", "orb", "Orb of Dust", "'Old Bess", "old bess", "Émile", "émiles",
             "mirage", "the", "a", ",", ".", "\n"]
    finder = MentionFinder(ENTRIES)
    for _ in range(400):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 30)))
        assert finder.find(text) == find_mentions(ENTRIES, text), text
        found = {m.entry.name for m in finder.find(text)}
        assert found == {e.name for e in ENTRIES if last_mention(e, [text]) is not None}, text


def test_the_string_tests_match_where_the_names_regex_matches() -> None:
    """``_NameRule`` stands in for each name's regex (``_pattern``): at every place of many random texts, for
    names ending in a letter, a y, a digit or a stop, in CJK, either case rule, they find the same mentions."""
    from relay_studio.library.mentions import _pattern, _rule

    names = ["Mira", "Free City", "City", "Y", "Ky", "Orb", "R2", "St.", "Bess_", "港町", "東京y", "Émile", "Ash-es"]
    pieces = ["mira", "Miras", "MIRAES", "free city", "Free Cities", "free citys", "free citiess", "city", "cities",
              "Y", "ys", "yies", "ky", "kies", "Kys", "orb", "Orb", "Orbs", "ORBES", "r2", "R2s", "st.", "St.s",
              "bess_", "Bess_s", "港町", "港町に", "東京y", "東京ies", "émile", "ÉMILES", "ash-es", "Ash-eses",
              "_", "x", "1", " ", ",", "-", "\n", "é"]
    rng = random.Random(7)
    for _ in range(400):
        text = "".join(rng.choice(pieces) + rng.choice(["", " ", "", "."]) for _ in range(rng.randint(1, 12)))
        lowered = text.lower()
        assert len(lowered) == len(text)
        for name in names:
            for case in (False, True):
                hay = text if case else lowered
                expected = [(m.start(), m.end()) for m in _pattern(name, case).finditer(text)]
                assert list(_rule(name, case).spans(text, hay)) == expected, (name, case, text)
                for at in range(len(text)):
                    match = _pattern(name, case).match(text, at)
                    assert _rule(name, case).end_at(text, hay, at) == (match.end() if match else None), \
                        (name, case, text, at)
