"""A write gated by ``reviews.beforeWrite`` with the built-in consistency reviewer answering on a real
llama-cpp-python server (Gemma 3 270M, see conftest.py).

The director is scripted (the tiny model rarely calls the review tool by itself): it asks for a review of a
draft, then writes exactly that draft to the story library. The reviewer is the built-in
``consistency-reviewer`` on the real model. What the studio must do, whatever the model answers: the review
asks for structured output (llama-cpp-python refuses ``json_schema`` with a 500 validation error, so the
learned fallback to ``json_object`` with the schema is journaled), ends with a typed result or fails
closed, and the entry is written only after a passed review of that draft, never without one (and, approved
in advance, never when that review found a conflict).
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import InvocationStatus, RunStatus
from relay_studio.domain.profile import AgentProfile, parse_profile
from relay_studio.library.store import LibraryStore
from relay_studio.providers.base import ModelProvider
from relay_studio.providers.connections import Connection
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.approval import approve_all
from relay_studio.runtime.profile_catalog import builtin_profiles
from relay_studio.runtime.review.drafts import draft_hash
from relay_studio.store.database import DEFAULT_PROJECT_ID
from tests.realserver.conftest import MODEL_ALIAS, RealServer
from tests.support import Harness, call

pytestmark = [pytest.mark.realserver, pytest.mark.slow]  # a real model on shared cores: CI runs -m slow

OREN = "Oren is the harbour master of Saltmarsh. He keeps the tide tables."
#: the reviewer's time: a brief of ~800 tokens on two shared cores took 208 s (grammar-constrained answer)
REVIEW_SECONDS = 240
FALLBACKS = {codes.PROVIDER_JSON_SCHEMA_UNSUPPORTED, codes.PROVIDER_STRUCTURED_OUTPUT_UNSUPPORTED}


def _profiles() -> dict[str, AgentProfile]:
    out: dict[str, AgentProfile] = {}
    for p in builtin_profiles():
        data = p.to_json_dict()
        if p.id == "director":
            data["model"] = {**data["model"], "mode": "connection", "connection": "test", "model": "scripted"}
        elif p.id == "consistency-reviewer":  # bounded, so a runaway answer ends as an invalid one
            data["model"] = {**data["model"], "mode": "connection", "connection": "llama", "model": MODEL_ALIAS,
                             "maxTokens": 200}
            data["delegation"] = {**data["delegation"], "taskTimeoutSeconds": REVIEW_SECONDS}
        out[p.id] = parse_profile(data)
    return out


async def test_a_gated_write_on_a_real_reviewer_is_written_only_after_a_passed_review(
    llama_server: RealServer, harness: Harness
) -> None:
    sent: list[dict[str, Any]] = []

    async def record(request: httpx.Request) -> None:
        sent.append(json.loads(request.content))

    director = ScriptedProvider(load_script({"turns": {"director": [
        {"toolCalls": [call("review_consistency", {"name": "Oren", "type": "character", "draft": OREN})]},
        {"toolCalls": [call("library_create", {"type": "character", "name": "Oren", "description": OREN})]},
        {"text": "Done."}]}}))
    async with httpx.AsyncClient(event_hooks={"request": [record]}) as client:
        reviewer = OpenAICompatibleProvider(Connection.model_validate(
            {"id": "llama", "kind": "openai_compatible", "baseUrl": llama_server.base_url,
             "defaultModel": llama_server.model}), None, client=client)

        def provider_for(profile: AgentProfile) -> ModelProvider:
            return reviewer if profile.id == "consistency-reviewer" else director

        handle = await harness.runtime.start_run(agent_id="director", prompt="Add Oren.",
                                                 provider_for=provider_for, profiles=_profiles(),
                                                 approver=approve_all)
        status = await handle.wait()
        run_id = handle.run_id
        assert status is RunStatus.COMPLETED, (harness.types(run_id), llama_server.log_tail())
        # the reviewer was asked for structured output, and the server's refusal was learned and journaled
        assert sent and "response_format" in sent[0]
        notices = {e.payload["code"] for e in harness.of_type(run_id, ev.MODEL_NOTICE)}
        assert notices & FALLBACKS, f"the structured-output fallback is journaled: {notices}"
        if codes.PROVIDER_JSON_SCHEMA_UNSUPPORTED in notices:
            assert sent[1]["response_format"]["type"] == "json_object"
            assert sent[1]["response_format"]["schema"]["required"] == ["issues", "overallStatus"]
        # one review, typed or failed closed, journaled for this draft
        [done] = [e.payload for e in harness.of_type(run_id, ev.REVIEW_COMPLETED)]
        assert done["draftHash"] == draft_hash(OREN)
        [lane] = [i for i in harness.runtime.runs.invocations(run_id) if i.profile_id == "consistency-reviewer"]
        [write] = [r for r in harness.tool_results(run_id) if r["name"] == "library_create"]
        project_dir = harness.runtime.project_dir(harness.runtime.projects.default())
        found = LibraryStore.open(harness.runtime.db, DEFAULT_PROJECT_ID, project_dir).find("Oren")
        if done["status"] == "passed":
            assert done["overallStatus"] in ("clean", "warning", "conflict") and "issues" in done["result"]
            assert lane.status is InvocationStatus.COMPLETED
            if done["overallStatus"] == "conflict":  # approve_all never approves a conflict in advance
                assert write["errorCode"] == codes.REVIEW_CONFLICT_UNAPPROVED and found is None
            else:
                assert write["errorCode"] is None and found is not None and found.entry.description == OREN
        else:
            assert done["status"] == "failed" and done["errorCode"], done
            assert lane.status is InvocationStatus.FAILED
            assert write["errorCode"] == codes.REVIEW_REQUIRED and found is None, "never written unreviewed"
        print(f"review {done['status']} ({done.get('overallStatus') or done.get('errorCode')}); "
              f"notices {sorted(notices)}")
