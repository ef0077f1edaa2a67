"""The GUI thread first: a worker thread's long loop gives way while the window's GUI thread builds what the
creator looks at.

Python runs one thread at a time. A lane's thread counting a book's mentions (130 ms of Python) or reading its
1,000 library entries took the interpreter from the GUI thread many times within one of its turns: the GUI
thread lets the interpreter go on its calls into Qt and waits to get it back, and a chat's cards took 20 to 30 ms
to build instead of 8 (bench/book_scale.py, the gaps after the window's show). The window says when it is busy
(``gui_busy``: each turn of its queue of put-off work, ``ui/next_turn.py``, and each batch of a chat's cards); such
loops call ``give_way`` between their items. On a worker thread while the GUI thread is busy, it lets the
interpreter go for ``PAUSE_S`` after each ``SLICE_S`` of work: the worker is slowed, never stopped, and the GUI
thread (the main thread) never waits in it. Qt-free: the headless layers call it, and in a process without a
window nobody is ever busy.
"""

from __future__ import annotations

import threading
import time

#: a turn of the GUI thread keeps it busy this long: the layout and paint that follow it included
BUSY_S = 0.03
#: while the GUI thread is busy, a worker runs this long between pauses ...
SLICE_S = 0.001
#: ... and pauses this long
PAUSE_S = 0.002

_busy_until = 0.0  # a perf_counter time; a float assignment is atomic under the interpreter lock
_slices = threading.local()
_sleep = time.sleep  # the pause (a test counts them)


def gui_busy(seconds: float = BUSY_S) -> None:
    """The GUI thread is building what the creator sees: workers give way for the next ``seconds``."""
    global _busy_until
    _busy_until = max(_busy_until, time.perf_counter() + seconds)


def give_way() -> None:
    """Between the items of a long loop: a pause on a worker thread while the GUI thread is busy and this thread
    has run a slice since its last pause; nothing otherwise (a clock read)."""
    now = time.perf_counter()
    if now >= _busy_until or threading.current_thread() is threading.main_thread():
        return
    started = getattr(_slices, "started", None)
    if started is None or now - started > SLICE_S + PAUSE_S * 4:
        _slices.started = now  # the first item since a while: a slice starts here
        return
    if now - started >= SLICE_S:
        _sleep(PAUSE_S)
        _slices.started = time.perf_counter()
