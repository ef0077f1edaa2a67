"""The GUI thread first: a worker thread's long loop gives way while the window's GUI thread builds what the
creator looks at.

Python runs one thread at a time. A lane's thread counting a book's mentions (130 ms of Python) or reading its
1,000 library entries took the interpreter from the GUI thread many times within one of its turns: the GUI
thread lets the interpreter go on its calls into Qt and waits to get it back, and a chat's cards took 20 to 30 ms
to build instead of 8 (bench/book_scale.py, the gaps after the window's show). The window says when it is busy
(``gui_busy``: each turn of its queue of put-off work, ``ui/next_turn.py``, the opening, a chat switch and each
batch of a chat's cards). Work the creator is not waiting for (a library's read for the docks, the count of its
mentions) runs ``giving_way()``, and its loops call ``give_way`` between their items: on such a thread while the
GUI thread is busy, it lets the interpreter go for ``PAUSE_S`` after each ``SLICE_S`` of work. The worker is slowed,
never stopped; work the creator waits for (a run's start reading its library, a save's plan) and the GUI thread
itself never pause (a run's send waited 12 ms longer on a small project while its stage's library read gave way).
Qt-free: the headless layers call it, and in a process without a window nobody is ever busy.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

#: a turn of the GUI thread keeps it busy this long: the layout and paint that follow it included
BUSY_S = 0.03
#: while the GUI thread is busy, a worker runs this long between pauses ...
SLICE_S = 0.001
#: ... and pauses this long
PAUSE_S = 0.002

_busy_until = 0.0  # a perf_counter time; a float assignment is atomic under the interpreter lock
_slices = threading.local()  # per thread: ``on`` (within ``giving_way``) and ``started`` (the slice's start)
_sleep = time.sleep  # the pause (a test counts them)
_clock = time.perf_counter  # the time (a test drives its own)


def gui_busy(seconds: float = BUSY_S) -> None:
    """The GUI thread is building what the creator sees: workers give way for the next ``seconds``."""
    global _busy_until
    _busy_until = max(_busy_until, _clock() + seconds)


@contextmanager
def giving_way() -> Iterator[None]:
    """Within it, this thread's loops give way (``give_way``): for work the creator is not waiting for."""
    before = getattr(_slices, "on", False)
    _slices.on = True
    try:
        yield
    finally:
        _slices.on = before


def give_way() -> None:
    """Between the items of a long loop: a pause, within ``giving_way`` on a worker thread, while the GUI thread
    is busy and this thread has run a slice since its last pause; nothing otherwise (a clock read)."""
    now = _clock()
    if now >= _busy_until or not getattr(_slices, "on", False) or threading.current_thread() is threading.main_thread():
        return
    started = getattr(_slices, "started", None)
    if started is None or now - started > SLICE_S + PAUSE_S * 4:
        _slices.started = now  # the first item since a while: a slice starts here
        return
    if now - started >= SLICE_S:
        _sleep(PAUSE_S)
        _slices.started = _clock()
