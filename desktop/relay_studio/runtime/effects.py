"""Effects tools return; the loop applies them (tools check and describe, they never change run state).

Three of them also end the invocation's loop, and are what it returns (``LoopExit``): ``HandoffAccepted``
(the stage ends transferred), ``Finish`` (the run may end) and ``TaskReturned`` (a helper's report).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from relay_studio.domain.profile import AgentProfile, HistoryMode


@dataclass(frozen=True)
class HandoffAccepted:
    """A handoff passed every check: the loop creates the next stage and its ``transfer_control`` task
    (``delegation/handoff.py: accept``), and the caller's stage ends transferred."""

    task_id: str
    invocation_id: str
    target: AgentProfile
    brief: dict[str, Any]
    style: str
    tool_call_id: str
    #: the ``agent_handoff_accepted`` payload
    accepted: dict[str, Any] = field(default_factory=dict)
    #: the history the next stage is given when this handoff decides it (a transfer without an objective)
    history_mode: HistoryMode | None = None


@dataclass(frozen=True)
class TaskDelegated:
    """A delegation passed every check: the scheduler creates the helper's task and starts it
    (``delegation/scheduler.py: TaskScheduler.delegate``); the caller keeps working."""

    target: AgentProfile
    task: dict[str, Any]
    title: str
    #: the rendered task brief the helper starts from
    brief: str
    tool_call_id: str


@dataclass(frozen=True)
class CommitRequested:
    path: str
    content: str


@dataclass(frozen=True)
class Finish:
    summary: str = ""
    #: The stage ended with its plain-text answer as the chat message (not with workspace_finish).
    text_answer: bool = False


@dataclass(frozen=True)
class TaskReturned:
    status: str
    result: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ReviewRequested:
    """A review passed its checks: the loop runs it as a delegated task of the caller and answers with its
    typed result, or ``review.failed`` when it could not be done (``review/apply.py: apply_review``)."""

    kind: str
    reviewer_id: str
    title: str
    #: what the reviewer reads
    brief: str
    tool_call_id: str
    #: the reviewed draft's content hash (a consistency review), which the write gate matches
    digest: str | None = None
    name: str = ""
    type: str = ""
    #: the knowledge passages a rules review's citations are checked against
    passages: tuple[Any, ...] = ()
    #: a rules review in review mode (a balance review): each suggestion needs severity, affectedField, suggestionPatch
    review_mode: bool = False


Effect = HandoffAccepted | TaskDelegated | CommitRequested | Finish | TaskReturned | ReviewRequested

#: How an invocation's loop ends: a handoff accepted, the run may end, a helper's report back.
LoopExit = HandoffAccepted | Finish | TaskReturned


@dataclass
class ToolResult:
    """What a tool answers the model (``content``), the effect the loop applies, extra journal fields."""

    content: str
    effect: Effect | None = None
    journal: dict[str, Any] = field(default_factory=dict)
