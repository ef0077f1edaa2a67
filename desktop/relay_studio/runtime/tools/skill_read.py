"""skill.read: the instructions of one Skill this agent may use."""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.library_access import skills_in_scope
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, description="The Skill's name.")


SPEC = ToolSpec(
    name=tn.SKILL_READ,
    description=(
        "Read the instructions of one of your Skills (listed in your instructions) before a task that needs it."
    ),
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    scope = {s.name: s for s in await asyncio.to_thread(skills_in_scope, ctx.run, ctx.inv)}  # files: off the loop
    skill = scope.get(a.name.strip().lower())
    if skill is None:
        known = ", ".join(sorted(scope)) or "none"
        raise ToolError(codes.SKILL_NOT_FOUND, f"You have no Skill named '{a.name}'. Your Skills: {known}.")
    return ToolResult(f"# Skill: {skill.name}\n{skill.body}", journal={"skill": skill.name})


TOOL = Tool(SPEC, run)
