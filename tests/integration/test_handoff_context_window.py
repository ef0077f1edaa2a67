"""A chat too long for its agent's model can still be handed off (docs/session-handoff.md, "When a chat
no longer fits"): with the context window known (the profile's ``contextWindowTokens``, or what the server
reports), the oldest entries are left out of the handoff request, the creator is told how many, and the
pinned handoff document of a continued chat and the instruction always stay."""

from __future__ import annotations

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.profile import AgentProfile
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime import session_handoff as sh
from relay_studio.runtime.context_window import estimate_messages, reserve_for
from tests.support import Harness, call, relay_profiles, write

DOC = "## Goal\nA.\n## Canon & Constraints\nB.\n## Progress\nC.\n## Key Decisions\nD.\n" \
      "## Critical Context\nE.\n## Next Steps\nF.\n"
PROMPTS = [f"Chapter {n}: " + f"the lamp {n} burned " * 120 for n in (1, 2, 3)]  # about 600 tokens each


async def _long_chat(harness: Harness) -> str:
    for n, prompt in enumerate(PROMPTS, 1):
        turns = {"final-editor": [{"toolCalls": [write("output/main.md", f"Answer {n}."), call("workspace_commit"),
                                                 call("workspace_finish")]}]}
        _run, status = await harness.run("final-editor", turns, chat="Long", prompt=prompt)
        assert status is RunStatus.COMPLETED
    record = harness.runtime.chats.chat_by_name("Long")
    assert record is not None
    return record.id


def _with_window(tokens: int) -> dict[str, AgentProfile]:
    profiles = relay_profiles()
    agent = profiles["final-editor"]
    profiles["final-editor"] = agent.model_copy(
        update={"model": agent.model.model_copy(update={"context_window_tokens": tokens})})
    return profiles


async def test_the_oldest_entries_are_left_out_until_the_request_fits(harness: Harness) -> None:
    chat_id = await _long_chat(harness)
    provider = ScriptedProvider(load_script({"turns": {"final-editor": [{"text": DOC}]}}))
    handle = harness.runtime.start_handoff(chat=chat_id, provider_for=lambda _p: provider, context_tokens=2000)
    draft = await handle.wait()
    assert draft.outcome is sh.HandoffOutcome.READY and draft.left_out == 2
    sent = provider.requests[0].messages
    assert [m.content for m in sent[:-1]] == [PROMPTS[1], "Answer 2.", PROMPTS[2], "Answer 3."]
    assert sent[-1].content == sh.instruction(None)
    agent = relay_profiles()["final-editor"]
    assert estimate_messages(agent, sent) <= 2000 - reserve_for(agent, 2000)
    created = harness.of_type(handle.run_id, "run_created")[0].payload
    assert created["leftOut"] == 2 and harness.runtime.runs.run_input(handle.run_id)["leftOut"] == 2
    assert len(harness.runtime.chats.messages(chat_id)) == 6, "the chat itself keeps everything"


async def test_the_profile_setting_wins_and_a_chat_that_fits_loses_nothing(harness: Harness) -> None:
    chat_id = await _long_chat(harness)
    provider = ScriptedProvider(load_script({"turns": {"final-editor": [{"text": DOC}, {"text": DOC}]}}))
    tight = harness.runtime.start_handoff(chat=chat_id, provider_for=lambda _p: provider,
                                          profiles=_with_window(1400), context_tokens=100_000)
    draft = await tight.wait()
    assert draft.left_out == 4 and [m.content for m in provider.requests[0].messages[:-1]] == [PROMPTS[2], "Answer 3."]
    roomy = harness.runtime.start_handoff(chat=chat_id, provider_for=lambda _p: provider, context_tokens=100_000)
    assert (await roomy.wait()).left_out == 0 and len(provider.requests[1].messages) == 7


async def test_a_continued_chat_keeps_its_handoff_document_and_the_review_says_what_was_left_out(
        harness: Harness) -> None:
    chat_id = await _long_chat(harness)
    provider = ScriptedProvider(load_script({"turns": {"final-editor": [{"text": DOC}, {"text": DOC}]}}))
    first = await harness.runtime.start_handoff(chat=chat_id, provider_for=lambda _p: provider).wait()
    new = harness.runtime.accept_handoff(first)
    for n, prompt in enumerate(PROMPTS, 4):
        turns = {"final-editor": [{"toolCalls": [write("output/main.md", f"Answer {n}."), call("workspace_commit"),
                                                 call("workspace_finish")]}]}
        assert (await harness.run("final-editor", turns, chat=new.name, prompt=prompt))[1] is RunStatus.COMPLETED
    handle = harness.runtime.start_handoff(chat=new.id, provider_for=lambda _p: provider, context_tokens=1500)
    draft = await handle.wait()
    sent = provider.requests[-1].messages
    assert sent[0].content == sh.context_entry(DOC), "the pinned document stays"
    assert sent[1].role == "user" and sent[-1].content == sh.instruction(None)
    assert draft.left_out >= 2
