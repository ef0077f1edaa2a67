"""One rule for text a model (or a server) produced: lone UTF-16 surrogates become U+FFFD.

A JSON string may carry ``"\\ud800"`` without its partner; Python decodes it to a ``str`` that cannot
be encoded as UTF-8, so storing, journaling or writing it to a file fails far from where it came in.
The runtime repairs every stream event once, where it leaves the provider (``runtime/model_call.py``),
and journals that it did; nothing behind that point needs to care.
"""

from __future__ import annotations

import json
import re
from typing import Any

from relay_studio.domain.messages import (
    CallProgress,
    ModelResponse,
    ProviderNotice,
    ReasoningDelta,
    StreamEvent,
    TextDelta,
    ToolCall,
    ToolCallDelta,
)

REPLACEMENT = "\ufffd"
_SURROGATE = re.compile("[\ud800-\udfff]")
# A \uD800-\uDFFF escape inside JSON text: the decoded value may hold a lone surrogate.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def repair(text: str) -> str:
    """The text with every surrogate code point replaced by U+FFFD (UTF-8 safe)."""
    return _SURROGATE.sub(REPLACEMENT, text) if _SURROGATE.search(text) else text


def is_utf8(text: str) -> bool:
    """Whether the text can be stored: no surrogates (undecodable bytes of a command line become them)."""
    return _SURROGATE.search(text) is None


def repair_value(value: Any) -> Any:
    """``repair`` applied to every string (keys too) inside decoded JSON."""
    if isinstance(value, str):
        return repair(value)
    if isinstance(value, list):
        return [repair_value(v) for v in value]
    if isinstance(value, dict):
        return {repair(str(k)): repair_value(v) for k, v in value.items()}
    return value


def repair_json_text(raw: str) -> str:
    """JSON text whose decoded strings hold no surrogates (re-encoded only when they did)."""
    raw = repair(raw)
    if not _SURROGATE_ESCAPE.search(raw):
        return raw
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        return raw  # not JSON: the tool call is refused as invalid arguments anyway
    cleaned = repair_value(value)
    return raw if cleaned == value else json.dumps(cleaned, ensure_ascii=False)


def _call(call: ToolCall) -> ToolCall:
    return ToolCall(id=repair(call.id), name=repair(call.name), arguments=repair_json_text(call.arguments))


def repair_event(event: StreamEvent) -> tuple[StreamEvent, list[str]]:
    """The event made safe, and which parts of it needed a repair (empty: unchanged)."""
    fixed: list[str] = []

    def fix(text: str, where: str, *, as_json: bool = False) -> str:
        out = repair_json_text(text) if as_json else repair(text)
        if out != text:
            fixed.append(where)
        return out

    if isinstance(event, TextDelta):
        text = fix(event.text, "text")
        return (event.model_copy(update={"text": text}) if fixed else event), fixed
    if isinstance(event, ReasoningDelta):
        text = fix(event.text, "reasoning")
        return (event.model_copy(update={"text": text}) if fixed else event), fixed
    if isinstance(event, ToolCallDelta):
        name = fix(event.name, "tool names") if event.name is not None else None
        args = fix(event.arguments, "tool arguments")
        return (event.model_copy(update={"name": name, "arguments": args}) if fixed else event), fixed
    if isinstance(event, ProviderNotice):
        message = fix(event.message, "notices")
        return (event.model_copy(update={"message": message}) if fixed else event), fixed
    if isinstance(event, CallProgress):
        return event, fixed  # numbers only
    response: ModelResponse = event.response
    text = fix(response.text, "text")
    reasoning = fix(response.reasoning, "reasoning")
    calls = []
    for call in response.tool_calls:
        clean = _call(call)
        if clean.name != call.name:
            fixed.append("tool names")
        if clean.id != call.id:
            fixed.append("tool call ids")
        if clean.arguments != call.arguments:
            fixed.append("tool arguments")
        calls.append(clean)
    if not fixed:
        return event, fixed
    update = {"text": text, "reasoning": reasoning, "tool_calls": calls}
    return event.model_copy(update={"response": response.model_copy(update=update)}), fixed


#: How much of a model-chosen name (a tool, a file, an agent) a terminal line shows.
SHOWN_NAME_CHARS = 120


def for_terminal(text: object, limit: int | None = SHOWN_NAME_CHARS, *, keep_lines: bool = False) -> str:
    """Text safe to print: control and format characters (escape sequences, bidi overrides) shown as
    ``\\x1b``-style escapes, cut to ``limit`` characters with an ellipsis; newlines and tabs kept when
    ``keep_lines``."""
    raw = repair(str(text))
    cut = limit is not None and len(raw) > limit
    if cut:
        raw = raw[:limit]
    out = "".join(
        ch if ch.isprintable() or (keep_lines and ch in "\n\t") else ch.encode("unicode_escape").decode("ascii")
        for ch in raw
    )
    return out + "…" if cut else out
