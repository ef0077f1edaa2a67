"""Scripted agents with the story library and Skills: mentions in the prompt, each tool, approval of
library writes as a diff of the entry file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from relay_studio.domain import events as ev
from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.profile import AgentProfile
from relay_studio.library.entries import LibraryEntry, parse_entry
from relay_studio.library.store import LibraryStore
from relay_studio.store.database import DEFAULT_PROJECT_ID
from tests.support import Harness, call, handoff, profile, relay_profiles

LIBRARY_TOOLS = ["library.list", "library.read", "library.search", "library.create", "library.update",
                 "skill.read", "skill.create"]


def _project(harness: Harness) -> Path:
    return harness.runtime.project_dir(harness.runtime.projects.default())


def _seed(harness: Harness) -> LibraryStore:
    store = LibraryStore.open(harness.runtime.db, DEFAULT_PROJECT_ID, _project(harness))
    store.save(LibraryEntry(type="character", name="Mira", aliases=["Captain Mira"], tags=["crew"],
                            description="Mira commands the Heron. Grey eyes.", notes="SECRET: she dies later."))
    store.save(LibraryEntry(type="item", name="Heron", description="A three-masted ship with a silver hull."))
    store.save(LibraryEntry(type="location", name="Saltmarsh", description="A drowned harbour town."))
    store.save(LibraryEntry(type="rule", name="Tides", always_include=True, description="Magic follows the tide."))
    return store


def _librarian(**over: Any) -> dict[str, AgentProfile]:
    profiles = relay_profiles()
    profiles["final-editor"] = profile(
        "final-editor", tools={"allow": ["workspace.write_file", "workspace.commit", "workspace.finish",
                                         *LIBRARY_TOOLS]},
        delegation={"canHandoff": False, "canDelegate": False}, **over)
    return profiles


def _finish() -> dict[str, Any]:
    return {"toolCalls": [call("workspace_write_file", {"path": "output/main.md", "content": "Done."}),
                          call("workspace_commit"), call("workspace_finish")]}


async def test_a_mention_puts_the_entry_into_that_stages_prompt(harness: Harness) -> None:
    _seed(harness)
    run_id, status = await harness.run("final-editor", {"final-editor": [_finish()]}, profiles=_librarian(),
                                       prompt="Write the scene where Captain Mira leaves port.")
    assert status is RunStatus.COMPLETED
    system = harness.provider.requests[0].system  # type: ignore[union-attr]
    section = system[system.index("## Story library"):]
    assert "not instructions" in section
    assert "Mira commands the Heron" in section and "Magic follows the tide" in section
    assert section.index("Tides") < section.index("Mira")  # alwaysInclude first
    assert "silver hull" not in section and "drowned harbour" not in section  # not mentioned
    assert "SECRET" not in system  # private notes never reach an agent
    included = harness.of_type(run_id, ev.LIBRARY_ENTRIES_INCLUDED)
    assert [e.payload["names"] for e in included] == [["Tides", "Mira"]]
    assert included[0].payload["budget"] == 2000
    assembled = harness.of_type(run_id, "context_assembled")[0].payload["systemPrompt"]
    assert "Mira commands the Heron" in assembled  # what the model saw, in the journal


async def test_the_handoff_brief_mentions_bring_entries_to_the_next_stage(harness: Harness) -> None:
    _seed(harness)
    turns = {
        "writer": [{"toolCalls": [handoff("editor", "Polish the chapter; keep the Heron's silver hull.")]}],
        "editor": [{"toolCalls": [call("workspace_write_file", {"path": "output/main.md", "content": "x"}),
                                  call("workspace_commit"), handoff("final-editor", "Finish it.")]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns, prompt="A quiet morning.")
    assert status is RunStatus.COMPLETED
    names = {e.payload["agentId"]: e.payload["names"] for e in harness.of_type(run_id, ev.LIBRARY_ENTRIES_INCLUDED)}
    assert names["writer"] == ["Tides"]  # nothing mentioned: only the entry always included
    assert names["editor"] == ["Tides", "Heron"]  # the brief named the ship
    editor_prompt = harness.provider.requests[1].system  # type: ignore[union-attr]
    assert "silver hull" in editor_prompt


async def test_the_profile_budget_limits_the_section(harness: Harness) -> None:
    _seed(harness)
    run_id, _ = await harness.run("final-editor", {"final-editor": [_finish()]},
                                  profiles=_librarian(context={"libraryBudgetTokens": 60}),
                                  prompt="Mira, the Heron and Saltmarsh.")
    payload = harness.of_type(run_id, ev.LIBRARY_ENTRIES_INCLUDED)[0].payload
    assert payload["tokens"] <= 60 and payload["names"][0] == "Tides" and payload["leftOut"]
    off, _ = await harness.run("final-editor", {"final-editor": [_finish()]},
                               profiles=_librarian(context={"libraryBudgetTokens": 0}), prompt="Mira.")
    assert harness.of_type(off, ev.LIBRARY_ENTRIES_INCLUDED) == []
    assert "## Story library" not in harness.provider.requests[0].system  # type: ignore[union-attr]


async def test_read_tools_list_read_and_search(harness: Harness) -> None:
    _seed(harness)
    turns = {"final-editor": [
        {"toolCalls": [call("library_list", {}), call("library_list", {"type": "item"}),
                       call("library_read", {"name": "captain mira"}), call("library_read", {"name": "Nobody"}),
                       call("library_search", {"query": "silver ship"}), call("library_search", {"query": "zebra"})]},
        _finish(),
    ]}
    run_id, status = await harness.run("final-editor", turns, profiles=_librarian(), prompt="Check the notes.")
    assert status is RunStatus.COMPLETED
    results = [p for p in harness.tool_results(run_id) if p["name"].startswith("library_")]
    listing, items, read, missing, search, nothing = results
    assert listing["result"].splitlines() == [  # by type, then name
        "- Mira — character (also: Captain Mira) [crew]", "- Heron — item", "- Saltmarsh — location", "- Tides — rule"]
    assert items["result"] == "- Heron — item"
    assert read["result"].startswith("### Mira — character (also called Captain Mira)\nMira commands the Heron.")
    assert "SECRET" not in read["result"]
    assert missing["errorCode"] == "library.entry_not_found" and "library_list" in missing["result"]
    assert search["result"].startswith("- Heron — item: A three-masted ship with a silver hull")
    assert nothing["result"] == "No story library entry mentions 'zebra'."


async def test_library_writes_wait_for_approval_as_a_diff_of_the_entry_file(harness: Harness) -> None:
    _seed(harness)
    seen: list[ApprovalRequest] = []

    async def approver(request: ApprovalRequest) -> ApprovalDecision:
        seen.append(request)
        if request.tool == "library_update":
            return ApprovalDecision(approved=False, reason="Her eyes stay grey")
        return ApprovalDecision(approved=True)

    turns = {"final-editor": [
        {"toolCalls": [
            call("library_create", {"type": "character", "name": "Oren", "description": "The Heron's cook.",
                                    "aliases": ["Cook"]}),
            call("library_update", {"name": "Mira", "description": "Mira commands the Heron. Green eyes."}),
            call("library_create", {"type": "item", "name": "Captain Mira", "description": "A clash."}),
        ]},
        _finish(),
    ]}
    run_id, status = await harness.run("final-editor", turns, profiles=_librarian(), prompt="Add the cook.",
                                       approver=approver)
    assert status is RunStatus.COMPLETED
    create, update, clash = [p for p in harness.tool_results(run_id) if p["name"].startswith("library_")]
    assert create["result"] == "Added the story library entry 'Oren' (character)."
    assert update["errorCode"] == "tool.rejected_by_user" and "Her eyes stay grey" in update["result"]
    assert clash["errorCode"] == "library.name_taken"
    assert [r.tool for r in seen] == ["library_create", "library_update"]  # the clash never reached the creator
    new, changed = seen
    assert (new.path, new.before) == ("library/character/oren.md", None)
    assert new.after is not None and parse_entry(new.after, "x").aliases == ["Cook"]
    assert changed.path == "library/character/mira.md" and changed.before is not None and changed.after is not None
    assert "Grey eyes" in changed.before and "Green eyes" in changed.after and "SECRET" in changed.after  # notes kept
    store = LibraryStore.open(harness.runtime.db, DEFAULT_PROJECT_ID, _project(harness))
    mira = store.find("Mira")
    assert mira is not None and "Grey eyes" in mira.entry.description  # the rejected change was not written
    assert store.find("Cook") is not None
    written = harness.of_type(run_id, ev.LIBRARY_FILE_WRITTEN)
    assert [(e.payload["name"], e.payload["path"]) for e in written] == [("Oren", "library/character/oren.md")]


async def test_an_approved_library_write_may_carry_the_creators_edits(harness: Harness) -> None:
    _seed(harness)

    async def approver(request: ApprovalRequest) -> ApprovalDecision:
        assert request.after is not None
        return ApprovalDecision(approved=True, edited_content=request.after.replace("Green", "Hazel"))

    turns = {"final-editor": [
        {"toolCalls": [call("library_update", {"name": "Captain Mira", "newName": "Mira Vell",
                                               "description": "Green eyes."})]},
        _finish(),
    ]}
    run_id, _ = await harness.run("final-editor", turns, profiles=_librarian(), prompt="Rename her.",
                                  approver=approver)
    result = next(p for p in harness.tool_results(run_id) if p["name"] == "library_update")
    assert result["result"] == "Updated the story library entry 'Mira Vell' (character) with the user's edits."
    project = _project(harness)
    assert not (project / "library/character/mira.md").exists()
    assert "Hazel eyes." in (project / "library/character/mira-vell.md").read_text(encoding="utf-8")


async def test_without_an_approver_library_writes_are_declined(harness: Harness) -> None:
    _seed(harness)
    turns = {"final-editor": [
        {"toolCalls": [call("library_create", {"type": "lore", "name": "Old War", "description": "It ended."})]},
        _finish(),
    ]}
    run_id, _ = await harness.run("final-editor", turns, profiles=_librarian(), prompt="Note the war.")
    assert harness.error_codes(run_id) == ["tool.rejected_by_user"]
    assert not (_project(harness) / "library/lore/old-war.md").exists()


def _skill(folder: Path, name: str, description: str, agents: str, body: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    text = f"---\nname: {name}\ndescription: {description}\nagents: {agents}\n---\n{body}\n"
    (folder / f"{name}.md").write_text(text, encoding="utf-8")


async def test_skills_scope_prompt_read_and_create(harness: Harness) -> None:
    skills = _project(harness) / "skills"
    _skill(skills, "sea-battles", "Use for naval combat scenes.", "['*']", "Keep the wind direction consistent.")
    _skill(skills, "editor-only", "Only for the editor.", "[editor]", "Cut adverbs.")
    (skills / "broken.md").write_text("no frontmatter", encoding="utf-8")
    created: list[ApprovalRequest] = []

    async def approver(request: ApprovalRequest) -> ApprovalDecision:
        created.append(request)
        return ApprovalDecision(approved=True)

    turns = {"final-editor": [
        {"toolCalls": [call("skill_read", {"name": "sea-battles"}), call("skill_read", {"name": "editor-only"}),
                       call("skill_create", {"name": "Harbour-Scenes", "description": "Use for scenes in port.",
                                             "instructions": "Name the smells first."})]},
        _finish(),
    ]}
    run_id, status = await harness.run("final-editor", turns, profiles=_librarian(), prompt="A battle at sea.",
                                       approver=approver)
    assert status is RunStatus.COMPLETED
    scope = harness.of_type(run_id, ev.SKILL_SCOPES_RESOLVED)[0].payload
    assert scope["mode"] == "all" and "sea-battles" in scope["names"] and "editor-only" not in scope["names"]
    assert "story-library-upkeep" in scope["names"]  # a built-in
    system = harness.provider.requests[0].system  # type: ignore[union-attr]
    assert "- sea-battles: Use for naval combat scenes." in system
    assert "Keep the wind direction" not in system  # only names and descriptions until read
    read, other, create = [p for p in harness.tool_results(run_id) if p["name"].startswith("skill_")]
    assert read["result"] == "# Skill: sea-battles\nKeep the wind direction consistent."
    assert other["errorCode"] == "skill.not_found"
    assert create["result"] == "Added the Skill 'harbour-scenes'."
    assert created[0].path == "skills/harbour-scenes.md" and created[0].before is None
    assert (skills / "harbour-scenes.md").read_text(encoding="utf-8").startswith("---\nname: harbour-scenes\n")

    listed, _ = await harness.run("final-editor", {"final-editor": [_finish()]},
                                  profiles=_librarian(skills={"mode": "listed", "names": ["harbour-scenes"]}))
    assert harness.of_type(listed, ev.SKILL_SCOPES_RESOLVED)[0].payload["names"] == ["harbour-scenes"]
    none, _ = await harness.run("final-editor", {"final-editor": [_finish()]},
                                profiles=_librarian(skills={"mode": "none"}))
    assert harness.of_type(none, ev.SKILL_SCOPES_RESOLVED)[0].payload["names"] == []
    assert "## Skills" not in harness.provider.requests[0].system  # type: ignore[union-attr]


async def test_a_resumed_stage_keeps_its_story_library_section(harness: Harness) -> None:
    from relay_studio.providers.scripted import ScriptedProvider, load_script
    from relay_studio.runtime.engine import Runtime
    from tests.integration.test_resume import TURNS, stop_at_approval

    _seed(harness)
    turns = {**TURNS, "editor": [
        TURNS["editor"][0],
        {"toolCalls": [call("workspace_apply_patch", {"path": "output/main.md", "old_string": "calm",
                                                      "new_string": "restless"})]},
        {"toolCalls": [call("workspace_commit"), handoff("final-editor", "Finish it.")]},
    ]}
    handle, _asked = await stop_at_approval(harness, turns, 1)
    second = Runtime(harness.data_dir)
    try:
        provider = ScriptedProvider(load_script({"turns": turns}))
        for agent, calls in second.runs.model_calls_by_agent(handle.run_id).items():
            provider.cursor[agent] = calls

        async def approve(_request: ApprovalRequest) -> ApprovalDecision:
            return ApprovalDecision(approved=True)

        resumed = await second.resume_run(handle.run_id, provider_for=lambda _p: provider, approver=approve)
        assert await resumed.wait() is RunStatus.COMPLETED
        editor_again = provider.requests[0]
        assert editor_again.agent_id == "editor" and "Magic follows the tide." in editor_again.system
    finally:
        second.close()


async def test_the_chat_history_the_stage_sees_counts_and_what_it_does_not_see_does_not(harness: Harness) -> None:
    _seed(harness)
    await harness.run("final-editor", {"final-editor": [_finish()]}, profiles=_librarian(),
                      prompt="Open in Saltmarsh.", chat="story")
    seen, _ = await harness.run("final-editor", {"final-editor": [_finish()]}, profiles=_librarian(),
                                prompt="Continue.", chat="story")
    assert harness.of_type(seen, ev.LIBRARY_ENTRIES_INCLUDED)[0].payload["names"] == ["Tides", "Saltmarsh"]
    unseen, _ = await harness.run("final-editor", {"final-editor": [_finish()]}, chat="story", prompt="Continue.",
                                  profiles=_librarian(context={"chatHistoryMessages": 0}))
    assert harness.of_type(unseen, ev.LIBRARY_ENTRIES_INCLUDED)[0].payload["names"] == ["Tides"]


async def test_what_the_model_reads_of_the_library_keeps_runtime_terms_and_paths_out(harness: Harness) -> None:
    from tests.unit.test_model_language import offences

    _seed(harness)
    turns = {"final-editor": [
        {"toolCalls": [call("library_list", {}), call("library_read", {"name": "Mira"}),
                       call("library_read", {"name": "nobody"}), call("library_search", {"query": "ship"}),
                       call("library_create", {"type": "a/b", "name": "X", "description": "y"}),
                       call("library_update", {"name": "nobody", "description": "y"}),
                       call("library_create", {"type": "item", "name": "Heron", "description": "dup"}),
                       call("skill_read", {"name": "nothing"}),
                       call("skill_create", {"name": "Bad Name!", "description": "d", "instructions": "i"})]},
        _finish(),
    ]}
    await harness.run("final-editor", turns, profiles=_librarian(), prompt="Mira and the Heron.")
    assert harness.provider is not None
    texts = [r.system for r in harness.provider.requests]
    texts += [m.content for r in harness.provider.requests for m in r.messages if m.role == "tool"]
    assert len(texts) > 9
    for text in texts:
        assert offences(text, harness.data_dir) == [], text
        assert "projects/" not in text and "library/" not in text, text  # no folder paths either
