"""Scenes and the rest of the studio (docs/scenes.md): the canon a character is given is what it may know in that
scene, and a branch, a copy or a fork of a scene chat keeps its cast and who heard what."""

from __future__ import annotations

import json
from typing import Any

import pytest

from relay_studio.domain.canon import FactSource, FactSourceKind
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.scenes import SceneError
from relay_studio.library.entries import LibraryEntry
from relay_studio.library.store import LibraryStore
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.fork import ForkRequest
from relay_studio.runtime.scenes import Scenes
from relay_studio.runtime.session_handoff import HandoffRefused
from relay_studio.store.canon import CanonStore
from tests.integration.test_scenes import line, scene_profiles
from tests.support import Harness

DOOR = "The vault's door is bronze and sings when touched."
CROWN = "The vault holds the drowned king's crown."
LANTERNS = "Lanterns in this town burn blue."
BRIDGE = "The north bridge has fallen into the river."
FORD = "The ford is safe only at low tide."


def requests(harness: Harness, run_id: str) -> str:
    return "\n".join(json.dumps(t["request"], ensure_ascii=False) for t in harness.runtime.runs.model_turns(run_id))


def hidden(harness: Harness, run_id: str) -> list[dict[str, str]]:
    included = harness.of_type(run_id, "canon_facts_included")
    return list(included[0].payload.get("hidden", [])) if included else []


def provider(turns: dict[str, list[dict[str, Any]]]) -> Any:
    scripted = ScriptedProvider(load_script({"turns": turns}))
    return lambda _p: scripted


async def test_a_character_is_given_only_the_canon_it_may_know_in_that_scene(harness: Harness) -> None:
    runtime = harness.runtime
    runtime.extra_profiles = list(scene_profiles().values())
    project = runtime.projects.default()
    library = LibraryStore.open(runtime.db, project.id, runtime.project_dir(project))
    library.save(LibraryEntry(type="lore", name="Vault", aliases=["the old vault"], description="Under the hill.",
                              known_by=["Alice"]))
    canon = CanonStore(runtime.db)
    canon.add(project.id, DOOR, ["the old vault"], pinned=True)  # about the Vault, by its alias
    canon.add(project.id, LANTERNS, ["Town"], pinned=True)  # no entry: everyone knows it
    canon.add(project.id, BRIDGE, ["Bridge"], pinned=True, as_of=2)  # holds from scene 2 on
    canon.add(project.id, CROWN, ["Vault"])  # found when the Vault is mentioned
    scenes = Scenes(runtime)
    scenes.new("Hill", ["alice", "bob"], narrator="narrator")
    turns = provider({"alice": [line("Alice: it hums."), line("Alice: across at dawn."), line("Alice: ready.")],
                      "bob": [line("Bob: what vault?"), line("Bob: the ford."), line("Bob: back again.")],
                      "narrator": [line("Night deepens.")]})
    direction = "They stand before the Vault."
    alice = await scenes.say_and_wait("Hill", provider_for=turns, as_id="alice", prompt=direction)
    bob = await scenes.say_and_wait("Hill", provider_for=turns, as_id="bob")
    narrator = await scenes.say_and_wait("Hill", provider_for=turns, as_id="narrator")
    assert {h.context.run_status for h in (alice, bob, narrator)} == {RunStatus.COMPLETED}

    seen = {who: requests(harness, h.run_id) for who, h in (("alice", alice), ("bob", bob), ("narrator", narrator))}
    assert direction in seen["bob"]  # Bob heard the Vault named, so only what he may know keeps its facts out
    for who, text in seen.items():
        assert LANTERNS in text, who
        assert BRIDGE not in text, who  # scene 1: the bridge still stands, for the narrator too
        assert (DOOR in text) == (who != "bob"), who
        assert (CROWN in text) == (who != "bob"), who
    assert hidden(harness, bob.run_id) == [
        {"handle": "f1", "reason": "about 'Vault', which Bob does not know"},
        {"handle": "f3", "reason": "holds from scene 2 on"},
        {"handle": "f4", "reason": "about 'Vault', which Bob does not know"}]
    assert hidden(harness, narrator.run_id) == [{"handle": "f3", "reason": "holds from scene 2 on"}]

    scenes.next_scene("Hill")
    later = await scenes.say_and_wait("Hill", provider_for=turns, as_id="bob")
    text = requests(harness, later.run_id)
    assert BRIDGE in text and LANTERNS in text and DOOR not in text
    assert [h["handle"] for h in hidden(harness, later.run_id)] == ["f1", "f4"]

    # a fact resting on words Bob did not hear stays from him, though it is about nothing he may not know
    scenes.leave("Hill", "bob")
    await scenes.say_and_wait("Hill", provider_for=turns, as_id="alice", prompt="Alice whispers of the ford.")
    chat = scenes.get("Hill").chat_id
    whisper = next(m for m in runtime.chats.messages(chat) if m.content == "Alice whispers of the ford.")
    canon.add(project.id, FORD, ["Ford"], pinned=True, source=FactSource(
        kind=FactSourceKind.MESSAGE, chat_id=chat, message_id=whisper.id, quote="whispers of the ford"))
    scenes.enter("Hill", "bob")
    bob_again = await scenes.say_and_wait("Hill", provider_for=turns, as_id="bob")
    alice_again = await scenes.say_and_wait("Hill", provider_for=turns, as_id="alice")
    assert FORD not in requests(harness, bob_again.run_id) and FORD in requests(harness, alice_again.run_id)
    assert {"handle": "f5", "reason": "rests on words Bob did not hear"} in hidden(harness, bob_again.run_id)


async def test_a_branch_a_copy_and_a_fork_of_a_scene_keep_its_cast_and_who_heard_what(harness: Harness) -> None:
    runtime = harness.runtime
    runtime.extra_profiles = list(scene_profiles().values())
    scenes = Scenes(runtime)
    record = scenes.new("Cellar", ["alice", "bob", "carol"], narrator="narrator")
    turns = provider({"alice": [line("Alice: the barrels are empty."), line("Alice: Bob is gone, so listen.")],
                      "bob": [line("Bob: I am back."), line("Bob: I am back again.")],
                      "carol": [line("Carol: the stair creaks.")]})
    await scenes.say_and_wait("Cellar", provider_for=turns, as_id="alice", prompt="Lamplight in the cellar.")
    scenes.leave("Cellar", "bob")
    await scenes.say_and_wait("Cellar", provider_for=turns, as_id="alice", prompt="Bob climbs out.")
    messages = runtime.chats.messages(record.chat_id)
    second = next(m for m in messages if m.content == "Bob climbs out.")
    original_lines = scenes.store.lines(record.chat_id)

    # a branch before the second direction: the cast, and the presence as it was when that was said
    branch = runtime.branch_chat(second.id)
    kept = scenes.get(branch.id)
    assert (kept.cast, kept.narrator_id, kept.scene, kept.present) == (record.cast, "narrator", 1, ["alice", "carol"])
    copied = runtime.chats.messages(branch.id)
    lines = scenes.store.lines(branch.id)
    assert [lines[m.id].audience for m in copied] == [original_lines[m.id].audience for m in messages[:len(copied)]]
    with pytest.raises(SceneError) as absent:
        await scenes.say(branch.id, provider_for=turns, as_id="bob")
    assert absent.value.code == "scene.speaker_absent"
    scenes.enter(branch.id, "bob")
    back = await scenes.say_and_wait(branch.id, provider_for=turns, as_id="bob")
    text = requests(harness, back.run_id)
    assert "the barrels are empty" in text and "Bob is gone" not in text
    assert scenes.get("Cellar").present == ["alice", "carol"]  # the original is as it was
    assert [c.payload.get("copiedFrom") for c in scenes.store.changes(branch.id)] == [record.chat_id, None]

    # a copy: the same cast, scene and presence now, and every line's audience
    copy = runtime.chats.duplicate_chat(record.chat_id)
    twin = scenes.get(copy.id)
    assert (twin.cast, twin.scene, twin.present) == (record.cast, 1, ["alice", "carol"])
    twin_lines = scenes.store.lines(copy.id)
    assert sorted(map(str, (v.audience for v in twin_lines.values()))) == sorted(
        map(str, (v.audience for v in original_lines.values())))

    # a fork of Bob's turn in the branch is still Bob's turn: the scene section, what he witnessed, no more
    fork = await runtime.fork_run(ForkRequest(back.run_id, 1), provider_for=turns)
    assert await fork.wait() is RunStatus.COMPLETED
    forked = requests(harness, fork.run_id)
    assert "## The scene" in forked and "the barrels are empty" in forked and "Bob is gone" not in forked


async def test_a_scene_is_not_handed_off_to_one_agent(harness: Harness) -> None:
    runtime = harness.runtime
    runtime.extra_profiles = list(scene_profiles().values())
    scenes = Scenes(runtime)
    scenes.new("Wharf", ["alice", "bob"])
    turns = provider({"alice": [line("Alice: the tide turns.")], "bob": [line("Bob: so it does.")]})
    await scenes.say_and_wait("Wharf", provider_for=turns, as_id="alice", prompt="Low tide.")
    await scenes.say_and_wait("Wharf", provider_for=turns, as_id="bob")
    runs = len(runtime.runs.runs())
    with pytest.raises(HandoffRefused) as refused:
        runtime.start_handoff(chat="Wharf", provider_for=turns, agent_id="alice")
    assert refused.value.code == "scene.turn_required" and "is a scene" in refused.value.message
    assert len(runtime.runs.runs()) == runs and len(runtime.chats.chats()) == 1
