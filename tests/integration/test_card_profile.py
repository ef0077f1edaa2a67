"""A character card imported as library entries and an agent profile that plays the character: the
system prompt built from the card, the first message kept, a unique id, the default connection; the agent
answers in plain text in a real run; a file that cannot give an agent imports nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from relay_studio.domain import error_codes as codes
from relay_studio.library.entries import LibraryError
from relay_studio.library.store import LibraryStore
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.card_profile import import_card
from relay_studio.store.persona import persona_name, set_persona_name
from tests.support import Harness, relay_profiles

CARD = {"spec": "chara_card_v3", "spec_version": "3.0", "data": {
    "name": "Mara Quell", "description": "{{char}} keeps the lighthouse on Skerry Point.",
    "personality": "Stubborn, kind, dry humour.", "scenario": "A storm night; {{user}} knocks at the door.",
    "first_mes": "*The door opens a crack.* Who goes there, {{user}}?",
    "mes_example": "<START>\n{{user}}: Is the lamp lit?\n{{char}}: Always.\n<START>\n{{char}}: Hm.",
    "system_prompt": "Write in the present tense.", "post_history_instructions": "Keep replies under 150 words.",
    "creator_notes": "", "alternate_greetings": [], "tags": ["sea"], "creator": "anon", "character_version": "1",
    "extensions": {}, "character_book": {"extensions": {}, "entries": [
        {"keys": ["Skerry Point"], "content": "A rock in the western sea.", "extensions": {}, "enabled": True,
         "insertion_order": 0, "name": "Skerry Point"}]}}}


def _store(harness: Harness, project_name: str | None = None) -> LibraryStore:
    runtime = harness.runtime
    project = runtime.projects.resolve(project_name)
    return LibraryStore.open(runtime.db, project.id, runtime.project_dir(project))


async def test_a_card_becomes_entries_and_an_agent_that_plays_the_character(harness: Harness,
                                                                            tmp_path: Path) -> None:
    card = tmp_path / "mara.json"
    card.write_text(json.dumps(CARD), encoding="utf-8")
    store = _store(harness)
    result = import_card(harness.runtime, store, card, as_profile=True)
    assert [e.name for e in result.entries] == ["Mara Quell", "Skerry Point"]
    assert {i.entry.name for i in store.entries()} == {"Mara Quell", "Skerry Point"}
    assert result.profile is not None
    profile = harness.runtime.profiles()["mara-quell"]
    assert profile == result.profile.profile  # stored
    assert profile.display_name == "Mara Quell" and profile.model.mode == "default"
    assert profile.run.end_on_text_answer and profile.run.direct_runnable
    prompt = profile.instructions.system_prompt or ""
    assert prompt.startswith("You are Mara Quell. Stay in character")
    headings = [line for line in prompt.splitlines() if line.startswith("## ")]
    assert headings == ["## Who you are", "## Personality", "## Scenario", "## How you speak",
                        "## How the story opened", "## The character card's instructions"]
    # the stored prompt keeps the card's {{char}} and {{user}} as written (the profile editor shows them so)
    assert "{{char}} keeps the lighthouse on Skerry Point." in prompt
    assert "{{user}}: Is the lamp lit?\n{{char}}: Always.\n\n{{char}}: Hm." in prompt  # <START> splits examples
    assert "<START>" not in prompt
    # the first message, as a host shows it: the character and the creator's persona (SillyTavern's "User")
    assert result.profile.first_message == "*The door opens a crack.* Who goes there, User?"
    assert "Who goes there, {{user}}?" in prompt
    assert profile.instructions.task_prompt == "Keep replies under 150 words."

    # the agent plays the character in a run: the prompt reaches the model, its text is the chat message
    provider = ScriptedProvider(load_script({"turns": {"mara-quell": [{"text": "Come in out of the rain."}]}}))
    handle = await harness.runtime.start_run(agent_id="mara-quell", prompt="May I come in?",
                                             provider_for=lambda _p: provider, chat="storm")
    await handle.wait()
    sent = provider.requests[0].system or ""
    assert "You are Mara Quell." in sent
    assert "Mara Quell keeps the lighthouse on Skerry Point." in sent  # filled where it is sent
    assert "User: Is the lamp lit?\nMara Quell: Always.\n\nMara Quell: Hm." in sent
    assert "{{" not in sent
    chat = harness.runtime.chats.chat_by_name("storm")
    assert chat is not None
    assert [m.content for m in harness.runtime.chats.messages(chat.id)] == ["May I come in?",
                                                                            "Come in out of the rain."]

    # the same card in another project: entries there, a second agent with an id of its own
    harness.runtime.projects.create("Second")
    again = import_card(harness.runtime, _store(harness, "Second"), card, as_profile=True)
    assert again.profile is not None and again.profile.profile.id == "mara-quell-2"

    # twice in one project: the same entries merge silently (nothing written), and no agent unasked for
    before = set(harness.runtime.profiles())
    files = {p: p.read_bytes() for p in (store.root / "library").rglob("*.md")}
    twice = import_card(harness.runtime, store, card)
    assert twice.outcome.identical == [e.name for e in result.entries] and twice.outcome.paths == []
    assert {p: p.read_bytes() for p in (store.root / "library").rglob("*.md")} == files
    assert set(harness.runtime.profiles()) == before


def test_a_file_without_a_character_gives_no_agent_and_imports_nothing(harness: Harness, tmp_path: Path) -> None:
    world = tmp_path / "world.json"
    world.write_text(json.dumps({"entries": {"0": {"key": ["Harbour"], "content": "Busy.", "comment": "Harbour"}}}),
                     encoding="utf-8")
    store = _store(harness)
    before = set(harness.runtime.profiles())
    with pytest.raises(LibraryError) as refused:
        import_card(harness.runtime, store, world, as_profile=True)
    assert refused.value.code == codes.CARD_NO_CHARACTER
    assert refused.value.message == "world.json holds no character to make an agent of; nothing from it was imported."
    assert store.entries() == [] and set(harness.runtime.profiles()) == before
    assert [e.name for e in import_card(harness.runtime, store, world).entries] == ["Harbour"]  # without the flag


async def test_sillytavern_macros_are_filled_where_text_is_sent_and_kept_in_the_files(harness: Harness,
                                                                                      tmp_path: Path) -> None:
    """{{user}} is the creator's persona, {{char}} the character the text belongs to (a card's, for its
    character and lorebook) or else the agent in play, in prompts and tool answers; the files keep them."""
    runtime = harness.runtime
    assert persona_name(runtime.db) == "User"  # SillyTavern's default persona, until the creator names theirs
    assert set_persona_name(runtime.db, "  Ada \n Lind ") == "Ada Lind"
    card_data = json.loads(json.dumps(CARD))
    card_data["data"]["character_book"]["entries"][0]["content"] = "{{CHAR}} lights the lamp for <USER>."
    card = tmp_path / "mara.json"
    card.write_text(json.dumps(card_data), encoding="utf-8")
    world = tmp_path / "world.json"
    world.write_text(json.dumps({"entries": {"0": {"key": ["Harbour"], "comment": "Harbour",
                                                   "content": "{{char}} was born by the Harbour; {{user}} visits."}}}),
                     encoding="utf-8")
    store = _store(harness)
    import_card(runtime, store, card, as_profile=True)
    import_card(runtime, store, world)

    turns = {"mara-quell": [{"toolCalls": [{"name": "library_read", "arguments": {"name": "Harbour"}},
                                           {"name": "library_search", "arguments": {"query": "lamp"}}]},
                            {"text": "Come in."}]}
    provider = ScriptedProvider(load_script({"turns": turns}))
    handle = await runtime.start_run(agent_id="mara-quell", prompt="Is Skerry Point far from the Harbour?",
                                     provider_for=lambda _p: provider, chat="storm")
    await handle.wait()
    sent = provider.requests[0].system or ""
    assert "A storm night; Ada Lind knocks at the door." in sent  # the card's own prompt
    section = sent[sent.index("## Story library"):]
    assert "Mara Quell lights the lamp for Ada Lind." in section  # a lorebook entry: its card's character
    assert "Mara Quell was born by the Harbour; Ada Lind visits." in section  # World Info: the agent in play
    assert "{{" not in sent and "<USER>" not in sent
    answers = [e.payload["result"] for e in runtime.runs.events(handle.run_id) if e.type == "tool_call_completed"]
    assert "Mara Quell was born by the Harbour; Ada Lind visits." in answers[0]
    assert "Mara Quell lights the lamp for Ada Lind." in answers[1]
    assert runtime.runs.run_input(handle.run_id)["personaName"] == "Ada Lind"  # frozen: a resume fills the same

    # another agent playing no card of its own: World Info's {{char}} is that agent, a card's lore stays its own
    writer = ScriptedProvider(load_script({"turns": {"writer": [{"text": "Noted."}]}}))
    profiles = {**runtime.profiles(), **relay_profiles()}
    again = await runtime.start_run(agent_id="writer", prompt="Skerry Point and the Harbour.", profiles=profiles,
                                    provider_for=lambda _p: writer, chat="notes")
    await again.wait()
    section = (writer.requests[0].system or "")[(writer.requests[0].system or "").index("## Story library"):]
    assert "Writer was born by the Harbour; Ada Lind visits." in section
    assert "Mara Quell lights the lamp for Ada Lind." in section

    # the files keep what the card and World Info wrote
    by_name = {i.entry.name: i.entry for i in store.entries()}
    assert by_name["Harbour"].description == "{{char}} was born by the Harbour; {{user}} visits."
    assert by_name["Skerry Point"].description == "{{CHAR}} lights the lamp for <USER>."
    assert by_name["Mara Quell"].description == "{{char}} keeps the lighthouse on Skerry Point."
