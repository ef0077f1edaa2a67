"""Handoff options per (source, target): the target's ``handoffIn`` section, overridable in code.

The Python API (``relay_studio.api.handoff``) sets per-edge overrides and callables that a JSON profile
cannot hold: ``is_enabled``, ``on_handoff`` and a pydantic ``input_type``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from relay_studio.domain.profile import AgentProfile, HistoryMode, transfer_tool_name


@dataclass(frozen=True)
class HandoffInfo:
    """What a hook or an enabling condition may look at."""

    run_id: str
    source_agent_id: str
    target_agent_id: str
    has_commit: bool


OnHandoff = Callable[[HandoffInfo, Any], Any | Awaitable[Any]]
IsEnabled = Callable[[HandoffInfo], bool]


@dataclass(frozen=True)
class HandoffEdge:
    """Code-level overrides for one source -> target handoff; None means 'as the target's profile says'."""

    tool_name_override: str | None = None
    tool_description_override: str | None = None
    history_mode: HistoryMode | None = None
    remove_tool_items: bool | None = None
    input_type: type[BaseModel] | None = None
    on_handoff: OnHandoff | None = None
    is_enabled: bool | IsEnabled | None = None


@dataclass(frozen=True)
class EffectiveHandoff:
    tool_name: str
    description: str
    history_mode: HistoryMode
    remove_tool_items: bool
    input_schema: dict[str, Any] | None
    input_type: type[BaseModel] | None
    on_handoff: OnHandoff | None


def effective(target: AgentProfile, edge: HandoffEdge | None) -> EffectiveHandoff:
    h = target.handoff_in
    e = edge or HandoffEdge()
    default_description = f"Hand off to {target.display_name}. {target.delegation.description_for_agents}".strip()
    schema = e.input_type.model_json_schema() if e.input_type is not None else h.input_schema
    return EffectiveHandoff(
        tool_name=e.tool_name_override or transfer_tool_name(target),
        description=e.tool_description_override or h.tool_description_override or default_description,
        history_mode=e.history_mode or h.history_mode,
        remove_tool_items=h.remove_tool_items if e.remove_tool_items is None else e.remove_tool_items,
        input_schema=schema,
        input_type=e.input_type,
        on_handoff=e.on_handoff,
    )


def is_enabled(target: AgentProfile, edge: HandoffEdge | None, info: HandoffInfo) -> bool:
    """Evaluated at every model call: ``afterCommit`` targets appear once the run has a commit."""
    if edge is not None and edge.is_enabled is not None:
        return edge.is_enabled(info) if callable(edge.is_enabled) else edge.is_enabled
    enabled = target.handoff_in.enabled
    if enabled == "afterCommit":
        return info.has_commit
    return bool(enabled)
