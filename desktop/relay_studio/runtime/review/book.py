"""What a run knows of its reviews: each stage's passed and failed reviews by draft, and what the creator
said when approving a write its review found in conflict. Pure data: the gate, the approval and the
review tools share it through ``RunContext.reviews``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: ``overallStatus`` values, mildest first.
STATUSES = ("clean", "warning", "conflict")


@dataclass(frozen=True)
class ReviewRecord:
    kind: str
    #: the stage (invocation) that asked for the review; a review counts only in its own stage
    stage_id: str
    #: the content hash of the reviewed draft (``drafts.draft_hash``); None for a rules question
    draft_hash: str | None
    passed: bool
    result: dict[str, Any] | None = None
    name: str = ""
    type: str = ""

    @property
    def overall_status(self) -> str | None:
        return effective_status(self.result) if self.passed and self.result is not None else None

    def note(self) -> dict[str, Any]:
        """What a patch proposal shows beside the diff (``ApprovalRequest.review``)."""
        result = self.result or {}
        return {"kind": self.kind, "overallStatus": self.overall_status, "name": self.name, "type": self.type,
                "issues": list(result.get("issues") or [])}


def effective_status(result: dict[str, Any]) -> str:
    """The stricter of the reviewer's ``overallStatus`` and its issues' severities (a "clean" verdict
    that lists a conflict is a conflict)."""
    said = result.get("overallStatus")
    rank = STATUSES.index(said) if said in STATUSES else 0
    for issue in result.get("issues") or []:
        severity = issue.get("severity") if isinstance(issue, dict) else None
        if severity in ("warning", "conflict"):
            rank = max(rank, STATUSES.index(severity))
    return STATUSES[rank]


@dataclass
class ReviewBook:
    records: list[ReviewRecord] = field(default_factory=list)
    #: the review a gated write call was let through on, by tool call
    by_call: dict[str, ReviewRecord] = field(default_factory=dict)
    #: the creator's reason for approving a write despite its review's conflicts, by tool call
    overrides: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_journal(cls, completed: list[tuple[str, dict[str, Any]]]) -> ReviewBook:
        """The book again after a restart, from each ``review_completed`` (its stage, its payload)."""
        book = cls()
        for stage_id, p in completed:
            result = p.get("result") if isinstance(p.get("result"), dict) else None
            book.add(ReviewRecord(str(p.get("kind")), stage_id, p.get("draftHash"), p.get("status") == "passed",
                                  result, str(p.get("name") or ""), str(p.get("type") or "")))
        return book

    def add(self, record: ReviewRecord) -> None:
        self.records.append(record)

    def latest(self, stage_id: str, kind: str, draft_hash: str,
               of: Callable[[ReviewRecord], bool] = lambda _record: True) -> ReviewRecord | None:
        """The newest review of this kind of exactly this text in this stage (passed or failed) for which
        ``of`` holds (the gate: made under the name and type of the entry written)."""
        for record in reversed(self.records):
            if (record.stage_id, record.kind, record.draft_hash) == (stage_id, kind, draft_hash) and of(record):
                return record
        return None

    def any_of(self, stage_id: str, kind: str) -> bool:
        return any(r.stage_id == stage_id and r.kind == kind for r in self.records)

    def note_for_call(self, call_id: str) -> dict[str, Any] | None:
        record = self.by_call.get(call_id)
        return record.note() if record is not None else None

    def forces_dialog(self, call_id: str) -> bool:
        """A write whose review found a conflict always reaches the creator (also under "approve the rest")."""
        record = self.by_call.get(call_id)
        return record is not None and record.overall_status == "conflict"
