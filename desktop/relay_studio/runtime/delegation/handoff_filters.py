"""Ready-made input filters and their helpers, named as the Agents SDK's ``agents.extensions.handoff_filters``
(``relay_studio.api.handoff_filters``): ``handoff(agent, input_filter=handoff_filters.remove_all_tools)``."""

from __future__ import annotations

from relay_studio.runtime.delegation.history import (
    default_handoff_history_mapper,
    nest_handoff_history,
    remove_all_tools,
)

__all__ = ["default_handoff_history_mapper", "nest_handoff_history", "remove_all_tools"]
