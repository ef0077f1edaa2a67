"""The continuity check's records: findings marked intentional (``continuity_marks``), the check's journal
(``continuity_log``) and the project setting that runs the check after each commit (``app_settings``).

A finding is marked by its stable key with a reason; a marked finding is never reported again (the check is
given ``intentional_keys``). Docs: docs/canon.md, "Continuity check". Tests: tests/integration/test_continuity_check.py.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from relay_studio.domain import error_codes as codes
from relay_studio.domain.canon import ContinuityFinding
from relay_studio.domain.coded_error import CodedError
from relay_studio.store import tables as t
from relay_studio.store.database import Database, now_iso, table_of

_MARKS = table_of(t.ContinuityMarkRow)
_LOG = table_of(t.ContinuityLogRow)
_SETTINGS = table_of(t.AppSettingRow)
#: ``app_settings`` key prefix of a project's "check continuity after each commit" setting
AFTER_COMMIT_KEY = "continuity.check_after_commit."
MAX_REASON = 1000


class ContinuityError(CodedError, ValueError):
    """A continuity change that cannot be made; ``code`` is stable, the message names the problem."""


@dataclass(frozen=True)
class IntentionalMark:
    key: str
    reason: str
    summary: str
    text_quote: str
    evidence_quote: str
    marked_at: str


@dataclass(frozen=True)
class LogEntry:
    at: str
    action: str
    chat_id: str | None
    payload: dict[str, Any]


class ContinuityStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    def intentional_keys(self, project_id: str) -> set[str]:
        rows = self.db.conn.execute(select(_MARKS.c.key).where(_MARKS.c.project_id == project_id))
        return {r[0] for r in rows}

    def marks(self, project_id: str) -> list[IntentionalMark]:
        rows = self.db.conn.execute(select(_MARKS).where(_MARKS.c.project_id == project_id)
                                    .order_by(_MARKS.c.marked_at))
        return [IntentionalMark(key=r.key, reason=r.reason, summary=r.summary, text_quote=r.text_quote,
                                evidence_quote=r.evidence_quote, marked_at=r.marked_at) for r in rows]

    def mark_intentional(self, project_id: str, finding: ContinuityFinding, reason: str) -> IntentionalMark:
        """Keeps the finding as intentional with ``reason`` (marking it again replaces the reason); journaled."""
        clean = " ".join(reason.split())
        if not clean:
            raise ContinuityError(codes.CONTINUITY_REASON_REQUIRED,
                                  "Say why the finding is intentional: the reason is kept with it.")
        if len(clean) > MAX_REASON:
            raise ContinuityError(codes.CONTINUITY_REASON_REQUIRED,
                                  f"The reason is {len(clean)} characters long; at most {MAX_REASON} are kept.")
        mark = IntentionalMark(key=finding.key, reason=clean, summary=finding.summary,
                               text_quote=finding.text.quote, evidence_quote=finding.evidence.quote,
                               marked_at=now_iso())
        with self.db.transaction() as tx:
            tx.raw.execute("DELETE FROM continuity_marks WHERE project_id = ? AND key = ?", (project_id, mark.key))
            tx.insert(t.ContinuityMarkRow, project_id=project_id, **mark.__dict__)
            tx.insert(t.ContinuityLogRow, project_id=project_id, at=mark.marked_at, action="marked_intentional",
                      chat_id=finding.text.place.chat_id,
                      payload_json=json.dumps({"key": mark.key, "reason": clean, "summary": finding.summary},
                                              ensure_ascii=False))
        return mark

    def journal(self, project_id: str, entries: list[tuple[str, str | None, dict[str, Any]]]) -> None:
        """Appends ``(action, chat_id, payload)`` entries in one transaction."""
        if not entries:
            return
        at = now_iso()
        with self.db.transaction() as tx:
            for action, chat_id, payload in entries:
                tx.insert(t.ContinuityLogRow, project_id=project_id, at=at, action=action, chat_id=chat_id,
                          payload_json=json.dumps(payload, ensure_ascii=False))

    def log(self, project_id: str, action: str | None = None) -> list[LogEntry]:
        query = select(_LOG).where(_LOG.c.project_id == project_id)
        if action is not None:
            query = query.where(_LOG.c.action == action)
        return [LogEntry(at=r.at, action=r.action, chat_id=r.chat_id, payload=json.loads(r.payload_json))
                for r in self.db.conn.execute(query.order_by(_LOG.c.id))]

    def last_checked(self, project_id: str, trigger: str) -> LogEntry | None:
        """The project's latest ``checked`` entry of ``trigger`` (``commit``: the check after a commit)."""
        row = self.db.conn.execute(
            select(_LOG).where(_LOG.c.project_id == project_id, _LOG.c.action == "checked",
                               func.json_extract(_LOG.c.payload_json, "$.trigger") == trigger)
            .order_by(_LOG.c.id.desc()).limit(1)).first()
        if row is None:
            return None
        return LogEntry(at=row.at, action=row.action, chat_id=row.chat_id, payload=json.loads(row.payload_json))

    def checks_after_commit(self, project_id: str) -> bool:
        """The project's setting: the check runs after each commit (it advises, never blocks)."""
        value = self.db.conn.execute(select(_SETTINGS.c.value).where(_SETTINGS.c.key == AFTER_COMMIT_KEY + project_id))
        return value.scalar() == "1"

    def set_checks_after_commit(self, project_id: str, on: bool) -> None:
        with self.db.transaction() as tx:
            tx.raw.execute("DELETE FROM app_settings WHERE key = ?", (AFTER_COMMIT_KEY + project_id,))
            if on:
                tx.insert(t.AppSettingRow, key=AFTER_COMMIT_KEY + project_id, value="1")
