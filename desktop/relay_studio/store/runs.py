"""Reads of runs, invocations, tasks, events, commits and model turns; crash recovery."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator
from typing import Any

from sqlalchemy import func, literal_column, select

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import (
    EventLevel,
    InvocationKind,
    InvocationStatus,
    RunStatus,
    TaskContinuation,
    TaskStatus,
)
from relay_studio.domain.events import Event
from relay_studio.domain.records import CommitRecord, InvocationRecord, RunRecord, TaskRecord
from relay_studio.store import tables as t
from relay_studio.store import workspace_versions
from relay_studio.store.compact import unpack
from relay_studio.store.database import Database, now_iso, table_of
from relay_studio.store.leases import is_owned
from relay_studio.store.rows import records
from relay_studio.store.turn_requests import StageTexts, request_text

_RUNS = table_of(t.RunRow)
_INVOCATIONS = table_of(t.InvocationRow)
_TASKS = table_of(t.TaskRow)
_EVENTS = table_of(t.EventRow)
_COMMITS = table_of(t.CommitRow)
_TURNS = table_of(t.ModelTurnRow)
_VERSIONS = table_of(t.WorkspaceFileVersionRow)

_TERMINAL_RUN_VALUES = [s.value for s in RunStatus if s.terminal]
#: Why a run whose owner is gone ended: written by recovery, shown by readers before it.
INTERRUPTED_MESSAGE = "Relay Studio stopped while this run was in progress."


def _record_columns() -> Any:
    """A run's record columns, without its frozen input (tens of KB a run on a book: a chat's runs read whole,
    each of its input's overflow pages read and copied, cost ~2.5 ms per chapter on every switch)."""
    return select(*(_RUNS.c[name] for name in RunRecord.model_fields))


def _run(row: Any) -> RunRecord:
    """The record's fields are the row's columns of the same names (tests/unit/test_record_mappers.py)."""
    m = row._mapping
    return RunRecord.model_validate({name: m[name] for name in RunRecord.model_fields})


def _task(row: Any) -> TaskRecord:
    m = dict(row._mapping)
    return TaskRecord(
        **{k: m[k] for k in TaskRecord.model_fields if k in m and k not in ("task", "result", "error", "budget")},
        task=json.loads(m["task_json"]),
        budget=json.loads(m["budget_json"]) if m.get("budget_json") else None,
        result=json.loads(m["result_json"]) if m["result_json"] else None,
        error=json.loads(m["error_json"]) if m["error_json"] else None,
    )


def _turn(row: Any, request: str) -> dict[str, Any]:
    m = row._mapping
    return {
        "id": m["id"],
        "invocationId": m["invocation_id"],
        "agentId": m["agent_id"],
        "callIndex": m["call_index"],
        "startedAt": m["started_at"],
        "elapsedMs": m["elapsed_ms"],
        "request": json.loads(request),
        "response": json.loads(unpack(m["response_json"]) or "null"),
        "error": json.loads(unpack(m["error_json"]) or "null"),
    }


def event_from_row(row: Any) -> Event:
    m = row._mapping
    return Event(
        seq=m["seq"],
        run_id=m["run_id"],
        type=m["type"],
        level=EventLevel(m["level"]),
        timestamp=m["timestamp"],
        invocation_id=m["invocation_id"],
        related_invocation_ids=json.loads(m["related_json"]),
        payload=json.loads(unpack(m["payload_json"]) or "{}"),
    )


class RunStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    def run(self, run_id: str) -> RunRecord | None:
        row = self.db.conn.execute(_record_columns().where(_RUNS.c.id == run_id)).first()
        return _run(row) if row else None

    def run_input(self, run_id: str) -> dict[str, Any]:
        value = self.db.conn.execute(select(_RUNS.c.input_json).where(_RUNS.c.id == run_id)).scalar()
        return dict(json.loads(value)) if value else {}

    def runs(self, chat_id: str | None = None, limit: int = 200) -> list[RunRecord]:
        query = _record_columns().order_by(_RUNS.c.created_at.desc()).limit(limit)
        if chat_id is not None:
            query = query.where(_RUNS.c.chat_id == chat_id)
        return records(self.db.conn.execute(query), RunRecord)  # its columns are the record's fields

    def as_seen(self, record: RunRecord) -> RunRecord:
        """The run as a reader shows it: one a crash left non-terminal whose owner is gone (its lease is
        free) is shown ``interrupted``, as the next writer's recovery will mark it, unless it waits for an
        approval (recovery keeps such a run, resumable). Computed from the lease; nothing is written."""
        if record.status.terminal or is_owned(self.db.path.parent, record.id):
            return record
        fresh = self.run(record.id)  # re-read: its owner may have ended it, and let its lease go, meanwhile
        if fresh is None or fresh.status.terminal or self.resumable(fresh.id, fresh.status.value):
            return fresh or record
        return fresh.model_copy(update={"status": RunStatus.INTERRUPTED, "error_code": codes.RUN_INTERRUPTED,
                                        "error_message": INTERRUPTED_MESSAGE})

    def runs_as_seen(self, chat_id: str | None = None, limit: int = 200) -> list[RunRecord]:
        """``runs``, each ``as_seen``: what the reading commands list."""
        return [self.as_seen(r) for r in self.runs(chat_id, limit)]

    def invocations(self, run_id: str) -> list[InvocationRecord]:
        rows = self.db.conn.execute(
            select(_INVOCATIONS).where(_INVOCATIONS.c.run_id == run_id).order_by(_INVOCATIONS.c.created_at)
        )
        return records(rows, InvocationRecord)

    def invocation(self, invocation_id: str) -> InvocationRecord | None:
        row = self.db.conn.execute(select(_INVOCATIONS).where(_INVOCATIONS.c.id == invocation_id)).first()
        return InvocationRecord.model_validate(dict(row._mapping)) if row else None

    def tasks(self, run_id: str) -> list[TaskRecord]:
        rows = self.db.conn.execute(
            select(_TASKS).where(_TASKS.c.run_id == run_id).order_by(_TASKS.c.created_at)
        )
        return [_task(r) for r in rows]

    def task(self, task_id: str) -> TaskRecord | None:
        row = self.db.conn.execute(select(_TASKS).where(_TASKS.c.id == task_id)).first()
        return _task(row) if row else None

    def events(
        self,
        run_id: str,
        *,
        invocation_id: str | None = None,
        after_seq: int = 0,
        limit: int | None = None,
    ) -> list[Event]:
        return list(self.iter_events(run_id, invocation_id=invocation_id, after_seq=after_seq, limit=limit))

    def iter_events(
        self,
        run_id: str,
        *,
        invocation_id: str | None = None,
        after_seq: int = 0,
        limit: int | None = None,
        page: int = 1000,
    ) -> Iterator[Event]:
        """Events in ``seq`` order, read ``page`` at a time: memory stays flat for 100,000 events."""
        left = limit
        while left is None or left > 0:
            size = page if left is None else min(page, left)
            batch = self._event_page(run_id, invocation_id, after_seq, size)
            yield from batch
            if len(batch) < size:
                return
            after_seq = batch[-1].seq
            left = None if left is None else left - len(batch)

    def _event_page(self, run_id: str, invocation_id: str | None, after_seq: int, limit: int) -> list[Event]:
        query = (
            select(_EVENTS)
            .where(_EVENTS.c.run_id == run_id, _EVENTS.c.seq > after_seq)
            .order_by(_EVENTS.c.seq)
        )
        if invocation_id is not None:
            query = query.where(_EVENTS.c.invocation_id == invocation_id)
        return [event_from_row(r) for r in self.db.conn.execute(query.limit(limit))]

    def events_of_types(self, run_id: str, types: Collection[str]) -> list[Event]:
        """The run's events of these types only, in ``seq`` order (the others are not decoded)."""
        return self.events_of_types_in([run_id], types).get(run_id, [])

    def events_of_types_in(self, run_ids: Collection[str], types: Collection[str]) -> dict[str, list[Event]]:
        """For each of these runs that has any, its events of these types, in ``seq`` order: one query for a
        chat's runs (batches under SQLite's variable limit), not one each."""
        ids = list(dict.fromkeys(run_ids))
        found: dict[str, list[Event]] = {}
        for start in range(0, len(ids), 500):
            query = (select(_EVENTS).where(_EVENTS.c.run_id.in_(ids[start:start + 500]),
                                           _EVENTS.c.type.in_(list(types)))
                     .order_by(_EVENTS.c.run_id, _EVENTS.c.seq))
            for row in self.db.conn.execute(query):
                event = event_from_row(row)
                found.setdefault(event.run_id, []).append(event)
        return found

    def fork_stages(self, run_ids: Collection[str]) -> dict[str, int]:
        """For each of these runs that is a fork ("Rerun from here…"), the stage it reran from: its journal opens
        with ``run_forked`` (seq 1, so one primary-key lookup per run)."""
        if not run_ids:
            return {}
        query = select(_EVENTS).where(_EVENTS.c.run_id.in_(list(run_ids)), _EVENTS.c.seq == 1,
                                      _EVENTS.c.type == ev.RUN_FORKED)
        out: dict[str, int] = {}
        for row in self.db.conn.execute(query):
            stage = event_from_row(row).payload.get("stage")
            if isinstance(stage, int):
                out[row.run_id] = stage
        return out

    def root_agent_names(self, runs: dict[str, str]) -> dict[str, str]:
        """For each run (run id -> its root agent's id), the name its journal gave that agent when its first stage
        was created (``agent_invocation_created``, among a run's first events): how a run names an agent that was
        removed since. A run whose journal names none is left out."""
        out: dict[str, str] = {}
        for run_id, agent_id in runs.items():
            query = (select(_EVENTS.c.payload_json).where(_EVENTS.c.run_id == run_id,
                                                          _EVENTS.c.type == ev.AGENT_INVOCATION_CREATED)
                     .order_by(_EVENTS.c.seq).limit(1))
            raw = self.db.conn.execute(query).scalar()
            payload = json.loads(unpack(raw) or "{}") if raw else {}
            name = payload.get("displayName")
            if payload.get("agentId") == agent_id and isinstance(name, str) and name:
                out[run_id] = name
        return out

    def citations(self, run_id: str) -> list[dict[str, Any]]:
        """The citations the run's ``knowledge.search`` calls returned, in ``seq`` order (repeats kept).
        Plain-text payloads without citations are skipped in SQLite; compressed ones (``store/compact.py``:
        long results, which passages are) are unpacked here."""
        rows = self.db.raw.execute(
            "SELECT payload_json FROM events WHERE run_id = ? AND type = ? AND (typeof(payload_json) = 'blob' "
            "OR instr(payload_json, '\"citations\"') > 0) ORDER BY seq", (run_id, ev.TOOL_CALL_COMPLETED))
        found: list[dict[str, Any]] = []
        for (payload,) in rows:
            found += [c for c in json.loads(unpack(payload) or "{}").get("citations") or [] if isinstance(c, dict)]
        return found

    def event_count(self, run_id: str) -> int:
        return self.db.last_seq(run_id)

    def file_versions(self, run_id: str, path: str) -> list[tuple[int, str, str | None]]:
        """Every written version of a workspace file: (version, content, invocation id)."""
        return workspace_versions.file_versions(self.db.raw, run_id, path)

    def commits(self, run_id: str) -> list[CommitRecord]:
        rows = self.db.conn.execute(
            select(_COMMITS).where(_COMMITS.c.run_id == run_id).order_by(_COMMITS.c.version)
        )
        return records(rows, CommitRecord)

    def model_turns(self, run_id: str) -> list[dict[str, Any]]:
        return list(self.iter_model_turns(run_id))

    def iter_model_turns(self, run_id: str, *, page: int = 100) -> Iterator[dict[str, Any]]:
        """A run's model calls in order, each with its full request, read ``page`` rows at a time."""
        keys = [r[0] for r in self.db.raw.execute(
            "SELECT rowid FROM model_turns WHERE run_id = ? ORDER BY started_at, call_index", (run_id,))]
        stages = StageTexts()
        for start in range(0, len(keys), page):
            chunk = keys[start:start + page]
            rows = {r._mapping["rowid"]: r for r in self.db.conn.execute(
                select(_TURNS, literal_column("rowid")).where(literal_column("rowid").in_(chunk)))}
            for key in chunk:
                row = rows[key]
                yield _turn(row, stages.text(self.db.raw, row._mapping["id"], row._mapping["request_json"]))

    def model_turn(self, turn_id: str) -> dict[str, Any] | None:
        """One model call's full request and response (``model_call_started`` names its ``turnId``)."""
        row = self.db.conn.execute(select(_TURNS).where(_TURNS.c.id == turn_id)).first()
        return _turn(row, request_text(self.db.raw, turn_id)) if row else None

    def model_request_json(self, turn_id: str) -> str:
        """The request exactly as the runtime handed it to the store."""
        return request_text(self.db.raw, turn_id)

    def open_approvals(self, run_id: str) -> list[Event]:
        """``tool_call_awaiting_approval`` events not yet approved, denied or withdrawn."""
        events = self.db.conn.execute(
            select(_EVENTS).where(
                _EVENTS.c.run_id == run_id,
                _EVENTS.c.type.in_([ev.TOOL_CALL_AWAITING_APPROVAL, ev.TOOL_CALL_APPROVED, ev.TOOL_CALL_DENIED,
                                    ev.TOOL_CALL_APPROVAL_WITHDRAWN]),
            ).order_by(_EVENTS.c.seq)
        )
        open_: dict[str, Event] = {}
        for row in events:
            event = event_from_row(row)
            if event.type == ev.TOOL_CALL_AWAITING_APPROVAL:
                open_[event.payload["id"]] = event
            else:
                open_.pop(event.payload.get("approvalId", ""), None)
        return list(open_.values())

    def resumable(self, run_id: str, status: str) -> bool:
        """Stopped while the creator was asked to approve a foreground agent's change."""
        if status != RunStatus.AWAITING_APPROVAL.value:
            return False
        running = {i.id for i in self.invocations(run_id)
                   if i.status is InvocationStatus.RUNNING and i.kind is not InvocationKind.SUBAGENT}
        waiting = {e.invocation_id for e in self.open_approvals(run_id)}
        return len(running) == 1 and waiting == running

    def _suspend(self, run_id: str) -> None:
        """Keeps the run waiting for approval; helpers that were working are stopped (they cannot resume)."""
        ended = now_iso()
        with self.db.transaction() as tx:
            for task in self.tasks(run_id):
                if task.status.terminal or task.continuation is not TaskContinuation.RETURN_TO_PARENT:
                    continue  # the waiting stage's own handoff task stays running
                tx.update(t.TaskRow, task.id, status=TaskStatus.CANCELLED.value, ended_at=ended)
                tx.update(t.InvocationRow, task.child_invocation_id, status=InvocationStatus.CANCELLED.value,
                          error_code=codes.RUN_SUSPENDED, ended_at=ended)
                tx.event(run_id, ev.AGENT_INVOCATION_CANCELLED, {"agentId": task.target_profile_id,
                                                               "reason": "Relay Studio stopped"},
                         invocation_id=task.child_invocation_id)
                tx.event(run_id, ev.AGENT_TASK_CANCELLED, {"taskId": task.id, "reason": "Relay Studio stopped"},
                         invocation_id=task.child_invocation_id)
            tx.event(run_id, ev.RUN_SUSPENDED,
                     {"reason": "Relay Studio stopped while a change waited for approval; it is asked again "
                                "when the run resumes."}, level=EventLevel.WARNING)

    def recover_interrupted(self) -> tuple[list[str], list[str]]:
        """After a crash or quit: runs waiting for an approval are suspended (resumable, the approval is
        asked again); other non-terminal runs become ``interrupted``, their open work failed.
        Only runs whose owner is gone are touched: each run's lease is taken first, and a run a live
        process holds (another window, a CLI run, this process) is left alone.
        Returns (interrupted, suspended)."""
        rows = self.db.conn.execute(
            select(_RUNS.c.id).where(_RUNS.c.status.not_in(_TERMINAL_RUN_VALUES))
            .order_by(_RUNS.c.created_at)
        ).all()
        recovered: list[str] = []
        suspended: list[str] = []
        for (run_id,) in rows:
            if not self.db.claim_run(run_id):
                continue  # a live process drives it
            try:
                record = self.run(run_id)  # re-read under the lease: its owner may have ended it meanwhile
                if record is None or record.status.terminal:
                    continue
                if self.ensure_suspended(run_id, record.status.value):
                    suspended.append(run_id)
                    continue
                self._interrupt(run_id, record.status.value)
                recovered.append(run_id)
            finally:
                self.db.release_run(run_id, ended=run_id in recovered)
        return recovered, suspended

    def ensure_suspended(self, run_id: str, status: str) -> bool:
        """For a run this process holds the lease of: whether it is resumable; if so it is suspended
        (once after each resume: helpers that were working are stopped, ``run_suspended``)."""
        if not self.resumable(run_id, status):
            return False
        if not any(e.type == ev.RUN_SUSPENDED for e in self.events(run_id, after_seq=self._last_resume(run_id))):
            self._suspend(run_id)
        return True

    def _interrupt(self, run_id: str, previous: str) -> None:
        ended = now_iso()
        with self.db.transaction() as tx:
            for inv in self.invocations(run_id):
                if not inv.status.terminal:
                    tx.update(
                        t.InvocationRow,
                        inv.id,
                        status=InvocationStatus.FAILED.value,
                        error_code=codes.RUN_INTERRUPTED,
                        ended_at=ended,
                    )
            for task in self.tasks(run_id):
                if not task.status.terminal:
                    tx.update(
                        t.TaskRow,
                        task.id,
                        status=TaskStatus.FAILED.value,
                        error_json=json.dumps({"code": codes.RUN_INTERRUPTED}),
                        ended_at=ended,
                    )
            tx.update(
                t.RunRow,
                run_id,
                status=RunStatus.INTERRUPTED.value,
                error_code=codes.RUN_INTERRUPTED,
                error_message=INTERRUPTED_MESSAGE,
                updated_at=ended,
            )
            tx.event(
                run_id,
                ev.STATUS_CHANGED,
                {"from": previous, "to": RunStatus.INTERRUPTED.value},
            )
            tx.event(
                run_id,
                ev.RUN_INTERRUPTED,
                {"previousStatus": previous, "reason": INTERRUPTED_MESSAGE},
                level=EventLevel.WARNING,
            )

    def _last_resume(self, run_id: str) -> int:
        value = self.db.conn.execute(
            select(func.max(_EVENTS.c.seq)).where(_EVENTS.c.run_id == run_id, _EVENTS.c.type == ev.RUN_RESUMED)
        ).scalar()
        return int(value or 0)

    def model_calls_by_agent(self, run_id: str) -> dict[str, int]:
        """How many model calls each agent made in a run (a resumed scripted run skips that many turns)."""
        rows = self.db.conn.execute(
            select(_TURNS.c.agent_id, func.count()).where(_TURNS.c.run_id == run_id).group_by(_TURNS.c.agent_id)
        )
        return {str(agent): int(n) for agent, n in rows}
