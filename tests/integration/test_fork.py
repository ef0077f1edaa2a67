"""Rerun from any stage (docs/fork.md): a fork is a new run of the same chat that starts at a stage, with the
workspace as it was then; the source run, its journal and its files are never touched."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from relay_studio.cli import main
from relay_studio.domain import error_codes as codes
from relay_studio.domain.enums import InvocationStatus, RunStatus
from relay_studio.domain.profile import AgentProfile
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.engine import RunHandle, RunRequestError, Runtime
from relay_studio.runtime.fork import ForkRequest
from tests.support import Harness, call, handoff, profile, relay_profiles, until, write

DRAFT = "The lamp flickered. Mara climbed."
REVISION = "The lamp guttered. Mara climbed, slowly."


def _profiles() -> dict[str, AgentProfile]:
    profiles = relay_profiles()
    profiles["line-editor"] = profile(
        "line-editor", displayName="Line Editor",
        tools={"allow": ["workspace.read_file", "workspace.write_file", "workspace.commit", "workspace.finish"]},
        delegation={"canHandoff": False, "canDelegate": False, "allowAsSubagent": False})
    return profiles


TURNS: dict[str, list[dict[str, Any]]] = {
    "writer": [
        {"toolCalls": [write("output/main.md", DRAFT), write("persist/story_state.md", "Mara: at the lamp."),
                       call("workspace_commit"), handoff("editor", "Tighten the draft.", title="Edit pass")]},
    ],
    "editor": [
        {"toolCalls": [call("workspace_read_file", {"path": "output/main.md"})]},
        {"toolCalls": [write("output/main.md", REVISION), write("scratch/editor.md", "cut two adverbs"),
                       call("workspace_commit"), handoff("final-editor", "Finish it.")]},
    ],
    "final-editor": [
        {"toolCalls": [call("workspace_finish", {"summary": "Done."})]},
    ],
}

LINE_EDIT = "The lamp flickered once. Mara climbed."
FORK_TURNS: dict[str, list[dict[str, Any]]] = {
    "line-editor": [
        {"toolCalls": [call("workspace_read_file", {"path": "output/main.md"})]},
        {"toolCalls": [write("output/main.md", LINE_EDIT), call("workspace_commit"),
                       call("workspace_finish", {"summary": "Line edit done."})]},
    ],
}


def _journal_bytes(runtime: Runtime, run_id: str) -> bytes:
    """Every row the store holds for a run, as bytes: the journal, the run, its versions and commits."""
    raw = runtime.db.raw
    rows: list[Any] = []
    for table, order in (("events", "seq"), ("runs", "id"), ("invocations", "created_at"), ("tasks", "created_at"),
                         ("workspace_file_versions", "id"), ("commits", "version"), ("model_turns", "started_at")):
        key = "id" if table == "runs" else "run_id"
        rows.append(raw.execute(f"SELECT * FROM {table} WHERE {key} = ? ORDER BY {order}", (run_id,)).fetchall())
    return repr(rows).encode()


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


async def _fork(runtime: Runtime, request: ForkRequest, turns: dict[str, list[dict[str, Any]]],
                ) -> tuple[RunHandle, ScriptedProvider]:
    provider = ScriptedProvider(load_script({"turns": turns}))
    handle = await runtime.fork_run(request, provider_for=lambda _p: provider)
    await handle.wait()
    return handle, provider


async def test_fork_at_stage_two_with_another_agent_sees_the_writers_draft(
        harness: Harness, capsys: pytest.CaptureFixture[str]) -> None:
    source, status = await harness.run("writer", TURNS, profiles=_profiles())
    assert status is RunStatus.COMPLETED
    runtime = harness.runtime
    answer = runtime.runs.run(source).message_id  # type: ignore[union-attr]
    assert answer is not None and runtime.chats.message(answer).content == REVISION  # type: ignore[union-attr]
    before = _journal_bytes(runtime, source)
    files_before = _files(runtime.workspace_dir(source))

    handle, provider = await _fork(runtime, ForkRequest(source, 2, agent_id="line-editor"), FORK_TURNS)
    fork = handle.run_id
    assert runtime.runs.run(fork).status is RunStatus.COMPLETED  # type: ignore[union-attr]

    # Its first call reads the workspace as stage 2 found it: the writer's draft, not the editor's revision,
    # and not the editor's notes (written after the fork point).
    reads = [e.payload for e in harness.of_type(fork, "tool_call_completed")
             if e.payload["name"] == "workspace_read_file"]
    assert DRAFT in reads[0]["result"] and REVISION not in reads[0]["result"]
    assert harness.file(fork, "persist/story_state.md") == "Mara: at the lamp."
    assert not (runtime.workspace_dir(fork) / "scratch/editor.md").exists()
    # It was handed the writer's brief, as the editor was.
    first = provider.requests[0]
    assert first.agent_id == "line-editor" and "Tighten the draft." in first.messages[-1].content

    # The journal says where the fork came from first, then each restore.
    events = harness.events(fork)
    assert events[0].type == "run_forked"
    assert events[0].payload["sourceRunId"] == source and events[0].payload["stage"] == 2
    assert events[0].payload["changes"] == {"agent": {"from": "editor", "to": "line-editor"}}
    restored = {e.payload["path"]: e.payload for e in events if e.type == "workspace_file_restored"}
    assert set(restored) == {"output/main.md", "persist/story_state.md"}
    assert restored["output/main.md"]["fromRunId"] == source and restored["output/main.md"]["fromVersion"] == 1
    # Only the stage and what follows ran in the fork.
    invocations = runtime.runs.invocations(fork)
    assert [(i.profile_id, i.kind.value, i.status, i.depth) for i in invocations] == [
        ("line-editor", "handoff", InvocationStatus.COMPLETED, 1)]

    # Its commit is a new version of the chat's answer, as a regeneration's is.
    assert runtime.runs.run(fork).message_id == answer  # type: ignore[union-attr]
    assert runtime.chats.message(answer).content == LINE_EDIT  # type: ignore[union-attr]
    assert [v.run_id for v in runtime.chats.versions(answer)] == [source, fork]
    assert [m.role for m in runtime.chats.messages(runtime.runs.run(fork).chat_id)] == [  # type: ignore[union-attr]
        "user", "assistant"]

    # The source run, its journal and its files: byte-identical.
    assert _journal_bytes(runtime, source) == before
    assert _files(runtime.workspace_dir(source)) == files_before

    capsys.readouterr()
    assert main(["runs", "show", fork, "--json", "--data-dir", str(harness.data_dir)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["forkedFrom"] == {"runId": source, "stage": 2}
    assert [(s["stage"], s["agentId"], s["status"], s.get("runId")) for s in shown["stages"]] == [
        (1, "writer", "transferred", source), (2, "line-editor", "completed", None)]
    assert main(["runs", "show", source, "--json", "--data-dir", str(harness.data_dir)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["forkedFrom"] is None and [s["stage"] for s in shown["stages"]] == [1, 2, 3]
    assert shown["forks"] == [{"runId": fork, "stage": 2, "status": "completed"}]


async def test_a_fork_of_a_fork_and_a_new_brief(harness: Harness) -> None:
    source, _ = await harness.run("writer", TURNS, profiles=_profiles())
    runtime = harness.runtime
    first, _ = await _fork(runtime, ForkRequest(source, 2), {"editor": TURNS["editor"], "final-editor": [
        {"toolCalls": [call("workspace_read_file", {"path": "scratch/editor.md"}),
                       call("workspace_finish", {"summary": "Done."})]}]})
    assert runtime.runs.run(first.run_id).status is RunStatus.COMPLETED  # type: ignore[union-attr]
    # Stage 3 of the fork: the editor's revision and notes are there, written by the fork itself.
    brief = {"objective": "Polish the ending only.", "title": "Ending pass"}
    second, provider = await _fork(runtime, ForkRequest(first.run_id, 3, brief=brief), {"final-editor": [
        {"toolCalls": [call("workspace_read_file", {"path": "scratch/editor.md"}),
                       call("workspace_read_file", {"path": "output/main.md"}),
                       call("workspace_finish", {"summary": "Done."})]}]})
    assert runtime.runs.run(second.run_id).status is RunStatus.COMPLETED  # type: ignore[union-attr]
    results = [e.payload["result"] for e in harness.of_type(second.run_id, "tool_call_completed")]
    assert "cut two adverbs" in results[0] and REVISION in results[1]
    assert "Polish the ending only." in provider.requests[0].messages[-1].content
    forked = harness.of_type(second.run_id, "run_forked")[0].payload
    assert forked["sourceRunId"] == first.run_id and forked["changes"] == {"brief": True}
    # Stage 1 of the second fork is inherited from the first run, stage 2 from the first fork.
    from relay_studio.runtime.checkpoints import stages
    assert [(s.number, s.run_id) for s in stages(runtime.runs, second.run_id)] == [
        (1, source), (2, first.run_id), (3, second.run_id)]
    # Forking the second fork at stage 1 reruns the writer from the creator's message, with nothing in output/.
    third, _ = await _fork(runtime, ForkRequest(second.run_id, 1), {"writer": [
        {"toolCalls": [call("workspace_list_files"), write("output/main.md", "Anew."), call("workspace_commit"),
                       handoff("final-editor", "Finish it.")]}], "final-editor": TURNS["final-editor"]})
    assert runtime.runs.run(third.run_id).status is RunStatus.COMPLETED  # type: ignore[union-attr]
    listing = harness.of_type(third.run_id, "tool_call_completed")[0].payload["result"]
    assert "output/main.md" not in listing


async def test_a_failed_run_can_be_forked(harness: Harness) -> None:
    turns = {"writer": TURNS["writer"], "editor": [{"error": {"status": 400, "message": "bad request"}}]}
    source, status = await harness.run("writer", turns, profiles=_profiles())
    assert status in (RunStatus.PARTIAL_SUCCESS, RunStatus.FAILED)
    handle, _ = await _fork(harness.runtime, ForkRequest(source, 2, agent_id="line-editor"), FORK_TURNS)
    assert harness.runtime.runs.run(handle.run_id).status is RunStatus.COMPLETED  # type: ignore[union-attr]


def _written(runtime: Runtime) -> tuple[int, list[str]]:
    count = runtime.db.raw.execute("SELECT COUNT(*) FROM runs").fetchone()[0]
    return int(count), sorted(p.name for p in (runtime.data_dir / "runs").iterdir())


async def test_refusals_say_why_and_write_nothing(harness: Harness) -> None:
    source, _ = await harness.run("writer", TURNS, profiles=_profiles())
    runtime = harness.runtime
    before = _written(runtime)
    journal = _journal_bytes(runtime, source)
    provider = ScriptedProvider(load_script({"turns": FORK_TURNS}))
    cases = [
        (ForkRequest(source, 4), codes.RUN_FORK_STAGE_NOT_FOUND, "stages are 1 to 3"),
        (ForkRequest(source, 0), codes.RUN_FORK_STAGE_NOT_FOUND, "no stage 0"),
        (ForkRequest(source, 2, agent_id="researcher"), codes.RUN_FORK_AGENT_NOT_TARGET, "cannot take over stage 2"),
        (ForkRequest(source, 1, agent_id="researcher"), codes.RUN_FORK_AGENT_NOT_TARGET, "cannot start a run"),
        (ForkRequest(source, 2, agent_id="nobody"), codes.RUN_UNKNOWN_AGENT, "no agent 'nobody'"),
        (ForkRequest(source, 2, brief={"title": "no objective"}), codes.RUN_FORK_BRIEF_INVALID, "objective"),
        (ForkRequest("run-missing", 1), codes.RUN_NOT_FOUND, "no run"),
    ]
    for request, code, words in cases:
        with pytest.raises(RunRequestError) as caught:
            await runtime.fork_run(request, provider_for=lambda _p: provider)
        assert caught.value.code == code and words in caught.value.message, (request, caught.value.message)
    # A run still running is refused too.
    slow = await harness.start("writer", {"writer": [{"delayMs": 5000, "toolCalls": []}]}, profiles=_profiles())
    await until(lambda: (run := harness.runtime.runs.run(slow.run_id)) is not None and run.status == RunStatus.RUNNING,
                what="the slow run to be running")
    with pytest.raises(RunRequestError) as caught:
        await runtime.fork_run(ForkRequest(slow.run_id, 1), provider_for=lambda _p: provider)
    assert caught.value.code == codes.RUN_FORK_SOURCE_RUNNING and "still running" in caught.value.message
    runtime.cancel(slow.run_id)
    await slow.wait()
    count, folders = _written(runtime)
    assert count == before[0] + 1 and len(folders) == len(before[1]) + 1  # only the slow run itself
    assert _journal_bytes(runtime, source) == journal


async def test_studio_fork_reruns_a_stage_from_python(tmp_path: Path) -> None:
    from relay_studio.api import Agent, Studio

    finalizer = Agent("Finalizer", handoff_description="Finishes the text.")
    editor = Agent("Editor", handoff_description="Edits drafts.", can_finish=False, handoffs=[finalizer])
    writer = Agent("Writer", can_finish=False, handoffs=[editor])
    finish = [{"toolCalls": [call("workspace_read_file", {"path": "output/main.md"})]},
              {"toolCalls": [call("workspace_commit"), call("workspace_finish", {"summary": "Done."})]}]
    scripts = [ScriptedProvider(load_script({"turns": {
        "writer": [{"toolCalls": [write("output/main.md", "Draft."),
                                  call("transfer_to_editor", {"objective": "Edit it."})]}],
        "editor": [{"toolCalls": [write("output/main.md", "Edited."),
                                  call("transfer_to_finalizer", {"objective": "Finish it."})]}],
        "finalizer": finish}}))]
    async with Studio(tmp_path / "data", provider=lambda _p: scripts[-1]) as studio:
        first = await studio.run(writer, "Write a scene.")
        assert first.status is RunStatus.COMPLETED and first.final_message == "Edited."
        scripts.append(ScriptedProvider(load_script({"turns": {
            "editor": [{"toolCalls": [call("workspace_read_file", {"path": "output/main.md"})]},
                       {"toolCalls": [write("output/main.md", "Edited again."),
                                      call("transfer_to_finalizer", {"objective": "Finish it."})]}],
            "finalizer": finish}})))
        forked = await studio.fork(first.run_id, at=2, brief="Edit it harder.")
        assert forked.status is RunStatus.COMPLETED and forked.stages == ["editor", "finalizer"]
        assert forked.events[0].type == "run_forked" and forked.final_message == "Edited again."
        assert "Draft." in next(e.payload["result"] for e in forked.events if e.type == "tool_call_completed")
        assert "Edit it harder." in scripts[-1].requests[0].messages[-1].content
        with pytest.raises(RunRequestError) as caught:
            await studio.fork(first.run_id, at=5)
        assert caught.value.code == codes.RUN_FORK_STAGE_NOT_FOUND


async def test_a_fork_on_another_model_says_so_and_freezes_the_binding(harness: Harness) -> None:
    source, _ = await harness.run("writer", TURNS, profiles=_profiles())
    runtime = harness.runtime
    rebound = {pid: p.model_copy(update={"model": p.model.model_copy(update={
        "mode": "connection", "connection": "local", "model": "tiny-model"})}) for pid, p in _profiles().items()}
    provider = ScriptedProvider(load_script({"turns": FORK_TURNS}))
    handle = await runtime.fork_run(ForkRequest(source, 2, agent_id="line-editor", connection="local",
                                                model="tiny-model"),
                                    provider_for=lambda _p: provider, profiles=rebound)
    assert await handle.wait() is RunStatus.COMPLETED
    changes = harness.of_type(handle.run_id, "run_forked")[0].payload["changes"]
    assert changes == {"agent": {"from": "editor", "to": "line-editor"}, "connection": "local",
                       "model": "tiny-model"}
    frozen = runtime.runs.run_input(handle.run_id)
    assert frozen["profiles"]["line-editor"]["model"]["connection"] == "local"
    assert frozen["forkedFrom"] == {"runId": source, "stage": 2}
    assert runtime.runs.run_input(source)["profiles"]["editor"]["model"].get("connection") != "local"


async def test_a_runs_start_checkpoint_references_stored_persist_files(harness: Harness) -> None:
    runtime = harness.runtime
    first, _ = await harness.run("writer", TURNS, profiles=_profiles())
    assert harness.of_type(first, "workspace_checkpoint_recorded") == []  # persist/ started empty
    chat_id = runtime.runs.run(first).chat_id  # type: ignore[union-attr]
    (runtime.chat_persist_dir(chat_id) / "added_by_hand.md").write_text("A note.", encoding="utf-8")
    second, _ = await harness.run("writer", TURNS, profiles=_profiles())
    files = {f["path"]: f for f in harness.of_type(second, "workspace_checkpoint_recorded")[0].payload["files"]}
    # The file the first run wrote and promoted is a reference to its version, not a copy ...
    assert files["persist/story_state.md"] == {"path": "persist/story_state.md", "runId": first, "version": 1}
    # ... and the one no run stored became a version of this run.
    assert files["persist/added_by_hand.md"]["runId"] == second
    assert [v[1] for v in runtime.runs.file_versions(second, "persist/added_by_hand.md")] == ["A note."]
    # A fork at stage 1 of the second run starts with both, as that run did.
    handle, _ = await _fork(runtime, ForkRequest(second, 1), {"writer": [
        {"toolCalls": [call("workspace_read_file", {"path": "persist/added_by_hand.md"}),
                       write("output/main.md", "Again."), call("workspace_commit"),
                       handoff("final-editor", "Finish it.")]}], "final-editor": TURNS["final-editor"]})
    assert runtime.runs.run(handle.run_id).status is RunStatus.COMPLETED  # type: ignore[union-attr]
    assert harness.of_type(handle.run_id, "tool_call_completed")[0].payload["result"] == "A note."
    assert harness.file(handle.run_id, "persist/story_state.md") == "Mara: at the lamp."


async def test_a_run_stopped_during_a_stage_can_be_forked_at_that_stage(harness: Harness) -> None:
    from tests.support import until

    turns = {"writer": TURNS["writer"], "editor": [{"delayMs": 5000, "toolCalls": []}]}
    handle = await harness.start("writer", turns, profiles=_profiles())
    runtime = harness.runtime
    await until(lambda: any(e.type == "agent_invocation_started" and e.payload["agentId"] == "editor"
                            for e in harness.events(handle.run_id)), what="the editor's stage")
    with pytest.raises(RunRequestError) as caught:  # still running: refused
        await runtime.fork_run(ForkRequest(handle.run_id, 2), provider_for=lambda _p: ScriptedProvider(
            load_script({"turns": FORK_TURNS})))
    assert caught.value.code == codes.RUN_FORK_SOURCE_RUNNING
    runtime.cancel(handle.run_id)
    assert await handle.wait() is RunStatus.CANCELLED
    fork, _ = await _fork(runtime, ForkRequest(handle.run_id, 2, agent_id="line-editor"), FORK_TURNS)
    assert runtime.runs.run(fork.run_id).status is RunStatus.COMPLETED  # type: ignore[union-attr]
    read = harness.of_type(fork.run_id, "tool_call_completed")[0].payload["result"]
    assert read == DRAFT
