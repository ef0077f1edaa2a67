"""Each foreground stage's start, read back from the journal: the checkpoint a fork restores (docs/fork.md).

Nothing is copied to make a checkpoint. The journal already holds, for each stage, the agent and its
kind (``agent_invocation_created``), the brief (the stage's handoff task), the moment it started
(``agent_invocation_started``) and every workspace write before it (``workspace_file_written``, each a
stored version). What it lacked is recorded at the run's start: the ``persist/`` files the run started
with (``workspace_checkpoint_recorded``), each a reference to the version some run of the chat stored,
or, for a file no run stored, a version of this run. A fork's restored files are references too
(``workspace_file_restored``). So the workspace at a stage's start is: for each path, the last version
written, restored or projected before that stage started.

Stages are numbered from 1 across a run's lineage: a fork that starts at stage 3 numbers its own
stages from 3, and its stages 1 and 2 are those of the run it came from.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import InvocationKind, InvocationStatus
from relay_studio.domain.events import Event
from relay_studio.store.database import Transaction
from relay_studio.store.runs import RunStore
from relay_studio.store.workspace_versions import file_versions, record_version

#: A file at a stage's start: (run id whose versions hold it, version number).
FileRef = tuple[str, int]


@dataclass(frozen=True)
class ForkOrigin:
    run_id: str
    stage: int


@dataclass
class Stage:
    """A foreground stage of a run (or inherited by a fork from the run it came from)."""

    number: int
    run_id: str
    invocation_id: str
    agent_id: str
    kind: InvocationKind
    status: InvocationStatus
    depth: int
    incoming_task_id: str | None
    started_seq: int | None
    #: ``run_id`` differs from the run asked about: the stage ran before the fork point
    inherited: bool = False
    brief: dict[str, Any] | None = None
    files: dict[str, FileRef] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"stage": self.number, "agentId": self.agent_id, "status": self.status.value,
                               "kind": self.kind.value, "invocationId": self.invocation_id}
        if self.inherited:
            out["runId"] = self.run_id
        if self.brief is not None:
            out["brief"] = self.brief
        return out


def fork_origin(runs: RunStore, run_id: str) -> ForkOrigin | None:
    origin = runs.run_input(run_id).get("forkedFrom")
    return ForkOrigin(str(origin["runId"]), int(origin["stage"])) if isinstance(origin, dict) else None


def _files_before(events: list[Event], run_id: str, seq: int | None) -> dict[str, FileRef]:
    files: dict[str, FileRef] = {}
    for e in events:
        if seq is not None and e.seq >= seq:
            break
        p = e.payload
        if e.type == ev.WORKSPACE_FILE_WRITTEN:
            files[str(p["path"])] = (run_id, int(p["version"]))
        elif e.type == ev.WORKSPACE_FILE_RESTORED:
            files[str(p["path"])] = (str(p["fromRunId"]), int(p["fromVersion"]))
        elif e.type == ev.WORKSPACE_CHECKPOINT_RECORDED:
            for f in p.get("files", []):
                files[str(f["path"])] = (str(f["runId"]), int(f["version"]))
    return files


def own_stages(runs: RunStore, run_id: str, first: int) -> list[Stage]:
    """The foreground stages ``run_id`` ran itself, numbered from ``first``."""
    events = runs.events(run_id)
    started = {e.invocation_id: e.seq for e in events if e.type == ev.AGENT_INVOCATION_STARTED}
    created = {e.invocation_id: e.seq for e in events if e.type == ev.AGENT_INVOCATION_CREATED}
    out: list[Stage] = []
    for record in runs.invocations(run_id):
        if record.kind is InvocationKind.SUBAGENT:
            continue
        task = runs.task(record.incoming_task_id) if record.incoming_task_id else None
        seq = started.get(record.id, created.get(record.id))
        out.append(Stage(number=first + len(out), run_id=run_id, invocation_id=record.id,
                         agent_id=record.profile_id, kind=record.kind, status=record.status, depth=record.depth,
                         incoming_task_id=record.incoming_task_id, started_seq=seq,
                         brief=dict(task.task) if task else None, files=_files_before(events, run_id, seq)))
    return out


def stages(runs: RunStore, run_id: str) -> list[Stage]:
    """Every stage of the run's relay, from 1: those before a fork point are the source's (``inherited``)."""
    origin = fork_origin(runs, run_id)
    if origin is None:
        return own_stages(runs, run_id, 1)
    earlier = [s for s in stages(runs, origin.run_id) if s.number < origin.stage]
    for s in earlier:
        s.inherited = True
    return earlier + own_stages(runs, run_id, origin.stage)


def file_text(runs: RunStore, ref: FileRef, path: str) -> str | None:
    run_id, version = ref
    for number, text, _inv in file_versions(runs.db.raw, run_id, path):
        if number == version:
            return text
    return None


def record_persist_checkpoint(tx: Transaction, run_id: str, chat_id: str, files: dict[str, str]) -> None:
    """The ``persist/`` files a run starts with, as references to versions runs of the chat stored (most
    were written by the run that promoted them); a file none stored becomes a version of this run. No
    event when the run starts with none."""
    if not files:
        return
    listed: list[dict[str, Any]] = []
    for path, text in sorted(files.items()):
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        row = tx.raw.execute(
            "SELECT v.run_id, v.version FROM workspace_file_versions v JOIN runs r ON r.id = v.run_id "
            "WHERE r.chat_id = ? AND v.path = ? AND v.sha256 = ? ORDER BY v.id DESC LIMIT 1",
            (chat_id, path, digest)).fetchone()
        if row is None:
            listed.append({"path": path, "runId": run_id, "version": record_version(tx, run_id, path, text, None)})
        else:
            listed.append({"path": path, "runId": str(row[0]), "version": int(row[1])})
    tx.event(run_id, ev.WORKSPACE_CHECKPOINT_RECORDED, {"files": listed})
