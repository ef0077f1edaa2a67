"""A stage's request fitted to the context its model holds (docs/runtime.md, *Requests that fit the context*).

A long draft read, rewritten and handed on pushed a later request of a relay past llama-server's 8,192-token
context, and the server refused it (``provider.bad_request``). The window is the profile's
``model.contextWindowTokens``, else what a refusal of this run taught (the number the server's words name,
else what its server reports when asked (``detect.model_context_length``), else three quarters of
the refused request). The request keeps its system prompt, the pinned handoff document, the stage's
input message (its brief), the creator's request and its newest turn; older chat history goes first,
then the stage's own oldest turns, a tool call always with its results. Only the request is shortened:
the stage's conversation stays whole in the store.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from relay_studio.domain.enums import InvocationKind
from relay_studio.domain.messages import Message, ModelRequest
from relay_studio.library.mentions import estimate_tokens
from relay_studio.providers.base import ProviderError
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.context_window import PER_MESSAGE_TOKENS, exceeds_context
from relay_studio.runtime.delegation.history import snapshot

#: tokens per tool schema sent beside the messages (names, descriptions, parameters), a loose estimate
PER_TOOL_TOKENS = 120
#: share of the window the estimate may fill: the estimate counts characters, the server counts tokens
SAFETY = 0.85
#: what a refusal that names no window leaves of the refused request's estimate
SHRINK_WITHOUT_WINDOW = 0.75

_WINDOW_WORDS = (
    re.compile(r"maximum context length is (\d[\d,]*)", re.I),
    re.compile(r"context (?:size|window|length)[^\d]{0,12}(\d[\d,]*)\s*tokens", re.I),
    re.compile(r"n_ctx\D{0,4}(\d[\d,]*)", re.I),
)


@dataclass(frozen=True)
class Trimmed:
    request: ModelRequest
    left_out: int
    estimate: int
    window: int


def estimate(request: ModelRequest) -> int:
    """Estimated prompt tokens of ``request``: system, messages (text and tool-call arguments), tools."""
    total = estimate_tokens(request.system) + PER_TOOL_TOKENS * len(request.tools)
    for m in request.messages:
        total += estimate_tokens(m.content) + PER_MESSAGE_TOKENS
        total += sum(estimate_tokens(c.arguments) + PER_MESSAGE_TOKENS for c in m.tool_calls)
    return total


def said_window(error: ProviderError) -> int | None:
    """The context size a server's refusal names ("maximum context length is 8192 tokens")."""
    said = f"{error.message} {error.detail or ''}"
    for pattern in _WINDOW_WORDS:
        found = pattern.search(said)
        if found:
            return int(found.group(1).replace(",", ""))
    return None


def own_start(run: RunContext, inv: InvocationState) -> int:
    """Where the stage's own turns begin in its messages (after the input it was given)."""
    if inv.kind is InvocationKind.ROOT:
        return len(snapshot(run.chat_input, inv.profile.context.chat_history_messages))
    return inv.input_count


def _groups(messages: list[Message], start: int, end: int) -> list[list[int]]:
    """Indices ``start``..``end`` in droppable groups: an assistant turn with the results that answer it."""
    groups: list[list[int]] = []
    for i in range(start, end):
        if messages[i].role == "tool" and groups:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def trim(run: RunContext, inv: InvocationState, request: ModelRequest, window: int) -> Trimmed | None:
    """``request`` without as many of its oldest droppable messages as the estimate needs to leave the
    answer's share of ``window`` free; None when it fits already."""
    budget = int(window * SAFETY) - (request.settings.max_tokens or 0)
    if estimate(request) <= budget:
        return None
    messages = request.messages
    start = own_start(run, inv)
    pinned = min(run.chat_input.pinned, max(start - 1, 0))
    # history before the stage's input message, then its own turns except the newest
    last_turn = max((i for i, m in enumerate(messages) if m.role == "assistant" and i >= start), default=len(messages))
    droppable = _groups(messages, pinned, max(start - 1, pinned)) + _groups(messages, start, last_turn)
    creators = run.chat_input.user_text
    droppable = [g for g in droppable if not (messages[g[0]].role == "user" and messages[g[0]].content == creators)]
    dropped: set[int] = set()
    for group in droppable:
        kept_request = _without(request, dropped)
        if estimate(kept_request) <= budget:
            break
        dropped.update(group)
    fitted = _without(request, dropped)
    return Trimmed(fitted, len(dropped), estimate(request), window)


def _without(request: ModelRequest, dropped: set[int]) -> ModelRequest:
    kept = [m for i, m in enumerate(request.messages) if i not in dropped]
    return request.model_copy(update={"messages": kept})


async def window_after_refusal(run: RunContext, inv: InvocationState, error: ProviderError,
                               request: ModelRequest) -> int | None:
    """The window a context refusal teaches (None: the refusal is of another kind)."""
    if not exceeds_context(error.code, error.message):
        return None
    window = said_window(error)
    if window is None:
        window = await _reported(run, inv)
    if window is None:
        window = int((estimate(request) + (request.settings.max_tokens or 0)) * SHRINK_WITHOUT_WINDOW)
    return window


async def _reported(run: RunContext, inv: InvocationState) -> int | None:
    """What the model's server reports of its context when asked (llama.cpp's ``/props``, a model list's
    ``context_length``); asked without the API key: a local server needs none, a hosted one names its
    window in the refusal itself."""
    from relay_studio.providers.connections import Connection  # httpx: only after a refusal, never at start
    from relay_studio.providers.detect import model_context_length

    connection = getattr(run.provider_for(inv.profile), "connection", None)
    if not isinstance(connection, Connection):
        return None
    try:
        return await model_context_length(connection, None, inv.profile.model.model or connection.default_model)
    except (ProviderError, OSError):
        return None


def window_key(inv: InvocationState) -> str:
    model = inv.profile.model
    return f"{model.mode}:{model.connection or ''}:{model.model or ''}"
