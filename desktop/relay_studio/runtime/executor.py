"""The foreground chain: root invocation, then each handoff stage, until finish, failure or cancel."""

from __future__ import annotations

import asyncio

from relay_studio.domain.enums import EventLevel, InvocationStatus, RunStatus, TaskStatus
from relay_studio.domain.messages import Message, ToolCall
from relay_studio.runtime import transitions
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.delegation.edges import effective
from relay_studio.runtime.delegation.history import handoff_input
from relay_studio.runtime.delegation.rendering import render_handoff_brief
from relay_studio.runtime.errors import FatalRunError
from relay_studio.runtime.loop import Finished, Returned, Transferred, run_invocation, start_and_assemble


async def execute_run(run: RunContext, root: InvocationState) -> RunStatus:
    run.chain.append(root)
    with run.db.transaction() as tx:
        transitions.create_invocation(tx, run, root)
        start_and_assemble(tx, run, root)
    return await drive_chain(run, root)


async def drive_chain(run: RunContext, current: InvocationState, pending: list[ToolCall] | None = None) -> RunStatus:
    """Runs the foreground stage ``current`` and every stage after it (``pending``: its last turn's
    tool calls still to run, when a run resumes)."""
    try:
        while True:
            exit_ = await run_invocation(run, current, pending)
            pending = None
            if isinstance(exit_, Transferred):
                successor = run.invocations[exit_.invocation_id]
                successor.messages = _handoff_input(run, current, successor)
                successor.input_count = len(successor.messages)
                run.chain.append(successor)
                with run.db.transaction() as tx:
                    if current.incoming_task_id:
                        transitions.task_transition(tx, run, current.incoming_task_id, TaskStatus.COMPLETED,
                                                    invocation_id=current.id)
                    transitions.task_transition(tx, run, exit_.task_id, TaskStatus.RUNNING,
                                                invocation_id=successor.id)
                    start_and_assemble(tx, run, successor)
                current = successor
                continue
            if isinstance(exit_, Returned):  # only helpers return; a foreground agent cannot
                raise FatalRunError("runtime.unexpected_return", "A foreground agent returned a task result.")
            await _finish(run, current, exit_)
            return run.run_status
    except asyncio.CancelledError:
        if run.fatal is not None:
            await _fail(run, current, run.fatal)
        else:
            await _cancel(run, current)
        return run.run_status
    except FatalRunError as exc:
        await _fail(run, current, exc)
        return run.run_status


def _handoff_input(run: RunContext, source: InvocationState, target: InvocationState) -> list[Message]:
    """The target's first input: its brief, and the earlier stages as its history mode asks."""
    options = effective(target.profile, run.edges.get((source.profile.id, target.profile.id)))
    return handoff_input(run.chain, render_handoff_brief(target.brief or {}), options.history_mode,
                         options.remove_tool_items)


async def _finish(run: RunContext, inv: InvocationState, exit_: Finished) -> None:
    leftover = await run.scheduler.cancel_children()
    run.workspace.promote_persist(run.chat_persist)
    await run.bridge.finish(run_id=run.run_id, chat_id=run.chat_id)
    last = run.ledger.last
    with run.db.transaction() as tx:
        if inv.incoming_task_id:
            transitions.task_transition(tx, run, inv.incoming_task_id, TaskStatus.COMPLETED, invocation_id=inv.id)
        transitions.end_invocation(tx, run, inv.id, InvocationStatus.COMPLETED)
        transitions.set_run_status(tx, run, RunStatus.COMPLETED)
        run.workspace.journal_skipped_links(tx, run.run_id)
        tx.event(
            run.run_id,
            "run_completed",
            {"agentId": inv.profile.id, "summary": exit_.summary, "commits": len(run.ledger.entries),
             "messageId": last.message_id if last else None, "cancelledTasks": [c.handle for c in leftover],
             "ending": "text_answer" if exit_.text_answer else "finish"},
            invocation_id=inv.id,
        )


async def _fail(run: RunContext, inv: InvocationState, exc: FatalRunError) -> None:
    await run.scheduler.cancel_children()
    status = RunStatus.PARTIAL_SUCCESS if run.ledger.has_commit else RunStatus.FAILED
    with run.db.transaction() as tx:
        transitions.end_invocation(tx, run, inv.id, InvocationStatus.FAILED, error_code=exc.code,
                                   payload={"message": exc.message})
        if inv.incoming_task_id:
            transitions.task_transition(tx, run, inv.incoming_task_id, TaskStatus.FAILED, invocation_id=inv.id,
                                        error={"code": exc.code, "message": exc.message})
        transitions.set_run_status(tx, run, status, error_code=exc.code, error_message=exc.message)
        tx.event(
            run.run_id,
            f"run_{status.value}",
            {"errorCode": exc.code, "message": exc.message, "agentId": inv.profile.id,
             "commits": len(run.ledger.entries)},
            invocation_id=inv.id,
            level=EventLevel.ERROR if status is RunStatus.FAILED else EventLevel.WARNING,
        )


async def _cancel(run: RunContext, inv: InvocationState) -> None:
    await run.scheduler.cancel_children()
    with run.db.transaction() as tx:
        transitions.end_invocation(tx, run, inv.id, InvocationStatus.CANCELLED)
        if inv.incoming_task_id:
            transitions.task_transition(tx, run, inv.incoming_task_id, TaskStatus.CANCELLED, invocation_id=inv.id)
        transitions.set_run_status(tx, run, RunStatus.CANCELLED)
        tx.event(run.run_id, "run_cancelled", {"agentId": inv.profile.id, "commits": len(run.ledger.entries)},
                 invocation_id=inv.id, level=EventLevel.WARNING)

