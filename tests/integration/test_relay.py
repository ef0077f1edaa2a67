"""The three-stage relay (docs/runtime.md, "Handoff") after a prior commit, and its journal."""

from __future__ import annotations

from relay_studio.domain.enums import InvocationStatus, RunStatus, TaskContinuation, TaskStatus
from relay_studio.domain.profile import AgentProfile
from tests.support import Harness, call, handoff, is_subsequence, relay_profiles, write

SEED_BRIEF = {
    "title": "Final revision pass",
    "reason": "I have drafted and committed the main scene; a revision-focused Agent should polish it.",
    "objective": "Revise output/main.md for rhythm, dialogue flow, and final coherence, then commit and finish "
    "when ready.",
    "contextSummary": "The draft has been written and committed once. Keep the existing plot beats, but improve "
    "prose and pacing.",
    "workspaceRefs": ["output/main.md", "persist/story_state.md"],
    "mustPreserve": ["Do not change the core plot outcome.", "Keep the established character voice."],
    "completionCriteria": ["output/main.md is polished.", "The final chat message has been committed.",
                           "The run is finished if no further Agent is needed."],
}

EXPECTED_BRIEF = """# Handoff Brief

You are now responsible for the next stage of this run.
Continue from the shared workspace paths and constraints below.

## Title
Final revision pass

## Reason
I have drafted and committed the main scene; a revision-focused Agent should polish it.

## Objective
Revise output/main.md for rhythm, dialogue flow, and final coherence, then commit and finish when ready.

## Context Summary
The draft has been written and committed once. Keep the existing plot beats, but improve prose and pacing.

## Workspace References
- output/main.md
- persist/story_state.md

## Must Preserve
- Do not change the core plot outcome.
- Keep the established character voice.

## Completion Criteria
- output/main.md is polished.
- The final chat message has been committed.
- The run is finished if no further Agent is needed.

## Working Notes
- Inspect the referenced workspace files before editing existing content.
- Preserve previous decisions and committed text unless this brief asks you to revise them.
- If commit and finish tools are available to you, use them only when this run is ready to end.
- If another Agent should continue after your stage, hand off with a clear brief.
"""

SEED_HANDOFF_SEQUENCE = [
    "agent_handoff_requested",
    "agent_invocation_created",
    "agent_task_registered",
    "agent_handoff_accepted",
    "agent_invocation_transferred",
    "agent_loop_finished",
    "agent_task_started",
    "agent_invocation_started",
    "prompt_assembly_requested",
    "context_assembled",
]


async def test_agent_handoff_continues_after_prior_commit(harness: Harness) -> None:
    turns = {
        "writer": [
            {"toolCalls": [write("output/main.md", "The lamp flickered. Mara climbed.")]},
            {"toolCalls": [call("workspace_commit"), handoff("editor", "Tighten the draft.", title="Edit pass")]},
        ],
        "editor": [
            {"toolCalls": [call("workspace_read_file", {"path": "output/main.md"})]},
            {"toolCalls": [call("agent_handoff", {"agentId": "final-editor", "handoff": SEED_BRIEF})]},
        ],
        "final-editor": [
            {"toolCalls": [call("workspace_read_file", {"path": "output/main.md"})]},
            {"toolCalls": [call("workspace_finish", {"summary": "The committed draft stands."})]},
        ],
    }
    run_id, status = await harness.run("writer", turns)
    runtime = harness.runtime
    assert status is RunStatus.COMPLETED
    assert runtime.runs.run(run_id).status is RunStatus.COMPLETED  # type: ignore[union-attr]

    invocations = runtime.runs.invocations(run_id)
    assert [(i.profile_id, i.kind.value, i.status) for i in invocations] == [
        ("writer", "root", InvocationStatus.TRANSFERRED),
        ("editor", "handoff", InvocationStatus.TRANSFERRED),
        ("final-editor", "handoff", InvocationStatus.COMPLETED),
    ]
    assert [i.depth for i in invocations] == [0, 1, 2]
    assert invocations[1].parent_invocation_id == invocations[0].id
    assert all(i.exit_policy.value == "run_finish_allowed" for i in invocations)

    tasks = runtime.runs.tasks(run_id)
    assert [(t.target_profile_id, t.continuation, t.status) for t in tasks] == [
        ("editor", TaskContinuation.TRANSFER_CONTROL, TaskStatus.COMPLETED),
        ("final-editor", TaskContinuation.TRANSFER_CONTROL, TaskStatus.COMPLETED),
    ]
    assert tasks[1].child_invocation_id == invocations[2].id
    assert tasks[1].task["title"] == "Final revision pass"

    # Each stage speaks to the model with its own provider session, prompt and tools.
    assert harness.provider is not None
    requests = harness.provider.requests
    by_agent = {r.agent_id: r for r in requests}
    assert [r.session_id for r in requests] == [f"{run_id}:{invocations[0].id}"] * 2 + [
        f"{run_id}:{invocations[1].id}"
    ] * 2 + [f"{run_id}:{invocations[2].id}"] * 2
    assert by_agent["editor"].system.startswith("You are the Editor. Tighten prose.")
    assert "You are Final Editor." in by_agent["final-editor"].system
    assert "Tighten prose" not in by_agent["final-editor"].system
    assert {t.name for t in by_agent["final-editor"].tools} == {
        "workspace_read_file", "workspace_write_file", "workspace_commit", "workspace_finish"}
    assert "agent_handoff" in {t.name for t in by_agent["editor"].tools}

    # The target sees what the creator asked (the run's frozen input) and the markdown brief, never JSON,
    # never ids, never how the earlier stages worked (the default history mode, snapshot).
    first_final = requests[4]
    assert [(m.role, m.content) for m in first_final.messages] == [
        ("user", "Write a scene."), ("user", EXPECTED_BRIEF)]
    assert not any(m.tool_calls or m.role == "tool" for m in first_final.messages)

    # The handoff answer is the short confirmation docs/runtime.md ("Handoff") states.
    handoff_results = [p["result"] for p in harness.tool_results(run_id) if p["name"] == "agent_handoff"]
    assert handoff_results == [
        "Handoff accepted for Agent editor. Your part is complete.",
        "Handoff accepted for Agent final-editor. Your part is complete.",
    ]

    # The finalizer finishes on the writer's commit: the ledger is run-level.
    commits = runtime.runs.commits(run_id)
    assert [(c.agent_id, c.version) for c in commits] == [("writer", 1)]
    chat = runtime.chats.chat_by_name("test chat")
    assert chat is not None
    messages = runtime.chats.messages(chat.id)
    assert [(m.role, m.content) for m in messages] == [
        ("user", "Write a scene."), ("assistant", "The lamp flickered. Mara climbed.")]
    assert messages[1].agent_name == "Writer"

    # Journal: the documented sequence for each handoff, contiguous seq, and the run's end.
    events = harness.events(run_id)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    types = [e.type for e in events]
    for start in [i for i, t in enumerate(types) if t == "agent_handoff_requested"]:
        assert is_subsequence(SEED_HANDOFF_SEQUENCE, types[start:]), types[start:]
        window = types[start : types.index("context_assembled", start) + 1]
        assert [t for t in window if t in SEED_HANDOFF_SEQUENCE] == SEED_HANDOFF_SEQUENCE
    assert types[:2] == ["run_created", "status_changed"]
    assert types[-4:] == ["agent_task_completed", "agent_invocation_completed", "status_changed", "run_completed"]
    assert all(e.run_id == run_id for e in events)

    # Every model call is stored with its full request and response.
    turns_stored = runtime.runs.model_turns(run_id)
    assert len(turns_stored) == 6
    assert turns_stored[4]["request"]["messages"][-1]["content"] == EXPECTED_BRIEF
    assert turns_stored[5]["response"]["tool_calls"][0]["name"] == "workspace_finish"


async def test_each_stage_asks_for_its_prompt_before_it_is_assembled(harness: Harness) -> None:
    """prompt_assembly_requested, journaled for every agent right after it starts and before its context:
    whose prompt, its history mode and the parts it is made of (docs/runtime.md, "Handoff")."""
    profiles = relay_profiles()
    data = profiles["final-editor"].to_json_dict()
    data["handoffIn"] = {**data.get("handoffIn", {}), "historyMode": "nestedSummary", "removeToolItems": True}
    data["instructions"] = {**data.get("instructions", {}), "taskPrompt": "Keep it short."}
    profiles["final-editor"] = AgentProfile.model_validate(data)
    turns = {
        "writer": [{"toolCalls": [call("agent_delegate", {"agentId": "researcher", "task": {"objective": "Look."}}),
                                  call("agent_await", {"mode": "allCompleted"})]},
                   {"toolCalls": [write("output/main.md", "Fog."), call("workspace_commit"), handoff("editor")]}],
        "researcher": [{"toolCalls": [call("task_return", {"summary": "Nothing found."})]}],
        "editor": [{"toolCalls": [handoff("final-editor", "Polish.")]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    await harness.run("final-editor", {"final-editor": [{"toolCalls": [
        write("output/main.md", "Earlier."), call("workspace_commit"), call("workspace_finish")]}]})
    run_id, status = await harness.run("writer", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED

    events = harness.events(run_id)
    requested = [e for e in events if e.type == "prompt_assembly_requested"]
    library = ["storyLibrary"]  # every chat is in a project, whose story library each stage may draw on
    kept_whole = {"chatHistoryLeftOut": 0, "chatHistoryLimit": -1}  # inputs with chat history say what they left out
    assert [e.payload for e in requested] == [
        {"agentId": "writer", "kind": "root", "historyMode": "snapshot",
         "parts": ["generatedIntroduction", "howYouWork", *library, "chatHistory", "creatorMessage"],
         **kept_whole},
        {"agentId": "researcher", "kind": "subagent", "historyMode": "briefOnly",
         "parts": ["generatedIntroduction", "howYouWork", *library, "task"]},
        {"agentId": "editor", "kind": "handoff", "historyMode": "snapshot", "removeToolItems": False,
         "parts": ["systemPrompt", "howYouWork", *library, "chatHistory", "creatorMessage", "brief"], **kept_whole},
        {"agentId": "final-editor", "kind": "handoff", "historyMode": "nestedSummary", "removeToolItems": True,
         "parts": ["generatedIntroduction", "howYouWork", "taskPrompt", *library, "conversationSummary", "brief"]},
    ]
    # Each agent's own: right after it starts, before its Skills are resolved and its context is assembled.
    for request in requested:
        mine = [e.type for e in events if e.invocation_id == request.invocation_id]
        start = mine.index("agent_invocation_started")
        assert mine[start:mine.index("context_assembled") + 1] == [
            "agent_invocation_started", "prompt_assembly_requested", "skill_scopes_resolved", "context_assembled"]


async def test_later_stage_commits_again_and_versions_are_kept(harness: Harness) -> None:
    turns = {
        "writer": [{"toolCalls": [write("output/main.md", "Draft one."), call("workspace_commit"),
                                  handoff("final-editor")]}],
        "final-editor": [{"toolCalls": [write("output/main.md", "Draft two, polished."), call("workspace_commit"),
                                        call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns)
    assert status is RunStatus.COMPLETED
    commits = harness.runtime.runs.commits(run_id)
    assert [(c.agent_id, c.version, c.content) for c in commits] == [
        ("writer", 1, "Draft one."), ("final-editor", 2, "Draft two, polished.")]
    message = harness.runtime.chats.message(commits[0].message_id)
    assert message is not None and message.content == "Draft two, polished." and message.version == 2
    # The chat's versions count runs: this run's two commits are one version, its last commit.
    assert [v.content for v in harness.runtime.chats.versions(message.id)] == ["Draft two, polished."]


async def test_tools_after_accepted_handoff_are_ignored_and_second_handoff_refused(harness: Harness) -> None:
    turns = {
        "writer": [{"toolCalls": [
            write("output/main.md", "Draft."),
            call("workspace_commit"),
            handoff("editor"),
            write("output/main.md", "Overwritten after the handoff!"),
            handoff("final-editor"),
        ]}],
        "editor": [{"toolCalls": [handoff("final-editor")]}],
        "final-editor": [{"toolCalls": [call("workspace_finish")]}],
    }
    run_id, status = await harness.run("writer", turns)
    assert status is RunStatus.COMPLETED
    ignored = harness.of_type(run_id, "tool_call_ignored")
    assert [(e.payload["name"], e.payload["errorCode"]) for e in ignored] == [
        ("workspace_write_file", "agent.tool_after_handoff"), ("agent_handoff", "agent.tool_after_handoff")]
    assert ignored[1].payload["message"] == "Only the first handoff in a turn is accepted."
    assert harness.file(run_id, "output/main.md") == "Draft."
    assert len(harness.runtime.runs.tasks(run_id)) == 2  # writer->editor, editor->final-editor only
    assert [i.profile_id for i in harness.runtime.runs.invocations(run_id)] == ["writer", "editor", "final-editor"]


async def test_chat_history_and_second_run_continue_the_chat(harness: Harness) -> None:
    turns = {"final-editor": [{"toolCalls": [write("output/main.md", "First answer."), call("workspace_commit"),
                                             call("workspace_finish")]}]}
    await harness.run("final-editor", turns, prompt="First question")
    await harness.run("final-editor", {"final-editor": [
        {"toolCalls": [write("output/main.md", "Second answer."), call("workspace_commit"),
                       call("workspace_finish")]}]}, prompt="Second question")
    assert harness.provider is not None
    request = harness.provider.requests[0]
    assert [(m.role, m.content) for m in request.messages] == [
        ("user", "First question"), ("assistant", "First answer."), ("user", "Second question")]
