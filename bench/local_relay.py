"""The built-in relay on a local model: llama.cpp's ``llama-server`` with Gemma 3 270M, ours against the Agents SDK.

    python bench/local_relay.py                        # 3 runs per side on a llama-server it starts itself
    python bench/local_relay.py --runs 1 --run-timeout 300 --json
    python bench/local_relay.py --base-url http://127.0.0.1:8080/v1 --model NAME   # a server already running
    python bench/local_relay.py --server llama-cpp-python --ours-only   # llama-cpp-python's server, the studio alone

Ours is the studio as a creator runs it: a fresh data folder per run, ``relay-studio connections add llama
--kind openai_compatible --base-url URL --model gemma3-270m`` (it becomes the default connection), then
``relay-studio run --agent writer --prompt PROMPT --jsonl``: the built-in writer -> editor -> finalizer
profiles, nothing changed. Its figures come from the journal afterwards (``relay-studio events RUN
--jsonl``): the run's end, and each ``model_call_completed``'s usage (``input_tokens`` counts every prompt
token, ``cached_tokens`` those llama-server took from its prompt cache; evaluated = input - cached).

The peer, in the same run and on the same server: the OpenAI Agents SDK's handoff chain, ``Agent``s writer ->
editor -> finalizer (``handoffs=[...]``, the SDK's ``transfer_to_<agent>`` tools), each on
``OpenAIChatCompletionsModel`` with ``AsyncOpenAI(base_url=URL, api_key="x")``, with the built-in profiles'
instructions (``You are <name>. <description>`` and the profile's standing instructions, as the studio's
prompt begins and ends), their temperatures, the same prompt, and three file tools over a dict (read, write,
list) standing in for the workspace. Tracing is disabled; nothing leaves the machine. Its usage is read in
``RunHooks.on_llm_end`` per call. It "completes" only when its last agent is the finalizer and that agent
produced a non-empty final output.

Both sides get the same budget: ``--max-total-rounds`` model calls (the studio's ``run --max-total-rounds``,
the SDK's ``max_turns``) and ``--run-timeout`` seconds of wall time; a run over time is cancelled (the CLI
gets Ctrl+C and journals its end) and counts as not completed. The server is started with ``--n-predict``
(``--server-max-tokens``) so a call that never stops ends at that many tokens on both sides alike (a
request's own ``max_tokens`` overrides it).

Printed per side: completed n/runs, the median wall time, the median per run of prompt tokens evaluated and
taken from the cache, the cached share of the prompt tokens of every call after each stage's first (a stage
is one agent's turn in the relay: its first call cannot hit a prefix of its own), the median output tokens,
how each run ended, which stages it reached and which tools it called; then the ratios ours/theirs. The runs
share one server, so from the second run on a stage's first call may find its prompt (tools, system prompt,
the creator's message) in llama-server's cache from an earlier run, as a creator's next relay would: each
run's own figures are printed too (the first run starts cold). It measures and prints; it
never passes or fails. The model is tiny: whether a side completes says how well it guides a weak model.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.realserver: the build, the start/wait/stop

from tests.realserver import llama_server_build
from tests.realserver.servers import (
    LLAMA_CPP_PYTHON,
    LLAMA_SERVER,
    MODEL_ALIAS,
    free_port,
    gguf_file,
    llama_cpp_python_command,
    llama_server_command,
    serve,
)

from relay_studio.domain.profile import AgentProfile
from relay_studio.runtime.profile_catalog import builtin_profiles

ROOT = Path(__file__).resolve().parents[1]
AGENTS = ("writer", "editor", "finalizer")
PROMPT = "Write a short scene, about ten lines: a lighthouse keeper finds a letter in a bottle."


@dataclass
class Call:
    stage: int
    """Which stage of the run made it (0, 1, 2, ... in the order the agents took over)."""
    agent: str
    input_tokens: int
    cached_tokens: int
    output_tokens: int
    tools: list[str] = field(default_factory=list)
    """The tools the call asked for (handoffs included)."""


@dataclass
class Run:
    completed: bool
    wall_s: float
    ended: str
    """How the run ended: the run's status and error code, or the SDK's exception."""
    stages: list[str] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)

    @property
    def evaluated(self) -> int:
        return sum(c.input_tokens - c.cached_tokens for c in self.calls)

    @property
    def cached(self) -> int:
        return sum(c.cached_tokens for c in self.calls)

    @property
    def output(self) -> int:
        return sum(c.output_tokens for c in self.calls)

    def later_calls(self) -> list[Call]:
        """Every call but the first of each stage."""
        seen: set[int] = set()
        later = []
        for call in self.calls:
            if call.stage in seen:
                later.append(call)
            seen.add(call.stage)
        return later


Row = tuple[str, str, int, int, int, list[str]]


def stage_calls(agents_in_order: list[Row]) -> tuple[list[str], list[Call]]:
    """Calls as (stage key, agent, input, cached, output, tools) -> the stages' agents and numbered calls."""
    keys: list[str] = []
    stages: list[str] = []
    calls = []
    for key, agent, inp, cached, out, tools in agents_in_order:
        if key not in keys:
            keys.append(key)
            stages.append(agent)
        calls.append(Call(keys.index(key), agent, inp, cached, out, tools))
    return stages, calls


# -- ours: the CLI ---------------------------------------------------------------------------------


def _cli(data: Path, *argv: str, timeout: float = 120.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "relay_studio", *argv, "--data-dir", str(data)],
                          capture_output=True, text=True, timeout=timeout, check=False, stdin=subprocess.DEVNULL,
                          env=_cli_env())


def _cli_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RELAY_STUDIO_API_KEY")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "desktop"), env.get("PYTHONPATH", "")) if p)
    return env


def run_ours(base_url: str, model: str, base: Path, max_rounds: int, timeout: float) -> Run:
    data = Path(tempfile.mkdtemp(prefix="relay-local-", dir=base))
    added = _cli(data, "connections", "add", "llama", "--kind", "openai_compatible", "--base-url", base_url,
                 "--model", model)
    if added.returncode != 0:
        return Run(False, 0.0, f"connections add failed: {added.stderr.strip()[:200]}")
    command = [sys.executable, "-m", "relay_studio", "run", "--agent", "writer", "--prompt", PROMPT, "--jsonl",
               "--max-total-rounds", str(max_rounds), "--data-dir", str(data)]
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               stdin=subprocess.DEVNULL, env=_cli_env())
    over_time = False
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        over_time = True
        process.send_signal(signal.SIGINT)  # Ctrl+C: the CLI cancels the run cleanly and journals it
        try:
            stdout, stderr = process.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            stdout, stderr = process.communicate()
    wall = time.perf_counter() - started
    lines = [json.loads(line) for line in stdout.splitlines() if line.startswith("{")]
    run_id = next((line.get("runId") for line in lines if line.get("runId")), None)
    if run_id is None:
        return Run(False, wall, f"no run started (exit {process.returncode}): {stderr.strip()[:200]}")
    journal = _cli(data, "events", run_id, "--jsonl")
    events = [json.loads(line) for line in journal.stdout.splitlines() if line.startswith("{")]
    status = next((e["type"] for e in reversed(events) if e["type"].startswith("run_")
                   and e["type"] not in ("run_created", "run_resumed")), "no end")
    error = next((e["payload"].get("code") or e["payload"].get("errorCode") for e in reversed(events)
                  if e["type"] in ("run_failed", "run_partial_success", "run_interrupted")), None)
    ended = status + (f" ({error})" if error else "") + (f", over {timeout:.0f} s" if over_time else "")
    rows: list[Row] = [
        (str(e.get("invocationId")), str(e["payload"]["agentId"]), int(e["payload"]["usage"]["input_tokens"]),
         int(e["payload"]["usage"]["cached_tokens"]), int(e["payload"]["usage"]["output_tokens"]),
         [str(name) for name in e["payload"].get("toolCalls") or []])
        for e in events if e["type"] == "model_call_completed"]
    stages, calls = stage_calls(rows)
    return Run(status == "run_completed", wall, ended, stages, calls)


# -- theirs: the OpenAI Agents SDK -------------------------------------------------------------------


def instructions(profile: AgentProfile) -> str:
    """What the studio's prompt for this profile begins and ends with, without its tool guidance."""
    text = f"You are {profile.display_name}."
    if profile.description:
        text += f" {profile.description}"
    task = profile.instructions.task_prompt
    return text + (f"\n\n{task.strip()}" if task and task.strip() else "")


def run_theirs(base_url: str, model_name: str, max_rounds: int, timeout: float) -> Run:
    os.environ.setdefault("OPENAI_AGENTS_DISABLE_TRACING", "1")
    import agents
    from agents import Agent, ModelSettings, OpenAIChatCompletionsModel, RunHooks, Runner, function_tool
    from openai import AsyncOpenAI

    agents.set_tracing_disabled(True)
    profiles = {p.id: p for p in builtin_profiles()}
    files: dict[str, str] = {}

    @function_tool
    def read_file(path: str) -> str:
        """Read a file of the shared workspace."""
        return files.get(path, f"No file {path}.")

    @function_tool
    def write_file(path: str, content: str) -> str:
        """Write (or replace) a file of the shared workspace."""
        files[path] = content
        return f"Wrote {path}."

    @function_tool
    def list_files(folder: str) -> str:
        """List the files of the shared workspace under a folder."""
        return "\n".join(sorted(p for p in files if p.startswith(folder))) or "No files."

    calls: list[Row] = []
    last_agent = {"name": ""}
    stage_of = {"n": 0}

    class Usage(RunHooks[Any]):
        async def on_llm_end(self, context: Any, agent: Any, response: Any) -> None:
            if agent.name != last_agent["name"]:
                stage_of["n"] += 1
                last_agent["name"] = agent.name
            usage = response.usage
            cached = getattr(getattr(usage, "input_tokens_details", None), "cached_tokens", 0) or 0
            tools = [str(item.name) for item in response.output if getattr(item, "type", "") == "function_call"]
            calls.append((str(stage_of["n"]), agent.name, int(usage.input_tokens), int(cached),
                          int(usage.output_tokens), tools))

    client = AsyncOpenAI(base_url=base_url, api_key="x", max_retries=0)
    model = OpenAIChatCompletionsModel(model=model_name, openai_client=client)

    def agent(pid: str, handoffs: list[Any]) -> Any:
        profile = profiles[pid]
        return Agent(name=pid, instructions=instructions(profile), model=model, handoffs=handoffs,
                     tools=[read_file, write_file, list_files],
                     model_settings=ModelSettings(temperature=profile.model.temperature))

    finalizer = agent("finalizer", [])
    editor = agent("editor", [finalizer])
    writer = agent("writer", [editor])

    async def go() -> Any:
        return await asyncio.wait_for(Runner.run(writer, PROMPT, max_turns=max_rounds, hooks=Usage()), timeout)

    started = time.perf_counter()
    try:
        result = asyncio.run(go())
    except Exception as exc:  # any way the chain breaks is an outcome to print
        wall = time.perf_counter() - started
        stages, numbered = stage_calls(calls)
        return Run(False, wall, f"{type(exc).__name__}: {str(exc)[:160]}", stages, numbered)
    wall = time.perf_counter() - started
    stages, numbered = stage_calls(calls)
    output = str(result.final_output or "").strip()
    done = result.last_agent is finalizer and bool(output)
    ended = f"final output by {result.last_agent.name} ({len(output)} chars)"
    return Run(done, wall, ended, stages, numbered)


# -- driver -------------------------------------------------------------------------------------------


@dataclass
class Summary:
    side: str
    runs: int
    completed: int
    median_wall_s: float
    median_evaluated: float
    median_cached: float
    later_cached_share: float | None
    """Cached tokens / prompt tokens over every call after each stage's first, all runs together."""
    median_output: float
    calls: list[int]
    ended: list[str]
    stages: list[list[str]]
    per_run: list[str]
    """Each run's prompt tokens evaluated / cached, output tokens and tool calls."""


def summarize(side: str, runs: list[Run]) -> Summary:
    later = [c for r in runs for c in r.later_calls()]
    later_input = sum(c.input_tokens for c in later)
    return Summary(
        side=side, runs=len(runs), completed=sum(r.completed for r in runs),
        median_wall_s=statistics.median(r.wall_s for r in runs),
        median_evaluated=statistics.median(r.evaluated for r in runs),
        median_cached=statistics.median(r.cached for r in runs),
        later_cached_share=(sum(c.cached_tokens for c in later) / later_input) if later_input else None,
        median_output=statistics.median(r.output for r in runs),
        calls=[len(r.calls) for r in runs], ended=[r.ended for r in runs], stages=[r.stages for r in runs],
        per_run=[f"prompt tokens evaluated {r.evaluated} / cached {r.cached}, output {r.output}; tool calls: "
                 + (", ".join(t for c in r.calls for t in c.tools) or "none") for r in runs],
    )


def print_summary(s: Summary) -> None:
    share = "n/a (no stage made a second call)" if s.later_cached_share is None else f"{s.later_cached_share:.1%}"
    print(f"  {s.side:<6} completed {s.completed}/{s.runs}; median wall {s.median_wall_s:7.1f} s; "
          f"median prompt tokens evaluated {s.median_evaluated:7.0f} / cached {s.median_cached:7.0f}; "
          f"cached share after each stage's first call {share}; median output tokens {s.median_output:6.0f}")
    for i, (ended, stages, n, figures) in enumerate(zip(s.ended, s.stages, s.calls, s.per_run, strict=True), 1):
        print(f"         run {i}: {n} model calls, stages {' -> '.join(stages) or 'none'}; {ended}")
        print(f"                {figures}")


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}" if b else "n/a"


@contextmanager
def local_server(args: argparse.Namespace, base: Path) -> Iterator[tuple[str, str]]:
    if args.base_url:
        yield args.base_url.rstrip("/"), args.model
        return
    port = free_port()
    if args.server == LLAMA_CPP_PYTHON:  # its own chat format parses tool calls (chatml-function-calling)
        command = llama_cpp_python_command(gguf_file(), port)
        with serve(LLAMA_CPP_PYTHON, command, port, base / "llama-cpp-python.log") as server:
            print(f"llama-cpp-python's server on {server.base_url} (log {server.log})", flush=True)
            yield server.base_url, server.model
        return
    binary = llama_server_build.build()
    extra = ["--n-predict", str(args.server_max_tokens), *(["--swa-full"] if args.swa_full else [])]
    command = llama_server_command(binary, gguf_file(), port, *extra)
    with serve(LLAMA_SERVER, command, port, base / "llama-server.log") as server:
        print(f"llama-server: {binary} on {server.base_url} (log {server.log})", flush=True)
        yield server.base_url, server.model


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3, help="runs per side (default 3)")
    parser.add_argument("--base-url", help="an OpenAI-compatible server already running (default: start llama-server)")
    parser.add_argument("--model", default=MODEL_ALIAS, help="with --base-url: the model name")
    parser.add_argument("--max-total-rounds", type=int, default=60, help="model calls per run, each side (default 60)")
    parser.add_argument("--run-timeout", type=float, default=600.0,
                        help="seconds per run, each side (default 600: issue 37's bound on two cores)")
    parser.add_argument("--server", choices=(LLAMA_SERVER, LLAMA_CPP_PYTHON), default=LLAMA_SERVER,
                        help="the local server to start (default llama-server)")
    parser.add_argument("--ours-only", action="store_true",
                        help="run the studio alone (no Agents SDK peer; the SDK need not be installed)")
    parser.add_argument("--server-max-tokens", type=int, default=256,
                        help="llama-server's --n-predict, for requests without max_tokens (default 256)")
    parser.add_argument("--swa-full", action="store_true",
                        help="start llama-server with --swa-full (a full-size cache for sliding-window models such "
                             "as Gemma 3, so a stage's next call can reuse all of its prompt)")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="relay-local-bench-") as tmp, local_server(args, Path(tmp)) as (url, model):
        print(f"local relay: writer -> editor -> finalizer on {model}, {args.runs} runs per side, "
              f"at most {args.max_total_rounds} model calls and {args.run_timeout:.0f} s per run; prompt {PROMPT!r}",
              flush=True)
        ours_runs: list[Run] = []
        theirs_runs: list[Run] = []
        for i in range(args.runs):  # alternating, so a drift of the machine's speed hits both sides alike
            ours_runs.append(run_ours(url, model, Path(tmp), args.max_total_rounds, args.run_timeout))
            print(f"  ours   run {i + 1}: {ours_runs[-1].wall_s:.1f} s, {ours_runs[-1].ended}", flush=True)
            if args.ours_only:
                continue
            theirs_runs.append(run_theirs(url, model, args.max_total_rounds, args.run_timeout))
            print(f"  theirs run {i + 1}: {theirs_runs[-1].wall_s:.1f} s, {theirs_runs[-1].ended}", flush=True)
    ours = summarize("ours", ours_runs)
    print(f"results on {args.server if not args.base_url else args.base_url} (medians over runs):")
    print_summary(ours)
    if args.ours_only:
        if args.json:
            print(json.dumps({"ours": asdict(ours), "runs": {"ours": [asdict(r) for r in ours_runs]}}, indent=2))
        return 0
    theirs = summarize("theirs", theirs_runs)
    print_summary(theirs)
    print(f"  ratio ours/theirs: wall {ratio(ours.median_wall_s, theirs.median_wall_s)}, prompt tokens evaluated "
          f"{ratio(ours.median_evaluated, theirs.median_evaluated)}, output tokens "
          f"{ratio(ours.median_output, theirs.median_output)}")
    if args.json:
        print(json.dumps({"ours": asdict(ours), "theirs": asdict(theirs),
                          "runs": {"ours": [asdict(r) for r in ours_runs], "theirs": [asdict(r) for r in theirs_runs]}},
                         indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
