"""The text side of the continuity check: chapters, their sentences, and where a fact's quote stands.

Pure functions, no I/O. A chapter is one answer of a chat, numbered as the manuscript export numbers them.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from relay_studio.domain.canon import CanonFact, FactStatus, QuotedPassage, TextPlace

#: a sentence: up to and including its end mark and a closing quotation mark, or to the end of a line
_SENTENCE = re.compile(r"[^\s][^.!?\n]*(?:[.!?]+[\"”’']?|$)", re.MULTILINE)


@dataclass(frozen=True)
class Chapter:
    """Chapter ``number`` (1-based) of a chat: the text of its ``number``-th answer."""

    chat_id: str
    chat_name: str
    message_id: str
    number: int
    text: str


@dataclass(frozen=True)
class Sentence:
    chapter: Chapter
    offset: int
    text: str


def sentences(chapter: Chapter) -> Iterator[Sentence]:
    for match in _SENTENCE.finditer(chapter.text):
        yield Sentence(chapter, match.start(), match.group().rstrip())


def names_pattern(names: Sequence[str]) -> re.Pattern[str] | None:
    """One alternation of the names, longest first, on word boundaries; None for no names."""
    if not names:
        return None
    ordered = sorted({n for n in names if n.strip()}, key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:" + "|".join(re.escape(n) for n in ordered) + r")(?![\w])")


def active(facts: Sequence[CanonFact]) -> list[CanonFact]:
    return [f for f in facts if f.status == FactStatus.ACTIVE]


def subject(fact: CanonFact) -> str | None:
    """The entry a fact's attribute belongs to: the first entry it is about."""
    return fact.about[0] if fact.about else None


def passage_of_sentence(sentence: Sentence) -> QuotedPassage:
    c = sentence.chapter
    return QuotedPassage(quote=sentence.text, place=TextPlace(chat_id=c.chat_id, chat_name=c.chat_name,
                                                              message_id=c.message_id, chapter=c.number,
                                                              offset=sentence.offset))


def fact_passage(fact: CanonFact, chapters: Sequence[Chapter]) -> QuotedPassage:
    """Where the fact's source quote stands: its message if that is a chapter, else the chapter it holds from,
    else any chapter; a fact without a quote found in the text stands for itself (its own words)."""
    quote = fact.source.quote.strip()
    if quote:
        by_message = [c for c in chapters if c.message_id == fact.source.message_id]
        by_number = [c for c in chapters if c.number == fact.as_of]
        for chapter in (*by_message, *by_number, *chapters):
            at = chapter.text.find(quote)
            if at >= 0:
                return QuotedPassage(quote=quote, place=TextPlace(
                    chat_id=chapter.chat_id, chat_name=chapter.chat_name, message_id=chapter.message_id,
                    chapter=chapter.number, fact_id=fact.id, offset=at))
    return QuotedPassage(quote=fact.text, place=TextPlace(fact_id=fact.id, offset=0))


def finding_key(rule: str, entry: str | None, text: str, evidence: str) -> str:
    """Stable across runs and across edits elsewhere in the text: the rule, the entry and both quotes."""
    digest = hashlib.sha1(f"{rule}\n{entry or ''}\n{text}\n{evidence}".encode()).hexdigest()[:16]
    slug = re.sub(r"[^a-z0-9_]+", "-", rule.lower()).strip("-")  # typed on a command line: no spaces
    return f"{slug}:{digest}"


def normalized(value: str | None) -> str:
    return " ".join((value or "").lower().split())
