"""How a run reaches its project's canon: the "Canon" prompt section every stage gets (docs/canon.md).

The section holds the project's active pinned facts word for word, in the order they were added, whatever the
stage (root, handoff target, helper, reviewer, Explore, the ``/handoff`` document request). It goes into the
system prompt, so no trimming of the history can drop it. Below them, the unpinned active facts about an entry
the stage's input mentions (the story library's mention rule, ``library.mentions.mentioned_at``), then those a
search over the ledger finds for the stage's newest message (the creator's message, the brief or the task) though
it names none of their entries (``search_facts``: the knowledge library's BM25, ``knowledge/short_texts.py``),
each with its source quote, within the profile's library budget. ``canon_facts_included`` journals what the section
held, why, and its cost. Building it takes one read of the project's active facts and a substring search per entry
from the end of the input (about 17 ms for 200 facts, 70 entries and 100,000 words of input, on a loaded machine);
the search runs before, off the loop, with the stage's other reads (``library_access.read_stage``).

Pinned facts are never dropped: when they do not fit the agent's context window, the run is refused before it
starts (``pinned_overflow``, ``canon.pinned_too_large``), naming the facts that did not fit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.canon import CanonFact, FactStatus
from relay_studio.domain.coded_error import CodedError
from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.scenes import SceneTurn
from relay_studio.knowledge.short_texts import content_words, rank_short_texts
from relay_studio.library.entries import LibraryEntry
from relay_studio.library.mentions import estimate_tokens, mentioned_at
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.errors import FatalRunError
from relay_studio.runtime.scene_canon import scene_facts
from relay_studio.store.canon import CanonStore
from relay_studio.store.database import Database, Transaction

HEADING = "## Canon"
NOTE = "Facts of this story that always hold. Keep to them exactly as written; never contradict them."
#: the heading of the pinned facts a ``/handoff`` document carries (``carry_pinned``)
PINNED_IN_DOCUMENT = "### Pinned canon (kept word for word)"
RELEVANT_HEADING = "### Facts that may matter here"
RELEVANT_NOTE = "Facts about what this conversation mentions or asks about, each with the words it rests on."
#: at most this many facts come in by search in one stage (after those found by mention)
SEARCH_LIMIT = 5


def fact_line(fact: CanonFact) -> str:
    """A pinned fact as the agents read it: its text word for word (and the chapter it holds from)."""
    since = f" (from chapter {fact.as_of} on)" if fact.as_of is not None else ""
    return f"- {fact.text}{since}"


def relevant_line(fact: CanonFact) -> str:
    quote = fact.source.quote.strip()
    return fact_line(fact) + (f' — from: "{quote}"' if quote else "")


@dataclass
class CanonSection:
    """What a stage's Canon section holds, and why."""

    pinned: list[CanonFact] = field(default_factory=list)
    #: unpinned facts that came in, each with why (``Relevance``), in the order the section lists them
    relevant: list[tuple[CanonFact, Relevance]] = field(default_factory=list)
    left_out: list[CanonFact] = field(default_factory=list)
    #: facts a scene's speaker may not know, each with the reason (``runtime/scene_canon.py``)
    hidden: list[dict[str, str]] = field(default_factory=list)
    text: str = ""
    tokens: int = 0

    def payload(self, agent_id: str) -> dict[str, Any]:
        return {"agentId": agent_id, "pinned": [f.handle for f in self.pinned],
                "relevant": [{"handle": f.handle, **why.payload()} for f, why in self.relevant],
                "leftOut": [f.handle for f in self.left_out], "tokens": self.tokens,
                **({"hidden": self.hidden} if self.hidden else {})}


@dataclass(frozen=True)
class Relevance:
    """Why an unpinned fact came in: ``entry`` (its name) is mentioned, or a search for ``words`` found it."""

    entry: str = ""
    words: tuple[str, ...] = ()

    @property
    def reason(self) -> str:
        return f"found by search for '{' '.join(self.words)}'" if self.words else f"'{self.entry}' is mentioned"

    def payload(self) -> dict[str, Any]:
        if self.words:
            return {"by": "search", "words": list(self.words), "reason": self.reason}
        return {"by": "mention", "entry": self.entry, "reason": self.reason}


@dataclass(frozen=True)
class SearchHit:
    """A fact a search over the ledger found (by its id), and the question's words it matched."""

    fact_id: str
    words: tuple[str, ...]


def pinned_block(pinned: list[CanonFact]) -> str:
    return "\n".join([HEADING, NOTE, *(fact_line(f) for f in pinned)])


def mentioned_about(facts: list[CanonFact], library: list[LibraryEntry],
                    texts: list[str]) -> list[tuple[CanonFact, str]]:
    """The facts about an entry that ``texts`` mention (by its library name or aliases, else by the name the fact
    gives), each with that entry's name; those of the most recently mentioned entries first."""
    known = {name.lower(): entry for entry in library for name in (entry.name, *entry.aliases)}
    entries: dict[str, LibraryEntry] = {}
    for fact in facts:
        for about in fact.about:
            entry = known.get(about.lower()) or LibraryEntry(name=about)
            entries.setdefault(entry.name, entry)
    if not entries:
        return []
    # each mentioned entry's latest mention (the freshest first, as the library orders its entries), found from
    # the end of the input as ``select_entries`` finds it: a substring search per name, no scan of every mention
    joined = "\n".join(texts)
    lowered = joined.lower()
    last: dict[str, int] = {}
    for name, entry in entries.items():
        at = mentioned_at(entry, texts, joined=joined, lowered=lowered)
        if at is not None:
            last[name] = at
    found: list[tuple[int, CanonFact, str]] = []
    for fact in facts:
        names = [(known.get(a.lower()) or LibraryEntry(name=a)).name for a in fact.about]
        hits = [n for n in names if n in last]
        if hits:
            hit = max(hits, key=lambda n: last[n])
            found.append((last[hit], fact, hit))
    found.sort(key=lambda item: -item[0])
    return [(fact, name) for _at, fact, name in found]


def search_facts(facts: list[CanonFact], question: str) -> list[SearchHit]:
    """The facts a search for ``question`` finds relevant, best first (BM25 over each fact's text, attribute, value
    and source quote). Relevant: it matched a word that at most two facts have, or two of the question's words one
    of which at most a twentieth of the facts have; a word most facts share ("eyes", "born") alone brings none."""
    words = content_words(question)
    texts = [" ".join([f.text, f.attribute or "", f.value or "", f.source.quote]) for f in facts]
    ranking = rank_short_texts(texts, words, limit=len(texts))
    rare = max(2, len(facts) // 20)
    hits: list[SearchHit] = []
    for hit in ranking.hits:
        seen = [ranking.frequency[w] for w in hit.words]
        if min(seen, default=len(facts) + 1) <= 2 or (len(seen) >= 2 and min(seen) <= rare):
            hits.append(SearchHit(facts[hit.index].id, hit.words))
    return hits


def search_stage(db: Database, project_id: str | None, question: str) -> list[SearchHit]:
    """``search_facts`` over the project's active unpinned facts, read on ``db``: any thread may call it."""
    if project_id is None or not question.strip():
        return []
    unpinned = [f for f in CanonStore(db).facts(project_id, status=FactStatus.ACTIVE) if not f.pinned]
    return search_facts(unpinned, question) if unpinned else []


def _candidates(unpinned: list[CanonFact], library: list[LibraryEntry], texts: list[str],
                searched: list[SearchHit]) -> list[tuple[CanonFact, Relevance]]:
    """The mentioned facts (freshest mention first), then those found by search (best first, at most
    ``SEARCH_LIMIT``) that no mention brought in; a fact retired or pinned since the search is skipped."""
    found = [(f, Relevance(entry=name)) for f, name in mentioned_about(unpinned, library, texts)]
    taken = {f.id for f, _ in found}
    by_id = {f.id: f for f in unpinned}
    more = [(by_id[h.fact_id], Relevance(words=h.words)) for h in searched
            if h.fact_id in by_id and h.fact_id not in taken]
    return found + more[:SEARCH_LIMIT]


def build_section(canon: CanonStore, project_id: str, library: list[LibraryEntry], texts: list[str],
                  budget: int, searched: list[SearchHit] | None = None,
                  scene: SceneTurn | None = None) -> CanonSection:
    """The Canon section: every pinned fact, then the unpinned ones the input mentions and those ``searched``
    found, within ``budget`` tokens; in a scene turn (``scene``), only the facts its speaker may know there."""
    facts = canon.facts(project_id, status=FactStatus.ACTIVE)
    hidden: list[dict[str, str]] = []
    if scene is not None:
        known = scene_facts(facts, library, scene, canon.db)
        facts, hidden = known.kept, known.hidden
    section = CanonSection(pinned=[f for f in facts if f.pinned], hidden=hidden)
    parts = [pinned_block(section.pinned)] if section.pinned else []
    unpinned = [f for f in facts if not f.pinned]
    candidates = _candidates(unpinned, library, texts, searched or []) if unpinned and budget > 0 else []
    used = 0
    lines: list[str] = []
    for fact, why in candidates:
        line = relevant_line(fact)
        cost = estimate_tokens(line) + 1
        if used + cost > budget:
            section.left_out.append(fact)
            continue
        used += cost
        lines.append(line)
        section.relevant.append((fact, why))
    if lines:
        parts.append("\n".join([*([] if parts else [HEADING]), RELEVANT_HEADING, RELEVANT_NOTE, *lines]))
    section.text = "\n\n".join(parts)
    section.tokens = estimate_tokens(section.text) if section.text else 0
    return section


def stage_canon(tx: Transaction, run: RunContext, inv: InvocationState, entries: list[LibraryEntry],
                texts: list[str], searched: list[SearchHit] | None = None) -> str:
    """The stage's Canon section, journaled as ``canon_facts_included`` when it holds anything; ``entries`` are the
    project's story-library entries and ``searched`` what a search over the ledger found (``search_stage``), both
    read before the transaction. A stage whose model cannot hold the pinned facts does not start
    (``canon.pinned_too_large``): they are never dropped."""
    if run.project_id is None:
        return ""
    canon = CanonStore(run.db)
    section = build_section(canon, run.project_id, entries, texts, inv.profile.context.library_budget_tokens,
                            searched, run.scene)
    window = inv.profile.model.context_window_tokens
    over = pinned_overflow(inv.profile, section.pinned, window)
    if over and window is not None:
        raise FatalRunError(codes.CANON_PINNED_TOO_LARGE, overflow_sentence(inv.profile, over, window))
    if section.text or section.left_out or section.hidden:
        tx.event(run.run_id, ev.CANON_FACTS_INCLUDED, section.payload(inv.profile.id), invocation_id=inv.id)
    return section.text


def carry_pinned(document: str, pinned: list[CanonFact]) -> str:
    """A ``/handoff`` document that holds every pinned fact word for word: those the agent did not copy are added
    at the end of its "Canon & Constraints" section (or in one of their own at the end)."""
    missing = [f for f in pinned if f.text not in document]
    if not missing:
        return document
    block = PINNED_IN_DOCUMENT + "\n" + "\n".join(fact_line(f) for f in missing)
    heading = re.search(r"^#{1,6}\s*Canon\s*(?:&|&amp;|and)\s*Constraints.*$", document, re.MULTILINE | re.IGNORECASE)
    if heading is None:
        return f"{document.rstrip()}\n\n## Canon & Constraints\n{block}\n"
    after = re.search(r"^#{1,2}\s", document[heading.end():], re.MULTILINE)
    at = heading.end() + after.start() if after else len(document)
    return f"{document[:at].rstrip()}\n\n{block}\n\n{document[at:].lstrip()}".rstrip() + "\n"


def has_canon(run: RunContext) -> bool:
    """Whether the run's project has active facts (its stages' prompts ask for a Canon section)."""
    return run.project_id is not None and CanonStore(run.db).has_active(run.project_id)


def pinned_tokens(pinned: list[CanonFact]) -> int:
    return estimate_tokens(pinned_block(pinned)) if pinned else 0


def pinned_overflow(profile: AgentProfile, pinned: list[CanonFact], window: int | None) -> list[CanonFact]:
    """The pinned facts that do not fit ``profile``'s ``window`` (tokens) beside its system prompt and the
    answer's share, in ledger order; empty when all fit or the window is unknown."""
    if window is None or not pinned:
        return []
    from relay_studio.runtime.context_window import reserve_for

    budget = window - min(reserve_for(profile, window), window) - estimate_tokens(profile.instructions.system_prompt
                                                                                 or "")
    used = estimate_tokens(f"{HEADING}\n{NOTE}")
    over: list[CanonFact] = []
    for fact in pinned:
        cost = estimate_tokens(fact_line(fact)) + 1
        if used + cost > budget:
            over.append(fact)
        else:
            used += cost
    return over


def overflow_sentence(profile: AgentProfile, over: list[CanonFact], window: int) -> str:
    names = ", ".join(f"{f.handle} ({f.text[:40]}{'…' if len(f.text) > 40 else ''})" for f in over[:10])
    more = f" and {len(over) - 10} more" if len(over) > 10 else ""
    return (f"The pinned canon does not fit {profile.display_name}'s context window of {window:,} tokens: "
            f"{names}{more} did not fit. Unpin some facts or use a model with a larger window.")


def check_pinned_fit(db: Database, project_id: str | None, profile: AgentProfile, window: int | None) -> None:
    """Raises ``CanonFitError`` (``canon.pinned_too_large``) when the project's pinned facts do not fit."""
    if project_id is None or window is None:
        return
    over = pinned_overflow(profile, CanonStore(db).pinned(project_id), window)
    if over:
        raise CanonFitError(codes.CANON_PINNED_TOO_LARGE, overflow_sentence(profile, over, window), over)


class CanonFitError(CodedError, ValueError):
    """The pinned facts do not fit; ``facts`` are the ones that did not."""

    def __init__(self, code: str, message: str, facts: list[CanonFact]) -> None:
        super().__init__(code, message)
        self.facts = facts
