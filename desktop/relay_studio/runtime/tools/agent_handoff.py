"""agent.handoff: pass the next stage of the run to another agent (the dispatch order of
docs/runtime.md, "Handoff")."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.delegation.handoff import HandoffPacket, perform_handoff
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args
from relay_studio.runtime.tools.schema import shown_as


class HandoffArgs(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    agent_id: str = Field(alias="agentId", min_length=1, description="Who takes over; see agent_list with purpose "
                                                                     "'handoff'.")
    # the brief is checked by the handoff itself, which says what is wrong with it in its own words
    handoff: Annotated[dict[str, Any], shown_as(HandoffPacket)] = Field(description="Your brief for the next agent.")
    pending_task_policy: Literal["denyIfPending"] = Field(
        default="denyIfPending", alias="pendingTaskPolicy",
        description="Handoffs are refused while your helper tasks are still working.",
    )


SPEC = ToolSpec(
    name=tn.AGENT_HANDOFF,
    description=(
        "Hand the next stage of this work to another agent. They continue in the same workspace with "
        "your brief; your part ends when the handoff is accepted, so do not call more tools after it. "
        "Finish or wait for any helper tasks first."
    ),
    args=HandoffArgs,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(HandoffArgs, args, SPEC.alias)
    return await perform_handoff(ctx, a.agent_id, a.handoff, style="single", pending_policy=a.pending_task_policy)


TOOL = Tool(SPEC, run)
