"""``chat export --format sillytavern`` / ``chat import`` and ``library import CARD --as-profile`` on the
command line, over a real data folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from relay_studio.cli import main


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_chat_export_then_import_and_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = ["--data-dir", str(tmp_path / "data")]
    run_cli(capsys, "projects", "create", "Noir", *d)
    assert run_cli(capsys, "demo", "--project", "Noir", *d)[0] == 0
    out_file = tmp_path / "demo.jsonl"
    code, out, err = run_cli(capsys, "chat", "export", "Demo relay", "--project", "Noir", "--format", "sillytavern",
                             "-o", str(out_file), *d)
    assert code == 0 and out.startswith("Wrote 'Demo relay' (2 messages) to ") and err == ""
    lines = [json.loads(line) for line in out_file.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["user_name"] == "You" and [m["is_user"] for m in lines[1:]] == [True, False]
    code, stdout_copy, _ = run_cli(capsys, "chat", "export", "Demo relay", "--project", "Noir", *d)
    assert code == 0 and stdout_copy.rstrip("\n") == out_file.read_text(encoding="utf-8")

    broken = tmp_path / "broken.jsonl"
    broken.write_text(out_file.read_text(encoding="utf-8")[:-20], encoding="utf-8")  # cut short
    code, out, err = run_cli(capsys, "chat", "import", str(broken), str(out_file), "--json", *d)
    assert code == 2
    assert err == "error: broken.jsonl, line 3 is not valid JSON (the file may be cut short or damaged). " \
                  "[chat.import_bad_json]\n"
    bad, good = json.loads(out)
    assert bad["error"] == "chat.import_bad_json" and good["chat"]["name"] == "Demo relay" and good["messages"] == 2
    code, out, _ = run_cli(capsys, "chat", "show", "Demo relay", "--json", *d)  # in the default project now
    shown = json.loads(out)
    original = json.loads(run_cli(capsys, "chat", "show", "Demo relay", "--project", "Noir", "--json", *d)[1])
    assert [(m["role"], m["content"]) for m in shown["messages"]] == \
        [(m["role"], m["content"]) for m in original["messages"]]
    code, out, _ = run_cli(capsys, "chat", "import", str(out_file), "--name", "Second look", *d)
    assert (code, out) == (0, "demo.jsonl: imported as the chat 'Second look' (2 messages).\n")
    assert run_cli(capsys, "chat", "import", str(out_file), str(broken), "--name", "X", *d)[2] == \
        "error: --name names one chat: import one file with it.\n"
    code, _, err = run_cli(capsys, "chat", "export", "Nowhere", *d)
    assert code == 2 and "There is no chat 'Nowhere'" in err


def test_library_import_card_as_profile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = ["--data-dir", str(tmp_path / "data")]
    card = tmp_path / "mara.json"
    card.write_text(json.dumps({"spec": "chara_card_v2", "spec_version": "2.0", "data": {
        "name": "Mara", "description": "{{char}} keeps the light.", "first_mes": "Who goes there?",
        "personality": "", "scenario": "", "mes_example": "", "tags": []}}), encoding="utf-8")
    code, out, err = run_cli(capsys, "library", "import", str(card), "--as-profile", *d)
    assert code == 0 and err == ""
    assert out == ("mara.json: imported 1 entries (Mara).\n"
                   "mara.json: made the agent 'Mara' (id mara) that plays the character.\n"
                   "mara.json: the card's own system prompt, which the agent follows: (none)\n"
                   "mara.json: the card's post-history instructions, which the agent follows: (none)\n")
    code, out, _ = run_cli(capsys, "profiles", "export", "mara", *d)
    profile = json.loads(out)
    assert profile["model"]["mode"] == "default" and profile["run"]["endOnTextAnswer"] is True
    # the exported profile keeps the card's words as written; {{char}} is filled where the prompt is sent
    assert "## Who you are\n{{char}} keeps the light." in profile["instructions"]["systemPrompt"]
    world = tmp_path / "world.json"
    world.write_text(json.dumps({"entries": {"0": {"key": ["Bay"], "content": "Calm.", "comment": "Bay"}}}),
                     encoding="utf-8")
    code, out, err = run_cli(capsys, "library", "import", str(world), "--as-profile", "--json", *d)
    assert code == 2 and "[card.no_character]" in err and json.loads(out)[0]["error"] == "card.no_character"
