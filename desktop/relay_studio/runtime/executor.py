"""The foreground chain: root invocation, then each handoff stage, until finish, failure or cancel."""

from __future__ import annotations

import asyncio
from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import EventLevel, InvocationStatus, RunStatus, TaskStatus
from relay_studio.domain.messages import Message, ToolCall
from relay_studio.runtime import transitions
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.delegation.edges import HandoffInfo, effective
from relay_studio.runtime.delegation.history import filtered_input, handoff_input
from relay_studio.runtime.delegation.rendering import render_handoff_brief
from relay_studio.runtime.effects import Finish, HandoffAccepted, TaskReturned
from relay_studio.runtime.errors import INVOCATION_START_FAILED, FatalRunError, unexpected_failure
from relay_studio.runtime.library_access import read_stage_off_loop
from relay_studio.runtime.loop import run_invocation, start_and_assemble


async def execute_run(run: RunContext, root: InvocationState) -> RunStatus:
    run.chain.append(root)
    with run.db.transaction() as tx:
        transitions.create_invocation(tx, run, root)
    return await drive_chain(run, root, start=True)


async def drive_chain(run: RunContext, current: InvocationState, pending: list[ToolCall] | None = None, *,
                      start: bool = False) -> RunStatus:
    """Runs the foreground stage ``current`` (started first with ``start``) and every stage after it
    (``pending``: its last turn's tool calls still to run, when a run resumes).

    Whatever goes wrong ends the run with a code in the journal: a stage that cannot start fails with
    its task (``runtime.invocation_start_failed``), a full disk with ``store.disk_full``, anything else
    unexpected with ``runtime.unexpected_error``.
    """
    try:
        if start:
            await _start(run, current)
        while True:
            exit_ = await run_invocation(run, current, pending)
            pending = None
            if isinstance(exit_, HandoffAccepted):
                # The caller's part is done whatever happens next, so its own incoming task completes first.
                if current.incoming_task_id:
                    with run.db.transaction() as tx:
                        transitions.task_transition(tx, run, current.incoming_task_id, TaskStatus.COMPLETED,
                                                    invocation_id=current.id)
                source, current = current, run.invocations[exit_.invocation_id]
                run.chain.append(current)
                await _start(run, current, source)
                continue
            if isinstance(exit_, TaskReturned):  # only helpers return; a foreground agent cannot
                raise FatalRunError(codes.RUNTIME_UNEXPECTED_RETURN, "A foreground agent returned a task result.")
            await _finish(run, current, exit_)
            return run.run_status
    except asyncio.CancelledError:
        if run.left_waiting:  # the window quit during an approval: the run stays as it is, to be resumed
            return run.run_status
        if run.fatal is not None:
            await _fail(run, current, run.fatal)
        else:
            await _cancel(run, current)
        return run.run_status
    except FatalRunError as exc:
        await _fail(run, current, exc)
        return run.run_status
    except Exception as exc:  # a broken contract somewhere below: the run fails loudly, it never hangs
        await _fail(run, current, unexpected_failure(exc, current.profile.display_name))
        return run.run_status


async def _start(run: RunContext, inv: InvocationState, source: InvocationState | None = None) -> None:
    """Starts a foreground stage (a handoff target: with its input and its task running); a failure
    leaves it and its task to ``_fail`` as ``runtime.invocation_start_failed``.

    A failed start writes nothing (its transaction rolls back); the statuses in memory may already say
    running, which is why ``_fail`` ends the stage and its task from whatever they say, never from
    ``created`` / ``queued`` only."""
    try:
        if source is not None:
            inv.messages = await _handoff_input(run, source, inv)
            inv.input_count = len(inv.messages)
        reading = await read_stage_off_loop(run, inv)  # the project's files, read before the short transaction
        with run.db.transaction() as tx:
            if inv.incoming_task_id:
                transitions.task_transition(tx, run, inv.incoming_task_id, TaskStatus.RUNNING, invocation_id=inv.id)
            start_and_assemble(tx, run, inv, reading)
    except FatalRunError:
        raise
    except Exception as exc:
        raise FatalRunError(INVOCATION_START_FAILED,
                            f"{inv.profile.display_name} could not start its part: {exc!r}") from exc


async def _handoff_input(run: RunContext, source: InvocationState, target: InvocationState) -> list[Message]:
    """The target's first input: the brief, with the chat input or the earlier stages as its history mode
    asks, or as the handoff's input filter (the run's, without one of its own) decides."""
    options = effective(target.profile, run.edges.get((source.profile.id, target.profile.id)), run.handoff_defaults)
    brief = render_handoff_brief(target.brief or {})
    limit = target.profile.context.chat_history_messages
    if options.input_filter is None:
        mode = target.history_mode or options.history_mode  # a transfer without an objective: the conversation
        return handoff_input(run.chain[:-1], brief, mode, options.remove_tool_items, run.chat_input, limit,
                             history_mapper=options.history_mapper)
    info: HandoffInfo[Any] = HandoffInfo(run.run_id, source.profile.id, target.profile.id, run.ledger.has_commit,
                                         run.user_context)
    try:
        return await filtered_input(run.chain[:-1], brief, options.input_filter, run.chat_input, limit, info)
    except Exception as exc:
        raise FatalRunError(INVOCATION_START_FAILED, f"The input filter of the handoff to "
                            f"{target.profile.display_name} failed: {exc!r}") from exc


async def _finish(run: RunContext, inv: InvocationState, exit_: Finish) -> None:
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
            ev.RUN_COMPLETED,
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
            ev.RUN_ENDED[status],
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
        tx.event(run.run_id, ev.RUN_CANCELLED, {"agentId": inv.profile.id, "commits": len(run.ledger.entries)},
                 invocation_id=inv.id, level=EventLevel.WARNING)

