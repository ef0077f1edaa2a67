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
from tests.support import Harness

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
    assert "Mara Quell keeps the lighthouse on Skerry Point." in prompt
    assert "User: Is the lamp lit?\nMara Quell: Always.\n\nMara Quell: Hm." in prompt  # <START> splits examples
    assert "{{" not in prompt and "<START>" not in prompt
    assert result.profile.first_message == "*The door opens a crack.* Who goes there, User?"
    assert result.profile.first_message in prompt
    assert profile.instructions.task_prompt == "Keep replies under 150 words."

    # the agent plays the character in a run: the prompt reaches the model, its text is the chat message
    provider = ScriptedProvider(load_script({"turns": {"mara-quell": [{"text": "Come in out of the rain."}]}}))
    handle = await harness.runtime.start_run(agent_id="mara-quell", prompt="May I come in?",
                                             provider_for=lambda _p: provider, chat="storm")
    await handle.wait()
    assert "You are Mara Quell." in (provider.requests[0].system or "")
    chat = harness.runtime.chats.chat_by_name("storm")
    assert chat is not None
    assert [m.content for m in harness.runtime.chats.messages(chat.id)] == ["May I come in?",
                                                                            "Come in out of the rain."]

    # the same card in another project: entries there, a second agent with an id of its own
    harness.runtime.projects.create("Second")
    again = import_card(harness.runtime, _store(harness, "Second"), card, as_profile=True)
    assert again.profile is not None and again.profile.profile.id == "mara-quell-2"

    # twice in one project: the names are taken, so nothing is imported and no agent is made
    before = set(harness.runtime.profiles())
    with pytest.raises(LibraryError) as clash:
        import_card(harness.runtime, store, card, as_profile=True)
    assert clash.value.code == codes.LIBRARY_NAME_TAKEN
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
