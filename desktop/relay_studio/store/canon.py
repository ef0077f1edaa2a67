"""A project's canon ledger: its facts (``canon_facts``) and every change to them (``canon_changes``).

A fact is named for the creator by a short handle, ``f<number>``, counted per project and never reused. Every
change (add, edit, pin, unpin, retire, propose, accept, reject) writes the fact and one history row, with who
made it, when, and the fact before and after, in one transaction (docs/canon.md, "The ledger").
Tests: tests/unit/test_canon_store.py.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from relay_studio.domain import error_codes as codes
from relay_studio.domain.canon import CanonFact, FactSource, FactSourceKind, FactStatus
from relay_studio.domain.coded_error import CodedError
from relay_studio.store import tables as t
from relay_studio.store.database import Database, Transaction, new_id, now_iso, table_of
from relay_studio.store.tables import AppSettingRow

_FACTS = table_of(t.CanonFactRow)
_CHANGES = table_of(t.CanonChangeRow)
_SETTINGS = table_of(AppSettingRow)
#: limits, stated in the errors
MAX_TEXT = 1000
MAX_NAME = 200
_HANDLE = re.compile(r"^[fF]?(\d+)$")
#: ``app_settings`` key prefix of a project's "accept agents' proposals at once" setting
ACCEPT_KEY = "canon.accept_proposals."


class CanonError(CodedError, ValueError):
    """A canon change that cannot be made; ``code`` is stable, the message names the problem."""


@dataclass(frozen=True)
class CanonChange:
    """One row of a fact's history."""

    fact_id: str
    action: str
    actor: str
    at: str
    before: CanonFact | None
    after: CanonFact
    run_id: str | None


def _clean(value: str, what: str, limit: int = MAX_NAME) -> str:
    clean = " ".join(value.split()) if what != "The fact" else value.strip()
    if not clean:
        raise CanonError(codes.CANON_EMPTY_TEXT if what == "The fact" else codes.CANON_BAD_TEXT, f"{what} is empty.")
    if len(clean) > limit:
        raise CanonError(codes.CANON_BAD_TEXT, f"{what} is {len(clean)} characters long; at most {limit} are kept.")
    if any(unicodedata.category(c) in ("Cc", "Cs") and c not in "\n\t" for c in clean):
        raise CanonError(codes.CANON_BAD_TEXT, f"{what} holds control characters.")
    return clean


def checked(fact: CanonFact) -> CanonFact:
    """``fact`` with its text and names cleaned; raises ``CanonError`` naming the first problem."""
    text = _clean(fact.text, "The fact", MAX_TEXT)
    about = [_clean(a, "An entry name") for a in fact.about]
    about = list(dict.fromkeys(about))
    if not about:
        raise CanonError(codes.CANON_NO_ABOUT, "A fact must be about at least one story-library entry.")
    attribute = _clean(fact.attribute, "The attribute") if fact.attribute is not None else None
    value = _clean(fact.value, "The value") if fact.value is not None else None
    if (attribute is None) != (value is None):
        raise CanonError(codes.CANON_ATTRIBUTE_WITHOUT_VALUE, "An attribute needs a value, and a value an attribute.")
    if fact.as_of is not None and fact.as_of < 1:
        raise CanonError(codes.CANON_BAD_AS_OF, f"'As of' is a chapter number from 1 on, not {fact.as_of}.")
    return fact.model_copy(update={"text": text, "about": about, "attribute": attribute, "value": value})


def _fact(row: Any) -> CanonFact:
    m = row._mapping
    return CanonFact(id=m["id"], project_id=m["project_id"], handle=f"f{m['number']}", text=m["text"],
                     about=json.loads(m["about_json"]), attribute=m["attribute"], value=m["value"],
                     as_of=m["as_of"], pinned=bool(m["pinned"]), status=FactStatus(m["status"]),
                     source=FactSource.model_validate_json(m["source_json"]), added_by=m["added_by"],
                     created_at=m["created_at"], updated_at=m["updated_at"])


def _row_values(fact: CanonFact) -> dict[str, Any]:
    return {"text": fact.text, "about_json": json.dumps(fact.about, ensure_ascii=False),
            "attribute": fact.attribute, "value": fact.value, "as_of": fact.as_of, "pinned": fact.pinned,
            "status": fact.status.value, "source_json": fact.source.model_dump_json(), "added_by": fact.added_by,
            "updated_at": fact.updated_at}


class CanonStore:
    """The ledger of one database; every method names the project by its id."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # -- reads ---------------------------------------------------------------------------------------
    def facts(self, project_id: str, *, status: FactStatus | None = None, pinned_only: bool = False) -> list[CanonFact]:
        """The project's facts in the order they were added (pinned facts go into prompts in this order)."""
        query = select(_FACTS).where(_FACTS.c.project_id == project_id)
        if status is not None:
            query = query.where(_FACTS.c.status == status.value)
        if pinned_only:
            query = query.where(_FACTS.c.pinned.is_(True), _FACTS.c.status == FactStatus.ACTIVE.value)
        return [_fact(r) for r in self.db.conn.execute(query.order_by(_FACTS.c.number))]

    def has_active(self, project_id: str) -> bool:
        query = select(_FACTS.c.id).where(_FACTS.c.project_id == project_id,
                                          _FACTS.c.status == FactStatus.ACTIVE.value).limit(1)
        return self.db.conn.execute(query).first() is not None

    def pinned(self, project_id: str) -> list[CanonFact]:
        """The active pinned facts: what every prompt of the project holds."""
        return self.facts(project_id, pinned_only=True)

    def get(self, project_id: str, handle: str) -> CanonFact:
        """The fact with ``handle`` (``f12``, ``12``) or id; ``canon.fact_not_found`` otherwise."""
        match = _HANDLE.match(handle.strip())
        query = select(_FACTS).where(_FACTS.c.project_id == project_id)
        query = query.where(_FACTS.c.number == int(match[1]) if match else _FACTS.c.id == handle.strip())
        row = self.db.conn.execute(query).first()
        if row is None:
            raise CanonError(codes.CANON_FACT_NOT_FOUND,
                             f"There is no fact '{handle}' in this project's canon; 'canon list' shows the handles.")
        return _fact(row)

    def history(self, fact_id: str) -> list[CanonChange]:
        rows = self.db.conn.execute(select(_CHANGES).where(_CHANGES.c.fact_id == fact_id).order_by(_CHANGES.c.id))
        return [CanonChange(r.fact_id, r.action, r.actor, r.at,
                            CanonFact.model_validate_json(r.before_json) if r.before_json else None,
                            CanonFact.model_validate_json(r.after_json), r.run_id) for r in rows]

    def accepts_proposals(self, project_id: str) -> bool:
        """The project's setting: agents' proposals join the canon at once (else they wait for the creator)."""
        value = self.db.conn.execute(select(_SETTINGS.c.value).where(_SETTINGS.c.key == ACCEPT_KEY + project_id))
        return value.scalar() == "1"

    # -- changes -------------------------------------------------------------------------------------
    def set_accept_proposals(self, project_id: str, on: bool) -> None:
        with self.db.transaction() as tx:
            tx.raw.execute("DELETE FROM app_settings WHERE key = ?", (ACCEPT_KEY + project_id,))
            if on:
                tx.insert(AppSettingRow, key=ACCEPT_KEY + project_id, value="1")

    def add(self, project_id: str, text: str, about: list[str], *, attribute: str | None = None,
            value: str | None = None, as_of: int | None = None, pinned: bool = False,
            source: FactSource | None = None, actor: str = "creator", status: FactStatus = FactStatus.ACTIVE,
            run_id: str | None = None) -> CanonFact:
        """A new fact (``status`` PROPOSED for an agent's proposal), with its first history row."""
        stamp = now_iso()
        fact = checked(CanonFact(id=new_id("fact"), project_id=project_id, text=text, about=about,
                                 attribute=attribute, value=value, as_of=as_of, pinned=pinned, status=status,
                                 source=source or FactSource(kind=FactSourceKind.CREATOR), added_by=actor,
                                 created_at=stamp, updated_at=stamp))
        with self.db.transaction() as tx:
            number = (tx.conn.execute(select(func.max(_FACTS.c.number)).where(_FACTS.c.project_id == project_id))
                      .scalar() or 0) + 1
            fact = fact.model_copy(update={"handle": f"f{number}"})
            tx.insert(t.CanonFactRow, id=fact.id, project_id=project_id, number=number,
                      created_at=stamp, **_row_values(fact))
            self._journal(tx, "propose" if status is FactStatus.PROPOSED else "add", actor, None, fact, run_id)
        return fact

    def propose(self, project_id: str, text: str, about: list[str], *, actor: str, source: FactSource,
                run_id: str | None = None, **fields: Any) -> CanonFact:
        """An agent's proposal: PROPOSED, or ACTIVE at once when the project accepts proposals."""
        fact = self.add(project_id, text, about, source=source, actor=actor, status=FactStatus.PROPOSED,
                        run_id=run_id, **fields)
        if self.accepts_proposals(project_id):
            fact = self._change(fact, "accept", "project setting", run_id, status=FactStatus.ACTIVE)
        return fact

    def edit(self, project_id: str, handle: str, *, actor: str = "creator", **changes: Any) -> CanonFact:
        """Changes text, about, attribute, value or as_of (only those given)."""
        fact = self.get(project_id, handle)
        if fact.status in (FactStatus.RETIRED, FactStatus.REJECTED):
            raise CanonError(codes.CANON_WRONG_STATUS, f"Fact {fact.handle} is {fact.status.value}; it is not edited.")
        return self._change(fact, "edit", actor, None, **changes)

    def pin(self, project_id: str, handle: str, *, actor: str = "creator") -> CanonFact:
        return self._set(project_id, handle, "pin", actor, {FactStatus.ACTIVE}, pinned=True)

    def unpin(self, project_id: str, handle: str, *, actor: str = "creator") -> CanonFact:
        return self._set(project_id, handle, "unpin", actor, {FactStatus.ACTIVE, FactStatus.PROPOSED}, pinned=False)

    def retire(self, project_id: str, handle: str, *, actor: str = "creator") -> CanonFact:
        return self._set(project_id, handle, "retire", actor, {FactStatus.ACTIVE}, status=FactStatus.RETIRED)

    def accept(self, project_id: str, handle: str, *, actor: str = "creator") -> CanonFact:
        return self._set(project_id, handle, "accept", actor, {FactStatus.PROPOSED}, status=FactStatus.ACTIVE)

    def reject(self, project_id: str, handle: str, *, actor: str = "creator") -> CanonFact:
        return self._set(project_id, handle, "reject", actor, {FactStatus.PROPOSED}, status=FactStatus.REJECTED)

    def _set(self, project_id: str, handle: str, action: str, actor: str, allowed: set[FactStatus],
             **changes: Any) -> CanonFact:
        fact = self.get(project_id, handle)
        if fact.status not in allowed:
            if action in ("accept", "reject"):
                raise CanonError(codes.CANON_NOT_A_PROPOSAL,
                                 f"Fact {fact.handle} is {fact.status.value}, not a proposal; only proposals are "
                                 f"{action}ed.")
            done = {"pin": "pinned", "unpin": "unpinned", "retire": "retired"}[action]
            raise CanonError(codes.CANON_WRONG_STATUS,
                             f"Fact {fact.handle} is {fact.status.value}; it cannot be {done}.")
        return self._change(fact, action, actor, None, **changes)

    def _change(self, fact: CanonFact, action: str, actor: str, run_id: str | None, **changes: Any) -> CanonFact:
        after = checked(fact.model_copy(update={**changes, "updated_at": now_iso()}))
        with self.db.transaction() as tx:
            tx.update(t.CanonFactRow, fact.id, **_row_values(after))
            self._journal(tx, action, actor, fact, after, run_id)
        return after

    @staticmethod
    def _journal(tx: Transaction, action: str, actor: str, before: CanonFact | None, after: CanonFact,
                 run_id: str | None) -> None:
        tx.insert(t.CanonChangeRow, fact_id=after.id, project_id=after.project_id, action=action, actor=actor,
                  at=after.updated_at, before_json=before.model_dump_json() if before else None,
                  after_json=after.model_dump_json(), run_id=run_id)
