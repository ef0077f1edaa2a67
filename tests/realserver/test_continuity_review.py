"""A continuity review of one chapter of the generated manuscript by the built-in ``continuity-reviewer`` on
llama.cpp's ``llama-server`` with Gemma 3 270M (see conftest.py). A tiny model: this proves the plumbing, not the
quality. Whatever it answers, the review completes (findings, or a clear out-of-form code), every finding kept
has both quotes verbatim in the chapter and the canon, and every finding it gave otherwise is dropped with its
reason, never kept.
"""

from __future__ import annotations

import httpx
import pytest
from bench.manuscript_fixture import break_manuscript, canon_facts, chapters_of, make_manuscript

from relay_studio.canon.reviewer import REVIEWER_ID, parse_answer, review_chapter
from relay_studio.domain import error_codes as codes
from relay_studio.domain.profile import parse_profile
from relay_studio.providers.connections import Connection
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.runtime.profile_catalog import builtin_profiles
from tests.realserver.conftest import RealServer

pytestmark = [pytest.mark.realserver, pytest.mark.slow]  # a real model on shared cores: CI runs -m slow


async def test_a_continuity_review_on_llama_server_completes_and_keeps_only_verbatim_findings(
        llama_cpp_server: RealServer) -> None:
    book, _ = break_manuscript(make_manuscript(words=2_400))
    chapters = chapters_of(book)
    chapter = next(c for c in chapters if "walked into the kitchen and lit the stove" in c.text)
    facts = [f for f in canon_facts(book) if f.as_of is not None and f.as_of < chapter.number][:12]
    [builtin] = [p for p in builtin_profiles() if p.id == REVIEWER_ID]
    data = builtin.to_json_dict()
    data["model"] = {**data["model"], "maxTokens": 800}  # bounded: a runaway answer ends out of form
    data["output"]["schema"]["properties"]["findings"]["maxItems"] = 2  # each field is bounded by the profile
    profile = parse_profile(data)
    async with httpx.AsyncClient(timeout=240) as client:
        provider = OpenAICompatibleProvider(Connection.model_validate(
            {"id": "llama", "kind": "openai_compatible", "baseUrl": llama_cpp_server.base_url,
             "defaultModel": llama_cpp_server.model}), None, client=client)
        outcome = await review_chapter(provider, profile, chapter, facts, earlier=chapters[:chapter.number - 1],
                                       model=llama_cpp_server.model)
    print(f"\nanswer: {outcome.raw_answer[:400]!r}\nkept {len(outcome.findings)}, dropped {len(outcome.dropped)}, "
          f"error {outcome.error_code}")
    assert outcome.raw_answer or outcome.error_code
    assert outcome.error_code is None, outcome.error_message  # the server's grammar keeps the answer in form
    for finding in outcome.findings:
        assert finding.text.quote in chapter.text
        assert any(finding.evidence.quote in words for f in facts for words in (f.text, f.source.quote)) or any(
            finding.evidence.quote in c.text for c in chapters[:chapter.number - 1])
    given = parse_answer(outcome.raw_answer) or []
    assert len(outcome.findings) + len(outcome.dropped) <= len(given)
    for dropped in outcome.dropped:
        assert dropped.code in (codes.CONTINUITY_QUOTE_NOT_IN_TEXT, codes.CONTINUITY_QUOTE_NOT_IN_CANON)
        assert dropped.text_quote not in chapter.text or dropped.code == codes.CONTINUITY_QUOTE_NOT_IN_CANON
