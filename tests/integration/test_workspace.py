"""Workspace paths, roots, versions and the chat-scoped persist/ folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from relay_studio.domain.enums import RunStatus
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.workspace import Roots, RunWorkspace, normalize
from tests.support import Harness, call, profile, relay_profiles, write

ROOTS = Roots(visible=("output", "scratch", "persist"), writable=("output", "persist"))


@pytest.mark.parametrize(
    "path",
    ["../etc/passwd", "output/../../x", "/etc/passwd", "C:/Windows/win.ini", "c:x", "output\\main.md",
     "output/\x00.md", "", "   ", "output//main.md", "./output/main.md", "~/notes.md"],
)
def test_hostile_paths_are_refused(path: str) -> None:
    with pytest.raises(ToolError) as err:
        normalize(path)
    assert err.value.code == "workspace.path_invalid"


def test_symlink_escape_is_refused(tmp_path: Path) -> None:
    ws = RunWorkspace(tmp_path / "ws")
    outside = tmp_path / "secret"
    outside.mkdir()
    (outside / "key.txt").write_text("secret", encoding="utf-8")
    (tmp_path / "ws" / "output").mkdir()
    os.symlink(outside, tmp_path / "ws" / "output" / "link")
    with pytest.raises(ToolError) as err:
        ws.read("output/link/key.txt", ROOTS)
    assert err.value.code == "workspace.path_invalid"
    with pytest.raises(ToolError):
        ws.write("output/link/new.txt", "x", ROOTS)
    assert not (outside / "new.txt").exists()
    assert ws.files(ROOTS) == []  # links are not listed either


def test_roots_visible_and_writable(tmp_path: Path) -> None:
    ws = RunWorkspace(tmp_path / "ws")
    with pytest.raises(ToolError) as err:
        ws.write("scratch/notes.md", "x", ROOTS)
    assert err.value.code == "workspace.root_not_writable"
    with pytest.raises(ToolError) as err:
        ws.read("plan/outline.md", ROOTS)
    assert err.value.code == "workspace.root_not_visible"
    assert ws.write("output/a/b.md", "deep", ROOTS) == "output/a/b.md"
    assert ws.read("output/a/b.md", ROOTS) == ("output/a/b.md", "deep")


async def test_path_errors_reach_the_model_and_nothing_is_written(harness: Harness) -> None:
    profiles = relay_profiles()
    profiles["final-editor"] = profile("final-editor", workspace={"writableRoots": ["output"]},
                                       tools={"allow": ["workspace.write_file", "workspace.commit",
                                                        "workspace.finish", "workspace.apply_patch"]},
                                       delegation={"canHandoff": False, "canDelegate": False})
    turns = {"final-editor": [
        {"toolCalls": [write("../escape.md", "x"), write("scratch/n.md", "x"), write("/abs.md", "x")]},
        {"toolCalls": [write("output/main.md", "one two two"),
                       call("workspace_apply_patch", {"path": "output/main.md", "old_string": "two",
                                                      "new_string": "2"}),
                       call("workspace_apply_patch", {"path": "output/main.md", "old_string": "three",
                                                      "new_string": "3"}),
                       call("workspace_apply_patch", {"path": "output/main.md", "old_string": "one",
                                                      "new_string": "1"}),
                       call("workspace_commit"), call("workspace_finish")]},
    ]}
    run_id, status = await harness.run("final-editor", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED
    assert harness.error_codes(run_id) == ["workspace.path_invalid", "workspace.root_not_writable",
                                           "workspace.path_invalid", "workspace.patch_ambiguous",
                                           "workspace.patch_no_match"]
    assert not (harness.data_dir / "runs" / run_id / "escape.md").exists()
    assert harness.file(run_id, "output/main.md") == "1 two two"
    written = [e.payload["version"] for e in harness.of_type(run_id, "workspace_file_written")]
    assert written == [1, 2]


async def test_persist_is_promoted_only_by_a_successful_finish(harness: Harness) -> None:
    finish = [call("workspace_commit"), call("workspace_finish")]
    ok = {"final-editor": [{"toolCalls": [write("persist/story_state.md", "Mara is the keeper."),
                                          write("output/main.md", "Chapter 1."), *finish]}]}
    _, status = await harness.run("final-editor", ok, chat="saga")
    assert status is RunStatus.COMPLETED

    failing = {"final-editor": [{"toolCalls": [write("persist/story_state.md", "Mara is gone."),
                                               write("output/main.md", "Chapter 2."), call("workspace_commit")]},
                                {"error": {"status": 400, "message": "bad request"}}]}
    run2, status2 = await harness.run("final-editor", failing, chat="saga")
    assert status2 is RunStatus.PARTIAL_SUCCESS
    assert harness.file(run2, "persist/story_state.md") == "Mara is gone."  # the run's own copy changed

    read = {"final-editor": [{"toolCalls": [call("workspace_read_file", {"path": "persist/story_state.md"})]},
                             {"toolCalls": [write("output/main.md", "Chapter 3."), *finish]}]}
    run3, _ = await harness.run("final-editor", read, chat="saga")
    seen = next(p["result"] for p in harness.tool_results(run3) if p["name"] == "workspace_read_file")
    assert seen == "Mara is the keeper."

    other = {"final-editor": [{"toolCalls": [call("workspace_read_file", {"path": "persist/story_state.md"})]},
                              {"toolCalls": [write("output/main.md", "Elsewhere."), *finish]}]}
    run4, _ = await harness.run("final-editor", other, chat="another chat")
    assert harness.error_codes(run4) == ["workspace.file_not_found"]  # persist is chat-scoped
