"""Explore chats (docs/explore.md): a read-only run that answers in plain text, and a runtime that refuses every
write of such a run whatever its profile allows, with ``explore.read_only``."""

from __future__ import annotations

from typing import Any

import pytest

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.enums import CommitMarker, InvocationKind, RunStatus
from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.records import CHAT_MODE_EXPLORE, RUN_KIND_EXPLORE
from relay_studio.library.entries import LibraryEntry
from relay_studio.library.store import LibraryStore
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.context import InvocationState
from relay_studio.runtime.engine import RunRequestError
from relay_studio.runtime.prompts import EXPLORE_LINE
from relay_studio.store.database import DEFAULT_PROJECT_ID
from tests.support import ALL_FOREGROUND, Harness, call, handoff, profile, relay_profiles, write

Turns = dict[str, list[dict[str, Any]]]

#: the model names of the read tools an exploration offers
READ_ALIASES = {tn.alias(name) for name in tn.EXPLORE_TOOLS}


async def _explore(harness: Harness, agent: str, turns: Turns, *, profiles: dict[str, AgentProfile] | None = None,
                   chat: str = "Exploration 1", prompt: str = "Who commands the Heron?",
                   approver: Any = None) -> tuple[str, RunStatus]:
    harness.provider = ScriptedProvider(load_script({"turns": turns}))
    provider = harness.provider
    handle = await harness.runtime.start_run(
        agent_id=agent, prompt=prompt, provider_for=lambda _p: provider, chat=chat, explore=True,
        profiles=profiles if profiles is not None else harness.runtime.profiles(), approver=approver)
    return handle.run_id, await handle.wait()


def _seed_library(harness: Harness) -> LibraryStore:
    project = harness.runtime.project_dir(harness.runtime.projects.default())
    store = LibraryStore.open(harness.runtime.db, DEFAULT_PROJECT_ID, project)
    store.save(LibraryEntry(type="character", name="Mira", aliases=["Captain Mira"],
                            description="Mira commands the Heron. Grey eyes."))
    return store


async def test_an_exploration_answers_in_plain_text_with_the_read_tools_only(harness: Harness) -> None:
    _seed_library(harness)
    answer = "Captain Mira commands the Heron (story library: Mira)."
    turns: Turns = {"explorer": [{"toolCalls": [call("library_search", {"query": "Heron"}),
                                                call("library_read", {"name": "Mira"})]},
                                 {"text": answer}]}
    run_id, status = await _explore(harness, "explorer", turns)

    assert status is RunStatus.COMPLETED  # no commit, no finish: the plain-text reply is the answer
    record = harness.runtime.runs.run(run_id)
    assert record is not None and record.kind == RUN_KIND_EXPLORE
    chat = harness.runtime.chats.chat(record.chat_id)
    assert chat is not None and chat.mode == CHAT_MODE_EXPLORE and chat.explore
    assert [(m.role, m.content) for m in harness.runtime.chats.messages(chat.id)] == [
        ("user", "Who commands the Heron?"), ("assistant", answer)]
    [commit] = harness.runtime.runs.commits(run_id)
    assert commit.marker is CommitMarker.TEXT_ANSWER and commit.message_id == record.message_id
    [answered] = harness.of_type(run_id, "text_answer_committed")
    assert answered.payload["expected"] is None and answered.payload["nudges"] == 0
    assert harness.of_type(run_id, "run_created")[0].payload["explore"] is True
    assert harness.error_codes(run_id) == []
    assert "Mira commands the Heron" in harness.tool_results(run_id)[1]["result"]

    request = harness.provider.requests[0]  # type: ignore[union-attr]
    offered = {t.name for t in request.tools}
    assert offered == READ_ALIASES  # the built-in explorer allows exactly the read tools
    assert EXPLORE_LINE in request.system and "Answer in plain text" in request.system
    assert "you write nothing" in request.system
    assert "workspace_commit" not in request.system and "workspace_finish" not in request.system


async def test_every_write_is_refused_in_an_exploration_whatever_the_profile_allows(harness: Harness,
                                                                                   monkeypatch: pytest.MonkeyPatch,
                                                                                   ) -> None:
    # A surface that forgot to hide the writes (the whole profile offered to the model) must not matter:
    # the refusal is the runtime's dispatch, not the tool list.
    unfiltered = InvocationState.surface

    def everything(self: InvocationState) -> list[str]:
        was, self.read_only = self.read_only, False
        try:
            return unfiltered(self)
        finally:
            self.read_only = was

    monkeypatch.setattr(InvocationState, "surface", everything)
    _seed_library(harness)
    allows_all = [*ALL_FOREGROUND, "library.list", "library.read", "library.search", "library.create",
                  "library.update", "skill.read", "skill.create", "knowledge.search"]
    profiles = relay_profiles()
    profiles["writer"] = profile("writer", tools={"allow": allows_all, "requireApproval": []},
                                 delegation={"callable": False, "allowAsHandoffTarget": False,
                                             "allowAsSubagent": False})
    writes = [
        write("output/main.md", "A new scene."),
        call("workspace_apply_patch", {"path": "output/main.md", "old_string": "new", "new_string": "old"}),
        call("library_create", {"type": "character", "name": "Oren", "description": "A stowaway."}),
        call("library_update", {"name": "Mira", "description": "Mira is gone."}),
        call("skill_create", {"name": "tides", "description": "When tides matter.", "instructions": "Check."}),
        call("agent_delegate", {"agentId": "researcher", "task": {"objective": "Look it up."}}),
        call("agent_await", {}),
        call("agent_list", {}),
        call("workspace_commit", {}),
        handoff("editor"),
        call("workspace_finish", {"summary": "Done."}),
    ]
    asked: list[ApprovalRequest] = []

    async def approve_everything(request: ApprovalRequest) -> ApprovalDecision:
        asked.append(request)
        return ApprovalDecision(approved=True)

    turns: Turns = {"writer": [{"toolCalls": writes}, {"text": "I can only tell you: Mira commands the Heron."}]}
    run_id, status = await _explore(harness, "writer", turns, profiles=profiles, approver=approve_everything)

    assert status is RunStatus.COMPLETED
    offered = {t.name for t in harness.provider.requests[0].tools}  # type: ignore[union-attr]
    assert {"workspace_write_file", "agent_handoff", "library_create"} <= offered  # really offered, still refused
    results = harness.tool_results(run_id)
    assert [r["name"] for r in results] == [w["name"] for w in writes]
    assert [r["errorCode"] for r in results] == [codes.EXPLORE_READ_ONLY] * len(writes)
    by_name = {r["name"]: r["result"] for r in results}
    assert by_name["workspace_write_file"] == (
        "workspace_write_file is not available in an exploration: here you can only read and search, and you "
        "cannot change any file, story library entry or Skill. Answer the creator in plain text.")
    assert "pass work to other agents" in by_name["agent_handoff"]
    assert "your plain-text reply is the answer" in by_name["workspace_commit"]
    assert asked == [] and not harness.of_type(run_id, "tool_call_awaiting_approval")  # nothing was even proposed
    assert not harness.of_type(run_id, "agent_handoff_requested")
    assert not harness.of_type(run_id, "agent_delegate_started")
    assert [i.kind for i in harness.runtime.runs.invocations(run_id)] == [InvocationKind.ROOT]
    written = [e.payload for e in harness.of_type(run_id, "workspace_file_written")]
    assert [(p["path"], p["tool"]) for p in written] == [("output/direct_output.md", "direct_output")]
    assert not (harness.runtime.workspace_dir(run_id) / "output" / "main.md").exists()
    library = LibraryStore.open(harness.runtime.db, DEFAULT_PROJECT_ID,
                                harness.runtime.project_dir(harness.runtime.projects.default()))
    assert [(i.entry.name, i.entry.description) for i in library.entries()] == [
        ("Mira", "Mira commands the Heron. Grey eyes.")]
    assert not harness.of_type(run_id, "library_file_written")
    [commit] = harness.runtime.runs.commits(run_id)
    assert commit.marker is CommitMarker.TEXT_ANSWER and commit.content.startswith("I can only tell you")


async def test_a_per_target_handoff_is_refused_in_an_exploration(harness: Harness,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    profiles = relay_profiles()
    profiles["writer"] = profile("writer", tools={"allow": ["agent.handoff", "workspace.read_file"]},
                                 delegation={"handoffToolStyle": "perTarget", "callable": False,
                                             "allowAsHandoffTarget": False, "allowAsSubagent": False})
    turns: Turns = {"writer": [{"toolCalls": [call("transfer_to_editor", {"objective": "Edit it."})]},
                               {"text": "Here is what I found."}]}
    run_id, status = await _explore(harness, "writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    [result] = harness.tool_results(run_id)
    assert result["errorCode"] == codes.EXPLORE_READ_ONLY
    assert result["result"].startswith("transfer_to_editor is not available in an exploration")
    assert {t.name for t in harness.provider.requests[0].tools} == {"workspace_read_file"}  # type: ignore[union-attr]
    assert not harness.of_type(run_id, "agent_handoff_requested")


async def test_an_exploration_lists_no_agents_to_hand_off_or_delegate_to(harness: Harness) -> None:
    # The writer could hand off (to the editor) and delegate (to the researcher) in an ordinary run; in an
    # exploration it cannot pass work on, so its prompt must not list anyone it could pass work to.
    profiles = relay_profiles()
    writer = profiles["writer"]
    assert writer.delegation.can_handoff and writer.delegation.can_delegate
    assert {tn.AGENT_HANDOFF, tn.AGENT_DELEGATE} <= set(writer.effective_tools())
    turns: Turns = {"writer": [{"text": "Mira commands the Heron."}]}
    _run_id, status = await _explore(harness, "writer", turns, profiles=profiles)

    assert status is RunStatus.COMPLETED
    system = harness.provider.requests[0].system  # type: ignore[union-attr]
    assert EXPLORE_LINE in system
    assert "## Agents you can hand off to" not in system
    assert "## Helpers you can delegate to" not in system
    assert "I am editor." not in system and "I am researcher." not in system


async def test_an_ordinary_chat_cannot_become_an_exploration(harness: Harness) -> None:
    _, status = await harness.run("final-editor", {"final-editor": [
        {"toolCalls": [write("output/main.md", "Hi."), call("workspace_commit"), call("workspace_finish")]}]},
        chat="Story")
    assert status is RunStatus.COMPLETED
    before = len(harness.runtime.runs.runs())
    with pytest.raises(RunRequestError) as refused:
        await _explore(harness, "explorer", {"explorer": [{"text": "x"}]}, chat="Story")
    assert refused.value.code == codes.CHAT_NOT_AN_EXPLORATION
    assert refused.value.message == ("The chat 'Story' is an ordinary chat, not an exploration; start an "
                                     "exploration under a new chat name.")
    assert len(harness.runtime.runs.runs()) == before  # nothing written
    story = harness.runtime.chats.chat_by_name("Story")
    assert story is not None and not story.explore and len(harness.runtime.chats.messages(story.id)) == 2


async def test_later_runs_of_an_exploration_stay_read_only_and_branches_keep_the_mode(harness: Harness) -> None:
    run_id, _ = await _explore(harness, "explorer", {"explorer": [{"text": "First answer."}]})
    record = harness.runtime.runs.run(run_id)
    assert record is not None
    # The chat decides: a later run without explore=True (a regeneration here) is an Explore run too.
    provider = ScriptedProvider(load_script({"turns": {"writer": [
        {"toolCalls": [write("output/main.md", "Sneaky.")]}, {"text": "Second answer."}]}}))
    handle = await harness.runtime.start_run(agent_id="writer", prompt="", provider_for=lambda _p: provider,
                                             profiles=relay_profiles(), regenerate_of=record.message_id)
    assert await handle.wait() is RunStatus.COMPLETED
    assert harness.error_codes(handle.run_id) == [codes.EXPLORE_READ_ONLY]
    assert harness.runtime.runs.run(handle.run_id).kind == RUN_KIND_EXPLORE  # type: ignore[union-attr]
    [answer] = [m for m in harness.runtime.chats.messages(record.chat_id) if m.role == "assistant"]
    assert answer.content == "Second answer." and answer.version == 2
    branch = harness.runtime.chats.branch(answer, "Exploration 1 (edit)")
    copy = harness.runtime.chats.duplicate_chat(record.chat_id)
    assert branch.explore and copy.explore


def test_the_built_in_explorer_is_a_read_only_text_answerer() -> None:
    from relay_studio.runtime.profile_catalog import builtin_profiles

    explorer = next(p for p in builtin_profiles() if p.id == "explorer")
    assert explorer.run.direct_runnable and explorer.run.end_on_text_answer
    assert set(explorer.effective_tools()) == set(tn.EXPLORE_TOOLS)
    assert explorer.workspace.writable_roots == []
    assert not explorer.delegation.can_handoff and not explorer.delegation.can_delegate


def test_every_tool_but_the_read_tools_is_refused_with_explore_read_only() -> None:
    from relay_studio.domain.messages import ToolCall
    from relay_studio.runtime.explore import refusal

    for name in (*tn.ALL_TOOLS, "transfer_to_editor"):
        refused = refusal(ToolCall(id="c1", name=tn.alias(name), arguments="{}"), {})
        if name in tn.EXPLORE_TOOLS:
            assert refused is None, name
        else:
            assert refused is not None and refused.code == codes.EXPLORE_READ_ONLY, name
            assert "run" not in refused.message.split(), name
