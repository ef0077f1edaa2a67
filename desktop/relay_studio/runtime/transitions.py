"""State changes of runs, invocations and tasks, each written with its journal event.

Terminal states absorb: a transition out of a terminal state is silently dropped, so a finishing
worker racing a cancel resolves to whichever landed first.
"""

from __future__ import annotations

import json
from typing import Any

from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import EventLevel, InvocationStatus, RunStatus, TaskContinuation, TaskStatus
from relay_studio.domain.profile import AgentProfile
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.store import tables as t
from relay_studio.store.database import Transaction, now_iso


def set_run_status(tx: Transaction, run: RunContext, status: RunStatus, **fields: Any) -> bool:
    previous = run.run_status
    if previous.terminal or previous == status:
        return False
    run.run_status = status
    tx.update(t.RunRow, run.run_id, status=status.value, updated_at=now_iso(), **fields)
    tx.event(run.run_id, ev.STATUS_CHANGED, {"from": previous.value, "to": status.value})
    return True


def create_invocation(tx: Transaction, run: RunContext, inv: InvocationState) -> None:
    run.invocations[inv.id] = inv
    run.inv_status[inv.id] = InvocationStatus.CREATED
    tx.insert(
        t.InvocationRow,
        id=inv.id,
        run_id=run.run_id,
        parent_invocation_id=inv.parent_id,
        profile_id=inv.profile.id,
        kind=inv.kind.value,
        status=InvocationStatus.CREATED.value,
        exit_policy=inv.exit_policy.value,
        depth=inv.depth,
        incoming_task_id=inv.incoming_task_id,
        created_at=now_iso(),
    )
    tx.event(
        run.run_id,
        ev.AGENT_INVOCATION_CREATED,
        {
            "agentId": inv.profile.id,
            "displayName": inv.profile.display_name,
            "kind": inv.kind.value,
            "exitPolicy": inv.exit_policy.value,
            "depth": inv.depth,
            "parentInvocationId": inv.parent_id,
            "taskId": inv.incoming_task_id,
        },
        invocation_id=inv.id,
        related=[inv.parent_id] if inv.parent_id else None,
    )


def start_invocation(tx: Transaction, run: RunContext, inv: InvocationState) -> None:
    if run.inv_status[inv.id].terminal:
        return
    run.inv_status[inv.id] = InvocationStatus.RUNNING
    tx.update(t.InvocationRow, inv.id, status=InvocationStatus.RUNNING.value)
    tx.event(
        run.run_id,
        ev.AGENT_INVOCATION_STARTED,
        {"agentId": inv.profile.id, "displayName": inv.profile.display_name, "kind": inv.kind.value},
        invocation_id=inv.id,
    )


def end_invocation(
    tx: Transaction,
    run: RunContext,
    inv_id: str,
    status: InvocationStatus,
    *,
    error_code: str | None = None,
    payload: dict[str, Any] | None = None,
) -> bool:
    current = run.inv_status.get(inv_id)
    if current is None or current.terminal:
        return False
    run.inv_status[inv_id] = status
    tx.update(t.InvocationRow, inv_id, status=status.value, error_code=error_code, ended_at=now_iso())
    inv = run.invocations[inv_id]
    body = {"agentId": inv.profile.id, **(payload or {})}
    if error_code:
        body["errorCode"] = error_code
    level = EventLevel.ERROR if status is InvocationStatus.FAILED else EventLevel.INFO
    tx.event(run.run_id, ev.INVOCATION_ENDED[status], body, invocation_id=inv_id, level=level)
    return True


def task_budget(profile: AgentProfile, *, timeout: bool) -> dict[str, Any]:
    """The limits a task's agent runs under: its profile's rounds and tool calls (and, for a helper, the
    seconds it may take)."""
    budget: dict[str, Any] = {"maxRounds": profile.tools.max_rounds, "maxToolCalls": profile.tools.max_tool_calls}
    if timeout:
        budget["timeoutSeconds"] = profile.delegation.task_timeout_seconds
    return budget


def create_task(
    tx: Transaction,
    run: RunContext,
    *,
    task_id: str,
    parent_id: str,
    child_id: str,
    target_profile_id: str,
    continuation: TaskContinuation,
    handle: str,
    task: dict[str, Any],
    tool_call_id: str | None,
    workspace_key: str | None = None,
    budget: dict[str, Any] | None = None,
) -> None:
    """``workspace_key`` and ``budget``: where the task's agent works and the limits it runs under
    (seed 000 §4; ``task_budget``)."""
    run.task_status[task_id] = TaskStatus.QUEUED
    tx.insert(
        t.TaskRow,
        id=task_id,
        run_id=run.run_id,
        parent_invocation_id=parent_id,
        child_invocation_id=child_id,
        target_profile_id=target_profile_id,
        continuation=continuation.value,
        status=TaskStatus.QUEUED.value,
        handle=handle,
        task_json=json.dumps(task, ensure_ascii=False),
        created_by_tool_call_id=tool_call_id,
        created_at=now_iso(),
        workspace_key=workspace_key,
        budget_json=json.dumps(budget) if budget is not None else None,
    )
    tx.event(
        run.run_id,
        ev.AGENT_TASK_REGISTERED,
        {
            "taskId": task_id,
            "handle": handle,
            "continuation": continuation.value,
            "targetAgentId": target_profile_id,
            "childInvocationId": child_id,
            "title": task.get("title"),
            "workspaceKey": workspace_key,
            "budget": budget,
        },
        invocation_id=parent_id,
        related=[child_id],
    )


def task_transition(
    tx: Transaction,
    run: RunContext,
    task_id: str,
    status: TaskStatus,
    *,
    invocation_id: str | None = None,
    result: dict[str, Any] | None = None,
    error: dict[str, Any] | None = None,
) -> bool:
    current = run.task_status.get(task_id)
    if current is None or current.terminal or current == status:
        return False
    run.task_status[task_id] = status
    fields: dict[str, Any] = {"status": status.value}
    if status.terminal:
        fields["ended_at"] = now_iso()
    if result is not None:
        fields["result_json"] = json.dumps(result, ensure_ascii=False)
    if error is not None:
        fields["error_json"] = json.dumps(error, ensure_ascii=False)
    tx.update(t.TaskRow, task_id, **fields)
    payload: dict[str, Any] = {"taskId": task_id}
    if error is not None:
        payload["error"] = error
    level = EventLevel.ERROR if status is TaskStatus.FAILED else EventLevel.INFO
    tx.event(run.run_id, ev.TASK_MOVED[status], payload, invocation_id=invocation_id, level=level)
    return True
