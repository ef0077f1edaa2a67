"""character.tell: in a scene, a character tells another one something privately (docs/scenes.md). Only the
two of them (and the narrator) ever see it in a prompt; the message is kept in the chat and journaled."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain import tool_names as tn
from relay_studio.domain.scenes import SceneRecord
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args
from relay_studio.store.scenes import SceneStore


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    to: str = Field(min_length=1, description="The name of the character you tell it to.")
    message: str = Field(min_length=1, description="What you tell them, in your own words.")


SPEC = ToolSpec(
    name=tn.CHARACTER_TELL,
    description=(
        "Tell another character of the story something privately: only they hear it, and they will remember it "
        "even if they were not here. Use their name."
    ),
    args=_Args,
)


def cast_member(ctx: ToolContext, record: SceneRecord, name: str) -> str | None:
    """The cast member ``name`` means (a display name or an id, any case)."""
    wanted = name.strip().casefold()
    for pid in record.cast:
        if wanted in (pid.casefold(), ctx.run.display_name(pid).casefold()):
            return pid
    return None


def cast_names(ctx: ToolContext, record: SceneRecord, but: str) -> str:
    return ", ".join(ctx.run.display_name(p) for p in record.cast if p != but) or "nobody"


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    if ctx.run.scene is None:
        raise ToolError(codes.SCENE_UNAVAILABLE, "You are not in a scene with other characters.")
    store = SceneStore(ctx.run.db)
    record = store.scene(ctx.run.chat_id)
    teller = ctx.inv.profile.id
    recipient = cast_member(ctx, record, a.to)
    if recipient is None or recipient == teller:
        raise ToolError(codes.SCENE_TELL_UNKNOWN_RECIPIENT,
                        f"There is no other character named '{a.to}' in this story. You can tell: "
                        f"{cast_names(ctx, record, teller)}.")
    name = ctx.run.display_name(recipient)
    message = store.tell(record, teller, ctx.inv.profile.display_name, recipient, name, a.message.strip(),
                         ctx.run.run_id)
    with ctx.run.db.transaction() as tx:
        tx.event(ctx.run.run_id, ev.SCENE_MESSAGE_TOLD, {"from": teller, "to": recipient, "text": a.message.strip(),
                                                         "messageId": message.id}, invocation_id=ctx.inv.id)
    return ToolResult(f"You told {name} privately. Go on with your turn.", journal={"to": recipient})


TOOL = Tool(SPEC, run)
