"""Python's garbage is collected on the GUI thread only (ui/gui_thread_gc.py): a worker thread that allocates a
lot never destroys a Qt object left in a reference cycle (CI's slow step crashed in ``processEvents`` after one
did)."""

from __future__ import annotations

import gc
import threading

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from relay_studio.app import ensure_app


class _Held(QObject):
    """A Qt object in a reference cycle, that says on which thread it was destroyed."""

    def __init__(self, destroyed_on: list[str]) -> None:
        super().__init__()
        self.me = self
        self.destroyed_on = destroyed_on

    def __del__(self) -> None:
        self.destroyed_on.append(threading.current_thread().name)


def test_a_cycle_holding_a_qt_object_is_collected_on_the_gui_thread_when_a_worker_allocates(
        qapp: QApplication, qtbot: QtBot) -> None:
    assert ensure_app() is qapp and not gc.isenabled(), "the window's application collects on its own thread"
    destroyed_on: list[str] = []
    _Held(destroyed_on)  # unreachable at once, kept only by its cycle

    read: list[list[list[int]]] = []

    def allocate() -> None:  # as the reader lane reads a book's messages for the window: far past every threshold
        read.append([[n] for n in range(200_000)])

    worker = threading.Thread(target=allocate, name="reader")
    worker.start()
    worker.join()
    assert destroyed_on == [], "no collection ran on the worker thread"
    qtbot.waitUntil(lambda: bool(destroyed_on), timeout=5000)  # the GUI thread's collector, on its timer
    assert destroyed_on == [threading.main_thread().name] and len(read[0]) == 200_000


def test_the_collector_collects_the_generation_cpython_would_and_a_full_one_at_most_every_few_seconds(
        qapp: QApplication) -> None:
    from relay_studio.ui.gui_thread_gc import FULL_EVERY_S, collect_on_gui_thread

    collector = collect_on_gui_thread(qapp)
    threshold0, threshold1, threshold2 = gc.get_threshold()
    kept: list[list[list[int]]] = []  # kept alive: only what lives counts toward a collection

    def make_due(generation: int) -> None:
        """As many collections of the younger generations as make ``generation`` due, then young objects."""
        for _ in range(threshold2 + 1 if generation == 2 else 0):
            gc.collect(1)
        for _ in range(threshold1 + 1 if generation >= 1 else 0):
            gc.collect(0)
        kept.append([[n] for n in range(threshold0 + 1)])

    gc.collect()
    assert collector.collect_if_due() == -1, "nothing allocated since the last collection: nothing to do"
    make_due(0)
    assert collector.collect_if_due() == 0
    make_due(1)
    assert collector.collect_if_due() == 1, "the middle generation is due after enough young collections"
    make_due(2)
    collector.full_every_s = 3600.0
    assert collector.collect_if_due() == 1, "a full collection waits for its interval"
    make_due(2)
    collector.full_every_s = 0.0
    assert collector.collect_if_due() == 2
    collector.full_every_s = FULL_EVERY_S
