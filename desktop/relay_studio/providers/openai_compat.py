"""OpenAI Chat Completions, streaming: OpenAI itself and every server that speaks its dialect.

What real servers do, and what this accepts: tool-call deltas keyed by ``index`` (arguments split over
many chunks, the id and name repeated or missing after the first; an index missing altogether on a few
servers), the legacy ``function_call`` field beside or instead of ``tool_calls``, several tool calls in
one message, ``reasoning_content`` (DeepSeek, vLLM) or ``reasoning`` (OpenRouter, Ollama) kept as
reasoning, usage in the last chunk (``stream_options.include_usage``), llama.cpp's ``timings`` there, or
nothing (then estimated, ``usage_estimate``), llama.cpp's ``prompt_progress`` chunks (asked with
``return_progress`` of local servers) as ``CallProgress``, cached tokens in
``prompt_tokens_details.cached_tokens`` or DeepSeek's ``prompt_cache_hit_tokens``, an ``error`` object
in the middle of a stream, a server that ignores ``stream: true`` and answers one JSON body, and a
stream that ends after its ``finish_reason`` without ``[DONE]``.

The answer is complete only after ``[DONE]`` or a ``finish_reason`` followed by the end of the body;
anything less raises ``provider.stream_incomplete`` (retryable) and no tool call is handed on.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from typing import Any

import httpx

from relay_studio.domain.messages import (
    CallProgress,
    Message,
    ModelRequest,
    ModelResponse,
    ReasoningDelta,
    StreamEvent,
    TextDelta,
    ToolCall,
    ToolCallDelta,
    ToolChoice,
    Usage,
)
from relay_studio.providers.base import ProviderError
from relay_studio.providers.capabilities import CallPlan
from relay_studio.providers.connections import Connection, model_for
from relay_studio.providers.http_streaming import USER_AGENT, HTTPStreamingProvider
from relay_studio.providers.retry import malformed_chunk, scrub, server_message, stream_error, stream_incomplete

_loads = json.loads


class _PendingCall:
    __slots__ = ("arguments", "id", "name")

    def __init__(self) -> None:
        self.id = ""
        self.name = ""
        self.arguments: list[str] = []


class _Accumulator:
    """The state of one streamed answer; ``feed`` turns one parsed chunk into canonical events."""

    #: No chunk ends the answer; ``[DONE]`` is an SSE sentinel, seen before any JSON is parsed.
    done = False

    def __init__(self, connection_id: str) -> None:
        self.connection_id = connection_id
        self.text: list[str] = []
        self.reasoning: list[str] = []
        self.calls: dict[int, _PendingCall] = {}
        self.finish_reason: str | None = None
        self.usage: Usage | None = None
        self.counted = False  # a ``usage`` object came (it wins over ``timings``)
        self.chunks = 0

    def feed(self, chunk: Any, out: list[StreamEvent]) -> None:
        if not isinstance(chunk, dict):
            raise malformed_chunk(self.connection_id, "a chunk that is not a JSON object")
        self.chunks += 1
        error = chunk.get("error")
        if error is not None:
            raise _stream_error(self.connection_id, error)
        try:
            choices = chunk.get("choices")
            if choices:
                choice = choices[0]
                delta = choice.get("delta") or choice.get("message")
                if delta:
                    self._delta(delta, out)
                finish = choice.get("finish_reason")
                if finish:
                    self.finish_reason = str(finish)
            progress = chunk.get("prompt_progress")
            if isinstance(progress, dict):  # llama.cpp, asked with ``return_progress``, while it reads the prompt
                out.append(_progress(progress))
            usage = chunk.get("usage")
            timings = chunk.get("timings")
            if usage:
                self.usage = _usage(usage)
                self.counted = True
            elif not self.counted and isinstance(timings, dict):
                # llama.cpp's own server, without usage (the last chunk's timings, or every chunk's
                # with ``timings_per_token``: the latest counts)
                self.usage = _timings_usage(timings) or self.usage
            if isinstance(timings, dict) and self.usage is not None and not self.usage.cached_tokens:
                # llama.cpp's usage has no cached count; its timings' ``cache_n`` is that count
                self.usage = self.usage.model_copy(update={"cached_tokens": int(timings.get("cache_n") or 0)})
        except (AttributeError, TypeError, ValueError, KeyError, IndexError):
            raise malformed_chunk(self.connection_id, "a chunk in a shape no server documents") from None

    def _delta(self, delta: dict[str, Any], out: list[StreamEvent]) -> None:
        content = delta.get("content")
        if content:
            if isinstance(content, str):
                self.text.append(content)
                out.append(TextDelta(text=content))
            elif isinstance(content, list):  # content parts (Mistral and a few others)
                for part in content:
                    self._part(part, out)
        reasoning = delta.get("reasoning_content") or delta.get("reasoning")
        if reasoning and isinstance(reasoning, str):
            self.reasoning.append(reasoning)
            out.append(ReasoningDelta(text=reasoning))
        tool_calls = delta.get("tool_calls")
        if tool_calls:
            for position, item in enumerate(tool_calls):
                self._tool_call(item, position, out)
        else:
            legacy = delta.get("function_call")
            if legacy:
                self._tool_call({"index": 0, "function": legacy}, 0, out)

    def _part(self, part: Any, out: list[StreamEvent]) -> None:
        if not isinstance(part, dict):
            return
        kind = part.get("type")
        text = part.get("text") or part.get("thinking")
        if not isinstance(text, str) or not text:
            return
        if kind in ("thinking", "reasoning"):
            self.reasoning.append(text)
            out.append(ReasoningDelta(text=text))
        else:
            self.text.append(text)
            out.append(TextDelta(text=text))

    def _tool_call(self, item: Any, position: int, out: list[StreamEvent]) -> None:
        if not isinstance(item, dict):
            raise malformed_chunk(self.connection_id, "a tool call that is not an object")
        call_id = item.get("id")
        index = item.get("index")
        if not isinstance(index, int):
            index = self._index_without_index(call_id, position)
        call = self.calls.get(index)
        if call is None:
            call = self.calls[index] = _PendingCall()
        if call_id and not call.id:
            call.id = call_id
        function = item.get("function") or {}
        name = function.get("name")
        new_name = None
        if name and not call.name:
            call.name = new_name = name
        arguments = function.get("arguments")
        if arguments is not None and not isinstance(arguments, str):
            arguments = json.dumps(arguments, ensure_ascii=False)  # a server that sends an object
        if arguments:
            call.arguments.append(arguments)
        if new_name or arguments:
            out.append(ToolCallDelta(index=index, name=new_name, arguments=arguments or ""))

    def _index_without_index(self, call_id: Any, position: int) -> int:
        # A few servers omit "index": a new id (or a first chunk) starts a call, else it continues the last.
        if call_id:
            for index, call in self.calls.items():
                if call.id == call_id:
                    return index
            return len(self.calls)
        return max(self.calls, default=position)

    def check_complete(self, ended: bool) -> None:
        if not ended and self.finish_reason is None:
            if self.chunks == 0:
                raise malformed_chunk(self.connection_id, "a response that is not an event stream")
            raise stream_incomplete(self.connection_id)

    def response(self, connection: Connection) -> ModelResponse:
        calls: list[ToolCall] = []
        for index in sorted(self.calls):
            pending = self.calls[index]
            if not pending.name:
                raise malformed_chunk(self.connection_id, "a tool call without a name")
            calls.append(
                ToolCall(
                    id=pending.id or f"call_{uuid.uuid4().hex[:12]}_{index}",
                    name=pending.name,
                    arguments="".join(pending.arguments),
                )
            )
        finish = self.finish_reason or "stop"
        if calls and finish in ("stop", "function_call"):
            finish = "tool_calls"
        usage = self.usage or Usage()
        return ModelResponse(
            text="".join(self.text),
            reasoning="".join(self.reasoning),
            tool_calls=calls,
            finish_reason=finish,
            usage=usage,
            cost=connection.cost(usage),
        )


def _usage(raw: Any) -> Usage:
    if not isinstance(raw, dict):
        return Usage()
    details = raw.get("prompt_tokens_details")
    cached = details.get("cached_tokens") if isinstance(details, dict) else None
    # DeepSeek counts cache hits in its own field (some versions fill only that one).
    cached = max(int(cached or 0), int(raw.get("prompt_cache_hit_tokens") or 0))
    return Usage(
        input_tokens=int(raw.get("prompt_tokens") or 0),
        output_tokens=int(raw.get("completion_tokens") or 0),
        cached_tokens=cached,
    )


def _timings_usage(timings: dict[str, Any]) -> Usage | None:
    """llama.cpp's ``timings`` (``prompt_n`` evaluated now, ``cache_n`` reused, ``predicted_n`` written)."""
    prompt, cached, output = (int(timings.get(k) or 0) for k in ("prompt_n", "cache_n", "predicted_n"))
    if not (prompt or cached or output):
        return None
    return Usage(input_tokens=prompt + cached, output_tokens=output, cached_tokens=cached)


def _progress(raw: dict[str, Any]) -> CallProgress:
    """llama.cpp's ``prompt_progress``: ``total`` prompt tokens, ``cache`` of them reused, ``processed`` so
    far (the reused ones included), ``time_ms`` spent (not used: the window keeps its own clock)."""
    return CallProgress(prompt_total=int(raw.get("total") or 0), prompt_processed=int(raw.get("processed") or 0),
                        prompt_cached=int(raw.get("cache") or 0))


def _stream_error(connection_id: str, error: Any) -> ProviderError:
    """An ``error`` object inside a 200 stream (OpenRouter, vLLM, Ollama send these)."""
    detail = scrub(server_message(json.dumps({"error": error})))
    status: int | None = None
    if isinstance(error, dict):
        code = error.get("code")
        if isinstance(code, int):
            status = code
        elif isinstance(code, str) and code.isdigit():
            status = int(code)
    return stream_error(connection_id, detail, status)


# -- request mapping ------------------------------------------------------------------------------------


def to_openai_messages(system: str, messages: list[Message]) -> list[dict[str, Any]]:
    """The canonical history in Chat Completions form; reasoning is not sent back (servers reject it)."""
    wire: list[dict[str, Any]] = []
    if system:
        wire.append({"role": "system", "content": system})
    for message in messages:
        if message.role == "user":
            wire.append({"role": "user", "content": message.content})
        elif message.role == "assistant":
            # Text, or "" beside tool calls: llama-cpp-python's server refuses an assistant message whose
            # content is null (HTTP 500, "Input should be a valid string"), which the OpenAI API allows
            # and accepts as "" too; every later turn of a run that called a tool failed there.
            item: dict[str, Any] = {"role": "assistant", "content": message.content or ""}
            if message.tool_calls:
                item["tool_calls"] = [
                    {
                        "id": call.id,
                        "type": "function",
                        "function": {"name": call.name, "arguments": _sent_arguments(call.arguments)},
                    }
                    for call in message.tool_calls
                ]
            wire.append(item)
        else:
            wire.append({"role": "tool", "tool_call_id": message.tool_call_id or "", "content": message.content})
    return wire


def _sent_arguments(arguments: str) -> str:
    """A past call's arguments as sent back: JSON as the model wrote it, else ``{}``. A call cut off by the
    output cap (never run, ``model.output_truncated``) holds half a JSON text, and llama.cpp's server parses
    every past call and answers the whole request HTTP 500 ("Failed to parse tool call arguments as JSON");
    the journal and the model turns keep what the model really wrote."""
    if not arguments:
        return "{}"
    try:
        _loads(arguments)
    except ValueError:
        return "{}"
    return arguments


def _wire_tool_choice(choice: ToolChoice) -> Any:
    if isinstance(choice, dict):
        return {"type": "function", "function": {"name": choice["name"]}}
    return choice


#: Chat templates' turn markers (ChatML, Gemma, Llama 3, GPT-style). A small local model often writes them as
#: plain text and then goes on inventing the next turns until its output cap; what follows a marker is never
#: its answer, so local servers are asked to stop there (``stop``; a refusal drops the field).
TURN_MARKERS = ("<|im_end|>", "<|im_start|>", "<end_of_turn>", "<start_of_turn>", "<|eot_id|>", "<|endoftext|>")


def prompt_cache_key(session_id: str) -> str:
    """A stable cache-routing key for one provider session (a stage): a digest, never the ids themselves."""
    return "rs-" + hashlib.sha256(session_id.encode("utf-8")).hexdigest()[:32]


class OpenAICompatibleProvider(HTTPStreamingProvider[_Accumulator]):
    """Streams Chat Completions from one connection. Owns no client unless none is given."""

    done_sentinel = "[DONE]"
    not_json = "a chunk that is not JSON"
    sends_cache_key = True
    asks_progress = True

    def endpoint(self, base_url: str) -> str:
        return base_url + "/chat/completions"

    def headers(self) -> dict[str, str]:
        headers = {"Accept": "text/event-stream", "User-Agent": USER_AGENT, **self.connection.headers}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        return headers

    def body(self, request: ModelRequest, plan: CallPlan) -> dict[str, Any]:
        """Tools, then system, then history: the stable part first, so calls of a stage share a prefix."""
        settings = request.settings
        body: dict[str, Any] = {
            "model": model_for(self.connection, settings.model, self._model_override),
            "messages": to_openai_messages(request.system, request.messages),
            "stream": plan.stream,
        }
        if plan.stream and "stream_options" not in plan.omit:
            body["stream_options"] = {"include_usage": True}
        if plan.stream and "return_progress" not in plan.omit:
            body["return_progress"] = True  # llama.cpp: prompt_progress chunks while it reads the prompt
        if "prompt_cache_key" not in plan.omit:
            body["prompt_cache_key"] = prompt_cache_key(request.session_id)
        if "stop" not in plan.omit:
            body["stop"] = list(TURN_MARKERS)
        if request.tools:
            body["tools"] = [
                {
                    "type": "function",
                    "function": {"name": t.name, "description": t.description, "parameters": t.parameters},
                }
                for t in request.tools
            ]
            if plan.choice is not None:
                body["tool_choice"] = _wire_tool_choice(plan.choice)
        if request.output is not None and "response_format" not in plan.omit:
            if "json_schema" in plan.omit:  # the older JSON mode with a schema (llama-cpp-python's grammar)
                body["response_format"] = {"type": "json_object", "schema": request.output.json_schema}
            else:
                body["response_format"] = {
                    "type": "json_schema",
                    "json_schema": {"name": request.output.name, "schema": request.output.json_schema,
                                    "strict": False},
                }
        if settings.temperature is not None:
            body["temperature"] = settings.temperature
        if settings.max_tokens is not None:
            body[self.connection.max_tokens_field] = settings.max_tokens
        return body

    async def _count(self, client: httpx.AsyncClient, request: ModelRequest) -> int | None:
        """llama.cpp's server: the prompt its chat template makes of the request (``POST /apply-template``),
        counted by its tokenizer (``POST /tokenize``). Other servers answer 404: no count."""
        root = self.connection.base_url.rstrip("/").removesuffix("/v1")
        body = self.body(request, CallPlan(choice=None, stream=False))
        templated = await client.post(root + "/apply-template", json={k: body[k] for k in ("messages", "tools")
                                                                       if k in body}, headers=self.headers())
        if templated.status_code != 200:
            return None
        counted = await client.post(root + "/tokenize", json={"content": templated.json()["prompt"],
                                                              "add_special": True}, headers=self.headers())
        return len(counted.json()["tokens"]) if counted.status_code == 200 else None

    def accumulator(self, connection_id: str) -> _Accumulator:
        return _Accumulator(connection_id)

    def whole_body_events(self, raw: bytes, connection_id: str) -> list[Any]:
        return [_whole_body(raw, connection_id)]  # one whole completion (or an error)


def _whole_body(raw: bytes, connection_id: str) -> Any:
    try:
        data = _loads(raw)
    except ValueError:
        raise malformed_chunk(connection_id, "a response that is neither an event stream nor JSON") from None
    if isinstance(data, dict):
        for choice in data.get("choices") or []:
            message = choice.get("message") if isinstance(choice, dict) else None
            if isinstance(message, dict):
                for position, call in enumerate(message.get("tool_calls") or []):
                    if isinstance(call, dict):
                        call.setdefault("index", position)
    return data
