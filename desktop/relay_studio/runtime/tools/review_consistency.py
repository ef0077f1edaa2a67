"""review.consistency: a reviewer checks a draft against the story library before it is written."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.effects import ReviewRequested
from relay_studio.runtime.library_access import library_for, shown_entries
from relay_studio.runtime.review.briefs import consistency_brief, related_entries
from relay_studio.runtime.review.drafts import draft_hash
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=200,
                      description="What the draft is called (the entry's or Skill's name, or the text's title).")
    type: str = Field(min_length=1, max_length=40,
                      description="Its type: character, location, item, lore, rule, plot thread, skill, chapter, ...")
    draft: str = Field(min_length=1, max_length=200_000,
                       description="The exact text you intend to write (an entry's description, a Skill's "
                                   "instructions, or the file's text).")


SPEC = ToolSpec(
    name=tn.REVIEW_CONSISTENCY,
    description=(
        "Before you write a story library entry, a Skill or a text under output/, have a consistency reviewer "
        "check your draft against the story library. You get its issues (each with severity info, warning or "
        "conflict) and an overall status: clean, warning or conflict. The review counts for exactly the text "
        "you pass, of the entry you name: write that same text afterwards under the same name and type (for a "
        "Skill, its name and the type skill)."
    ),
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    store = library_for(ctx.run)
    entries = shown_entries(ctx.run, ctx.inv, store) if store is not None else []
    related = related_entries(entries, a.name, a.type, a.draft)
    brief = consistency_brief(a.name, a.type, a.draft, related)
    effect = ReviewRequested(kind="consistency", reviewer_id=ctx.inv.profile.reviews.consistency_reviewer,
                             title=f"Consistency review of {a.name}", brief=brief, tool_call_id=ctx.call_id,
                             digest=draft_hash(a.draft), name=a.name, type=a.type)
    return ToolResult("", effect, journal={"review": "consistency", "entries": [e.name for e in related]})


TOOL = Tool(SPEC, run)
