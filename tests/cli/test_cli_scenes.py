"""``relay-studio scene`` (cli/scenes.py) and ``Studio.scenes`` (api.py): the exact forms with --json, each turn a
run whose requests ``relay-studio turns`` prints, and bad input in one line with its code and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from relay_studio.api import Studio
from relay_studio.cli import main
from relay_studio.providers.scripted import ScriptedProvider, load_script
from tests.support import profile, profile_dict


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def character(pid: str) -> dict[str, object]:
    return profile_dict(pid, tools={"allow": []}, delegation={"canHandoff": False, "canDelegate": False},
                        run={"endOnTextAnswer": True})


@pytest.fixture
def data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    d = ["--data-dir", str(tmp_path / "data")]
    for pid in ("mira", "tomas", "gm"):
        path = tmp_path / f"{pid}.json"
        path.write_text(json.dumps(character(pid)), encoding="utf-8")
        assert run_cli(capsys, "profiles", "import", str(path), *d)[0] == 0
    return d


def test_scene_new_enter_leave_say_with_json_and_turns(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       data: list[str]) -> None:
    code, out, err = run_cli(capsys, "scene", "new", "Docks", "--cast", "mira,tomas", "--narrator", "gm", "--json",
                             *data)
    assert code == 0, err
    assert json.loads(out) | {"chat_id": "x"} == {"chat_id": "x", "name": "Docks", "cast": ["mira", "tomas"],
                                                  "narrator_id": "gm", "scene": 1, "present": ["mira", "tomas"],
                                                  "next_speaker_id": None}
    code, out, _ = run_cli(capsys, "scene", "leave", "Docks", "tomas", *data)
    assert (code, out.strip()) == (0, "Docks: scene 1, cast mira, tomas, narrator gm; present: mira")
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"turns": {
        "mira": [{"text": "Mira: the crates are empty."}],
        "gm": [{"toolCalls": [{"name": "scene_choose_speaker", "arguments": {"name": "Tomas"}}]},
               {"text": "Fog rolls in as Tomas steps off the boat."}],
        "tomas": [{"text": "Tomas: who emptied them?"}]}}), encoding="utf-8")
    s = ["--script", str(script)]
    code, out, err = run_cli(capsys, "scene", "say", "Docks", "--as", "mira", "--prompt", "Dawn at the docks.",
                             "--json", *s, *data)
    mira = json.loads(out)
    assert code == 0, err
    assert (mira["speaker"], mira["pickedBy"], mira["status"], mira["text"]) == ("mira", "creator", "completed",
                                                                                "Mira: the crates are empty.")
    assert run_cli(capsys, "scene", "enter", "Docks", "tomas", *data)[0] == 0
    code, out, _ = run_cli(capsys, "scene", "say", "Docks", "--as", "gm", "--json", *s, *data)
    assert json.loads(out)["text"] == "Fog rolls in as Tomas steps off the boat."
    code, out, _ = run_cli(capsys, "scene", "say", "Docks", "--next", "--json", *s, *data)
    tomas = json.loads(out)
    assert (tomas["speaker"], tomas["pickedBy"]) == ("tomas", "narrator")
    assert [(i["reason"], i["count"]) for i in tomas["leftOut"]] == [("not present when it was said in scene 1", 2)]
    code, out, _ = run_cli(capsys, "turns", tomas["runId"], "--json", *data)
    assert code == 0 and [t["agentId"] for t in json.loads(out)] == ["tomas"]
    assert "Fog rolls in" in out and "Dawn at the docks" not in out and "crates are empty" not in out
    code, out, _ = run_cli(capsys, "scene", "show", "Docks", "--json", *data)
    shown = json.loads(out)
    assert [(m["id"], m["present"], m["model"]) for m in shown["members"]] == [
        ("mira", True, "test / scripted"), ("tomas", True, "test / scripted"), ("gm", False, "test / scripted")]
    heard = {m["text"]: m["heardBy"] for m in shown["messages"]}
    assert heard["Mira: the crates are empty."] == ["mira", "gm"]
    assert heard["Tomas: who emptied them?"] == ["mira", "tomas", "gm"]


@pytest.mark.parametrize(("argv", "line"), [
    (["new", "Docks", "--cast", "mira,ghost"], "error: The character 'ghost' is no agent profile. "
                                               "[scene.unknown_agent]"),
    (["new", "Docks", "--cast", "mira", "--narrator", "mira"],
     "error: 'mira' cannot be both narrator and in the cast. [scene.bad_cast]"),
    (["enter", "Nowhere", "mira"], "error: There is no scene named 'Nowhere'; start one with scene new. "
                                   "[scene.not_found]"),
    (["new", "Docks", "--cast", "mira", "--project", "Nope"],
     "error: There is no project 'Nope'. Projects: Default. [project.not_found]"),
])
def test_bad_scene_input_is_one_line_with_its_code_and_exit_2(capsys: pytest.CaptureFixture[str], data: list[str],
                                                              argv: list[str], line: str) -> None:
    code, out, err = run_cli(capsys, "scene", *argv, *data)
    assert (code, out, err.strip()) == (2, "", line)


def test_say_needs_as_or_next_and_an_absent_speaker_is_refused(capsys: pytest.CaptureFixture[str],
                                                               data: list[str]) -> None:
    assert run_cli(capsys, "scene", "new", "Docks", "--cast", "mira,tomas", *data)[0] == 0
    with pytest.raises(SystemExit) as usage:
        main(["scene", "say", "Docks", *data])
    assert usage.value.code == 2
    capsys.readouterr()
    run_cli(capsys, "scene", "leave", "Docks", "tomas", *data)
    code, _, err = run_cli(capsys, "scene", "say", "Docks", "--as", "tomas", *data)
    assert (code, err.strip()) == (2, "error: 'tomas' is not in the scene now; let them enter first. "
                                      "[scene.speaker_absent]")


async def test_the_python_api_runs_a_scene_turn(tmp_path: Path) -> None:
    provider = ScriptedProvider(load_script({"turns": {"mira": [{"text": "Mira: the tide is out."}]}}))
    async with Studio(tmp_path / "data", provider) as studio:
        studio.runtime.extra_profiles = [profile("mira", **{k: v for k, v in character("mira").items()
                                                            if k in ("tools", "delegation", "run")})]
        scenes = studio.scenes()
        scenes.new("Shore", ["mira"])
        handle = await scenes.say_and_wait("Shore", as_id="mira")
        assert handle.context.run_status.value == "completed"
        assert [m.content for m in studio.runtime.chats.messages(handle.chat_id)] == ["Mira: the tide is out."]


def test_scene_import_and_export_of_a_sillytavern_group(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       data: list[str]) -> None:
    group = {"id": "1", "name": "Pier", "members": ["Mira.png", "Wren.png"], "disabled_members": [],
             "chat_id": "Pier", "chats": ["Pier"]}
    lines = [{"chat_metadata": {}},
             {"name": "Mira", "is_user": False, "is_system": False, "mes": "Ropes, now.", "original_avatar": "Mira.png",
              "extra": {}},
             {"name": "Wren", "is_user": False, "is_system": False, "mes": "Aye.", "original_avatar": "Wren.png",
              "extra": {}}]
    (tmp_path / "g.json").write_text(json.dumps(group), encoding="utf-8")
    (tmp_path / "c.jsonl").write_text("\n".join(json.dumps(line) for line in lines), encoding="utf-8")
    code, out, err = run_cli(capsys, "scene", "import", str(tmp_path / "g.json"), str(tmp_path / "c.jsonl"),
                             "--json", *data)
    assert code == 0, err
    assert json.loads(out)["cast"] == ["mira", "wren"]  # Mira matched the agent there, Wren was made
    code, out, err = run_cli(capsys, "scene", "export", "Pier", "--out", str(tmp_path / "out"), *data)
    assert code == 0, err
    back = [json.loads(line) for line in (tmp_path / "out" / "Pier.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [(b["name"], b["mes"], b["original_avatar"]) for b in back[1:]] == [
        ("Mira", "Ropes, now.", "Mira.png"), ("Wren", "Aye.", "Wren.png")]
    assert json.loads((tmp_path / "out" / "Pier.json").read_text(encoding="utf-8"))["members"] == group["members"]
    code, _, err = run_cli(capsys, "scene", "import", str(tmp_path / "c.jsonl"), str(tmp_path / "c.jsonl"), *data)
    assert code == 2 and err.strip().endswith("[scene.bad_group_file]")
