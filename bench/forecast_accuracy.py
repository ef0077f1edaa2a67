"""How close the forecast (``runtime/forecast.py``) comes to what the server counted: each stage's first request.

    python bench/forecast_accuracy.py                     # both sides: llama-server (started here) and the stand-in
    python bench/forecast_accuracy.py --side anthropic    # the Anthropic stand-in only (seconds)
    python bench/forecast_accuracy.py --side llama --prompts 2 --run-timeout 300 --json

For each prompt, in a fresh data folder with the built-in writer -> editor -> finalizer profiles: the forecast
twice (with the server's own tokenizer, and with the stated estimate alone), then the run itself; the input
tokens the server reported for each stage's first call (``model_call_completed``'s usage) are the truth.
Printed per stage: forecast, reported, and the error in percent, for both ways of counting.

Sides:
- ``llama``: llama.cpp's ``llama-server`` with Gemma 3 270M (``tests/realserver/servers.py`` starts it; its
  tokenizer through ``/apply-template`` + ``/tokenize``). Every profile's answers are capped (``--max-tokens``,
  48 by default; the input measured does not change) so a call ends and reports its count on a busy machine.
  The model is tiny: a stage it never reaches has no reported count and is printed as such.
- ``anthropic``: a loopback stand-in of the Messages API in its wire format (streamed ``tool_use`` blocks), as
  the tests' (``tests/providers/test_relay_over_http.py``), that counts input tokens by one rule of its own
  (words and punctuation marks of every text it is sent, plus four per message) for both ``count_tokens`` and
  the streamed ``usage.input_tokens``. Its writer writes and commits a draft of about 1,200 characters, then
  ends its stage in text; the editor signs off; the finalizer finishes: the later stages' briefs are the ones
  a declared next stage gets, with a draft of another length than the forecast assumes.

It measures and prints; it never passes or fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from relay_studio.domain import event_types as ev
from relay_studio.domain.connections import Connection
from relay_studio.domain.event_payloads import AgentInvocationCreated, ModelCallCompleted, typed
from relay_studio.domain.profile import AgentProfile
from relay_studio.providers.base import ModelProvider
from relay_studio.providers.factory import build_provider
from relay_studio.runtime.context import RunSettings
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.forecast import forecast

PROMPTS = [
    "Write a short scene: a lighthouse keeper finds a letter addressed to her mother.",
    "Write a four-line poem about rain on a tin roof.",
    "Describe a market at dawn in a desert town, in one paragraph.",
]
DRAFT = ("The keeper found the letter wedged behind the oil tins, its envelope soft with salt. " * 14).strip()


# -- the Anthropic stand-in ------------------------------------------------------------------------
def count_tokens(body: dict[str, Any]) -> int:
    """The stand-in's own tokenizer: words and punctuation marks of every text sent, four per message."""
    texts: list[str] = []

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, str) and key not in ("type", "role", "id", "tool_use_id", "model"):
            texts.append(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                if k != "cache_control":
                    walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)

    walk({k: body.get(k) for k in ("system", "messages", "tools")})
    return sum(len(re.findall(r"\w+|[^\w\s]", t)) for t in texts) + 4 * len(body.get("messages", []))


def _sse(data: dict[str, Any]) -> bytes:
    return f"event: {data['type']}\ndata: {json.dumps(data)}\n\n".encode()


def _turn(agent: str, n: int) -> list[dict[str, Any]]:
    """(tool name, input) blocks, or one text block, for the agent's n-th call."""
    if agent == "Writer" and n == 0:
        return [{"type": "tool_use", "name": "workspace_write_file", "input": {"path": "output/main.md",
                                                                              "content": DRAFT}},
                {"type": "tool_use", "name": "workspace_commit", "input": {}}]
    if agent == "Finalizer":
        return [{"type": "tool_use", "name": "workspace_finish", "input": {"summary": "The draft stands."}}]
    return [{"type": "text", "text": "Done."}]


def _answer(body: dict[str, Any], calls: dict[str, int]) -> bytes:
    system = "".join(b.get("text", "") for b in body.get("system", [])) if isinstance(body.get("system"), list) \
        else str(body.get("system", ""))
    agent = next((a for a in ("Writer", "Editor", "Finalizer") if f"You are {a}." in system), "?")
    n = calls[agent] = calls.get(agent, -1) + 1
    pieces = [_sse({"type": "message_start", "message": {"id": f"msg_{agent}_{n}", "type": "message",
                                                         "role": "assistant", "content": [],
                                                         "usage": {"input_tokens": count_tokens(body)}}})]
    for i, block in enumerate(_turn(agent, n)):
        if block["type"] == "text":
            pieces.append(_sse({"type": "content_block_start", "index": i,
                                "content_block": {"type": "text", "text": ""}}))
            pieces.append(_sse({"type": "content_block_delta", "index": i,
                                "delta": {"type": "text_delta", "text": block["text"]}}))
        else:
            pieces.append(_sse({"type": "content_block_start", "index": i, "content_block": {
                "type": "tool_use", "id": f"toolu_{agent}_{n}_{i}", "name": block["name"], "input": {}}}))
            pieces.append(_sse({"type": "content_block_delta", "index": i, "delta": {
                "type": "input_json_delta", "partial_json": json.dumps(block["input"])}}))
        pieces.append(_sse({"type": "content_block_stop", "index": i}))
    stop = "tool_use" if any(b["type"] == "tool_use" for b in _turn(agent, n)) else "end_turn"
    pieces.append(_sse({"type": "message_delta", "delta": {"stop_reason": stop}, "usage": {"output_tokens": 20}}))
    pieces.append(_sse({"type": "message_stop"}))
    return b"".join(pieces)


@contextmanager
def anthropic_stand_in() -> Iterator[str]:
    calls: dict[str, int] = {}

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)) or b"{}")
            if self.path.endswith("/count_tokens"):
                data, kind = json.dumps({"input_tokens": count_tokens(body)}).encode(), "application/json"
            else:
                data, kind = _answer(body, calls), "text/event-stream"
            self.send_response(200)
            self.send_header("content-type", kind)
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


# -- one prompt ------------------------------------------------------------------------------------
def capped(profiles: dict[str, AgentProfile], max_tokens: int | None) -> dict[str, AgentProfile]:
    """The built-in profiles with every answer capped (the input, which is measured, does not change)."""
    if max_tokens is None:
        return profiles
    return {pid: p.model_copy(update={"model": p.model.model_copy(update={"max_tokens": max_tokens})})
            for pid, p in profiles.items()}


async def measure(provider: ModelProvider, prompt: str, max_rounds: int, seconds: float,
                  max_tokens: int | None = None) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as home:
        runtime = Runtime(Path(home) / "data")
        try:
            def provider_for(_profile: object) -> ModelProvider:
                return provider

            profiles = capped(runtime.profiles(), max_tokens)
            counted = await forecast(runtime, agent_id="writer", text=prompt, provider_for=provider_for,
                                     profiles=profiles)
            estimated = await forecast(runtime, agent_id="writer", text=prompt, profiles=profiles)
            handle = await runtime.start_run(agent_id="writer", prompt=prompt, provider_for=provider_for,
                                             chat="forecast bench", profiles=profiles,
                                             settings=RunSettings(max_total_rounds=max_rounds))
            try:
                await asyncio.wait_for(handle.wait(), seconds)
            except TimeoutError:
                runtime.cancel(handle.run_id)
                await handle.wait()
            reported = first_calls(runtime, handle.run_id)
        finally:
            runtime.close()
    rows = []
    for c, e in zip(counted.stages, estimated.stages, strict=True):
        rows.append({"agent": c.agentId, "forecast": c.tokens, "method": c.method, "estimate": e.tokens,
                     "reported": reported.get(c.agentId)})
    return rows


def first_calls(runtime: Runtime, run_id: str) -> dict[str, int]:
    """The server's input tokens of each foreground stage's first call, by agent id (its first stage only)."""
    agent_of: dict[str, str] = {}
    found: dict[str, int] = {}
    for event in runtime.runs.iter_events(run_id):
        payload = typed(event)
        if isinstance(payload, AgentInvocationCreated) and payload.kind != "subagent":
            agent_of[event.invocation_id or ""] = payload.agent_id or ""
        elif event.type == ev.MODEL_CALL_COMPLETED and isinstance(payload, ModelCallCompleted):
            agent = agent_of.get(event.invocation_id or "")
            if agent and agent not in found and not payload.usage.estimated:
                found[agent] = payload.usage.input_tokens
    return found


def _error(forecast_tokens: int, reported: int | None) -> str:
    return "   -   " if not reported else f"{(forecast_tokens - reported) / reported * 100:+6.1f}%"


def print_side(name: str, results: list[list[dict[str, Any]]]) -> None:
    print(f"\n{name}")
    print(f"  {'prompt':<7}{'stage':<11}{'reported':>9} {'forecast':>9} {'error':>8}   {'estimate':>9} {'error':>8}")
    for i, rows in enumerate(results, 1):
        for r in rows:
            reported = r["reported"]
            shown = f"{reported:>9}" if reported else f"{'(none)':>9}"
            print(f"  {i:<7}{r['agent']:<11}{shown} {r['forecast']:>9} {_error(r['forecast'], reported):>8}   "
                  f"{r['estimate']:>9} {_error(r['estimate'], reported):>8}")
    methods = sorted({r["method"] for rows in results for r in rows})
    print(f"  forecast counted by: {', '.join(methods)}; estimate: about 4 characters a token")


async def run_anthropic(prompts: list[str]) -> list[list[dict[str, Any]]]:
    results = []
    for prompt in prompts:
        with anthropic_stand_in() as url:  # a fresh stand-in per run: its agents start from their first turn
            connection = Connection.model_validate({"id": "claude", "kind": "anthropic", "baseUrl": url,
                                                    "defaultModel": "claude-stand-in"})
            provider = build_provider(connection, "sk-bench", model_override="claude-stand-in")
            results.append(await measure(provider, prompt, 12, 60))
    return results


async def run_llama(prompts: list[str], seconds: float, max_rounds: int, max_tokens: int
                    ) -> list[list[dict[str, Any]]]:
    from tests.realserver import llama_server_build
    from tests.realserver.servers import LLAMA_SERVER, MODEL_ALIAS, free_port, gguf_file, llama_server_command, serve

    binary = llama_server_build.build()
    port = free_port()
    log = Path(tempfile.gettempdir()) / "forecast-bench-llama-server.log"
    with serve(LLAMA_SERVER, llama_server_command(binary, gguf_file(), port, "--n-predict", "256"), port, log) as srv:
        connection = Connection.model_validate({"id": "llama", "kind": "openai_compatible",
                                                "baseUrl": srv.base_url, "defaultModel": MODEL_ALIAS})
        provider = build_provider(connection, None, model_override=MODEL_ALIAS)
        return [await measure(provider, p, max_rounds, seconds, max_tokens) for p in prompts]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--side", choices=["both", "llama", "anthropic"], default="both")
    parser.add_argument("--prompts", type=int, default=len(PROMPTS), help="how many of the prompts to run")
    parser.add_argument("--run-timeout", type=float, default=300.0, help="seconds per llama run")
    parser.add_argument("--max-total-rounds", type=int, default=6)
    parser.add_argument("--max-tokens", type=int, default=48,
                        help="llama: every answer's cap, so a call ends (and reports its count) on a busy machine")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    prompts = PROMPTS[:args.prompts]
    out: dict[str, Any] = {}
    if args.side in ("both", "anthropic"):
        out["anthropic"] = asyncio.run(run_anthropic(prompts))
        print_side("Anthropic stand-in (its own count_tokens and streamed usage)", out["anthropic"])
    if args.side in ("both", "llama"):
        out["llama"] = asyncio.run(run_llama(prompts, args.run_timeout, args.max_total_rounds, args.max_tokens))
        print_side("llama-server, Gemma 3 270M (its /apply-template + /tokenize)", out["llama"])
    if args.json:
        print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
