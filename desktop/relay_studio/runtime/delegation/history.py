"""What a handoff target sees besides its own prompt: ``snapshot`` (the default), ``briefOnly``,
``fullHistory`` or ``nestedSummary``.

``snapshot`` is the run's frozen input (the chat history, bounded by the target's own
``context.chatHistoryMessages``, and the creator's message) followed by the brief: the target knows
what the creator asked, but not how the earlier stages worked.

The other modes' transcript is rebuilt from the raw conversation of every earlier stage each time, so
the nested summary never nests: after any number of handoffs there is exactly one
``<CONVERSATION HISTORY>``.
"""

from __future__ import annotations

import json
from typing import Any

from relay_studio.domain.messages import Message
from relay_studio.domain.profile import HistoryMode
from relay_studio.runtime.context import ChatInput, InvocationState
from relay_studio.runtime.prompts import root_messages

SUMMARY_PREAMBLE = "For context, here is the conversation so far between the user and the previous agent:"
HISTORY_START = "<CONVERSATION HISTORY>"
HISTORY_END = "</CONVERSATION HISTORY>"
_MAX_VALUE = 400


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
    out = [f"assistant ({agent}): {m.content}"] if m.content.strip() else []
    out += [f"assistant ({agent}) called {c.name}: {_arguments(c.arguments)}" for c in m.tool_calls]
    return out


def summary_message(messages: list[tuple[str, Message]]) -> Message:
    records = [line for agent, m in messages for line in _lines(agent, m)]
    numbered = [
        f"{i}. " + record.replace("\n", "\n   ") for i, record in enumerate(records, start=1)
    ] or ["(no previous turns recorded)"]
    content = "\n".join([SUMMARY_PREAMBLE, HISTORY_START, *numbered, HISTORY_END])
    return Message(role="assistant", content=content)


def snapshot(chat: ChatInput, limit: int) -> list[Message]:
    """The frozen chat input as the target's own history limit keeps it (a pinned handoff document stays)."""
    return root_messages(chat.history, chat.user_text, limit, chat.pinned)


def handoff_input(chain: list[InvocationState], brief_text: str, mode: HistoryMode,
                  remove_tool_items: bool, chat: ChatInput, history_limit: int) -> list[Message]:
    """The target's first messages; ``history_limit`` is its ``context.chatHistoryMessages``."""
    brief = Message(role="user", content=brief_text)
    if mode == "snapshot":
        return [*snapshot(chat, history_limit), brief]
    if mode == "briefOnly":
        return [brief]
    history = transcript(chain)
    if remove_tool_items:
        history = without_tool_items(history)
    if mode == "fullHistory":
        return [*(m for _agent, m in history), brief]
    return [summary_message(history), brief]
