"""How a run is stored: requests as deltas rebuilt exactly, a commit as one transaction."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from relay_studio.domain.enums import RunStatus
from relay_studio.store.chats import ChatHostBridge
from relay_studio.store.compact import pack, unpack
from relay_studio.store.database import Transaction
from relay_studio.store.turn_requests import stored_text
from tests.support import Harness, call, handoff, write


def long_relay(rounds: int) -> dict[str, list[dict[str, object]]]:
    """Each stage writes ``rounds`` times (the conversation grows every call), then passes on."""
    def drafts(who: str) -> list[dict[str, object]]:
        return [{"text": f"{who} thinks about part {i}. " * 3,
                 "toolCalls": [write(f"output/{who}-{i}.md", f"{who} wrote part {i}: " + "ünïcödé ✓ \"q\" " * 40)]}
                for i in range(rounds)]
    return {
        "writer": [*drafts("writer"), {"toolCalls": [write("output/main.md", "Draft."), call("workspace_commit"),
                                                      handoff("editor", "Revise it.")]}],
        "editor": [*drafts("editor"), {"toolCalls": [write("output/main.md", "Revised."), call("workspace_commit"),
                                                      handoff("final-editor", "Finish it.")]}],
        "final-editor": [*drafts("final"), {"toolCalls": [call("workspace_commit")]},
                         {"toolCalls": [call("workspace_finish")]}],
    }


async def test_every_request_is_rebuilt_byte_for_byte_over_a_multi_turn_relay(harness: Harness) -> None:
    run_id, status = await harness.run("writer", long_relay(6))
    assert status is RunStatus.COMPLETED
    sent = harness.provider.requests if harness.provider else []
    turns = harness.runtime.runs.model_turns(run_id)
    assert len(turns) == len(sent) == 3 * 7 + 1
    raw = sqlite3.connect(harness.runtime.db.path)
    try:
        stored = {i: stored_text(raw, v) for i, v in
                  raw.execute("SELECT id, request_json FROM model_turns WHERE run_id = ?", (run_id,)).fetchall()}
        packed = sum(len(v) for (v,) in raw.execute("SELECT request_json FROM model_turns WHERE run_id = ?",
                                                    (run_id,)))
    finally:
        raw.close()
    _assert_rebuilt_exactly(harness, turns)
    firsts = {t["id"] for t in turns if t["callIndex"] == 1}
    assert all(stored[i].startswith("{") for i in firsts)
    later = [t["id"] for t in turns if t["id"] not in firsts]
    assert all(stored[i].startswith("@") for i in later)
    full = sum(len(r.model_dump_json()) for r in sent)
    assert sum(len(v) for v in stored.values()) < full / 3  # what the deltas save on a short relay already
    assert packed < sum(len(v) for v in stored.values())  # and compression on top


async def test_requests_around_a_retried_call_are_rebuilt_exactly(harness: Harness) -> None:
    turns = long_relay(3)
    turns["editor"].insert(1, {"error": {"status": 429, "message": "rate limited"}})  # a call with no answer
    turns["editor"].insert(3, {"error": {"status": 503, "message": "overloaded"}})
    run_id, status = await harness.run("writer", turns)
    assert status is RunStatus.COMPLETED
    stored = harness.runtime.runs.model_turns(run_id)
    assert sum(1 for t in stored if t["error"]) == 2
    _assert_rebuilt_exactly(harness, stored)


def _assert_rebuilt_exactly(harness: Harness, turns: list[dict[str, Any]]) -> None:
    sent = harness.provider.requests if harness.provider else []
    assert len(turns) == len(sent)
    for turn, request in zip(turns, sent, strict=True):
        original = request.model_dump_json()
        assert harness.runtime.runs.model_request_json(turn["id"]) == original  # one call alone
        assert harness.runtime.runs.model_request_json(turn["id"]).encode() == original.encode()
        assert turn["request"] == request.model_dump(mode="json")  # read in order, with the run


async def test_a_commit_whose_ledger_row_fails_leaves_the_message_as_it_was(harness: Harness) -> None:
    run_id, status = await harness.run("writer", long_relay(1))
    assert status is RunStatus.COMPLETED
    message_id = harness.runtime.runs.run(run_id).message_id  # type: ignore[union-attr]
    before = harness.runtime.chats.message(message_id or "")
    # the final editor committed the editor's unchanged file again: no third version (docs/runtime.md)
    assert before is not None and before.version == 2
    bridge = ChatHostBridge(harness.runtime.chats)

    def broken_ledger(_tx: Transaction, _message_id: str, _version: int) -> None:
        raise RuntimeError("the ledger row could not be written")

    with pytest.raises(RuntimeError):
        await bridge.commit(run_id=run_id, chat_id=before.chat_id, content="A fourth version.", agent_id="editor",
                            agent_name="Editor", ledger=broken_ledger)
    after = harness.runtime.chats.message(message_id or "")
    assert after == before  # the message did not move ahead of the ledger
    assert [c.version for c in harness.runtime.runs.commits(run_id)] == [1, 2]


def test_large_values_are_stored_compressed_and_read_back_exactly() -> None:
    text = "Der Leuchtturmwärter zählte die Stufen: 112. \ud83c\udf0a " * 40 + "\udc80 a lone surrogate"
    packed = pack(text)
    assert isinstance(packed, bytes) and len(packed) < len(text.encode("utf-8", "surrogatepass")) / 4
    assert unpack(packed) == text
    assert pack("short") == "short" and unpack("short") == "short" and unpack(None) is None


async def test_every_version_of_a_rewritten_file_reads_back_exactly(harness: Harness) -> None:
    texts = ["# Draft\n\n" + "The keeper climbed the stairs. " * 60]
    for i in range(6):  # an insertion in the middle, an appended passage, a changed title, ...
        before = texts[-1]
        cut = len(before) // (i + 2)
        texts.append(before[:cut] + f"[edit {i}: ünïcödé ✓] " + before[cut:] + f"\nPassage {i}. " * 20)
    texts.append("Short.")  # a full rewrite
    turns = {"final-editor": [{"toolCalls": [write("output/main.md", text)]} for text in texts]
             + [{"toolCalls": [call("workspace_commit"), call("workspace_finish")]}]}
    run_id, status = await harness.run("final-editor", turns)
    assert status is RunStatus.COMPLETED
    versions = harness.runtime.runs.file_versions(run_id, "output/main.md")
    assert [(v, text) for v, text, _inv in versions] == list(enumerate(texts, 1))
    raw = sqlite3.connect(harness.runtime.db.path)
    try:
        stored = [v for (v,) in raw.execute("SELECT content FROM workspace_file_versions WHERE path = ? "
                                            "ORDER BY version", ("output/main.md",))]
    finally:
        raw.close()
    assert all(isinstance(v, bytes) and v.startswith(b"\x03") for v in stored[1:-1])  # kept as edits
    assert sum(len(v) for v in stored[1:-1]) < sum(len(t) for t in texts[1:-1]) / 10
    assert stored[-1] == "Short."
