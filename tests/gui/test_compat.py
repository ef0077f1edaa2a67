"""The guard that keeps a session alive past the PySide6 6.12 / CPython 3.11 refcount bug."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QLabel

from relay_studio.app import ensure_app


def test_many_void_qt_calls_do_not_exhaust_none(qapp: QApplication) -> None:
    ensure_app()
    label = QLabel()
    before = sys.getrefcount(None)
    for _ in range(200_000):  # far more than None's natural reference count on 3.11
        label.setText("x")
    assert sys.getrefcount(None) > 0 and before > 0
