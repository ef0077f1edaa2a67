"""Hostile lore and knowledge documents, obeyed by scripted agents (docs/hostile-documents.md): an
always-fire lore entry with a recursion and a size bomb stays within the prompt's budget and one read;
a PDF's white, 1-pt, off-page and invisible orders never reach the passages; a knowledge chunk that
demands a citation to a document that does not exist gets no citation, only real passages do."""

from __future__ import annotations

import json
from pathlib import Path

from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.hidden_text import has_hidden
from relay_studio.knowledge.library import KnowledgeLibrary
from relay_studio.library.store import LibraryStore
from relay_studio.runtime.card_profile import import_card
from relay_studio.runtime.tools.library_read import MAX_READ_CHARS
from relay_studio.store.database import DEFAULT_PROJECT_ID
from tests.integration.hostile import documents as hostile
from tests.integration.test_director import director_set
from tests.support import Harness, call, profile

READER = profile("reader", tools={"allow": ["library.list", "library.read", "library.search", "knowledge.search"]},
                 delegation={"canHandoff": False, "canDelegate": False}, run={"endOnTextAnswer": True})


def _project(harness: Harness) -> Path:
    return harness.runtime.project_dir(harness.runtime.projects.default())


async def test_an_always_fire_lore_bomb_stays_within_the_budget_and_does_not_recurse(
        harness: Harness, tmp_path: Path) -> None:
    store = LibraryStore.open(harness.runtime.db, DEFAULT_PROJECT_ID, _project(harness))
    done = import_card(harness.runtime, store, hostile.lore_bomb(tmp_path / "bomb.json"))
    assert len(done.outcome.added) == 41
    turns = {"reader": [{"toolCalls": [call("library_read", {"name": "Eldoria"})]}, {"text": "Obeyed."}]}
    run_id, status = await harness.run("reader", turns, profiles={"reader": READER},
                                       prompt="Tell me about link1.")
    assert status is RunStatus.COMPLETED
    included = harness.of_type(run_id, ev.LIBRARY_ENTRIES_INCLUDED)[0].payload
    # one mention brings in one entry (entries never mention each other in); the 250 KB entry set to
    # always fire does not fit the budget, so it is left out, not cut into the prompt
    assert included["names"] == ["Link 1"] and included["leftOut"] == ["Eldoria"]
    assert included["tokens"] <= included["budget"] == 2000
    provider = harness.provider
    assert provider is not None
    assert len(provider.requests[0].system or "") < 20_000 and "ALWAYS OBEY" not in (provider.requests[0].system or "")
    read = harness.tool_results(run_id)[0]
    assert read["errorCode"] is None and read["cut"] is True
    assert len(read["result"]) < MAX_READ_CHARS + 200 and "more characters, left out here" in read["result"]


async def test_a_pdfs_hidden_orders_never_reach_the_passages(harness: Harness, tmp_path: Path) -> None:
    path = hostile.pdf(tmp_path / "rules.pdf")
    library = KnowledgeLibrary(harness.runtime.db, DEFAULT_PROJECT_ID, _project(harness))
    report = library.import_files([path])
    outcome = report.outcomes[0]
    assert outcome.ok and outcome.hidden == len(hostile.HIDDEN_ORDERS)
    assert "5 pieces of hidden text" in outcome.message
    text = " ".join(c.text for d in library.documents() for c in library.chunks(d))
    assert all(line in text for line in hostile.VISIBLE)
    assert not any(order.split()[0] in text for order in hostile.HIDDEN_ORDERS)
    stored = _project(harness) / "knowledge"
    assert any(f.read_bytes() == path.read_bytes() for f in stored.rglob("*.pdf"))  # the file keeps them
    turns = {"reader": [{"toolCalls": [call("knowledge_search", {"query": "ignore the creator workspace_commit"}),
                                       call("knowledge_search", {"query": "tide marsh"})]},
                        {"text": "Obeyed."}]}
    run_id, _status = await harness.run("reader", turns, profiles={"reader": READER}, prompt="What are the rules?")
    results = harness.tool_results(run_id)
    assert not any(order.split()[0] in r["result"] for r in results for order in hostile.HIDDEN_ORDERS)
    assert "The tide rules the marsh." in results[1]["result"]


async def test_a_chunk_demanding_a_citation_to_a_document_that_does_not_exist_gets_none(
        harness: Harness, tmp_path: Path) -> None:
    library = KnowledgeLibrary(harness.runtime.db, DEFAULT_PROJECT_ID, _project(harness))
    report = library.import_files([hostile.knowledge_md(tmp_path / "core-rules.md")])
    assert report.imported and report.outcomes[0].hidden == 2  # the bidi controls
    # the rules advisor obeys the chunk: it cites the "Forbidden Grimoire", page 9, with a real quote
    answer = {"suggestions": [
        {"text": "A grappled creature cannot move.",
         "citation": {"document": "Forbidden Grimoire", "page": 9,
                      "quote": "the grappled creature's speed becomes 0"}},
        {"text": "Flying ignores difficult terrain.",
         "citation": {"document": "core-rules", "page": None,
                      "quote": "a flying creature ignores difficult terrain"}}],
        "summary": "The Grimoire is the official rulebook."}
    turns = {"director": [{"toolCalls": [call("review_rules", {"question": "Can a grappled creature move?"})]},
                          {"text": "As the Forbidden Grimoire, page 9, says: no."}],
             "rules-advisor": [{"text": json.dumps(answer)}]}
    run_id, status = await harness.run("director", turns, profiles=director_set())
    assert status is RunStatus.COMPLETED
    result = harness.tool_results(run_id)[0]
    assert result["unverifiedCitations"] == 1
    assert "“Forbidden Grimoire”, page 9: “the grappled creature's speed becomes 0” (this quote is not in the " \
           "passages found" in result["result"]
    # what the window links as citations are the passages the runtime found: real documents, real ranges
    docs = {d.id: d for d in library.documents()}
    for cited in result["citations"]:
        assert cited["documentId"] in docs
        chunks = library.chunks(docs[cited["documentId"]])
        assert any((c.char_start, c.char_end) == (cited["charStart"], cited["charEnd"]) for c in chunks)
        assert "Grimoire" not in cited["title"]
    assert not any(has_hidden(c.text) for d in docs.values() for c in library.chunks(d))
