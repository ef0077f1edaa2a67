"""OS refusals inside workspace tools are recoverable tool errors with their own codes; the run goes on."""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Iterator

import pytest

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.events import Event
from relay_studio.runtime import workspace as ws_module
from relay_studio.runtime.workspace import (
    DISK_FULL,
    NAME_TOO_LONG,
    PARENT_IS_FILE,
    PATH_TOO_LONG,
)
from tests.support import Harness, call, profile, relay_profiles, write


@pytest.fixture
def small_disk(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The runs folder on a 64 KB tmpfs (a real ENOSPC); as a non-root user, the real OSError at the write seam."""
    runs = harness.data_dir / "runs"
    runs.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(runs)],
                             capture_output=True).returncode == 0 if os.geteuid() == 0 else False
    if not mounted:
        real = os.fdopen

        def fdopen(fd: int, *args: object, **kw: object) -> object:
            fh = real(fd, *args, **kw)  # type: ignore[call-overload]
            original = fh.write

            def full(text: str) -> int:
                if len(text) > 32 * 1024:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                return int(original(text))

            fh.write = full
            return fh

        monkeypatch.setattr(ws_module.os, "fdopen", fdopen)
    try:
        yield "tmpfs" if mounted else "seam"
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(runs)], check=False)


async def test_os_refusals_are_tool_errors_and_the_run_finishes(harness: Harness, small_disk: str) -> None:
    long_name = "output/" + "n" * 300 + ".md"
    long_path = "output/" + "/".join(["d" * 200] * 25) + "/x.md"
    turns = {"final-editor": [
        {"toolCalls": [write(long_name, "x"), write(long_path, "x"), call("workspace_read_file", {"path": long_name})]},
        {"toolCalls": [write("output/main.md", "first"), write("output/main.md/below.md", "x"),
                       write("output/main.md/deeper/below.md", "x")]},
        {"toolCalls": [write("output/big.md", "b" * 200_000)]},
        {"toolCalls": [call("workspace_commit", {}), call("workspace_finish", {"summary": "Done."})]},
    ]}
    run_id, status = await harness.run("final-editor", turns, profiles=relay_profiles())
    assert status is RunStatus.COMPLETED, harness.types(run_id)
    errors = [p for p in harness.tool_results(run_id) if p["isError"]]
    assert [p["errorCode"] for p in errors] == [
        NAME_TOO_LONG, PATH_TOO_LONG, NAME_TOO_LONG, PARENT_IS_FILE, PARENT_IS_FILE, DISK_FULL,
    ]
    storage = str(harness.data_dir)
    for p in errors:
        assert storage not in str(p), "no storage path reaches the model"
    assert "'output/main.md' is a file" in errors[3]["result"]
    assert "no space left" in errors[5]["result"]
    workspace = harness.runtime.workspace_dir(run_id)
    assert (workspace / "output/main.md").read_text(encoding="utf-8") == "first"
    assert not (workspace / "output/big.md").exists()
    assert not [p for p in (workspace / "output").iterdir() if p.name.startswith(".tmp-")], "no partial file left"


async def test_a_file_name_that_is_not_utf8_is_neither_listed_nor_searched(harness: Harness) -> None:
    turns = {"final-editor": [
        {"toolCalls": [write("output/main.md", "plain")]},
        {"toolCalls": [call("workspace_list_files", {})]},
        {"toolCalls": [call("workspace_commit", {}), call("workspace_finish", {"summary": "Done."})]},
    ]}

    def plant(event: Event) -> None:  # made outside Relay Studio, with bytes that are not UTF-8
        if event.type == "workspace_file_written":
            folder = os.fsencode(harness.runtime.workspace_dir(event.run_id) / "output")
            with open(folder + b"/caf\xe9.md", "wb") as fh:
                fh.write(b"x")

    harness.runtime.db.subscribe(plant)
    profiles = relay_profiles()
    profiles["final-editor"] = profile("final-editor", tools={"allow": [
        "workspace.list_files", "workspace.write_file", "workspace.commit", "workspace.finish"]},
        delegation={"canHandoff": False, "canDelegate": False, "allowAsSubagent": False})
    run_id, status = await harness.run("final-editor", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED, harness.types(run_id)
    listed = next(p["result"] for p in harness.tool_results(run_id) if p["name"] == "workspace_list_files")
    assert "output/main.md" in listed and "caf" not in listed


async def test_a_huge_listing_is_cut_with_a_count(harness: Harness) -> None:
    from relay_studio.runtime.tools.workspace_list_files import MAX_LISTED

    turns = {"final-editor": [
        {"toolCalls": [write("output/main.md", "plain")]},
        {"toolCalls": [call("workspace_list_files", {})]},
        {"toolCalls": [call("workspace_commit", {}), call("workspace_finish", {"summary": "Done."})]},
    ]}

    def plant(event: Event) -> None:  # many files, made outside
        if event.type == "workspace_file_written":
            many = harness.runtime.workspace_dir(event.run_id) / "output" / "many"
            many.mkdir()
            for n in range(MAX_LISTED + 20):
                (many / f"{n:04}.md").write_text("x", encoding="utf-8")

    harness.runtime.db.subscribe(plant)
    profiles = relay_profiles()
    profiles["final-editor"] = profile("final-editor", tools={"allow": [
        "workspace.list_files", "workspace.write_file", "workspace.commit", "workspace.finish"]},
        delegation={"canHandoff": False, "canDelegate": False, "allowAsSubagent": False})
    run_id, status = await harness.run("final-editor", turns, profiles=profiles)
    assert status is RunStatus.COMPLETED, harness.types(run_id)
    listed = next(p["result"] for p in harness.tool_results(run_id) if p["name"] == "workspace_list_files")
    assert len(listed.splitlines()) == 1 + MAX_LISTED + 1
    total = MAX_LISTED + 21
    assert listed.endswith(f"(showing the first {MAX_LISTED} of {total} files; list a folder to see the rest)")
