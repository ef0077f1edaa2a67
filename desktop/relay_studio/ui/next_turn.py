"""Work put off to a later turn of the GUI thread's loop, behind the timers already due (issue 35).

Qt 6's ``QTimer.singleShot(0, ...)`` is a queued call: it is delivered in the same pass over the posted events as
a lane's arrival, a window's first paint and the paints those asked for, so the work it was meant to put off still
adds up with them into one gap of the GUI thread (on a book, 80 to 110 ms from the window's show). A timer of one
millisecond is delivered in the pass over the timers, after those already due, so a frame's paint and every other
timer get their turn between the two pieces of work."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

TURN_MS = 1  # a timer, not a queued call: see the module


def next_turn(context: QObject, work: Callable[[], None]) -> None:
    """``work`` runs in a later turn of the loop, unless ``context`` was destroyed by then."""
    QTimer.singleShot(TURN_MS, context, work)
