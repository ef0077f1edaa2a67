"""Test support: profiles built in code, a runtime on a real SQLite file, journal queries."""

from __future__ import annotations

import ast
import asyncio
import copy
import functools
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.events import Event
from relay_studio.domain.profile import AgentProfile, parse_profile
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.approval import Approver
from relay_studio.runtime.context import RunSettings
from relay_studio.runtime.engine import RunHandle, Runtime

PACKAGE = Path(__file__).resolve().parents[1] / "desktop" / "relay_studio"

ALL_FOREGROUND = [
    "agent.list", "agent.handoff", "agent.delegate", "agent.await", "workspace.list_files",
    "workspace.search_files", "workspace.read_file", "workspace.write_file", "workspace.apply_patch",
    "workspace.commit", "workspace.finish",
]


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def profile_dict(pid: str, **over: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "id": pid,
        "displayName": pid.replace("-", " ").title(),
        "description": f"The {pid} agent.",
        "model": {"mode": "connection", "connection": "test", "model": "scripted", "retryIntervalSeconds": 0.01},
        "tools": {"allow": list(ALL_FOREGROUND)},
        "delegation": {"canHandoff": True, "canDelegate": True, "callable": True, "allowAsHandoffTarget": True,
                       "allowAsSubagent": True, "descriptionForAgents": f"I am {pid}."},
    }
    return _merge(base, over)


def profile(pid: str, **over: Any) -> AgentProfile:
    return parse_profile(profile_dict(pid, **over))


def relay_profiles() -> dict[str, AgentProfile]:
    """writer -> editor -> finalizer, the relay of docs/runtime.md, plus a researcher helper."""
    return {
        p.id: p
        for p in (
            profile("writer", tools={"allow": [t for t in ALL_FOREGROUND if t != "workspace.finish"]},
                    delegation={"callable": False, "allowAsHandoffTarget": False, "allowAsSubagent": False}),
            profile("editor", tools={"allow": ["workspace.read_file", "workspace.write_file",
                                               "workspace.apply_patch", "workspace.commit", "agent.handoff"]},
                    delegation={"canDelegate": False, "allowAsSubagent": False},
                    instructions={"systemPrompt": "You are the Editor. Tighten prose."}),
            profile("final-editor", displayName="Final Editor",
                    tools={"allow": ["workspace.read_file", "workspace.write_file", "workspace.commit",
                                     "workspace.finish"]},
                    delegation={"canHandoff": False, "canDelegate": False, "allowAsSubagent": False}),
            profile("researcher", tools={"allow": ["workspace.read_file", "workspace.write_file",
                                                   "workspace.commit", "workspace.finish"]},
                    delegation={"canHandoff": False, "canDelegate": False, "allowAsHandoffTarget": False},
                    run={"directRunnable": False}),
        )
    }


def call(name: str, arguments: Any = None) -> dict[str, Any]:
    return {"name": name, "arguments": {} if arguments is None else arguments}


def write(path: str, content: str) -> dict[str, Any]:
    return call("workspace_write_file", {"path": path, "content": content})


def handoff(agent_id: str, objective: str = "Continue the work.", **brief: Any) -> dict[str, Any]:
    return call("agent_handoff", {"agentId": agent_id, "handoff": {"objective": objective, **brief}})


class Harness:
    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.runtime = Runtime(data_dir)
        self.provider: ScriptedProvider | None = None

    async def start(self, agent: str, turns: dict[str, list[dict[str, Any]]], *,
                    profiles: dict[str, AgentProfile] | None = None, prompt: str = "Write a scene.",
                    chat: str = "test chat", settings: RunSettings | None = None,
                    approver: Approver | None = None) -> RunHandle:
        self.provider = ScriptedProvider(load_script({"turns": turns}))
        provider = self.provider
        return await self.runtime.start_run(
            agent_id=agent, prompt=prompt, provider_for=lambda _p: provider, chat=chat,
            profiles=profiles if profiles is not None else relay_profiles(), settings=settings, approver=approver,
        )

    async def run(self, agent: str, turns: dict[str, list[dict[str, Any]]], **kw: Any) -> tuple[str, RunStatus]:
        handle = await self.start(agent, turns, **kw)
        return handle.run_id, await handle.wait()

    def events(self, run_id: str) -> list[Event]:
        return self.runtime.runs.events(run_id)

    def types(self, run_id: str) -> list[str]:
        return [e.type for e in self.events(run_id)]

    def of_type(self, run_id: str, type_: str) -> list[Event]:
        return [e for e in self.events(run_id) if e.type == type_]

    def tool_results(self, run_id: str) -> list[dict[str, Any]]:
        return [e.payload for e in self.of_type(run_id, "tool_call_completed")]

    def error_codes(self, run_id: str) -> list[str]:
        return [p["errorCode"] for p in self.tool_results(run_id) if p["isError"]]

    def file(self, run_id: str, rel: str) -> str:
        return (self.runtime.workspace_dir(run_id) / rel).read_text(encoding="utf-8")

    def close(self) -> None:
        self.runtime.close()


#: how long a test waits for a condition before it fails: generous, because a wait ends the moment its condition
#: holds and only a broken feature uses it up, while a machine busy with other work can be many times slower
WAIT_SECONDS = 30.0


async def until(predicate: Callable[[], object], seconds: float = WAIT_SECONDS, what: str = "condition") -> None:
    """Polls ``predicate`` on the running loop (never a nested one) until it holds; raises when ``seconds``
    pass without it, naming ``what`` it waited for. The one wait helper of the tests."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not predicate():
        if loop.time() > deadline:
            raise AssertionError(f"timed out after {seconds:g} s waiting for {what}")
        await asyncio.sleep(0.005)


async def settle(turns: int = 1, seconds: float = 0.02) -> None:
    """Lets the running loop turn ``turns`` times: Qt's posted events (layouts, deferred deletes, paints) and the
    other tasks run while this one waits. Never ``processEvents()`` inside a coroutine: on qasync it steps other
    tasks inside this one ("Cannot enter into task ..."), the step is lost and a fixture's teardown can wait for
    that task forever (``tests/unit/test_test_rules.py`` forbids it)."""
    for _ in range(turns):
        await asyncio.sleep(seconds)


def until_blocking(predicate: Callable[[], object], seconds: float = WAIT_SECONDS, what: str = "condition",
                   interval: float = 0.05) -> None:
    """``until`` for a test that runs no event loop (it waits for other processes): polls ``predicate``
    until it holds, and raises naming ``what`` when ``seconds`` pass without it."""
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {seconds:g} s waiting for {what}")
        time.sleep(interval)


def is_subsequence(needle: list[str], haystack: list[str]) -> bool:
    it = iter(haystack)
    return all(any(x == y for y in it) for x in needle)


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


@functools.cache
def package_sources() -> tuple[tuple[Path, str, ast.Module], ...]:
    """(path, text, syntax tree) of every module of the package, read and parsed once per test session
    (the layering, cycle, contract and façade checks all walk them; the files do not change meanwhile)."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        out.append((path, text, ast.parse(text)))
    return tuple(out)
