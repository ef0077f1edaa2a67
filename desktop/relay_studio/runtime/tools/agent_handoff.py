"""agent.handoff: pass the next stage of the run to another agent (the dispatch order of
docs/runtime.md, "Handoff")."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.delegation.handoff import perform_handoff
from relay_studio.runtime.tools.base import (
    Tool,
    ToolContext,
    ToolResult,
    ToolSpec,
    parse_args,
    string_list_prop,
    string_prop,
)

SPEC = ToolSpec(
    name=tn.AGENT_HANDOFF,
    description=(
        "Hand the next stage of this work to another agent. They continue in the same workspace with "
        "your brief; your part ends when the handoff is accepted, so do not call more tools after it. "
        "Finish or wait for any helper tasks first."
    ),
    parameters={
        "type": "object",
        "properties": {
            "agentId": string_prop("Who takes over; see agent_list with purpose 'handoff'."),
            "handoff": {
                "type": "object",
                "description": "Your brief for the next agent.",
                "properties": {
                    "objective": string_prop("What the next agent must achieve. Required."),
                    "title": string_prop("A short title for the next stage."),
                    "reason": string_prop("Why you are handing over now."),
                    "contextSummary": string_prop("What has been done so far and what matters."),
                    "workspaceRefs": string_list_prop("Workspace files the next agent should read."),
                    "mustPreserve": string_list_prop("Decisions and text that must not change."),
                    "completionCriteria": string_list_prop("How the next agent knows it is done."),
                },
                "required": ["objective"],
                "additionalProperties": True,
            },
            "pendingTaskPolicy": {
                "type": "string",
                "enum": ["denyIfPending"],
                "description": "Handoffs are refused while your helper tasks are still working.",
            },
        },
        "required": ["agentId", "handoff"],
        "additionalProperties": False,
    },
)


class HandoffArgs(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    agent_id: str = Field(alias="agentId", min_length=1)
    handoff: dict[str, Any]
    pending_task_policy: Literal["denyIfPending"] = Field(default="denyIfPending", alias="pendingTaskPolicy")


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(HandoffArgs, args, SPEC.alias)
    return await perform_handoff(ctx, a.agent_id, a.handoff, style="single", pending_policy=a.pending_task_policy)


TOOL = Tool(SPEC, run)
