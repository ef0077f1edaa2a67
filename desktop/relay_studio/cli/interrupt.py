"""Ctrl+C in a command: before and after a run, the command stops with exit 130 and one sentence; while a
command drives a run, Ctrl+C cancels the run (journaled, exit 130) instead of dying mid-write.

``install_interrupt`` and ``remove_interrupt`` are used by ``cli.runs`` and ``cli.handoff`` alike (its own
module, so neither imports the other for it). The module imports nothing heavy: ``launch`` uses it at start-up.

Why the command raises ``CommandInterrupted`` and not Python's own ``KeyboardInterrupt``: CPython (3.11, 3.12)
marks the interpreter "ended by an unhandled KeyboardInterrupt" whenever a KeyboardInterrupt leaves code run from
a string (``exec``/``eval`` of source, which SQLAlchemy and ``dataclasses`` do while they load), even when a caller
catches it; under ``python -m relay_studio`` the interpreter then ends by killing itself with SIGINT (exit -2,
nothing printed) instead of exiting 130. It checks for that exact type only, so a subclass is caught by every
``except KeyboardInterrupt`` and never leaves that mark.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable
from types import FrameType
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    import asyncio

#: what the command says when Ctrl+C stops it outside a run (a run says ``run <id>: cancelled`` itself)
CANCELLED_SENTENCE = "Cancelled by Ctrl+C: the command stopped before it finished."

_Handler = Callable[[int, FrameType | None], Any] | int | None

#: the handlers the runs' own replaced, put back when they are removed (innermost last)
_outer: list[_Handler] = []


class CommandInterrupted(KeyboardInterrupt):
    """Ctrl+C outside a run: raised where the command happens to be, caught by ``cli.host.main``."""


def raise_interrupted(_signum: int, _frame: FrameType | None) -> NoReturn:
    """The command's SIGINT handler outside a run (``launch`` installs it before the command starts)."""
    raise CommandInterrupted


def install_interrupt(loop: asyncio.AbstractEventLoop, cancel: Callable[[], object]) -> None:
    _outer.append(signal.getsignal(signal.SIGINT))
    try:
        loop.add_signal_handler(signal.SIGINT, cancel)
    except (NotImplementedError, RuntimeError):  # Windows: fall back to the plain handler
        signal.signal(signal.SIGINT, lambda *_: loop.call_soon_threadsafe(cancel))


def remove_interrupt(loop: asyncio.AbstractEventLoop) -> None:
    """Puts back the handler that was in place before ``install_interrupt`` (the loop's own removal would put
    Python's ``default_int_handler`` there, and a Ctrl+C while the command ends would then leave the mark above)."""
    with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows: the plain handler is replaced below
        loop.remove_signal_handler(signal.SIGINT)
    outer = _outer.pop() if _outer else None
    signal.signal(signal.SIGINT, outer if outer is not None else signal.default_int_handler)
