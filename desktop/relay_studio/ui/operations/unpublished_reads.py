"""An ended run's approved changes that no commit published (``ui/chat/unpublished.py``), read off the GUI thread.

A run not read yet is read as a query on the reader lane (a journal may be long); ``unpublished_found(run_id)``
on the studio says when it has any. Kept once read, as an ended run's journal does not change, until the creator
publishes one (``forget``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from relay_studio.ui.chat.unpublished import DECISION_EVENTS, Unpublished, unpublished_changes

if TYPE_CHECKING:
    from relay_studio.ui.operations.ops import Operations, ReadStores


class UnpublishedReads:
    def __init__(self, ops: Operations, found: Callable[[str], None]) -> None:
        self._ops = ops
        self._found = found
        self.known: dict[str, list[Unpublished]] = {}  # ended runs' unpublished changes, once read
        self._reading: set[str] = set()  # runs whose journal the reader is reading

    def changes(self, run_id: str) -> list[Unpublished]:
        """As far as read: a run not read yet is read now, off the GUI thread, and ``[]`` answers meanwhile."""
        found = self.known.get(run_id)
        if found is not None:
            return found
        if run_id not in self._reading:
            self._reading.add(run_id)

            def read(stores: ReadStores) -> list[Unpublished]:
                return unpublished_changes(stores.runs.events_of_types(run_id, DECISION_EVENTS))

            # a closed or busy file: read again the next time the chat is shown (the line goes to the log only)
            self._ops.query(None, read, lambda found: self._arrived(run_id, found), key=("unpublished", run_id),
                            show=lambda _line: self._reading.discard(run_id))
        return []

    def forget(self, run_id: str) -> None:
        """The creator published a run's approved change: its journal is read again when next shown."""
        self.known.pop(run_id, None)

    def _arrived(self, run_id: str, found: list[Unpublished]) -> None:
        self._reading.discard(run_id)
        self.known[run_id] = found
        if found:
            self._found(run_id)
