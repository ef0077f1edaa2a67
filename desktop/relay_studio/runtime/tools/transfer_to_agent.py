"""``transfer_to_<agent>``: one handoff tool per allowed target (``delegation.handoffToolStyle: perTarget``).

Calling it is the same handoff as ``agent_handoff`` (same checks, events, brief and statuses); its
parameters are the brief itself, plus the fields the target's input schema asks for. Unlike
``agent_handoff``, the brief's objective may be left out, as the Agents SDK's handoff tools take no
brief: the next agent is then told the previous one gave no objective and is given the conversation
(seed 003), unless the handoff chose its history. The input schema's required fields stay required.
"""

from __future__ import annotations

import copy
from typing import Any

from relay_studio.domain import tool_names as tn
from relay_studio.domain.profile import AgentProfile
from relay_studio.runtime.delegation.edges import EffectiveHandoff
from relay_studio.runtime.delegation.handoff import NO_OBJECTIVE, HandoffPacket, perform_handoff
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec
from relay_studio.runtime.tools.schema import parameters_of


def _parameters(options: EffectiveHandoff) -> dict[str, Any]:
    """The brief's own schema, plus the fields the target's input schema asks for."""
    brief = parameters_of(HandoffPacket)
    schema = options.input_schema or {}
    brief["properties"].update(copy.deepcopy(schema.get("properties", {})))
    if "objective" not in schema.get("properties", {}):
        brief["properties"]["objective"] = {
            **brief["properties"]["objective"],
            "description": "What the next agent must achieve. Without it, the next agent continues the "
                           "conversation."}
    brief["required"] = list(schema.get("required", []))
    if options.input_schema is not None:
        brief["additionalProperties"] = False
    return brief


def transfer_tool(target: AgentProfile, options: EffectiveHandoff) -> Tool:
    spec = ToolSpec(name=tn.AGENT_HANDOFF, description=options.description, parameters=_parameters(options),
                    model_name=options.tool_name)

    async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
        return await perform_handoff(ctx, target.id, args, style="perTarget", default_objective=NO_OBJECTIVE)

    return Tool(spec, run)
