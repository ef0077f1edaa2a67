"""Declared next stages (docs/runtime.md, *Declared next stages*): a relay finishes on a model that answers
in plain text. The built-in writer and editor declare their next stage, so when a stage ends without a
handoff of its own the runtime hands its draft on; a reply after a commit is a note, never a new version."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from relay_studio.domain.enums import CommitMarker, InvocationStatus, RunStatus
from relay_studio.domain.messages import ModelRequest, StreamEvent, TextDelta
from relay_studio.domain.profile import AgentProfile, next_stage_problems
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.engine import RunHandle
from relay_studio.runtime.model_call import output_cap
from relay_studio.runtime.profile_catalog import builtin_profiles
from relay_studio.runtime.profile_templates import build
from tests.support import Harness, call, handoff, profile, until, write

DRAFT = "The lighthouse keeper counted the ships until the fog swallowed the last of them."
REVISED = "The keeper counted ships until the fog swallowed the last one, and then he counted the fog."
FINAL = "The keeper counted ships until fog swallowed the last; then he counted the fog itself."


def builtins() -> dict[str, AgentProfile]:
    return {p.id: p for p in builtin_profiles()}


async def test_the_built_in_relay_completes_when_every_stage_answers_in_text(harness: Harness) -> None:
    run_id, status = await harness.run("writer", {"writer": [{"text": DRAFT}], "editor": [{"text": REVISED}],
                                                  "finalizer": [{"text": FINAL}]}, profiles=builtins())
    assert status is RunStatus.COMPLETED
    invs = harness.runtime.runs.invocations(run_id)
    assert [(i.profile_id, i.status) for i in invs] == [
        ("writer", InvocationStatus.TRANSFERRED), ("editor", InvocationStatus.TRANSFERRED),
        ("finalizer", InvocationStatus.COMPLETED)]
    accepted = harness.of_type(run_id, "agent_handoff_accepted")
    assert [(e.payload["agentId"], e.payload["targetAgentId"], e.payload["by"], e.payload["reason"])
            for e in accepted] == [("writer", "editor", "runtime", "text_answer"),
                                   ("editor", "finalizer", "runtime", "text_answer")]
    assert accepted[0].payload["why"] == "Writer answered in text"
    assert accepted[0].payload["draftPath"] == "output/main.md"
    # Each stage's text is one version of the chat's answer; the finalizer's is the last.
    commits = harness.runtime.runs.commits(run_id)
    assert [(c.agent_id, c.content, c.marker) for c in commits] == [
        ("writer", DRAFT, CommitMarker.TEXT_ANSWER), ("editor", REVISED, CommitMarker.TEXT_ANSWER),
        ("finalizer", FINAL, CommitMarker.TEXT_ANSWER)]
    message = harness.runtime.chats.message(commits[-1].message_id)
    assert message is not None and message.content == FINAL
    # The editor was given the draft itself in its brief, the file named, the objective from the template.
    assert harness.provider is not None
    editor_request = next(r for r in harness.provider.requests if r.agent_id == "editor")
    brief = editor_request.messages[-1].content
    assert "# Handoff Brief" in brief and DRAFT in brief and "output/main.md" in brief
    assert "Revise the draft in output/main.md for structure, clarity and voice" in brief
    assert harness.file(run_id, "output/main.md") == REVISED
    # No nudge was spent: a stage with a next stage hands its text on at once.
    assert "model_text_only" not in harness.types(run_id)


async def test_a_plain_reply_after_a_commit_is_a_note_not_a_new_version(harness: Harness) -> None:
    turns = {"writer": [{"toolCalls": [write("output/main.md", DRAFT), call("workspace_commit")]},
                        {"text": "I am done"}],
             "editor": [{"toolCalls": [write("output/main.md", "E"), call("workspace_commit")]},
                        {"text": "I am done"}],
             "finalizer": [{"toolCalls": [write("output/main.md", REVISED), call("workspace_commit")]},
                           {"text": "Done."}]}
    run_id, status = await harness.run("writer", turns, profiles=builtins())
    assert status is RunStatus.COMPLETED
    commits = harness.runtime.runs.commits(run_id)
    assert [(c.agent_id, c.content, c.marker) for c in commits] == [
        ("writer", DRAFT, None), ("editor", "E", None), ("finalizer", REVISED, None)]
    message = harness.runtime.chats.message(commits[-1].message_id)
    assert message is not None and message.content == REVISED  # "I am done" and "Done." never became the answer
    notes = harness.of_type(run_id, "text_note_kept")
    assert [(n.payload["agentId"], n.payload["text"], n.payload["reason"]) for n in notes] == [
        ("writer", "I am done", "after_commit"), ("editor", "I am done", "after_commit"),
        ("finalizer", "Done.", "after_commit")]
    accepted = harness.of_type(run_id, "agent_handoff_accepted")
    assert [(e.payload["by"], e.payload["reason"]) for e in accepted] == [("runtime", "after_commit")] * 2


async def test_a_short_sign_off_after_an_earlier_stages_answer_is_a_note(harness: Harness) -> None:
    turns = {"writer": [{"text": DRAFT}], "editor": [{"text": REVISED}], "finalizer": [{"text": "Done."}]}
    run_id, status = await harness.run("writer", turns, profiles=builtins())
    assert status is RunStatus.COMPLETED
    assert [c.content for c in harness.runtime.runs.commits(run_id)] == [DRAFT, REVISED]
    [note] = harness.of_type(run_id, "text_note_kept")
    assert (note.payload["agentId"], note.payload["reason"]) == ("finalizer", "sign_off")


async def test_a_last_stage_that_only_gives_empty_replies_leaves_the_answer_standing(harness: Harness) -> None:
    turns = {"writer": [{"text": DRAFT}], "editor": [{"text": REVISED}], "finalizer": [{"text": ""}] * 3}
    run_id, status = await harness.run("writer", turns, profiles=builtins())
    assert status is RunStatus.COMPLETED
    assert [c.content for c in harness.runtime.runs.commits(run_id)] == [DRAFT, REVISED]
    [note] = harness.of_type(run_id, "text_note_kept")
    assert (note.payload["agentId"], note.payload["reason"], note.payload["text"]) == ("finalizer", "empty", "")
    assert len(harness.of_type(run_id, "model_text_only")) == 2  # nudged twice before it was let go


async def test_committing_an_unchanged_file_again_makes_no_new_version(harness: Harness) -> None:
    commits = [call("workspace_commit", {"path": "output/main.md"})] * 5
    turns = {"writer": [{"toolCalls": [write("output/main.md", DRAFT), *commits]}, {"text": "Done."}],
             "editor": [{"text": REVISED}],
             "finalizer": [{"text": FINAL}]}
    run_id, status = await harness.run("writer", turns, profiles=builtins())
    assert status is RunStatus.COMPLETED
    assert [(c.agent_id, c.content) for c in harness.runtime.runs.commits(run_id)] == [
        ("writer", DRAFT), ("editor", REVISED), ("finalizer", FINAL)]
    results = [p["result"] for p in harness.tool_results(run_id) if p["name"] == "workspace_commit"]
    assert results[0] == "Committed output/main.md to the chat (version 1)."
    assert results[1:] == ["output/main.md is already in the chat as version 1; nothing changed since."] * 4


async def test_a_stage_that_commits_and_stops_talking_finishes_on_its_commit(harness: Harness) -> None:
    closer = profile("closer", tools={"allow": ["workspace.write_file", "workspace.commit", "workspace.finish"]},
                     delegation={"canHandoff": False, "canDelegate": False})
    run_id, status = await harness.run(
        "closer", {"closer": [{"toolCalls": [write("output/main.md", "E"), call("workspace_commit")]},
                              {"text": "I am done"}]}, profiles={"closer": closer})
    assert status is RunStatus.COMPLETED
    [commit] = harness.runtime.runs.commits(run_id)
    assert commit.content == "E" and commit.version == 1
    assert [n.payload["text"] for n in harness.of_type(run_id, "text_note_kept")] == ["I am done"]


async def test_a_written_but_uncommitted_draft_is_committed_and_handed_on(harness: Harness) -> None:
    turns = {"writer": [{"toolCalls": [write("output/scene.md", DRAFT)]}, {"text": "Finished."}],
             "editor": [{"toolCalls": [handoff("finalizer", "Polish it.")]}],
             "finalizer": [{"text": FINAL}]}
    run_id, status = await harness.run("writer", turns, profiles=builtins())
    assert status is RunStatus.COMPLETED
    first, accepted_by_model = harness.of_type(run_id, "agent_handoff_accepted")
    assert (first.payload["by"], first.payload["reason"], first.payload["draftPath"]) == (
        "runtime", "after_write", "output/scene.md")
    assert accepted_by_model.payload["by"] == "agent"  # a handoff the model makes itself works as before
    commits = harness.runtime.runs.commits(run_id)
    assert (commits[0].agent_id, commits[0].path, commits[0].content) == ("writer", "output/scene.md", DRAFT)
    requested = harness.of_type(run_id, "chat_commit_requested")[0]
    assert requested.payload["by"] == "runtime"


async def test_a_missing_next_stage_ends_the_stage_as_before_and_says_why(harness: Harness) -> None:
    writer = profile("writer", handoff={"next": "nobody"}, tools={"allow": ["workspace.write_file", "agent.handoff"]},
                     delegation={"canDelegate": False})
    run_id, status = await harness.run("writer", {"writer": [{"text": DRAFT}] * 3}, profiles={"writer": writer})
    assert status is RunStatus.PARTIAL_SUCCESS  # the nudges, then its text is the answer, as without a next stage
    [unavailable, *_] = harness.of_type(run_id, "next_stage_unavailable")
    assert unavailable.payload["nextAgentId"] == "nobody"
    assert "is not an agent here" in unavailable.payload["message"]
    assert next_stage_problems({"writer": writer})[0].code == "profile.bad_next_stage"


async def test_the_relay_template_declares_its_next_stages() -> None:
    writer, editor, finalizer = build("relay", "Sea", set(builtins()))
    assert writer["handoff"]["next"] == editor["id"] and editor["handoff"]["next"] == finalizer["id"]
    assert "next" not in (finalizer.get("handoff") or {}) or finalizer["handoff"]["next"] is None


async def test_built_in_stages_offer_only_the_tools_their_part_needs() -> None:
    profiles = builtins()
    assert len(profiles["writer"].effective_tools()) <= 6
    assert len(profiles["editor"].effective_tools()) <= 5
    assert len(profiles["finalizer"].effective_tools()) <= 4
    assert profiles["finalizer"].run.end_on_text_answer


def test_every_request_carries_an_output_cap() -> None:
    assert output_cap(300, 8192) == 300  # the profile's own
    assert output_cap(None, 8192) == 2048  # a quarter, at most 2,048
    assert output_cap(None, 4096) == 1024
    assert output_cap(None, 100_000) == 2048
    assert output_cap(None, None) == 2048  # unknown


async def test_requests_are_capped_from_the_stated_context_window(harness: Harness) -> None:
    profiles = builtins()
    for pid in ("writer", "editor", "finalizer"):
        p = profiles[pid]
        window = 2048 if pid != "editor" else None
        tokens = 300 if pid == "finalizer" else None
        profiles[pid] = p.model_copy(update={"model": p.model.model_copy(
            update={"context_window_tokens": window, "max_tokens": tokens})})
    run_id, status = await harness.run("writer", {"writer": [{"text": DRAFT}], "editor": [{"text": REVISED}],
                                                  "finalizer": [{"text": FINAL}]}, profiles=profiles)
    assert status is RunStatus.COMPLETED
    assert harness.provider is not None
    assert [r.settings.max_tokens for r in harness.provider.requests] == [512, 2048, 300]
    started = harness.of_type(run_id, "model_call_started")
    assert [e.payload["maxTokens"] for e in started] == [512, 2048, 300]


class Stalling:
    """Streams a few pieces of text, then holds the connection open without a byte (a rambling server)."""

    def __init__(self, turns: dict[str, list[dict[str, Any]]], stall_after: int = 3) -> None:
        self.inner = ScriptedProvider(load_script({"turns": turns}), chunk_size=8)
        self.stall_after = stall_after
        self.calls = 0

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        self.calls += 1
        sent = 0
        async for event in self.inner.stream(request):
            if isinstance(event, TextDelta):
                sent += 1
                if sent > self.stall_after and self.calls == 1:
                    await asyncio.sleep(3600)
            yield event


async def test_a_call_past_its_deadline_ends_and_keeps_what_arrived(harness: Harness) -> None:
    writer, editor, finalizer = (p.model_copy(deep=True) for p in (builtins()[i] for i in
                                                                    ("writer", "editor", "finalizer")))
    writer = writer.model_copy(update={"model": writer.model.model_copy(update={"call_deadline_seconds": 0.5})})
    provider = Stalling({"writer": [{"text": DRAFT}], "editor": [{"text": REVISED}], "finalizer": [{"text": FINAL}]})
    handle: RunHandle = await harness.runtime.start_run(
        agent_id="writer", prompt="Write.", provider_for=lambda _p: provider,
        profiles={"writer": writer, "editor": editor, "finalizer": finalizer})
    assert await handle.wait() is RunStatus.COMPLETED
    kept = DRAFT[:24]  # three pieces of eight characters arrived before the server stalled
    completed = harness.of_type(handle.run_id, "model_call_completed")[0]
    assert completed.payload["finishReason"] == "deadline" and completed.payload["textChars"] == len(kept)
    usage = completed.payload["usage"]  # the server sent no counts before it stalled: estimated, not zero
    assert usage["estimated"] is True and usage["input_tokens"] > 0 and usage["output_tokens"] > 0
    [notice] = [e for e in harness.of_type(handle.run_id, "model_notice") if e.payload["code"] == "model.call_deadline"]
    assert "longer than 0.5 s" in notice.payload["message"]
    assert harness.runtime.runs.commits(handle.run_id)[0].content == kept  # the partial draft was handed on


async def test_stop_keeps_the_reply_the_card_shows_while_the_next_call_waits(harness: Harness) -> None:
    closer = profile("closer", tools={"allow": ["workspace.write_file", "workspace.commit", "workspace.finish"]},
                     delegation={"canHandoff": False, "canDelegate": False})
    handle = await harness.start("closer", {"closer": [{"text": DRAFT}, {"delayMs": 30_000, "text": "late"}]},
                                 profiles={"closer": closer})
    await until(lambda: len(harness.of_type(handle.run_id, "model_call_started")) == 2, what="the nudged call")
    assert harness.runtime.cancel(handle.run_id)
    assert await handle.wait() is RunStatus.CANCELLED
    [commit] = harness.runtime.runs.commits(handle.run_id)
    assert commit.content == DRAFT and commit.marker is CommitMarker.STOPPED


def test_the_profile_docs_example_is_a_valid_profile(tmp_path: Path) -> None:
    del tmp_path
    for p in builtin_profiles():
        assert not next_stage_problems({q.id: q for q in builtin_profiles()}, {p.id}), p.id
