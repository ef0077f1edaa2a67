"""Reads of the journal: runs, their events, model turns, file versions, knowledge citations, the
branches of a run and their comparison, and "rerun from here" (a fork).

One of the studio's operations (``ui/studio.py``, docs/window/studio.md): views call it as ``studio.journal``."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from relay_studio.domain.events import Event
from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.records import RunRecord
from relay_studio.runtime.demo import DEMO_PROMPT
from relay_studio.runtime.engine import RunHandle
from relay_studio.store.runs import RunStore
from relay_studio.ui.library.citations import distinct
from relay_studio.ui.operations.ops import Changes, Query, ReadStores
from relay_studio.ui.operations.ops import runs as run_store

#: how many of a chat's runs the run picker lists (newest first)
RUN_LIST = 200

#: the runs listed, which of them are reruns (run id -> the stage it reran from), and the names the journal gave
#: the root agents that were removed since (run id -> that name)
RunList = tuple[list[RunRecord], dict[str, int], dict[str, str]]

if TYPE_CHECKING:
    from relay_studio.runtime.branches import Branch, Comparison
    from relay_studio.ui.operations.hub import StudioHub


class JournalOperations:
    # reads of the run store, declared (``ui/operations/ops.py``): ``.run(owner, then, ...)`` the one way
    run = Query(run_store, RunStore.run)
    runs = Query(run_store, RunStore.runs)  # the chat's runs (every run without a chat), newest first
    run_input = Query(run_store, RunStore.run_input)  # what the run froze at its start (``regenerateOf``...)
    events = Query(run_store, RunStore.events)  # one page of the run's journal, in ``seq`` order
    event_count = Query(run_store, RunStore.event_count)
    model_turn = Query(run_store, RunStore.model_turn)  # one model call's request and response (None while it streams)
    file_versions = Query(run_store, RunStore.file_versions)  # a file's versions: (version, content, invocation)
    fork_stages = Query(run_store, RunStore.fork_stages)  # which of these runs are reruns, and from which stage

    def __init__(self, hub: StudioHub) -> None:
        self.hub = hub
        self.runtime = hub.runtime
        self._citations: dict[str, list[dict[str, Any]]] = {}  # finished runs' knowledge citations
        self._finishers: dict[str, str] = {}  # finished runs' finishing agents (each card asks: profiles read once)
        hub.operation_did_execute.connect(self._on_changes)

    def _on_changes(self, changes: Changes, _initiator: object) -> None:
        if changes.profiles:  # a renamed agent is named anew
            self._finishers.clear()

    def read_run_list(self, owner: QObject, chat_id: str | None, known: set[str], then: Callable[[RunList], None],
                      failed: Callable[[str], None]) -> None:
        """The run picker's list, a query on the reader lane (the newest wins): the chat's newest ``RUN_LIST`` runs
        (every run without a chat), which of them are reruns, from which stage, and for a run whose agent was
        removed since (not in ``known``, the catalogue's ids), the name its journal gave that agent. A closed or busy
        file: the picker stays as it was and ``failed`` hears the sentence (the presenter logs why)."""

        def work(stores: ReadStores) -> RunList:
            records = stores.runs.runs(chat_id, limit=RUN_LIST)
            gone = {r.id: r.root_profile_id for r in records if r.root_profile_id not in known}
            return records, stores.runs.fork_stages([r.id for r in records]), stores.runs.root_agent_names(gone)

        self.hub.ops.query(owner, work, then, key=("run-list", id(owner)), show=failed)

    async def read_events(self, run_id: str, *, after_seq: int = 0, limit: int | None = None) -> list[Event]:
        """``run_events``, read on the studio's reader thread (a run's journal may hold 100,000 events)."""
        return await self.hub.ops.read(lambda stores: stores.runs.events(run_id, after_seq=after_seq, limit=limit))

    def citations(self, run_id: str) -> list[dict[str, Any]]:
        """The passages the run's ``knowledge.search`` calls returned (their citations, ``RunStore.citations``),
        each range once. A finished run's answer is kept."""
        cached = self._citations.get(run_id)
        if cached is not None:
            return cached
        cited = distinct(self.runtime.runs.citations(run_id))
        if run_id not in self.hub.handles:
            self._citations[run_id] = cited
        return cited

    def finisher(self, run_id: str) -> str:
        """The name of the agent whose stage ended the run (its last first or next stage; helpers aside),
        "" when the run has none yet: what the status bar names, and the answer's card beside its author."""
        from relay_studio.domain.enums import InvocationKind

        cached = self._finishers.get(run_id)
        if cached is not None:
            return cached
        stages = [i.profile_id for i in self.runtime.runs.invocations(run_id)
                  if i.kind in (InvocationKind.ROOT, InvocationKind.HANDOFF)]
        return self._keep_finisher(run_id, stages, self.hub.agents.profiles())

    def _keep_finisher(self, run_id: str, stages: list[str], profiles: dict[str, AgentProfile]) -> str:
        profile = profiles.get(stages[-1]) if stages else None
        name = profile.display_name if profile is not None else (stages[-1] if stages else "")
        if run_id not in self.hub.handles and name:
            self._finishers[run_id] = name
        return name

    def prime(self, citations: dict[str, list[dict[str, Any]]], stages: dict[str, list[str]]) -> None:
        """Keeps what a lane read of a chat brought for its ended runs (``ChatContents``): the cards built from
        it then read neither their citations nor their finisher on the GUI thread."""
        for run_id, cited in citations.items():
            if run_id not in self.hub.handles:
                self._citations[run_id] = cited
        profiles = self.hub.agents.profiles() if stages else {}
        for run_id, found in stages.items():
            if run_id not in self._finishers:
                self._keep_finisher(run_id, found, profiles)

    def read_branches(self, run_id: str, deliver: Callable[[str, list[Branch]], None]) -> None:
        """Reads the run's lineage (the run it started from, every fork) on the reader thread and hands it to
        ``deliver`` on the GUI thread (a query: a later read of the run wins). No asyncio task:
        one started from a run's done callback may never take its first step under qasync. Nothing once the
        studio shuts down (its reader is closed), nor when the read fails (the strip stays as it was)."""
        from relay_studio.runtime.branches import branches

        def arrived(found: list[Branch]) -> None:
            with contextlib.suppress(RuntimeError):  # its receiver is gone: the window closed meanwhile
                deliver(run_id, found)

        # a closed or busy file: the strip stays as it was (the presenter logs why)
        self.hub.ops.query(None, lambda stores: branches(stores.runs, run_id), arrived, key=("branches", run_id),
                           show=lambda _line: None)

    async def compare(self, left: str, right: str) -> Comparison:
        """Two branches' final messages and ``output/`` files, read on the reader thread."""
        from relay_studio.runtime.branches import compare

        folders = {r: self.runtime.workspace_dir(r) for r in (left, right)}
        return await self.hub.ops.read(lambda stores: compare(stores.runs, folders, left, right))

    async def fork(self, run_id: str, at: int, *, agent_id: str | None = None,
                       brief: dict[str, Any] | str | None = None, connection: str | None = None,
                       model: str | None = None) -> RunHandle:
        """"Rerun from here": a new run of the same chat from stage ``at``, with the workspace as that stage
        found it; ``connection`` (and ``model``) bind the stage's agent and those after it to another model.
        Raises ``RunRequestError`` (nothing written) when it cannot start."""
        from relay_studio.runtime.fork import ForkRequest

        record = self.runtime.runs.run(run_id)
        demo = record is not None and record.user_text == DEMO_PROMPT
        profiles: dict[str, AgentProfile] | None = None
        if connection:
            binding = {"mode": "connection", "connection": connection, "model": model or None}
            frozen = self.runtime.runs.run_input(run_id).get("profiles", {})
            known = {pid: AgentProfile.model_validate(p) for pid, p in frozen.items()}
            known.update({pid: p for pid, p in self.hub.agents.profiles().items() if pid not in known})
            profiles = {pid: p.model_copy(update={"model": p.model.model_copy(update=binding)})
                        for pid, p in known.items()}
        handle = await self.runtime.fork_run(
            ForkRequest(run_id, at, agent_id, brief, connection=connection, model=model),
            provider_for=self.hub.providers.provider_for_run(demo=demo), profiles=profiles, approver=self.hub.approve)
        self.hub.track(handle, handle.context.chain[-1].profile.display_name)
        return handle

