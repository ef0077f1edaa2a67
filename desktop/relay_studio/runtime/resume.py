"""Resuming a run that Relay Studio stopped while a change waited for the creator's approval.

Everything comes back from the store: the frozen input (profiles, settings), the commit ledger, the
foreground chain with each stage's conversation (its last model turn's request and answer, then the
tool results journaled after it), and the calls of the waiting turn that had not run yet. Those run
again from the first one not done, so the pending proposals are raised again and the window shows
them as it did before, except those the creator had already decided (``recall_decisions``). Helpers
that were working when the app stopped were cancelled at start-up (they cannot resume); the waiting
agent hears it in their result capsules after its next tool turn.
"""

from __future__ import annotations

from typing import Any

from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import (
    ExitPolicy,
    InvocationKind,
    InvocationStatus,
    RunStatus,
    TaskContinuation,
    TaskStatus,
)
from relay_studio.domain.events import Event
from relay_studio.domain.messages import Message, ModelResponse, ToolCall
from relay_studio.domain.records import InvocationRecord
from relay_studio.runtime.approval import recall_decisions
from relay_studio.runtime.context import ChildTask, InvocationState, RunContext
from relay_studio.runtime.ledger import LedgerEntry
from relay_studio.runtime.review.book import ReviewBook
from relay_studio.store.runs import RunStore


class NotResumable(Exception):
    pass


def _conversation(turn: dict[str, Any], after: list[Event]) -> tuple[list[Message], list[ToolCall]]:
    """A stage's messages up to now, and the calls of its last turn that have not run."""
    messages = [Message.model_validate(m) for m in turn["request"]["messages"]]
    response = ModelResponse.model_validate(turn["response"])
    messages.append(Message(role="assistant", content=response.text, tool_calls=response.tool_calls,
                            reasoning=response.reasoning or None))
    done: set[str] = set()
    for e in after:
        p = e.payload
        if e.type == ev.TOOL_CALL_COMPLETED:
            messages.append(Message(role="tool", tool_call_id=p["toolCallId"], tool_name=p["name"],
                                    content=p["result"], is_error=bool(p["isError"])))
            done.add(p["toolCallId"])
        elif e.type == ev.TOOL_CALL_IGNORED:
            messages.append(Message(role="tool", tool_call_id=p["toolCallId"], tool_name=p["name"],
                                    content=p["message"], is_error=True))
            done.add(p["toolCallId"])
    return messages, [c for c in response.tool_calls if c.id not in done]


def _state(run: RunContext, runs: RunStore, record: InvocationRecord, events: list[Event],
           turns: list[dict[str, Any]]) -> tuple[InvocationState, list[ToolCall]]:
    mine = [e for e in events if e.invocation_id == record.id]
    inv = InvocationState(
        id=record.id, profile=run.profiles[record.profile_id], kind=record.kind, exit_policy=record.exit_policy,
        depth=record.depth, parent_id=record.parent_invocation_id, incoming_task_id=record.incoming_task_id,
        read_only=run.explore,
    )
    assembled = next((e for e in mine if e.type == ev.CONTEXT_ASSEMBLED), None)
    if assembled is not None:
        inv.project_sections = str(assembled.payload.get("projectSections", ""))
    if record.kind is InvocationKind.HANDOFF and assembled is not None:
        inv.input_count = len(assembled.payload.get("messages", []))
        task = runs.task(record.incoming_task_id or "")
        inv.brief = task.task if task else None
    inv.rounds = sum(1 for e in mine if e.type == ev.MODEL_CALL_STARTED and e.payload.get("attempt") == 1)
    inv.tool_calls = sum(1 for e in mine if e.type == ev.TOOL_CALL_STARTED)
    inv.model_calls = len(turns)
    answered = [t for t in turns if t["response"] is not None]
    if not answered:
        raise NotResumable(f"{inv.profile.display_name} has no answered model call to continue from.")
    last = answered[-1]
    completed_at = max(e.seq for e in mine if e.type == ev.MODEL_CALL_COMPLETED and e.payload["turnId"] == last["id"])
    inv.messages, pending = _conversation(last, [e for e in mine if e.seq > completed_at])
    return inv, pending


def rebuild(run: RunContext, runs: RunStore) -> tuple[InvocationState, list[ToolCall]]:
    """Restores ``run``'s in-memory state; returns the waiting stage and its calls still to run."""
    events = runs.events(run.run_id)
    turns = runs.model_turns(run.run_id)
    for commit in runs.commits(run.run_id):
        run.ledger.record(LedgerEntry(commit.id, commit.invocation_id, commit.agent_id, commit.path,
                                      commit.message_id, commit.version,
                                      commit.marker.value if commit.marker else None, commit.content))
    for task in runs.tasks(run.run_id):
        run.task_status[task.id] = task.status
    run._handles = sum(1 for t in runs.tasks(run.run_id) if t.handle.startswith("task-"))
    run.total_rounds = sum(1 for e in events if e.type == ev.MODEL_CALL_STARTED and e.payload.get("attempt") == 1)
    active: InvocationState | None = None
    pending: list[ToolCall] = []
    for record in runs.invocations(run.run_id):
        if record.kind is InvocationKind.SUBAGENT:
            continue
        inv, calls = _state(run, runs, record, events, [t for t in turns if t["invocationId"] == record.id])
        run.invocations[inv.id] = inv
        run.inv_status[inv.id] = record.status
        run.chain.append(inv)
        if record.status is InvocationStatus.RUNNING:
            active, pending = inv, calls
    if active is None or not pending:
        raise NotResumable("No agent was waiting for an approval in this run.")
    if active.exit_policy is not ExitPolicy.RUN_FINISH_ALLOWED:
        raise NotResumable("Only a foreground agent's approval can be resumed.")
    _restore_helpers(run, runs, active, events)
    run.reviews = ReviewBook.from_journal([(e.invocation_id or "", e.payload) for e in events
                                           if e.type == ev.REVIEW_COMPLETED])  # the gate sees them again
    recall_decisions(run, events, pending)
    run.run_status = RunStatus.AWAITING_APPROVAL
    return active, pending


def _restore_helpers(run: RunContext, runs: RunStore, active: InvocationState, events: list[Event]) -> None:
    """The waiting agent's helpers, so that it hears about the ones the stop cut short."""
    delivered: set[str] = set()
    for e in events:
        if e.type == ev.AGENT_AWAIT_COMPLETED:
            delivered.update(e.payload.get("delivered", []))
        elif e.type == ev.TASK_RESULTS_INJECTED:
            delivered.update(e.payload.get("handles", []))
    for task in runs.tasks(run.run_id):
        if task.continuation is not TaskContinuation.RETURN_TO_PARENT or task.parent_invocation_id != active.id:
            continue
        if task.task.get("review"):  # a review answered its tool call; it is no helper to hear from
            continue
        helper = InvocationState(
            id=task.child_invocation_id, profile=run.profiles[task.target_profile_id], kind=InvocationKind.SUBAGENT,
            exit_policy=ExitPolicy.TASK_RETURN_REQUIRED, depth=active.depth, parent_id=active.id,
            task_handle=task.handle,
        )
        title = str(task.task.get("title") or str(task.task.get("objective", "")).splitlines()[0][:80])
        child = ChildTask(task_id=task.id, handle=task.handle, parent_id=active.id, title=title, inv=helper,
                          delivered=task.handle in delivered, result=task.result)
        if task.status is TaskStatus.CANCELLED:
            child.error = "Relay Studio stopped while this helper was working; its work on the task was lost."
        child.done.set()
        run.scheduler.children[task.id] = child
