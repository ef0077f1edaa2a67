"""How a view hears of changes (``Studio.operation_did_execute``, ``ui/operations/ops.py``'s ``Changes``): it
names which changes concern it, and a follower refreshes it: at once while it is shown, else once when it is next
shown (a hidden view marks itself stale; what changed meanwhile is merged into one record)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

from relay_studio.ui.operations.changes import Changes

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance


class ChangeFollower(QObject):
    """Follows ``changed`` (the studio's ``operation_did_execute``) for ``view``: ``concerns(changes)`` says
    whether a change is the view's; ``refresh(changes)`` is called with what changed (merged while it was hidden)."""

    def __init__(self, view: QWidget, changed: SignalInstance, concerns: Callable[[Changes], bool],
                 refresh: Callable[[Changes], None]) -> None:
        super().__init__(view)
        self._view = view
        self._concerns = concerns
        self._refresh = refresh
        self.stale: Changes | None = None  # what changed while the view was hidden
        changed.connect(self._on_changes)
        view.installEventFilter(self)

    def _on_changes(self, changes: Changes, _initiator: object) -> None:
        if not self._concerns(changes):
            return
        if self._view.isVisible():
            self._refresh(changes)
        else:
            self.stale = changes if self.stale is None else self.stale | changes

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._view and event.type() == QEvent.Type.Show and self.stale is not None:
            stale, self.stale = self.stale, None
            self._refresh(stale)
        return False
