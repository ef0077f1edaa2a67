"""Work put off to a later turn of the GUI thread's loop, one piece of work per turn (issue 35).

What a lane brings (a query's answer), a change's write and the views' own put-off work all come here
(``next_turn``), into one queue in the order asked. A turn of the queue runs the work waiting at its start until
``TURN_BUDGET`` is spent (always one piece: the queue moves on each turn), then gives the loop back: the frame's
paint, the layouts asked for and every other timer get their turn before the next piece. Work that opens a
dialog (a nested loop) does not hold up the work behind it: that goes on in its turns inside the dialog's loop.
Two answers arriving together (a chat switch reads the chat and the Timeline its runs) were one gap of the GUI
thread, their fills and the paints after them added up (60 ms on a book); now each is a gap of its own.

A turn is a timer of one millisecond, not Qt 6's ``QTimer.singleShot(0, ...)``: that is a queued call, delivered
in the same pass over the posted events as a lane's arrival, a window's first paint and the paints those asked
for. A timer is delivered in the pass over the timers, after those already due, and one started during that pass
is not due until the next."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QObject, QTimer

from relay_studio.give_way import gui_busy

TURN_MS = 1  # a timer, not a queued call: see the module
#: a turn runs the work waiting at its start until this many seconds are spent (always one piece)
TURN_BUDGET = 0.002


class _Turns(QObject):
    """The one queue of put-off work, on the GUI thread."""

    def __init__(self) -> None:
        super().__init__()
        self._waiting: deque[tuple[QObject, Callable[[], None]]] = deque()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(TURN_MS)
        self._timer.timeout.connect(self._turn)

    def put(self, context: QObject, work: Callable[[], None]) -> None:
        self._waiting.append((context, work))
        if not self._timer.isActive():
            self._timer.start()

    def _turn(self) -> None:
        gui_busy()  # workers' long loops give way meanwhile (``give_way``)
        started = time.perf_counter()
        due = len(self._waiting)  # what comes during the turn waits for the next one
        try:
            while due and self._waiting:
                due -= 1
                context, work = self._waiting.popleft()
                if not shiboken6.isValid(context):
                    continue  # its view (or lane) was destroyed meanwhile
                if self._waiting:
                    self._timer.start()  # the rest go on in their turns even while this work waits in a dialog
                work()
                if time.perf_counter() - started > TURN_BUDGET:
                    break
        finally:
            gui_busy()  # and while Qt lays out and paints what the turn changed
            if self._waiting and not self._timer.isActive():
                self._timer.start()


_turns: _Turns | None = None


def _queue() -> _Turns:
    global _turns
    if _turns is None or not shiboken6.isValid(_turns):
        _turns = _Turns()
    return _turns


def next_turn(context: QObject, work: Callable[[], None]) -> None:
    """``work`` runs in a later turn of the loop, after what was put off before it, unless ``context`` was
    destroyed by then. Called on the GUI thread."""
    _queue().put(context, work)

