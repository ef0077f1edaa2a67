"""The Qt binding we install keeps Python's reference counts straight.

PySide6 6.12 on CPython 3.11 releases a reference to None on every void Qt call and aborts the
process after some ten thousand of them (pyproject pins below 6.12 there). This test fails if a
binding with that bug comes back.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication, QLabel


class _Emitter(QObject):
    changed = Signal(bool)


def test_void_calls_and_emits_keep_none_true_false_counts(qapp: QApplication) -> None:
    label = QLabel()
    emitter = _Emitter()
    received: list[bool] = []
    emitter.changed.connect(received.append)
    before = (sys.getrefcount(None), sys.getrefcount(True), sys.getrefcount(False))
    for i in range(2000):
        label.setText("x")
        emitter.changed.emit(i % 2 == 0)
    after = (sys.getrefcount(None), sys.getrefcount(True), sys.getrefcount(False))
    assert len(received) == 2000
    if sys.version_info < (3, 12):  # 3.12+ singletons are immortal: their counts say nothing
        assert all(a >= b - 50 for a, b in zip(after, before, strict=True)), (before, after)
