"""review.rules: the knowledge library is searched first, then a rules reviewer answers with citations.

The search runs on a worker thread over a connection of its own, as ``knowledge_search``'s does (a book's
5,000 passages: tens of milliseconds, which on the loop is the window's GUI thread)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import tool_names as tn
from relay_studio.knowledge.errors import KnowledgeError
from relay_studio.knowledge.library import Passage, documents_of
from relay_studio.runtime.effects import ReviewRequested
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.review.briefs import rules_brief
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args
from relay_studio.runtime.tools.knowledge_search import project_id_of_run, search_off_loop
from relay_studio.store.database import read_connection

#: How many passages the reviewer reads.
TOP_K = 8
NO_KNOWLEDGE = (
    "There is no knowledge library to consult: no rulebook or other document has been added to this project's "
    "knowledge library yet, so no rule can be cited. Say so to the creator, and ask them to add their rulebooks "
    "to the project's knowledge library if they want answers with citations."
)

class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question: str = Field(min_length=1, max_length=50_000,
                          description="The rules question, or the material to review with what to check.")
    reviewMode: bool = Field(default=False,
                             description="true: a balance review with severities; false (default): a rules answer.")


SPEC = ToolSpec(
    name=tn.REVIEW_RULES,
    description=(
        "Ask a rules advisor a question about the rules of the creator's game or setting. It reads the best "
        "passages of the creator's knowledge library (rulebooks) and answers with suggestions, each citing the "
        "document, the page and a quote, and a summary. With reviewMode true it reviews material for balance "
        "and gives each finding a severity, the field it affects and a suggested change."
    ),
    args=_Args,
)


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    run_ctx = ctx.run
    try:
        passages = await asyncio.to_thread(_consult, run_ctx.db.path, project_id_of_run(run_ctx), a.question)
    except KnowledgeError as exc:
        raise ToolError(exc.code, exc.message) from None
    if passages is None:
        return ToolResult(NO_KNOWLEDGE, journal={"review": "rules", "noKnowledge": True})
    effect = ReviewRequested(kind="rules", reviewer_id=ctx.inv.profile.reviews.rules_reviewer,
                             title="Rules review" if a.reviewMode else "Rules question",
                             brief=rules_brief(a.question, a.reviewMode, passages), tool_call_id=ctx.call_id,
                             passages=tuple(passages), review_mode=a.reviewMode)
    citations = [{k: v for k, v in p.to_json().items() if k != "text"} for p in passages]
    return ToolResult("", effect, journal={"review": "rules", "citations": citations})



def _consult(path: Path, project_id: str, question: str) -> list[Passage] | None:
    """The passages for ``question``, None when the library has no document; on connections of its own: any thread
    (the tool's worker) may call it."""
    with read_connection(path) as db:
        if not documents_of(db, project_id):
            return None
    return search_off_loop(path, project_id, question, TOP_K)


TOOL = Tool(SPEC, run)
