"""What an input filter is given and returns (the Agents SDK's ``HandoffInputData``), and how the
history it returns becomes the target's first messages.

The run's history at a handoff, in three parts:

- ``input_history``: the chat input the run started from, as the target keeps it (the chat history
  within the target's own ``context.chatHistoryMessages``, a pinned session-handoff document first,
  then the creator's message);
- ``pre_handoff_items``: every earlier stage's own conversation, then the handing-off agent's turns
  before the one that handed off;
- ``new_items``: that last turn (the assistant message with the handoff call) and its tool results.

Items are ``RunItem``s: the message (``domain.messages.Message``, the one form every provider maps to)
and the agent it belongs to. The target is given ``input_history``, ``pre_handoff_items`` and
``input_items`` (when a filter set it, else ``new_items``), made well formed (a tool call without its
result, or a result without its call, is left out), then its brief.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from relay_studio.domain.messages import Message


@dataclass(frozen=True)
class RunItem:
    """One message of an earlier stage's conversation and the agent whose conversation it is."""

    agent_id: str
    agent_name: str
    message: Message

    @property
    def raw_item(self) -> Message:
        return self.message


#: an item a filter or a mapper may hand back: a ``RunItem``, a ``Message``, or a dict such as
#: ``{"role": "user", "content": "..."}`` (read as a ``Message``)
Item = RunItem | Message | dict[str, Any]


@dataclass(frozen=True)
class HandoffInputData:
    """The history at a handoff; an input filter returns a changed copy (``clone``)."""

    #: the chat input the run started from (a string is read as one user message)
    input_history: str | tuple[Item, ...]
    #: the items before the turn that handed off
    pre_handoff_items: tuple[Item, ...]
    #: the turn that handed off: the handoff call and the results of that turn's calls
    new_items: tuple[Item, ...]
    #: who hands off to whom, in which run (``edges.HandoffInfo``, the API's ``RunContextWrapper``)
    run_context: Any = None
    #: when set, given to the target instead of ``new_items``
    input_items: tuple[Item, ...] | None = None

    def clone(self, **changes: Any) -> HandoffInputData:
        """A copy with ``changes``, e.g. ``data.clone(new_items=())``."""
        return replace(self, **changes)


InputFilter = Callable[[HandoffInputData], HandoffInputData | Awaitable[HandoffInputData]]
#: the whole transcript (history, then the items) in, the history the target is given out
HistoryMapper = Callable[[list[Message]], list[Item]]


def as_message(item: Item | str) -> Message:
    """The message of ``item``; raises ``TypeError`` for anything a filter may not hand back."""
    if isinstance(item, RunItem):
        return item.message
    if isinstance(item, Message):
        return item
    if isinstance(item, str):
        return Message(role="user", content=item)
    if isinstance(item, dict):
        return Message.model_validate(item)
    raise TypeError(f"A handoff history item must be a RunItem, a Message or a dict, not {type(item).__name__}.")


def history_messages(history: str | Iterable[Item]) -> list[Message]:
    if isinstance(history, str):
        return [as_message(history)]
    return [as_message(item) for item in history]


def well_formed(messages: list[Message]) -> list[Message]:
    """Leaves out tool calls without a result and results without their call (a filter may drop one
    half); an assistant turn left without text or calls goes too."""
    answered: set[str] = set()
    seen: set[str] = set()
    for m in messages:
        if m.role == "assistant":
            seen |= {c.id for c in m.tool_calls}
        elif m.role == "tool" and m.tool_call_id in seen:
            answered.add(m.tool_call_id)
    out: list[Message] = []
    for m in messages:
        if m.role == "tool":
            if m.tool_call_id in answered:
                out.append(m)
            continue
        if m.role == "assistant" and m.tool_calls:
            kept = [c for c in m.tool_calls if c.id in answered]
            if len(kept) != len(m.tool_calls):
                if not kept and not m.content.strip():
                    continue
                m = m.model_copy(update={"tool_calls": kept})
        out.append(m)
    return out


def forwarded(data: HandoffInputData) -> list[Message]:
    """What the target is given of ``data`` (before its brief)."""
    last = data.input_items if data.input_items is not None else data.new_items
    messages = [*history_messages(data.input_history), *(as_message(i) for i in data.pre_handoff_items),
                *(as_message(i) for i in last)]
    return well_formed(messages)
