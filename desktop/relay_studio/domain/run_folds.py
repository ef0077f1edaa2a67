"""What several readers fold from a run's journal, written once: the tokens its model calls used and the
agent working in the foreground (the window's status bar and timeline, the CLI, the API)."""

from __future__ import annotations

from typing import Protocol

from relay_studio.domain.event_payloads import AgentInvocationStarted, ModelCallCompleted, typed
from relay_studio.domain.events import Event


class TokenTotals(Protocol):
    input_tokens: int
    output_tokens: int
    estimated: bool


def add_usage(totals: TokenTotals, event: Event) -> bool:
    """Adds a ``model_call_completed`` event's usage to ``totals``; False for any other event."""
    payload = typed(event)
    if not isinstance(payload, ModelCallCompleted):
        return False
    totals.input_tokens += payload.usage.input_tokens
    totals.output_tokens += payload.usage.output_tokens
    totals.estimated = totals.estimated or payload.usage.estimated
    return True


def foreground_agent(event: Event) -> str | None:
    """The name of the agent a foreground stage's start hands the work to (display name, else id), or None
    when ``event`` starts no foreground stage."""
    payload = typed(event)
    if isinstance(payload, AgentInvocationStarted) and payload.kind != "subagent":
        return payload.agent_name
    return None
