"""A guard against a reference-counting bug of the PySide6 6.12 wheels on CPython 3.11.

There, every call of a void Qt method (``QPainter.fillRect``, ``QLabel.setText``, ``QTimer.start``)
releases one reference to ``None`` that it never took, and a signal emit one to ``True``/``False``.
CPython 3.12 and later make these singletons immortal, so the bug is harmless there; on 3.11 the
process aborts ("none_dealloc: deallocating None") after a few tens of thousands of such calls, i.e.
minutes into a session. Reproduce with ``sys.getrefcount(None)`` around ``QLabel().setText('x')``.

The guard gives the singletons a reference count no session can exhaust, which is what 3.12 does.
It only runs on CPython < 3.12 and touches nothing else.
"""

from __future__ import annotations

import ctypes
import platform
import sys

_RESERVE = 1 << 40


def immortalize_singletons() -> bool:
    """Returns True when the guard was applied."""
    if sys.version_info >= (3, 12) or platform.python_implementation() != "CPython":
        return False
    for obj in (None, True, False):
        refcount = ctypes.c_ssize_t.from_address(id(obj))
        if refcount.value < _RESERVE:
            refcount.value += _RESERVE
    return True
