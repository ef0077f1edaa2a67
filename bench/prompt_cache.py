"""What prompt caching saves on a relay: billed input tokens with the studio's caching against without.

    python bench/prompt_cache.py [--tool-calls 10] [--reps 3] [--json]

The relay is the built-in writer -> editor -> finalizer profiles (their system prompts and tools as a
creator gets them) playing ``runtime_overhead.py``'s script: ``--tool-calls`` tool turns per stage, then a
handoff or the finish. ``--minimal-profiles`` uses that bench's one-line profiles instead (their prompts
stay under the 1024-token minimum for most calls, so they show the rules' floor, not the studio). The
real ``Runtime`` streams every model call over HTTP, through the real providers, from a loopback server.
The server plays the scripted turns and bills each request by the documented caching rule of its wire,
applied to the bytes it received:

* Anthropic (Messages): the prompt is tools, then system, then the messages' content blocks. A block with
  ``cache_control`` is a breakpoint. The server reads from the cache the longest cached prefix that ends at
  a breakpoint or at one of the 20 block boundaries before a breakpoint; it writes the prefix up to the
  last breakpoint when that prefix has at least 1024 tokens (cache entries live 5 minutes, longer than a
  run). Reads bill 0.1x, writes 1.25x, the rest 1x.
* OpenAI (Chat Completions): caching is automatic for prompts of at least 1024 tokens; requests go to the
  cache of their ``prompt_cache_key`` (else of their first 256 tokens); a hit is the longest common prefix
  with an earlier request there, counted in steps of 128 tokens beyond the first 1024. Cached tokens bill
  0.5x (GPT-4o's documented discount; newer models discount more), the rest 1x.

Tokens are counted as ``ceil(bytes / 4)`` of each block's JSON, keys in the order received (the ``cache_control`` marks
themselves are not counted). "Without" bills every input token at 1x: what the same requests cost with no
cache at all. The journal's ``model_call_completed`` usage is summed too, to show the server's counts
reach the studio (input, cached). Medians over ``--reps`` runs (the rule is deterministic; so the medians
show the figures are stable). It measures and prints; it never passes or fails. Target on Anthropic's
rule: a ratio of at most 0.35.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import math
import statistics
import sys
import tempfile
import threading
from dataclasses import asdict, dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.profile import AgentProfile
from relay_studio.providers.anthropic import AnthropicProvider
from relay_studio.providers.base import ModelProvider
from relay_studio.providers.connections import Connection
from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.runtime.context import RunSettings
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.profile_catalog import builtin_profiles
from runtime_overhead import AGENTS, relay_profiles, relay_script

TARGET_RATIO = 0.35
MIN_CACHEABLE = 1024
LOOKBACK_BLOCKS = 20
OPENAI_STEP = 128
OPENAI_ROUTING_TOKENS = 256
READ, WRITE, CACHED_OPENAI = 0.1, 1.25, 0.5


def tokens(raw: bytes) -> int:
    return math.ceil(len(raw) / 4)


def _canon(value: Any) -> bytes:
    if isinstance(value, dict):
        value = {k: v for k, v in value.items() if k != "cache_control"}
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()  # in the order received


# -- the billing rules ------------------------------------------------------------------------------


@dataclass
class Bill:
    calls: int = 0
    input_tokens: int = 0
    read: int = 0
    written: int = 0

    @property
    def uncached_cost(self) -> float:
        return float(self.input_tokens)

    def cost(self, wire: str) -> float:
        if wire == "anthropic":
            plain = self.input_tokens - self.read - self.written
            return plain + READ * self.read + WRITE * self.written
        return (self.input_tokens - self.read) + CACHED_OPENAI * self.read


@dataclass
class AnthropicCache:
    """Prefix hashes cached at breakpoints, as the Messages API keeps them."""

    entries: set[str] = field(default_factory=set)

    def bill(self, body: dict[str, Any]) -> tuple[int, int, int]:
        """(input tokens, read, written) for one request."""
        blocks: list[dict[str, Any]] = [*body.get("tools", [])]
        system = body.get("system")
        if isinstance(system, str):
            blocks.append({"type": "text", "text": system})
        elif isinstance(system, list):
            blocks.extend(system)
        for message in body["messages"]:
            content = message["content"]
            items = [{"type": "text", "text": content}] if isinstance(content, str) else content
            blocks.extend({"role": message["role"], **b} for b in items)
        digest = hashlib.sha256()
        hashes: list[str] = []
        ends: list[int] = []
        total = 0
        for block in blocks:
            raw = _canon(block)
            digest.update(raw)
            hashes.append(digest.copy().hexdigest())
            total += tokens(raw)
            ends.append(total)
        breakpoints = [i for i, b in enumerate(blocks) if "cache_control" in b]
        if not breakpoints:
            return total, 0, 0
        read_at = -1
        for bp in breakpoints:
            for i in range(bp, max(-1, bp - LOOKBACK_BLOCKS - 1), -1):
                if hashes[i] in self.entries and i > read_at:
                    read_at = i
                    break
        read = ends[read_at] if read_at >= 0 else 0
        last = breakpoints[-1]
        written = 0
        if ends[last] >= MIN_CACHEABLE and read_at < last:
            written = ends[last] - read
        for bp in breakpoints:
            if ends[bp] >= MIN_CACHEABLE:
                self.entries.add(hashes[bp])
        return total, read, written


@dataclass
class OpenAICache:
    """Earlier prompts per routing key, matched on their longest common byte prefix."""

    prompts: dict[str, list[bytes]] = field(default_factory=dict)

    def bill(self, body: dict[str, Any]) -> tuple[int, int, int]:
        parts = [_canon(t) for t in body.get("tools", [])] + [_canon(m) for m in body["messages"]]
        prompt = b"".join(parts)
        total = tokens(prompt)
        key = body.get("prompt_cache_key") or hashlib.sha256(prompt[: OPENAI_ROUTING_TOKENS * 4]).hexdigest()
        seen = self.prompts.setdefault(key, [])
        best = 0
        for earlier in seen:
            n = 0
            limit = min(len(earlier), len(prompt))
            while n < limit and earlier[n] == prompt[n]:
                n += 1
            best = max(best, tokens(prompt[:n]) if n == limit else n // 4)
        cached = 0
        if total >= MIN_CACHEABLE and best >= MIN_CACHEABLE:
            cached = MIN_CACHEABLE + (best - MIN_CACHEABLE) // OPENAI_STEP * OPENAI_STEP
        seen.append(prompt)
        return total, cached, 0


# -- the loopback server ----------------------------------------------------------------------------


def _sse(data: dict[str, Any], event: str | None = None) -> bytes:
    return ((f"event: {event}\n" if event else "") + "data: " + json.dumps(data) + "\n\n").encode()


def openai_answer(calls: list[dict[str, Any]], turn: int, usage: tuple[int, int, int]) -> bytes:
    total, cached, _ = usage
    out = b""
    for n, call in enumerate(calls):
        item = {"index": n, "id": f"call_{turn}_{n}", "type": "function",
                "function": {"name": call["name"], "arguments": json.dumps(call["arguments"])}}
        out += _sse({"choices": [{"index": 0, "delta": {"tool_calls": [item]}, "finish_reason": None}]})
    out += _sse({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]})
    out += _sse({"choices": [], "usage": {"prompt_tokens": total, "completion_tokens": 20,
                                          "prompt_tokens_details": {"cached_tokens": cached}}})
    return out + b"data: [DONE]\n\n"


def anthropic_answer(calls: list[dict[str, Any]], turn: int, usage: tuple[int, int, int]) -> bytes:
    total, read, written = usage
    start_usage = {"input_tokens": total - read - written, "cache_read_input_tokens": read,
                   "cache_creation_input_tokens": written}
    out = _sse({"type": "message_start", "message": {"id": f"msg_{turn}", "usage": start_usage}}, "message_start")
    for n, call in enumerate(calls):
        block = {"type": "tool_use", "id": f"toolu_{turn}_{n}", "name": call["name"], "input": {}}
        out += _sse({"type": "content_block_start", "index": n, "content_block": block}, "content_block_start")
        delta = {"type": "input_json_delta", "partial_json": json.dumps(call["arguments"])}
        out += _sse({"type": "content_block_delta", "index": n, "delta": delta}, "content_block_delta")
        out += _sse({"type": "content_block_stop", "index": n}, "content_block_stop")
    end = {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 20}}
    return out + _sse(end, "message_delta") + _sse({"type": "message_stop"}, "message_stop")


class BillingServer:
    """Plays the relay's turns in order and bills each request by its wire's caching rule."""

    def __init__(self, wire: str, turns: list[list[dict[str, Any]]]) -> None:
        self.wire = wire
        self.turns = list(turns)
        self.cache: AnthropicCache | OpenAICache = AnthropicCache() if wire == "anthropic" else OpenAICache()
        self.bill = Bill()
        self.keys: set[str] = set()
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["content-length"])))
                with server.lock:
                    turn = server.bill.calls
                    calls = server.turns.pop(0)
                    usage = server.cache.bill(body)
                    server.bill.calls += 1
                    server.bill.input_tokens += usage[0]
                    server.bill.read += usage[1]
                    server.bill.written += usage[2]
                    if body.get("prompt_cache_key"):
                        server.keys.add(body["prompt_cache_key"])
                answer = (anthropic_answer if server.wire == "anthropic" else openai_answer)(calls, turn, usage)
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


# -- one relay -------------------------------------------------------------------------------------


@dataclass
class Sample:
    wire: str
    calls: int
    input_tokens: int
    read: int
    written: int
    billed_with: float
    billed_without: float
    journal_input: int
    journal_cached: int
    cache_keys: int

    @property
    def ratio(self) -> float:
        return self.billed_with / self.billed_without


def script_turns(n: int) -> list[list[dict[str, Any]]]:
    script = relay_script(n)["turns"]
    return [turn["toolCalls"] for agent in AGENTS for turn in script[agent]]


def provider_for(wire: str, server: BillingServer) -> ModelProvider:
    # A hosted connection (so OpenAI's prompt_cache_key is sent), whose requests go to the loopback server.
    hosted = "https://api.anthropic.example" if wire == "anthropic" else "https://api.openai.example/v1"
    connection = Connection.model_validate(
        {"id": "bench", "kind": "anthropic" if wire == "anthropic" else "openai_compatible",
         "baseUrl": hosted, "defaultModel": "bench-model"}
    )
    provider: AnthropicProvider | OpenAICompatibleProvider = (
        AnthropicProvider(connection, "sk-bench-never-sent-anywhere")
        if wire == "anthropic"
        else OpenAICompatibleProvider(connection, "sk-bench-never-sent-anywhere")
    )
    provider.url = server.url + ("/v1/messages" if wire == "anthropic" else "/v1/chat/completions")
    return provider


def bench_profiles(n: int, minimal: bool) -> dict[str, AgentProfile]:
    if minimal:
        return relay_profiles(n)
    chain = {p.id: p for p in builtin_profiles() if p.id in AGENTS}
    out = {}
    for pid, p in chain.items():
        tools = p.tools.model_copy(update={"max_rounds": max(p.tools.max_rounds, n + 5)})
        out[pid] = p.model_copy(update={"tools": tools})
    return out


async def run_once(wire: str, n: int, base: Path, minimal: bool = False) -> Sample:
    server = BillingServer(wire, script_turns(n))
    provider = provider_for(wire, server)
    try:
        with tempfile.TemporaryDirectory(prefix="relay-cache-bench-", dir=base) as tmp:
            runtime = Runtime(Path(tmp) / "data")
            try:
                handle = await runtime.start_run(
                    agent_id="writer", prompt="Write a short scene.", provider_for=lambda _p: provider,
                    chat="bench", profiles=bench_profiles(n, minimal),
                    settings=RunSettings(max_total_rounds=3 * n + 20),
                )
                status = await handle.wait()
                events = runtime.runs.events(handle.run_id)
                if status is not RunStatus.COMPLETED:
                    tail = [(e.type, e.payload) for e in events[-5:]]
                    raise SystemExit(f"{wire}: the run ended {status.value}; last events: {tail}")
                usage = [e.payload["usage"] for e in events if e.type == "model_call_completed"]
            finally:
                runtime.close()
    finally:
        server.stop()
    bill = server.bill
    return Sample(
        wire=wire, calls=bill.calls, input_tokens=bill.input_tokens, read=bill.read, written=bill.written,
        billed_with=bill.cost(wire), billed_without=bill.uncached_cost,
        journal_input=sum(u["input_tokens"] for u in usage), journal_cached=sum(u["cached_tokens"] for u in usage),
        cache_keys=len(server.keys),
    )


async def main_async(args: argparse.Namespace) -> int:
    base = Path(tempfile.gettempdir())
    results: dict[str, list[Sample]] = {"anthropic": [], "openai_compatible": []}
    for _ in range(args.reps):
        for wire in results:
            results[wire].append(await run_once(wire, args.tool_calls, base, args.minimal_profiles))
    report = []
    for wire, samples in results.items():
        median = {k: statistics.median(getattr(s, k) for s in samples)
                  for k in ("calls", "input_tokens", "read", "written", "billed_with", "billed_without",
                            "journal_input", "journal_cached", "cache_keys")}
        median["ratio"] = statistics.median(s.ratio for s in samples)
        report.append({"wire": wire, "reps": len(samples), **median})
    if args.json:
        print(json.dumps({"toolCalls": args.tool_calls, "results": report,
                          "samples": {w: [asdict(s) for s in ss] for w, ss in results.items()}}, indent=2))
        return 0
    kind = "minimal" if args.minimal_profiles else "built-in"
    print(f"3-stage relay ({kind} profiles), {args.tool_calls} tool turns per stage, medians over {args.reps} runs")
    for r in report:
        rule = "Anthropic (read 0.1x, write 1.25x)" if r["wire"] == "anthropic" else "OpenAI (cached 0.5x)"
        print(f"\n{rule}: {r['calls']:.0f} calls, {r['input_tokens']:.0f} input tokens")
        print(f"  cache read {r['read']:.0f}, cache written {r['written']:.0f}"
              + (f", prompt_cache_key values: {r['cache_keys']:.0f}" if r["wire"] != "anthropic" else ""))
        print(f"  billed input with caching {r['billed_with']:.0f}, without {r['billed_without']:.0f}, "
              f"ratio {r['ratio']:.3f}" + (f" (target <= {TARGET_RATIO})" if r["wire"] == "anthropic" else ""))
        print(f"  journaled usage: {r['journal_input']:.0f} input, {r['journal_cached']:.0f} cached")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tool-calls", type=int, default=10, help="tool turns per stage (default 10)")
    parser.add_argument("--reps", type=int, default=3, help="repetitions (default 3)")
    parser.add_argument("--minimal-profiles", action="store_true",
                        help="runtime_overhead.py's one-line profiles")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    raise SystemExit(main())
