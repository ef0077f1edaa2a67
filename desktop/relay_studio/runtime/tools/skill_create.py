"""skill.create: a new Skill for this project, written once the creator approves it."""

from __future__ import annotations

from typing import Any

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.library_access import SkillArgs
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec
from relay_studio.runtime.tools.library_writes import write_skill

SPEC = ToolSpec(
    name=tn.SKILL_CREATE,
    description=(
        "Write a new Skill: instructions an agent reads when a task calls for them. The user reviews it "
        "before it is saved."
    ),
    args=SkillArgs,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    return await write_skill(ctx, SPEC.alias, args)


TOOL = Tool(SPEC, run)
