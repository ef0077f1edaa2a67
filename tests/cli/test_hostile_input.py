"""Hostile files and arguments: one line naming the problem, exit 2, and nothing written."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from relay_studio.cli import main
from relay_studio.domain import json_input
from relay_studio.runtime.profile_catalog import DUPLICATE_ID
from relay_studio.store.chats import ChatStore
from relay_studio.store.database import Database
from tests.support import profile_dict


def _profile_text(**over: object) -> str:
    return json.dumps(profile_dict("odd", **over))


def _deep(_: Path) -> str:
    return '{"id": "odd", "extra": ' + "[" * 100_000 + "]" * 100_000 + "}"


HOSTILE_PROFILES: dict[str, tuple[Callable[[Path], str | bytes | None], str]] = {
    "deep nesting": (_deep, json_input.TOO_DEEP),
    "nesting the parser survives": (lambda _: _profile_text(handoffIn={"inputSchema": {
        "type": "object", "properties": json.loads('{"a":' * 70 + "{}" + "}" * 70)}}), json_input.TOO_DEEP),
    "huge integer": (lambda _: _profile_text(tools={"maxRounds": 7}).replace('"maxRounds": 7',
                                                                             '"maxRounds": ' + "9" * 5000),
                     json_input.NUMBER_TOO_LARGE),
    "float overflow": (lambda _: _profile_text(model={"temperature": 10**400}), json_input.NUMBER_TOO_LARGE),
    "NaN": (lambda _: '{"id": NaN}', json_input.NUMBER_TOO_LARGE),
    "not UTF-8": (lambda _: b'{"id": "caf\xe9"}', json_input.NOT_UTF8),
    "50 MB": (lambda _: None, json_input.TOO_LARGE),
    "id with a trailing newline": (lambda _: _profile_text(id="odd\n"), "profile.bad_id"),
    "root with a trailing newline": (lambda _: _profile_text(workspace={"visibleRoots": ["output\n"],
                                                                        "writableRoots": []}),
                                     "profile.bad_workspace_root"),
}


@pytest.mark.parametrize("case", list(HOSTILE_PROFILES))
def test_hostile_profile_files_are_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    make, code = HOSTILE_PROFILES[case]
    path = tmp_path / "odd.json"
    content = make(tmp_path)
    if content is None:
        with path.open("wb") as fh:
            fh.truncate(50 * 1024 * 1024)  # a sparse 50 MB file
    else:
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    data = tmp_path / "data"
    assert main(["profiles", "import", str(path), "--data-dir", str(data)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: ") and f"[{code}" in err, err
    assert "Traceback" not in err and len(err.splitlines()) <= 2
    assert main(["profiles", "list", "--data-dir", str(data)]) == 0
    assert "odd" not in capsys.readouterr().out, "nothing was imported"


def test_hostile_scripts_are_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = {"deep.json": ("[" * 100_000, json_input.TOO_DEEP),
             "int.json": ('{"turns": {"writer": [{"delayMs": ' + "9" * 5000 + "}]}}", json_input.NUMBER_TOO_LARGE),
             "bytes.json": (b'{"turns": {"writer": [{"text": "\xff"}]}}', json_input.NOT_UTF8)}
    for name, (content, code) in cases.items():
        path = tmp_path / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        argv = ["run", "--agent", "writer", "--prompt", "x", "--script", str(path), "--data-dir", str(tmp_path / "d")]
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and f"[{code}]" in err and "Traceback" not in err, err
    assert not (tmp_path / "d").exists(), "nothing was written"


def test_two_files_with_one_id_in_a_profiles_folder_are_refused_naming_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "profiles"
    folder.mkdir()
    for name in ("a_first.json", "b_second.json"):
        (folder / name).write_text(json.dumps(profile_dict("twin")), encoding="utf-8")
    script = tmp_path / "script.json"
    script.write_text('{"turns": {}}', encoding="utf-8")
    assert main(["run", "--agent", "twin", "--prompt", "x", "--script", str(script), "--profiles", str(folder),
                 "--data-dir", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert "a_first.json and b_second.json both define the profile 'twin'" in err and f"[{DUPLICATE_ID}" in err


@pytest.mark.parametrize("value", ["-5", "0", "lots"])
def test_a_limit_below_one_on_the_command_line_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["run", "--agent", "writer", "--prompt", "x", "--max-total-rounds", value,
              "--data-dir", str(tmp_path / "data")])
    assert exited.value.code == 2
    assert "--max-total-rounds" in capsys.readouterr().err
    assert not (tmp_path / "data").exists()


def _chat_names(data: Path) -> list[str]:
    db = Database(data / "relay-studio.db")
    try:
        return [c.name for c in ChatStore(db).chats()]
    finally:
        db.close()


@pytest.mark.parametrize("flag", ["--prompt", "--chat"])
def test_undecodable_command_line_text_is_refused_before_any_chat_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str
) -> None:
    script = tmp_path / "script.json"
    script.write_text('{"turns": {}}', encoding="utf-8")
    data = tmp_path / "data"
    undecodable = b"caf\xe9".decode("utf-8", "surrogateescape")  # what Python makes of such argv bytes
    argv = {"--prompt": "Write.", "--chat": "c", flag: undecodable}
    assert main(["run", "--agent", "finalizer", "--script", str(script), "--data-dir", str(data),
                 *[x for pair in argv.items() for x in pair]]) == 2
    err = capsys.readouterr().err
    assert "is not valid UTF-8 text. [run.text_not_utf8]" in err
    assert _chat_names(data) == []


def test_an_unwritable_runs_folder_leaves_no_message_pointing_at_a_missing_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "script.json"
    script.write_text('{"turns": {}}', encoding="utf-8")
    data = tmp_path / "data"
    data.mkdir()
    (data / "runs").write_text("not a folder", encoding="utf-8")  # fails for root too, unlike chmod
    assert main(["run", "--agent", "finalizer", "--prompt", "x", "--chat", "c", "--script", str(script),
                 "--data-dir", str(data)]) == 2
    err = capsys.readouterr().err
    assert "Cannot create the run's folder" in err and "[run.storage_unwritable]" in err
    assert _chat_names(data) == []
