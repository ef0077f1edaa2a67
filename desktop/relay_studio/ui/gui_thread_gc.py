"""Python's cyclic garbage collector runs on the GUI thread only, never on a worker thread.

CPython collects whenever enough objects were allocated, on whichever thread allocates the next one. The
window's worker threads (the reader lane, a file or keychain lane, an import, ``asyncio.to_thread`` in a run)
allocate a lot; a collection they trigger frees every unreachable cycle, and a cycle that holds the last
reference to a Qt object (a closed dialog, a card and the slot that captured it) destroys that object on the
worker thread. Qt objects must be destroyed on their own thread: a QTimer's destruction there unregisters it
from the wrong thread's timer list ("Timers cannot be stopped from another thread") and the GUI thread later
crashes in its event loop (CI's slow step died with a segmentation fault in ``processEvents`` that way).

So the QApplication's thread turns automatic collection off (``gc.disable`` is process-wide) and collects
here instead, on a ``CHECK_MS`` timer, the generation CPython itself would have collected by the same
thresholds (``gc.get_threshold``); a full collection at most every ``FULL_EVERY_S`` (CPython also holds those
back). This is the approach of PyQt applications that hit the same crash (Anki disables the collector and
collects on its main thread). The headless CLI never starts this and keeps CPython's own collector.
"""

from __future__ import annotations

import gc
import time

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QTimer

CHECK_MS = 100
FULL_EVERY_S = 10.0


class GuiThreadCollector(QObject):
    """Owned by the application: collects due generations on its thread (``collect_if_due``)."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.full_every_s = FULL_EVERY_S
        self._last_full = time.monotonic()
        self._timer = QTimer(self)
        self._timer.setInterval(CHECK_MS)
        self._timer.timeout.connect(self.collect_if_due)
        self._timer.start()

    def collect_if_due(self) -> int:
        """Collects the oldest generation whose threshold is passed (the young ones with it); which one, or -1."""
        count0, count1, count2 = gc.get_count()
        threshold0, threshold1, threshold2 = gc.get_threshold()
        if threshold0 == 0 or count0 <= threshold0:
            return -1
        generation = 0
        if count1 > threshold1:
            generation = 1
            now = time.monotonic()
            if count2 > threshold2 and now - self._last_full >= self.full_every_s:
                generation = 2
                self._last_full = now
        gc.collect(generation)
        return generation


_collector: GuiThreadCollector | None = None


def collect_on_gui_thread(app: QCoreApplication) -> GuiThreadCollector:
    """Turns automatic collection off and collects on ``app``'s thread from now on (twice is once)."""
    global _collector
    if _collector is None or not shiboken6.isValid(_collector):
        _collector = GuiThreadCollector(app)
    gc.disable()
    return _collector


def collector() -> GuiThreadCollector | None:
    """The application's collector, if the window started one."""
    return _collector
