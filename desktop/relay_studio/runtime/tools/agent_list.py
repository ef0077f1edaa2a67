"""agent.list: the agents this agent may hand off to or delegate to."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.delegation.policy import Purpose, available_targets
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    purpose: Literal["any", "handoff", "delegate"] = Field(
        default="any", description="'handoff' for who can take over, 'delegate' for helpers, 'any' for both."
    )


SPEC = ToolSpec(
    name=tn.AGENT_LIST,
    description=(
        "List the agents you can work with: those you can hand the next stage to, those you can ask for "
        "a side task, or both."
    ),
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    sections: list[str] = []
    sections_by_purpose: tuple[tuple[Purpose, str], ...] = (
        ("handoff", "You can hand off to"), ("delegate", "You can delegate to"))
    for purpose, heading in sections_by_purpose:
        if a.purpose not in ("any", purpose):
            continue
        targets = available_targets(ctx.run, ctx.inv, purpose)
        if targets:
            lines = [
                f"- {t.id} ({t.display_name}): {t.delegation.description_for_agents or t.description}"
                for t in targets
            ]
            sections.append(f"{heading}:\n" + "\n".join(lines))
    if not sections:
        return ToolResult("There are no agents you can work with for that purpose.")
    return ToolResult("\n\n".join(sections))


TOOL = Tool(SPEC, run)
