"""A generated ~100,000-word manuscript with planted canon facts, and a broken copy with planted contradictions.

Deterministic (one ``random.Random(seed)``) and free of I/O: the benches and tests of the canon ledger and the
continuity check build on it. ``make_manuscript`` writes 40 chapters of prose-like sentences about 40 characters,
15 places and 15 objects, and plants 200 facts (50 pinned), each with a quote that occurs verbatim in the
chapter from which it holds. The unbroken text agrees with every fact: eye and hair colours as the canon gives
them, ages that match the birth year and the chapter's year (each chapter opens with ``The year was YYYY.``), and
no character acting after the chapter of its death. ``break_manuscript`` plants 20 contradictions, five of each
rule kind of the continuity check, and records each one's chapter, quote and the fact it contradicts.

    from bench.manuscript_fixture import make_manuscript, break_manuscript
    m = make_manuscript(seed=7, words=100_000)
    broken, planted = break_manuscript(m)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from relay_studio.canon.continuity_text import Chapter
from relay_studio.domain.canon import CanonFact, FactSource, FactSourceKind

CHAPTERS = 40
FIRST_YEAR = 1860

_FIRST_NAMES = (
    "Mara", "Oren", "Ilse", "Tobin", "Wren", "Cassia", "Dorian", "Fenna", "Galen", "Hesper", "Ivo", "Jessamy",
    "Kestrel", "Linnea", "Matthias", "Nell", "Osric", "Perrin", "Quilla", "Rowan", "Sabine", "Tamsin", "Ulric",
    "Verity", "Wystan", "Yara", "Zeno", "Anselm", "Brisa", "Corwin", "Delphine", "Emeric", "Flora", "Gideon",
    "Honora", "Isolde", "Jasper", "Katell", "Lucan", "Mireille", "Niamh", "Odo", "Petra", "Rufus",
)
_FEMININE = frozenset({
    "Mara", "Ilse", "Wren", "Cassia", "Fenna", "Hesper", "Jessamy", "Kestrel", "Linnea", "Nell", "Quilla", "Sabine",
    "Tamsin", "Verity", "Yara", "Brisa", "Delphine", "Flora", "Honora", "Isolde", "Katell", "Mireille", "Niamh",
    "Petra",
})
_SURNAMES = (
    "Quell", "Vale", "Harrow", "Ashdown", "Brenn", "Calloway", "Dunmore", "Everly", "Fairweather", "Greaves",
    "Holloway", "Ingram", "Jarrow", "Kettering", "Lisle", "Marchbank", "Northcote", "Oakridge", "Pellow", "Radley",
    "Sallow", "Thorne", "Underhill", "Vickery", "Whitlow", "Yelland", "Ashgrove", "Blackmere", "Crane", "Dunstan",
    "Eldridge", "Fenwick", "Garrow", "Hale", "Ivers", "Joslin", "Kerridge", "Lowther", "Merrow", "Nettleton",
)
_PLACES = (
    "Halden", "Orsk", "Saltmere", "Brackenford", "Caul Point", "Dunwater", "Eskdale", "Farrowmoor", "Greyhaven",
    "Hollin Cross", "Inchmore", "Kilvane", "Lowmarsh", "Mirefield", "Northwick",
)
_REGIONS = ("north", "south", "east", "west", "hill country", "marshes", "coast", "river valley")
_OBJECTS = (
    "the Vey Lantern", "the Harrow Ledger", "the Salt Crown", "the Orsk Compass", "the Black Key", "the Tide Clock",
    "the Widow's Ring", "the Copper Map", "the Glass Bell", "the Ferry Seal", "the Iron Psalter", "the Moth Brooch",
    "the Pilot's Knife", "the Winter Flute", "the Amber Die",
)
_MATERIALS = ("brass", "silver", "oak", "iron", "glass", "copper", "bone", "amber", "pewter", "walnut", "jade")
_EYES = ("green", "blue", "grey", "brown", "hazel", "amber", "black")
_HAIR = ("red", "black", "fair", "brown", "white", "auburn", "grey")
_TRADES = (
    "a ferryman", "a clockmaker", "a schoolteacher", "a smuggler", "a harbour pilot", "a printer", "a physician",
    "a lamplighter", "a bookbinder", "a surveyor", "a fisherwoman", "a magistrate", "a baker", "a cartographer",
)
_ACTIONS = (
    "walked down to the harbour at {place} before the tide turned",
    "took {object} from the shelf and turned it over in the lamplight",
    "crossed the square at {place} without looking back",
    "opened the shutters and watched the rain come in over {place}",
    "counted the coins twice and put them away",
    "climbed the stair to the loft above the chandlery",
    "waited by the gate until the last cart had gone",
    "wrote a short letter and sealed it with wax",
    "mended the net that had torn on the rocks",
    "laughed at the old joke about the miller of {place}",
)
_SPEECH = (
    "We should leave before dark",
    "Nobody in {place} will believe it",
    "Keep {object} where I can see it",
    "The road to {place} is flooded again",
    "I have heard that story before",
    "Give me one more day",
)
_SCENERY = (
    "The wind came down from the hills above {place}, and the lamps were lit early.",
    "Rain drummed on the slate roofs of {place} all afternoon.",
    "Gulls wheeled over the harbour wall and the boats knocked together in the swell.",
    "The market at {place} smelled of tar, bread and wet wool.",
    "Somewhere a dog barked, and then the street was quiet again.",
    "Fog lay on the river so thick that the ferry bell rang every minute.",
    "The church clock at {place} struck the hour a little late, as it always did.",
    "Snow had settled in the ruts of the road and nobody had cleared it.",
    "The fire in the inn at {place} burned low while the talk went on.",
    "A cart loaded with barrels rattled past toward the quay.",
)
_REMEMBRANCE = (
    "Under the yew at {place} was the grave of {name}.",
    "Some evenings the talk still turned to {name} and the old days.",
    "Flowers were left for {name} at the chapel door.",
)


@dataclass(frozen=True)
class PlantedFact:
    """A fact of the canon, planted in the text: ``quote`` occurs verbatim in chapter ``as_of`` (1-based)."""

    text: str
    about: list[str]
    attribute: str | None
    value: str | None
    as_of: int | None
    pinned: bool
    quote: str


@dataclass(frozen=True)
class PlantedContradiction:
    """One contradiction planted in the broken copy: ``quote`` occurs verbatim in chapter ``chapter``.

    ``kind`` is a ``FindingKind`` value of the continuity check (``conflicting_values``, ``acts_after_death``,
    ``age_arithmetic``, ``text_contradicts_fact``); ``fact`` is the fact it contradicts. For
    ``conflicting_values`` the quote is the source of ``new_fact``, the conflicting fact added to the canon.
    """

    kind: str
    chapter: int
    quote: str
    fact: PlantedFact
    new_fact: PlantedFact | None = None


@dataclass(frozen=True)
class Manuscript:
    #: story-library entries: (type, name, description)
    entries: list[tuple[str, str, str]]
    #: the chapters' text, chapter N at index N - 1
    chapters: list[str]
    facts: list[PlantedFact]
    #: the year each chapter opens with (chapter N at index N - 1)
    years: list[int] = field(default_factory=list)

    @property
    def words(self) -> int:
        return sum(len(chapter.split()) for chapter in self.chapters)


@dataclass
class _Character:
    name: str
    feminine: bool
    eyes: str
    hair: str
    born: int
    home: str
    trade: str
    #: the chapter the character dies in, or None
    dies: int | None = None

    @property
    def pronoun(self) -> str:
        return "her" if self.feminine else "his"


@dataclass
class _Cast:
    characters: list[_Character]
    places: list[str]
    objects: list[str]
    materials: dict[str, str]
    regions: dict[str, str]
    owners: dict[str, str]


def _cast(rng: random.Random) -> _Cast:
    firsts = rng.sample(_FIRST_NAMES, 40)
    surnames = rng.sample(_SURNAMES, 40)
    characters = [
        _Character(name=f"{first} {last}", feminine=first in _FEMININE, eyes=rng.choice(_EYES),
                   hair=rng.choice(_HAIR), born=rng.randint(1800, 1845), home=rng.choice(_PLACES),
                   trade=rng.choice(_TRADES))
        for first, last in zip(firsts, surnames, strict=True)
    ]
    for index, character in enumerate(characters[30:]):
        character.dies = 10 + 2 * index  # chapters 10, 12, ..., 28
    objects = list(_OBJECTS)
    owners = {obj: characters[i].name for i, obj in enumerate(objects[:10])}
    return _Cast(characters=characters, places=list(_PLACES), objects=objects,
                 materials={obj: rng.choice(_MATERIALS) for obj in objects},
                 regions={place: rng.choice(_REGIONS) for place in _PLACES}, owners=owners)


def _facts(cast: _Cast) -> list[PlantedFact]:
    """200 facts: eyes, hair, birth year of all 40 characters, 30 homes, 10 deaths, 15 materials, 15 regions,
    10 owners. Character facts hold from chapters 1 to 8, so later chapters can contradict them."""
    facts: list[PlantedFact] = []

    def add(quote: str, about: list[str], attribute: str, value: str, as_of: int, text: str | None = None) -> None:
        facts.append(PlantedFact(text=text or quote, about=about, attribute=attribute, value=value, as_of=as_of,
                                 pinned=len(facts) % 4 == 0, quote=quote))

    for i, c in enumerate(cast.characters):
        first = 1 + i % 8
        add(f"{c.name} had {c.eyes} eyes.", [c.name], "eyes", c.eyes, first)
        add(f"{c.name} wore {c.pronoun} {c.hair} hair tied back.", [c.name], "hair", c.hair, first,
            text=f"{c.name} has {c.hair} hair.")
        add(f"{c.name} was born in {c.born}.", [c.name], "born", str(c.born), first)
        if i < 30:
            add(f"{c.name} kept a house in {c.home}.", [c.name, c.home], "home", c.home, first,
                text=f"{c.name} lives in {c.home}.")
    for c in cast.characters:
        if c.dies is not None:
            add(f"{c.name} died that night in the fire at {c.home}.", [c.name], "status", "dead", c.dies,
                text=f"{c.name} is dead: died in the fire at {c.home}.")
    for i, obj in enumerate(cast.objects):
        name = obj[4:]
        add(f"The {name} was made of {cast.materials[obj]}.", [name], "material", cast.materials[obj], 9 + i)
    for i, place in enumerate(cast.places):
        add(f"{place} lay in the {cast.regions[place]}.", [place], "region", cast.regions[place], 9 + i)
    for i, (obj, owner) in enumerate(cast.owners.items()):
        add(f"{obj[0].upper()}{obj[1:]} belonged to {owner}.", [obj[4:], owner], "owner", owner, 25 + i)
    return facts


def _alive(cast: _Cast, chapter: int) -> list[_Character]:
    return [c for c in cast.characters if c.dies is None or c.dies > chapter]


def _age(c: _Character, year: int) -> int:
    return year - c.born


def _sentence(rng: random.Random, cast: _Cast, chapter: int, year: int) -> str:
    alive = _alive(cast, chapter)
    c = rng.choice(alive)
    place, obj = rng.choice(cast.places), rng.choice(cast.objects)
    roll = rng.random()
    if roll < 0.30:
        return f"{c.name} {rng.choice(_ACTIONS).format(place=place, object=obj)}."
    if roll < 0.45:
        return f'"{rng.choice(_SPEECH).format(place=place, object=obj)}," said {c.name}.'
    if roll < 0.52:
        return f"{c.name} narrowed {c.pronoun} {c.eyes} eyes at the window."
    if roll < 0.57:
        return f"{c.name}, aged {_age(c, year)}, still walked to {place} every morning."
    if roll < 0.62:
        dead = [d for d in cast.characters if d.dies is not None and d.dies < chapter]
        if dead:
            return rng.choice(_REMEMBRANCE).format(name=rng.choice(dead).name, place=place)
    return rng.choice(_SCENERY).format(place=place)


def _chapter(rng: random.Random, cast: _Cast, number: int, year: int, planted: list[str], words: int) -> str:
    sentences = [f"The year was {year}."]
    count = 4
    slots = sorted(rng.sample(range(1, max(len(planted) + 1, words // 14)), len(planted)))
    position = 0
    while count < words or position < len(planted):
        if position < len(planted) and len(sentences) >= slots[position]:
            sentence = planted[position]
            position += 1
        else:
            sentence = _sentence(rng, cast, number, year)
        sentences.append(sentence)
        count += len(sentence.split())
    paragraphs, at = [], 0
    while at < len(sentences):
        size = rng.randint(4, 8)
        paragraphs.append(" ".join(sentences[at:at + size]))
        at += size
    return "\n\n".join(paragraphs)


def make_manuscript(seed: int = 7, words: int = 100_000) -> Manuscript:
    """40 chapters of about ``words`` words in all, 200 planted facts (every fourth pinned)."""
    rng = random.Random(seed)
    cast = _cast(rng)
    facts = _facts(cast)
    years = [FIRST_YEAR + (n - 1) // 3 for n in range(1, CHAPTERS + 1)]
    chapters = []
    for number in range(1, CHAPTERS + 1):
        planted = [f.quote for f in facts if f.as_of == number]
        chapters.append(_chapter(rng, cast, number, years[number - 1], planted, words // CHAPTERS))
    entries = [("character", c.name, f"{c.trade[0].upper()}{c.trade[1:]} from {c.home}.") for c in cast.characters]
    entries += [("place", p, f"A town in the {cast.regions[p]}.") for p in cast.places]
    entries += [("object", o[4:], f"An heirloom of {cast.materials[o]}.") for o in cast.objects]
    return Manuscript(entries=entries, chapters=chapters, facts=facts, years=years)


def _insert(chapter: str, sentence: str, rng: random.Random) -> str:
    """Insert ``sentence`` as a paragraph of its own between two paragraphs: no other quote is touched."""
    paragraphs = chapter.split("\n\n")
    at = rng.randint(1, len(paragraphs))
    return "\n\n".join([*paragraphs[:at], sentence, *paragraphs[at:]])


def _fact(m: Manuscript, attribute: str, about: str) -> PlantedFact:
    return next(f for f in m.facts if f.attribute == attribute and f.about[0] == about)


def break_manuscript(m: Manuscript, seed: int = 11) -> tuple[Manuscript, list[PlantedContradiction]]:
    """A copy of ``m`` with 20 contradictions, five of each rule kind, in chapters after the facts they break."""
    rng = random.Random(seed)
    chapters = list(m.chapters)
    facts = list(m.facts)
    planted: list[PlantedContradiction] = []
    characters = [f.about[0] for f in m.facts if f.attribute == "eyes"]
    dead = [f for f in m.facts if f.attribute == "status"]
    living = [name for name in characters if not any(d.about[0] == name for d in dead)]
    places = [name for kind, name, _ in m.entries if kind == "place"]

    def plant(kind: str, chapter: int, quote: str, fact: PlantedFact, new_fact: PlantedFact | None = None) -> None:
        chapters[chapter - 1] = _insert(chapters[chapter - 1], quote, rng)
        planted.append(PlantedContradiction(kind=kind, chapter=chapter, quote=quote, fact=fact, new_fact=new_fact))

    for name in living[0:5]:  # conflicting_values: a second home fact, from a later chapter
        old = _fact(m, "home", name)
        home = next(p for p in places[rng.randrange(len(places)):] + places if p != old.value)
        chapter = rng.randint(30, 40)
        quote = f"{name} had never lived anywhere but {home}."
        new = replace(old, text=f"{name} lives in {home}.", about=[name, home], value=home, as_of=chapter,
                      pinned=False, quote=quote)
        facts.append(new)
        plant("conflicting_values", chapter, quote, old, new)
    for fact in dead:  # acts_after_death: five of the ten dead act in a later chapter
        if len([p for p in planted if p.kind == "acts_after_death"]) == 5:
            break
        assert fact.as_of is not None
        chapter = rng.randint(fact.as_of + 1, CHAPTERS)
        plant("acts_after_death", chapter, f"{fact.about[0]} walked into the kitchen and lit the stove.", fact)
    for name in living[5:10]:  # age_arithmetic: an age ten or more years off
        fact = _fact(m, "born", name)
        chapter = rng.randint(20, 40)
        age = m.years[chapter - 1] - int(fact.value or 0) + rng.choice((-1, 1)) * rng.randint(10, 20)
        plant("age_arithmetic", chapter, f"{name}, aged {age}, was the fastest rider on the coast.", fact)
    for name in living[10:15]:  # text_contradicts_fact: another eye colour
        fact = _fact(m, "eyes", name)
        other = next(colour for colour in _EYES[rng.randrange(len(_EYES)):] + _EYES if colour != fact.value)
        chapter = rng.randint(20, 40)
        feminine = name.split()[0] in _FEMININE
        plant("text_contradicts_fact", chapter,
              f"{name} rubbed {'her' if feminine else 'his'} {other} eyes and said nothing.", fact)
    return replace(m, chapters=chapters, facts=facts), planted


def canon_facts(m: Manuscript, project_id: str = "project", chat_id: str = "chat") -> list[CanonFact]:
    """The manuscript's facts as the ledger holds them: ids ``f1``.., quotes from message ``m<as_of>``."""
    return [CanonFact(id=f"f{i}", project_id=project_id, text=f.text, about=list(f.about), attribute=f.attribute,
                      value=f.value, as_of=f.as_of, pinned=f.pinned,
                      source=FactSource(kind=FactSourceKind.MESSAGE, quote=f.quote, chat_id=chat_id,
                                        message_id=f"m{f.as_of}"))
            for i, f in enumerate(m.facts, start=1)]


def chapters_of(m: Manuscript, chat_id: str = "chat", chat_name: str = "Book") -> list[Chapter]:
    """The manuscript's chapters as the check reads them: chapter N is message ``m<N>``."""
    return [Chapter(chat_id=chat_id, chat_name=chat_name, message_id=f"m{n}", number=n, text=text)
            for n, text in enumerate(m.chapters, start=1)]
