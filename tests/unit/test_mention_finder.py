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
