"""Writes gated by review, enforced by the runtime (a prompt alone never enforces the order).

A profile with ``reviews.beforeWrite`` may write to the story library or under ``output/`` only a draft
that a review of each required kind passed in the same stage, matched by content hash. Otherwise the call
is refused with the recoverable ``review.required``, whose sentence names the review to ask for. A failed
review never counts (the gate fails closed). The review a write was let through on goes with its call:
its issues are shown beside the diff, a conflict forces the patch dialog, and the creator's reason for
approving anyway is added to the tool result the agent reads."""

from __future__ import annotations

from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.review.drafts import draft_hash, draft_of_write

_REVIEW_TOOL = {"consistency": tn.alias(tn.REVIEW_CONSISTENCY)}


def is_gated(inv: InvocationState, canonical: str) -> bool:
    """Whether this tool's writes may need a review first (their proposals wait until the call runs)."""
    return bool(inv.profile.reviews.before_write) and canonical in tn.REVIEW_GATED_WRITES


def check_write(run: RunContext, inv: InvocationState, call_id: str, canonical: str, args: dict[str, Any]) -> None:
    """Raises ``review.required`` unless every required review passed for this exact draft in this stage."""
    if not is_gated(inv, canonical):
        return
    draft = draft_of_write(run, inv, canonical, args)
    if draft is None:
        return
    digest = draft_hash(draft)
    for kind in inv.profile.reviews.before_write:
        record = run.reviews.latest(inv.id, kind, digest)
        tool = _REVIEW_TOOL[kind]
        library = canonical in (tn.LIBRARY_CREATE, tn.LIBRARY_UPDATE)
        what = "the entry's description" if library else "the file's new text"
        if record is None:
            earlier = run.reviews.any_of(inv.id, kind)
            why = ("Your earlier review was of a different text, and this draft changed since."
                   if earlier else "You have not had this draft reviewed yet.")
            raise ToolError(codes.REVIEW_REQUIRED,
                            f"This write needs a {kind} review of exactly this draft first. {why} Call {tool} "
                            f"with {what} as the draft, then write that same text.")
        if not record.passed:
            raise ToolError(codes.REVIEW_REQUIRED,
                            f"The {kind} review of this draft could not be done, so the write stays blocked. "
                            f"Call {tool} again, or tell the creator that the review is not available.")
        run.reviews.by_call[call_id] = record


def annotate(run: RunContext, call_id: str, content: str) -> str:
    """The tool result, with what the creator said when approving a write despite its review's conflicts."""
    reason = run.reviews.overrides.pop(call_id, None)
    run.reviews.by_call.pop(call_id, None)
    if reason is None:
        return content
    said = f" and said: \u201c{reason}\u201d" if reason else ""
    return f"{content} The review found conflicts in this draft; the creator approved it anyway{said}."
