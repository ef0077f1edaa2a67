"""The exact status vocabularies of runs, invocations and tasks."""

from __future__ import annotations

from enum import StrEnum


class RunStatus(StrEnum):
    CREATED = "created"
    RUNNING = "running"
    AWAITING_APPROVAL = "awaiting_approval"
    CANCELLING = "cancelling"
    COMPLETED = "completed"
    PARTIAL_SUCCESS = "partial_success"
    CANCELLED = "cancelled"
    FAILED = "failed"
    INTERRUPTED = "interrupted"

    @property
    def terminal(self) -> bool:
        return self in _TERMINAL_RUN


_TERMINAL_RUN = frozenset(
    {
        RunStatus.COMPLETED,
        RunStatus.PARTIAL_SUCCESS,
        RunStatus.CANCELLED,
        RunStatus.FAILED,
        RunStatus.INTERRUPTED,
    }
)


class InvocationKind(StrEnum):
    ROOT = "root"
    HANDOFF = "handoff"
    SUBAGENT = "subagent"


class InvocationStatus(StrEnum):
    CREATED = "created"
    RUNNING = "running"
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELLED = "cancelled"
    TRANSFERRED = "transferred"

    @property
    def terminal(self) -> bool:
        return self not in (InvocationStatus.CREATED, InvocationStatus.RUNNING)


class ExitPolicy(StrEnum):
    RUN_FINISH_ALLOWED = "run_finish_allowed"
    TASK_RETURN_REQUIRED = "task_return_required"


class TaskContinuation(StrEnum):
    TRANSFER_CONTROL = "transfer_control"
    RETURN_TO_PARENT = "return_to_parent"


class TaskStatus(StrEnum):
    QUEUED = "queued"
    RUNNING = "running"
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELLED = "cancelled"

    @property
    def terminal(self) -> bool:
        return self not in (TaskStatus.QUEUED, TaskStatus.RUNNING)


class CommitMarker(StrEnum):
    """How a chat message version came about, when not by ``workspace_commit`` (which has none)."""

    TEXT_ANSWER = "text_answer"  # the agent answered in plain text; the runtime committed the text
    STOPPED = "stopped"  # the creator pressed Stop; what had streamed so far


class EventLevel(StrEnum):
    DEBUG = "debug"
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"
