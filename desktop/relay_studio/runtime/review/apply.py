"""Applying a ``ReviewRequested`` effect: the review runs (``runner.run_review``) and its typed result
becomes what the asking agent reads; a review that could not be done answers ``review.failed``."""

from __future__ import annotations

from relay_studio.domain import error_codes as codes
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.effects import ReviewRequested, ToolResult
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.review.rendering import consistency_text, rules_text
from relay_studio.runtime.review.runner import run_review


async def apply_review(run: RunContext, inv: InvocationState, effect: ReviewRequested,
                       journal: dict[str, object]) -> ToolResult:
    outcome = await run_review(run, inv, effect.tool_call_id, kind=effect.kind, reviewer_id=effect.reviewer_id,
                               title=effect.title, brief=effect.brief, digest=effect.digest, name=effect.name,
                               type_=effect.type, review_mode=effect.review_mode)
    result = outcome.record.result
    if not outcome.record.passed or result is None:
        if effect.kind == "consistency":
            raise ToolError(codes.REVIEW_FAILED,
                            f"The consistency review of \u201c{effect.name}\u201d could not be done: {outcome.why}. "
                            "A write of this draft stays blocked; ask for the review again, or tell the creator.")
        raise ToolError(codes.REVIEW_FAILED, f"The rules review could not be done: {outcome.why}. Ask again later, "
                        "or answer from the passages of knowledge_search and say that no rules advisor checked it.")
    if effect.kind == "consistency":
        gated = "consistency" in inv.profile.reviews.before_write
        text = consistency_text(effect.name, effect.type, outcome.reviewer_name, result, gated)
        return ToolResult(text, effect, {**journal, "overallStatus": outcome.record.overall_status,
                                         "handle": outcome.handle})
    text, unverified = rules_text(outcome.reviewer_name, result, list(effect.passages))
    return ToolResult(text, effect, {**journal, "unverifiedCitations": unverified, "handle": outcome.handle})
