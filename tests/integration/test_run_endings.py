"""How runs end: failure, partial success, plain-text nudges, retries, cancel, crash recovery."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator

import pytest

from relay_studio.cli import main
from relay_studio.domain.enums import InvocationStatus, RunStatus, TaskStatus
from relay_studio.domain.messages import ModelRequest, ModelResponse, ResponseCompleted, StreamEvent, ToolCall
from relay_studio.runtime.engine import Runtime
from tests.support import Harness, call, handoff, relay_profiles, until, write


async def test_failure_after_a_commit_is_partial_success_and_keeps_commits(harness: Harness) -> None:
    turns = {
        "writer": [{"toolCalls": [write("output/main.md", "Kept draft."), call("workspace_commit"),
                                  handoff("editor")]}],
        "editor": [{"error": {"status": 401, "message": "invalid api key"}}],
    }
    run_id, status = await harness.run("writer", turns)
    assert status is RunStatus.PARTIAL_SUCCESS
    record = harness.runtime.runs.run(run_id)
    assert record is not None and record.error_code == "provider.http_401"
    assert [c.content for c in harness.runtime.runs.commits(run_id)] == ["Kept draft."]
    editor = harness.runtime.runs.invocations(run_id)[1]
    assert editor.status is InvocationStatus.FAILED and editor.error_code == "provider.http_401"
    assert harness.runtime.runs.tasks(run_id)[0].status is TaskStatus.FAILED
    assert harness.types(run_id)[-1] == "run_partial_success"


async def test_script_exhausted_fails_the_run(harness: Harness) -> None:
    turns = {"final-editor": [{"toolCalls": [call("workspace_list_files")]}]}
    run_id, status = await harness.run("final-editor", turns)
    assert status is RunStatus.FAILED
    last = harness.events(run_id)[-1]
    assert last.type == "run_failed" and last.payload["errorCode"] == "model.script_exhausted"


async def test_retryable_error_is_retried_and_journaled(harness: Harness) -> None:
    turns = {"final-editor": [
        {"error": {"status": 429, "message": "rate limited"}},
        {"toolCalls": [write("output/main.md", "x"), call("workspace_commit"), call("workspace_finish")]},
    ]}
    run_id, status = await harness.run("final-editor", turns)
    assert status is RunStatus.COMPLETED
    types = harness.types(run_id)
    assert types.count("model_call_failed") == 1 and types.count("model_call_retry") == 1
    turns_stored = harness.runtime.runs.model_turns(run_id)
    assert turns_stored[0]["error"]["status"] == 429 and turns_stored[1]["response"] is not None


async def test_text_only_turns_are_captured_nudged_then_answered(harness: Harness) -> None:
    turns = {"final-editor": [{"text": "Here is my answer in plain text."}, {"text": "Still plain."},
                              {"text": "And again."}]}
    run_id, status = await harness.run("final-editor", turns)
    # The answer reaches the chat; the run is partial because a finish was expected.
    assert status is RunStatus.PARTIAL_SUCCESS
    assert harness.file(run_id, "output/direct_output.md") == "And again."
    assert harness.provider is not None
    nudge = harness.provider.requests[1].messages[-1]
    assert nudge.role == "user"
    assert nudge.content == (
        "Your last reply was plain text, which nobody else sees. It was saved to output/direct_output.md. "
        "Use your tools: write the reply to output/main.md, publish it with workspace_commit, then end with "
        "workspace_finish.")
    assert harness.types(run_id).count("model_text_only") == 2
    record = harness.runtime.runs.run(run_id)
    assert record is not None and record.error_code == "model.tool_call_required"


async def test_only_empty_replies_still_fail(harness: Harness) -> None:
    turns = {"final-editor": [{"text": ""}, {"text": "  "}, {"text": ""}]}
    run_id, status = await harness.run("final-editor", turns)
    assert status is RunStatus.FAILED
    record = harness.runtime.runs.run(run_id)
    assert record is not None and record.error_code == "model.tool_call_required"
    assert harness.runtime.runs.commits(run_id) == []


async def test_a_tool_turn_resets_the_nudges(harness: Harness) -> None:
    turns = {"final-editor": [{"text": "plain"}, {"text": "plain"}, {"toolCalls": [call("workspace_list_files")]},
                              {"text": "plain"}, {"toolCalls": [write("output/main.md", "x"),
                                                                call("workspace_commit"), call("workspace_finish")]}]}
    _, status = await harness.run("final-editor", turns)
    assert status is RunStatus.COMPLETED


async def test_cancel_mid_stream_is_prompt_and_run_wide(harness: Harness) -> None:
    turns = {
        "writer": [{"toolCalls": [call("agent_delegate", {"agentId": "researcher", "task": {"objective": "Dig."}})]},
                   {"delayMs": 30_000, "text": "never arrives"}],
        "researcher": [{"delayMs": 30_000, "toolCalls": []}],
    }
    handle = await harness.start("writer", turns)
    await until(lambda: harness.types(handle.run_id).count("model_call_started") >= 3,
                what="the writer to wait on its second model call")
    started = time.perf_counter()
    assert harness.runtime.cancel(handle.run_id)
    status = await handle.wait()
    elapsed = time.perf_counter() - started
    assert status is RunStatus.CANCELLED
    assert elapsed < 5  # generous: the model waits 30 s, so anything short proves the wait was interrupted
    statuses = [e.payload["to"] for e in harness.of_type(handle.run_id, "status_changed")]
    assert statuses == ["running", "cancelling", "cancelled"]
    invocations = harness.runtime.runs.invocations(handle.run_id)
    assert {i.status for i in invocations} == {InvocationStatus.CANCELLED}
    assert [t.status for t in harness.runtime.runs.tasks(handle.run_id)] == [TaskStatus.CANCELLED]
    assert harness.types(handle.run_id)[-1] == "run_cancelled"
    assert not harness.runtime.cancel(handle.run_id)  # terminal: nothing more to cancel


async def test_cancel_before_the_first_step(harness: Harness) -> None:
    handle = await harness.start("final-editor", {"final-editor": []})
    harness.runtime.cancel(handle.run_id)
    assert await handle.wait() is RunStatus.CANCELLED
    assert harness.types(handle.run_id)[-1] == "run_cancelled"


async def test_crash_recovery_marks_runs_interrupted(harness: Harness) -> None:
    handle = await harness.start("writer", {"writer": [{"delayMs": 30_000, "toolCalls": []}]})
    await until(lambda: "model_call_started" in harness.types(handle.run_id), what="the model call to start")
    data_dir = harness.data_dir
    bystander = Runtime(data_dir)  # while the owner lives, another runtime leaves its run alone
    assert bystander.recovered == []
    bystander.close()
    # Simulate a crash: the process dies with the run in flight (its store closes, its lease goes);
    # a new runtime opens the same file.
    harness.runtime.db.close()
    second = Runtime(data_dir)
    try:
        assert second.recovered == [handle.run_id]
        record = second.runs.run(handle.run_id)
        assert record is not None and record.status is RunStatus.INTERRUPTED
        events = second.runs.events(handle.run_id)
        assert events[-1].type == "run_interrupted"
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        assert {i.status for i in second.runs.invocations(handle.run_id)} == {InvocationStatus.FAILED}
        third = Runtime(data_dir)
        assert third.recovered == []  # idempotent
        third.close()
    finally:
        second.close()
        handle.task.cancel()
        await asyncio.gather(handle.task, return_exceptions=True)


async def test_a_reader_shows_a_run_whose_owner_is_gone_as_interrupted_and_writes_nothing(
        harness: Harness, capsys: pytest.CaptureFixture[str]) -> None:
    handle = await harness.start("writer", {"writer": [{"delayMs": 30_000, "toolCalls": []}]})
    await until(lambda: "model_call_started" in harness.types(handle.run_id), what="the model call to start")
    data_dir = harness.data_dir
    lease = data_dir / "leases" / f"{handle.run_id}.lock"

    def listed() -> list[dict[str, object]]:
        assert main(["runs", "--json", "--data-dir", str(data_dir)]) == 0
        return [r for r in json.loads(capsys.readouterr().out) if r["id"] == handle.run_id]

    reader = Runtime(data_dir, recover=False)
    try:
        assert [r.status for r in reader.runs.runs_as_seen()] == [RunStatus.RUNNING]  # its owner lives
        assert [r["status"] for r in listed()] == ["running"]
        harness.runtime.db.close()  # the owner dies: its lease goes, the run is left running in the file
        events = len(reader.runs.events(handle.run_id))
        written = (lease.stat().st_mtime_ns, lease.read_bytes())
        [seen] = reader.runs.runs_as_seen()
        assert (seen.status, seen.error_code) == (RunStatus.INTERRUPTED, "run.interrupted")
        [shown] = listed()
        assert (shown["status"], shown["error_code"]) == ("interrupted", "run.interrupted")
        assert main(["runs", "--data-dir", str(data_dir)]) == 0
        assert f"{handle.run_id}  interrupted " in capsys.readouterr().out
        # nothing was written: the file still says running, no event, the lease file untouched
        stored = reader.runs.run(handle.run_id)
        assert stored is not None and stored.status is RunStatus.RUNNING
        assert len(reader.runs.events(handle.run_id)) == events
        assert (lease.stat().st_mtime_ns, lease.read_bytes()) == written
        # a run that never had a lease file (its folder lost) is shown the same, and none is made for it
        lease.unlink()
        assert [r.status for r in reader.runs.runs_as_seen()] == [RunStatus.INTERRUPTED]
        assert not lease.exists()
    finally:
        reader.close()
        handle.task.cancel()
        await asyncio.gather(handle.task, return_exceptions=True)


async def test_cancel_interrupts_agent_await(harness: Harness) -> None:
    turns = {
        "writer": [{"toolCalls": [call("agent_delegate", {"agentId": "researcher", "task": {"objective": "Dig."}})]},
                   {"toolCalls": [call("agent_await", {"mode": "allCompleted", "timeoutSeconds": 600})]}],
        "researcher": [{"delayMs": 30_000, "toolCalls": []}],
    }
    handle = await harness.start("writer", turns)
    await until(lambda: "agent_await_started" in harness.types(handle.run_id), what="the writer to await its helper")
    started = time.perf_counter()
    harness.runtime.cancel(handle.run_id)
    assert await handle.wait() is RunStatus.CANCELLED
    assert time.perf_counter() - started < 5
    assert [t.status for t in harness.runtime.runs.tasks(handle.run_id)] == [TaskStatus.CANCELLED]


async def test_a_tool_call_cut_off_by_the_length_limit_is_not_run(harness: Harness) -> None:
    class Truncating:
        """A provider whose answer hit max_tokens while the model was writing a tool call."""

        def __init__(self) -> None:
            self.calls = 0

        async def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
            self.calls += 1
            if self.calls == 1:
                calls = [ToolCall(id="a", name="workspace_write_file",
                                  arguments='{"path": "output/main.md", "content": "Complete."}'),
                         ToolCall(id="b", name="workspace_write_file",
                                  arguments='{"path": "output/main.md", "content": "Cut"}')]
                yield ResponseCompleted(response=ModelResponse(tool_calls=calls, finish_reason="length"))
            else:
                calls = [ToolCall(id="c", name="workspace_commit", arguments="{}"),
                         ToolCall(id="d", name="workspace_finish", arguments="{}")]
                yield ResponseCompleted(response=ModelResponse(tool_calls=calls, finish_reason="tool_calls"))

    provider = Truncating()
    handle = await harness.runtime.start_run(agent_id="final-editor", prompt="p", provider_for=lambda _p: provider,
                                             profiles=relay_profiles())
    assert await handle.wait() is RunStatus.COMPLETED
    assert harness.error_codes(handle.run_id) == ["model.output_truncated"]
    assert harness.file(handle.run_id, "output/main.md") == "Complete."
