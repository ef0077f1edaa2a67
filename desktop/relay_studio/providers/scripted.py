"""A scripted provider for tests and the offline demo, in the spirit of the Agents SDK's ScriptedModel.

Script format::

    {"turns": {"writer": [
        {"text": "...", "toolCalls": [{"name": "workspace_write_file", "arguments": {...}}]},
        {"toolCalls": [{"name": "agent_handoff", "arguments": "{not valid json"}]},
        {"error": {"status": 429, "message": "rate limited"}},
        {"delayMs": 200, "toolCalls": []}
     ]}}

Each model call of profile P takes the next turn of ``turns[P]``; a string ``arguments`` passes through
raw. Every request is recorded; a call past the end of a profile's turns raises
``model.script_exhausted``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic.alias_generators import to_camel

from relay_studio.domain import error_codes as codes
from relay_studio.domain.messages import (
    ModelRequest,
    ModelResponse,
    ResponseCompleted,
    StreamEvent,
    TextDelta,
    ToolCall,
    ToolCallDelta,
    Usage,
)
from relay_studio.domain.validation import first_problem
from relay_studio.providers.base import ProviderError
from relay_studio.providers.retry import is_retryable_status


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", alias_generator=to_camel, populate_by_name=True)


class ScriptedToolCall(_Strict):
    name: str
    arguments: dict[str, Any] | str = Field(default_factory=dict)
    id: str | None = None


class ScriptedError(_Strict):
    status: int | None = None
    code: str | None = None
    message: str = "scripted provider error"


class ScriptedTurn(_Strict):
    text: str = ""
    reasoning: str = ""
    tool_calls: list[ScriptedToolCall] = Field(default_factory=list)
    error: ScriptedError | None = None
    delay_ms: int = Field(default=0, ge=0)
    usage: Usage | None = None


class Script(_Strict):
    turns: dict[str, list[ScriptedTurn]]


class ScriptError(ValueError):
    code = codes.SCRIPT_INVALID


def load_script(source: Path | str | dict[str, Any]) -> Script:
    """Reads a script from a file, JSON text or a dict; a bad script names its problem."""
    try:
        if isinstance(source, Path):
            data: Any = json.loads(source.read_text(encoding="utf-8"))
        elif isinstance(source, str):
            data = json.loads(source)
        else:
            data = source
        return Script.model_validate(data)
    except OSError as exc:
        raise ScriptError(f"Cannot read script {source}: {exc.strerror}.") from None
    except json.JSONDecodeError as exc:
        raise ScriptError(f"The script is not valid JSON (line {exc.lineno}): {exc.msg}.") from None
    except ValidationError as exc:
        raise ScriptError(f"The script is malformed: {first_problem(exc, 'script').line()}.") from None


class ScriptedProvider:
    def __init__(self, script: Script, *, chunk_size: int = 16) -> None:
        self.script = script
        self.cursor: dict[str, int] = {}
        self.requests: list[ModelRequest] = []
        self._chunk = chunk_size

    def skip(self, consumed: dict[str, int]) -> None:
        """Continues a resumed run: each profile's first ``consumed[profile]`` turns were already used."""
        for profile_id, count in consumed.items():
            self.cursor[profile_id] = max(self.cursor.get(profile_id, 0), count)

    def remaining(self, profile_id: str) -> int:
        return len(self.script.turns.get(profile_id, [])) - self.cursor.get(profile_id, 0)

    def _next_turn(self, request: ModelRequest) -> ScriptedTurn:
        turns = self.script.turns.get(request.agent_id, [])
        index = self.cursor.get(request.agent_id, 0)
        if index >= len(turns):
            raise ProviderError(
                codes.MODEL_SCRIPT_EXHAUSTED,
                f"The script has no more turns for agent '{request.agent_id}' (it had {len(turns)}).",
            )
        self.cursor[request.agent_id] = index + 1
        return turns[index]

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamEvent]:
        self.requests.append(request)  # the runtime builds a fresh request per call and never mutates it
        call_number = len(self.requests)
        turn = self._next_turn(request)
        if turn.delay_ms:
            await asyncio.sleep(turn.delay_ms / 1000)
        if turn.error is not None:
            status = turn.error.status
            raise ProviderError(
                turn.error.code or (f"{codes.PROVIDER_HTTP_PREFIX}{status}" if status else codes.PROVIDER_ERROR),
                f"The model service answered {status}: {turn.error.message}"
                if status
                else turn.error.message,
                retryable=status is not None and is_retryable_status(status),
                status=status,
            )
        for start in range(0, len(turn.text), self._chunk):
            yield TextDelta(text=turn.text[start : start + self._chunk])
            await asyncio.sleep(0)
        calls: list[ToolCall] = []
        for i, call in enumerate(turn.tool_calls):
            raw = call.arguments if isinstance(call.arguments, str) else json.dumps(call.arguments)
            call_id = call.id or f"call_{call_number}_{i}"
            yield ToolCallDelta(index=i, name=call.name, arguments=raw)
            calls.append(ToolCall(id=call_id, name=call.name, arguments=raw))
        usage = turn.usage or Usage(
            input_tokens=sum(len(m.content) for m in request.messages) // 4 + len(request.system) // 4,
            output_tokens=max(1, (len(turn.text) + sum(len(c.arguments) for c in calls)) // 4),
        )
        yield ResponseCompleted(
            response=ModelResponse(
                text=turn.text,
                reasoning=turn.reasoning,
                tool_calls=calls,
                finish_reason="tool_calls" if calls else "stop",
                usage=usage,
            )
        )
