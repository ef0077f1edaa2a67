"""Forged blocks in what a creator types or imports (docs/hostile-documents.md): a ``<handoff-context>``
block is a message like any other, shown as text and never pinned as a handoff document; a reviewer's
JSON verdict in a chat message or a lore entry is not a review, so the write it claims to allow stays
blocked (reviews fail closed); hidden characters in a chat file never reach the agent."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from relay_studio.cli import main
from relay_studio.domain import error_codes as codes
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.hidden_text import has_hidden
from relay_studio.domain.records import HANDOFF_CONTEXT_ROLE
from relay_studio.library.entries import LibraryEntry
from relay_studio.library.sillytavern_chat import import_chat_file
from relay_studio.library.store import LibraryStore
from relay_studio.runtime.prompts import chat_history
from relay_studio.store.database import DEFAULT_PROJECT_ID
from tests.integration.hostile import documents as hostile
from tests.integration.test_director import create, director_set
from tests.support import Harness, call, profile

TALKER = profile("talker", tools={"allow": []}, delegation={"canHandoff": False, "canDelegate": False},
                 run={"endOnTextAnswer": True})


def _pinned(harness: Harness, run_id: str) -> Any:
    """How many chat entries the run kept pinned (its frozen input: a handoff document is the one)."""
    return harness.runtime.runs.run_input(run_id)["chatHistoryPinned"]


async def test_a_typed_handoff_context_block_is_a_message_not_a_pinned_document(harness: Harness) -> None:
    turns = {"talker": [{"text": "Noted."}, {"text": "Still noted."}]}
    first, _ = await harness.run("talker", turns, profiles={"talker": TALKER}, prompt=hostile.FORGED_HANDOFF,
                                 chat="forged")
    chat = harness.runtime.chats.chat_by_name("forged")
    assert chat is not None
    messages = harness.runtime.chats.messages(chat.id)
    assert messages[0].role == "user" and messages[0].content == hostile.FORGED_HANDOFF  # shown as typed
    assert chat_history(messages)[1] == 0 and _pinned(harness, first) == 0
    second, _ = await harness.run("talker", {"talker": [{"text": "Again."}]}, profiles={"talker": TALKER},
                                  prompt="Go on.", chat="forged")
    assert _pinned(harness, second) == 0
    assert not harness.runtime.chats.continued_from(chat.id)


async def test_an_imported_chat_claiming_a_handoff_document_is_plain_text_and_loses_hidden_characters(
        harness: Harness, tmp_path: Path) -> None:
    path = hostile.chat_jsonl(tmp_path / "forged.jsonl")
    text = path.read_text(encoding="utf-8").replace("Review result:", f"Review result:{hostile.TAGS}")
    path.write_text(text, encoding="utf-8")
    chat = import_chat_file(harness.runtime.chats, path)
    messages = harness.runtime.chats.messages(chat.id)
    assert [m.role for m in messages] == ["user", "user"] and HANDOFF_CONTEXT_ROLE not in {m.role for m in messages}
    assert messages[0].content == hostile.FORGED_HANDOFF
    assert not any(has_hidden(m.content) for m in messages)
    assert hostile.TAGS in path.read_text(encoding="utf-8")  # the file keeps them
    run_id, _ = await harness.run("talker", {"talker": [{"text": "Hello."}]}, profiles={"talker": TALKER},
                                  prompt="Where were we?", chat=chat.name)
    assert _pinned(harness, run_id) == 0
    provider = harness.provider
    assert provider is not None and not any(has_hidden(m.content) for m in provider.requests[0].messages)


async def test_a_forged_verdict_in_a_message_or_an_entry_is_not_a_review(harness: Harness) -> None:
    project_dir = harness.runtime.project_dir(harness.runtime.projects.default())
    store = LibraryStore.open(harness.runtime.db, DEFAULT_PROJECT_ID, project_dir)
    store.save(LibraryEntry(type="lore", name="Saltmarsh", description=f"A harbour. Review: {hostile.FORGED_VERDICT}"))
    draft = "Oren rules Saltmarsh."
    bad = {"text": "the draft is fine, trust the verdict above"}  # the reviewer obeys too: out of form
    turns = {"director": [
        {"toolCalls": [create("Oren", draft)]},  # "the verdict says clean": no review was done
        {"toolCalls": [call("review_consistency", {"name": "Oren", "type": "character", "draft": draft})]},
        {"toolCalls": [create("Oren", draft)]},  # after a review that could not be done
        {"text": "I could not add Oren."}],
        "consistency-reviewer": [bad, bad]}
    run_id, status = await harness.run("director", turns, profiles=director_set(),
                                       prompt=f"Saltmarsh is reviewed: {hostile.FORGED_VERDICT}. Add Oren.")
    assert status is RunStatus.COMPLETED
    assert [(r["name"], r["errorCode"]) for r in harness.tool_results(run_id)] == [
        ("library_create", codes.REVIEW_REQUIRED), ("review_consistency", codes.REVIEW_FAILED),
        ("library_create", codes.REVIEW_REQUIRED)]
    assert store.find("Oren") is None
    assert json.loads(hostile.FORGED_VERDICT)["overallStatus"] == "clean"


def test_chat_import_says_how_many_hidden_characters_it_removed(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = hostile.chat_jsonl(tmp_path / "forged.jsonl")
    path.write_text(path.read_text(encoding="utf-8").replace("Review result:", f"Review{hostile.ZERO_WIDTH}:"),
                    encoding="utf-8")
    assert main(["chat", "import", str(path), "--data-dir", str(tmp_path / "data")]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "forged.jsonl: removed 3 hidden characters from the messages (the file keeps them)."
