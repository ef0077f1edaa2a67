"""When a window was first drawn, and first drawn again after a moment that matters to its reader.

``MainWindow.paints`` records its first paint (the composer takes keys from then on) and its first paint
after ``attach`` (the chats listed); ``smoke.py`` reports both and ``bench/startup.py`` times them. From
QtCore alone, so it costs nothing before the first paint.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject


class PaintClock(QObject):
    """The wall-clock times (``time.time()``) of the watched widget's first paint and of its first paint
    after ``mark()``; ``None`` until they happen."""

    def __init__(self, watched: QObject) -> None:
        super().__init__(watched)
        self.first: float | None = None
        self.marked: float | None = None
        self._armed = False
        watched.installEventFilter(self)

    def mark(self) -> None:
        self._armed = True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            now = time.time()
            if self.first is None:
                self.first = now
            if self._armed and self.marked is None:
                self.marked = now
        return False
