"""review.consistency: a reviewer checks a draft against the story library before it is written."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.library_access import library_for
from relay_studio.runtime.review.briefs import consistency_brief, related_entries
from relay_studio.runtime.review.drafts import draft_hash
from relay_studio.runtime.review.rendering import consistency_text
from relay_studio.runtime.review.runner import run_review
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=200,
                      description="What the draft is called (the entry's name, or the text's title).")
    type: str = Field(min_length=1, max_length=40,
                      description="Its type: character, location, item, lore, rule, plot thread, chapter, ...")
    draft: str = Field(min_length=1, max_length=200_000,
                       description="The exact text you intend to write (an entry's description, or the file's text).")


SPEC = ToolSpec(
    name=tn.REVIEW_CONSISTENCY,
    description=(
        "Before you write a story library entry or a text under output/, have a consistency reviewer check "
        "your draft against the story library. You get its issues (each with severity info, warning or "
        "conflict) and an overall status: clean, warning or conflict. The review counts for exactly the text "
        "you pass: write that same text afterwards."
    ),
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    store = library_for(ctx.run)
    entries = [i.entry for i in store.entries()] if store is not None else []
    related = related_entries(entries, a.name, a.type, a.draft)
    digest = draft_hash(a.draft)
    outcome = await run_review(
        ctx.run, ctx.inv, ctx.call_id, kind="consistency", reviewer_id=ctx.inv.profile.reviews.consistency_reviewer,
        title=f"Consistency review of {a.name}", brief=consistency_brief(a.name, a.type, a.draft, related),
        digest=digest, name=a.name, type_=a.type,
    )
    record = outcome.record
    if not record.passed or record.result is None:
        raise ToolError(codes.REVIEW_FAILED,
                        f"The consistency review of \u201c{a.name}\u201d could not be done: {outcome.why}. A write of "
                        "this draft stays blocked; ask for the review again, or tell the creator.")
    gated = "consistency" in ctx.inv.profile.reviews.before_write
    text = consistency_text(a.name, a.type, outcome.reviewer_name, record.result, gated)
    return ToolResult(text, journal={"review": "consistency", "overallStatus": record.overall_status,
                                     "entries": [e.name for e in related], "handle": outcome.handle})


TOOL = Tool(SPEC, run)
