"""``relay-studio run --explore`` (docs/explore.md): a new chat as an exploration whose writes are refused and
whose plain-text answer is printed; an ordinary chat of that name is refused with its code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from relay_studio.cli import main
from relay_studio.cli.exits import STATUS_EXIT
from relay_studio.domain.enums import RunStatus


def _script(tmp_path: Path, turns: dict[str, list[dict[str, object]]]) -> str:
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"turns": turns}), encoding="utf-8")
    return str(path)


def test_run_explore_answers_in_plain_text_and_refuses_writes(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path / "data")
    # The writer allows writes, and tries one: in an exploration it is refused, and its text is the answer.
    script = _script(tmp_path, {"writer": [
        {"toolCalls": [{"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": "x"}}]},
        {"text": "The Heron is a three-masted ship."}]})
    code = main(["run", "--explore", "--agent", "writer", "--prompt", "What is the Heron?", "--chat", "Questions",
                 "--script", script, "--data-dir", data])
    out, err = capsys.readouterr()
    assert code == STATUS_EXIT[RunStatus.COMPLETED]
    assert out == "The Heron is a three-masted ship.\n"
    lines = err.splitlines()
    assert "  · workspace_write_file  ✗ explore.read_only" in lines
    assert "  ✓ answered in plain text (version 1)" in lines
    assert main(["chat", "show", "Questions", "--data-dir", data]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("Exploration (read only)\n") and "The Heron is a three-masted ship." in shown
    assert main(["chat", "show", "Questions", "--json", "--data-dir", data]) == 0
    assert json.loads(capsys.readouterr().out)["chat"]["mode"] == "explore"
    # Without --explore the chat is still an exploration: the chat decides.
    script = _script(tmp_path, {"writer": [{"toolCalls": [{"name": "workspace_commit", "arguments": {}}]},
                                           {"text": "Still only reading."}]})
    code = main(["run", "--agent", "writer", "--prompt", "Commit it.", "--chat", "Questions", "--script", script,
                 "--data-dir", data])
    _, err = capsys.readouterr()
    assert code == STATUS_EXIT[RunStatus.COMPLETED] and "  · workspace_commit  ✗ explore.read_only" in err.splitlines()


def test_run_explore_on_an_ordinary_chat_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path / "data")
    script = _script(tmp_path, {"explorer": [{"text": "x"}]})
    code = main(["run", "--agent", "explorer", "--prompt", "Hi.", "--chat", "Story", "--script", script,
                 "--data-dir", data])
    assert code == STATUS_EXIT[RunStatus.COMPLETED]  # the explorer answers in an ordinary chat too
    capsys.readouterr()
    code = main(["run", "--explore", "--agent", "explorer", "--prompt", "Hi.", "--chat", "Story", "--script", script,
                 "--data-dir", data])
    _, err = capsys.readouterr()
    assert code == 2
    assert err.strip().endswith("The chat 'Story' is an ordinary chat, not an exploration; start an exploration "
                                "under a new chat name. [chat.not_an_exploration]")
