"""BM25 over a few hundred short texts held in memory (a project's canon facts), ranked as the knowledge library
ranks its passages: the same FTS5 tokenizer (``store/knowledge_schema.FTS_TOKENIZE``: stems, folded accents, CJK
bigrams by ``tokens.index_text``), the same query form (``tokens.fts_query``) and SQLite's ``bm25``; no second
engine. The index lives in an in-memory database for one search (200 facts: a few milliseconds), so no table,
migration or trigger has to follow the texts; callers run it off the GUI thread.

Besides the rank, each hit says which of the question's words it matched (by the index's own stemming, one
``MATCH`` per word), and the ranking says how many texts each word matched: callers judge relevance by that.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field

from relay_studio.knowledge.tokens import fts_query, index_text, terms
from relay_studio.store.knowledge_schema import FTS_TOKENIZE

#: English function words and the verbs of a request: they say nothing about a subject, and most texts have some.
_STOP = """
a about above after again against all am an and any are as at be because been before being below between both but
by can could did do does doing down during each few for from further had has have having he her here hers herself
him himself his how i if in into is it its itself just let me more most my myself no nor not now of off on once
only or other our ours out over own please same she should so some such than that the their theirs them then there
these they this those through to too under until up very was we were what when where which while who whom why will
with would you your yours write tell go make say said keep
"""
STOP_WORDS = frozenset(_STOP.split())


@dataclass(frozen=True)
class Ranked:
    """One text the question matched: its position among the texts given, its BM25 score (higher is better) and
    the question's words it matched."""

    index: int
    score: float
    words: tuple[str, ...]


@dataclass(frozen=True)
class Ranking:
    hits: list[Ranked] = field(default_factory=list)
    #: how many of the texts each of the question's words matched
    frequency: dict[str, int] = field(default_factory=dict)


def content_words(question: str, limit: int = 64) -> list[str]:
    """The question's words worth searching for: lower-cased, each once, none of ``STOP_WORDS``, at most ``limit`` (a
    long text's first ones: a request says what it is about before it goes into detail)."""
    words = [w for w in dict.fromkeys(terms(question)) if w not in STOP_WORDS and (len(w) > 1 or not w.isascii())]
    return words[:limit]


def rank_short_texts(texts: Sequence[str], words: Sequence[str], limit: int) -> Ranking:
    """The ``limit`` texts that best match any of ``words`` by BM25, best first, each with the words it matched
    (every text that matched any word, when ``limit`` is at least their number)."""
    queries = {w: q for w in words if (q := fts_query(w)) is not None}
    if not texts or not queries or limit < 1:
        return Ranking()
    db = sqlite3.connect(":memory:")
    try:
        db.execute(f"CREATE VIRTUAL TABLE t USING fts5(body, tokenize = '{FTS_TOKENIZE}')")
        db.executemany("INSERT INTO t (rowid, body) VALUES (?, ?)", ((i, index_text(x)) for i, x in enumerate(texts)))
        matched: dict[int, list[str]] = {}
        frequency: dict[str, int] = {}
        for word, query in queries.items():
            rows = db.execute("SELECT rowid FROM t WHERE t MATCH ?", (query,)).fetchall()
            frequency[word] = len(rows)
            for (row,) in rows:
                matched.setdefault(row, []).append(word)
        if not matched:
            return Ranking(frequency=frequency)
        either = " OR ".join(dict.fromkeys(queries.values()))
        rows = db.execute("SELECT rowid, bm25(t) FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT ?",
                          (either, limit)).fetchall()
    finally:
        db.close()
    return Ranking([Ranked(row, -float(score), tuple(matched.get(row, ()))) for row, score in rows], frequency)
