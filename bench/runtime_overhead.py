"""Per-model-turn overhead of the relay runtime, and the same chain on the OpenAI Agents SDK.

The chain is writer -> editor -> finalizer: each agent takes N model turns with one cheap tool call
each, then one more turn that hands off (writer, editor) or ends the run (finalizer). That is
``3 * (N + 1)`` model turns on both sides.

* Ours: ``Runtime`` on the scripted provider, a fresh data dir (real SQLite file, WAL journal) per
  repetition. The writer's first tool turn writes ``output/main.md`` and its last one commits, so
  the finalizer can end with ``workspace_finish``; every other tool turn reads or lists files.
* Theirs (when the ``bench`` extra is installed): ``agents.Runner.run`` with one
  ``agents.testing.ScriptedModel`` per agent, trivial ``@function_tool`` tools over a dict, the
  default ``transfer_to_<agent>`` handoffs, and a final text output. Tracing is disabled and no
  request leaves the machine.

Overhead per model turn = wall time of one run / model turns (the scripted models answer at once,
so all of it is framework time). Differences that remain by design: ours ends with a
``workspace_finish`` tool call where theirs ends on text (one more tool call on our side); the SDK's
default handoff passes the whole conversation to the next agent while ours gives the target only
its brief, so the SDK's per-turn cost grows with N and the ratio depends on ``--tool-calls``. The
time to open a runtime on a fresh data dir (schema creation) is printed apart and not counted.

Medians over ``--reps`` after one warm-up. This script measures and
prints; it never passes or fails on a time. It does abort if a run does not complete as scripted.

    python bench/runtime_overhead.py [--tool-calls N] [--reps R] [--json] [--profile]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.profile import AgentProfile, parse_profile
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.context import RunSettings
from relay_studio.runtime.engine import Runtime

AGENTS = ("writer", "editor", "finalizer")
TARGET_RATIO = 0.5


class BenchError(RuntimeError):
    """A run did not go as scripted: the figures would be meaningless."""


@dataclass
class Sample:
    wall_s: float
    turns: int
    tool_calls: int
    open_s: float = 0.0  # ours only: Runtime() on a fresh data dir (schema), outside wall_s

    @property
    def per_turn_us(self) -> float:
        return self.wall_s / self.turns * 1e6


@dataclass
class Summary:
    side: str
    reps: int
    turns: int
    tool_calls: int
    median_wall_ms: float
    median_open_ms: float
    median_per_turn_us: float
    min_per_turn_us: float
    max_per_turn_us: float


def summarize(side: str, samples: list[Sample]) -> Summary:
    per_turn = [s.per_turn_us for s in samples]
    return Summary(
        side=side,
        reps=len(samples),
        turns=samples[0].turns,
        tool_calls=samples[0].tool_calls,
        median_wall_ms=statistics.median(s.wall_s for s in samples) * 1e3,
        median_open_ms=statistics.median(s.open_s for s in samples) * 1e3,
        median_per_turn_us=statistics.median(per_turn),
        min_per_turn_us=min(per_turn),
        max_per_turn_us=max(per_turn),
    )


def cheap_call_names(agent: str, n: int) -> list[str]:
    """The tool of each of an agent's N tool turns, the same on both sides (by intent)."""
    names = ["read_file" if i % 2 == 0 else "list_files" for i in range(n)]
    if agent == "writer" and n >= 1:
        names[0] = "write_file"
    return names


# -- ours ------------------------------------------------------------------------------------------


def _profile_dict(
    pid: str, allow: list[str], *, max_rounds: int, can_handoff: bool, target: bool
) -> dict[str, Any]:
    return {
        "id": pid,
        "displayName": pid.title(),
        "description": f"The {pid} agent.",
        "model": {"mode": "connection", "connection": "bench", "model": "scripted",
                  "retryIntervalSeconds": 0.01},
        "tools": {"allow": allow, "maxRounds": max_rounds},
        "delegation": {
            "canHandoff": can_handoff,
            "canDelegate": False,
            "callable": target,
            "allowAsHandoffTarget": target,
            "allowAsSubagent": False,
            "descriptionForAgents": f"I am the {pid}.",
        },
    }


def relay_profiles(n: int) -> dict[str, AgentProfile]:
    rounds = min(1000, n + 5)
    reads = ["workspace.read_file", "workspace.list_files", "workspace.write_file"]
    profiles = [
        parse_profile(_profile_dict("writer", [*reads, "workspace.commit", "agent.handoff"],
                                    max_rounds=rounds, can_handoff=True, target=False)),
        parse_profile(_profile_dict("editor", [*reads, "agent.handoff"],
                                    max_rounds=rounds, can_handoff=True, target=True)),
        parse_profile(_profile_dict("finalizer", [*reads, "workspace.finish"],
                                    max_rounds=rounds, can_handoff=False, target=True)),
    ]
    return {p.id: p for p in profiles}


def _ours_call(name: str) -> dict[str, Any]:
    if name == "write_file":
        return {"name": "workspace_write_file",
                "arguments": {"path": "output/main.md", "content": "The lamp lit."}}
    if name == "read_file":
        return {"name": "workspace_read_file", "arguments": {"path": "output/main.md"}}
    return {"name": "workspace_list_files", "arguments": {"path": "output"}}


def relay_script(n: int) -> dict[str, Any]:
    turns: dict[str, list[dict[str, Any]]] = {}
    for agent in AGENTS:
        calls = [_ours_call(name) for name in cheap_call_names(agent, n)]
        closing: list[dict[str, Any]] = []
        if agent == "writer":
            # The finalizer may only finish on a commit: the writer's last tool turn commits
            # (with fewer than two tool turns, the handoff turn writes and commits as needed).
            commit = {"name": "workspace_commit", "arguments": {}}
            if n >= 2:
                calls[-1] = commit
            else:
                closing = [*([] if n == 1 else [_ours_call("write_file")]), commit]
        agent_turns: list[dict[str, Any]] = [{"toolCalls": [c]} for c in calls]
        if agent == "finalizer":
            last = {"name": "workspace_finish", "arguments": {"summary": "Done."}}
        else:
            nxt = AGENTS[AGENTS.index(agent) + 1]
            last = {"name": "agent_handoff",
                    "arguments": {"agentId": nxt, "handoff": {"objective": "Continue."}}}
        agent_turns.append({"toolCalls": [*closing, last]})
        turns[agent] = agent_turns
    return {"turns": turns}


async def run_ours_once(n: int, base: Path, profiler: cProfile.Profile | None = None) -> Sample:
    profiles = relay_profiles(n)
    provider = ScriptedProvider(load_script(relay_script(n)))
    expected_turns = 3 * (n + 1)
    settings = RunSettings(max_total_rounds=expected_turns + 10)
    with tempfile.TemporaryDirectory(prefix="relay-bench-", dir=base) as tmp:
        opening = time.perf_counter()
        runtime = Runtime(Path(tmp) / "data")
        opened = time.perf_counter() - opening
        try:
            if profiler is not None:
                profiler.enable()
            started = time.perf_counter()
            handle = await runtime.start_run(
                agent_id="writer", prompt="Write a short scene.", provider_for=lambda _p: provider,
                chat="bench", profiles=profiles, settings=settings,
            )
            status = await handle.wait()
            wall = time.perf_counter() - started
            if profiler is not None:
                profiler.disable()
            if status is not RunStatus.COMPLETED:
                events = runtime.runs.events(handle.run_id)
                tail = [(e.type, e.payload) for e in events[-6:]]
                raise BenchError(f"ours: the run ended {status.value}, not completed; last events: {tail}")
            turns = len(provider.requests)
            stored = len(runtime.runs.model_turns(handle.run_id))
            leftover = {a: provider.remaining(a) for a in AGENTS if provider.remaining(a)}
            if turns != expected_turns or stored != turns or leftover:
                raise BenchError(f"ours: {turns} model turns ({stored} stored), expected {expected_turns}; "
                                 f"unused script turns: {leftover}")
            tool_calls = sum(len(turn["response"]["tool_calls"])
                             for turn in runtime.runs.model_turns(handle.run_id))
        finally:
            runtime.close()
    return Sample(wall_s=wall, turns=turns, tool_calls=tool_calls, open_s=opened)


# -- theirs ----------------------------------------------------------------------------------------

TheirsRunner = Callable[[], Awaitable[Sample]]


def make_theirs(n: int) -> TheirsRunner | str:
    """A runner for the SDK chain, or the reason the comparison is skipped."""
    os.environ.setdefault("OPENAI_API_KEY", "sk-bench-dummy-never-sent")
    os.environ.setdefault("OPENAI_AGENTS_DISABLE_TRACING", "1")
    try:
        import agents
        from agents import Agent, Runner, function_tool, handoff
        from agents.testing import ScriptedModel, assistant_message, function_call
    except ImportError as exc:
        return f"openai-agents is not importable ({exc}); install the 'bench' extra"
    agents.set_tracing_disabled(True)

    files: dict[str, str] = {}

    @function_tool
    def read_file(path: str) -> str:
        """Read a workspace file."""
        return files.get(path, "")

    @function_tool
    def list_files(path: str) -> str:
        """List workspace files under a folder."""
        return "\n".join(sorted(p for p in files if p.startswith(path)))

    @function_tool
    def write_file(path: str, content: str) -> str:
        """Write a workspace file."""
        files[path] = content
        return f"Wrote {path}."

    tools = [read_file, list_files, write_file]
    arguments: dict[str, dict[str, str]] = {
        "write_file": {"path": "output/main.md", "content": "The lamp lit."},
        "read_file": {"path": "output/main.md"},
        "list_files": {"path": "output"},
    }
    expected_turns = 3 * (n + 1)

    async def run_once() -> Sample:
        files.clear()
        models = {a: ScriptedModel() for a in AGENTS}
        finalizer = Agent(name="finalizer", instructions="Finish the work.", tools=list(tools),
                          model=models["finalizer"])
        editor = Agent(name="editor", instructions="Edit the draft.", tools=list(tools),
                       model=models["editor"], handoffs=[handoff(finalizer)])
        writer = Agent(name="writer", instructions="Write a draft.", tools=list(tools),
                       model=models["writer"], handoffs=[handoff(editor)])
        by_name = {"writer": writer, "editor": editor, "finalizer": finalizer}
        for agent_name in AGENTS:
            steps: list[Any] = [
                [function_call(name, arguments[name], call_id=f"call_{agent_name}_{i}")]
                for i, name in enumerate(cheap_call_names(agent_name, n))
            ]
            if agent_name == "finalizer":
                steps.append([assistant_message("Done.")])
            else:
                target = by_name[AGENTS[AGENTS.index(agent_name) + 1]]
                tool_name = handoff(target).tool_name
                steps.append([function_call(tool_name, {}, call_id=f"call_{agent_name}_handoff")])
            models[agent_name].extend(steps)

        started = time.perf_counter()
        result = await Runner.run(writer, "Write a short scene.", max_turns=expected_turns + 10)
        wall = time.perf_counter() - started

        turns = len(result.raw_responses)
        if result.last_agent is not finalizer or result.final_output != "Done.":
            raise BenchError(f"theirs: ended on {result.last_agent.name} with {result.final_output!r}")
        for model in models.values():
            model.assert_complete()
        if turns != expected_turns:
            raise BenchError(f"theirs: {turns} model turns, expected {expected_turns}")
        tool_calls = sum(1 for r in result.raw_responses for item in r.output
                         if getattr(item, "type", "") == "function_call")
        return Sample(wall_s=wall, turns=turns, tool_calls=tool_calls)

    return run_once


# -- driver ----------------------------------------------------------------------------------------


def print_summary(s: Summary) -> None:
    print(f"  {s.side:<7} {s.turns} model turns, {s.tool_calls} tool calls; "
          f"median run {s.median_wall_ms:8.2f} ms; per model turn median {s.median_per_turn_us:9.1f} us "
          f"(min {s.min_per_turn_us:.1f}, max {s.max_per_turn_us:.1f})")
    if s.side == "ours":
        print(f"          (opening the runtime on a fresh data dir, not counted above: {s.median_open_ms:.2f} ms)")


async def profile_ours(n: int, base: Path, top: int) -> str:
    profiler = cProfile.Profile()
    await run_ours_once(n, base, profiler)
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


async def main_async(args: argparse.Namespace) -> int:
    n: int = args.tool_calls
    reps: int = args.reps
    result: dict[str, Any] = {"toolCallsPerAgent": n, "reps": reps, "targetRatio": TARGET_RATIO}
    print(f"runtime overhead: writer -> editor -> finalizer, {n} tool turns per agent + 1 handoff/end turn; "
          f"median of {reps} reps after 1 warm-up")
    with tempfile.TemporaryDirectory(prefix="relay-bench-") as tmp:
        base = Path(tmp)
        await run_ours_once(n, base)  # warm-up
        ours = summarize("ours", [await run_ours_once(n, base) for _ in range(reps)])
        print_summary(ours)
        result["ours"] = asdict(ours)

        theirs_runner = make_theirs(n)
        if isinstance(theirs_runner, str):
            print(f"  theirs  skipped: {theirs_runner}")
            result["theirs"] = None
            result["skipped"] = theirs_runner
        else:
            await theirs_runner()  # warm-up
            theirs = summarize("theirs", [await theirs_runner() for _ in range(reps)])
            print_summary(theirs)
            ratio = ours.median_per_turn_us / theirs.median_per_turn_us
            print(f"  ratio ours/theirs per model turn: {ratio:.2f} (target: at or below {TARGET_RATIO})")
            result["theirs"] = asdict(theirs)
            result["ratio"] = ratio

        if args.profile:
            print(await profile_ours(n, base, args.profile_top))
    if args.json:
        print(json.dumps(result, indent=2))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tool-calls", type=int, default=10, help="tool turns per agent (default 10)")
    parser.add_argument("--reps", type=int, default=7, help="timed repetitions per side (default 7)")
    parser.add_argument("--json", action="store_true", help="also print a JSON summary")
    parser.add_argument("--profile", action="store_true", help="also cProfile one run of ours")
    parser.add_argument("--profile-top", type=int, default=25, help="rows of the profile to print")
    args = parser.parse_args(argv)
    if args.tool_calls < 0 or args.reps < 1:
        parser.error("--tool-calls must be >= 0 and --reps >= 1")
    try:
        return asyncio.run(main_async(args))
    except BenchError as exc:
        print(f"benchmark aborted: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
