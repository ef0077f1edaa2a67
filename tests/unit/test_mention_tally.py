"""The codex's mention counts: ``MentionMatcher`` finds what trying every entry on every text finds, and
``MentionTally`` matches only new and changed messages, forgets deleted ones, and matches only the entries that
changed against the messages it counted."""

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
    assert texts.asked == [] and tally.entries_matched == 0  # entries removed: no message read or matched again


def test_entries_saved_removed_and_imported_are_counted_alone_and_the_counts_stay_exact() -> None:
    """A series of saves, renames, removals, imports, new, edited and deleted messages: after each step the kept
    counts are what counting every entry on every message finds, and only what changed was matched."""
    texts = Texts({f"m{i}": t for i, t in enumerate(TEXTS)})
    stamps = {m: "1" for m in texts.texts}
    tally = MentionTally("project")
    entries = list(ENTRIES)

    def step(*, entries_matched: int, messages_asked: int) -> None:
        texts.asked.clear()
        counts = tally.update(entries, stamps, texts)
        assert counts == mention_counts(entries, list(texts.texts.values()))
        assert tally.entries_matched == entries_matched and len(texts.asked) == messages_asked

    step(entries_matched=0, messages_asked=len(TEXTS))  # the first count: every message, by the messages' side
    entries[1] = entries[1].model_copy(update={"aliases": ["Captain Mira"]})  # a save: "Al-Zar" no longer counts
    step(entries_matched=1, messages_asked=0)
    entries[0] = entries[0].model_copy(update={"name": "Town"})  # a rename: "City" goes, "Town" comes
    step(entries_matched=1, messages_asked=0)
    del entries[2]  # a removal: "Jo"
    step(entries_matched=0, messages_asked=0)
    imported = [LibraryEntry(type="lore", name=f"Isle {i}", aliases=[f"isle-{i}"]) for i in range(20)]
    entries += [*imported, LibraryEntry(type="item", name="Crown", aliases=["crowns"])]  # an import of 21
    texts.texts.update(new1="Isle 3 and isle-7 lay past the crowns", new2="the old town of Isle 12")
    stamps.update(new1="1", new2="1")
    step(entries_matched=21, messages_asked=2)  # the new entries against the kept texts; new messages alone
    texts.texts["m1"], stamps["m1"] = "Captain Mira reached Isle 3", "2"  # an edit
    del texts.texts["m13"], stamps["m13"]  # a deletion
    step(entries_matched=0, messages_asked=1)
    entries[0] = entries[0].model_copy(update={"description": "Changed."})  # a save that changes no name
    entries.append(entries[1].model_copy(update={"name": "Mira"}))  # two entries named alike (outside edit)
    texts.asked.clear()
    assert tally.update(entries, stamps, texts) == mention_counts(entries, list(texts.texts.values()))
    assert len(texts.asked) == len(stamps)  # every message again, as before
    del entries[-1]
    step(entries_matched=len(entries), messages_asked=0)  # then every entry once, over the kept texts


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
