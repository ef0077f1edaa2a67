"""The run-scoped scheduler for delegated (return-to-parent) tasks.

Each child runs as its own asyncio task, at most ``maxConcurrentTasks`` at once per parent, each under
its ``taskTimeoutSeconds``. Results wait for the parent as capsules until ``agent_await`` collects them
or the loop injects them after the parent's next tool turn.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import ExitPolicy, InvocationKind, InvocationStatus, TaskContinuation, TaskStatus
from relay_studio.domain.messages import Message
from relay_studio.runtime import transitions
from relay_studio.runtime.context import ChildTask, InvocationState, RunContext
from relay_studio.runtime.delegation.rendering import render_capsule
from relay_studio.runtime.effects import LoopExit, TaskDelegated, TaskReturned
from relay_studio.runtime.errors import FatalRunError, InvocationFailed, disk_full_failure, failure_as_told
from relay_studio.runtime.library_access import StageReading
from relay_studio.store.database import Transaction, new_id


@dataclass(frozen=True)
class ChildRunner:
    """How a helper's invocation runs, given by the engine (the loop sits above the scheduler)."""

    #: reads what the invocation's prompt needs from its project, off the loop, before its start
    read: Callable[[RunContext, InvocationState], Awaitable[StageReading]]
    #: starts the invocation and assembles its prompt, in the transaction that marks its task running
    start: Callable[[Transaction, RunContext, InvocationState, StageReading], None]
    #: runs the invocation's loop until it exits
    run: Callable[[RunContext, InvocationState], Awaitable[LoopExit]]



class TaskScheduler:
    def __init__(self, run: RunContext, runner: ChildRunner) -> None:
        self.run = run
        self.runner = runner
        self.children: dict[str, ChildTask] = {}
        self._semaphores: dict[str, asyncio.Semaphore] = {}
        self._changed = asyncio.Event()

    # -- queries -------------------------------------------------------------------------------
    def status(self, child: ChildTask) -> TaskStatus:
        return self.run.task_status[child.task_id]

    def of_parent(self, parent_id: str) -> list[ChildTask]:
        return [c for c in self.children.values() if c.parent_id == parent_id]

    def pending(self, parent_id: str) -> list[ChildTask]:
        return [c for c in self.of_parent(parent_id) if not self.status(c).terminal]

    def by_handle(self, parent_id: str, handle: str) -> ChildTask | None:
        return next((c for c in self.of_parent(parent_id) if c.handle == handle), None)

    def capsule(self, child: ChildTask) -> str:
        return render_capsule(
            child.handle,
            child.inv.profile.display_name,
            child.title,
            self.status(child).value,
            child.result,
            child.error,
        )

    def take_undelivered(self, parent_id: str, only: list[ChildTask] | None = None) -> list[ChildTask]:
        pool = only if only is not None else self.of_parent(parent_id)
        ready = [c for c in pool if self.status(c).terminal and not c.delivered]
        for c in ready:
            c.delivered = True
        return ready

    # -- running -------------------------------------------------------------------------------
    def delegate(self, parent: InvocationState, effect: TaskDelegated) -> ChildTask:
        """Applies ``agent_delegate``'s effect: the helper's invocation and its ``return_to_parent`` task,
        journaled together, then its worker starts."""
        run = self.run
        handle = run.next_handle()
        task_id = new_id("task")
        inv = InvocationState(
            id=new_id("inv"), profile=effect.target, kind=InvocationKind.SUBAGENT,
            exit_policy=ExitPolicy.TASK_RETURN_REQUIRED, depth=parent.depth, parent_id=parent.id,
            incoming_task_id=task_id, task_handle=handle, messages=[Message(role="user", content=effect.brief)],
            read_only=run.explore,
        )
        with run.db.transaction() as tx:
            transitions.create_invocation(tx, run, inv)
            transitions.create_task(tx, run, task_id=task_id, parent_id=parent.id, child_id=inv.id,
                                    target_profile_id=effect.target.id, continuation=TaskContinuation.RETURN_TO_PARENT,
                                    handle=handle, task=effect.task, tool_call_id=effect.tool_call_id,
                                    workspace_key=effect.target.id,
                                    budget=transitions.task_budget(effect.target, timeout=True))
            tx.event(run.run_id, ev.AGENT_DELEGATE_STARTED,
                     {"agentId": parent.profile.id, "targetAgentId": effect.target.id, "taskId": task_id,
                      "handle": handle, "title": effect.title},
                     invocation_id=parent.id, related=[inv.id])
        child = ChildTask(task_id=task_id, handle=handle, parent_id=parent.id, title=effect.title, inv=inv)
        self.submit(child, parent)
        return child

    def submit(self, child: ChildTask, parent: InvocationState) -> None:
        self.children[child.task_id] = child
        limit = parent.profile.delegation.max_concurrent_tasks
        semaphore = self._semaphores.setdefault(parent.id, asyncio.Semaphore(limit))
        child.worker = asyncio.create_task(self._work(child, semaphore), name=f"child {child.handle}")

    async def _work(self, child: ChildTask, semaphore: asyncio.Semaphore) -> None:
        run = self.run
        try:
            async with semaphore:
                if self.status(child).terminal:
                    return
                reading = await self.runner.read(run, child.inv)
                with run.db.transaction() as tx:
                    transitions.task_transition(tx, run, child.task_id, TaskStatus.RUNNING, invocation_id=child.inv.id)
                    self.runner.start(tx, run, child.inv, reading)
                timeout = child.inv.profile.delegation.task_timeout_seconds
                try:
                    async with asyncio.timeout(timeout):
                        exit_ = await self.runner.run(run, child.inv)
                except TimeoutError:
                    raise InvocationFailed(
                        codes.AGENT_TASK_TIMEOUT, f"The task did not finish within {timeout:g} seconds."
                    ) from None
                assert isinstance(exit_, TaskReturned)
                child.result = exit_.result
                status = TaskStatus.FAILED if exit_.status == "failed" else TaskStatus.COMPLETED
                with run.db.transaction() as tx:
                    tx.event(
                        run.run_id,
                        ev.TASK_RETURN_COMPLETED,
                        {"taskId": child.task_id, "handle": child.handle, "status": exit_.status,
                         "result": exit_.result},
                        invocation_id=child.inv.id,
                        related=[child.parent_id],
                    )
                    transitions.end_invocation(tx, run, child.inv.id, InvocationStatus.COMPLETED)
                    transitions.task_transition(
                        tx, run, child.task_id, status, invocation_id=child.inv.id, result=exit_.result
                    )
        except InvocationFailed as exc:
            # the parent reads the capsule; the task's journaled error keeps the full text
            child.error = failure_as_told(exc.code, exc.message, child.inv.profile.display_name, sentence=True)
            with run.db.transaction() as tx:
                transitions.end_invocation(tx, run, child.inv.id, InvocationStatus.FAILED, error_code=exc.code)
                transitions.task_transition(
                    tx, run, child.task_id, TaskStatus.FAILED, invocation_id=child.inv.id,
                    error={"code": exc.code, "message": exc.message},
                )
        except asyncio.CancelledError:
            self._mark_cancelled(child)
        except FatalRunError as exc:
            run.fail_fast(exc)
        except Exception as exc:  # a broken host contract inside a child fails the whole run loudly
            run.fail_fast(disk_full_failure(exc)
                          or FatalRunError(codes.RUNTIME_INTERNAL_ERROR, f"A helper task crashed: {exc!r}"))
        finally:
            child.done.set()
            self._notify()

    def _mark_cancelled(self, child: ChildTask) -> None:
        child.error = "The task was stopped before it finished."
        with self.run.db.transaction() as tx:
            transitions.end_invocation(tx, self.run, child.inv.id, InvocationStatus.CANCELLED)
            transitions.task_transition(tx, self.run, child.task_id, TaskStatus.CANCELLED,
                                        invocation_id=child.inv.id)

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_for(self, children: list[ChildTask], *, all_: bool, seconds: float) -> bool:
        """Waits until one (or all) of ``children`` is terminal; False when the timeout passed first."""

        def satisfied() -> bool:
            done = [self.status(c).terminal for c in children]
            return all(done) if all_ else any(done)

        try:
            async with asyncio.timeout(seconds):
                while not satisfied():
                    await self._changed.wait()
        except TimeoutError:
            return satisfied()
        return True

    async def cancel_children(self, parent_id: str | None = None) -> list[ChildTask]:
        """Stops unfinished children (of one parent, or all) and waits until each is journaled."""
        targets = [
            c for c in self.children.values()
            if (parent_id is None or c.parent_id == parent_id) and not self.status(c).terminal
        ]
        workers = [c.worker for c in targets if c.worker is not None and not c.worker.done()]
        for w in workers:
            w.cancel()
        if workers:
            await asyncio.gather(*workers, return_exceptions=True)
        for child in targets:  # a worker cancelled before its first step never ran its handler
            if not self.status(child).terminal:
                self._mark_cancelled(child)
                child.done.set()
        if targets:
            self._notify()
        return targets
