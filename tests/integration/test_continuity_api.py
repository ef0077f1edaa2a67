"""The continuity check from Python (``relay_studio.api.Studio``) and the project setting that runs it after each
commit: a scripted writer commits a chapter in which a dead character acts; with the setting off nothing is
checked, with it on the run still completes (advisory) and the finding is journaled with trigger ``commit``;
marked intentional, it is not reported again."""

from __future__ import annotations

from pathlib import Path

from relay_studio.api import Agent, Studio
from relay_studio.domain.canon import FactSource, FactSourceKind, FindingKind
from relay_studio.domain.enums import RunStatus
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.store.canon import CanonStore
from relay_studio.store.database import DEFAULT_PROJECT_ID
from tests.support import call, write

CHAPTER_1 = "The year was 1861. Oren Vale died that night in the fire at Halden."
CHAPTER_2 = "The year was 1862. Oren Vale walked into the kitchen and lit the stove."


def _commit(text: str) -> dict[str, object]:
    return {"toolCalls": [write("output/main.md", text), call("workspace_commit"), call("workspace_finish")]}


async def test_the_check_after_each_commit_advises_journals_and_forgets_what_is_intentional(tmp_path: Path) -> None:
    provider = ScriptedProvider(load_script({"turns": {"writer": [_commit("A quiet morning."), _commit(CHAPTER_2)]}}))
    async with Studio(tmp_path / "data", provider=provider) as studio:
        chat = studio.runtime.chats.ensure_chat("Book")
        first = studio.runtime.chats.add_message(chat.id, "assistant", CHAPTER_1)
        CanonStore(studio.runtime.db).add(
            DEFAULT_PROJECT_ID, "Oren Vale is dead.", ["Oren Vale"], attribute="status", value="dead", as_of=1,
            source=FactSource(kind=FactSourceKind.MESSAGE, chat_id=chat.id, message_id=first.id,
                              quote="Oren Vale died that night in the fire at Halden."))
        writer = Agent(name="Writer")
        result = await studio.run(writer, "Write a quiet morning.", chat="Book")
        assert result.status is RunStatus.COMPLETED and studio.continuity_journal() == []

        studio.set_continuity_after_commit(True)
        result = await studio.run(writer, "Write chapter 3.", chat="Book")
        assert result.status is RunStatus.COMPLETED and result.final_message == CHAPTER_2
        journal = studio.continuity_journal()
        assert [(e.action, e.payload.get("trigger")) for e in journal] == [("checked", "commit"), ("finding", None)]
        finding = journal[1].payload
        assert finding["kind"] == FindingKind.ACTS_AFTER_DEATH and finding["text"]["place"]["chapter"] == 3
        assert finding["text"]["quote"] == "Oren Vale walked into the kitchen and lit the stove."
        assert finding["evidence"]["place"]["message_id"] == first.id

        report = await studio.continuity_check(chat="Book")
        [same] = report.findings
        assert same.key == finding["key"] and report.chapters == 3
        mark = studio.mark_intentional(same.key, "He haunts the house from here on.")
        assert mark.reason == "He haunts the house from here on."
        again = await studio.continuity_check()
        assert again.findings == [] and again.intentional == 1
