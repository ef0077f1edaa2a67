"""The codex's mention counts: ``MentionMatcher`` finds what trying every entry on every text finds, and
``MentionTally`` matches only new and changed messages, forgets deleted ones, and counts all again when the
entries change."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from relay_studio.library.entries import LibraryEntry, Tracking
from relay_studio.ui.library.counts import MentionMatcher, MentionTally, mention_counts

ENTRIES = [
    LibraryEntry(type="location", name="City", aliases=["Old Town"]),
    LibraryEntry(type="character", name="Mira", aliases=["Captain Mira", "Al-Zar"]),
    LibraryEntry(type="character", name="Jo"),
    LibraryEntry(type="item", name="Sky"),
    LibraryEntry(type="character", name="Storm", tracking=Tracking(case_sensitive=True, exclude=["Storm Bay"])),
    LibraryEntry(type="location", name="\u9b54\u6cd5\u5b66\u6821"),
    LibraryEntry(type="lore", name="'Salt Crown"),
    LibraryEntry(type="item", name="Princess"),
]
TEXTS = [
    "The cities burned.", "Mira's ship", "captain mira waved", "al-zar came", "Jo and Joan", "Joe left",
    "The skies cleared", "a storm rose", "Storm Bay is calm", "Storm came", "\u6211\u5728\u9b54\u6cd5\u5b66\u6821",
    "the 'Salt Crown' shone", "two princesses", "Mirage", "the old town square", "nothing here", "xcity",
]


def test_the_matcher_finds_what_trying_every_entry_finds() -> None:
    matcher = MentionMatcher(ENTRIES)
    for text in TEXTS:
        found = sorted(n for n, c in mention_counts(ENTRIES, [text]).items() if c)
        assert sorted(matcher.mentioned(text)) == found, text


class Texts:
    """The messages' texts as a reader hands them over, counting what was asked for."""

    def __init__(self, texts: dict[str, str]) -> None:
        self.texts = texts
        self.asked: list[str] = []

    def __call__(self, ids: Collection[str]) -> Mapping[str, str]:
        self.asked.extend(ids)
        return {i: self.texts[i] for i in ids if i in self.texts}


def test_the_tally_matches_only_new_and_changed_messages() -> None:
    texts = Texts({f"m{i}": t for i, t in enumerate(TEXTS)})
    stamps = {m: "1" for m in texts.texts}
    tally = MentionTally("project")
    assert tally.update(ENTRIES, stamps, texts) == mention_counts(ENTRIES, TEXTS)
    assert len(texts.asked) == len(TEXTS)
    texts.asked.clear()
    texts.texts["new"] = "Mira met Jo in the city"
    stamps["new"] = "2"
    texts.texts["m1"] = "nobody"  # edited: Mira no longer in it
    stamps["m1"] = "2"
    del texts.texts["m2"], stamps["m2"]  # deleted: "captain mira waved"
    counts = tally.update(ENTRIES, stamps, texts)
    assert sorted(texts.asked) == ["m1", "new"]
    assert counts == mention_counts(ENTRIES, list(texts.texts.values()))
    texts.asked.clear()
    fewer = ENTRIES[:3]
    assert tally.update(fewer, stamps, texts) == mention_counts(fewer, list(texts.texts.values()))
    assert len(texts.asked) == len(stamps)  # the entries changed: every message again


def test_the_stage_picks_the_same_entries_as_trying_every_entry() -> None:
    """``select_entries`` matches only the candidates the index allows: the same entries, in the same order."""
    from relay_studio.library.mentions import last_mention, select_entries

    texts = [*TEXTS, "\u0130stanbul and the City of Mira"]
    entries = [*ENTRIES, LibraryEntry(type="location", name="Istanbul")]
    chosen = select_entries(entries, texts, 100_000)
    joined = "\n".join(texts)
    expected = sorted((e for e in entries if last_mention(e, texts) is not None
                       and mention_counts([e], [joined])[e.name]),
                      key=lambda e: -(last_mention(e, texts) or 0))
    assert [e.name for e in chosen.included] == [e.name for e in expected]
    assert "Istanbul" in [e.name for e in chosen.included]  # a text whose lower case is longer: every entry tried
