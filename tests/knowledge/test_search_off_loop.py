"""Inside a run, knowledge.search runs its BM25 search on a worker thread over a read connection of its own, never
on the loop (in the window the loop is the GUI thread), and answers the agent exactly as before."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from relay_studio.domain.enums import RunStatus
from relay_studio.knowledge.projects import library_for
from relay_studio.runtime.tools import knowledge_search
from tests.knowledge.files import write_pdf
from tests.knowledge.test_agent_and_cli import RULES, _researcher
from tests.support import Harness, call, write


async def test_knowledge_search_in_a_run_reads_off_the_loop_thread(
        harness: Harness, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    library = library_for(harness.runtime.db, harness.data_dir)
    library.import_files([write_pdf(tmp_path / "rules.pdf", RULES, outline=[("Combat", 1), ("Spells", 2)],
                                    title="Core Rules")])
    threads: list[int] = []
    real = knowledge_search.search

    def watched(*args: Any, **kwargs: Any) -> Any:  # the real search, and the thread it ran on
        threads.append(threading.get_ident())
        return real(*args, **kwargs)

    monkeypatch.setattr(knowledge_search, "search", watched)
    turns = {"researcher": [
        {"toolCalls": [call("knowledge_search", {"query": "grappling hand", "topK": 2})]},
        {"toolCalls": [write("output/main.md", "Grappling needs one free hand (Core Rules, p. 1)."),
                       call("workspace_commit", {"path": "output/main.md"}),
                       call("workspace_finish", {"summary": "Answered with a citation."})]},
    ]}
    _run_id, status = await harness.run("researcher", turns, profiles=_researcher(), prompt="How does grappling work?")
    assert status is RunStatus.COMPLETED
    assert threads and threading.get_ident() not in threads  # the loop's thread never ran the search
    assert harness.provider is not None
    answer = harness.provider.requests[1].messages[-1].content
    assert answer.startswith("1 passage from the knowledge library for \u201cgrappling hand\u201d.")
    assert "Grappling needs one free hand." in answer


async def test_a_rules_review_searches_the_knowledge_library_off_the_loop_thread(
        harness: Harness, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.integration.test_director import RULEBOOK, director_set

    book = tmp_path / "core-rules.md"
    book.write_text(RULEBOOK, encoding="utf-8")
    library_for(harness.runtime.db, harness.data_dir).import_files([book])
    threads: list[int] = []
    real = knowledge_search.search

    def watched(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.get_ident())
        return real(*args, **kwargs)

    monkeypatch.setattr(knowledge_search, "search", watched)
    answer = {"suggestions": [{"text": "Leaving reach provokes one attack.",
                               "citation": {"document": "core-rules", "page": None,
                                            "quote": "Leaving a hostile creature's reach provokes"}}],
              "summary": "One opportunity attack."}
    turns = {"director": [{"toolCalls": [call("review_rules", {"question": "When is an opportunity attack made?"})]},
                          {"text": "When a creature leaves your reach."}],
             "rules-advisor": [{"text": json.dumps(answer)}]}
    run_id, status = await harness.run("director", turns, profiles=director_set())
    assert status is RunStatus.COMPLETED
    assert threads and threading.get_ident() not in threads  # the loop's thread never ran the search
    [result] = harness.tool_results(run_id)
    assert result["citations"] and result["result"].startswith("Rules advice from Rules advisor: One opportunity")
