"""An ended run's approved changes that no commit published (``ui/chat/unpublished.py``), read off the GUI thread.

Runs not read yet are read as one query on the reader lane (a journal may be long): those asked for in one turn
of the loop (a chat's ended runs, as its view is filled) together, a chat switch's one request instead of one per
run. ``unpublished_found(run_id)`` on the studio says when a run has any. Kept once read, as an ended run's journal
does not change, until the creator publishes one (``forget``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from relay_studio.ui.chat.unpublished import DECISION_EVENTS, Unpublished, unpublished_changes
from relay_studio.ui.next_turn import next_turn

if TYPE_CHECKING:
    from relay_studio.ui.operations.ops import Operations, ReadStores


class UnpublishedReads:
    def __init__(self, ops: Operations, found: Callable[[str], None]) -> None:
        self._ops = ops
        self._found = found
        self.known: dict[str, list[Unpublished]] = {}  # ended runs' unpublished changes, once read
        self._reading: set[str] = set()  # runs whose journal the reader is reading, or will in this turn's read
        self._asked: list[str] = []  # runs asked for in this turn, read together in a later one (``next_turn``)

    def changes(self, run_id: str) -> list[Unpublished]:
        """As far as read: a run not read yet is read soon, off the GUI thread, and ``[]`` answers meanwhile."""
        found = self.known.get(run_id)
        if found is not None:
            return found
        if run_id not in self._reading:
            self._reading.add(run_id)
            if not self._asked:
                next_turn(self._ops, self._read_asked)
            self._asked.append(run_id)
        return []

    def _read_asked(self) -> None:
        asked, self._asked = self._asked, []
        if not asked:
            return

        def read(stores: ReadStores) -> dict[str, list[Unpublished]]:
            events = stores.runs.events_of_types_in(asked, DECISION_EVENTS)
            return {run_id: unpublished_changes(events.get(run_id, [])) for run_id in asked}

        def failed(_line: str) -> None:  # a closed or busy file: read again the next time the chat is shown
            self._reading.difference_update(asked)  # (the line goes to the log only)

        self._ops.query(None, read, self._arrived, key=("unpublished", tuple(asked)), show=failed)

    def forget(self, run_id: str) -> None:
        """The creator published a run's approved change: its journal is read again when next shown."""
        self.known.pop(run_id, None)

    def _arrived(self, found: dict[str, list[Unpublished]]) -> None:
        for run_id, changes in found.items():
            self._reading.discard(run_id)
            self.known[run_id] = changes
        for run_id, changes in found.items():
            if changes:
                self._found(run_id)
