"""What a handoff target sees besides its own prompt: ``snapshot`` (the default), ``briefOnly``,
``fullHistory`` or ``nestedSummary``.

``snapshot`` is the run's frozen input (the chat history, bounded by the target's own
``context.chatHistoryMessages``, and the creator's message) followed by the brief: the target knows
what the creator asked, but not how the earlier stages worked.

The other modes' transcript is rebuilt from the raw conversation of every earlier stage each time, so
the nested summary never nests: after any number of handoffs there is exactly one
``<CONVERSATION HISTORY>``.

Code may decide the history instead (``input_data``): an input filter gets the run's history as
``HandoffInputData`` and returns what the target is given; a history mapper turns the transcript into
the history a ``nestedSummary`` handoff gives.
"""

from __future__ import annotations

import inspect
import json
from typing import Any

from relay_studio.domain.messages import Message
from relay_studio.domain.profile import HistoryMode
from relay_studio.runtime.context import ChatInput, InvocationState
from relay_studio.runtime.delegation.input_data import (
    HandoffInputData,
    HistoryMapper,
    InputFilter,
    RunItem,
    as_message,
    forwarded,
    history_messages,
)
from relay_studio.runtime.prompts import root_messages

SUMMARY_PREAMBLE = "For context, here is the conversation so far between the user and the previous agent:"
HISTORY_START = "<CONVERSATION HISTORY>"
HISTORY_END = "</CONVERSATION HISTORY>"
_MAX_VALUE = 400
_wrappers = [HISTORY_START, HISTORY_END]


def set_conversation_history_wrappers(*, start: str | None = None, end: str | None = None) -> None:
    """Changes the lines around the nested summary's records for this process (None keeps one side)."""
    if start is not None:
        _wrappers[0] = start
    if end is not None:
        _wrappers[1] = end


def reset_conversation_history_wrappers() -> None:
    _wrappers[:] = [HISTORY_START, HISTORY_END]


def get_conversation_history_wrappers() -> tuple[str, str]:
    return _wrappers[0], _wrappers[1]


def transcript(chain: list[InvocationState]) -> list[tuple[str, Message]]:
    """Every earlier stage's own conversation, in order, with the name of the agent it belongs to."""
    out: list[tuple[str, Message]] = []
    for inv in chain:
        out += [(inv.profile.display_name, m) for m in inv.messages[inv.input_count :]]
    return out


def without_tool_items(messages: list[tuple[str, Message]]) -> list[tuple[str, Message]]:
    """The SDK's ``remove_all_tools``: drop tool calls and results, keep what was said."""
    out: list[tuple[str, Message]] = []
    for agent, m in messages:
        if m.role == "tool":
            continue
        if m.role == "assistant" and m.tool_calls:
            if not m.content.strip():
                continue
            m = m.model_copy(update={"tool_calls": []})
        out.append((agent, m))
    return out


def _value(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + "; ".join(f"{k}: {_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    text = str(value)
    return text if len(text) <= _MAX_VALUE else text[:_MAX_VALUE] + "…"


def _arguments(raw: str) -> str:
    try:
        parsed = json.loads(raw) if raw.strip() else {}
    except json.JSONDecodeError:
        return _value(raw)
    if isinstance(parsed, dict):
        return "; ".join(f"{k}: {_value(v)}" for k, v in parsed.items())
    return _value(parsed)


def _lines(agent: str, m: Message) -> list[str]:
    if m.role == "user":
        return [f"user: {m.content}"]
    if m.role == "tool":
        return [f"tool result ({m.tool_name}): {m.content}"]
    who = f"assistant ({agent})" if agent else "assistant"
    out = [f"{who}: {m.content}"] if m.content.strip() else []
    out += [f"{who} called {c.name}: {_arguments(c.arguments)}" for c in m.tool_calls]
    return out


def summary_message(messages: list[tuple[str, Message]]) -> Message:
    records = [line for agent, m in messages for line in _lines(agent, m)]
    numbered = [
        f"{i}. " + record.replace("\n", "\n   ") for i, record in enumerate(records, start=1)
    ] or ["(no previous turns recorded)"]
    content = "\n".join([SUMMARY_PREAMBLE, _wrappers[0], *numbered, _wrappers[1]])
    return Message(role="assistant", content=content)


def snapshot(chat: ChatInput, limit: int) -> list[Message]:
    """The frozen chat input as the target's own history limit keeps it (a pinned handoff document stays)."""
    return root_messages(chat.history, chat.user_text, limit, chat.pinned)


def handoff_input(chain: list[InvocationState], brief_text: str, mode: HistoryMode,
                  remove_tool_items: bool, chat: ChatInput, history_limit: int, *,
                  history_mapper: HistoryMapper | None = None) -> list[Message]:
    """The target's first messages; ``history_limit`` is its ``context.chatHistoryMessages``. A
    ``nestedSummary`` with ``history_mapper`` gives what the mapper makes of the whole transcript."""
    brief = Message(role="user", content=brief_text)
    if mode == "snapshot":
        return [*snapshot(chat, history_limit), brief]
    if mode == "briefOnly":
        return [brief]
    if mode == "nestedSummary" and history_mapper is not None:
        data = handoff_data(chain, chat, history_limit)
        if remove_tool_items:
            data = remove_all_tools(data)
        return [*forwarded(nest_handoff_history(data, history_mapper=history_mapper)), brief]
    history = transcript(chain)
    if remove_tool_items:
        history = without_tool_items(history)
    if mode == "fullHistory":
        return [*(m for _agent, m in history), brief]
    return [summary_message(history), brief]


# -- the history as code sees it (input filters, history mappers) -----------------------------------------
def handoff_data(chain: list[InvocationState], chat: ChatInput, history_limit: int,
                 run_context: Any = None) -> HandoffInputData:
    """The run's history as the last stage of ``chain`` hands off (``input_data`` says what is where);
    ``history_limit`` is the target's ``context.chatHistoryMessages``."""
    earlier: list[RunItem] = []
    for i, inv in enumerate(chain):
        # the root's own conversation starts after its chat input (as its own limit kept it)
        start = len(snapshot(chat, inv.profile.context.chat_history_messages)) if i == 0 else inv.input_count
        own = [RunItem(inv.profile.id, inv.profile.display_name, m) for m in inv.messages[start:]]
        if i < len(chain) - 1:
            earlier += own
            continue
        turn = max((k for k, item in enumerate(own) if item.message.role == "assistant"), default=len(own))
        earlier += own[:turn]
        return HandoffInputData(input_history=tuple(snapshot(chat, history_limit)),
                                pre_handoff_items=tuple(earlier), new_items=tuple(own[turn:]),
                                run_context=run_context)
    raise ValueError("a handoff needs the stage that hands off")


async def filtered_input(chain: list[InvocationState], brief_text: str, input_filter: InputFilter,
                         chat: ChatInput, history_limit: int, run_context: Any) -> list[Message]:
    """The target's first messages when an input filter decides its history: what the filter returns, then
    the brief. Raises what the filter raises, and ``TypeError`` for anything but ``HandoffInputData``."""
    result = input_filter(handoff_data(chain, chat, history_limit, run_context))
    if inspect.isawaitable(result):
        result = await result
    if not isinstance(result, HandoffInputData):
        raise TypeError(f"it returned {type(result).__name__}, not HandoffInputData")
    return [*forwarded(result), Message(role="user", content=brief_text)]


def _tool_free(items: tuple[Any, ...]) -> tuple[Any, ...]:
    out = []
    for item in items:
        m = as_message(item)
        if m.role == "tool" or (m.role == "assistant" and m.tool_calls and not m.content.strip()):
            continue
        if m.role == "assistant" and m.tool_calls:
            m = m.model_copy(update={"tool_calls": []})
            item = RunItem(item.agent_id, item.agent_name, m) if isinstance(item, RunItem) else m
        out.append(item)
    return tuple(out)


def remove_all_tools(data: HandoffInputData) -> HandoffInputData:
    """The Agents SDK's ``handoff_filters.remove_all_tools``: every tool call and result leaves the history,
    the items and ``input_items``; what was said stays."""
    history = data.input_history if isinstance(data.input_history, str) else _tool_free(data.input_history)
    return data.clone(input_history=history, pre_handoff_items=_tool_free(data.pre_handoff_items),
                      new_items=_tool_free(data.new_items),
                      input_items=None if data.input_items is None else _tool_free(data.input_items))


def _named(item: Any) -> tuple[str, Message]:
    return (item.agent_name, item.message) if isinstance(item, RunItem) else ("", as_message(item))


def default_handoff_history_mapper(transcript: list[Message]) -> list[Message]:
    """One assistant message with the numbered transcript inside ``<CONVERSATION HISTORY>``."""
    return [summary_message([("", m) for m in transcript])]


def nest_handoff_history(data: HandoffInputData, *, history_mapper: HistoryMapper | None = None
                         ) -> HandoffInputData:
    """The whole transcript (history, earlier items, this turn) as the history: the one summary message
    (naming the agents), or what ``history_mapper`` makes of it; the items are then given no more
    (``pre_handoff_items`` and ``input_items`` empty, ``new_items`` kept for whoever reads them)."""
    pairs = [("", m) for m in history_messages(data.input_history)]
    pairs += [_named(i) for i in (*data.pre_handoff_items, *data.new_items)]
    if history_mapper is None:
        history: tuple[Any, ...] = (summary_message(pairs),)
    else:
        history = tuple(as_message(i) for i in history_mapper([m for _agent, m in pairs]))
    return data.clone(input_history=history, pre_handoff_items=(), input_items=())
