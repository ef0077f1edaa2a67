"""Work the window runs off the GUI thread, its outcome handed back on the GUI thread: the one way a view
reads (or writes) anything that may take longer than a frame (docs/window/studio.md, *Reading off the GUI thread*).

A ``BackgroundReads`` is a QObject its view owns: one worker lane named after what it does
(``"knowledge-search"``), running one request at a time. ``start(key, work, deliver)`` runs ``work`` on the
lane's thread and calls ``deliver`` with its ``Outcome`` (``Done(value)`` or ``Failed(error)``) on the GUI
thread, by a queued signal (no asyncio task: one started from a run's done callback may never take its
first step under qasync). Only the newest request of a key is delivered: a later ``start`` (or ``drop``)
of the key makes an earlier one's outcome stale, and a stale request still waiting in the lane is skipped,
never run. Once the lane is closed, or its owner destroyed, nothing is delivered and nothing new runs.
``await reads.read(work)`` is the form for async callers: the value, or what ``work`` raised (answered
through the loop's ``call_soon_threadsafe``, not a Qt slot).

Why one lane per owner and not a shared pool: a lane's thread carries its name (tests and a profiler see
who reads), a read connection that one thread at a time may use needs no lock of its own, and a slow lane
(an import's hour-long wait) never holds up another view's reads. A lane's thread starts with its first
request and ends when nothing has come for ``IDLE_SECONDS`` (work comes in bursts: a chat switch, a run's
start; starting a thread makes the GUI thread wait until the new one runs, several milliseconds on a loaded
machine, bench/book_scale.py); a ``dedicated`` lane keeps its one thread until ``close`` (the Studio's reader:
its connection is used by that thread only).

Signals:
    arrived(object): a request's ``Arrival``, emitted on the lane's thread; Qt queues it to the owner's.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, NoReturn, TypeAlias, TypeVar

from PySide6.QtCore import QObject, Signal

from relay_studio.ui.next_turn import next_turn

T = TypeVar("T")


@dataclass(frozen=True)
class Done(Generic[T]):
    """The work returned ``value``."""

    value: T

    def result(self) -> T:
        return self.value


@dataclass(frozen=True)
class Failed:
    """The work raised ``error`` (it reaches the GUI thread as a value, never as a thread's traceback)."""

    error: Exception

    def result(self) -> NoReturn:
        raise self.error


Outcome: TypeAlias = Done[T] | Failed


@dataclass(frozen=True)
class Arrival:
    """What the lane's thread hands to the GUI thread: which request, and how it ended."""

    key: Hashable
    generation: int
    outcome: Outcome[Any]


@dataclass(frozen=True)
class _Request:
    key: Hashable
    generation: int
    work: Callable[[], Any]
    #: called on the lane's thread instead of emitting ``arrived`` (``read``: the loop's own thread-safe call)
    answer: Callable[[Outcome[Any]], object] | None = None


#: how long a lane's idle thread waits for more work before it ends
IDLE_SECONDS = 1.0


class _Lane:
    """The queue and the thread behind a ``BackgroundReads``: plain Python, so that the thread touches no Qt
    object but the signal it emits (guarded: the owner may be gone)."""

    def __init__(self, name: str, dedicated: bool, emit: Callable[[Arrival], None]) -> None:
        self.name = name
        self.dedicated = dedicated
        self._emit = emit
        self._ready = threading.Condition()
        self._queue: deque[_Request] = deque()
        self._thread: threading.Thread | None = None
        self._last: Callable[[], None] | None = None
        self._closed = False

    def put(self, request: _Request) -> None:
        with self._ready:
            if self._closed:
                return
            self._skip(request.key)
            self._queue.append(request)
            self._wake()

    def discard(self, key: Hashable) -> None:
        with self._ready:
            self._skip(key)

    def close(self, last: Callable[[], None] | None = None) -> None:
        with self._ready:
            if self._closed:
                return
            self._closed = True
            self._queue.clear()
            self._last = last
            if last is not None or self._thread is not None:
                self._wake()

    def _skip(self, key: Hashable) -> None:
        stale = [r for r in self._queue if r.key == key]
        for request in stale:
            self._queue.remove(request)

    def _wake(self) -> None:  # under the lock
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()
        else:
            self._ready.notify()

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._queue and not self._closed:
                    if self.dedicated:
                        self._ready.wait()
                    elif not self._ready.wait(IDLE_SECONDS):
                        break  # nothing came: the thread ends (the next request starts another)
                if self._closed or not self._queue:
                    last, self._last = self._last, None
                    self._thread = None
                    break
                request = self._queue.popleft()
            key, generation, work, answer = request.key, request.generation, request.work, request.answer
            del request
            outcome = _outcome_of(work)
            del work  # what the work holds is let go here, not when the next request replaces it
            if answer is not None:
                with contextlib.suppress(RuntimeError):  # the loop is closed: nobody awaits it any more
                    answer(outcome)
            elif not self._closed:
                with contextlib.suppress(RuntimeError):  # the owner is gone: nothing to deliver to
                    self._emit(Arrival(key, generation, outcome))
        if last is not None:
            last()  # after the request in progress, on the thread that used what it closes


def _outcome_of(work: Callable[[], Any]) -> Outcome[Any]:
    try:
        return Done(work())
    except Exception as exc:  # handed to the GUI thread as a value: the view says what went wrong
        return Failed(exc)


class BackgroundReads(QObject):
    """One worker lane of a view (its parent): ``start`` and ``drop`` on the owner's thread, ``deliver``
    called there. Signals: see the module."""

    arrived = Signal(object)

    def __init__(self, name: str, parent: QObject, *, dedicated: bool = False) -> None:
        super().__init__(parent)
        self.name = name
        self._lane = _Lane(name, dedicated, self.arrived.emit)
        self._count = 0
        self._latest: dict[Hashable, tuple[int, Callable[[Outcome[Any]], None]]] = {}
        self._waiting: set[asyncio.Future[Any]] = set()
        self._closed = False
        self.arrived.connect(self._on_arrived)
        lane, waiting = self._lane, self._waiting  # not self: it is being destroyed when this runs
        self.destroyed.connect(lambda *_args: _abandon(lane, waiting))

    @property
    def closed(self) -> bool:
        return self._closed

    def start(self, key: Hashable, work: Callable[[], T], deliver: Callable[[Outcome[T]], None]) -> None:
        """Runs ``work`` on the lane's thread; ``deliver`` gets its outcome on this thread, unless a later
        request of ``key`` (or ``drop(key)``) came meanwhile. A request of ``key`` still waiting is skipped.
        Nothing once closed."""
        if self._closed:
            return
        self._count += 1
        self._latest[key] = (self._count, deliver)
        self._lane.put(_Request(key, self._count, work))

    def drop(self, key: Hashable) -> None:
        """What ``key``'s request under way answers is not delivered (the view wants nothing now)."""
        self._latest.pop(key, None)
        self._lane.discard(key)

    async def read(self, work: Callable[[], T]) -> T:
        """``work``'s value, run on the lane's thread; raises what it raised, ``CancelledError`` when the lane
        closes first, ``RuntimeError`` when it is closed already."""
        if self._closed:
            raise RuntimeError(f"the {self.name} lane is closed")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()

        def settle(outcome: Outcome[T]) -> None:
            if future.done():
                return
            if isinstance(outcome, Failed):
                future.set_exception(outcome.error)
            else:
                future.set_result(outcome.value)

        self._waiting.add(future)
        try:
            # Answered through the loop's call_soon_threadsafe, as run_in_executor is, not through a Qt slot: a
            # future set in a slot Qt runs while the loop is not running (a test's teardown processing events)
            # never woke its task, and the loop could not close.
            self._lane.put(_Request(object(), 0, work, lambda outcome: loop.call_soon_threadsafe(settle, outcome)))
            return await future
        finally:
            self._waiting.discard(future)

    def close(self, last: Callable[[], None] | None = None) -> None:
        """Nothing more is delivered or started; what waits is dropped and awaiting reads are cancelled.
        ``last`` (closing a connection the lane reads on) runs on the lane's thread after the request in
        progress. The GUI thread never waits for it."""
        self._closed = True
        self._latest.clear()
        _abandon(self._lane, self._waiting, last)

    def _on_arrived(self, arrival: Arrival) -> None:
        if time.monotonic() < _put_off_until:
            next_turn(self, partial(self._deliver, arrival))  # the window's opening: see ``put_off_arrivals``
        else:
            self._deliver(arrival)

    def _deliver(self, arrival: Arrival) -> None:
        latest = self._latest.get(arrival.key)
        if self._closed or latest is None or latest[0] != arrival.generation:
            return  # closed meanwhile, or a later request of this key is under way
        del self._latest[arrival.key]
        latest[1](arrival.outcome)


_put_off_until = 0.0  # see put_off_arrivals


def put_off_arrivals(seconds: float) -> None:
    """For ``seconds`` from now, what any lane brings is delivered a turn later (``ui/next_turn.py``), not in the
    pass over Qt's posted events that brings it. A window's opening: its first paint, the repaint after it and the
    first reads' arrivals were one pass, one gap of the GUI thread of 70 to 110 ms on a book (a timer's turn
    apart, 40 to 60). Later a read arrives alone, and a turn's wait would only show a switch later."""
    global _put_off_until
    _put_off_until = time.monotonic() + seconds


def _abandon(lane: _Lane, waiting: set[asyncio.Future[Any]], last: Callable[[], None] | None = None) -> None:
    lane.close(last)
    for future in list(waiting):
        future.cancel()
