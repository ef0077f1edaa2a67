"""What several readers fold from a run's journal, written once: the tokens its model calls used, the
agent working in the foreground, and the forecast it started with (the window's status bar and timeline, the
CLI, the API)."""

from __future__ import annotations

from typing import Protocol

from pydantic import ValidationError

from relay_studio.domain.connections import Prices
from relay_studio.domain.event_payloads import AgentInvocationStarted, ModelCallCompleted, RunForecast, typed
from relay_studio.domain.events import Event
from relay_studio.domain.messages import Usage


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


def run_forecast(event: Event) -> RunForecast | None:
    """The forecast a run started with (``run_forecast``), or None for any other event."""
    payload = typed(event)
    return payload if isinstance(payload, RunForecast) else None


def used_cost(forecast: RunForecast, input_tokens: int, output_tokens: int) -> float | None:
    """What the run used, priced as its forecast was; None when the forecast had no prices."""
    if forecast.prices is None:
        return None
    try:
        prices = Prices.model_validate(forecast.prices)
    except ValidationError:
        return None
    return prices.cost(Usage(input_tokens=input_tokens, output_tokens=output_tokens))
