"""A review as the journal tells it: begun by ``review_requested``, given its verdict by ``review_completed``.
Pure Python (no Qt): the timeline's fold, its events list and its detail pane all read it."""

from __future__ import annotations

from dataclasses import dataclass

from relay_studio.domain.events import Event

# A review's verdicts: "reviewing" until ``review_completed``; "failed" when it could not be done;
# "cancelled" when its invocation or the run ended before it did.
VERDICTS = ("reviewing", "passed", "warning", "conflict", "failed", "cancelled")
_VERDICT_OF_STATUS = {"clean": "passed", "warning": "warning", "conflict": "conflict"}


@dataclass
class Review:
    """What the journal says of the review a reviewer's lane ran."""

    kind: str  # consistency | rules
    name: str = ""  # what was reviewed (an entry's name, a text's title); "" until the review ends
    verdict: str = "reviewing"  # one of VERDICTS
    issues: int = 0  # the issues the reviewer listed
    error_code: str = ""  # why it failed (``review.invalid_output``, ``agent.task_timeout``, …)
    message: str = ""
    seq: int = 0  # the ``review_completed`` event (0 while the review runs)


def completed_review(event: Event, review: Review | None = None) -> Review:
    """The verdict a ``review_completed`` event gives ``review`` (the one ``review_requested`` began, else a new
    one): failed, with the journal's ``errorCode`` and ``message``, or the review's ``overallStatus`` (the
    stricter of the reviewer's own and its issues' severities) as passed, warning or conflict, with the number
    of issues the reviewer listed. The reviewer's lane and the event's line in the events list both read it."""
    p = event.payload
    review = review or Review(str(p.get("kind") or ""))
    review.name, review.seq = str(p.get("name") or ""), event.seq
    if p.get("status") == "passed":
        review.verdict = _VERDICT_OF_STATUS.get(str(p.get("overallStatus")), "passed")
        result = p.get("result") if isinstance(p.get("result"), dict) else {}
        issues = result.get("issues") if isinstance(result, dict) else None
        review.issues = len(issues) if isinstance(issues, list) else 0
    else:
        review.verdict = "failed"
        review.error_code, review.message = str(p.get("errorCode") or ""), str(p.get("message") or "")
    return review
