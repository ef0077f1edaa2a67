"""The chat actions' headless core (the window's Chat menu): rename, duplicate and delete a chat
over a real SQLite file; the versions an answer shows (one per run)."""

from __future__ import annotations

import pytest

from relay_studio.providers.scripted import ScriptedProvider, load_script
from tests.support import Harness, call, relay_profiles, write


def _answer(text: str) -> dict[str, object]:
    return {"toolCalls": [write("output/main.md", text), call("workspace_commit"), call("workspace_finish")]}


async def test_rename_duplicate_and_delete_a_chat(harness: Harness) -> None:
    run_id, _ = await harness.run("final-editor", {"final-editor": [_answer("An answer.")]}, prompt="Ask", chat="c")
    chats = harness.runtime.chats
    chat = chats.chat_by_name("c")
    assert chat is not None
    chats.ensure_chat("other")

    assert chats.rename_chat(chat.id, "  Harbour  ").name == "Harbour"
    assert chats.chat(chat.id).name == "Harbour"  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="already called “other”"):
        chats.rename_chat(chat.id, "other")
    with pytest.raises(ValueError, match="needs a name"):
        chats.rename_chat(chat.id, " ")

    copy = chats.duplicate_chat(chat.id)
    assert copy.name == "Harbour (copy)" and copy.parent_chat_id == chat.parent_chat_id
    copied = chats.messages(copy.id)
    assert [(m.role, m.content) for m in copied] == [("user", "Ask"), ("assistant", "An answer.")]
    assert {m.id for m in copied}.isdisjoint(m.id for m in chats.messages(chat.id))
    assert chats.versions(copied[1].id) == []  # the ledger is the runs': versions stay with the original
    assert [v.content for v in chats.versions(chats.messages(chat.id)[1].id)] == ["An answer."]
    assert chats.duplicate_chat(chat.id).name == "Harbour (copy) (2)"

    child = chats.ensure_chat("continued", chat.id)
    assert chats.delete_chat(chat.id)
    assert chats.chat(chat.id) is None and chats.messages(chat.id) == []
    assert chats.chat(child.id).parent_chat_id is None  # type: ignore[union-attr]  # moved up
    assert [c.content for c in harness.runtime.runs.commits(run_id)] == ["An answer."]  # the ledger stays
    assert [m.content for m in chats.messages(copy.id)] == ["Ask", "An answer."]  # the copy is its own
    assert not chats.delete_chat(chat.id)


async def test_one_version_per_run_however_many_commits(harness: Harness) -> None:
    twice = {"toolCalls": [write("output/main.md", "Draft."), call("workspace_commit"),
                           write("output/main.md", "Revised."), call("workspace_commit"), call("workspace_finish")]}
    await harness.run("final-editor", {"final-editor": [twice]}, prompt="Ask", chat="v")
    chats = harness.runtime.chats
    chat = chats.chat_by_name("v")
    assert chat is not None
    answer = chats.messages(chat.id)[1]
    assert [v.content for v in chats.versions(answer.id)] == ["Revised."]
    again = {"toolCalls": [write("output/main.md", "Again, draft."), call("workspace_commit"),
                           write("output/main.md", "Again, revised."), call("workspace_commit"),
                           call("workspace_finish")]}
    provider = ScriptedProvider(load_script({"turns": {"final-editor": [again]}}))
    handle = await harness.runtime.start_run(agent_id="final-editor", prompt="", provider_for=lambda _p: provider,
                                             profiles=relay_profiles(), regenerate_of=answer.id)
    await handle.wait()
    # Swiping goes between the two runs' answers, never to a draft in between.
    assert [v.content for v in chats.versions(answer.id)] == ["Revised.", "Again, revised."]
