"""What the chat offers around runs: regenerate as a new version, guidance while running, delete."""

from __future__ import annotations

from relay_studio.domain.enums import RunStatus
from relay_studio.providers.scripted import ScriptedProvider, load_script
from tests.support import Harness, call, relay_profiles, until, write


def _answer(text: str) -> dict[str, object]:
    return {"toolCalls": [write("output/main.md", text), call("workspace_commit"), call("workspace_finish")]}


async def test_regenerate_adds_a_version_to_the_same_answer(harness: Harness) -> None:
    await harness.run("final-editor", {"final-editor": [_answer("First answer.")]}, prompt="Question one", chat="c")
    await harness.run("final-editor", {"final-editor": [_answer("Second answer.")]}, prompt="Question two", chat="c")
    chat = harness.runtime.chats.chat_by_name("c")
    assert chat is not None
    first_answer = harness.runtime.chats.messages(chat.id)[1]
    provider = ScriptedProvider(load_script({"turns": {"final-editor": [_answer("First answer, again.")]}}))
    handle = await harness.runtime.start_run(agent_id="final-editor", prompt="", provider_for=lambda _p: provider,
                                             profiles=relay_profiles(), regenerate_of=first_answer.id)
    assert await handle.wait() is RunStatus.COMPLETED
    # The same question, without what came after it; the answer keeps its place and gains a version.
    assert [(m.role, m.content) for m in provider.requests[0].messages] == [("user", "Question one")]
    messages = harness.runtime.chats.messages(chat.id)
    assert [(m.role, m.content) for m in messages] == [
        ("user", "Question one"), ("assistant", "First answer, again."),
        ("user", "Question two"), ("assistant", "Second answer.")]
    assert messages[1].id == first_answer.id and messages[1].version == 2
    assert [v.content for v in harness.runtime.chats.versions(first_answer.id)] == [
        "First answer.", "First answer, again."]


async def test_guidance_reaches_the_agent_at_work(harness: Harness) -> None:
    turns = {"final-editor": [{"delayMs": 100, "toolCalls": [call("workspace_list_files")]}, _answer("Done.")]}
    handle = await harness.start("final-editor", turns, chat="g")
    await until(lambda: "model_call_started" in harness.types(handle.run_id), what="the agent to be at work")
    assert harness.runtime.guide(handle.run_id, "Make it rhyme.")
    assert await handle.wait() is RunStatus.COMPLETED
    assert harness.provider is not None
    second = harness.provider.requests[1].messages[-1]
    assert (second.role, second.content) == ("user", "Guidance from the creator while you work:\n\nMake it rhyme.")
    assert not harness.runtime.guide(handle.run_id, "Too late.")
    chat = harness.runtime.chats.chat_by_name("g")
    assert chat is not None
    assert [m.content for m in harness.runtime.chats.messages(chat.id)] == ["Write a scene.", "Make it rhyme.", "Done."]
    assert {"guidance_received", "guidance_delivered"} <= set(harness.types(handle.run_id))


async def test_delete_message_keeps_the_committed_versions(harness: Harness) -> None:
    run_id, _ = await harness.run("final-editor", {"final-editor": [_answer("Kept in the ledger.")]}, chat="d")
    chat = harness.runtime.chats.chat_by_name("d")
    assert chat is not None
    answer = harness.runtime.chats.messages(chat.id)[1]
    assert harness.runtime.chats.delete_message(answer.id)
    assert [m.role for m in harness.runtime.chats.messages(chat.id)] == ["user"]
    assert [c.content for c in harness.runtime.runs.commits(run_id)] == ["Kept in the ledger."]
    turn_id = harness.of_type(run_id, "model_call_started")[0].payload["turnId"]
    turn = harness.runtime.runs.model_turn(turn_id)
    assert turn is not None and turn["response"]["tool_calls"][0]["name"] == "workspace_write_file"


async def test_edit_and_rerun_branches_the_chat(harness: Harness) -> None:
    finish = [call("workspace_commit"), call("workspace_finish")]
    await harness.run("final-editor", {"final-editor": [
        {"toolCalls": [write("persist/state.md", "Mara lives."), write("output/main.md", "About cats."), *finish]}]},
        prompt="Write about cats.", chat="pets")
    await harness.run("final-editor", {"final-editor": [_answer("Still cats.")]}, prompt="More.", chat="pets")
    chat = harness.runtime.chats.chat_by_name("pets")
    assert chat is not None
    original = harness.runtime.chats.messages(chat.id)
    branch = harness.runtime.branch_chat(original[2].id)  # edit "More."
    assert branch.parent_chat_id == chat.id and branch.name == "pets · edited"
    assert [(m.role, m.content) for m in harness.runtime.chats.messages(branch.id)] == [
        ("user", "Write about cats."), ("assistant", "About cats.")]
    run_id, status = await harness.run("final-editor", {"final-editor": [
        {"toolCalls": [call("workspace_read_file", {"path": "persist/state.md"})]}, _answer("Dogs instead.")]},
        prompt="Write about dogs.", chat=branch.id)
    assert status is RunStatus.COMPLETED
    assert harness.provider is not None
    assert [m.content for m in harness.provider.requests[0].messages] == [
        "Write about cats.", "About cats.", "Write about dogs."]
    read = next(p["result"] for p in harness.tool_results(run_id) if p["name"] == "workspace_read_file")
    assert read == "Mara lives."  # the branch carries the chat's persist/ along
    assert [m.content for m in harness.runtime.chats.messages(chat.id)] == [m.content for m in original]
    assert harness.runtime.branch_chat(original[2].id).name == "pets · edited (2)"
