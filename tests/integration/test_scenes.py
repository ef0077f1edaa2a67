"""Scene chats (docs/scenes.md): a scripted story of three scenes and five characters, where characters enter
and leave and one is told a secret. Every recorded model request is checked against who witnessed what."""

from __future__ import annotations

import json
from typing import Any

import pytest

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.scenes import SceneError
from relay_studio.library.entries import EntryVersion, LibraryEntry
from relay_studio.library.store import LibraryStore
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.engine import RunRequestError
from relay_studio.runtime.scenes import Scenes
from relay_studio.ui.timeline.sentences import sentence
from tests.support import Harness, call, profile

CAST = ["alice", "bob", "carol", "dave", "erin"]
TOWER = {1: "The tower stands whole and silent.", 2: "The tower is burning from the top down.",
         3: "The tower is a heap of warm ash."}
VAULT = "The vault opens only at the new moon."
SECRET = "the key lies under the third stone of the well"


def scene_profiles() -> dict[str, Any]:
    out = {pid: profile(pid, tools={"allow": []}, delegation={"canHandoff": False, "canDelegate": False},
                        run={"endOnTextAnswer": True}) for pid in [*CAST, "narrator"]}
    return out


def line(text: str) -> dict[str, Any]:
    return {"text": text}


#: each character's scripted turns, in the order they speak
SCRIPT: dict[str, list[dict[str, Any]]] = {
    "alice": [line("Alice one: the lanterns flicker in the hall."),
              {"toolCalls": [call("character_tell", {"to": "Dave", "message": SECRET})]},
              line("Alice two: I say nothing of what I know."),
              line("Alice three: the ash is still warm under my boots.")],
    "bob": [line("Bob one: someone moved the chairs tonight."),
            line("Bob two: with Carol gone we can speak of the vault."),
            line("Bob three: I came as fast as the road allowed.")],
    "carol": [line("Carol one: I smell smoke from the north stair.")],
    "dave": [line("Dave one: I will look under the stones at dawn.")],
    "erin": [line("Erin one: the bells rang twice before midnight."),
             line("Erin two: the fire took everything but the bell.")],
    "narrator": [{"toolCalls": [call("scene_choose_speaker", {"name": "Bob"})]},
                 line("Narrator one: hooves sound on the bridge as a rider arrives.")],
}


class Story:
    """The test's own record of who heard each line, kept apart from the code under test."""

    def __init__(self, harness: Harness) -> None:
        self.h = harness
        self.scenes = Scenes(harness.runtime)
        self.provider = ScriptedProvider(load_script({"turns": SCRIPT}))
        self.present: list[str] = []
        self.heard: dict[str, set[str]] = {}  # text -> who may know it
        self.scene = 1
        self.runs: list[tuple[str, str, int, dict[str, set[str]]]] = []  # run id, speaker, scene, heard before

    async def say(self, as_id: str | None = None, prompt: str | None = None) -> str:
        provider, before = self.provider, dict(self.heard)
        handle = await self.scenes.say_and_wait("Harbour", provider_for=lambda _p: provider, as_id=as_id,
                                                prompt=prompt)
        assert handle.context.run_status is RunStatus.COMPLETED, self.h.types(handle.run_id)
        speaker = self.h.runtime.runs.run(handle.run_id).root_profile_id  # type: ignore[union-attr]
        self.runs.append((handle.run_id, speaker, self.scene, before))
        audience = set(self.present) | {"narrator"}
        if prompt:
            self.heard[prompt] = audience
        for message in self.h.runtime.chats.messages(handle.chat_id):
            if message.run_id == handle.run_id and message.role == "assistant":
                self.heard[message.content] = audience
        return speaker


async def test_each_character_knows_only_what_it_witnessed_or_was_told(harness: Harness) -> None:
    harness.runtime.extra_profiles = list(scene_profiles().values())
    project = harness.runtime.projects.default()
    library = LibraryStore.open(harness.runtime.db, project.id, harness.runtime.project_dir(project))
    library.save(LibraryEntry(type="location", name="Tower", description=TOWER[1], always_include=True,
                              versions=[EntryVersion(from_scene=2, description=TOWER[2]),
                                        EntryVersion(from_scene=3, description=TOWER[3])]))
    library.save(LibraryEntry(type="lore", name="Vault", description=VAULT, always_include=True,
                              known_by=["Alice", "dave"]))
    story = Story(harness)
    scenes = story.scenes
    # scene 1: Alice, Bob and Carol in the hall; Dave and Erin elsewhere
    record = scenes.new("Harbour", CAST, narrator="narrator")
    assert record.present == CAST
    for who in ("dave", "erin"):
        scenes.leave("Harbour", who)
    story.present = ["alice", "bob", "carol"]
    assert await story.say("alice", prompt="Night falls over the hall.") == "alice"
    assert await story.say() == "bob"  # the round goes on from Alice
    assert await story.say("alice") == "alice"  # tells Dave the secret, then speaks
    story.heard[SECRET] = {"alice", "dave", "narrator"}
    assert await story.say("carol") == "carol"
    scenes.leave("Harbour", "carol")
    story.present = ["alice", "bob"]
    assert await story.say("bob") == "bob"
    # scene 2: Carol, Dave and Erin at the tower; Bob rides in when the narrator calls him
    scenes.next_scene("Harbour", ["carol", "dave", "erin"])
    story.scene, story.present = 2, ["carol", "dave", "erin"]
    assert await story.say("dave") == "dave"
    assert await story.say("erin") == "erin"
    scenes.enter("Harbour", "bob")
    story.present = ["carol", "dave", "erin", "bob"]
    assert await story.say("narrator") == "narrator"
    assert await story.say() == "bob"  # the narrator's pick
    # scene 3: Alice and Erin in the ashes
    scenes.next_scene("Harbour", ["alice", "erin"])
    story.scene, story.present = 3, ["alice", "erin"]
    assert await story.say("alice") == "alice"
    assert await story.say("erin") == "erin"

    assert len(story.runs) == 11
    checked = seen = 0
    for run_id, speaker, scene, before in story.runs:
        requests = [json.dumps(t["request"], ensure_ascii=False) for t in harness.runtime.runs.model_turns(run_id)]
        assert requests
        for text in requests:
            for other, who in story.heard.items():
                if speaker != "narrator" and speaker not in who:
                    assert other not in text, (speaker, scene, other)
                    checked += 1
            for version, words in TOWER.items():
                assert (words in text) == (version == scene), (speaker, scene, version)
            assert (VAULT in text) == (speaker in ("alice", "dave", "narrator")), speaker
        witnessed = [t for t, who in before.items() if speaker in who or speaker == "narrator"]
        assert all(t in requests[0] for t in witnessed), (speaker, scene)  # and all it did witness is there
        seen += len(witnessed)
    assert checked > 40 and seen > 20
    # Dave was not there in scene 1 but was told the secret; Carol never was
    dave = next(r for r in story.runs if r[1] == "dave")[0]
    dave_request = json.dumps(harness.runtime.runs.model_turns(dave)[0]["request"])
    assert SECRET in dave_request and "Alice one" not in dave_request
    # what was left out is journaled with its reason
    context = harness.of_type(dave, "scene_context_assembled")[0].payload
    reasons = {item["reason"] for item in context["leftOut"]}
    assert "not present in scene 1" in reasons
    erin_last = story.runs[-1][0]
    erin_context = harness.of_type(erin_last, "scene_context_assembled")[0].payload
    assert {"name": "Vault", "reason": "not known to Erin"} in erin_context["entriesLeftOut"]
    assert any(i["reason"] == "told privately to Dave" for i in erin_context["leftOut"])
    carol_context = harness.of_type(story.runs[3][0], "scene_context_assembled")[0].payload
    assert carol_context["leftOut"] and carol_context["leftOut"][0]["reason"] == "told privately to Dave"
    changes = [c.action for c in scenes.store.changes(record.chat_id)]
    assert changes.count("left") == 3 and changes.count("scene_break") == 2 and "told" in changes
    assert "speaker_chosen" in changes and "entered" in changes


async def test_presence_can_be_corrected_and_a_corrected_line_is_then_seen(harness: Harness) -> None:
    harness.runtime.extra_profiles = list(scene_profiles().values())
    scenes = Scenes(harness.runtime)
    scenes.new("Inn", ["alice", "bob"])
    scenes.leave("Inn", "bob")
    provider = ScriptedProvider(load_script({"turns": {"alice": [line("Alice whispers: the cellar is flooded.")],
                                                       "bob": [line("Bob: I heard you.")]}}))
    await scenes.say_and_wait("Inn", provider_for=lambda _p: provider, as_id="alice")
    said = next(m for m in harness.runtime.chats.messages(scenes.get("Inn").chat_id) if m.role == "assistant")
    assert scenes.store.lines(said.chat_id)[said.id].audience == ["alice"]
    scenes.correct("Inn", said.id, ["alice", "bob"])  # Bob was listening at the door after all
    scenes.enter("Inn", "bob")
    handle = await scenes.say_and_wait("Inn", provider_for=lambda _p: provider, as_id="bob")
    request = json.dumps(harness.runtime.runs.model_turns(handle.run_id)[0]["request"])
    assert "the cellar is flooded" in request
    corrected = [c for c in scenes.store.changes(said.chat_id) if c.action == "presence_corrected"]
    assert corrected[0].payload == {"messageId": said.id, "before": ["alice"], "after": ["alice", "bob"]}


@pytest.mark.parametrize(("action", "code"), [
    (lambda s: s.new("X", []), "scene.bad_cast"),
    (lambda s: s.new("X", ["alice", "alice"]), "scene.bad_cast"),
    (lambda s: s.new("X", ["ghost"]), "scene.unknown_agent"),
    (lambda s: s.new("X", ["alice"], narrator="alice"), "scene.bad_cast"),
    (lambda s: s.enter("Nowhere", "alice"), "scene.not_found"),
    (lambda s: s.new("  ", ["alice"]), "scene.bad_name"),
])
def test_bad_scene_input_is_refused_with_a_code(harness: Harness, action: Any, code: str) -> None:
    harness.runtime.extra_profiles = list(scene_profiles().values())
    with pytest.raises(SceneError) as info:
        action(Scenes(harness.runtime))
    assert info.value.code == code


async def test_a_speaker_who_is_not_present_or_not_in_the_cast_is_refused(harness: Harness) -> None:
    harness.runtime.extra_profiles = list(scene_profiles().values())
    scenes = Scenes(harness.runtime)
    scenes.new("Road", ["alice", "bob"])
    scenes.leave("Road", "bob")
    provider = ScriptedProvider(load_script({"turns": {}}))
    for as_id, code in (("bob", "scene.speaker_absent"), ("carol", "scene.not_in_cast")):
        with pytest.raises(SceneError) as info:
            await scenes.say("Road", provider_for=lambda _p: provider, as_id=as_id)
        assert info.value.code == code
    with pytest.raises(SceneError) as again:
        scenes.leave("Road", "bob")
    assert again.value.code == "scene.presence_unchanged"
    assert harness.runtime.runs.runs() == []


async def test_an_ordinary_run_of_a_scene_chat_is_refused_before_anything_is_written(harness: Harness) -> None:
    harness.runtime.extra_profiles = list(scene_profiles().values())
    scenes = Scenes(harness.runtime)
    record = scenes.new("Vigil", ["alice", "bob"])
    provider = ScriptedProvider(load_script({"turns": {"alice": [line("Alice: the candle is lit.")]}}))
    answer = (await scenes.say_and_wait("Vigil", provider_for=lambda _p: provider, as_id="alice",
                                        prompt="Night in the chapel.")).run_id
    reply = next(m for m in harness.runtime.chats.messages(record.chat_id) if m.role == "assistant")
    for kw in ({"chat": "Vigil"}, {"chat": "Vigil", "regenerate_of": reply.id}):
        with pytest.raises(RunRequestError) as info:
            await harness.runtime.start_run(agent_id="alice", prompt="Tell me everything.",
                                            provider_for=lambda _p: provider, **kw)  # type: ignore[arg-type]
        assert info.value.code == "scene.turn_required"
    assert [r.id for r in harness.runtime.runs.runs()] == [answer]
    assert len(harness.runtime.chats.messages(record.chat_id)) == 2


async def test_the_narrators_pick_waits_through_a_turn_the_creator_gives_someone_else(harness: Harness) -> None:
    harness.runtime.extra_profiles = list(scene_profiles().values())
    scenes = Scenes(harness.runtime)
    scenes.new("Ford", ["alice", "bob", "carol"], narrator="narrator")
    provider = ScriptedProvider(load_script({"turns": {
        "narrator": [{"toolCalls": [call("scene_choose_speaker", {"name": "Carol"})]}, line("The river rises.")],
        "alice": [line("Alice: we cross now.")], "carol": [line("Carol: not yet.")], "bob": [line("Bob: agreed.")]}}))

    async def say(as_id: str | None) -> str:
        handle = await scenes.say_and_wait("Ford", provider_for=lambda _p: provider, as_id=as_id)
        return handle.context.scene.speaker_id if handle.context.scene else ""

    assert await say("narrator") == "narrator"
    assert await say("alice") == "alice"  # the creator's choice; Carol's turn still waits
    assert await say(None) == "carol"
    assert await say(None) == "alice"  # the pick used up: the round goes on after Carol


async def test_a_turns_context_sentence_names_the_character_not_its_id(harness: Harness) -> None:
    smith = profile("oren", displayName="Oren Vale", tools={"allow": []}, run={"endOnTextAnswer": True},
                    delegation={"canHandoff": False, "canDelegate": False})
    harness.runtime.extra_profiles = [*scene_profiles().values(), smith]
    scenes = Scenes(harness.runtime)
    scenes.new("Smithy", ["oren", "alice"])
    provider = ScriptedProvider(load_script({"turns": {"oren": [line("Oren: the iron is hot.")]}}))
    handle = await scenes.say_and_wait("Smithy", provider_for=lambda _p: provider, as_id="oren")
    event = harness.of_type(handle.run_id, "scene_context_assembled")[0]
    assert event.payload["speaker"] == "oren" and event.payload["speakerName"] == "Oren Vale"
    assert sentence(event) == "The studio gathered what Oren Vale knows of the scene"
    older = event.model_copy(update={"payload": {k: v for k, v in event.payload.items() if k != "speakerName"}})
    assert sentence(older) == "The studio gathered what oren knows of the scene"  # a journal of before still reads
