"""Model-facing language is a product surface: no runtime ids, no runtime jargon, no machine paths.

Covers tool descriptions and parameter descriptions, default prompts of every built-in profile in each
role, briefs and capsules, and everything the model actually received in scripted runs (tool results,
errors, nudges, injected results).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from relay_studio.domain.enums import ExitPolicy, InvocationKind
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.resources import resource_dir
from relay_studio.runtime.context import InvocationState
from relay_studio.runtime.delegation.rendering import render_capsule, render_handoff_brief, render_task_brief
from relay_studio.runtime.prompts import ending_guidance
from relay_studio.runtime.tools.registry import TOOLS
from tests.integration.test_relay import SEED_BRIEF
from tests.support import Harness, call, handoff, profile, write

FORBIDDEN = [
    r"\binvocations?\b", r"parent agent", r"\brun ?id\b", r"\binvocation ?id\b", r"\btask ?id\b(?!s)",
    r"\bcontinuation\b", r"transfer_control", r"return_to_parent", r"exit ?policy", r"provider session",
    r"\bsubagents?\b", r"\bjournal", r"\bscheduler\b", r"\bprofile id\b", r"session ?id",
    r"\b(run|inv|task|handoff|msg|chat|turn|commit)_[0-9a-f]{8,}", r"\{.*\"objective\"",
]


def offences(text: str, data_dir: Path | None = None) -> list[str]:
    found = [p for p in FORBIDDEN if re.search(p, text, re.IGNORECASE)]
    if data_dir is not None and str(data_dir) in text:
        found.append("machine path")
    return found


def _descriptions(schema: Any) -> list[str]:
    out: list[str] = []
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "description" and isinstance(value, str):
                out.append(value)
            else:
                out += _descriptions(value)
    elif isinstance(schema, list):
        for item in schema:
            out += _descriptions(item)
    return out


def test_lint_catches_what_it_should() -> None:
    assert offences("Your invocation inv_0123456789abcdef was transferred")
    assert offences("the parent Agent asked")
    assert offences('{"objective": "raw json"}')
    assert not offences("Use agent_await with taskIds ['task-1'].")


def test_tool_specs_keep_runtime_terms_out() -> None:
    for tool in TOOLS.values():
        for text in [tool.spec.description, *_descriptions(tool.spec.parameters)]:
            assert not offences(text), (tool.spec.name, text, offences(text))


def test_briefs_and_capsules_are_clean() -> None:
    texts = [
        render_handoff_brief(SEED_BRIEF | {"toneNotes": {"mood": "quiet", "avoid": ["melodrama"]}}),
        render_task_brief({"objective": "Find facts.", "expectedOutput": "Bullets", "sources": ["logbook"]}, "Writer"),
        render_capsule("task-1", "Researcher", "Facts", "completed",
                       {"summary": "s", "findings": ["a"], "warnings": [], "artifacts": ["scratch/a.md"]}),
    ]
    for text in texts:
        assert not offences(text), (text, offences(text))
    assert "- Tone notes:\n  - Mood: quiet\n  - Avoid:\n    - melodrama" in texts[0]


async def test_everything_the_models_received_is_clean(harness: Harness, tmp_path: Path) -> None:
    # The shipped demo (built-in profiles, delegation, two handoffs) ...
    demo = load_script(resource_dir() / "scripts" / "demo_relay.json")
    provider = ScriptedProvider(demo)
    handle = await harness.runtime.start_run(agent_id="writer", prompt="A lighthouse scene.",
                                             provider_for=lambda _p: provider, chat="lint demo")
    await handle.wait()
    requests = list(provider.requests)
    # ... and a run full of mistakes, so error sentences and nudges are seen too.
    bad: dict[str, list[dict[str, Any]]] = {"writer": [
        {"toolCalls": [call("nope"), {"name": "agent_handoff", "arguments": "{bad"}, handoff("nobody"),
                       handoff("researcher"), call("workspace_read_file", {"path": "../x"}),
                       call("workspace_read_file", {"path": "output/none.md"}),
                       call("agent_delegate", {"agentId": "researcher", "task": {"objective": "Dig."}})]},
        {"text": "plain text"},
        {"toolCalls": [handoff("editor"), call("agent_await", {"taskIds": ["task-9"]})]},
        {"toolCalls": [call("agent_await", {"mode": "allCompleted"})]},
        {"toolCalls": [write("output/main.md", "x"), call("workspace_commit"), handoff("final-editor"),
                       call("workspace_list_files")]},
    ], "researcher": [{"toolCalls": [call("workspace_commit"), call("agent_handoff", {})]},
                      {"text": "plain"}, {"toolCalls": [call("task_return", {"summary": "Done."})]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}]}
    await harness.run("writer", bad)
    assert harness.provider is not None
    requests += harness.provider.requests
    assert len(requests) > 15
    for request in requests:
        texts = [request.system, *(m.content for m in request.messages)]
        texts += [t.description for t in request.tools]
        texts += [d for t in request.tools for d in _descriptions(t.parameters)]
        for text in texts:
            assert not offences(text, harness.data_dir), (request.agent_id, text, offences(text))
    ignored = [e.payload["message"] for e in harness.of_type(harness.runtime.runs.runs()[0].id, "tool_call_ignored")]
    assert all(not offences(m) for m in ignored)


def test_default_prompt_describes_handoff_from_the_agents_view() -> None:
    def guidance(**over: Any) -> str:
        inv = InvocationState(id="x", profile=profile("agent", **over), kind=InvocationKind.ROOT,
                              exit_policy=ExitPolicy.RUN_FINISH_ALLOWED, depth=0, parent_id=None)
        return ending_guidance(inv)

    with_finish = guidance()
    assert "end the run with workspace_finish" in with_finish and "Do not answer in plain text" in with_finish
    handoff_only = guidance(tools={"allow": ["workspace.read_file", "agent.handoff"]},
                            delegation={"canDelegate": False})
    assert "hand the work on with agent_handoff" in handoff_only
    assert "stop calling tools" in handoff_only and "workspace_finish" not in handoff_only


async def test_transfer_tools_and_nested_history_are_clean(harness: Harness) -> None:
    from tests.integration.test_handoff_options import _history_relay, _per_target

    profiles, turns = _history_relay("nestedSummary", False)
    await harness.run("writer", turns, profiles=profiles)
    per_target = _per_target()
    await harness.run("writer", {"writer": [{"toolCalls": [call("transfer_to_editor", {})]}]}, profiles=per_target)
    runs = harness.runtime.runs.runs()
    for run in runs:
        for turn in harness.runtime.runs.model_turns(run.id):
            request = turn["request"]
            texts = [request["system"], *(m["content"] for m in request["messages"])]
            texts += [t["description"] for t in request["tools"]]
            texts += [d for t in request["tools"] for d in _descriptions(t["parameters"])]
            for text in texts:
                assert not offences(text, harness.data_dir), (text, offences(text))
    first_tools = harness.runtime.runs.model_turns(runs[0].id)[0]["request"]["tools"]
    assert any(t["name"] == "transfer_to_editor" for t in first_tools)


async def test_limit_notices_refusals_and_text_answer_prompts_are_clean(harness: Harness) -> None:
    """What agents hear past their limits, and what a plain-text-answer profile is told."""
    from relay_studio.runtime.context import RunSettings
    from tests.support import relay_profiles

    profiles = relay_profiles()
    profiles["editor"] = profile("editor", tools={"allow": ["workspace.read_file", "workspace.commit",
                                                            "agent.handoff"], "maxRounds": 1, "maxToolCalls": 1},
                                 delegation={"canDelegate": False, "allowAsSubagent": False},
                                 run={"endOnTextAnswer": True})
    read = call("workspace_read_file", {"path": "output/main.md"})
    turns: dict[str, list[dict[str, Any]]] = {
        "writer": [{"toolCalls": [write("output/main.md", "x"), call("workspace_commit"), handoff("editor")]}],
        "editor": [{"toolCalls": [read, read]}, {"toolCalls": [read]}, {"text": ""}],
        "researcher": [{"text": "plain"}] * 3,
    }
    await harness.run("writer", turns, profiles=profiles, settings=RunSettings(max_total_rounds=3))
    run_id = harness.runtime.runs.runs()[0].id
    texts = [r["result"] for r in harness.tool_results(run_id)]
    assert any("closing call" in t for t in texts)
    assert harness.provider is not None
    for request in harness.provider.requests:
        texts += [request.system, *(m.content for m in request.messages)]
    assert any("rounds remain" in t for t in texts)
    helper = InvocationState(id="x", profile=profiles["editor"], kind=InvocationKind.SUBAGENT,
                             exit_policy=ExitPolicy.TASK_RETURN_REQUIRED, depth=1, parent_id="y")
    texts.append(ending_guidance(helper))
    for text in texts:
        assert not offences(text, harness.data_dir), (text, offences(text))
