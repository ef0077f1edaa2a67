"""The project setting "check continuity after each commit": when a commit reaches a chat of a project with the
setting on, the rules check that chat and journal what they found (``continuity_log``, trigger ``commit``). It
advises and never blocks: the run has already moved on, the check runs as its own task (the rules in a worker
thread) and a failure of the check is journaled (``check_failed``), never raised into the run.

    watcher = AfterCommitCheck(db)   # hosts install it: the Python API's Studio, ``relay-studio run``
    ...
    await watcher.idle()             # wait for the checks in flight (tests, a host closing)
"""

from __future__ import annotations

import asyncio

from relay_studio.canon.continuity_run import CheckReport, check_project
from relay_studio.domain import event_types as ev
from relay_studio.domain.events import Event
from relay_studio.store.chats import ChatStore
from relay_studio.store.continuity import ContinuityStore
from relay_studio.store.database import DEFAULT_PROJECT_ID, Database
from relay_studio.store.runs import RunStore


class AfterCommitCheck:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._tasks: set[asyncio.Task[None]] = set()
        #: the checks done so far, for a host to mention ("3 continuity findings after the commit")
        self.reports: list[CheckReport] = []
        self._unsubscribe = db.subscribe(self._on_event)

    def _on_event(self, event: Event) -> None:
        if event.type != ev.CHAT_COMMIT_COMPLETED:
            return
        run = RunStore(self.db).run(event.run_id)
        chat = ChatStore(self.db).chat(run.chat_id) if run is not None else None
        if chat is None:
            return
        project_id = chat.project_id or DEFAULT_PROJECT_ID
        if not ContinuityStore(self.db).checks_after_commit(project_id):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a synchronous host): nothing to schedule on
            return
        task = loop.create_task(self._check(project_id, chat.id), name=f"continuity after commit {chat.id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _check(self, project_id: str, chat_id: str) -> None:
        try:
            self.reports.append(await check_project(self.db, project_id, chat=chat_id, trigger="commit",
                                                    offload=True))
        except Exception as exc:  # advises, never blocks: a failed check is journaled, not raised into the run
            ContinuityStore(self.db).journal(project_id, [("check_failed", chat_id, {
                "trigger": "commit", "message": f"{type(exc).__name__}: {exc}"})])

    async def idle(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks))

    def close(self) -> None:
        self._unsubscribe()
