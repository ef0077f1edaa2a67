"""A project's canon ledger for the window (docs/canon.md, "In the window"): the Canon panel's reads and changes.

One of the studio's operations (``ui/studio.py``): views call it as ``studio.canon``. A read of the facts runs on
the hub's reader lane (off the GUI thread) and arrives as an ``Outcome``; a change is one short transaction (as
the story library's saves are) and is announced as a change (``Changes.canon``; the hub passes it on as
``canon_changed(project_id)``), whereupon views read again.
Every refusal is a ``CanonError`` with a code and a sentence, shown where the creator acted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from relay_studio.domain.canon import CanonFact, FactStatus
from relay_studio.runtime.canon_access import pinned_tokens
from relay_studio.store.canon import CanonStore
from relay_studio.store.continuity import ContinuityStore
from relay_studio.store.project_canon import ProjectCanon
from relay_studio.ui.operations.ops import Changes

if TYPE_CHECKING:
    from relay_studio.ui.background import Outcome
    from relay_studio.ui.operations.hub import StudioHub
    from relay_studio.ui.operations.ops import ReadStores


@dataclass(frozen=True)
class CanonQuote:
    """Words the creator selected in a chat message, offered to the Canon panel as a new fact's source."""

    project_id: str
    chat_id: str
    message_id: str
    quote: str


@dataclass(frozen=True)
class CanonListing:
    """What the Canon panel shows: the project's facts in ledger order, and its settings "accept proposals" and
    "check continuity after each commit"."""

    project_id: str
    facts: list[CanonFact]
    accepts_proposals: bool
    checks_after_commit: bool = False
    #: the estimated tokens the pinned facts' Canon section adds to every prompt of the project
    pinned_tokens: int = 0
    #: the latest check after a commit: when (a stored UTC time) and how many findings; None before the first
    last_commit_check: tuple[str, int] | None = None


def _read_listing(stores: ReadStores, project_id: str) -> CanonListing:
    ledger = CanonStore(stores.db)
    facts = ledger.facts(project_id)
    pinned = [f for f in facts if f.pinned and f.status is FactStatus.ACTIVE]
    continuity = ContinuityStore(stores.db)
    last = continuity.last_checked(project_id, "commit")
    return CanonListing(project_id, facts, ledger.accepts_proposals(project_id),
                        continuity.checks_after_commit(project_id), pinned_tokens(pinned),
                        (last.at, int(last.payload.get("findings") or 0)) if last is not None else None)


class CanonOperations:
    def __init__(self, hub: StudioHub) -> None:
        self.hub = hub
        self.runtime = hub.runtime

    def _canon(self, project_id: str) -> ProjectCanon:
        return ProjectCanon(CanonStore(self.runtime.db), self.runtime.chats, project_id)

    def read(self, project_id: str, deliver: Callable[[Outcome[CanonListing]], None]) -> None:
        """The project's facts and setting, read off the GUI thread; ``deliver`` gets them on it."""
        self.hub.ops.query_outcome(partial(_read_listing, project_id=project_id), deliver, key=("canon", project_id))

    def set_accept_proposals(self, project_id: str, on: bool) -> None:
        """Agents' proposals join the canon at once (``on``), or wait for the creator."""
        CanonStore(self.runtime.db).set_accept_proposals(project_id, on)
        self.hub.ops.did_change(Changes.of(canon=project_id))

    def _changed(self, project_id: str, fact: CanonFact) -> CanonFact:
        self.hub.ops.did_change(Changes.of(canon=project_id))
        return fact

    def add(self, project_id: str, text: str, about: list[str], *, source_chat: str | None = None,
            quote: str | None = None, **fields: Any) -> CanonFact:
        """A new fact (``attribute``, ``value``, ``as_of``, ``pin``); from a chat message when ``quote`` is given."""
        return self._changed(project_id, self._canon(project_id).add(text, about, source_chat=source_chat,
                                                                     quote=quote, **fields))

    def edit(self, project_id: str, handle: str, **changes: Any) -> CanonFact:
        return self._changed(project_id, self._canon(project_id).edit(handle, **changes))

    def change(self, project_id: str, handle: str, action: str) -> CanonFact:
        """``pin``, ``unpin``, ``retire``, ``accept`` or ``reject`` the fact ``handle``."""
        canon = self._canon(project_id)
        act = {"pin": canon.pin, "unpin": canon.unpin, "retire": canon.retire, "accept": canon.accept,
               "reject": canon.reject}[action]
        return self._changed(project_id, act(handle))
