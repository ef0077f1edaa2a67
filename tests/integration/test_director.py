"""The Director pattern of seed 002 with scripted directors and reviewers: reviews as delegated tasks with
schema-checked results, writes gated by a review of the exact draft (failing closed), a conflict that
reaches the creator even under "approve the rest", and rules reviews citing a real FTS5 knowledge library."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.enums import InvocationStatus, RunStatus, TaskStatus
from relay_studio.domain.profile import AgentProfile, parse_profile
from relay_studio.knowledge.library import KnowledgeLibrary
from relay_studio.library.entries import LibraryEntry
from relay_studio.library.store import LibraryStore
from relay_studio.runtime.approval import approve_all
from relay_studio.runtime.profile_catalog import builtin_profiles
from relay_studio.runtime.tools.review_rules import NO_KNOWLEDGE
from relay_studio.store.database import DEFAULT_PROJECT_ID
from tests.support import Harness, call
from tests.unit.test_model_language import offences

SCRIPTED = {"mode": "connection", "connection": "test", "model": "scripted", "retryIntervalSeconds": 0.01}
OREN = "Oren is the harbour master of Saltmarsh. He keeps the tide tables."
OREN_EARLIER = "Oren is a fisherman."


def director_set(**reviewer_over: Any) -> dict[str, AgentProfile]:
    """The built-in Director set, on the scripted model."""
    out: dict[str, AgentProfile] = {}
    for p in builtin_profiles():
        data = p.to_json_dict()
        data["model"] = {**data["model"], **SCRIPTED}
        if p.id in ("consistency-reviewer", "rules-advisor"):
            data["delegation"] = {**data["delegation"], **reviewer_over}
        out[p.id] = parse_profile(data)
    return out


def review(name: str, type_: str, draft: str) -> dict[str, Any]:
    return call("review_consistency", {"name": name, "type": type_, "draft": draft})


def create(name: str, description: str, type_: str = "character") -> dict[str, Any]:
    return call("library_create", {"type": type_, "name": name, "description": description})


def verdict(status: str, *issues: dict[str, Any]) -> dict[str, Any]:
    return {"text": json.dumps({"issues": list(issues), "overallStatus": status})}


def issue(severity: str, entry: str, explanation: str, quote: str = "") -> dict[str, Any]:
    return {"severity": severity, "entry": entry, "quote": quote, "explanation": explanation,
            "suggestion": "Keep what the entry says."}


def seed(harness: Harness) -> LibraryStore:
    project_dir = harness.runtime.project_dir(harness.runtime.projects.default())
    store = LibraryStore.open(harness.runtime.db, DEFAULT_PROJECT_ID, project_dir)
    store.save(LibraryEntry(type="character", name="Mira",
                            description="Mira commands the Heron. She is an only child."))
    store.save(LibraryEntry(type="location", name="Saltmarsh", description="A drowned harbour town."))
    store.save(LibraryEntry(type="item", name="Heron", description="A three-masted ship."))
    return store


class Recorder:
    """An approver that records each proposal and answers from a list of decisions (then approves)."""

    def __init__(self, *decisions: ApprovalDecision) -> None:
        self.requests: list[ApprovalRequest] = []
        self.decisions = list(decisions)

    async def __call__(self, request: ApprovalRequest) -> ApprovalDecision:
        self.requests.append(request)
        return self.decisions.pop(0) if self.decisions else ApprovalDecision(approved=True)


async def test_a_write_needs_a_review_of_that_exact_draft_then_it_is_proposed_and_written(harness: Harness) -> None:
    store = seed(harness)
    approver = Recorder()
    turns = {
        "director": [
            {"toolCalls": [create("Oren", OREN)]},  # no review yet
            {"toolCalls": [review("Oren", "character", OREN_EARLIER), create("Oren", OREN)]},  # another draft
            {"toolCalls": [review("Oren", "character", OREN + "\n"), create("Oren", OREN)]},  # this draft
            {"text": "Oren is in the story library now."},
        ],
        "consistency-reviewer": [verdict("clean"), verdict("clean")],
    }
    run_id, status = await harness.run("director", turns, profiles=director_set(), approver=approver,
                                       prompt="Add Oren, the harbour master of Saltmarsh.")
    assert status is RunStatus.COMPLETED, harness.types(run_id)
    results = harness.tool_results(run_id)
    assert [(r["name"], r["errorCode"]) for r in results] == [
        ("library_create", codes.REVIEW_REQUIRED), ("review_consistency", None),
        ("library_create", codes.REVIEW_REQUIRED), ("review_consistency", None), ("library_create", None)]
    assert "review_consistency" in results[0]["result"] and "not had this draft reviewed" in results[0]["result"]
    assert "different text" in results[2]["result"]
    assert results[3]["result"].startswith("Consistency review of “Oren” (character) by Consistency reviewer: clean.")
    # the one proposal was raised only after its review, and carries it
    assert len(approver.requests) == 1 and approver.requests[0].review is not None
    assert approver.requests[0].review["overallStatus"] == "clean"
    found = store.find("Oren")
    assert found is not None and found.entry.description == OREN
    # each review is a delegated task of the director: its own helper lane, completed
    invs = [i for i in harness.runtime.runs.invocations(run_id) if i.profile_id == "consistency-reviewer"]
    assert [i.status for i in invs] == [InvocationStatus.COMPLETED] * 2
    assert all(i.kind.value == "subagent" for i in invs)
    tasks = [e for e in harness.of_type(run_id, ev.AGENT_TASK_COMPLETED)]
    assert len(tasks) >= 2
    done = harness.of_type(run_id, ev.REVIEW_COMPLETED)
    assert [(e.payload["status"], e.payload["overallStatus"]) for e in done] == [("passed", "clean")] * 2
    # on the timeline: one helper lane per review, under the director's, each with its status
    from relay_studio.ui.timeline.model import FOREGROUND, RunTimeline

    timeline = RunTimeline(run_id)
    for event in harness.events(run_id):
        timeline.apply(event)
    helpers = [lane for lane in timeline.ordered_lanes() if lane.parent == FOREGROUND]
    assert [lane.title for lane in helpers] == ["Consistency reviewer"] * 2
    assert [[s.status for s in lane.stages] for lane in helpers] == [["completed"]] * 2
    # the reviewer read the draft and the entries it touches (mentioned, and of the same type)
    briefs = [r for r in harness.provider.requests if r.agent_id == "consistency-reviewer"]  # type: ignore[union-attr]
    assert OREN_EARLIER in briefs[0].messages[0].content
    brief = briefs[1]
    text = brief.messages[0].content
    assert OREN in text and "A drowned harbour town." in text and "Mira commands the Heron" in text
    assert "A three-masted ship." not in text  # neither mentioned nor a character
    assert brief.tools == [] and brief.output is not None and brief.output.json_schema["required"] == [
        "issues", "overallStatus"]
    for request in harness.provider.requests:  # type: ignore[union-attr]
        assert not offences(request.system) and not [o for m in request.messages for o in offences(m.content)]


async def test_a_reviewer_out_of_form_twice_fails_closed_and_the_write_stays_blocked(harness: Harness) -> None:
    store = seed(harness)
    turns = {
        "director": [
            {"toolCalls": [review("Oren", "character", OREN)]},
            {"toolCalls": [create("Oren", OREN)]},
            {"text": "The review could not be done, so I did not write Oren."},
        ],
        "consistency-reviewer": [{"text": "Looks fine to me!"}, {"text": json.dumps({"issues": []})}],
    }
    run_id, status = await harness.run("director", turns, profiles=director_set(), approver=approve_all)
    assert status is RunStatus.COMPLETED
    first, second = harness.tool_results(run_id)
    assert first["errorCode"] == codes.REVIEW_FAILED and "could not be done" in first["result"]
    assert second["errorCode"] == codes.REVIEW_REQUIRED and "could not be done" in second["result"]
    assert store.find("Oren") is None
    repair = harness.of_type(run_id, ev.REVIEW_REPAIR_REQUESTED)
    assert len(repair) == 1 and "not a JSON object" in repair[0].payload["problem"]
    reviewer_calls = [r for r in harness.provider.requests if r.agent_id == "consistency-reviewer"]  # type: ignore[union-attr]
    assert len(reviewer_calls) == 2 and "did not match the required form" in reviewer_calls[1].messages[-1].content
    done = harness.of_type(run_id, ev.REVIEW_COMPLETED)[0].payload
    assert done["status"] == "failed" and done["errorCode"] == codes.REVIEW_INVALID_OUTPUT
    inv = next(i for i in harness.runtime.runs.invocations(run_id) if i.profile_id == "consistency-reviewer")
    assert inv.status is InvocationStatus.FAILED
    failed = harness.of_type(run_id, ev.TASK_MOVED[TaskStatus.FAILED])
    assert failed and failed[0].payload["error"]["code"] == codes.REVIEW_INVALID_OUTPUT


async def test_a_reviewer_that_times_out_fails_closed(harness: Harness) -> None:
    seed(harness)
    turns = {
        "director": [{"toolCalls": [review("Oren", "character", OREN)]}, {"toolCalls": [create("Oren", OREN)]},
                     {"text": "No review, no write."}],
        "consistency-reviewer": [{"delayMs": 3000, **verdict("clean")}],
    }
    run_id, status = await harness.run("director", turns, profiles=director_set(taskTimeoutSeconds=0.2),
                                       approver=approve_all)
    assert status is RunStatus.COMPLETED
    assert harness.error_codes(run_id) == [codes.REVIEW_FAILED, codes.REVIEW_REQUIRED]
    assert "did not answer within 0.2 seconds" in harness.tool_results(run_id)[0]["result"]
    assert harness.of_type(run_id, ev.REVIEW_COMPLETED)[0].payload["errorCode"] == codes.AGENT_TASK_TIMEOUT
    # on the timeline the reviewer's lane says so (its words: tests/gui/test_timeline_reviews.py)
    from relay_studio.ui.timeline.model import RunTimeline

    timeline = RunTimeline(run_id)
    for event in harness.events(run_id):
        timeline.apply(event)
    [done] = [lane.review for lane in timeline.ordered_lanes() if lane.review is not None]
    assert (done.verdict, done.error_code, done.name) == ("failed", codes.AGENT_TASK_TIMEOUT, "Oren")


async def test_a_conflict_reaches_the_creator_even_under_approve_the_rest_and_their_reason_reaches_the_agent(
    harness: Harness,
) -> None:
    store = seed(harness)
    sister = "Mira has a twin sister, Lune, who commands the rival ship."
    approver = Recorder(
        ApprovalDecision(approved=True, approve_rest=True),  # the notes file: approve the rest of this run
        ApprovalDecision(approved=True, reason="The twin is a late reveal; the entry changes with it."),
    )
    conflict = issue("conflict", "Mira", "The entry says Mira is an only child.", quote="twin sister")
    turns = {
        "director": [
            {"toolCalls": [call("workspace_write_file", {"path": "scratch/notes.md", "content": "Ideas."})]},
            {"toolCalls": [review("Lune", "character", "Lune is a pirate."), create("Lune", "Lune is a pirate.")]},
            {"toolCalls": [review("Mira", "character", sister),
                           call("library_update", {"name": "Mira", "description": sister})]},
            {"text": "Mira now has a twin; the library says so."},
        ],
        "consistency-reviewer": [
            verdict("warning", issue("warning", "Heron", "Unclear which ship she sails.")),
            verdict("conflict", conflict),
        ],
    }
    run_id, status = await harness.run("director", turns, profiles=director_set(), approver=approver)
    assert status is RunStatus.COMPLETED, harness.types(run_id)
    # asked twice: the notes (answered "approve the rest"), then the conflict, never the warning write
    assert [r.path for r in approver.requests] == ["scratch/notes.md", "library/character/mira.md"]
    forced = approver.requests[1]
    assert forced.review is not None and forced.review["overallStatus"] == "conflict"
    assert forced.review["issues"][0]["explanation"] == "The entry says Mira is an only child."
    results = {r["name"] + str(i): r for i, r in enumerate(harness.tool_results(run_id))}
    warning_review = results["review_consistency1"]["result"]
    assert ": warning." in warning_review and "Mention the warnings" in warning_review
    assert "Tell the creator about the conflicts" in results["review_consistency3"]["result"]
    update = results["library_update4"]
    assert update["errorCode"] is None
    assert update["result"].endswith("the creator approved it anyway and said: “The twin is a late reveal; "
                                     "the entry changes with it.”.")
    mira = store.find("Mira")
    lune = store.find("Lune")
    assert mira is not None and mira.entry.description == sister and lune is not None
    # the agent read the reason in its tool result, as the model saw it
    last = harness.provider.requests[-1]  # type: ignore[union-attr]
    assert "The twin is a late reveal" in last.messages[-1].content
    asked = [e.payload for e in harness.of_type(run_id, ev.TOOL_CALL_AWAITING_APPROVAL)]
    assert asked[-1]["review"]["overallStatus"] == "conflict"


async def test_output_writes_are_gated_and_other_roots_are_not(harness: Harness) -> None:
    seed(harness)
    chapter = "Mira sails out of Saltmarsh at dawn."
    turns = {
        "director": [
            {"toolCalls": [call("workspace_write_file", {"path": "plan/outline.md", "content": "1. Dawn."}),
                           call("workspace_write_file", {"path": "output/chapter.md", "content": chapter})]},
            {"toolCalls": [review("Chapter 1", "chapter", chapter),
                           call("workspace_write_file", {"path": "output/chapter.md", "content": chapter}),
                           call("workspace_apply_patch", {"path": "output/chapter.md", "old_string": "dawn",
                                                          "new_string": "dusk"})]},
            {"text": "Chapter 1 is written."},
        ],
        "consistency-reviewer": [verdict("clean")],
    }
    run_id, status = await harness.run("director", turns, profiles=director_set(), approver=approve_all)
    assert status is RunStatus.COMPLETED
    assert harness.error_codes(run_id) == [codes.REVIEW_REQUIRED, codes.REVIEW_REQUIRED]
    assert [r["name"] for r in harness.tool_results(run_id) if r["isError"]] == [
        "workspace_write_file", "workspace_apply_patch"]  # the patch makes a text nobody reviewed
    assert harness.file(run_id, "output/chapter.md") == chapter
    assert harness.file(run_id, "plan/outline.md") == "1. Dawn."


RULEBOOK = """# Combat

## Grappling

A grapple is a contested Athletics check. The grappled creature's speed becomes 0, and it can use its
action to escape with Athletics or Acrobatics.

## Opportunity attacks

Leaving a hostile creature's reach provokes one opportunity attack, made with a reaction.
"""


async def test_rules_review_cites_a_real_knowledge_library_and_says_when_there_is_none(
    harness: Harness, tmp_path: Path
) -> None:
    profiles = director_set()
    question = "Can a grappled creature still move?"
    ask = {"toolCalls": [call("review_rules", {"question": question})]}
    none_id, status = await harness.run("director", {"director": [ask, {"text": "No rulebook yet."}]},
                                        profiles=profiles)
    assert status is RunStatus.COMPLETED
    assert harness.tool_results(none_id)[0]["result"] == NO_KNOWLEDGE
    assert not [r for r in harness.provider.requests if r.agent_id == "rules-advisor"]  # type: ignore[union-attr]

    book = tmp_path / "core-rules.md"
    book.write_text(RULEBOOK, encoding="utf-8")
    project_dir = harness.runtime.project_dir(harness.runtime.projects.default())
    report = KnowledgeLibrary(harness.runtime.db, DEFAULT_PROJECT_ID, project_dir).import_files([book])
    assert report.imported
    answer = {"suggestions": [
        {"text": "No: a grappled creature's speed is 0 until it escapes.",
         "citation": {"document": "core-rules", "page": None, "quote": "The grappled creature's speed becomes 0"}},
        {"text": "It may also fly away.",
         "citation": {"document": "core-rules", "page": 3, "quote": "Flying frees you"}},
    ], "summary": "A grappled creature cannot move; it can try to escape with its action."}
    turns = {"director": [ask, {"text": "It cannot move while grappled."}],
             "rules-advisor": [{"text": json.dumps(answer)}]}
    run_id, status = await harness.run("director", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    result = harness.tool_results(run_id)[0]
    assert result["errorCode"] is None and result["unverifiedCitations"] == 1
    assert result["citations"] and result["citations"][0]["title"]
    assert result["result"].startswith("Rules advice from Rules advisor: A grappled creature cannot move")
    assert "“The grappled creature's speed becomes 0”" in result["result"]
    assert "“Flying frees you” (this quote is not in the passages found" in result["result"]
    brief = next(r for r in harness.provider.requests if r.agent_id == "rules-advisor")  # type: ignore[union-attr]
    assert question in brief.messages[0].content and "speed becomes 0" in brief.messages[0].content
    assert brief.output is not None and "suggestions" in brief.output.json_schema["required"]
    assert harness.of_type(run_id, ev.REVIEW_COMPLETED)[0].payload["kind"] == "rules"


BALANCE = "Is a +3 sword for a level 1 character balanced?"


async def test_a_rules_review_in_review_mode_needs_severity_affected_field_and_patch(
    harness: Harness, tmp_path: Path
) -> None:
    book = tmp_path / "core-rules.md"
    book.write_text(RULEBOOK + "\n## Magic items\n\nA level 1 character starts with no item above +1.\n",
                    encoding="utf-8")
    project_dir = harness.runtime.project_dir(harness.runtime.projects.default())
    assert KnowledgeLibrary(harness.runtime.db, DEFAULT_PROJECT_ID, project_dir).import_files([book]).imported
    cited = {"document": "core-rules", "page": None, "quote": "A level 1 character starts with no item above +1."}
    bare = {"suggestions": [{"text": "Too strong for level 1.", "citation": cited}], "summary": "Too strong."}
    full = {"suggestions": [{**bare["suggestions"][0], "severity": "conflict", "affectedField": "attack bonus",
                             "suggestionPatch": "Make it a +1 sword."}], "summary": "Too strong."}
    turns = {"director": [{"toolCalls": [call("review_rules", {"question": BALANCE, "reviewMode": True})]},
                          {"toolCalls": [call("review_rules", {"question": BALANCE})]},
                          {"text": "The sword is too strong; make it +1."}],
             "rules-advisor": [{"text": json.dumps(bare)}, {"text": json.dumps(full)}, {"text": json.dumps(bare)}]}
    run_id, status = await harness.run("director", turns, profiles=director_set())
    assert status is RunStatus.COMPLETED
    # in review mode the answer without severity, affectedField and suggestionPatch is out of form
    [repair] = harness.of_type(run_id, ev.REVIEW_REPAIR_REQUESTED)
    for field in ("severity", "affectedField", "suggestionPatch"):
        assert field in repair.payload["problem"]
    asked = [r for r in harness.provider.requests if r.agent_id == "rules-advisor"]  # type: ignore[union-attr]
    assert len(asked) == 3
    item = asked[0].output.json_schema["properties"]["suggestions"]["items"]  # type: ignore[union-attr]
    assert {"severity", "affectedField", "suggestionPatch"} <= set(item["required"])
    plain = asked[2].output.json_schema["properties"]["suggestions"]["items"]  # type: ignore[union-attr]
    assert plain["required"] == ["text", "citation"]  # a rules question needs none of them
    reviewed, answered = harness.tool_results(run_id)
    assert reviewed["errorCode"] is None and answered["errorCode"] is None
    assert "[conflict]" in reviewed["result"] and "attack bonus" in reviewed["result"]
    assert "Make it a +1 sword." in reviewed["result"]
    requested = [e.payload for e in harness.of_type(run_id, ev.REVIEW_REQUESTED)]
    assert [p["reviewMode"] for p in requested] == [True, False]


async def test_a_reviewed_write_waiting_for_approval_resumes_after_a_restart(harness: Harness) -> None:
    import asyncio

    from relay_studio.providers.scripted import ScriptedProvider, load_script
    from relay_studio.runtime.engine import Runtime
    from tests.support import until

    seed(harness)
    turns = {"director": [{"toolCalls": [review("Oren", "character", OREN)]}, {"toolCalls": [create("Oren", OREN)]},
                          {"text": "Oren is in."}],
             "consistency-reviewer": [verdict("warning", issue("warning", "Saltmarsh", "Is he new in town?"))]}
    asked: list[ApprovalRequest] = []

    async def never(request: ApprovalRequest) -> ApprovalDecision:
        asked.append(request)
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    handle = await harness.start("director", turns, profiles=director_set(), approver=never)
    await until(lambda: len(asked) == 1, what="the reviewed write's proposal")
    harness.runtime.db.close()
    handle.task.cancel()
    await asyncio.gather(handle.task, return_exceptions=True)

    second = Runtime(harness.data_dir)
    try:
        again = Recorder()
        provider = ScriptedProvider(load_script({"turns": turns}))
        for agent, calls in second.runs.model_calls_by_agent(handle.run_id).items():
            provider.cursor[agent] = calls
        resumed = await second.resume_run(handle.run_id, provider_for=lambda _p: provider, approver=again)
        assert await resumed.wait() is RunStatus.COMPLETED
        # the same proposal, still let through by the review made before the restart, with its issues
        assert [r.path for r in again.requests] == [asked[0].path]
        assert again.requests[0].review == asked[0].review and asked[0].review is not None
        assert asked[0].review["overallStatus"] == "warning"
        results = [e.payload for e in second.runs.events(handle.run_id) if e.type == ev.TOOL_CALL_COMPLETED]
        assert [r["errorCode"] for r in results] == [None, None]
        store = LibraryStore.open(second.db, DEFAULT_PROJECT_ID, second.project_dir(second.projects.default()))
        assert store.find("Oren") is not None
        assert not [m for r in provider.requests for m in r.messages if "Results from your helpers" in m.content]
    finally:
        second.close()


async def test_the_director_has_the_skill_writer_propose_a_skill(harness: Harness) -> None:
    seed(harness)
    project_dir = harness.runtime.project_dir(harness.runtime.projects.default())
    intent = "A Skill for writing harbour scenes: smells, tides, the harbour master's rounds."
    steps = "1. Start with a smell.\n2. Name the tide."
    skill = call("skill_create", {"name": "harbour-scenes", "description": "Use when writing a scene set in a harbour.",
                                  "instructions": steps})
    turns = {
        "director": [
            {"toolCalls": [call("agent_delegate", {"agentId": "skill-writer", "task": {"objective": intent}}),
                           call("agent_await", {"taskIds": ["task-1"]})]},
            {"text": "The Skill writer proposed a harbour-scenes Skill, and you approved it."},
        ],
        "skill-writer": [
            {"toolCalls": [skill]},  # under reviews.beforeWrite a Skill is a gated write too
            {"toolCalls": [review("harbour-scenes", "character", steps), skill]},  # a Skill's review is of type skill
            {"toolCalls": [review("harbour-scenes", "skill", steps), skill]},
            {"text": "I proposed the Skill harbour-scenes; the creator approved it."},
        ],
        "consistency-reviewer": [verdict("clean"), verdict("clean")],
    }
    approver = Recorder()
    run_id, status = await harness.run("director", turns, profiles=director_set(), approver=approver,
                                       prompt="Make a Skill for harbour scenes.")
    assert status is RunStatus.COMPLETED, harness.types(run_id)
    written = [(r["name"], r["errorCode"]) for r in harness.tool_results(run_id)
               if r["name"] in ("skill_create", "review_consistency")]
    assert written == [("skill_create", codes.REVIEW_REQUIRED), ("review_consistency", None),
                       ("skill_create", codes.REVIEW_REQUIRED), ("review_consistency", None), ("skill_create", None)]
    refused = [r["result"] for r in harness.tool_results(run_id) if r["errorCode"] == codes.REVIEW_REQUIRED]
    assert "not had this draft reviewed" in refused[0] and "the Skill's instructions" in refused[0]
    assert "“harbour-scenes” (character)" in refused[1] and "type “skill”" in refused[1]
    assert [r.path for r in approver.requests] == ["skills/harbour-scenes.md"]
    assert approver.requests[0].review is not None and approver.requests[0].review["type"] == "skill"
    assert (project_dir / "skills" / "harbour-scenes.md").read_text(encoding="utf-8").count("Name the tide") == 1
    awaited = next(r for r in harness.tool_results(run_id) if r["name"] == "agent_await")
    assert "I proposed the Skill harbour-scenes" in awaited["result"]


async def test_a_review_counts_for_one_entry_its_name_and_type_as_well_as_its_text(harness: Harness) -> None:
    store = seed(harness)
    approver = Recorder()
    text = "Keeps the lamp of the northern cliff lit through the winter storms."
    turns = {
        "director": [
            # Mira's review, Lune's write of the same text: refused, and Mira's review is never shown with it
            {"toolCalls": [review("Mira", "character", text), create("Lune", text, "location")]},
            {"toolCalls": [review("Lune", "character", text), create("Lune", text, "location")]},  # another type
            {"toolCalls": [review("Lune", "location", text), create("Lune", text, "location")]},
            {"toolCalls": [call("library_update", {"name": "Mira", "description": text})]},  # Mira's review: Mira's
            {"text": "Lune and Mira are in the story library."},
        ],
        "consistency-reviewer": [verdict("clean"), verdict("clean"), verdict("clean")],
    }
    run_id, status = await harness.run("director", turns, profiles=director_set(), approver=approver)
    assert status is RunStatus.COMPLETED, harness.types(run_id)
    results = [r for r in harness.tool_results(run_id) if r["name"] != "review_consistency"]
    assert [(r["name"], r["errorCode"]) for r in results] == [
        ("library_create", codes.REVIEW_REQUIRED), ("library_create", codes.REVIEW_REQUIRED),
        ("library_create", None), ("library_update", None)]
    first, second = results[0]["result"], results[1]["result"]
    assert "“Mira” (character)" in first and "“Lune” (location)" in first
    assert "name “Lune”, type “location”" in first and "review_consistency" in first
    assert "“Lune” (character)" in second
    assert [r.path for r in approver.requests] == ["library/location/lune.md", "library/character/mira.md"]
    assert [(r.review or {}).get("name") for r in approver.requests] == ["Lune", "Mira"]
    asked = [e.payload["review"] for e in harness.of_type(run_id, ev.TOOL_CALL_AWAITING_APPROVAL)]
    assert [(a["name"], a["type"]) for a in asked] == [("Lune", "location"), ("Mira", "character")]
    lune, mira = store.find("Lune"), store.find("Mira")
    assert lune is not None and lune.entry.type == "location" and mira is not None and mira.entry.description == text


async def test_a_review_tool_changes_no_run_state_the_loop_runs_the_review(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    from relay_studio.domain import tool_names as tn
    from relay_studio.runtime.effects import ReviewRequested
    from tests.integration.test_effects_only import _watch

    seed(harness)
    seen = _watch(monkeypatch, harness, tn.REVIEW_CONSISTENCY)
    turns = {"director": [{"toolCalls": [review("Oren", "character", OREN)]}, {"text": "Reviewed."}],
             "consistency-reviewer": [verdict("clean")]}
    run_id, status = await harness.run("director", turns, profiles=director_set())
    assert status is RunStatus.COMPLETED
    [one] = seen
    assert one.before == one.after and isinstance(one.result.effect, ReviewRequested)
    assert harness.tool_results(run_id)[0]["overallStatus"] == "clean"


async def test_a_reviewer_whose_server_fails_is_reported_without_the_servers_own_text(harness: Harness) -> None:
    store = seed(harness)
    trace = "Traceback (most recent call last): File \"/srv/llama/app.py\", line 9"
    turns = {
        "director": [
            {"toolCalls": [review("Oren", "character", OREN)]},
            {"text": "The review could not be done, so I did not write Oren."},
        ],
        "consistency-reviewer": [{"error": {"status": 500, "message": trace}}] * 6,
    }
    run_id, _status = await harness.run("director", turns, profiles=director_set(), approver=approve_all)
    [first] = harness.tool_results(run_id)
    assert first["errorCode"] == codes.REVIEW_FAILED
    assert "model server" in first["result"] and "/srv/llama" not in first["result"]
    done = harness.of_type(run_id, ev.REVIEW_COMPLETED)[0].payload
    assert done["status"] == "failed" and "/srv/llama" in done["message"]  # the journal keeps the server's words
    assert store.find("Oren") is None


@pytest.mark.parametrize("reviewer_model", [None, {"mode": "connection", "connection": "small", "model": "tiny"}])
async def test_reviewers_answer_on_the_directors_model_unless_their_profile_names_one(
        harness: Harness, reviewer_model: dict[str, Any] | None) -> None:
    """Seed 002: a sub-agent gets its model from the Director (``_workspace_context["model"]``) and never
    fetches its own; a reviewer whose profile names a model keeps it."""
    profiles = {}
    for p in builtin_profiles():
        data = p.to_json_dict()
        if p.id == "director":
            data["model"] = {**data["model"], "mode": "connection", "connection": "studio", "model": "big"}
        if p.id == "consistency-reviewer" and reviewer_model is not None:
            data["model"] = {**data["model"], **reviewer_model}
        profiles[p.id] = parse_profile(data)
    assert profiles["consistency-reviewer"].model.mode == ("default" if reviewer_model is None else "connection")
    turns = {"director": [{"toolCalls": [review("Oren", "character", OREN)]}, {"text": "Reviewed."}],
             "consistency-reviewer": [verdict("clean")]}
    run_id, status = await harness.run("director", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    calls = {e.payload["agentId"]: e.payload["model"] for e in harness.of_type(run_id, "model_call_started")}
    expected = "big" if reviewer_model is None else "tiny"
    assert calls == {"director": "big", "consistency-reviewer": expected}
