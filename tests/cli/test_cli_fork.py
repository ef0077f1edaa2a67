"""``relay-studio runs show`` and ``runs fork``: rerun the demo relay from its editor's stage (docs/fork.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from relay_studio.cli import main
from tests.support import call, handoff, write


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


COLD = "The fog froze on the glass. She lit the lamp anyway."


def test_runs_fork_reruns_the_editors_stage_with_a_new_brief(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path / "data")
    code, out, _ = run_cli(capsys, "demo", "--data-dir", data, "--jsonl")
    demo = json.loads(out.splitlines()[-1])["runId"]
    script = tmp_path / "fork.json"
    script.write_text(json.dumps({"turns": {
        "editor": [{"toolCalls": [call("workspace_read_file", {"path": "output/main.md"})]},
                   {"toolCalls": [write("output/main.md", COLD), call("workspace_commit"),
                                  handoff("finalizer", "Check it.")]}],
        "finalizer": [{"toolCalls": [call("workspace_finish", {"summary": "Cold enough."})]}],
    }}), encoding="utf-8")
    brief = tmp_path / "brief.txt"
    brief.write_text("Make the scene colder.\n", encoding="utf-8")

    code, out, err = run_cli(capsys, "runs", "fork", demo, "--at", "2", "--brief-file", str(brief),
                             "--script", str(script), "--jsonl", "--data-dir", data)
    assert code == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[0]["type"] == "run_forked"
    assert lines[0]["payload"]["sourceRunId"] == demo and lines[0]["payload"]["changes"] == {"brief": True}
    read = next(e for e in lines if e.get("type") == "tool_call_completed")
    assert "Tonight the fog came early. She lit the lamp anyway." in read["payload"]["result"]  # the writer's draft
    result = lines[-1]
    assert result["type"] == "run_result" and result["status"] == "completed" and result["committedMessage"] == COLD
    fork = result["runId"]

    code, out, _ = run_cli(capsys, "runs", "show", fork, "--data-dir", data)
    assert code == 0
    assert f"forked from {demo} at stage 2" in out
    assert [line.split()[:3] for line in out.splitlines()[2:]] == [
        ["1", "writer", "transferred"], ["2", "editor", "transferred"], ["3", "finalizer", "completed"]]
    code, out, _ = run_cli(capsys, "runs", "show", demo, "--json", "--data-dir", data)
    assert json.loads(out)["forks"] == [{"runId": fork, "stage": 2, "status": "completed"}]

    # `runs` alone and `runs list` still list the runs.
    code, out, _ = run_cli(capsys, "runs", "--data-dir", data)
    assert code == 0 and demo in out and fork in out
    code, out, _ = run_cli(capsys, "runs", "list", "--json", "--data-dir", data)
    assert {r["id"] for r in json.loads(out)} == {demo, fork}

    # Refusals: a sentence and a code, exit 2, nothing written.
    for args, words in (
        (["--at", "7"], "no stage 7; its stages are 1 to 3. [run.fork_stage_not_found]"),
        (["--at", "2", "--agent", "researcher"], "[run.fork_agent_not_target]"),
    ):
        code, out, err = run_cli(capsys, "runs", "fork", demo, *args, "--script", str(script), "--data-dir", data)
        assert code == 2 and words in err and out == ""
    code, out, err = run_cli(capsys, "runs", "show", "run-nope", "--data-dir", data)
    assert code == 2 and "no run 'run-nope'" in err
    code, out, _ = run_cli(capsys, "runs", "list", "--json", "--data-dir", data)
    assert len(json.loads(out)) == 2
