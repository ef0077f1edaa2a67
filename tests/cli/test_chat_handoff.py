"""``relay-studio chat handoff``: the document printed, the new chat started, and the exit codes."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from relay_studio.cli import main

DOC = "## Goal\nA ghost story.\n## Canon & Constraints\nPast tense.\n## Progress\nDone: one.\n" \
      "## Key Decisions\nThe keeper is the ghost.\n## Critical Context\nMara.\n## Next Steps\nChapter two.\n"


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _script(tmp_path: Path, turns: list[dict[str, Any]], name: str = "handoff.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"turns": {"editor": turns}}), encoding="utf-8")
    return path


@pytest.fixture
def data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A data folder holding the demo relay's chat (the editor answered last)."""
    folder = tmp_path / "data"
    assert _cli(capsys, "demo", "--data-dir", str(folder))[0] == 0
    return folder


def test_handoff_prints_the_document_and_starts_the_new_chat(tmp_path: Path, data: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    before = _cli(capsys, "chat", "show", "Demo relay", "--json", "--data-dir", str(data))[1]
    code, out, err = _cli(capsys, "chat", "handoff", "Demo relay", "--focus", "the ending", "--script",
                          str(_script(tmp_path, [{"text": DOC}])), "--data-dir", str(data))
    assert code == 0, err
    assert out.strip() == DOC.strip()
    assert "Started the new chat 'Demo relay (continued)'" in err
    shown = _cli(capsys, "chat", "show", "Demo relay (continued)", "--data-dir", str(data))[1]
    assert shown.startswith("Continued from ← Demo relay") and "<handoff-context>\n## Goal" in shown
    old = json.loads(_cli(capsys, "chat", "show", "Demo relay", "--json", "--data-dir", str(data))[1])
    assert old["messages"] == json.loads(before)["messages"], "the old transcript is unchanged"
    assert _cli(capsys, "chat", "show", "Demo relay", "--data-dir", str(data))[1].rstrip().endswith(
        "Continued in → Demo relay (continued)")
    runs = json.loads(_cli(capsys, "runs", "--json", "--data-dir", str(data))[1])
    assert runs[0]["kind"] == "handoff" and runs[0]["root_profile_id"] == "editor"


def test_review_only_and_json_create_nothing(tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(capsys, "chat", "handoff", "Demo relay", "--review-only", "--json", "--script",
                        str(_script(tmp_path, [{"text": "## Goal\nOnly this."}])), "--data-dir", str(data))
    result = json.loads(out)
    assert code == 0 and result["outcome"] == "ready" and result["newChat"] is None
    assert result["missingSections"] == ["Canon & Constraints", "Progress", "Key Decisions", "Critical Context",
                                         "Next Steps"]
    assert _cli(capsys, "chat", "show", "Demo relay (continued)", "--data-dir", str(data))[0] == 2


def test_named_new_chat_and_exit_codes_for_guards_failures_and_empty(tmp_path: Path, data: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = _cli(capsys, "chat", "handoff", "Demo relay", "--to", "Chapter two", "--script",
                      str(_script(tmp_path, [{"text": DOC}])), "--data-dir", str(data))
    assert code == 0 and _cli(capsys, "chat", "show", "Chapter two", "--data-dir", str(data))[0] == 0
    code, _, err = _cli(capsys, "chat", "handoff", "Chapter two", "--script",
                        str(_script(tmp_path, [{"text": DOC}], "x.json")), "--data-dir", str(data))
    assert code == 2 and "Nothing to hand off (no messages yet)" in err
    code, _, err = _cli(capsys, "chat", "handoff", "Demo relay", "--script",
                        str(_script(tmp_path, [{"error": {"status": 500, "message": "boom"}}], "f.json")),
                        "--data-dir", str(data))
    assert code == 3 and "Handoff failed: " in err
    code, _, err = _cli(capsys, "chat", "handoff", "Demo relay", "--script",
                        str(_script(tmp_path, [{"text": ""}], "e.json")), "--data-dir", str(data))
    assert code == 3 and "Handoff produced no document" in err
    chats = [line for line in _cli(capsys, "chat", "show", "Demo relay", "--data-dir", str(data))[1].splitlines()
             if line.startswith("Continued in")]
    assert chats == ["Continued in → Chapter two"], "failed and empty handoffs create no chat"


def test_ctrl_c_cancels_with_exit_130(tmp_path: Path, data: Path) -> None:
    script = _script(tmp_path, [{"delayMs": 20000, "text": DOC}])
    proc = subprocess.Popen([sys.executable, "-m", "relay_studio", "chat", "handoff", "Demo relay", "--script",
                             str(script), "--data-dir", str(data)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    assert proc.stderr is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if "Writing the handoff document" in proc.stderr.readline():
            break
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "Handoff cancelled" in err and out == ""


def test_chat_show_json_names_the_lineage_both_ways(tmp_path: Path, data: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The old chat's JSON names the chat it was handed off to (and the document it carried); the new one
    names the chat it continues, by id and name, the whole chain nearest first."""
    for name, source in (("Part two", "Demo relay"), ("Part three", "Part two")):
        if source == "Part two":  # the continuation needs a message and an answer of its own to hand off
            answer = tmp_path / "answer.json"
            answer.write_text(json.dumps({"turns": {"finalizer": [{"toolCalls": [
                {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": "Two."}},
                {"name": "workspace_commit", "arguments": {}}, {"name": "workspace_finish", "arguments": {}}]}]}}),
                encoding="utf-8")
            assert _cli(capsys, "run", "--agent", "finalizer", "--prompt", "Go on.", "--chat", "Part two",
                        "--script", str(answer), "--data-dir", str(data))[0] == 0
        code, _, err = _cli(capsys, "chat", "handoff", source, "--to", name, "--agent", "editor", "--script",
                            str(_script(tmp_path, [{"text": DOC.replace("one", name)}], f"{name}.json")),
                            "--data-dir", str(data))
        assert code == 0, err

    def show(name: str) -> dict[str, Any]:
        code, out, err = _cli(capsys, "chat", "show", name, "--json", "--data-dir", str(data))
        assert code == 0, err
        result: dict[str, Any] = json.loads(out)
        return result

    first, second, third = show("Demo relay"), show("Part two"), show("Part three")
    ids = {c["chat"]["name"]: c["chat"]["id"] for c in (first, second, third)}
    assert first["continuedFrom"] == [] and third["continuedIn"] == []
    assert [(c["id"], c["name"]) for c in first["continuedIn"]] == [(ids["Part two"], "Part two")]
    assert first["continuedIn"][0]["document"] == DOC.replace("one", "Part two").strip()
    assert first["continuedIn"][0]["runId"] == second["messages"][0]["run_id"]
    assert [(c["id"], c["name"]) for c in second["continuedFrom"]] == [(ids["Demo relay"], "Demo relay")]
    assert [(c["id"], c["name"]) for c in second["continuedIn"]] == [(ids["Part three"], "Part three")]
    assert [(c["id"], c["name"]) for c in third["continuedFrom"]] == [(ids["Part two"], "Part two"),
                                                                      (ids["Demo relay"], "Demo relay")]


def test_handoff_takes_profiles_from_a_folder_like_run(tmp_path: Path, data: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from tests.support import profile_dict

    folder = tmp_path / "profiles"
    folder.mkdir()
    (folder / "chronicler.json").write_text(json.dumps(profile_dict("chronicler", displayName="Chronicler")),
                                            encoding="utf-8")
    script = tmp_path / "chronicler.json"
    script.write_text(json.dumps({"turns": {"chronicler": [{"text": DOC}]}}), encoding="utf-8")
    code, out, err = _cli(capsys, "chat", "handoff", "Demo relay", "--agent", "chronicler", "--profiles",
                          str(folder), "--script", str(script), "--json", "--data-dir", str(data))
    assert code == 0, err
    result = json.loads(out)
    assert result["agentId"] == "chronicler" and result["newChat"]["name"] == "Demo relay (continued)"
    runs = json.loads(_cli(capsys, "runs", "--json", "--data-dir", str(data))[1])
    assert runs[0]["kind"] == "handoff" and runs[0]["root_profile_id"] == "chronicler"
    code, _, err = _cli(capsys, "chat", "handoff", "Demo relay", "--agent", "chronicler", "--script", str(script),
                        "--data-dir", str(data))
    assert code == 2 and "There is no agent 'chronicler'" in err, "without the folder the agent is unknown"
