"""The canonical message and tool-call form every provider maps to and from."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field


class ToolCall(BaseModel):
    """A tool call as the model made it; ``arguments`` stays the raw text the model produced."""

    id: str
    name: str
    arguments: str = ""


class Message(BaseModel):
    role: Literal["user", "assistant", "tool"]
    content: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    tool_call_id: str | None = None
    tool_name: str | None = None
    reasoning: str | None = None
    is_error: bool = False


class ToolSchema(BaseModel):
    """A tool as the model sees it: an OpenAI-safe name, a description and JSON-schema parameters."""

    name: str
    description: str
    parameters: dict[str, Any]


ToolChoice = Literal["auto", "required", "none"] | dict[str, str]


class ModelSettings(BaseModel):
    model: str
    temperature: float | None = None
    max_tokens: int | None = None
    tool_choice: ToolChoice = "auto"


class OutputFormat(BaseModel):
    """A JSON answer the caller needs (a reviewer's typed result): servers that can are asked for exactly
    this schema (OpenAI ``response_format``, Anthropic a forced tool named ``name``); the caller still
    checks the answer."""

    name: str
    json_schema: dict[str, Any]


class ModelRequest(BaseModel):
    """Everything one model call sends. ``agent_id`` and ``session_id`` never go on the wire as text."""

    agent_id: str
    session_id: str
    system: str
    messages: list[Message]
    tools: list[ToolSchema]
    settings: ModelSettings
    output: OutputFormat | None = None


class Usage(BaseModel):
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    estimated: bool = False
    """The server sent no counts: these are the studio's estimate (``providers/usage_estimate.py``)."""

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cached_tokens=self.cached_tokens + other.cached_tokens,
            estimated=self.estimated or other.estimated,
        )


class ModelResponse(BaseModel):
    text: str = ""
    reasoning: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    finish_reason: str = "stop"
    usage: Usage = Field(default_factory=Usage)
    cost: float | None = None
    """What the call cost, in the connection's price currency; None when the connection has no prices."""


class TextDelta(BaseModel):
    kind: Literal["text"] = "text"
    text: str


class ReasoningDelta(BaseModel):
    kind: Literal["reasoning"] = "reasoning"
    text: str


class ToolCallDelta(BaseModel):
    """A tool call begins or grows; the UI shows which tool is being called while it streams."""

    kind: Literal["tool_call"] = "tool_call"
    index: int
    name: str | None = None
    arguments: str = ""


class ResponseCompleted(BaseModel):
    kind: Literal["completed"] = "completed"
    response: ModelResponse


class ProviderNotice(BaseModel):
    """Something the provider did on its own that the journal should show (e.g. a tool-choice fallback)."""

    kind: Literal["notice"] = "notice"
    code: str
    message: str


class CallProgress(BaseModel):
    """How a call is going while no answer arrives: never part of the answer, never a sign it was accepted.

    ``streamed`` False: the server sends the whole answer at once (a provider says so before such a
    request). ``prompt_total`` set: the server reports reading the prompt (llama.cpp's ``prompt_progress``):
    ``prompt_processed`` of ``prompt_total`` tokens read, ``prompt_cached`` of them reused from its cache.
    """

    kind: Literal["progress"] = "progress"
    streamed: bool = True
    prompt_total: int | None = None
    prompt_processed: int = 0
    prompt_cached: int = 0


StreamEvent = TextDelta | ReasoningDelta | ToolCallDelta | CallProgress | ProviderNotice | ResponseCompleted
