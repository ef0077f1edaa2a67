"""Ctrl+C while a command drives a run: cancel the run (journaled, exit 130) instead of dying mid-write.

Used by ``cli.runs`` and ``cli.handoff`` alike (its own module, so neither imports the other for it).
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable


def install_interrupt(loop: asyncio.AbstractEventLoop, cancel: Callable[[], object]) -> None:
    try:
        loop.add_signal_handler(signal.SIGINT, cancel)
    except (NotImplementedError, RuntimeError):  # Windows: fall back to the plain handler
        signal.signal(signal.SIGINT, lambda *_: loop.call_soon_threadsafe(cancel))


def remove_interrupt(loop: asyncio.AbstractEventLoop) -> None:
    try:
        loop.remove_signal_handler(signal.SIGINT)
    except (NotImplementedError, RuntimeError):
        signal.signal(signal.SIGINT, signal.default_int_handler)
