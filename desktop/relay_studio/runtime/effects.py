"""Effects tools return; the loop interprets them (tools never transition state themselves)."""

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
