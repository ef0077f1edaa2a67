"""Stop mid-stream (docs/runtime.md, "Stop keeps what streamed"): what the foreground agent streamed
so far becomes a version of the chat message marked stopped, instead of being dropped."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from relay_studio.domain.enums import CommitMarker, RunStatus
from relay_studio.domain.messages import ModelRequest, StreamEvent, TextDelta
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.context import LiveUpdate
from relay_studio.runtime.engine import RunHandle
from relay_studio.store.database import SCHEMA_VERSION, Database
from tests.support import Harness, call, handoff, relay_profiles, until, write

LONG = "The lamp turned once, twice, and the sea below it went silver and then dark again. " * 8


class SlowStream:
    """The scripted provider's stream, one small text piece every ``seconds`` (a slow real server)."""

    def __init__(self, turns: dict[str, list[dict[str, Any]]], seconds: float = 0.02) -> None:
        self.inner = ScriptedProvider(load_script({"turns": turns}), chunk_size=4)
        self.seconds = seconds

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        async for event in self.inner.stream(request):
            if isinstance(event, TextDelta):
                await asyncio.sleep(self.seconds)
            yield event


async def _start(harness: Harness, agent: str, turns: dict[str, list[dict[str, Any]]]) -> RunHandle:
    provider = SlowStream(turns)
    return await harness.runtime.start_run(agent_id=agent, prompt="Write the scene.", chat="stop chat",
                                           provider_for=lambda _p: provider, profiles=relay_profiles())


async def _stop_after_text(harness: Harness, handle: RunHandle, agent: str, chars: int = 40) -> str:
    """Waits until ``agent`` streamed at least ``chars`` characters, stops the run, returns what streamed."""
    seen: list[str] = []

    def listen(update: LiveUpdate) -> None:
        if update.run_id == handle.run_id and update.agent_id == agent and update.kind == "text":
            seen.append(update.text)

    unsubscribe = harness.runtime.subscribe_live(listen)
    try:
        await until(lambda: len("".join(seen)) >= chars, what=f"{chars} streamed characters")
        assert harness.runtime.cancel(handle.run_id)
        assert await handle.wait() is RunStatus.CANCELLED
    finally:
        unsubscribe()
    return "".join(seen)


async def test_stop_keeps_the_streamed_text_as_a_stopped_version(harness: Harness) -> None:
    handle = await _start(harness, "final-editor", {"final-editor": [{"text": LONG, "toolCalls": [
        write("output/main.md", LONG), call("workspace_commit"), call("workspace_finish")]}]})
    streamed = await _stop_after_text(harness, handle, "final-editor")
    assert 40 <= len(streamed) < len(LONG)
    [commit] = harness.runtime.runs.commits(handle.run_id)
    assert commit.content == streamed and commit.marker is CommitMarker.STOPPED and commit.stopped
    message = harness.runtime.chats.message(commit.message_id)
    assert message is not None and message.content == streamed and message.run_id == handle.run_id
    [version] = harness.runtime.chats.versions(commit.message_id)
    assert version.stopped
    [kept] = harness.of_type(handle.run_id, "stopped_text_committed")
    assert kept.payload == {"agentId": "final-editor", "messageId": commit.message_id, "version": 1,
                            "chars": len(streamed)}
    types = harness.types(handle.run_id)
    assert types.index("stopped_text_committed") < types.index("run_cancelled") == len(types) - 1
    record = harness.runtime.runs.run(handle.run_id)
    assert record is not None and record.status is RunStatus.CANCELLED and record.message_id == commit.message_id


async def test_a_stopped_stream_after_a_commit_is_the_next_version(harness: Harness) -> None:
    turns = {"writer": [{"toolCalls": [write("output/main.md", "Draft."), call("workspace_commit"),
                                       handoff("editor")]}],
             "editor": [{"text": LONG, "toolCalls": [call("workspace_commit")]}]}
    handle = await _start(harness, "writer", turns)
    streamed = await _stop_after_text(harness, handle, "editor")
    commits = harness.runtime.runs.commits(handle.run_id)
    assert [(c.content, c.version, c.stopped) for c in commits] == [("Draft.", 1, False), (streamed, 2, True)]
    versions = harness.runtime.chats.versions(commits[0].message_id)  # one version per run: its last commit
    assert [(v.content, v.stopped) for v in versions] == [(streamed, True)]


async def test_a_helpers_stream_is_not_put_in_the_chat(harness: Harness) -> None:
    turns = {"writer": [{"toolCalls": [call("agent_delegate", {"agentId": "researcher",
                                                                "task": {"objective": "Dig."}})]},
                        {"toolCalls": [call("agent_await", {"mode": "allCompleted"})]}],
             "researcher": [{"text": LONG, "toolCalls": [call("task_return", {"summary": "s"})]}]}
    handle = await _start(harness, "writer", turns)
    await _stop_after_text(harness, handle, "researcher")
    assert harness.runtime.runs.commits(handle.run_id) == []
    assert "stopped_text_committed" not in harness.types(handle.run_id)


async def test_stop_with_nothing_streamed_keeps_nothing(harness: Harness) -> None:
    handle = await _start(harness, "final-editor", {"final-editor": [{"delayMs": 30_000, "text": "late"}]})
    await until(lambda: "model_call_started" in harness.types(handle.run_id), what="the model call to start")
    harness.runtime.cancel(handle.run_id)
    assert await handle.wait() is RunStatus.CANCELLED
    assert harness.runtime.runs.commits(handle.run_id) == []


def test_a_schema_1_database_gains_the_marker_column(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = Database(path)
    db.conn.exec_driver_sql("ALTER TABLE commits DROP COLUMN marker")  # what schema 1 looked like
    db.conn.exec_driver_sql("PRAGMA user_version = 1")
    db.close()
    db = Database(path)
    try:
        assert db.schema_version == SCHEMA_VERSION
        columns = {row[1] for row in db.conn.exec_driver_sql("PRAGMA table_info(commits)")}
        assert "marker" in columns
    finally:
        db.close()
