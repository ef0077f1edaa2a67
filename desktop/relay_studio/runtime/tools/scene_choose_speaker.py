"""scene.choose_speaker: the narrator of a scene picks who speaks next (docs/scenes.md); the next turn asked for
with ``--next`` is theirs. Journaled."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain import tool_names as tn
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args
from relay_studio.runtime.tools.character_tell import cast_member
from relay_studio.store.scenes import SceneStore


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, description="The name of the character who speaks next.")


SPEC = ToolSpec(
    name=tn.SCENE_CHOOSE_SPEAKER,
    description="Choose which character present in the scene speaks next. Use their name.",
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    if ctx.run.scene is None:
        raise ToolError(codes.SCENE_UNAVAILABLE, "You are not narrating a scene.")
    store = SceneStore(ctx.run.db)
    record = store.scene(ctx.run.chat_id)
    chosen = cast_member(ctx, record, a.name)
    if chosen is None or chosen not in record.present:
        here = ", ".join(ctx.run.display_name(p) for p in record.present) or "nobody"
        raise ToolError(codes.SCENE_CHOICE_UNAVAILABLE,
                        f"'{a.name}' cannot speak next: only a character present can. Present now: {here}.")
    store.choose_next(record, chosen, by=ctx.inv.profile.id)
    name = ctx.run.display_name(chosen)
    with ctx.run.db.transaction() as tx:
        tx.event(ctx.run.run_id, ev.SCENE_SPEAKER_CHOSEN, {"agentId": chosen, "name": name}, invocation_id=ctx.inv.id)
    return ToolResult(f"{name} speaks next. Finish your narration in plain text.", journal={"agentId": chosen})


TOOL = Tool(SPEC, run)
