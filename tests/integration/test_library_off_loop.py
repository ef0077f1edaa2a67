"""Inside a run, the story library and the Skills are read off the loop thread (in the window the loop is the GUI
thread): a stage's start syncs, parses and selects the library's entries and reads its Skills on a worker thread
before its short write transaction, and ``library_search`` scans the entries there too; the agent gets the same
prompt and the same answers as before (tests/integration/test_library_tools.py)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from relay_studio.domain import events as ev
from relay_studio.domain.enums import RunStatus
from relay_studio.library.skills import SkillCatalog
from relay_studio.library.store import LibraryStore
from relay_studio.runtime import library_access
from tests.integration.test_library_tools import _finish, _librarian, _project, _seed, _skill
from tests.support import Harness, call


def _watch(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[int]]:
    """Records the thread each library sync and each Skills read ran on."""
    threads: dict[str, list[int]] = {"library": [], "skills": []}
    sync, catalog = LibraryStore.sync, SkillCatalog.__init__

    def watched_sync(self: LibraryStore) -> Any:
        threads["library"].append(threading.get_ident())
        return sync(self)

    def watched_catalog(self: SkillCatalog, *args: Any, **kwargs: Any) -> None:
        threads["skills"].append(threading.get_ident())
        catalog(self, *args, **kwargs)

    monkeypatch.setattr(LibraryStore, "sync", watched_sync)
    monkeypatch.setattr(SkillCatalog, "__init__", watched_catalog)
    return threads


async def test_a_stage_start_reads_the_library_and_skills_off_the_loop_thread(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    _seed(harness)
    threads = _watch(monkeypatch)
    run_id, status = await harness.run("final-editor", {"final-editor": [_finish()]}, profiles=_librarian(),
                                       prompt="Write the scene where Captain Mira leaves port.")
    assert status is RunStatus.COMPLETED
    assert threads["library"] and threads["skills"]
    loop_thread = threading.get_ident()
    assert loop_thread not in threads["library"] and loop_thread not in threads["skills"]
    included = harness.of_type(run_id, ev.LIBRARY_ENTRIES_INCLUDED)
    assert [e.payload["names"] for e in included] == [["Tides", "Mira"]]  # the same choice as on the loop
    assert "Mira commands the Heron" in harness.provider.requests[0].system  # type: ignore[union-attr]


async def test_library_search_in_a_run_reads_off_the_loop_thread(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    _seed(harness)
    turns = {"final-editor": [{"toolCalls": [call("library_search", {"query": "silver ship"})]}, _finish()]}
    threads = _watch(monkeypatch)
    searched: list[int] = []
    real = library_access.shown_entries

    def watched(*args: Any, **kwargs: Any) -> Any:
        searched.append(threading.get_ident())
        return real(*args, **kwargs)

    monkeypatch.setattr("relay_studio.runtime.tools.library_search.shown_entries", watched)
    run_id, status = await harness.run("final-editor", turns, profiles=_librarian(), prompt="Check the notes.")
    assert status is RunStatus.COMPLETED
    assert searched and threading.get_ident() not in searched
    assert threading.get_ident() not in threads["library"]
    search = next(p for p in harness.tool_results(run_id) if p["name"] == "library_search")
    assert search["result"].startswith("- Heron — item: A three-masted ship with a silver hull")


async def test_library_list_and_read_and_skill_read_in_a_run_read_off_the_loop_thread(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    _seed(harness)
    _skill(_project(harness) / "skills", "sea-battles", "Use for naval combat scenes.", "['*']", "Mind the wind.")
    threads = _watch(monkeypatch)
    turns = {"final-editor": [{"toolCalls": [call("library_list", {}), call("library_read", {"name": "Captain Mira"}),
                                             call("skill_read", {"name": "sea-battles"})]}, _finish()]}
    run_id, status = await harness.run("final-editor", turns, profiles=_librarian(), prompt="Check the notes.")
    assert status is RunStatus.COMPLETED
    assert len(threads["library"]) >= 3 and len(threads["skills"]) >= 2  # the stage's start, then list and read
    assert threading.get_ident() not in threads["library"] + threads["skills"]
    listed, read, skill = [p for p in harness.tool_results(run_id) if p["name"] != "workspace_write_file"][:3]
    assert "- Mira — character (also: Captain Mira) [crew]" in listed["result"]
    assert read["result"].startswith("### Mira — character") and "Mira commands the Heron" in read["result"]
    assert skill["result"] == "# Skill: sea-battles\nMind the wind."
