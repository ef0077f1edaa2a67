"""What each agent saw: ``relay-studio turns RUN --explain [--json]`` splits every request by source, each
story library entry with the key and message that brought it in, the chat history with what was left out."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from relay_studio.api import Agent, Studio
from relay_studio.cli import main
from relay_studio.domain.enums import RunStatus
from relay_studio.providers.scripted import ScriptedProvider, load_script
from tests.integration.test_library_tools import _finish, _librarian, _seed
from tests.support import Harness, call, handoff, profile, write


async def _relay(harness: Harness) -> str:
    """Two runs in one chat: the second's writer keeps one chat message of two and hands on with a brief
    naming the ship; the final editor sees the whole chat."""
    _seed(harness)
    profiles = _librarian(instructions={"taskPrompt": "Keep British spelling."})
    profiles["writer"] = profile("writer", context={"chatHistoryMessages": 1}, delegation={"callable": False})
    first = {"writer": [{"toolCalls": [handoff("final-editor", "Finish it.")]}], "final-editor": [_finish()]}
    await harness.run("writer", first, profiles=profiles, prompt="Saltmarsh at dawn.", chat="story")
    second = {"writer": [{"toolCalls": [call("workspace_read_file", {"path": "output/main.md"})]},
                         {"toolCalls": [handoff("final-editor", "Polish it; keep the Heron's silver hull.")]}],
              "final-editor": [_finish()]}
    run_id, status = await harness.run("writer", second, profiles=profiles, prompt="Now Captain Mira leaves port.",
                                       chat="story")
    assert status is RunStatus.COMPLETED
    return run_id


async def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert await asyncio.to_thread(main, list(argv)) == 0
    return capsys.readouterr().out


async def test_turns_explain_json_splits_each_request_by_source_with_reasons(
        harness: Harness, capsys: pytest.CaptureFixture[str]) -> None:
    run_id = await _relay(harness)
    out = await _cli(capsys, "turns", run_id, "--explain", "--json", "--data-dir", str(harness.data_dir))
    items = json.loads(out)
    assert len(items) == len(list(harness.runtime.runs.iter_model_turns(run_id))) == 3  # one object per request
    for item in items:
        assert {"agent", "connection", "model", "tokens", "parts"} <= set(item)
        assert all(set(p) == {"source", "name", "tokens", "reason"} for p in item["parts"])
        assert abs(sum(p["tokens"] for p in item["parts"]) - item["tokens"]) <= 0.02 * item["tokens"]
        assert all(p["reason"] for p in item["parts"])
    writer, writer_again, final = items
    assert writer["agent"] == "Writer" and final["agent"] == "Final Editor"

    def parts(item: dict[str, object], source: str) -> dict[str, str]:
        return {p["name"]: p["reason"] for p in item["parts"] if p["source"] == source}  # type: ignore[attr-defined]

    assert parts(writer, "story library") == {
        "section note": "introduces the entries below", "Tides": "always included (its alwaysInclude setting)",
        "Mira": "'Mira' in your message"}
    assert parts(final, "story library")["Heron"] == "'Heron' in the handoff brief"
    assert parts(final, "story library")["Saltmarsh"] == "'Saltmarsh' in chat history, message 1"
    assert parts(writer, "chat history")["left out"] == (
        "1 earlier messages left out: the profile sends the last 1 messages")
    assert set(parts(final, "input")) == {"your message", "the handoff brief"}
    assert "11 tools" in parts(writer, "tool definitions")
    assert parts(writer_again, "tool results") == {"workspace_read_file": "what the agent's tool calls returned"}
    assert "profile instructions" not in {p["source"] for p in writer["parts"]}
    assert parts(final, "profile instructions") == {"Standing instructions": "the profile's standing instructions"}


async def test_turns_explain_prints_a_plain_text_form(harness: Harness, capsys: pytest.CaptureFixture[str]) -> None:
    run_id = await _relay(harness)
    out = await _cli(capsys, "turns", run_id, "--explain", "--data-dir", str(harness.data_dir))
    heads = [line for line in out.splitlines() if not line.startswith(" ")]
    assert [h.split("  ")[0] for h in heads] == ["Writer", "Writer", "Final Editor"]
    assert "story library      Mira  — 'Mira' in your message" in out


async def test_the_python_api_explains_a_run_as_the_cli_does(tmp_path: Path) -> None:
    writer = Agent(name="Writer", instructions="You write.", tools=["workspace.write_file", "workspace.commit",
                                                                     "workspace.finish"])
    turns = {"writer": [{"toolCalls": [write("output/main.md", "Done."), call("workspace_commit"),
                                       call("workspace_finish")]}]}
    async with Studio(tmp_path / "data", provider=ScriptedProvider(load_script({"turns": turns}))) as studio:
        result = await studio.run(writer, "Write a scene.")
        explained = studio.explain(result.run_id)
    assert [x.agent for x in explained] == ["Writer"]
    assert [p.source for p in explained[0].parts][:1] == ["system prompt"]
    assert {"input", "tool definitions"} <= {p.source for p in explained[0].parts}
    assert result.stages == ["writer"] and result.payloads[0].type == "run_created"
