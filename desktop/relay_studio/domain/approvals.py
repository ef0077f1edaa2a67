"""Patch proposals and approval decisions: writes the creator wants to confirm first."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class ApprovalRequest(BaseModel):
    """What an agent wants to do; for file writes, the file before and after (a patch proposal)."""

    id: str
    run_id: str
    agent_id: str
    agent_name: str
    tool: str
    path: str | None = None
    before: str | None = None
    after: str | None = None
    arguments: dict[str, Any] = Field(default_factory=dict)
    #: The review this write passed (``kind``, ``overallStatus``, ``name``, ``type``, ``issues``), shown beside
    #: the diff; ``overallStatus: conflict`` keeps it from "approve the rest" and asks for a reason.
    review: dict[str, Any] | None = None


class ApprovalDecision(BaseModel):
    approved: bool
    reason: str = ""
    #: For a file write: the text the creator wants instead of the agent's proposal.
    edited_content: str | None = None
    #: For a handoff brief the creator reviewed (``handoff.reviewBrief``): the brief's fields as the creator wants
    #: them handed on instead of the agent's.
    edited_brief: dict[str, Any] | None = None
    #: Approve this and every later proposal of the same run.
    approve_rest: bool = False
    #: For a decline: the code the agent's tool result carries instead of ``tool.rejected_by_user`` (then
    #: ``reason`` is the whole sentence it reads), e.g. ``review.conflict_unapproved`` from a headless approver.
    error_code: str | None = None
