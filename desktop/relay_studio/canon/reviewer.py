"""The continuity reviewer agent: one model call that reads one chapter against the canon and returns findings,
each with two quotes. A finding is kept only when both quotes occur verbatim: the text quote in the chapter, the
evidence in a fact of the canon (its words or its source quote) or in an earlier chapter. Every other finding is
dropped, with the reason (``continuity.quote_not_in_text`` / ``continuity.quote_not_in_canon``), for the caller
to journal; a dropped finding is never shown as a finding.

    outcome = await review_chapter(provider, profile, chapter, facts, earlier=chapters_before)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from relay_studio.canon.continuity_text import Chapter, finding_key
from relay_studio.domain import error_codes as codes
from relay_studio.domain.canon import CanonFact, ContinuityFinding, FindingKind, QuotedPassage, TextPlace
from relay_studio.domain.messages import Message, ModelRequest, ModelSettings, OutputFormat, ResponseCompleted
from relay_studio.domain.profile import AgentProfile
from relay_studio.providers.base import ModelProvider, ProviderError

REVIEWER_ID = "continuity-reviewer"
OUTPUT_NAME = "continuity_review"
#: the longest quote kept in a dropped finding's record
_RECORDED = 300


@dataclass(frozen=True)
class DroppedFinding:
    """A reviewer's finding that was not kept: ``code`` says which quote was not found, ``reason`` in words."""

    code: str
    reason: str
    text_quote: str
    evidence_quote: str
    explanation: str


@dataclass
class ReviewOutcome:
    reviewer: str
    chapter: Chapter
    findings: list[ContinuityFinding] = field(default_factory=list)
    dropped: list[DroppedFinding] = field(default_factory=list)
    #: set when the review gave nothing usable: the model call failed or its answer was out of form
    error_code: str | None = None
    error_message: str | None = None
    raw_answer: str = ""


def _fact_line(fact: CanonFact) -> str:
    line = f"- {fact.text}"
    quote = fact.source.quote.strip()
    if quote and quote != fact.text:
        line += f' (source: "{quote}")'
    return line + (f" [from chapter {fact.as_of} on]" if fact.as_of else "")


def request_for(profile: AgentProfile, chapter: Chapter, facts: Sequence[CanonFact], model: str) -> ModelRequest:
    """The review's one request: the reviewer's prompt and answer form, the canon's facts, then the chapter."""
    schema = profile.output.json_schema or {}
    canon = "\n".join(_fact_line(f) for f in facts) or "(the canon has no facts yet)"
    user = (f"The canon of the story:\n{canon}\n\nChapter {chapter.number} of \"{chapter.chat_name}\":\n"
            f"<chapter>\n{chapter.text}\n</chapter>\n\nAnswer with JSON only, of this form: "
            f"{json.dumps(schema, ensure_ascii=False)}")
    return ModelRequest(agent_id=profile.id, session_id=f"continuity-{chapter.message_id}",
                        system=profile.instructions.system_prompt, messages=[Message(role="user", content=user)],
                        tools=[], settings=ModelSettings(model=model, temperature=profile.model.temperature,
                                                         max_tokens=profile.model.max_tokens, tool_choice="none"),
                        output=OutputFormat(name=OUTPUT_NAME, json_schema=schema))


def parse_answer(text: str) -> list[dict[str, Any]] | None:
    """The answer's findings, or None when it is not JSON with a ``findings`` list (code fences and words around
    the object are tolerated: small local models add them)."""
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        data = json.loads(text[start:end + 1])
    except json.JSONDecodeError:
        return None
    findings = data.get("findings") if isinstance(data, dict) else None
    if not isinstance(findings, list):
        return None
    return [f for f in findings if isinstance(f, dict)]


def _place_in(chapter: Chapter, quote: str) -> TextPlace | None:
    at = chapter.text.find(quote)
    if at < 0:
        return None
    return TextPlace(chat_id=chapter.chat_id, chat_name=chapter.chat_name, message_id=chapter.message_id,
                     chapter=chapter.number, offset=at)


def _evidence_place(quote: str, facts: Sequence[CanonFact], earlier: Sequence[Chapter]) -> TextPlace | None:
    for fact in facts:
        if fact.source.quote and quote in fact.source.quote:
            # the fact's source, where it stands in the text when that is an earlier chapter
            for chapter in earlier:
                if chapter.message_id == fact.source.message_id and (place := _place_in(chapter, quote)):
                    return place.model_copy(update={"fact_id": fact.id})
            return TextPlace(fact_id=fact.id, offset=fact.source.quote.find(quote), chapter=fact.as_of,
                             chat_id=fact.source.chat_id, message_id=fact.source.message_id)
        if quote in fact.text:
            return TextPlace(fact_id=fact.id, offset=fact.text.find(quote))
    for chapter in earlier:
        place = _place_in(chapter, quote)
        if place is not None:
            return place
    return None


def _clip(text: str) -> str:
    return text if len(text) <= _RECORDED else text[:_RECORDED] + "…"


def judge(raw: dict[str, Any], reviewer: str, chapter: Chapter, facts: Sequence[CanonFact],
          earlier: Sequence[Chapter]) -> ContinuityFinding | DroppedFinding:
    """Keeps a finding whose two quotes both occur verbatim; otherwise says why it is dropped."""
    text_quote = str(raw.get("textQuote") or "").strip()
    evidence_quote = str(raw.get("evidenceQuote") or "").strip()
    explanation = str(raw.get("explanation") or "").strip()
    text_place = _place_in(chapter, text_quote) if text_quote else None
    if text_place is None:
        return DroppedFinding(codes.CONTINUITY_QUOTE_NOT_IN_TEXT,
                              f"The quote from the text is not in chapter {chapter.number} word for word.",
                              _clip(text_quote), _clip(evidence_quote), _clip(explanation))
    evidence_place = _evidence_place(evidence_quote, facts, earlier) if evidence_quote else None
    if evidence_place is None:
        return DroppedFinding(codes.CONTINUITY_QUOTE_NOT_IN_CANON,
                              "The evidence quote is neither in the canon nor in an earlier chapter word for word.",
                              _clip(text_quote), _clip(evidence_quote), _clip(explanation))
    entry = str(raw.get("entry") or "").strip() or None
    return ContinuityFinding(
        kind=FindingKind.REVIEWER, found_by=f"reviewer:{reviewer}",
        summary=explanation or f"The reviewer found a contradiction in chapter {chapter.number}.",
        text=QuotedPassage(quote=text_quote, place=text_place),
        evidence=QuotedPassage(quote=evidence_quote, place=evidence_place), entry=entry,
        key=finding_key(f"reviewer:{reviewer}", entry, text_quote, evidence_quote))


async def _answer(provider: ModelProvider, request: ModelRequest) -> str:
    text = ""
    async for event in provider.stream(request):
        if isinstance(event, ResponseCompleted):
            text = event.response.text
    return text


async def review_chapter(provider: ModelProvider, profile: AgentProfile, chapter: Chapter,
                         facts: Sequence[CanonFact], *, earlier: Sequence[Chapter] = (),
                         model: str = "default") -> ReviewOutcome:
    """Asks the reviewer once and judges each finding; never raises for the model's failures (they are the
    outcome's ``error_code``)."""
    outcome = ReviewOutcome(reviewer=profile.display_name, chapter=chapter)
    try:
        outcome.raw_answer = await _answer(provider, request_for(profile, chapter, facts, model))
    except ProviderError as exc:
        outcome.error_code = codes.CONTINUITY_REVIEW_FAILED
        outcome.error_message = f"The continuity review could not be done ({exc.code}): {exc.message}"
        return outcome
    found = parse_answer(outcome.raw_answer)
    if found is None:
        outcome.error_code = codes.CONTINUITY_REVIEW_INVALID_OUTPUT
        outcome.error_message = "The reviewer's answer was not JSON with a list of findings."
        return outcome
    keys: set[str] = set()
    for raw in found:
        judged = judge(raw, profile.display_name, chapter, facts, earlier)
        if isinstance(judged, DroppedFinding):
            outcome.dropped.append(judged)
        elif judged.key not in keys:
            keys.add(judged.key)
            outcome.findings.append(judged)
    return outcome


