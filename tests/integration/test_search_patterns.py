"""A model's catastrophic regular expression neither blocks the event loop nor outlives its time budget."""

from __future__ import annotations

import asyncio

import pytest

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.events import Event
from relay_studio.domain.profile import AgentProfile
from relay_studio.runtime.tools import workspace_search_files
from relay_studio.runtime.tools.workspace_search_files import SEARCH_TIMEOUT
from tests.support import Harness, call, profile, relay_profiles, write

CATASTROPHIC = "(a|aa)+$"  # exponential backtracking in any backtracking engine
BAIT = "a" * 40 + "!"


@pytest.fixture(autouse=True)
def _short_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A quarter of a second instead of two: the catastrophic pattern spins a core until the budget ends
    (after a cancel too), and the budget's length is not what these tests are about."""
    monkeypatch.setattr(workspace_search_files, "SEARCH_BUDGET_SECONDS", 0.25)


def _profiles() -> dict[str, AgentProfile]:
    profiles = relay_profiles()
    profiles["final-editor"] = profile("final-editor", tools={"allow": [
        "workspace.search_files", "workspace.write_file", "workspace.commit", "workspace.finish"]},
        delegation={"canHandoff": False, "canDelegate": False, "allowAsSubagent": False})
    return profiles


def _search(**extra: object) -> dict[str, object]:
    return call("workspace_search_files", {"query": CATASTROPHIC, "regex": True, **extra})


async def _ticks_while_searching(harness: Harness, turns: dict[str, list[dict[str, object]]]) -> tuple[str, int]:
    ticks = 0
    during: list[int] = []

    def on_event(event: Event) -> None:
        if event.payload.get("name") == "workspace_search_files":
            during.append(ticks)

    harness.runtime.db.subscribe(on_event)

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.005)
            ticks += 1

    beat = asyncio.create_task(ticker())
    try:
        run_id, status = await harness.run("final-editor", turns, profiles=_profiles())
    finally:
        beat.cancel()
    assert status is RunStatus.COMPLETED, harness.types(run_id)
    assert len(during) == 4, "two searches, each started and completed"
    return run_id, during[1] - during[0]


async def test_catastrophic_regex_is_stopped_by_its_budget_and_the_loop_keeps_running(harness: Harness) -> None:
    turns = {"final-editor": [
        {"toolCalls": [write("output/main.md", BAIT)]},
        {"toolCalls": [_search()]},
        {"toolCalls": [call("workspace_search_files", {"query": "a+!", "regex": True})]},
        {"toolCalls": [call("workspace_commit", {}), call("workspace_finish", {"summary": "Done."})]},
    ]}
    run_id, ticks = await _ticks_while_searching(harness, turns)
    assert harness.error_codes(run_id) == [SEARCH_TIMEOUT]
    assert ticks > 0, "the event loop ran while the pattern was being matched"
    results = harness.tool_results(run_id)
    assert results[2]["result"].startswith("output/main.md:1: aaa"), "an ordinary pattern still works"


async def test_cancel_lands_while_a_search_runs(harness: Harness) -> None:
    started = asyncio.Event()

    def on_event(event: Event) -> None:
        if event.type == "tool_call_started" and event.payload.get("name") == "workspace_search_files":
            started.set()

    harness.runtime.db.subscribe(on_event)
    turns = {"final-editor": [
        {"toolCalls": [write("output/main.md", BAIT)]},
        {"toolCalls": [_search()]},
    ]}
    handle = await harness.start("final-editor", turns, profiles=_profiles())
    await asyncio.wait_for(started.wait(), 30)
    assert harness.runtime.cancel(handle.run_id)
    assert await handle.wait() is RunStatus.CANCELLED
    assert not [p for p in harness.tool_results(handle.run_id) if p["name"] == "workspace_search_files"], (
        "the cancel ended the run before the search answered"
    )


async def test_workspace_search_and_list_in_a_run_read_off_the_loop_thread(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from relay_studio.runtime.workspace import RunWorkspace

    threads: dict[str, list[int]] = {"search": [], "list": []}
    real_search, real_files = workspace_search_files._search, RunWorkspace.files

    def watched_search(*args: object) -> list[str]:
        threads["search"].append(threading.get_ident())
        return real_search(*args)  # type: ignore[arg-type]

    def watched_files(self: RunWorkspace, *args: object, **kwargs: object) -> object:
        threads["list"].append(threading.get_ident())
        return real_files(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(workspace_search_files, "_search", watched_search)
    monkeypatch.setattr(RunWorkspace, "files", watched_files)
    profiles = relay_profiles()
    profiles["final-editor"] = profile("final-editor", tools={"allow": [
        "workspace.search_files", "workspace.list_files", "workspace.write_file", "workspace.commit",
        "workspace.finish"]}, delegation={"canHandoff": False, "canDelegate": False, "allowAsSubagent": False})
    turns = {"final-editor": [
        {"toolCalls": [write("scratch/notes.md", "The tide turned.\nThe lantern burned."),
                       call("workspace_search_files", {"query": "lantern"}), call("workspace_list_files", {})]},
        {"toolCalls": [write("output/main.md", "Done."), call("workspace_commit"), call("workspace_finish")]}]}
    run_id, status = await harness.run("final-editor", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED, harness.types(run_id)
    loop = threading.get_ident()
    assert threads["search"] and loop not in threads["search"]  # the search ran on a worker thread
    # the run's start lists the chat's kept files on the loop (its persist checkpoint, engine.start_run); the search's
    # snapshot and the list tool list them on a worker thread
    assert len(threads["list"]) == 3 and [t == loop for t in threads["list"]] == [True, False, False]
    found = next(p for p in harness.tool_results(run_id) if p["name"] == "workspace_search_files")
    assert found["result"] == "scratch/notes.md:2: The lantern burned."
