"""Anthropic Messages, streaming, mapped to and from the canonical form.

Requests: ``system`` is its own field; assistant tool calls become ``tool_use`` blocks; tool results
become ``tool_result`` blocks in a user message, consecutive results (and a user text after them)
merged into one user message with the results first, as the API requires; reasoning is not sent back
(the API wants signed thinking blocks, which the canonical form does not keep).

Stream: ``message_start`` (usage), ``content_block_start``/``_delta``/``_stop`` with ``text_delta``,
``input_json_delta`` and ``thinking_delta`` (``signature_delta`` and ``citations_delta`` are ignored),
``message_delta`` (stop reason, cumulative usage), ``message_stop``, ``ping``, ``error``; unknown event
types are skipped, as the API's versioning policy asks. The answer is complete only at
``message_stop`` with every tool block stopped; otherwise ``provider.stream_incomplete`` (retryable).
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx

from relay_studio.domain.messages import (
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
from relay_studio.providers.retry import malformed_chunk, scrub, stream_error, stream_incomplete

API_VERSION = "2023-06-01"
#: The API requires max_tokens; this fits every current model's output limit.
DEFAULT_MAX_TOKENS = 4096
_loads = json.loads

_STOP_REASONS = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "tool_use": "tool_calls",
    "max_tokens": "length",
    "refusal": "content_filter",
}
_ERROR_STATUS = {
    "invalid_request_error": 400,
    "authentication_error": 401,
    "permission_error": 403,
    "not_found_error": 404,
    "request_too_large": 413,
    "rate_limit_error": 429,
    "api_error": 500,
    "timeout_error": 504,
    "overloaded_error": 529,
}


def api_url(base_url: str, path: str) -> str:
    """``https://api.anthropic.com`` and ``.../v1`` both work as a base."""
    return base_url + (path if base_url.endswith("/v1") else "/v1" + path)


class _Block:
    __slots__ = ("arguments", "id", "name", "stopped", "tool_index")

    def __init__(self, tool_index: int | None = None, call_id: str = "", name: str = "") -> None:
        self.tool_index = tool_index
        self.id = call_id
        self.name = name
        self.arguments: list[str] = []
        self.stopped = False


class _Accumulator:
    def __init__(self, connection_id: str) -> None:
        self.connection_id = connection_id
        self.text: list[str] = []
        self.reasoning: list[str] = []
        self.blocks: dict[int, _Block] = {}
        self.tools: list[_Block] = []
        self.stop_reason: str | None = None
        self.usage: dict[str, int] = {}
        self.started = False
        self.done = False

    def feed(self, data: Any, out: list[StreamEvent]) -> None:
        if not isinstance(data, dict):
            raise malformed_chunk(self.connection_id, "an event that is not a JSON object")
        kind = data.get("type")
        try:
            if kind == "content_block_delta":
                self._delta(data["index"], data["delta"], out)
            elif kind == "content_block_start":
                self._start(data["index"], data["content_block"], out)
            elif kind == "content_block_stop":
                block = self.blocks.get(data["index"])
                if block is not None:
                    block.stopped = True
            elif kind == "message_start":
                self.started = True
                self._usage(data["message"].get("usage"))
            elif kind == "message_delta":
                reason = data.get("delta", {}).get("stop_reason")
                if reason:
                    self.stop_reason = reason
                self._usage(data.get("usage"))
            elif kind == "message_stop":
                self.done = True
            elif kind == "error":
                raise _stream_error(self.connection_id, data.get("error"))
            # "ping" and event types added later are skipped.
        except (KeyError, TypeError, AttributeError):
            raise malformed_chunk(self.connection_id, f"a '{kind}' event missing its fields") from None

    def _start(self, index: int, block: dict[str, Any], out: list[StreamEvent]) -> None:
        kind = block.get("type")
        if kind == "tool_use":
            tool = _Block(len(self.tools), block.get("id") or "", block.get("name") or "")
            self.tools.append(tool)
            self.blocks[index] = tool
            initial = block.get("input")
            arguments = json.dumps(initial, ensure_ascii=False) if initial else ""
            if arguments:  # a server that sends the whole input up front, as a non-streamed reply does
                tool.arguments.append(arguments)
            out.append(ToolCallDelta(index=tool.tool_index or 0, name=tool.name, arguments=arguments))
            return
        self.blocks[index] = _Block()
        if kind == "text" and block.get("text"):
            self.text.append(block["text"])
            out.append(TextDelta(text=block["text"]))
        elif kind == "thinking" and block.get("thinking"):
            self.reasoning.append(block["thinking"])
            out.append(ReasoningDelta(text=block["thinking"]))

    def _delta(self, index: int, delta: dict[str, Any], out: list[StreamEvent]) -> None:
        kind = delta["type"]
        if kind == "text_delta":
            text = delta["text"]
            if text:
                self.text.append(text)
                out.append(TextDelta(text=text))
        elif kind == "input_json_delta":
            block = self.blocks.get(index)
            if block is None or block.tool_index is None:
                raise malformed_chunk(self.connection_id, "tool input for a block that is not a tool call")
            part = delta.get("partial_json") or ""
            if part:
                block.arguments.append(part)
                out.append(ToolCallDelta(index=block.tool_index, arguments=part))
        elif kind == "thinking_delta":
            thinking = delta["thinking"]
            if thinking:
                self.reasoning.append(thinking)
                out.append(ReasoningDelta(text=thinking))

    def _usage(self, raw: Any) -> None:
        if isinstance(raw, dict):
            for key, value in raw.items():
                if isinstance(value, int):
                    self.usage[key] = value  # message_delta counts are cumulative: the latest wins

    def check_complete(self, ended: bool) -> None:
        # Only message_stop ends an answer (a whole JSON body is fed as events ending with one).
        if not self.done:
            if not self.started:
                raise malformed_chunk(self.connection_id, "a response that is not a message stream")
            raise stream_incomplete(self.connection_id)

    def response(self, connection: Connection) -> ModelResponse:
        calls: list[ToolCall] = []
        for tool in self.tools:
            if not tool.stopped:
                raise stream_incomplete(self.connection_id)
            if not tool.name:
                raise malformed_chunk(self.connection_id, "a tool call without a name")
            calls.append(
                ToolCall(
                    id=tool.id or f"toolu_{uuid.uuid4().hex[:12]}",
                    name=tool.name,
                    arguments="".join(tool.arguments) or "{}",
                )
            )
        u = self.usage
        cached = u.get("cache_read_input_tokens", 0)
        usage = Usage(
            input_tokens=u.get("input_tokens", 0) + cached + u.get("cache_creation_input_tokens", 0),
            output_tokens=u.get("output_tokens", 0),
            cached_tokens=cached,
        )
        reason = self.stop_reason or ("tool_use" if calls else "end_turn")
        return ModelResponse(
            text="".join(self.text),
            reasoning="".join(self.reasoning),
            tool_calls=calls,
            finish_reason=_STOP_REASONS.get(reason, reason),
            usage=usage,
            cost=connection.cost(usage),
        )


def _stream_error(connection_id: str, error: Any) -> ProviderError:
    kind = error.get("type") if isinstance(error, dict) else None
    message = error.get("message") if isinstance(error, dict) else None
    status = _ERROR_STATUS.get(str(kind))
    detail = scrub(" ".join(str(message or kind or "unknown error").split())).rstrip(".")
    return stream_error(connection_id, detail, status)


# -- request mapping ------------------------------------------------------------------------------------


def _arguments_object(raw: str) -> dict[str, Any]:
    try:
        value = json.loads(raw or "{}")
    except ValueError:
        return {}  # the model's broken JSON was answered by a tool error already; the API needs an object
    return value if isinstance(value, dict) else {}


def to_anthropic_messages(messages: list[Message]) -> list[dict[str, Any]]:
    wire: list[dict[str, Any]] = []
    for message in messages:
        blocks: list[dict[str, Any]] = []
        if message.role == "tool":
            role = "user"
            result: dict[str, Any] = {"type": "tool_result", "tool_use_id": message.tool_call_id or ""}
            if message.content:
                result["content"] = message.content
            if message.is_error:
                result["is_error"] = True
            blocks.append(result)
        else:
            role = message.role
            if message.content:
                blocks.append({"type": "text", "text": message.content})
            for call in message.tool_calls:
                blocks.append(
                    {
                        "type": "tool_use",
                        "id": call.id,
                        "name": call.name,
                        "input": _arguments_object(call.arguments),
                    }
                )
            if not blocks:
                if role == "assistant":
                    continue  # an empty assistant turn says nothing; dropping it keeps roles alternating
                blocks.append({"type": "text", "text": "(empty)"})
        if wire and wire[-1]["role"] == role:
            wire[-1]["content"].extend(blocks)
        else:
            wire.append({"role": role, "content": blocks})
    for item in wire:  # tool results must lead a user message
        if item["role"] == "user":
            item["content"].sort(key=lambda block: block["type"] != "tool_result")
    return wire


#: A prompt-cache breakpoint: the request up to and including the marked block may be cached (5 minutes).
CACHE_BREAKPOINT: dict[str, str] = {"type": "ephemeral"}


def mark_cache_breakpoints(body: dict[str, Any]) -> None:
    """Marks the stable prefix for Anthropic's prompt cache: the tools, the system prompt, the last message.

    The server renders tools, then system, then messages; a breakpoint caches everything before it. The
    last message of a call is the newest stable part: the next call of the same stage repeats the whole
    request and appends to it, so it reads this call's prefix from the cache and writes only what is new.
    Three of the four breakpoints the API allows.
    """
    tools = body.get("tools")
    if tools:
        tools[-1] = {**tools[-1], "cache_control": CACHE_BREAKPOINT}
    system = body.get("system")
    if isinstance(system, str) and system:
        body["system"] = [{"type": "text", "text": system, "cache_control": CACHE_BREAKPOINT}]
    messages = body.get("messages")
    if messages and messages[-1]["content"]:
        last = messages[-1]["content"]
        last[-1] = {**last[-1], "cache_control": CACHE_BREAKPOINT}


def _wire_tool_choice(choice: ToolChoice) -> dict[str, Any]:
    if isinstance(choice, dict):
        return {"type": "tool", "name": choice["name"]}
    return {"type": {"auto": "auto", "required": "any", "none": "none"}[choice]}


class AnthropicProvider(HTTPStreamingProvider[_Accumulator]):
    """Streams Messages from one connection. Owns no client unless none is given."""

    output_as_tool = True

    async def _count(self, client: httpx.AsyncClient, request: ModelRequest) -> int | None:
        """The Messages API's own count (``POST /v1/messages/count_tokens``): the request without its
        streaming and output settings."""
        body = self.body(request, CallPlan(choice=None, stream=False))
        sent = {k: body[k] for k in ("model", "system", "messages", "tools") if k in body}
        counted = await client.post(self.url + "/count_tokens", json=sent, headers=self.headers())
        return int(counted.json()["input_tokens"]) if counted.status_code == 200 else None

    def endpoint(self, base_url: str) -> str:
        return api_url(base_url, "/messages")

    def headers(self) -> dict[str, str]:
        headers = {
            "Accept": "text/event-stream",
            "User-Agent": USER_AGENT,
            "anthropic-version": API_VERSION,
            **self.connection.headers,
        }
        if self._api_key:
            headers["x-api-key"] = self._api_key
        return headers

    def body(self, request: ModelRequest, plan: CallPlan) -> dict[str, Any]:
        settings = request.settings
        body: dict[str, Any] = {
            "model": model_for(self.connection, settings.model, self._model_override),
            "max_tokens": settings.max_tokens or DEFAULT_MAX_TOKENS,
            "messages": to_anthropic_messages(request.messages),
            "stream": plan.stream,
        }
        if request.system:
            body["system"] = request.system
        tools = [{"name": t.name, "description": t.description, "input_schema": t.parameters} for t in request.tools]
        if request.output is not None:  # a structured answer is the input of one tool the model is made to call
            tools.append({"name": request.output.name, "description": "Give your answer as this tool's input.",
                          "input_schema": request.output.json_schema})
        if tools:
            body["tools"] = tools
            if plan.choice is not None:
                body["tool_choice"] = _wire_tool_choice(plan.choice)
        if settings.temperature is not None:
            body["temperature"] = min(settings.temperature, 1.0)  # the API's range is 0..1
        if self.prompt_caching:
            mark_cache_breakpoints(body)
        return body

    def accumulator(self, connection_id: str) -> _Accumulator:
        return _Accumulator(connection_id)

    def whole_body_events(self, raw: bytes, connection_id: str) -> list[Any]:
        return _whole_message_events(raw, connection_id)


def _whole_message_events(raw: bytes, connection_id: str) -> list[dict[str, Any]]:
    """A non-streamed reply (a server that ignored ``stream``) as the events a stream would have sent."""
    try:
        message = _loads(raw)
    except ValueError:
        raise malformed_chunk(connection_id, "a response that is neither an event stream nor JSON") from None
    if not isinstance(message, dict):
        raise malformed_chunk(connection_id, "a response that is not a JSON object")
    if message.get("type") == "error":
        return [message]
    events: list[dict[str, Any]] = [{"type": "message_start", "message": {"usage": message.get("usage") or {}}}]
    for index, block in enumerate(message.get("content") or []):
        events.append({"type": "content_block_start", "index": index, "content_block": block})
        events.append({"type": "content_block_stop", "index": index})
    events.append({"type": "message_delta", "delta": {"stop_reason": message.get("stop_reason")}})
    events.append({"type": "message_stop"})
    return events
