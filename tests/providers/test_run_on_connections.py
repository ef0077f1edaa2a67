"""Runs from the CLI on real connections (a loopback model server): the built-in relay on the default
connection, and only the root's binding checked at start, a target's when it is chosen."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from relay_studio.cli import main
from tests.providers.conftest import LoopbackServer, Reply
from tests.providers.test_relay_over_http import openai_turn
from tests.support import profile_dict


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    srv = LoopbackServer()
    yield srv
    srv.stop()
    assert not srv.unexpected, srv.unexpected


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _add_server(capsys: pytest.CaptureFixture[str], data: Path, server: LoopbackServer, cid: str = "box") -> None:
    code, _, err = _cli(capsys, "connections", "add", cid, "--kind", "openai_compatible",
                        "--base-url", server.url + "/v1", "--model", "tiny", "--data-dir", str(data))
    assert code == 0, err


def _events(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines()]


def test_the_builtin_relay_runs_on_the_first_connection_added(
    tmp_path: Path, server: LoopbackServer, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    _add_server(capsys, data, server)
    turns = [
        [("workspace_write_file", {"path": "output/main.md", "content": "The lamp flickered."})],
        [("workspace_commit", {}), ("agent_handoff", {"agentId": "editor", "handoff": {"objective": "Edit."}})],
        [("agent_handoff", {"agentId": "finalizer", "handoff": {"objective": "Finish."}})],
        [("workspace_finish", {"summary": "Done."})],
    ]
    server.add(*(Reply(body=openai_turn(calls, i)) for i, calls in enumerate(turns)))
    code, out, err = _cli(capsys, "run", "--agent", "writer", "--prompt", "A scene.", "--jsonl",
                          "--data-dir", str(data))
    assert code == 0, err
    result = _events(out)[-1]
    assert result["status"] == "completed" and result["committedMessage"] == "The lamp flickered."
    assert {r.body["model"] for r in server.requests} == {"tiny"}, "the connection's remembered model"


def _profiles(folder: Path) -> Path:
    folder.mkdir()
    solo = profile_dict("solo", model={"mode": "connection", "connection": "box", "model": "tiny"},
                        delegation={"canDelegate": False, "callable": False, "allowAsHandoffTarget": False,
                                    "allowAsSubagent": False},
                        tools={"allow": ["workspace.write_file", "workspace.commit", "workspace.finish",
                                         "agent.handoff", "agent.list"]})
    stranded = profile_dict("stranded", model={"mode": "connection", "connection": "gone", "model": "big"},
                            tools={"allow": ["workspace.finish", "workspace.commit"]},
                            delegation={"canHandoff": False, "canDelegate": False, "allowAsSubagent": False})
    for p in (solo, stranded):
        (folder / f"{p['id']}.json").write_text(json.dumps(p), encoding="utf-8")
    return folder


def test_a_profile_the_run_does_not_start_with_may_lack_its_connection(
    tmp_path: Path, server: LoopbackServer, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    _add_server(capsys, data, server)
    folder = _profiles(tmp_path / "profiles")
    turns = [
        [("agent_list", {})],
        [("workspace_write_file", {"path": "output/main.md", "content": "Alone."}), ("workspace_commit", {}),
         ("agent_handoff", {"agentId": "stranded", "handoff": {"objective": "Take over."}})],
        [("workspace_finish", {"summary": "Finished it myself."})],
    ]
    server.add(*(Reply(body=openai_turn(calls, i)) for i, calls in enumerate(turns)))
    code, out, err = _cli(capsys, "run", "--agent", "solo", "--prompt", "Go.", "--profiles", str(folder),
                          "--jsonl", "--data-dir", str(data))
    assert code == 0, err
    events = _events(out)
    done = [e["payload"] for e in events if e.get("type") == "tool_call_completed"]
    listing = next(p for p in done if p["name"] == "agent_list")  # type: ignore[index]
    handoff = next(p for p in done if p["name"] == "agent_handoff")  # type: ignore[index]
    assert handoff["errorCode"] == "agent.target_requires_configuration"  # type: ignore[index]
    assert "Stranded" not in json.dumps(listing), "a target without a usable model is not offered"
    tool_result = server.requests[2].body["messages"][-1]
    assert tool_result["role"] == "tool" and "Choose another agent" in tool_result["content"]
    assert "gone" not in tool_result["content"], "the model never hears connection names"
    assert events[-1]["status"] == "completed" and events[-1]["committedMessage"] == "Alone."


def test_the_root_without_its_connection_cannot_start_and_nothing_is_written(
    tmp_path: Path, server: LoopbackServer, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    _add_server(capsys, data, server)
    folder = _profiles(tmp_path / "profiles")
    code, _, err = _cli(capsys, "run", "--agent", "stranded", "--prompt", "Go.", "--profiles", str(folder),
                        "--data-dir", str(data))
    assert code == 2 and err.startswith("error: There is no connection 'gone'.")
    assert "relay-studio connections add" in err and "local-ollama" not in err
    code, out, _ = _cli(capsys, "runs", "--json", "--data-dir", str(data))
    assert json.loads(out) == []
