"""Pinned canon in every prompt (docs/canon.md, "How pinned facts travel"): a relay with a handoff and a
delegation, then a ``/handoff``, then a run in the new chat, then a fork; every model request the journal records
in the project holds every pinned fact word for word. Unpinned facts come in when their entry is mentioned, and
the journal says why. A root whose model cannot hold the pinned facts is refused before the run, naming them."""

from __future__ import annotations

from typing import Any

import pytest

from relay_studio.domain import error_codes as codes
from relay_studio.domain.canon import FactSource, FactSourceKind
from relay_studio.domain.enums import RunStatus
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime import session_handoff as sh
from relay_studio.runtime.canon_access import PINNED_IN_DOCUMENT
from relay_studio.runtime.engine import RunRequestError, Runtime
from relay_studio.runtime.explain import explain_run
from relay_studio.runtime.fork import ForkRequest
from relay_studio.store.canon import CanonStore
from tests.support import Harness, call, handoff, profile, relay_profiles, write

PINNED = ["Mara's eyes are green.", "The lighthouse keeper died in 1871.", "Nobody may climb the lamp room at night."]
MARA_FACT = "Mara was born in 1850."
UNMENTIONED = "Zed owns the harbour."


def _canon(runtime: Runtime) -> CanonStore:
    canon = CanonStore(runtime.db)
    project = runtime.projects.default().id
    for text in PINNED:
        canon.add(project, text, ["Mara"] if "Mara" in text else ["Lighthouse"], pinned=True)
    quote = FactSource(kind=FactSourceKind.MESSAGE, quote="born the year the lamp was lit")
    canon.add(project, MARA_FACT, ["Mara"], attribute="born", value="1850", source=quote)
    canon.add(project, UNMENTIONED, ["Zed"])
    return canon


def project_requests(runtime: Runtime, project_id: str) -> list[dict[str, Any]]:
    """Every model request the journal records in the project's chats."""
    runs = [r[0] for r in runtime.db.raw.execute(
        "SELECT runs.id FROM runs JOIN chats ON chats.id = runs.chat_id WHERE chats.project_id = ? "
        "ORDER BY runs.created_at", (project_id,))]
    return [turn["request"] for run_id in runs for turn in runtime.runs.model_turns(run_id)]


RELAY: dict[str, list[dict[str, Any]]] = {
    "writer": [{"toolCalls": [call("agent_delegate", {"agentId": "researcher", "task": {"objective": "Look up Mara."}}),
                              call("agent_await", {"mode": "allCompleted"})]},
               {"toolCalls": [write("output/main.md", "Mara climbed the stair."), call("workspace_commit"),
                              handoff("editor", "Tighten it.")]}],
    "researcher": [{"toolCalls": [call("task_return", {"summary": "Mara is the keeper's daughter."})]}],
    "editor": [{"toolCalls": [handoff("final-editor", "Finish it.")]}],
    "final-editor": [{"toolCalls": [call("workspace_finish")]}],
}
DOCUMENT = ("## Goal\nA ghost story.\n\n## Canon & Constraints\nPast tense.\n\n## Progress\nChapter one.\n\n"
            "## Key Decisions\nNone.\n\n## Critical Context\nMara.\n\n## Next Steps\nChapter two.")


async def test_pinned_facts_are_in_every_request_through_handoffs_delegation_session_handoff_and_fork(
        harness: Harness) -> None:
    runtime = harness.runtime
    _canon(runtime)
    run_id, status = await harness.run("writer", RELAY, prompt="Write about Mara.", chat="Lighthouse")
    assert status is RunStatus.COMPLETED

    # /handoff: the document carries the pinned facts word for word, though the agent copied none of them
    provider = ScriptedProvider(load_script({"turns": {"writer": [{"text": DOCUMENT}]}}))
    draft = await runtime.start_handoff(chat="Lighthouse", provider_for=lambda _p: provider).wait()
    assert draft.outcome is sh.HandoffOutcome.READY
    assert all(text in draft.document for text in PINNED) and PINNED_IN_DOCUMENT in draft.document
    section = draft.document.split("## Canon & Constraints")[1].split("## Progress")[0]
    assert all(text in section for text in PINNED)
    continued = runtime.accept_handoff(draft)
    # the new chat's prompts have them because they come from the project
    _new, status = await harness.run("final-editor", {"final-editor": [{"toolCalls": [
        write("output/main.md", "Chapter two."), call("workspace_commit"), call("workspace_finish")]}]},
        chat=continued.id, prompt="Go on.")
    assert status is RunStatus.COMPLETED

    finish = {"final-editor": [{"toolCalls": [call("workspace_finish")]}]}
    fork_provider = ScriptedProvider(load_script({"turns": finish}))
    fork = await runtime.fork_run(ForkRequest(run_id, 3), provider_for=lambda _p: fork_provider)
    assert await fork.wait() is RunStatus.COMPLETED

    requests = project_requests(runtime, runtime.projects.default().id)
    agents = {r["agent_id"] for r in requests}
    assert {"writer", "researcher", "editor", "final-editor"} <= agents
    assert len(requests) == 8  # the relay's 5, the /handoff document's, the new chat's, the fork's
    assert runtime.runs.model_turns(fork.run_id) and runtime.runs.model_turns(draft.run_id)
    for request in requests:
        for text in PINNED:
            assert f"- {text}" in request["system"], (request["agent_id"], text)
    # the unpinned fact about Mara came in with its quote where Mara was mentioned; Zed's never did
    root = requests[0]["system"]
    assert MARA_FACT in root and "born the year the lamp was lit" in root
    assert all(UNMENTIONED not in r["system"] for r in requests)
    included = harness.of_type(run_id, "canon_facts_included")
    assert included[0].payload["pinned"] == ["f1", "f2", "f3"]
    assert included[0].payload["relevant"] == [
        {"handle": "f4", "by": "mention", "entry": "Mara", "reason": "'Mara' is mentioned"}]
    assert included[0].payload["tokens"] > 0
    parts = [e.payload["parts"] for e in harness.of_type(run_id, "prompt_assembly_requested")]
    assert all("canon" in p for p in parts)


async def test_a_fact_the_request_is_about_without_naming_its_entry_is_found_by_search_and_explained(
        harness: Harness) -> None:
    runtime = harness.runtime
    _canon(runtime)
    turns = {"writer": [{"toolCalls": [handoff("final-editor", "Say when the lamp was first lit.")]}],
             "final-editor": [{"toolCalls": [write("output/main.md", "In 1850."), call("workspace_commit"),
                                             call("workspace_finish")]}]}
    run_id, status = await harness.run("writer", turns, prompt="When was the lamp first lit?", chat="Lighthouse")
    assert status is RunStatus.COMPLETED
    # neither the message nor the brief names Mara: the search over the ledger brings her fact, with its quote
    requests = [t["request"] for t in runtime.runs.model_turns(run_id)]
    assert len(requests) == 2
    for request in requests:
        assert f'- {MARA_FACT} — from: "born the year the lamp was lit"' in request["system"]
        assert UNMENTIONED not in request["system"]
    why = {"handle": "f4", "by": "search", "words": ["lamp", "lit"], "reason": "found by search for 'lamp lit'"}
    assert [e.payload["relevant"] for e in harness.of_type(run_id, "canon_facts_included")] == [[why], [why]]
    for item in explain_run(runtime.runs, run_id):  # `turns --explain`: the fact is a part of its own, with why
        parts = {p.name: p for p in item.parts if p.source == "canon"}
        assert parts["f4"].reason == "found by search for 'lamp lit'" and parts["f4"].tokens > 0
        assert parts["pinned facts"].reason == "the project's pinned canon facts"


async def test_a_root_that_cannot_hold_the_pinned_facts_is_refused_before_the_run_naming_them(
        harness: Harness) -> None:
    runtime = harness.runtime
    canon = _canon(runtime)
    canon.add(runtime.projects.default().id, "The sea " + "is very grey and wide " * 40, ["Sea"], pinned=True)
    profiles = relay_profiles()
    small = profile("final-editor", model={"contextWindowTokens": 300, "maxTokens": 50},
                    tools={"allow": ["workspace.write_file", "workspace.commit", "workspace.finish"]})
    profiles["final-editor"] = small
    with pytest.raises(RunRequestError) as exc:
        await harness.start("final-editor", {"final-editor": []}, profiles=profiles)
    assert exc.value.code == codes.CANON_PINNED_TOO_LARGE
    assert "f6 (The sea is very grey and wide" in exc.value.message and "f1" not in exc.value.message
    assert runtime.db.raw.execute("SELECT COUNT(*) FROM runs").fetchone()[0] == 0
