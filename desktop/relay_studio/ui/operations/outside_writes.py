"""Writes by another process reach the window: an agent added from the CLI, a chat made by a second window, a
library entry or a canon fact added by a script, all on the same data folder (docs/data-flow.md, "Writes from
outside the window").

Every ``POLL_MS`` the hub's watcher asks SQLite's ``PRAGMA data_version`` on the runtime's connection (the writer
lane's: microseconds, no table read), which changes only when *another* connection commits to the file. When it
changed, the window's stamps of what it lists (``store/data_stamps.py``) are read again on the reader lane and
compared with the last: what differs is announced as one ``Changes`` record with no initiator, so every view
refreshes by its own rule, as after a change of its own. The window's reader lane writes nothing, so its reads
never wake the watcher; a write by one of the window's other connections (a folder's index sync on the
``project-files`` lane, a knowledge import's worker) does, and is announced only if the stamps show it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from relay_studio.store.data_stamps import DataStamps, changed_keys, read_stamps
from relay_studio.ui.operations.changes import Changes

if TYPE_CHECKING:
    from relay_studio.store.database import Database
    from relay_studio.ui.operations.ops import Operations, ReadStores

#: how often the watcher asks whether another connection wrote (a CLI's write shows within this)
POLL_MS = 1500


def _stamps(stores: ReadStores) -> DataStamps:
    return read_stamps(stores.db)


def outside_changes(before: DataStamps, after: DataStamps) -> Changes:
    """What differs between two stamps, as the views hear of a change."""
    return Changes(chats=changed_keys(before.chats, after.chats),
                   messages=changed_keys(before.messages, after.messages),
                   profiles=before.profiles != after.profiles, projects=before.projects != after.projects,
                   library=changed_keys(before.library, after.library),
                   knowledge=changed_keys(before.knowledge, after.knowledge),
                   skills=changed_keys(before.skills, after.skills), canon=changed_keys(before.canon, after.canon))


class OutsideWrites(QObject):
    """The hub's watcher (``studio.outside``). ``polls`` and ``announced`` count what it did (tests)."""

    def __init__(self, ops: Operations, db: Database, parent: QObject) -> None:
        super().__init__(parent)
        self._ops = ops
        self._db = db
        self._version = db.data_version()
        self._stamps: DataStamps | None = None
        self.polls = 0
        self.announced: list[Changes] = []
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)
        self._read()  # what the window lists as it opens: the first comparison's "before"
        self._timer.start()

    def _poll(self) -> None:
        self.polls += 1
        version = self._db.data_version()
        if version != self._version:
            self._version = version
            self._read()

    def _read(self) -> None:
        # a busy or closed file: the presenter logs why; the next write by another process reads again
        # no key: each read is delivered, in order (one lane thread), so no comparison is skipped
        self._ops.query(None, _stamps, self._on_stamps, show=lambda _line: None)

    def _on_stamps(self, stamps: DataStamps) -> None:
        before, self._stamps = self._stamps, stamps
        if before is None:
            return
        changes = outside_changes(before, stamps)
        if changes != Changes():
            self.announced.append(changes)
            self._ops.did_change(changes, None)

    def stop(self) -> None:
        """The studio shuts down: no more polls (the runtime's connection closes after it)."""
        self._timer.stop()
