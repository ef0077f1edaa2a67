"""Effects tools return, and the ways an invocation's loop ends; the loop interprets them (tools never
transition state themselves)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class HandoffAccepted:
    task_id: str
    invocation_id: str
    target_profile_id: str


@dataclass(frozen=True)
class CommitRequested:
    path: str
    content: str


@dataclass(frozen=True)
class Finish:
    summary: str = ""


@dataclass(frozen=True)
class TaskReturned:
    status: str
    result: dict[str, Any] = field(default_factory=dict)


Effect = HandoffAccepted | CommitRequested | Finish | TaskReturned


@dataclass
class ToolResult:
    """What a tool answers the model (``content``), the effect the loop applies, extra journal fields."""

    content: str
    effect: Effect | None = None
    journal: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Transferred:
    task_id: str
    invocation_id: str


@dataclass(frozen=True)
class Finished:
    summary: str
    #: The stage ended with its plain-text answer as the chat message (not with workspace_finish).
    text_answer: bool = False


@dataclass(frozen=True)
class Returned:
    status: str
    result: dict[str, Any]


#: How an invocation's loop ends: a handoff accepted, the run may end, a helper's report back.
LoopExit = Transferred | Finished | Returned
