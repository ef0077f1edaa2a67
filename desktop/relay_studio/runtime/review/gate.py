"""Writes gated by review, enforced by the runtime (a prompt alone never enforces the order).

A profile with ``reviews.beforeWrite`` may write to the story library, add a Skill or write under
``output/`` only a draft that a review of each required kind passed in the same stage, matched by content
hash and, for an entry or a Skill, by its name and type (a review counts for one draft of one entry).
Otherwise the call is refused with the recoverable ``review.required``, whose sentence names the review
to ask for. A failed review never counts (the gate fails closed). The review a write was let through on
goes with its call: its issues are shown beside the diff, a conflict forces the patch dialog, and the
creator's reason for approving anyway is added to the tool result the agent reads."""

from __future__ import annotations

from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.review.drafts import Draft, draft_of_write

_REVIEW_TOOL = {"consistency": tn.alias(tn.REVIEW_CONSISTENCY)}


def is_gated(inv: InvocationState, canonical: str) -> bool:
    """Whether this tool's writes may need a review first (their proposals wait until the call runs)."""
    return bool(inv.profile.reviews.before_write) and canonical in tn.REVIEW_GATED_WRITES


def check_write(run: RunContext, inv: InvocationState, call_id: str, canonical: str, args: dict[str, Any]) -> None:
    """Raises ``review.required`` unless every required review passed for this exact draft of this entry
    (its text, and for an entry or a Skill its name and type) in this stage."""
    if not is_gated(inv, canonical):
        return
    draft = draft_of_write(run, inv, canonical, args)
    if draft is None:
        return
    digest = draft.digest
    for kind in inv.profile.reviews.before_write:
        record = run.reviews.latest(inv.id, kind, digest, lambda r: draft.is_of(r.name, r.type))
        if record is None:
            raise ToolError(codes.REVIEW_REQUIRED, _required(run, inv, kind, draft))
        if not record.passed:
            raise ToolError(codes.REVIEW_REQUIRED,
                            f"The {kind} review of this draft could not be done, so the write stays blocked. "
                            f"Call {_REVIEW_TOOL[kind]} again, or tell the creator that the review is not "
                            "available.")
        run.reviews.by_call[call_id] = record


def _required(run: RunContext, inv: InvocationState, kind: str, draft: Draft) -> str:
    """Why no review lets this draft through, and which call would."""
    tool = _REVIEW_TOOL[kind]
    if draft.type is None:  # a file: its text alone
        under, of = "", "this draft"
    else:
        under = f" name \u201c{draft.name_shown}\u201d, type \u201c{draft.type}\u201d and"
        of = f"this draft of \u201c{draft.name_shown}\u201d ({draft.type})"
    other = run.reviews.latest(inv.id, kind, draft.digest)  # the same text, reviewed as another entry
    if other is not None:
        why = (f"Your review of this text was of \u201c{other.name}\u201d ({other.type}), and a review counts for "
               "one entry: its name and type as well as its text.")
    elif run.reviews.any_of(inv.id, kind):
        why = "Your earlier review was of a different text, and this draft changed since."
    else:
        why = "You have not had this draft reviewed yet."
    return (f"This write needs a {kind} review of exactly {of} first. {why} Call {tool} with{under} "
            f"{draft.what} as the draft, then write that same text.")


def annotate(run: RunContext, call_id: str, content: str) -> str:
    """The tool result, with what the creator said when approving a write despite its review's conflicts."""
    reason = run.reviews.overrides.pop(call_id, None)
    run.reviews.by_call.pop(call_id, None)
    if reason is None:
        return content
    said = f" and said: \u201c{reason}\u201d" if reason else ""
    return f"{content} The review found conflicts in this draft; the creator approved it anyway{said}."
