"""What every HTTP provider that POSTs one JSON request and reads the answer as server-sent events shares.

``HTTPStreamingProvider`` holds the connection, key, client and capability memory, streams through the
fallbacks of ``capabilities`` (a smaller request when the server refuses one), and runs one attempt:
build the body, open the event stream, feed each event's JSON to a wire-specific accumulator until the
wire says the answer is over, then check that it really is complete. A server that ignores ``stream:
true`` and answers one JSON body is handled here too: the wire format turns that body into the events a
stream would have sent; a non-streamed attempt (a model that cannot stream tool calls) reads its JSON
answer the same way. A 2xx body with no event at all (empty, or not an event stream) raises
``UnusableBody`` quoting what the server sent.

A wire format (``openai_compat``, ``anthropic``) supplies only what differs: the endpoint, headers and
body, its accumulator, how a whole JSON body becomes events, an optional SSE data sentinel that ends the
stream (OpenAI's ``[DONE]``), and the reason given for an event that is not JSON.

An attempt that asks for the whole answer first yields ``CallProgress(streamed=False)`` (the window
says "this server sends the answer at once"); an answer without token counts gets estimated ones
(``usage_estimate``, marked ``estimated``). An answer that goes on past its length cap is stopped on our
side (``output_cap``): a server that ignores ``max_tokens`` cannot flood the studio.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from contextlib import aclosing, asynccontextmanager
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import httpx

from relay_studio.domain.messages import CallProgress, ModelRequest, ModelResponse, ResponseCompleted, StreamEvent
from relay_studio.providers.base import ProviderError
from relay_studio.providers.capabilities import CallPlan, CapabilityMemory, ModelLimits, stream_with_fallbacks
from relay_studio.providers.connections import Connection, http_timeout, model_for
from relay_studio.providers.http_clients import async_client
from relay_studio.providers.output_cap import MAX_WHOLE_BODY_BYTES, OutputBudget
from relay_studio.providers.retry import UnusableBody, malformed_chunk
from relay_studio.providers.sse import event_batches, open_event_stream, read_bounded
from relay_studio.providers.usage_estimate import estimate_usage, has_counts

USER_AGENT = "relay-studio"
_loads = json.loads


class WireAccumulator(Protocol):
    """The state of one streamed answer in one wire format."""

    @property
    def done(self) -> bool:
        """Whether an event fed so far ends the answer (Anthropic's ``message_stop``)."""
        ...

    def feed(self, data: Any, out: list[StreamEvent]) -> None:
        """Turns one parsed event into canonical events appended to ``out``; raises ``ProviderError``."""
        ...

    def check_complete(self, ended: bool) -> None:
        """Raises unless the answer is complete; ``ended``: the body or a sentinel said it was over."""
        ...

    def response(self, connection: Connection) -> ModelResponse: ...


A = TypeVar("A", bound=WireAccumulator)


class HTTPStreamingProvider(ABC, Generic[A]):
    """Streams answers from one connection over HTTP and SSE. Owns no client unless none is given."""

    #: SSE data that ends the stream before any JSON is parsed; None when the wire has no such sentinel.
    done_sentinel: ClassVar[str | None] = None
    #: What ``provider.malformed_chunk`` says an SSE event whose data is not JSON was.
    not_json: ClassVar[str] = "an event that is not JSON"
    #: Whether the wire has a per-session cache routing key worth sending (OpenAI's ``prompt_cache_key``).
    sends_cache_key: ClassVar[bool] = False
    #: Whether the wire asks for a structured answer as a forced tool (Anthropic) rather than as
    #: ``response_format`` (OpenAI); the forced tool then goes through the tool-choice fallbacks.
    output_as_tool: ClassVar[bool] = False
    #: Whether the wire can ask a server on this machine to report reading the prompt (llama.cpp's
    #: ``return_progress``; other servers ignore the field, a refusal drops it). Hosted APIs are never asked.
    asks_progress: ClassVar[bool] = False

    def __init__(
        self,
        connection: Connection,
        api_key: str | None,
        *,
        client: httpx.AsyncClient | None = None,
        model_override: str | None = None,
        on_learned: Callable[[str, ModelLimits], None] | None = None,
        prompt_caching: bool = True,
    ) -> None:
        self.connection = connection
        self._api_key = api_key
        self._client = client
        self._model_override = model_override
        self.prompt_caching = prompt_caching
        """Whether requests mark their stable prefix for the server's prompt cache (bench/ turns it off)."""
        self.capabilities = CapabilityMemory(
            connection.id,
            connection.learned,
            legacy_tool_choice=connection.tool_choice_unsupported,
            on_learned=on_learned,
        )
        self.url = self.endpoint(connection.base_url)

    def served_by(self, requested: str | None) -> tuple[str, str]:
        """The connection and the model a request asking for ``requested`` goes to (journaled with each call:
        an override or a connection's default model is never silent)."""
        try:
            return self.connection.id, model_for(self.connection, requested, self._model_override)
        except ProviderError:
            return self.connection.id, requested or ""

    async def count_tokens(self, request: ModelRequest) -> int | None:
        """The request's input tokens by the server's own tokenizer, or None when it offers none (a forecast
        then estimates). Wires that can count override ``_count``."""
        try:
            async with async_client(timeout=httpx.Timeout(10.0)) if self._client is None else _borrowed(
                    self._client) as client:
                return await self._count(client, request)
        except (httpx.HTTPError, ValueError, KeyError, TypeError):
            return None

    async def _count(self, client: httpx.AsyncClient, request: ModelRequest) -> int | None:
        return None

    def __repr__(self) -> str:  # never the key
        return f"{type(self).__name__}(connection={self.connection.id!r})"

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        return self._stream(request)

    async def _stream(self, request: ModelRequest) -> AsyncGenerator[StreamEvent, None]:
        model = model_for(self.connection, request.settings.model, self._model_override)
        has_tools = bool(request.tools)
        choice = request.settings.tool_choice
        structured = request.output is not None
        if structured and self.output_as_tool:
            assert request.output is not None
            has_tools, choice, structured = True, {"name": request.output.name}, False
        cache_key = self.sends_cache_key and self.prompt_caching and not self.connection.is_local
        progress = self.asks_progress and self.connection.is_local
        plan = self.capabilities.plan(model, choice, has_tools, cache_key=cache_key, structured=structured,
                                      progress=progress, turn_markers=self.connection.is_local)
        async with aclosing(
            stream_with_fallbacks(
                self.capabilities, model, plan, has_tools, lambda p: self._attempt(request, p)
            )
        ) as events:
            async for event in events:
                yield event

    # -- what each wire format supplies ---------------------------------------------------------------

    @abstractmethod
    def endpoint(self, base_url: str) -> str:
        """The URL answers are requested from, given the connection's base URL."""

    @abstractmethod
    def headers(self) -> dict[str, str]: ...

    @abstractmethod
    def body(self, request: ModelRequest, plan: CallPlan) -> dict[str, Any]:
        """The JSON request; ``plan`` says whether to stream, which tool choice, which fields to omit."""

    @abstractmethod
    def accumulator(self, connection_id: str) -> A:
        """A fresh accumulator for one attempt."""

    @abstractmethod
    def whole_body_events(self, raw: bytes, connection_id: str) -> list[Any]:
        """A JSON body (a server that ignored ``stream``) as the parsed events a stream would have sent."""

    # -- one attempt ----------------------------------------------------------------------------------

    async def _attempt(self, request: ModelRequest, plan: CallPlan) -> AsyncGenerator[StreamEvent, None]:
        body = self.body(request, plan)
        connection_id = self.connection.id
        if not plan.stream:
            yield CallProgress(streamed=False)  # the live views say the answer comes at once
        state = self.accumulator(connection_id)
        budget = OutputBudget(request.settings.max_tokens)
        done = capped = False
        head = bytearray()
        async with open_event_stream(
            self._client,
            self.url,
            headers=self.headers(),
            body=body,
            http_timeout=http_timeout(self.connection),
            connection_id=connection_id,
            api_key=self._api_key,
        ) as response:
            if not plan.stream or response.headers.get("content-type", "").startswith("application/json"):
                # A non-streamed call, or a server that ignored "stream": one whole answer (or an error).
                raw = await read_bounded(response, MAX_WHOLE_BODY_BYTES, connection_id)
                if not raw.strip():
                    raise UnusableBody(connection_id, raw, streamed=plan.stream)
                out: list[StreamEvent] = []
                for data in self.whole_body_events(raw, connection_id):
                    state.feed(data, out)
                for item in out:
                    yield item
                done = True
            else:
                sentinel = self.done_sentinel
                not_json = self.not_json
                feed = state.feed
                fed = 0
                async with aclosing(event_batches(response, connection_id, head)) as batches:
                    async for events in batches:
                        out = []
                        arrived = 0
                        for event in events:
                            data = event.data
                            arrived += len(data)
                            if data == sentinel:
                                done = True
                                break
                            try:
                                parsed = _loads(data)
                            except ValueError:
                                raise malformed_chunk(connection_id, not_json) from None
                            feed(parsed, out)
                            fed += 1
                            if state.done:
                                done = True
                                break
                        for item in out:
                            yield item
                        if done:
                            break
                        if budget.spend(arrived, out):
                            capped = True
                            break
                if not fed and not done:
                    raise UnusableBody(connection_id, bytes(head), streamed=True, secrets=(self._api_key,))
        if capped:
            yield budget.notice(connection_id)
            answer = budget.capped(_cut_answer(state, self.connection))
        else:
            state.check_complete(done)
            answer = state.response(self.connection)
        if not has_counts(answer.usage):  # no usage, no timings: estimated, never "0 in · 0 out"
            usage = estimate_usage(request, answer)
            answer = answer.model_copy(update={"usage": usage, "cost": self.connection.cost(usage)})
        yield ResponseCompleted(response=answer)


def _cut_answer(state: WireAccumulator, connection: Connection) -> ModelResponse:
    """What a stream stopped at the cap had brought: a tool call still arriving is dropped where the wire
    cannot hand it on unfinished (Anthropic); OpenAI's goes on with ``length``, and the loop refuses it."""
    try:
        return state.response(connection)
    except ProviderError:
        text = getattr(state, "text", [])
        return ModelResponse(text="".join(text) if isinstance(text, list) else "")


@asynccontextmanager
async def _borrowed(client: httpx.AsyncClient) -> AsyncIterator[httpx.AsyncClient]:
    """A client the provider was given: used, never closed here."""
    yield client
