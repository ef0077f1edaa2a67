"""A run that revises an answer (``start_run(revise_of=...)``, ``runtime/revision.py``), the path "Send to an agent
to fix" takes (docs/canon.md): the agent is asked the creator's request with the chapter's current text, after the
history up to that chapter; its commit becomes the chapter's newest version (the chapter keeps its place, so the
export's numbering does not move), the old text stays a version, and the continuity check no longer finds what
the fix removed. A revision waiting for approval when the process stops still revises its chapter after a
restart."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from relay_studio.canon.continuity_run import rules_report
from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.canon import FactSource, FactSourceKind, FindingKind
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.records import MessageRecord
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.engine import RunRequestError, Runtime
from relay_studio.store.canon import CanonStore
from relay_studio.store.database import DEFAULT_PROJECT_ID
from tests.support import Harness, call, profile, until, write
from tests.unit.test_model_language import offences

DEATH = "The year was 1861. Oren Vale died that night in the fire at Halden."
ACTS = "The year was 1862. Oren Vale walked into the kitchen and lit the stove."
FIXED = "The year was 1862. Oren Vale's empty chair stood by the stove."
LATER = "The year was 1863. The snow came early."
REQUEST = "Please fix chapter 2: Oren Vale acts after his death."


def _fixer() -> dict[str, AgentProfile]:
    return {"fixer": profile("fixer", tools={"allow": ["workspace.write_file", "workspace.commit", "workspace.finish"],
                                             "requireApproval": ["workspace.write_file"]})}


def _fix_turns() -> dict[str, list[dict[str, Any]]]:
    return {"fixer": [{"toolCalls": [write("output/main.md", FIXED), call("workspace_commit"),
                                     call("workspace_finish", {"summary": "Fixed."})]}]}


def _book(runtime: Runtime) -> tuple[str, list[MessageRecord]]:
    """Three chapters, added as they were (no run committed them), and the fact that Oren Vale died in the first."""
    chat = runtime.chats.ensure_chat("Book")
    added = []
    for question, answer in (("Chapter one.", DEATH), ("Chapter two.", ACTS), ("Chapter three.", LATER)):
        added.append(runtime.chats.add_message(chat.id, "user", question))
        added.append(runtime.chats.add_message(chat.id, "assistant", answer, agent_id="writer", agent_name="Writer"))
    CanonStore(runtime.db).add(
        DEFAULT_PROJECT_ID, "Oren Vale is dead.", ["Oren Vale"], attribute="status", value="dead", as_of=1,
        source=FactSource(kind=FactSourceKind.MESSAGE, chat_id=chat.id, message_id=added[1].id,
                          quote="Oren Vale died that night in the fire at Halden."))
    return chat.id, added


def _acts_after_death(runtime: Runtime, chat_id: str) -> list[int | None]:
    report = rules_report(runtime.db, DEFAULT_PROJECT_ID, chat=chat_id)
    return [f.text.place.chapter for f in report.findings if f.kind is FindingKind.ACTS_AFTER_DEATH]


async def test_a_revision_reads_the_chapter_and_commits_its_newest_version_in_its_place(harness: Harness) -> None:
    rt = harness.runtime
    chat_id, added = _book(rt)
    chapter = added[3]
    assert _acts_after_death(rt, chat_id) == [2]
    provider = ScriptedProvider(load_script({"turns": _fix_turns()}))
    asked: list[ApprovalRequest] = []

    async def approve(request: ApprovalRequest) -> ApprovalDecision:
        asked.append(request)
        return ApprovalDecision(approved=True)

    handle = await rt.start_run(agent_id="fixer", prompt=REQUEST, provider_for=lambda _p: provider, chat=chat_id,
                                profiles=_fixer(), approver=approve, revise_of=chapter.id)
    assert await handle.wait() is RunStatus.COMPLETED
    assert [r.path for r in asked] == ["output/main.md"]  # the fix waited for the creator

    # the agent read the story up to the chapter, then the request with the chapter's text; nothing after it
    request = provider.requests[0]
    assert [(m.role, m.content) for m in request.messages[:-1] if m.role != "system"] == [
        ("user", "Chapter one."), ("assistant", DEATH), ("user", "Chapter two.")]
    last = request.messages[-1]
    assert last.role == "user" and last.content.startswith(REQUEST) and last.content.endswith(f"\n\n{ACTS}")
    assert LATER not in last.content and offences(last.content, harness.data_dir) == []  # model-facing

    # the chapter keeps its place and its id; its new text is the newest version, the old one stays
    messages = rt.chats.messages(chat_id)
    assert [(m.id, m.content) for m in messages] == [
        *[(m.id, m.content) for m in added[:3]], (chapter.id, FIXED), *[(m.id, m.content) for m in added[4:]]]
    assert messages[3].version == 2 and messages[3].run_id == handle.run_id
    assert [v.content for v in rt.chats.versions(chapter.id)] == [ACTS, FIXED]
    frozen = rt.runs.run_input(handle.run_id)
    assert frozen["reviseOf"] == chapter.id and frozen["userMessageId"] is None
    assert _acts_after_death(rt, chat_id) == []


async def test_only_an_answer_can_be_revised_and_nothing_is_written_otherwise(harness: Harness) -> None:
    rt = harness.runtime
    chat_id, added = _book(rt)
    provider = ScriptedProvider(load_script({"turns": _fix_turns()}))
    for kw in ({"revise_of": added[2].id}, {"revise_of": "msg-gone"},
               {"revise_of": added[3].id, "regenerate_of": added[3].id}):
        with pytest.raises(RunRequestError) as refused:
            await rt.start_run(agent_id="fixer", prompt=REQUEST, provider_for=lambda _p: provider, chat=chat_id,
                               profiles=_fixer(), **kw)
        assert refused.value.code == "run.nothing_to_revise"
    with pytest.raises(RunRequestError) as empty:
        await rt.start_run(agent_id="fixer", prompt="  ", provider_for=lambda _p: provider, chat=chat_id,
                           profiles=_fixer(), revise_of=added[3].id)
    assert empty.value.code == "run.empty_prompt"
    assert [m.content for m in rt.chats.messages(chat_id)] == [m.content for m in added]
    assert rt.runs.runs(chat_id) == [] and provider.requests == []


async def test_a_revision_waiting_for_approval_still_revises_its_chapter_after_a_restart(harness: Harness) -> None:
    chat_id, added = _book(harness.runtime)
    chapter = added[3]
    asked: list[ApprovalRequest] = []

    async def never(request: ApprovalRequest) -> ApprovalDecision:
        asked.append(request)
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    provider = ScriptedProvider(load_script({"turns": _fix_turns()}))
    handle = await harness.runtime.start_run(agent_id="fixer", prompt=REQUEST, provider_for=lambda _p: provider,
                                             chat=chat_id, profiles=_fixer(), approver=never, revise_of=chapter.id)
    await until(lambda: len(asked) == 1, what="the fix to wait for approval")
    harness.runtime.db.close()  # the process "dies"
    handle.task.cancel()
    await asyncio.gather(handle.task, return_exceptions=True)

    second = Runtime(harness.data_dir)
    try:
        assert second.suspended == [handle.run_id]

        async def approve(_request: ApprovalRequest) -> ApprovalDecision:
            return ApprovalDecision(approved=True)

        again = ScriptedProvider(load_script({"turns": _fix_turns()}))
        for agent, calls in second.runs.model_calls_by_agent(handle.run_id).items():
            again.cursor[agent] = calls
        resumed = await second.resume_run(handle.run_id, provider_for=lambda _p: again, approver=approve)
        assert await resumed.wait() is RunStatus.COMPLETED
        answers = [m for m in second.chats.messages(chat_id) if m.role == "assistant"]
        assert [(m.id, m.content) for m in answers] == [(added[1].id, DEATH), (chapter.id, FIXED),
                                                        (added[5].id, LATER)]
        assert [v.content for v in second.chats.versions(chapter.id)] == [ACTS, FIXED]
        assert _acts_after_death(second, chat_id) == []
    finally:
        second.close()
