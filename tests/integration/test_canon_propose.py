"""canon_propose (runtime/tools/canon_propose.py): an agent's fact rests on a quote found word for word in the chat
or the committed text, else a recoverable canon.quote_not_found; it waits for the creator in the ledger, joins at
once when the project accepts proposals, or asks in the patch dialog when the profile requires approval."""

from __future__ import annotations

from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain.canon import FactSourceKind, FactStatus
from relay_studio.domain.enums import RunStatus
from relay_studio.domain.profile import AgentProfile
from relay_studio.runtime.approval import approve_all, decline_all
from relay_studio.store.canon import CanonStore
from tests.support import Harness, call, profile, write

SCENE = "Mara turned. Her green eyes caught the lamp."


def _profiles(**tools: Any) -> dict[str, AgentProfile]:
    allow = ["workspace.write_file", "workspace.commit", "workspace.finish", "canon.propose"]
    return {"final-editor": profile("final-editor", tools={"allow": allow, **tools})}


def _propose(quote: str) -> dict[str, Any]:
    return call("canon_propose", {"text": "Mara's eyes are green.", "about": ["Mara"], "attribute": "eyes",
                                  "value": "green", "asOf": 1, "quote": quote})


def _turns(quote: str) -> dict[str, list[dict[str, Any]]]:
    return {"final-editor": [
        {"toolCalls": [write("output/main.md", SCENE), call("workspace_commit")]},
        {"toolCalls": [_propose(quote)]},
        {"toolCalls": [call("workspace_finish")]}]}


async def test_a_quoted_proposal_waits_for_the_creator_and_is_journaled(harness: Harness) -> None:
    run_id, status = await harness.run("final-editor", _turns("Her green eyes caught the lamp."),
                                       profiles=_profiles(), prompt="Describe Mara.")
    assert status is RunStatus.COMPLETED
    canon = CanonStore(harness.runtime.db)
    project = harness.runtime.projects.default().id
    [fact] = canon.facts(project)
    assert (fact.status, fact.added_by, fact.attribute, fact.value, fact.as_of) == (
        FactStatus.PROPOSED, "Final Editor", "eyes", "green", 1)
    assert fact.source.kind is FactSourceKind.MESSAGE and fact.source.quote == "Her green eyes caught the lamp."
    assert fact.source.message_id is not None
    assert canon.history(fact.id)[0].run_id == run_id
    [proposed] = harness.of_type(run_id, "canon_fact_proposed")
    assert proposed.payload["status"] == "proposed" and proposed.payload["handle"] == "f1"
    result = next(p for p in harness.tool_results(run_id) if p["name"] == "canon_propose")
    assert not result["isError"] and "The creator will decide" in result["result"]
    assert canon.pinned(project) == []
    canon.accept(project, "f1")
    assert canon.get(project, "f1").status is FactStatus.ACTIVE


async def test_a_quote_not_in_the_chat_is_a_recoverable_error_and_nothing_is_written(harness: Harness) -> None:
    run_id, status = await harness.run("final-editor", _turns("Her blue eyes caught the lamp."),
                                       profiles=_profiles())
    assert status is RunStatus.COMPLETED
    assert harness.error_codes(run_id) == [codes.CANON_QUOTE_NOT_FOUND]
    told = next(p["result"] for p in harness.tool_results(run_id) if p["isError"])
    assert "word for word" in told
    assert CanonStore(harness.runtime.db).facts(harness.runtime.projects.default().id) == []


async def test_the_project_setting_accepts_proposals_at_once(harness: Harness) -> None:
    canon = CanonStore(harness.runtime.db)
    project = harness.runtime.projects.default().id
    canon.set_accept_proposals(project, True)
    run_id, _ = await harness.run("final-editor", _turns("green eyes"), profiles=_profiles())
    [fact] = canon.facts(project)
    assert fact.status is FactStatus.ACTIVE and fact.source.kind is FactSourceKind.MESSAGE
    assert harness.of_type(run_id, "canon_fact_proposed")[0].payload["status"] == "active"


async def test_required_approval_asks_in_the_patch_dialog(harness: Harness) -> None:
    canon = CanonStore(harness.runtime.db)
    project = harness.runtime.projects.default().id
    asking = _profiles(requireApproval=["canon.propose"])
    run_id, _ = await harness.run("final-editor", _turns("green eyes"), profiles=asking, approver=decline_all)
    assert harness.error_codes(run_id) == [codes.TOOL_REJECTED_BY_USER]
    assert canon.facts(project) == []
    run_id, _ = await harness.run("final-editor", _turns("green eyes"), profiles=asking, approver=approve_all)
    assert "tool_call_awaiting_approval" in harness.types(run_id)
    [fact] = canon.facts(project)
    assert fact.status is FactStatus.ACTIVE
