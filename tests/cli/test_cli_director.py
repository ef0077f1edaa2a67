"""``relay-studio run --approve all`` and a write whose review found a conflict (seed 002: a conflict is
explained to the creator, never passed silently): headless, it is declined with its own code unless the
creator approves conflicts explicitly with ``--approve-conflicts REASON``, whose reason reaches the agent."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from relay_studio.cli import main
from relay_studio.domain import error_codes as codes
from tests.support import call

ONLY_CHILD = "Mira commands the Heron. She is an only child."
SISTER = "Mira has a twin sister, Lune, who commands the rival ship."
OREN = "Oren is the harbour master of Saltmarsh."
REASON = "The twin is a late reveal; the entry changes with it."


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _script(tmp_path: Path) -> str:
    conflict = {"severity": "conflict", "entry": "Mira", "quote": "twin sister",
                "explanation": "The entry says Mira is an only child."}
    turns: dict[str, list[dict[str, Any]]] = {
        "director": [
            {"toolCalls": [call("review_consistency", {"name": "Oren", "type": "character", "draft": OREN}),
                           call("library_create", {"type": "character", "name": "Oren", "description": OREN})]},
            {"toolCalls": [call("review_consistency", {"name": "Mira", "type": "character", "draft": SISTER}),
                           call("library_update", {"name": "Mira", "description": SISTER})]},
            {"text": "Oren is in the story library; Mira's twin conflicts with her entry."},
        ],
        "consistency-reviewer": [
            {"text": json.dumps({"issues": [], "overallStatus": "clean"})},
            {"text": json.dumps({"issues": [conflict], "overallStatus": "conflict"})},
        ],
    }
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"turns": turns}), encoding="utf-8")
    return str(path)


def _results(out: str) -> dict[str, dict[str, Any]]:
    lines = [json.loads(line) for line in out.splitlines()]
    return {e["payload"]["name"]: e["payload"] for e in lines if e.get("type") == "tool_call_completed"}


def test_approve_all_declines_a_conflict_unless_the_creator_approves_conflicts_with_a_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    d = ["--data-dir", str(tmp_path / "data")]
    assert _cli(capsys, "library", "add", "--name", "Mira", "--type", "character", "--description", ONLY_CHILD,
                *d)[0] == 0
    script = _script(tmp_path)
    run = ["run", "--agent", "director", "--prompt", "Give Mira a twin, and add Oren.", "--script", script,
           "--jsonl", *d]

    code, out, _ = _cli(capsys, *run, "--approve", "all")
    assert code == 0
    results = _results(out)
    assert results["library_create"]["errorCode"] is None  # a clean review: approved in advance
    _, shown, _ = _cli(capsys, "library", "show", "Mira", *d)
    assert ONLY_CHILD in shown and "twin" not in shown  # the conflict was not approved in advance
    declined = results["library_update"]
    assert declined["errorCode"] == codes.REVIEW_CONFLICT_UNAPPROVED
    assert "found conflicts" in declined["result"] and "--approve-conflicts" in declined["result"]
    denied = [json.loads(line)["payload"] for line in out.splitlines()
              if json.loads(line).get("type") == "tool_call_denied"]
    assert [p.get("errorCode") for p in denied] == [codes.REVIEW_CONFLICT_UNAPPROVED]

    # the headless default declines it with the same code; the progress lines say why
    _cli(capsys, "library", "remove", "Oren", *d)
    code, out, err = _cli(capsys, *[a for a in run if a != "--jsonl"])
    assert code == 0 and out == "Oren is in the story library; Mira's twin conflicts with her entry.\n"
    lines = err.splitlines()
    assert f"  · library_update  ✗ {codes.REVIEW_CONFLICT_UNAPPROVED}" in lines
    assert ("  ✗ library/character/mira.md: not written, its review found conflicts (approve them with "
            "--approve-conflicts REASON)") in lines

    code, out, _ = _cli(capsys, *run, "--approve", "all", "--approve-conflicts", REASON)
    assert code == 0
    approved = _results(out)["library_update"]
    assert approved["errorCode"] is None
    assert approved["result"].endswith(f"the creator approved it anyway and said: \u201c{REASON}\u201d.")
    _, shown, _ = _cli(capsys, "library", "show", "Mira", *d)
    assert "twin sister" in shown
    run_id = json.loads(out.splitlines()[-1])["runId"]
    _, turns, _ = _cli(capsys, "turns", run_id, "--json", *d)
    last = [t for t in json.loads(turns) if t["agentId"] == "director"][-1]
    assert REASON in last["request"]["messages"][-1]["content"]  # the agent read the creator's reason


@pytest.mark.parametrize("extra", [[], ["--approve", "none"]])
def test_approve_conflicts_needs_approve_all_and_a_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          extra: list[str]) -> None:
    d = ["--data-dir", str(tmp_path / "data")]
    code, _, err = _cli(capsys, "run", "--agent", "director", "--prompt", "x", "--script", _script(tmp_path),
                        "--approve-conflicts", REASON, *extra, *d)
    assert code == 2 and "--approve-conflicts needs --approve all" in err
    code, _, err = _cli(capsys, "run", "--agent", "director", "--prompt", "x", "--script", _script(tmp_path),
                        "--approve", "all", "--approve-conflicts", "  ", *d)
    assert code == 2 and "--approve-conflicts needs the reason" in err
    code, _, err = _cli(capsys, "resume", "run_none", "--approve-conflicts", REASON, *extra, *d)
    assert code == 2 and "--approve-conflicts needs --approve all" in err
