"""One model call of an invocation: request, stream, model-turn record, retries, all journaled."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import AsyncIterator

from pydantic import BaseModel
from pydantic_core import PydanticSerializationError

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain import safe_text, secret_values
from relay_studio.domain.enums import EventLevel
from relay_studio.domain.messages import (
    CallProgress,
    ModelRequest,
    ModelResponse,
    ModelSettings,
    OutputFormat,
    ProviderNotice,
    ReasoningDelta,
    ResponseCompleted,
    StreamEvent,
    TextDelta,
    ToolCallDelta,
    ToolSchema,
)
from relay_studio.providers.base import ProviderError
from relay_studio.providers.retry import backoff_delay
from relay_studio.providers.usage_estimate import estimate_usage, tokens_of
from relay_studio.runtime import request_fit
from relay_studio.runtime.context import InvocationState, LiveUpdate, RunContext
from relay_studio.runtime.errors import InvocationFailed
from relay_studio.store import tables as t
from relay_studio.store.database import new_id, now_iso

_rng = random.Random()

#: ``model_notice`` code: the answer held lone surrogates, replaced with U+FFFD (``domain/safe_text.py``).
TEXT_REPAIRED = codes.MODEL_TEXT_REPAIRED


#: the default output cap: a quarter of the model's context window, at most this many tokens
MAX_DEFAULT_OUTPUT_TOKENS = 2048
#: the default output cap when the window is unknown (most servers do not say it with an answer): a scene's
#: length, and short enough that a rambling small model stops within a minute or two on a laptop
UNKNOWN_WINDOW_OUTPUT_TOKENS = 2048


def output_cap(max_tokens: int | None, window: int | None) -> int:
    """Every request's output cap (docs/runtime.md, *Output caps and deadlines*): the profile's
    ``maxTokens``, else a quarter of the context window it states (``contextWindowTokens``), at most 2,048,
    else 2,048. Without a cap a small local model writes until its context is full (minutes on two cores)."""
    if max_tokens is not None:
        return max_tokens
    if window is None:
        return UNKNOWN_WINDOW_OUTPUT_TOKENS
    return max(1, min(MAX_DEFAULT_OUTPUT_TOKENS, window // 4))


def build_request(run: RunContext, inv: InvocationState, tools: list[ToolSchema],
                  output: OutputFormat | None = None) -> ModelRequest:
    m = inv.profile.model
    return ModelRequest(
        output=output,
        agent_id=inv.profile.id,
        session_id=f"{run.run_id}:{inv.id}",
        system=inv.system_prompt,
        messages=list(inv.messages),
        tools=tools,
        settings=ModelSettings(
            model=m.model or "default",
            temperature=m.temperature,
            max_tokens=output_cap(m.max_tokens, m.context_window_tokens),
            tool_choice=m.tool_choice,
        ),
    )


async def _stream_once(run: RunContext, inv: InvocationState, request: ModelRequest, turn_id: str) -> ModelResponse:
    stream = run.provider_for(inv.profile).stream(request)
    try:
        response = await _consume(run, inv, stream, turn_id)
    finally:
        # Close the stream (and its socket) now, also when a cancel lands between two events.
        close = getattr(stream, "aclose", None)
        if close is not None:
            await close()
    if response is None:
        raise ProviderError(
            codes.PROVIDER_STREAM_INCOMPLETE, "The model's answer ended before it was complete.", retryable=True
        )
    return response


class _LiveProgress:
    """What the live views show of one call while it runs, sent as ``LiveUpdate(kind="progress")``.

    ``data``: ``turnId``; ``streamed`` (False: the server sends the whole answer at once);
    ``promptTotal``/``promptProcessed``/``promptCached`` when the server reports reading the prompt
    (``promptTotal`` None otherwise); ``writtenTokens``, the tokens written so far, estimated from the
    characters streamed (``providers.usage_estimate``). Sent when the call starts and whenever one of
    these changes; the window keeps the clock (seconds elapsed) itself.
    """

    def __init__(self, run: RunContext, inv: InvocationState, turn_id: str) -> None:
        self.run, self.inv = run, inv
        self.data: dict[str, object] = {"turnId": turn_id, "streamed": True, "promptTotal": None,
                                        "promptProcessed": 0, "promptCached": 0, "writtenTokens": 0}
        self.chars = 0

    def emit(self) -> None:
        self.run.emit_live(LiveUpdate(self.run.run_id, self.inv.id, self.inv.profile.id, "progress", "",
                                      dict(self.data)))

    def prompt(self, event: CallProgress) -> None:
        self.data["streamed"] = event.streamed
        if event.prompt_total is not None:
            self.data.update(promptTotal=event.prompt_total, promptProcessed=event.prompt_processed,
                             promptCached=event.prompt_cached)
        self.emit()

    def wrote(self, chars: int) -> None:
        self.chars += chars
        tokens = tokens_of(self.chars)
        if tokens != self.data["writtenTokens"]:
            self.data["writtenTokens"] = tokens
            self.emit()


async def _consume(
    run: RunContext, inv: InvocationState, stream: AsyncIterator[StreamEvent], turn_id: str
) -> ModelResponse | None:
    response: ModelResponse | None = None
    progress = _LiveProgress(run, inv, turn_id)
    progress.emit()  # the call started: the live views start their clock
    async for event in _repaired(run, inv, stream):
        if isinstance(event, TextDelta):
            run.emit_live(LiveUpdate(run.run_id, inv.id, inv.profile.id, "text", event.text))
            progress.wrote(len(event.text))
        elif isinstance(event, ReasoningDelta):
            run.emit_live(LiveUpdate(run.run_id, inv.id, inv.profile.id, "reasoning", event.text))
            progress.wrote(len(event.text))
        elif isinstance(event, ToolCallDelta):
            if event.name:
                run.emit_live(LiveUpdate(run.run_id, inv.id, inv.profile.id, "tool", event.name))
            progress.wrote(len(event.name or "") + len(event.arguments))
        elif isinstance(event, CallProgress):
            progress.prompt(event)
        elif isinstance(event, ProviderNotice):
            # A fallback the provider learned (providers/capabilities.py): said once, with its sentence.
            with run.db.transaction() as tx:
                tx.event(run.run_id, ev.MODEL_NOTICE,
                         {"code": event.code, "message": event.message, "turnId": turn_id,
                          "agentId": inv.profile.id},
                         invocation_id=inv.id, level=EventLevel.WARNING)
        elif isinstance(event, ResponseCompleted):
            response = event.response
    return response


def _json_of(model: BaseModel) -> str:
    """The record's JSON; text that slipped past the boundary with a lone surrogate is repaired, not fatal."""
    try:
        return model.model_dump_json()
    except PydanticSerializationError:
        return json.dumps(safe_text.repair_value(model.model_dump(mode="python")), ensure_ascii=False)


async def _repaired(
    run: RunContext, inv: InvocationState, stream: AsyncIterator[StreamEvent]
) -> AsyncIterator[StreamEvent]:
    """The provider boundary: every event made UTF-8 safe; a repair is journaled once per call."""
    repaired: list[str] = []
    held = {"text": secret_values.StreamScrubber(), "reasoning": secret_values.StreamScrubber()}
    try:
        async for raw in stream:
            event, fixed = safe_text.repair_event(raw)
            repaired += [f for f in fixed if f not in repaired]
            if not secret_values.active():
                yield event
                continue
            # A key echoed by the model never reaches a live view, even split over several pieces.
            if isinstance(event, TextDelta | ReasoningDelta):
                text = held[event.kind].feed(event.text)
                if text:
                    yield event.model_copy(update={"text": text})
                continue
            for kind, scrubber in held.items():
                rest = scrubber.flush()
                if rest:
                    yield TextDelta(text=rest) if kind == "text" else ReasoningDelta(text=rest)
            yield type(event).model_validate(secret_values.scrub_value(event.model_dump()))
    finally:
        if repaired:
            message = (
                "The model's answer held characters that cannot be stored (lone UTF-16 surrogates) in its "
                f"{', '.join(repaired)}; each was replaced with U+FFFD."
            )
            with run.db.transaction() as tx:
                tx.event(run.run_id, ev.MODEL_NOTICE, {"code": TEXT_REPAIRED, "message": message},
                         invocation_id=inv.id, level=EventLevel.WARNING)


async def _within_deadline(run: RunContext, inv: InvocationState, request: ModelRequest,
                           turn_id: str) -> ModelResponse:
    """The call, ended at the profile's ``callDeadlineSeconds``: what had arrived by then is the answer
    (its text; a tool call still arriving is dropped), with ``finish_reason`` "deadline"."""
    deadline = inv.profile.model.call_deadline_seconds
    arrived: list[str] = []

    def keep(update: LiveUpdate) -> None:
        if update.invocation_id == inv.id and update.kind == "text":
            arrived.append(update.text)

    run.live.append(keep)
    scope = asyncio.timeout(deadline)
    try:
        async with scope:
            return await _stream_once(run, inv, request, turn_id)
    except TimeoutError:
        if not scope.expired():  # a timeout of something inside, not the deadline
            raise
    finally:
        run.live.remove(keep)
    text = "".join(arrived)
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.MODEL_NOTICE,
                 {"code": codes.MODEL_CALL_DEADLINE, "turnId": turn_id, "agentId": inv.profile.id,
                  "message": f"The answer took longer than {deadline:g} s and was ended there; the "
                  f"{len(text):,} characters that had arrived are kept."},
                 invocation_id=inv.id, level=EventLevel.WARNING)
    # a call ended by its deadline has no counts from the server: estimated, never "0 in · 0 out"
    cut = ModelResponse(text=text, finish_reason="deadline")
    return cut.model_copy(update={"usage": estimate_usage(request, cut)})


def _served_by(run: RunContext, inv: InvocationState, requested: str) -> dict[str, str]:
    """``connection`` and ``servedModel``: where this call goes, when the provider can say (a connection's
    provider can; the scripted one of tests cannot). A binding that cannot be served fails in the call."""
    try:
        served = getattr(run.provider_for(inv.profile), "served_by", None)
    except ProviderError:
        return {}
    if not callable(served):
        return {}
    connection, model = served(requested)
    return {"connection": str(connection), "servedModel": str(model)}


def _fitted(run: RunContext, inv: InvocationState, request: ModelRequest, window: int | None,
            why: str) -> ModelRequest | None:
    """``request`` fitted to ``window`` (``request_fit.trim``), journaled as a ``model_notice``; None
    when it fits already or nothing can be left out."""
    if window is None:
        return None
    trimmed = request_fit.trim(run, inv, request, window)
    if trimmed is None or not trimmed.left_out:
        return None
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.MODEL_NOTICE,
                 {"code": codes.MODEL_REQUEST_TRIMMED, "agentId": inv.profile.id, "window": window,
                  "leftOut": trimmed.left_out, "estimatedTokens": trimmed.estimate, "why": why,
                  "message": f"The request was about {trimmed.estimate:,} tokens and the model holds {window:,}: "
                  f"{trimmed.left_out} older messages were left out of it (the system prompt and the "
                  "stage's brief stay)."},
                 invocation_id=inv.id, level=EventLevel.WARNING)
    return trimmed.request


async def call_model(run: RunContext, inv: InvocationState, tools: list[ToolSchema],
                     output: OutputFormat | None = None) -> ModelResponse:
    """``output``: the answer must be JSON of this schema (a reviewer), asked for where the server can."""
    request = build_request(run, inv, tools, output)
    binding = inv.profile.model
    key = request_fit.window_key(inv)
    known = binding.context_window_tokens or run.context_windows.get(key)
    request = _fitted(run, inv, request, known, "window") or request
    refitted = False
    request_json = _json_of(request)
    retry = 0
    while True:
        inv.model_calls += 1
        turn_id = new_id("turn")
        started = time.perf_counter()
        with run.db.transaction() as tx:
            tx.insert(
                t.ModelTurnRow,
                id=turn_id,
                run_id=run.run_id,
                invocation_id=inv.id,
                agent_id=inv.profile.id,
                call_index=inv.model_calls,
                request_json=request_json,
                started_at=now_iso(),
            )
            tx.event(
                run.run_id,
                ev.MODEL_CALL_STARTED,
                {"agentId": inv.profile.id, "turnId": turn_id, "callIndex": inv.model_calls,
                 "model": request.settings.model, **_served_by(run, inv, request.settings.model),
                 "attempt": retry + 1, "messages": len(request.messages),
                 "maxTokens": request.settings.max_tokens,
                 "tools": [s.name for s in tools]},
                invocation_id=inv.id,
            )
        try:
            response = await _within_deadline(run, inv, request, turn_id)
        except ProviderError as exc:
            elapsed = (time.perf_counter() - started) * 1000
            error = {"code": exc.code, "message": safe_text.repair(exc.message), "retryable": exc.retryable,
                     "status": exc.status}
            with run.db.transaction() as tx:
                tx.update(t.ModelTurnRow, turn_id, error_json=json.dumps(error, ensure_ascii=False), elapsed_ms=elapsed)
                tx.event(run.run_id, ev.MODEL_CALL_FAILED, {"turnId": turn_id, "elapsedMs": round(elapsed, 2), **error},
                         invocation_id=inv.id, level=EventLevel.ERROR)
            learned = None if refitted else await request_fit.window_after_refusal(run, inv, exc, request)
            shorter = _fitted(run, inv, request, learned, "refused") if learned is not None else None
            if shorter is not None and learned is not None:  # too long for the model: sent again, shorter
                run.context_windows[key] = learned
                request, request_json, refitted = shorter, _json_of(shorter), True
                continue
            if exc.retryable and retry < binding.max_retries:
                retry += 1
                delay = backoff_delay(retry, binding.retry_interval_seconds, exc.retry_after, _rng)
                with run.db.transaction() as tx:
                    tx.event(run.run_id, ev.MODEL_CALL_RETRY,
                             {"attempt": retry + 1, "delaySeconds": round(delay, 3), "code": exc.code},
                             invocation_id=inv.id, level=EventLevel.WARNING)
                await asyncio.sleep(delay)
                continue
            raise InvocationFailed(exc.code, safe_text.repair(exc.message)) from None
        elapsed = (time.perf_counter() - started) * 1000
        with run.db.transaction() as tx:
            tx.update(t.ModelTurnRow, turn_id, response_json=_json_of(response), elapsed_ms=elapsed)
            tx.event(
                run.run_id,
                ev.MODEL_CALL_COMPLETED,
                {"agentId": inv.profile.id, "turnId": turn_id, "elapsedMs": round(elapsed, 2),
                 "usage": response.usage.model_dump(), "cost": response.cost, "finishReason": response.finish_reason,
                 "toolCalls": [c.name for c in response.tool_calls], "textChars": len(response.text)},
                invocation_id=inv.id,
            )
        return response
