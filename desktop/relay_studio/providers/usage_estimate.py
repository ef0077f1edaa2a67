"""Token counts a server did not send, estimated: never "0 in · 0 out" for an answer that came.

Some servers send no counts with a streamed answer (llama-cpp-python ignores ``stream_options``, and
sends no ``timings``). The studio keeps streaming and estimates instead, by one documented rule:

    a token is about four characters: input = ceil(characters sent / 4), output = ceil(characters
    received / 4), where "sent" is the system prompt, the messages (text, tool calls' names and
    arguments, tool results) and the tools offered (names, descriptions and parameter schemas as
    JSON), and "received" is the answer's text, reasoning, and tool calls' names and arguments.

An estimate is marked ``Usage.estimated``: the journal's ``model_call_completed`` payload carries it,
and the window shows such counts with a "~". Cached tokens are never estimated (0).
"""

from __future__ import annotations

import json
import math

from relay_studio.domain.messages import ModelRequest, ModelResponse, Usage

CHARS_PER_TOKEN = 4


def tokens_of(chars: int) -> int:
    """The estimated tokens of ``chars`` characters (rounded up: any text is at least one token)."""
    return math.ceil(chars / CHARS_PER_TOKEN) if chars > 0 else 0


def sent_chars(request: ModelRequest) -> int:
    chars = len(request.system)
    for message in request.messages:
        chars += len(message.content)
        for call in message.tool_calls:
            chars += len(call.name) + len(call.arguments)
    for tool in request.tools:
        chars += len(tool.name) + len(tool.description) + len(json.dumps(tool.parameters, ensure_ascii=False))
    return chars


def received_chars(response: ModelResponse) -> int:
    return (len(response.text) + len(response.reasoning)
            + sum(len(call.name) + len(call.arguments) for call in response.tool_calls))


def has_counts(usage: Usage) -> bool:
    return bool(usage.input_tokens or usage.output_tokens)


def estimate_usage(request: ModelRequest, response: ModelResponse) -> Usage:
    return Usage(input_tokens=tokens_of(sent_chars(request)), output_tokens=tokens_of(received_chars(response)),
                 estimated=True)
