"""The continuity check's deterministic rules over the generated manuscript (bench/manuscript_fixture.py) and
over small hand-written chapters."""

from __future__ import annotations

from functools import cache

from bench.manuscript_fixture import (
    Manuscript,
    PlantedContradiction,
    break_manuscript,
    canon_facts,
    chapters_of,
    make_manuscript,
)

from relay_studio.canon.continuity import Chapter, check
from relay_studio.domain.canon import CanonFact, FactSource, FactSourceKind, FactStatus, FindingKind


@cache
def _books() -> tuple[Manuscript, Manuscript, tuple[PlantedContradiction, ...]]:
    book = make_manuscript(seed=7, words=8_000)
    broken, planted = break_manuscript(book)
    return book, broken, tuple(planted)


def _fact(fid: str, text: str, about: str, attribute: str, value: str, as_of: int | None = None,
          quote: str = "", message: str | None = None) -> CanonFact:
    return CanonFact(id=fid, project_id="p", text=text, about=[about], attribute=attribute, value=value,
                     as_of=as_of, source=FactSource(kind=FactSourceKind.MESSAGE if quote else FactSourceKind.CREATOR,
                                                    quote=quote, message_id=message))


def _chapters(*texts: str) -> list[Chapter]:
    return [Chapter("c", "Book", f"m{n}", n, text) for n, text in enumerate(texts, start=1)]


def test_the_unbroken_manuscript_gives_no_finding() -> None:
    book, _, _ = _books()
    assert len(book.facts) == 200 and sum(f.pinned for f in book.facts) == 50
    assert check(canon_facts(book), chapters_of(book)) == []


def test_the_broken_manuscript_gives_every_planted_contradiction_with_its_quotes_and_places() -> None:
    _, broken, planted = _books()
    chapters = chapters_of(broken)
    findings = check(canon_facts(broken), chapters)
    assert len(findings) == len(planted) == 20
    for contradiction in planted:
        [finding] = [f for f in findings if f.text.quote == contradiction.quote]
        assert finding.kind == FindingKind(contradiction.kind)
        assert finding.found_by == f"rule:{contradiction.kind}"
        place = finding.text.place
        assert place.chapter == contradiction.chapter and place.message_id == f"m{contradiction.chapter}"
        assert place.offset is not None
        assert chapters[contradiction.chapter - 1].text[place.offset:].startswith(contradiction.quote)
        evidence = finding.evidence
        assert evidence.quote == contradiction.fact.quote
        assert evidence.place.chapter == contradiction.fact.as_of and evidence.place.offset is not None
        assert chapters[evidence.place.chapter - 1].text[evidence.place.offset:].startswith(evidence.quote)
        assert finding.entry == contradiction.fact.about[0]
    assert sorted({f.kind for f in findings}) == sorted(FindingKind(k) for k in
                                                        ("conflicting_values", "acts_after_death",
                                                         "age_arithmetic", "text_contradicts_fact"))


def test_a_finding_marked_intentional_is_not_reported_again_and_keys_are_stable() -> None:
    _, broken, _ = _books()
    first = check(canon_facts(broken), chapters_of(broken))
    again = check(canon_facts(broken), chapters_of(broken))
    assert [f.key for f in first] == [f.key for f in again]
    later = check(canon_facts(broken), chapters_of(broken), intentional={first[3].key})
    assert [f.key for f in later] == [f.key for f in first if f.key != first[3].key]


def test_a_dead_character_remembered_is_no_finding_but_speaking_is() -> None:
    chapters = _chapters("Oren Vale died in the fire.",
                         "They buried Oren Vale at noon. Oren Vale's coat hung by the door.",
                         '"Not yet," said Oren Vale. Oren Vale quietly closed the door.')
    dead = _fact("f1", "Oren Vale is dead.", "Oren Vale", "status", "dead", as_of=1,
                 quote="Oren Vale died in the fire.", message="m1")
    findings = check([dead], chapters)
    assert [(f.kind, f.text.place.chapter, f.text.quote) for f in findings] == [
        (FindingKind.ACTS_AFTER_DEATH, 3, '"Not yet," said Oren Vale.'),
        (FindingKind.ACTS_AFTER_DEATH, 3, "Oren Vale quietly closed the door."),
    ]
    assert findings[0].evidence.quote == "Oren Vale died in the fire." and findings[0].evidence.place.chapter == 1


def test_age_arithmetic_takes_the_year_from_a_fact_or_the_chapter_before() -> None:
    born = _fact("f1", "Mara Quell was born in 1840.", "Mara Quell", "born", "1840")
    year = _fact("f2", "The story opens in 1865.", "Story", "year", "1865", as_of=1)
    chapters = _chapters("Mara Quell, aged 24, rode out.", "Mara Quell, aged 30, rode home.",
                         "In the year 1875 the harbour froze. Mara Quell was 30 years old.")
    findings = check([born, year], chapters)
    assert [(f.text.place.chapter, f.text.quote) for f in findings] == [
        (2, "Mara Quell, aged 30, rode home."), (3, "Mara Quell was 30 years old.")]
    # a fact without a quote in the text is its own evidence
    assert findings[0].evidence.quote == born.text and findings[0].evidence.place.fact_id == "f1"


def test_a_colour_is_checked_only_from_the_chapter_the_fact_holds_and_against_one_named_character() -> None:
    eyes = _fact("f1", "Mara Quell has green eyes.", "Mara Quell", "eyes", "green", as_of=2)
    chapters = _chapters("Mara Quell rubbed her blue eyes.",
                         "Mara Quell and Oren Vale looked up; her blue eyes were tired.",
                         "Mara Quell's blue eyes narrowed.")
    oren = _fact("f2", "Oren Vale was born in 1830.", "Oren Vale", "born", "1830")
    findings = check([eyes, oren], chapters)
    assert [(f.kind, f.text.place.chapter) for f in findings] == [(FindingKind.TEXT_CONTRADICTS_FACT, 3)]


def test_two_facts_with_different_values_conflict_unless_one_is_retired() -> None:
    a = _fact("f1", "Mara Quell lives in Halden.", "Mara Quell", "home", "Halden", as_of=1)
    b = _fact("f2", "Mara Quell lives in Orsk.", "Mara Quell", "home", "orsk", as_of=3)
    [finding] = check([a, b], _chapters("x"))
    assert finding.kind == FindingKind.CONFLICTING_VALUES
    assert (finding.text.quote, finding.evidence.quote) == (b.text, a.text)
    assert check([a, b.model_copy(update={"status": FactStatus.RETIRED})], _chapters("x")) == []
    assert check([a, b.model_copy(update={"value": " halden "})], _chapters("x")) == []
