"""A project's canon: the facts of its story that every agent must keep, and the findings of a continuity check.

Pure data, shared by the ledger (``store``), the prompts (``runtime``), the continuity check and the hosts.
A fact is about story-library entries (by name, as the creator sees them), may give one attribute a value
(``eyes = green``), quotes where it comes from, and holds from one chapter on: chapter N is the chat's N-th
answer, numbered as the manuscript export numbers chapters.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field


class FactStatus(StrEnum):
    #: an agent's proposal, waiting for the creator (or accepted at once by a project setting)
    PROPOSED = "proposed"
    #: part of the canon
    ACTIVE = "active"
    #: no longer part of the canon; kept with its history
    RETIRED = "retired"
    #: a proposal the creator turned down
    REJECTED = "rejected"


class FactSourceKind(StrEnum):
    #: a chat message (``chat_id`` and ``message_id``)
    MESSAGE = "message"
    #: a committed workspace file of a run (``run_id`` and ``path``)
    FILE = "file"
    #: the creator wrote the fact down without a quote
    CREATOR = "creator"


class FactSource(BaseModel):
    kind: FactSourceKind
    #: the exact words the fact rests on; empty only for ``CREATOR``
    quote: str = ""
    chat_id: str | None = None
    message_id: str | None = None
    run_id: str | None = None
    path: str | None = None


class CanonFact(BaseModel):
    id: str
    project_id: str
    #: the short name the creator types (``f12``): unique within the project, never reused
    handle: str = ""
    #: the fact as one short statement, word for word as it goes into prompts
    text: str
    #: the story-library entries the fact is about, by name
    about: list[str] = Field(default_factory=list)
    attribute: str | None = None
    value: str | None = None
    #: the chapter from which the fact holds (1-based); ``None``: from the start
    as_of: int | None = None
    pinned: bool = False
    status: FactStatus = FactStatus.ACTIVE
    source: FactSource = Field(default_factory=lambda: FactSource(kind=FactSourceKind.CREATOR))
    #: who added or proposed it: ``creator`` or an agent's name
    added_by: str = "creator"
    created_at: str = ""
    updated_at: str = ""


class TextPlace(BaseModel):
    """Where a quote stands: a chapter of a chat (its N-th answer), or a fact of the canon."""

    chat_id: str | None = None
    chat_name: str | None = None
    message_id: str | None = None
    chapter: int | None = None
    fact_id: str | None = None
    #: character offset of the quote within the message's text (or the fact's text)
    offset: int | None = None


class QuotedPassage(BaseModel):
    quote: str
    place: TextPlace


class FindingKind(StrEnum):
    #: two facts give one entry's attribute different values for overlapping chapters
    CONFLICTING_VALUES = "conflicting_values"
    #: a character acts in a chapter after the one from which canon records it dead
    ACTS_AFTER_DEATH = "acts_after_death"
    #: a stated age does not match the birth year and the year of the scene
    AGE_ARITHMETIC = "age_arithmetic"
    #: the text contradicts a fact (an attribute given another value in the text)
    TEXT_CONTRADICTS_FACT = "text_contradicts_fact"
    #: a continuity reviewer agent's finding
    REVIEWER = "reviewer"


class ContinuityFinding(BaseModel):
    kind: FindingKind
    #: ``rule:<name>`` for a deterministic rule, ``reviewer:<agent name>`` for a reviewer agent
    found_by: str
    #: one sentence in the creator's words
    summary: str
    #: the passage in the text, and the fact or earlier passage it contradicts; both occur verbatim
    text: QuotedPassage
    evidence: QuotedPassage
    entry: str | None = None
    #: a stable key: the same contradiction found again has the same key (for "intentional")
    key: str
