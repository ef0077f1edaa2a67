"""Parse throughput of the OpenAI-compatible and Anthropic providers, against a loopback server.

    python bench/provider_stream.py [--tokens 100000] [--tool-calls 100] [--runs 5]

Four streams are served by a server in a separate process (so its CPU time is not the parser's): a long
answer of ``--tokens`` text deltas and a tool-call-heavy answer (``--tool-calls`` calls, each with its
arguments split over 40 chunks), each in the OpenAI Chat Completions and the Anthropic Messages wire
format. For each, it prints the median over ``--runs`` runs of tokens (deltas) per second and the client
process's CPU time per token. When the official ``openai`` / ``anthropic`` SDKs are importable (the
``bench`` extra), the same streams go through their streaming helpers too, raw iteration and the
accumulating ``.stream()`` helper, with the ratio to ours. It measures and prints; it never asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "desktop"))

import httpx

from relay_studio.domain.messages import (
    Message,
    ModelRequest,
    ModelSettings,
    ResponseCompleted,
    ToolSchema,
)
from relay_studio.providers.anthropic import AnthropicProvider
from relay_studio.providers.connections import Connection
from relay_studio.providers.openai_compat import OpenAICompatibleProvider

ARG_PIECES = 40
SLOW_RUN_SECONDS = 15.0
WORDS = ["the", " lighthouse", " keeper", " watched", " fog", " roll", " over", " Élodie's", " 灯台", "."]


# -- wire streams ---------------------------------------------------------------------------------------


def _sse(data: dict[str, Any], event: str | None = None) -> bytes:
    head = f"event: {event}\n" if event else ""
    return (head + "data: " + json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n\n").encode()


def openai_text(tokens: int) -> bytes:
    base = {"id": "chatcmpl-bench", "object": "chat.completion.chunk", "created": 1730000000, "model": "bench"}
    parts = [
        _sse({**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]})
    ]
    for i in range(tokens):
        delta = {"content": WORDS[i % len(WORDS)]}
        parts.append(_sse({**base, "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": None}]}))
    parts.append(_sse({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}))
    usage = {"prompt_tokens": 10, "completion_tokens": tokens, "total_tokens": tokens + 10}
    parts.append(_sse({**base, "choices": [], "usage": usage}))
    parts.append(b"data: [DONE]\n\n")
    return b"".join(parts)


def _argument_pieces(n: int) -> list[str]:
    text = json.dumps({"path": f"output/scene-{n}.md", "content": "Fog — dense, grey, " * 12})
    step = max(1, len(text) // ARG_PIECES + 1)
    return [text[i : i + step] for i in range(0, len(text), step)]


def openai_tools(calls: int) -> bytes:
    base = {"id": "chatcmpl-bench", "object": "chat.completion.chunk", "created": 1730000000, "model": "bench"}
    parts = []
    for n in range(calls):
        first = {
            "index": n,
            "id": f"call_{n}",
            "type": "function",
            "function": {"name": "workspace_write_file", "arguments": ""},
        }
        parts.append(_sse({**base, "choices": [{"index": 0, "delta": {"tool_calls": [first]}, "finish_reason": None}]}))
        for piece in _argument_pieces(n):
            delta = {"tool_calls": [{"index": n, "function": {"arguments": piece}}]}
            parts.append(_sse({**base, "choices": [{"index": 0, "delta": delta, "finish_reason": None}]}))
    parts.append(_sse({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}))
    parts.append(b"data: [DONE]\n\n")
    return b"".join(parts)


def _anthropic_start() -> bytes:
    message = {
        "id": "msg_bench",
        "type": "message",
        "role": "assistant",
        "content": [],
        "model": "bench",
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 1},
    }
    return _sse({"type": "message_start", "message": message}, "message_start")


def _anthropic_end(reason: str, output: int) -> bytes:
    return _sse(
        {
            "type": "message_delta",
            "delta": {"stop_reason": reason, "stop_sequence": None},
            "usage": {"output_tokens": output},
        },
        "message_delta",
    ) + _sse({"type": "message_stop"}, "message_stop")


def anthropic_text(tokens: int) -> bytes:
    parts = [_anthropic_start()]
    parts.append(
        _sse(
            {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
            "content_block_start",
        )
    )
    for i in range(tokens):
        delta = {"type": "text_delta", "text": WORDS[i % len(WORDS)]}
        parts.append(_sse({"type": "content_block_delta", "index": 0, "delta": delta}, "content_block_delta"))
    parts.append(_sse({"type": "content_block_stop", "index": 0}, "content_block_stop"))
    parts.append(_anthropic_end("end_turn", tokens))
    return b"".join(parts)


def anthropic_tools(calls: int) -> bytes:
    parts = [_anthropic_start()]
    for n in range(calls):
        block = {"type": "tool_use", "id": f"toolu_{n}", "name": "workspace_write_file", "input": {}}
        parts.append(_sse({"type": "content_block_start", "index": n, "content_block": block}, "content_block_start"))
        for piece in _argument_pieces(n):
            delta = {"type": "input_json_delta", "partial_json": piece}
            parts.append(_sse({"type": "content_block_delta", "index": n, "delta": delta}, "content_block_delta"))
        parts.append(_sse({"type": "content_block_stop", "index": n}, "content_block_stop"))
    parts.append(_anthropic_end("tool_use", calls * ARG_PIECES))
    return b"".join(parts)


# -- the server, in its own process ---------------------------------------------------------------------


def _serve(port_queue: Any, tokens: int, calls: int) -> None:
    bodies = {
        "/openai-text/v1/chat/completions": openai_text(tokens),
        "/openai-tools/v1/chat/completions": openai_tools(calls),
        "/anthropic-text/v1/messages": anthropic_text(tokens),
        "/anthropic-tools/v1/messages": anthropic_tools(calls),
    }

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("content-length") or 0))
            body = bodies.get(self.path)
            if body is None:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            view = memoryview(body)
            for start in range(0, len(body), 16384):  # network-sized writes, as a real server flushes
                self.wfile.write(view[start : start + 16384])

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    port_queue.put(httpd.server_address[1])
    httpd.serve_forever()


# -- clients --------------------------------------------------------------------------------------------

TOOL = ToolSchema(name="workspace_write_file", description="Write a file.", parameters={"type": "object"})


def _request() -> ModelRequest:
    return ModelRequest(
        agent_id="bench",
        session_id="bench",
        system="",
        messages=[Message(role="user", content="Go.")],
        tools=[TOOL],
        settings=ModelSettings(model="bench"),
    )


async def ours(kind: str, base: str, client: httpx.AsyncClient) -> int:
    connection = Connection.model_validate(
        {"id": "bench", "kind": "anthropic" if kind == "anthropic" else "openai_compatible", "baseUrl": base}
    )
    cls = AnthropicProvider if kind == "anthropic" else OpenAICompatibleProvider
    provider = cls(connection, "sk-bench", client=client)
    count = 0
    async for event in provider.stream(_request()):
        if isinstance(event, ResponseCompleted):
            return count
        count += 1
    raise RuntimeError("no ResponseCompleted")


def sdk_runners() -> dict[str, Callable[[str, str], Awaitable[int]]]:
    runners: dict[str, Callable[[str, str], Awaitable[int]]] = {}
    try:
        import openai
    except ImportError:
        openai = None  # type: ignore[assignment]
    try:
        import anthropic
    except ImportError:
        anthropic = None  # type: ignore[assignment]
    messages: Any = [{"role": "user", "content": "Go."}]
    tools: Any = [{"type": "function", "function": {"name": "workspace_write_file", "parameters": {"type": "object"}}}]
    a_tools: Any = [{"name": "workspace_write_file", "input_schema": {"type": "object"}}]

    if openai is not None:

        async def openai_raw(kind: str, base: str) -> int:
            async with openai.AsyncOpenAI(base_url=base, api_key="sk-bench", max_retries=0) as client:
                stream = await client.chat.completions.create(
                    model="bench", messages=messages, tools=tools, stream=True
                )
                return sum([1 async for _ in stream])

        async def openai_helper(kind: str, base: str) -> int:
            client = openai.AsyncOpenAI(base_url=base, api_key="sk-bench", max_retries=0)
            async with client, client.chat.completions.stream(model="bench", messages=messages, tools=tools) as stream:
                count = sum([1 async for _ in stream])
                await stream.get_final_completion()
                return count

        runners["openai SDK raw"] = openai_raw
        runners["openai SDK .stream()"] = openai_helper
    if anthropic is not None:

        async def anthropic_raw(kind: str, base: str) -> int:
            async with anthropic.AsyncAnthropic(base_url=base, api_key="sk-bench", max_retries=0) as client:
                stream = await client.messages.create(
                    model="bench", max_tokens=10, messages=messages, tools=a_tools, stream=True
                )
                return sum([1 async for _ in stream])

        async def anthropic_helper(kind: str, base: str) -> int:
            client = anthropic.AsyncAnthropic(base_url=base, api_key="sk-bench", max_retries=0)
            helper = client.messages.stream(model="bench", max_tokens=10, messages=messages, tools=a_tools)
            async with client, helper as stream:
                count = sum([1 async for _ in stream])
                await stream.get_final_message()
                return count

        runners["anthropic SDK raw"] = anthropic_raw
        runners["anthropic SDK .stream()"] = anthropic_helper
    return runners


async def measure(run: Callable[[], Awaitable[int]], runs: int, tokens: int) -> tuple[float, float]:
    """Median tokens/s and CPU µs per token over ``runs`` runs (after one warm-up).

    ``tokens`` is the number of deltas on the wire, the same for every client, whatever each yields.
    """
    warm0 = time.perf_counter()
    await run()
    if time.perf_counter() - warm0 > SLOW_RUN_SECONDS:
        runs = 1  # a client this slow would take minutes per run: one measured run says enough
    rates, cpu = [], []
    for _ in range(runs):
        wall0, cpu0 = time.perf_counter(), time.process_time()
        await run()
        wall, used = time.perf_counter() - wall0, time.process_time() - cpu0
        rates.append(tokens / wall)
        cpu.append(used / tokens * 1e6)
    return statistics.median(rates), statistics.median(cpu)


async def main_async(args: argparse.Namespace, port: int) -> None:
    root = f"http://127.0.0.1:{port}"
    streams = [
        ("OpenAI text", "openai", f"{root}/openai-text/v1", "openai"),
        ("OpenAI tool calls", "openai", f"{root}/openai-tools/v1", "openai"),
        ("Anthropic text", "anthropic", f"{root}/anthropic-text", "anthropic"),
        ("Anthropic tool calls", "anthropic", f"{root}/anthropic-tools", "anthropic"),
    ]
    sdks = sdk_runners() if not args.no_sdk else {}
    print(f"tokens={args.tokens} tool_calls={args.tool_calls}x{ARG_PIECES} chunks runs={args.runs} (medians)")
    print(f"{'stream':22} {'parser':26} {'deltas':>8} {'tokens/s':>11} {'CPU µs/token':>13} {'CPU vs ours':>12}")
    async with httpx.AsyncClient(timeout=60) as client:
        for label, kind, base, family in streams:
            tokens = await ours(kind, base, client)
            rate, cpu = await measure(lambda k=kind, b=base: ours(k, b, client), args.runs, tokens)
            print(f"{label:22} {'relay_studio':26} {tokens:8d} {rate:11,.0f} {cpu:13.2f} {'1.00x':>12}")
            for name, runner in sdks.items():
                if not name.startswith(family):
                    continue
                s_rate, s_cpu = await measure(lambda r=runner, k=kind, b=base: r(k, b), args.runs, tokens)
                print(f"{'':22} {name:26} {tokens:8d} {s_rate:11,.0f} {s_cpu:13.2f} {s_cpu / cpu:11.2f}x")
    if not sdks and not args.no_sdk:
        print("(install the bench extra -- openai, anthropic -- to compare with the official SDKs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tokens", type=int, default=100_000)
    parser.add_argument("--tool-calls", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-sdk", action="store_true", help="only our parsers")
    args = parser.parse_args()
    ctx = multiprocessing.get_context("spawn")
    ports = ctx.Queue()
    server = ctx.Process(target=_serve, args=(ports, args.tokens, args.tool_calls), daemon=True)
    server.start()
    try:
        port = ports.get(timeout=120)
        asyncio.run(main_async(args, port))
    finally:
        server.terminate()
        server.join(5)


if __name__ == "__main__":
    main()
