"""Links in persist/ are never followed between the chat and a run: left out, with a journaled warning."""

from __future__ import annotations

import os
from pathlib import Path

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.events import Event
from relay_studio.runtime.workspace import LINK_SKIPPED
from tests.support import Harness, call, write

FINISH = [call("workspace_commit"), call("workspace_finish")]


def _outside(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "private.txt").write_text("outside secret", encoding="utf-8")
    return outside


async def test_links_in_the_chat_persist_folder_are_not_projected_into_a_run(harness: Harness, tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    first = {"final-editor": [{"toolCalls": [write("persist/state.md", "kept"), write("output/main.md", "1"),
                                             *FINISH]}]}
    run1, _ = await harness.run("final-editor", first, chat="saga")
    persist = harness.runtime.chat_persist_dir(harness.runtime.runs.run(run1).chat_id)  # type: ignore[union-attr]
    os.symlink(outside, persist / "folder_link")
    os.symlink(outside / "private.txt", persist / "file_link")
    os.mkfifo(persist / "pipe")  # a special file would block a plain copy for ever

    second = {"final-editor": [{"toolCalls": [call("workspace_list_files", {"path": "persist"}),
                                              write("output/main.md", "2"), *FINISH]}]}
    run2, status = await harness.run("final-editor", second, chat="saga")
    assert status is RunStatus.COMPLETED
    workspace = harness.runtime.workspace_dir(run2)
    assert sorted(p.name for p in (workspace / "persist").iterdir()) == ["state.md"]
    warnings = sorted(e.payload["path"] for e in harness.of_type(run2, LINK_SKIPPED))
    assert warnings == ["persist/file_link", "persist/folder_link", "persist/pipe"]
    # The finish promoted the run's persist/: the chat now holds plain files only; the link targets are intact.
    assert sorted(p.name for p in persist.iterdir()) == ["state.md"]
    assert sorted(p.name for p in outside.iterdir()) == ["private.txt"]


async def test_a_persist_folder_that_is_itself_a_link_is_refused(harness: Harness, tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    first = {"final-editor": [{"toolCalls": [write("output/main.md", "1"), *FINISH]}]}
    run1, _ = await harness.run("final-editor", first, chat="saga")
    persist = harness.runtime.chat_persist_dir(harness.runtime.runs.run(run1).chat_id)  # type: ignore[union-attr]
    if persist.exists():
        os.rmdir(persist)
    os.symlink(outside, persist)
    second = {"final-editor": [{"toolCalls": [call("workspace_read_file", {"path": "persist/private.txt"})]},
                               {"toolCalls": [write("persist/new.md", "mine"), write("output/main.md", "2"), *FINISH]}]}
    run2, status = await harness.run("final-editor", second, chat="saga")
    assert status is RunStatus.COMPLETED
    assert harness.error_codes(run2) == ["workspace.file_not_found"], "nothing from outside reached the run"
    assert [e.payload["path"] for e in harness.of_type(run2, LINK_SKIPPED)] == ["persist"]
    assert sorted(p.name for p in outside.iterdir()) == ["private.txt"], "the finish wrote nothing through the link"
    assert not persist.is_symlink() and (persist / "new.md").read_text(encoding="utf-8") == "mine"


async def test_a_link_made_inside_a_run_does_not_reach_the_chat(harness: Harness, tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    runs: list[str] = []

    def plant(event: Event) -> None:  # an outside process adds a link while the run works
        if event.type == "workspace_file_written" and not runs:
            runs.append(event.run_id)
            os.symlink(outside, harness.runtime.workspace_dir(event.run_id) / "persist" / "planted")

    harness.runtime.db.subscribe(plant)
    turns = {"final-editor": [{"toolCalls": [write("persist/state.md", "kept")]},
                              {"toolCalls": [write("output/main.md", "1"), *FINISH]}]}
    run_id, status = await harness.run("final-editor", turns, chat="saga")
    assert status is RunStatus.COMPLETED
    persist = harness.runtime.chat_persist_dir(harness.runtime.runs.run(run_id).chat_id)  # type: ignore[union-attr]
    assert sorted(p.name for p in persist.iterdir()) == ["state.md"]
    assert [e.payload["path"] for e in harness.of_type(run_id, LINK_SKIPPED)] == ["persist/planted"]
