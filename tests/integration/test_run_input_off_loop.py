"""A run's start reads its chat's history off the loop thread (in the window the loop is the GUI thread): the
chat's messages are read and encoded for the run's record on a worker thread over a connection of its own, before
the transaction that creates the run (``runtime/run_input.py``); the run freezes and sends the same history."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from relay_studio.domain.enums import RunStatus
from relay_studio.store.chats import ChatStore
from tests.integration.test_library_tools import _finish, _librarian
from tests.support import Harness


async def test_a_runs_start_reads_the_chats_history_off_the_loop_thread_and_freezes_the_same_history(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    chats = harness.runtime.chats
    chat = chats.ensure_chat("Chapter 1")
    for i in range(30):
        chats.add_message(chat.id, "user" if i % 2 == 0 else "assistant", f"Line {i} of the chapter.")
    reads: list[int] = []
    real = ChatStore.messages

    def watched(self: ChatStore, chat_id: str) -> Any:
        reads.append(threading.get_ident())
        return real(self, chat_id)

    monkeypatch.setattr(ChatStore, "messages", watched)
    handle = await harness.start("final-editor", {"final-editor": [_finish()]}, profiles=_librarian(),
                                 prompt="Go on from the last line.", chat="Chapter 1")
    started = list(reads)  # what the start read, before the run went on
    assert await handle.wait() is RunStatus.COMPLETED
    loop_thread = threading.get_ident()
    assert started and loop_thread not in started  # the chapter was read on a worker thread
    frozen = harness.runtime.runs.run_input(handle.run_id)
    assert [m["content"] for m in frozen["chatHistory"]] == [f"Line {i} of the chapter." for i in range(30)]
    assert [m["role"] for m in frozen["chatHistory"][:2]] == ["user", "assistant"]
    request = harness.provider.requests[0]  # type: ignore[union-attr]
    sent = [m.content for m in request.messages]
    assert "Line 29 of the chapter." in sent and sent[-1].endswith("Go on from the last line.")
