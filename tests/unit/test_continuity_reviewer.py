"""The continuity reviewer agent on the scripted provider: one request holding the canon and the chapter, and
only findings whose two quotes both occur verbatim kept; the others dropped with the reason."""

from __future__ import annotations

import json
from typing import Any

from relay_studio.canon.continuity import Chapter
from relay_studio.canon.reviewer import REVIEWER_ID, review_chapter
from relay_studio.domain import error_codes as codes
from relay_studio.domain.canon import CanonFact, FactSource, FactSourceKind, FindingKind
from relay_studio.domain.profile import AgentProfile
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.profile_catalog import builtin_profiles
from tests.unit.test_model_language import offences

EARLIER = Chapter("c", "Book", "m1", 1, "The year was 1861. Oren Vale died that night in the fire at Halden.")
CHAPTER = Chapter("c", "Book", "m2", 2, "The year was 1862. Oren Vale walked into the kitchen and lit the stove. "
                                        "Mara Quell rubbed her blue eyes.")
FACTS = [
    CanonFact(id="f1", project_id="p", text="Oren Vale is dead.", about=["Oren Vale"], attribute="status",
              value="dead", as_of=1, source=FactSource(kind=FactSourceKind.MESSAGE, message_id="m1",
                                                       quote="Oren Vale died that night in the fire at Halden.")),
    CanonFact(id="f2", project_id="p", text="Mara Quell has green eyes.", about=["Mara Quell"], attribute="eyes",
              value="green", pinned=True),
]


def _reviewer() -> AgentProfile:
    [profile] = [p for p in builtin_profiles() if p.id == REVIEWER_ID]
    return profile


def _provider(*answers: str) -> ScriptedProvider:
    return ScriptedProvider(load_script({"turns": {REVIEWER_ID: [{"text": a} for a in answers]}}))


def _answer(*findings: dict[str, Any]) -> str:
    return "Here is my review:\n```json\n" + json.dumps({"findings": list(findings)}) + "\n```"


async def test_a_finding_is_kept_only_when_both_quotes_occur_verbatim() -> None:
    provider = _provider(_answer(
        {"entry": "Oren Vale", "explanation": "Oren Vale died in chapter 1.",
         "textQuote": "Oren Vale walked into the kitchen", "evidenceQuote": "died that night in the fire"},
        {"entry": "Mara Quell", "explanation": "Her eyes are green.", "textQuote": "her blue eyes",
         "evidenceQuote": "Mara Quell has green eyes."},
        {"entry": "Oren Vale", "explanation": "Invented.", "textQuote": "Oren Vale danced at the wedding",
         "evidenceQuote": "Oren Vale is dead."},
        {"entry": "Mara Quell", "explanation": "Paraphrased evidence.", "textQuote": "Mara Quell rubbed",
         "evidenceQuote": "Mara's eyes are emerald green"},
    ))
    outcome = await review_chapter(provider, _reviewer(), CHAPTER, FACTS, earlier=[EARLIER])
    assert outcome.error_code is None
    assert [(f.kind, f.found_by, f.text.quote, f.evidence.quote) for f in outcome.findings] == [
        (FindingKind.REVIEWER, "reviewer:Continuity reviewer", "Oren Vale walked into the kitchen",
         "died that night in the fire"),
        (FindingKind.REVIEWER, "reviewer:Continuity reviewer", "her blue eyes", "Mara Quell has green eyes."),
    ]
    first, second = outcome.findings
    assert first.text.place.chapter == 2 and CHAPTER.text[first.text.place.offset or 0:].startswith(
        "Oren Vale walked")
    assert first.evidence.place.fact_id == "f1" and first.evidence.place.message_id == "m1"
    assert second.evidence.place.fact_id == "f2"
    assert first.key.startswith("reviewer-continuity-reviewer:") and " " not in first.key  # typed on a CLI
    assert [(d.code, d.text_quote) for d in outcome.dropped] == [
        (codes.CONTINUITY_QUOTE_NOT_IN_TEXT, "Oren Vale danced at the wedding"),
        (codes.CONTINUITY_QUOTE_NOT_IN_CANON, "Mara Quell rubbed"),
    ]
    assert "not in chapter 2 word for word" in outcome.dropped[0].reason


async def test_the_request_holds_every_fact_and_the_chapter_and_asks_for_the_form() -> None:
    provider = _provider(_answer())
    outcome = await review_chapter(provider, _reviewer(), CHAPTER, FACTS)
    assert outcome.findings == [] and outcome.dropped == [] and outcome.error_code is None
    [request] = provider.requests
    sent = request.messages[0].content
    assert all(f.text in sent for f in FACTS) and CHAPTER.text in sent and FACTS[0].source.quote in sent
    assert request.output is not None and request.output.name == "continuity_review"
    assert request.output.json_schema["required"] == ["findings"] and request.tools == []
    assert not offences(request.system + sent)


async def test_an_answer_out_of_form_or_a_failed_call_gives_no_finding_and_says_why() -> None:
    outcome = await review_chapter(_provider("I think it is fine."), _reviewer(), CHAPTER, FACTS)
    assert outcome.findings == [] and outcome.error_code == codes.CONTINUITY_REVIEW_INVALID_OUTPUT
    failing = ScriptedProvider(load_script({"turns": {REVIEWER_ID: [{"error": {"status": 500}}]}}))
    outcome = await review_chapter(failing, _reviewer(), CHAPTER, FACTS)
    assert outcome.error_code == codes.CONTINUITY_REVIEW_FAILED and "500" in (outcome.error_message or "")
