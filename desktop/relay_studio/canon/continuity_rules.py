"""The continuity check's deterministic rules: each a pure function of the active facts and the chapters,
returning findings whose two quotes both occur verbatim (in a chapter, or as a fact's own words).

- ``conflicting_values``: two facts give one entry's attribute different values from overlapping chapters (a
  fact holds from its ``as_of`` chapter on, so two such facts always overlap from the later one's chapter).
- ``acts_after_death``: a character the canon records dead (``status = dead``) is the subject of a sentence with
  a verb, or speaks, in a later chapter.
- ``age_arithmetic``: ``NAME, aged N`` / ``NAME was N years old`` where N is not the chapter's year minus the
  birth year (or one less: the birthday may not have come yet).
- ``text_contradicts_fact``: the text gives a described attribute (eyes, hair) another colour than the canon.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Sequence

from relay_studio.canon.continuity_text import (
    Chapter,
    fact_passage,
    finding_key,
    names_pattern,
    normalized,
    passage_of_sentence,
    sentences,
    subject,
)
from relay_studio.domain.canon import CanonFact, ContinuityFinding, FindingKind, QuotedPassage

_DEAD_VALUES = frozenset({"dead", "deceased", "killed", "died"})
_STATUS_ATTRIBUTES = frozenset({"status", "alive", "dead", "died", "death"})
_BORN_ATTRIBUTES = frozenset({"born", "birth year", "year of birth", "birth"})
#: the attribute, as a fact names it, and the noun the text describes it with
_DESCRIBED = {"eyes": "eyes", "eye colour": "eyes", "eye color": "eyes", "hair": "hair", "hair colour": "hair",
              "hair color": "hair"}
_COLOURS = frozenset({
    "green", "blue", "grey", "gray", "brown", "hazel", "amber", "black", "red", "fair", "white", "auburn",
    "blond", "blonde", "golden", "silver", "violet", "dark", "chestnut", "copper", "ginger",
})
_VERBS = frozenset({
    "said", "says", "asked", "asks", "replied", "answered", "shouted", "whispered", "took", "came", "went", "ran",
    "sat", "stood", "spoke", "lit", "left", "told", "gave", "made", "held", "knew", "thought", "felt", "found",
    "got", "kept", "put", "rode", "rose", "wrote", "drew", "drank", "ate", "saw", "met", "led", "sang", "swam",
    "threw", "caught", "brought", "bought", "sent", "built", "fought", "won", "lost", "hid", "shook", "woke",
    "slept", "wept", "crept", "struck", "tore", "wore", "broke", "began", "did", "climbed", "smiled", "laughed",
    "nodded", "sighed", "walks", "runs", "takes", "smiles", "laughs", "comes", "goes", "speaks",
})
_NOT_VERBS = frozenset({"red", "bed", "bred", "shed", "seed", "need", "speed", "hundred", "sacred", "wicked",
                        "naked", "beloved", "aged", "dead", "bled", "fled", "wed", "sled", "ragged", "learned"})
_ADVERB = r"(?:\w+ly\s+|then\s+|still\s+|suddenly\s+|also\s+)?"
_YEAR_IN_TEXT = re.compile(
    r"\b(?:[Tt]he year (?:was|is) |[Ii]n the year |(?:[Ss]pring|[Ss]ummer|[Aa]utumn|[Ff]all|[Ww]inter) of )"
    r"(\d{4})\b")
_YEAR = re.compile(r"\b(\d{4})\b")


def _finding(kind: FindingKind, rule: str, summary: str, text: QuotedPassage, evidence: QuotedPassage,
             entry: str | None) -> ContinuityFinding:
    return ContinuityFinding(kind=kind, found_by=f"rule:{rule}", summary=summary, text=text, evidence=evidence,
                             entry=entry, key=finding_key(rule, entry, text.quote, evidence.quote))


def conflicting_values(facts: Sequence[CanonFact], chapters: Sequence[Chapter]) -> list[ContinuityFinding]:
    groups: dict[tuple[str, str], list[CanonFact]] = defaultdict(list)
    for fact in facts:
        entry = subject(fact)
        if entry and fact.attribute and fact.value is not None:
            groups[(normalized(entry), normalized(fact.attribute))].append(fact)
    found = []
    for group in groups.values():
        ordered = sorted(group, key=lambda f: (f.as_of or 0, f.created_at, f.id))
        for i, later in enumerate(ordered):
            for earlier in ordered[:i]:
                if normalized(earlier.value) == normalized(later.value):
                    continue
                entry = subject(later)
                from_chapter = later.as_of or 1
                found.append(_finding(
                    FindingKind.CONFLICTING_VALUES, "conflicting_values",
                    f"The canon gives {entry}'s {later.attribute} as both '{earlier.value}' and '{later.value}' "
                    f"from chapter {from_chapter} on.",
                    fact_passage(later, chapters), fact_passage(earlier, chapters), entry))
    return found


def _dead_from(facts: Sequence[CanonFact]) -> dict[str, CanonFact]:
    dead: dict[str, CanonFact] = {}
    for fact in facts:
        entry = subject(fact)
        attribute, value = normalized(fact.attribute), normalized(fact.value)
        is_death = (attribute in _STATUS_ATTRIBUTES and value in _DEAD_VALUES) or (attribute == "alive"
                                                                                   and value in {"no", "false"})
        if entry and is_death and (entry not in dead or (fact.as_of or 0) < (dead[entry].as_of or 0)):
            dead[entry] = fact
    return dead


def _acts(sentence: str, name: str) -> bool:
    n = re.escape(name)
    if re.search(rf"\b(?:said|asked|replied|answered|shouted|whispered)\s+{n}(?!\w)", sentence):
        return True
    for match in re.finditer(rf"(?<!\w){n}(?![\w'’])\s+{_ADVERB}(\w+)", sentence):
        verb = match.group(1).lower()
        if verb in _VERBS or (verb.endswith("ed") and len(verb) > 4 and verb not in _NOT_VERBS):
            return True
    return False


def acts_after_death(facts: Sequence[CanonFact], chapters: Sequence[Chapter]) -> list[ContinuityFinding]:
    dead = _dead_from(facts)
    pattern = names_pattern(list(dead))
    if pattern is None:
        return []
    found = []
    for chapter in chapters:
        late = {name for name, fact in dead.items() if chapter.number > (fact.as_of or 0)}
        if not late:
            continue
        for sentence in sentences(chapter):
            for name in {m.group() for m in pattern.finditer(sentence.text)} & late:
                if _acts(sentence.text, name):
                    fact = dead[name]
                    found.append(_finding(
                        FindingKind.ACTS_AFTER_DEATH, "acts_after_death",
                        f"{name} acts in chapter {chapter.number}, but the canon records {name} dead from "
                        f"chapter {fact.as_of or 1}.",
                        passage_of_sentence(sentence), fact_passage(fact, chapters), name))
    return found


def chapter_years(facts: Sequence[CanonFact], chapters: Sequence[Chapter]) -> dict[tuple[str, int], int]:
    """Each chapter's year: stated in its text ("The year was 1865"), else given by the latest ``year`` fact
    holding by then, else carried over from the chat's previous chapter."""
    year_facts = sorted((f for f in facts if normalized(f.attribute) == "year" and f.value
                         and _YEAR.search(f.value)), key=lambda f: f.as_of or 0)
    years: dict[tuple[str, int], int] = {}
    last: dict[str, int] = {}
    for chapter in sorted(chapters, key=lambda c: (c.chat_id, c.number)):
        stated = _YEAR_IN_TEXT.search(chapter.text)
        holding = [f for f in year_facts if (f.as_of or 0) <= chapter.number]
        if stated:
            year: int | None = int(stated.group(1))
        elif holding:
            match = _YEAR.search(holding[-1].value or "")
            year = int(match.group(1)) if match else None
        else:
            year = last.get(chapter.chat_id)
        if year is not None:
            years[(chapter.chat_id, chapter.number)] = last[chapter.chat_id] = year
    return years


def age_arithmetic(facts: Sequence[CanonFact], chapters: Sequence[Chapter]) -> list[ContinuityFinding]:
    born: dict[str, tuple[CanonFact, int]] = {}
    for fact in facts:
        match = _YEAR.search(fact.value or "")
        entry = subject(fact)
        if entry and match and normalized(fact.attribute) in _BORN_ATTRIBUTES:
            born.setdefault(entry, (fact, int(match.group(1))))
    pattern = names_pattern(list(born))
    if pattern is None:
        return []
    years = chapter_years(facts, chapters)
    found = []
    for chapter in chapters:
        year = years.get((chapter.chat_id, chapter.number))
        if year is None:
            continue
        for sentence in sentences(chapter):
            for match in pattern.finditer(sentence.text):
                age = _stated_age(sentence.text[match.end():])
                fact, birth = born[match.group()]
                if age is None or year - birth - 1 <= age <= year - birth:
                    continue
                found.append(_finding(
                    FindingKind.AGE_ARITHMETIC, "age_arithmetic",
                    f"{match.group()} is {age} in chapter {chapter.number}, whose year is {year}, but the canon "
                    f"gives {match.group()}'s birth year as {birth}: {year - birth} would add up.",
                    passage_of_sentence(sentence), fact_passage(fact, chapters), match.group()))
    return found


_AGE_AFTER_NAME = re.compile(r"^(?:,\s*(?:aged|age|now|then|who was)\s+(\d{1,3})\b|,?\s*(?:was|is|,)\s*(?:now\s+)?"
                             r"(\d{1,3}) years old)")


def _stated_age(after_name: str) -> int | None:
    match = _AGE_AFTER_NAME.match(after_name)
    if not match:
        return None
    return int(match.group(1) or match.group(2))


def text_contradicts_fact(facts: Sequence[CanonFact], chapters: Sequence[Chapter]) -> list[ContinuityFinding]:
    described: dict[tuple[str, str], CanonFact] = {}
    for fact in facts:
        noun = _DESCRIBED.get(normalized(fact.attribute))
        entry = subject(fact)
        if noun and entry and fact.value:
            described.setdefault((entry, noun), fact)
    # every entry the canon names counts, so that "her" is read only when one of them is in the sentence
    names = sorted({entry for fact in facts for entry in fact.about}, key=len, reverse=True)
    pattern = names_pattern(names)
    if pattern is None or not described:
        return []
    forms = _DescriptionForms(names, _COLOURS | {normalized(f.value) for f in described.values()})
    found = []
    for chapter in chapters:
        for sentence in sentences(chapter):
            lowered = sentence.text.lower()
            if "eyes" not in lowered and "hair" not in lowered:
                continue
            named = {m.group() for m in pattern.finditer(sentence.text)}
            for entry, noun, colour in forms.descriptions(sentence.text, named):
                said = described.get((entry, noun))
                if said is None or (said.as_of or 0) > chapter.number or normalized(said.value) == colour:
                    continue
                found.append(_finding(
                    FindingKind.TEXT_CONTRADICTS_FACT, "text_contradicts_fact",
                    f"Chapter {chapter.number} gives {entry} {colour} {noun}, but the canon says {said.value}.",
                    passage_of_sentence(sentence), fact_passage(said, chapters), entry))
    return found


class _DescriptionForms:
    """The two ways a sentence gives someone's eyes or hair a colour, compiled once per check: after the name
    (``NAME's blue eyes``, ``NAME had blue eyes``) or, when only one name is in the sentence, a pronoun."""

    def __init__(self, names: Sequence[str], colours: Collection[str]) -> None:
        alternation = "|".join(re.escape(c) for c in sorted(colours, key=len, reverse=True))
        tail = rf"\s+(?i:({alternation}))\s+(?i:(eyes|hair))\b"
        self.after_name = re.compile(
            r"(?<!\w)(" + "|".join(re.escape(n) for n in names) + r")(?:['’]s|\s+(?:had|has))" + tail)
        self.pronoun = re.compile(r"\b(?i:her|his|their)" + tail)

    def descriptions(self, text: str, named: set[str]) -> list[tuple[str, str, str]]:
        found = [(m.group(1), m.group(3).lower(), m.group(2).lower()) for m in self.after_name.finditer(text)]
        if len(named) == 1:
            (name,) = named
            found += [(name, m.group(2).lower(), m.group(1).lower()) for m in self.pronoun.finditer(text)]
        return found


RULES = (conflicting_values, acts_after_death, age_arithmetic, text_contradicts_fact)
