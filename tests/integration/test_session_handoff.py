"""Session handoff, headless: the request, the outcomes kept apart, the new chat and its lineage.

A chat is made by a real relay (scripted), then handed off; every test checks what the creator would
see in both chats, on a real SQLite file.
"""

from __future__ import annotations

from typing import Any

import pytest

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.records import CHAT_ORIGIN_HANDOFF, HANDOFF_CONTEXT_ROLE, RUN_KIND_HANDOFF
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime import session_handoff as sh
from tests.support import Harness, call, until, write

DOCUMENT = """## Goal
A ghost story in three chapters.

## Canon & Constraints
Past tense, first person, no gore.

## Progress
- Done: chapter one.
- In Progress: chapter two.
- Pending: chapter three.

## Key Decisions
The keeper is the ghost (it makes the ending land).

## Critical Context
Mara, the lighthouse. Last scene: "The lamp went out."

## Next Steps
Write chapter two.
"""


def _scripted(turns: list[dict[str, Any]]) -> ScriptedProvider:
    return ScriptedProvider(load_script({"turns": {"final-editor": turns}}))


async def _chat_with_two_messages(harness: Harness, chat: str = "Lighthouse") -> str:
    turns = {"final-editor": [{"toolCalls": [write("output/main.md", "Chapter one."), call("workspace_commit"),
                                             call("workspace_finish")]}]}
    _run_id, status = await harness.run("final-editor", turns, chat=chat, prompt="Write chapter one.")
    assert status is RunStatus.COMPLETED
    record = harness.runtime.chats.chat_by_name(chat)
    assert record is not None
    return record.id


def _transcript(harness: Harness, chat_id: str) -> list[tuple[str, str, int]]:
    return [(m.role, m.content, m.version) for m in harness.runtime.chats.messages(chat_id)]


async def test_the_request_is_the_chat_plus_the_sections_and_focus_with_tool_choice_none(harness: Harness) -> None:
    chat_id = await _chat_with_two_messages(harness)
    before = _transcript(harness, chat_id)
    provider = _scripted([{"text": DOCUMENT}])
    handle = harness.runtime.start_handoff(chat="Lighthouse", provider_for=lambda _p: provider,
                                           focus="the keeper's secret")
    draft = await handle.wait()
    assert draft.outcome is sh.HandoffOutcome.READY and draft.document == DOCUMENT.strip()
    assert draft.missing_sections == [] and draft.agent_id == "final-editor"

    request = provider.requests[0]
    assert request.settings.tool_choice == "none"
    assert [m.content for m in request.messages[:2]] == ["Write chapter one.", "Chapter one."]
    asked = request.messages[-1].content
    for section in sh.SECTIONS:
        assert f"## {section}" in asked
    assert asked.endswith("Additional focus: the keeper's secret")
    assert request.tools, "the same tools as a chat turn, so the cached prefix is reused"

    run = harness.runtime.runs.run(handle.run_id)
    assert run is not None and run.kind == RUN_KIND_HANDOFF and run.status is RunStatus.COMPLETED
    turns = harness.runtime.runs.model_turns(handle.run_id)
    assert len(turns) == 1 and turns[0]["response"] is not None, "turns shows what was asked and answered"
    assert "handoff_ready" in harness.types(handle.run_id)
    assert _transcript(harness, chat_id) == before, "nothing changes until the creator accepts"
    assert [c.name for c in harness.runtime.chats.chats()] == ["Lighthouse"]


async def test_accepting_makes_the_new_chat_whose_next_run_sees_the_document(harness: Harness) -> None:
    chat_id = await _chat_with_two_messages(harness)
    persist = harness.runtime.chat_persist_dir(chat_id)
    persist.mkdir(parents=True, exist_ok=True)
    (persist / "outline.md").write_text("Three chapters.", encoding="utf-8")
    before = _transcript(harness, chat_id)
    provider = _scripted([{"text": DOCUMENT}])
    draft = await harness.runtime.start_handoff(chat="Lighthouse", provider_for=lambda _p: provider).wait()
    edited = DOCUMENT.replace("Write chapter two.", "Write chapter two, slowly.")
    new = harness.runtime.accept_handoff(draft, document=edited)

    assert new.name == "Lighthouse (continued)" and new.parent_chat_id == chat_id
    assert new.origin == CHAT_ORIGIN_HANDOFF
    first = harness.runtime.chats.messages(new.id)
    assert len(first) == 1 and first[0].role == HANDOFF_CONTEXT_ROLE
    assert first[0].content.startswith("<handoff-context>\n## Goal") and "slowly" in first[0].content
    assert first[0].content.endswith(sh.CONTEXT_FOOTER)
    assert (harness.runtime.chat_persist_dir(new.id) / "outline.md").read_text(encoding="utf-8") == "Three chapters."
    assert [c.id for c in harness.runtime.chats.continuations(chat_id)] == [new.id]
    assert [c.id for c in harness.runtime.chats.continued_from(new.id)] == [chat_id]
    assert _transcript(harness, chat_id) == before, "the old transcript stays clean"

    turns = {"final-editor": [{"toolCalls": [write("output/main.md", "Chapter two."), call("workspace_commit"),
                                             call("workspace_finish")]}]}
    _run, status = await harness.run("final-editor", turns, chat=new.name, prompt="Go on.")
    assert status is RunStatus.COMPLETED
    assert harness.provider is not None
    seen = harness.provider.requests[0].messages
    assert seen[0].role == "user" and seen[0].content == first[0].content
    assert seen[-1].content == "Go on."


async def test_the_document_stays_in_every_prompt_even_past_the_history_limit(harness: Harness) -> None:
    await _chat_with_two_messages(harness)
    draft = await harness.runtime.start_handoff(
        chat="Lighthouse", provider_for=lambda _p: _scripted([{"text": DOCUMENT}])).wait()
    new = harness.runtime.accept_handoff(draft)
    from tests.support import relay_profiles

    profiles = relay_profiles()
    short = profiles["final-editor"].model_copy(
        update={"context": profiles["final-editor"].context.model_copy(update={"chat_history_messages": 1})})
    profiles["final-editor"] = short
    done = {"final-editor": [{"toolCalls": [write("output/main.md", "x"), call("workspace_commit"),
                                            call("workspace_finish")]}]}
    for prompt in ("One.", "Two."):
        _run, status = await harness.run("final-editor", done, chat=new.name, prompt=prompt, profiles=profiles)
        assert status is RunStatus.COMPLETED
    assert harness.provider is not None
    seen = harness.provider.requests[0].messages
    assert seen[0].content.startswith("<handoff-context>") and [m.content for m in seen[1:]] == ["x", "Two."]


async def test_the_old_chat_keeps_what_it_handed_off_out_of_its_prompts(harness: Harness) -> None:
    """The old chat shows the document it handed off (``ChatStore.handed_off``), yet its next run is asked
    with its own messages only; a chat that moved up after the chat between was deleted carries another
    chat's document and is not one of them."""
    chat_id = await _chat_with_two_messages(harness)
    before = _transcript(harness, chat_id)
    draft = await harness.runtime.start_handoff(
        chat="Lighthouse", provider_for=lambda _p: _scripted([{"text": DOCUMENT}])).wait()
    edited = DOCUMENT.replace("Write chapter two.", "Write chapter two, slowly.")
    new = harness.runtime.accept_handoff(draft, document=edited)
    handed = harness.runtime.chats.handed_off(chat_id)
    assert [(h.chat.id, h.run_id) for h in handed] == [(new.id, draft.run_id)]
    assert sh.document_of(handed[0].entry.content) == edited.strip(), "the document as the creator accepted it"
    assert _transcript(harness, chat_id) == before

    turns = {"final-editor": [{"toolCalls": [write("output/main.md", "Chapter one, again."),
                                             call("workspace_commit"), call("workspace_finish")]}]}
    _run, status = await harness.run("final-editor", turns, chat="Lighthouse", prompt="Once more.")
    assert status is RunStatus.COMPLETED and harness.provider is not None
    request = harness.provider.requests[0]
    assert [m.content for m in request.messages] == ["Write chapter one.", "Chapter one.", "Once more."]
    assert not any("ghost story" in text or "handoff-context" in text
                   for text in (request.system, *(m.content for m in request.messages)))

    await harness.run("final-editor", turns, chat=new.name, prompt="Chapter two.")
    third = harness.runtime.accept_handoff(await harness.runtime.start_handoff(
        chat=new.name, provider_for=lambda _p: _scripted([{"text": DOCUMENT}])).wait())
    assert harness.runtime.chats.delete_chat(new.id)
    assert [c.id for c in harness.runtime.chats.continuations(chat_id)] == [third.id]
    assert harness.runtime.chats.handed_off(chat_id) == [], "its document was written in the deleted chat"


async def test_a_handoff_of_a_continuation_keeps_the_chain(harness: Harness) -> None:
    await _chat_with_two_messages(harness)
    first = harness.runtime.accept_handoff(await harness.runtime.start_handoff(
        chat="Lighthouse", provider_for=lambda _p: _scripted([{"text": DOCUMENT}])).wait())
    turns = {"final-editor": [{"toolCalls": [write("output/main.md", "Two."), call("workspace_commit"),
                                             call("workspace_finish")]}]}
    await harness.run("final-editor", turns, chat=first.name, prompt="Chapter two.")
    second = harness.runtime.accept_handoff(await harness.runtime.start_handoff(
        chat=first.name, provider_for=lambda _p: _scripted([{"text": DOCUMENT}])).wait())
    assert second.name == "Lighthouse (continued) (continued)"
    assert [c.name for c in harness.runtime.chats.continued_from(second.id)] == ["Lighthouse (continued)",
                                                                                "Lighthouse"]


async def test_guards_refuse_before_anything_is_asked(harness: Harness) -> None:
    never = _scripted([])
    harness.runtime.chats.ensure_chat("Empty")
    with pytest.raises(sh.HandoffRefused) as refused:
        harness.runtime.start_handoff(chat="Empty", provider_for=lambda _p: never)
    assert refused.value.code == "handoff.nothing_to_hand_off" and refused.value.message == sh.NOTHING_TO_HAND_OFF

    await _chat_with_two_messages(harness)
    slow = {"final-editor": [{"delayMs": 5000, "text": "x"}]}
    running = await harness.start("final-editor", slow, chat="Lighthouse", prompt="More.")
    with pytest.raises(sh.HandoffRefused) as refused:
        harness.runtime.start_handoff(chat="Lighthouse", provider_for=lambda _p: never)
    assert refused.value.code == "handoff.run_active" and refused.value.message == sh.RUN_ACTIVE
    harness.runtime.cancel(running.run_id)
    await running.wait()

    gen = harness.runtime.start_handoff(chat="Lighthouse",
                                        provider_for=lambda _p: _scripted([{"delayMs": 5000, "text": DOCUMENT}]))
    with pytest.raises(sh.HandoffRefused) as refused:
        harness.runtime.start_handoff(chat="Lighthouse", provider_for=lambda _p: never)
    assert refused.value.code == "handoff.in_progress"
    assert harness.runtime.cancel_handoff(gen.chat_id)
    assert (await gen.wait()).outcome is sh.HandoffOutcome.CANCELLED
    assert never.requests == []


async def test_cancel_mid_stream_failure_and_empty_answer_change_nothing(harness: Harness) -> None:
    chat_id = await _chat_with_two_messages(harness)
    before = _transcript(harness, chat_id)

    gen = harness.runtime.start_handoff(chat="Lighthouse",
                                        provider_for=lambda _p: _scripted([{"delayMs": 3000, "text": DOCUMENT}]))
    await until(lambda: "model_call_started" in harness.types(gen.run_id), what="the summary's model call to start")
    assert harness.runtime.cancel_handoff(gen.chat_id)
    cancelled = await gen.wait()
    assert cancelled.outcome is sh.HandoffOutcome.CANCELLED and cancelled.summary == "Handoff cancelled"
    assert harness.runtime.runs.run(gen.run_id).status is RunStatus.CANCELLED  # type: ignore[union-attr]

    failing = _scripted([{"error": {"status": 400, "message": "context length exceeded"}}])
    failed = await harness.runtime.start_handoff(chat="Lighthouse", provider_for=lambda _p: failing).wait()
    assert failed.outcome is sh.HandoffOutcome.FAILED and failed.summary.startswith("Handoff failed: ")
    assert "context length exceeded" in failed.summary

    empty = await harness.runtime.start_handoff(chat="Lighthouse",
                                                provider_for=lambda _p: _scripted([{"text": "  "}])).wait()
    assert empty.outcome is sh.HandoffOutcome.EMPTY and empty.summary == "Handoff produced no document"

    for draft in (cancelled, failed, empty):
        with pytest.raises(sh.HandoffRefused):
            harness.runtime.accept_handoff(draft)
    assert _transcript(harness, chat_id) == before
    assert [c.name for c in harness.runtime.chats.chats()] == ["Lighthouse"]
    assert harness.runtime.handoffs == {}


async def test_missing_sections_are_named_not_hidden(harness: Harness) -> None:
    await _chat_with_two_messages(harness)
    partial = "**Goal**\nA ghost story.\n\nNext Steps:\nWrite on.\n"
    draft = await harness.runtime.start_handoff(
        chat="Lighthouse", provider_for=lambda _p: _scripted([{"text": partial}])).wait()
    assert draft.outcome is sh.HandoffOutcome.READY
    assert draft.missing_sections == ["Canon & Constraints", "Progress", "Key Decisions", "Critical Context"]
    assert "lacks: Canon & Constraints" in draft.summary


def test_sections_are_found_in_the_common_heading_forms() -> None:
    text = "# Goal\n\n### Canon and Constraints ###\n**Progress**:\nKey decisions:\n## CRITICAL CONTEXT\n"
    assert sh.missing_sections(text) == ["Next Steps"]
    assert "Canon & Constraints" not in sh.missing_sections("## Canon &amp; Constraints\n")  # as a server escaped it


SEED_HEADINGS = DOCUMENT.replace("## Canon & Constraints", "## Constraints & Preferences")


async def test_a_document_with_the_seeds_headings_lacks_nothing(harness: Harness) -> None:
    """The seeds name the second section "Constraints & Preferences"; the instruction keeps the creator's
    wording ("Canon & Constraints"). A document written with either heading has that section."""
    await _chat_with_two_messages(harness)
    provider = _scripted([{"text": SEED_HEADINGS}])
    draft = await harness.runtime.start_handoff(chat="Lighthouse", provider_for=lambda _p: provider).wait()
    assert draft.outcome is sh.HandoffOutcome.READY
    assert draft.missing_sections == [] and draft.summary == "Handoff document ready."
    assert "## Canon & Constraints" in provider.requests[0].messages[-1].content, "the prompt keeps its wording"
    for heading in ("**Constraints and Preferences**", "Constraints & Preferences:",
                    "## constraints &amp; preferences"):
        assert "Canon & Constraints" not in sh.missing_sections(heading + "\nPast tense.\n"), heading
    assert "Canon & Constraints" in sh.missing_sections("## Preferences\nPast tense.\n"), "one word is not the section"


async def test_a_named_new_chat_must_be_free(harness: Harness) -> None:
    await _chat_with_two_messages(harness)
    draft = await harness.runtime.start_handoff(
        chat="Lighthouse", provider_for=lambda _p: _scripted([{"text": DOCUMENT}])).wait()
    with pytest.raises(sh.HandoffRefused) as refused:
        harness.runtime.accept_handoff(draft, name="Lighthouse")
    assert refused.value.code == "handoff.name_taken"
    assert harness.runtime.accept_handoff(draft, name="Chapter two").name == "Chapter two"


async def test_the_python_api_hands_off_a_chat(tmp_path: Any) -> None:
    from relay_studio.api import Agent, HandoffOutcome, HandoffRefused, Studio
    from relay_studio.domain.messages import ModelRequest

    writer = Agent("Writer", instructions="Write scenes.")
    answers = {"Write a scene.": [{"toolCalls": [write("output/main.md", "The lamp went out."),
                                                 call("workspace_commit"), call("workspace_finish")]}]}
    provider = ScriptedProvider(load_script({"turns": {writer.id: [*answers["Write a scene."], {"text": DOCUMENT}]}}))
    async with Studio(tmp_path / "data", provider=provider) as studio:
        with pytest.raises(HandoffRefused):
            await studio.hand_off("Lighthouse", agent=writer)
        await studio.run(writer, "Write a scene.", chat="Lighthouse")
        result = await studio.hand_off("Lighthouse", agent=writer, focus="the lamp", to="Part two")
        assert result.outcome is HandoffOutcome.READY and result.new_chat == "Part two"
        assert result.missing_sections == []
        last: ModelRequest = provider.requests[-1]
        assert last.messages[-1].content.endswith("Additional focus: the lamp")
        continued = studio.runtime.chats.chat_by_name("Part two")
        assert continued is not None
        assert studio.runtime.chats.messages(continued.id)[0].content.startswith("<handoff-context>")
