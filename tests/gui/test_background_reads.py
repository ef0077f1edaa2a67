"""``ui/background.py``: the one way the window works off the GUI thread. A request runs on its lane's named
thread, only the newest outcome of a key comes back, on the GUI thread, a failure as a ``Failed`` value,
nothing after the lane closes or its owner is destroyed, and ``await reads.read(...)`` works on the qasync
loop. Real threads and the real event loop throughout."""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QObject
from pytestqt.qtbot import QtBot

from relay_studio.ui.background import IDLE_SECONDS, BackgroundReads, Done, Failed, Outcome, _Lane, _Request
from tests.support import until


def _lane_threads(name: str) -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == name]


class Held:
    """Work that holds its lane until released, as a long read does."""

    def __init__(self, value: object = "late") -> None:
        self.value = value
        self.started = threading.Event()
        self.release = threading.Event()

    def __call__(self) -> object:
        self.started.set()
        self.release.wait(10)
        return self.value


class Delivered:
    """Records each outcome ``deliver`` gets, with the thread it got it on."""

    def __init__(self) -> None:
        self.outcomes: list[tuple[str, Outcome[Any], str]] = []

    def to(self, label: str) -> Callable[[Outcome[Any]], None]:
        return lambda outcome: self.outcomes.append((label, outcome, threading.current_thread().name))

    def values(self) -> list[tuple[str, Any]]:
        return [(label, outcome.result()) for label, outcome, _thread in self.outcomes]


def test_only_the_newest_request_of_a_key_is_delivered_and_a_stale_waiting_one_never_runs(qtbot: QtBot) -> None:
    owner, got, first = QObject(), Delivered(), Held("first")
    reads = BackgroundReads("test-newest", owner)
    ran: list[str] = []

    def work(label: str) -> Callable[[], str]:
        def run() -> str:
            ran.append(label)
            return label
        return run

    reads.start("search", first, got.to("search"))  # runs, and holds the lane
    assert first.started.wait(10)
    reads.start("search", work("second"), got.to("search"))  # waits behind it: made stale by the third
    reads.start("other", work("other"), got.to("other"))  # another key: delivered in its own right
    reads.start("search", work("third"), got.to("search"))
    assert got.outcomes == []  # start never waits for the lane
    first.release.set()
    qtbot.waitUntil(lambda: len(got.outcomes) == 2)
    assert ran == ["other", "third"]  # the stale second never ran
    assert got.values() == [("other", "other"), ("search", "third")]  # the first's answer was dropped
    assert {thread for _label, _outcome, thread in got.outcomes} == {threading.main_thread().name}
    qtbot.waitUntil(lambda: not _lane_threads("test-newest"))  # the thread ends once nothing waits


def test_a_failure_arrives_on_the_gui_thread_as_an_outcome_and_drop_silences_a_key(qtbot: QtBot) -> None:
    owner, got = QObject(), Delivered()
    reads = BackgroundReads("test-failure", owner)
    seen_on: list[str] = []

    def broken() -> int:
        seen_on.append(threading.current_thread().name)
        raise ValueError("the file is gone")

    reads.start("read", broken, got.to("read"))
    qtbot.waitUntil(lambda: len(got.outcomes) == 1)
    [(_label, outcome, thread)] = got.outcomes
    assert seen_on == ["test-failure"]  # the work ran on the lane's own thread
    assert thread == threading.main_thread().name
    assert isinstance(outcome, Failed) and isinstance(outcome.error, ValueError)
    with pytest.raises(ValueError, match="the file is gone"):
        outcome.result()

    held = Held()
    reads.start("read", held, got.to("read"))
    reads.drop("read")  # the view wants nothing now (the search box was cleared)
    reads.start("count", lambda: 3, got.to("count"))
    held.release.set()
    qtbot.waitUntil(lambda: len(got.outcomes) == 2)
    assert got.outcomes[-1][:2] == ("count", Done(3))
    qtbot.waitUntil(lambda: not _lane_threads("test-failure"))
    QCoreApplication.processEvents()
    assert len(got.outcomes) == 2  # the dropped read's answer never came


def test_nothing_is_delivered_after_close_and_last_runs_after_the_read_in_progress(qtbot: QtBot) -> None:
    owner, got, held = QObject(), Delivered(), Held()
    reads = BackgroundReads("test-close", owner)
    order: list[str] = []
    reads.start("read", held, got.to("read"))
    assert held.started.wait(10)
    reads.start("queued", lambda: order.append("queued"), got.to("queued"))
    reads.close(last=lambda: order.append(f"last on {threading.current_thread().name}"))
    reads.start("after", lambda: order.append("after"), got.to("after"))  # closed: never runs
    held.release.set()
    qtbot.waitUntil(lambda: not _lane_threads("test-close"))
    QCoreApplication.processEvents()
    assert order == ["last on test-close"]  # what waited was dropped; last ran on the lane's thread
    assert got.outcomes == []


def test_an_owner_destroyed_mid_read_gets_nothing_and_raises_nothing(qtbot: QtBot) -> None:
    owner, got, held = QObject(), Delivered(), Held()
    reads = BackgroundReads("test-destroyed", owner)
    reads.start("read", held, got.to("read"))
    reads.start("queued", lambda: "never", got.to("queued"))
    assert held.started.wait(10)
    shiboken6.delete(owner)  # the view is gone, and its lane with it
    assert not shiboken6.isValid(reads)
    held.release.set()  # the read ends and emits on a deleted object: suppressed, not a thread's traceback
    qtbot.waitUntil(lambda: not _lane_threads("test-destroyed"))
    QCoreApplication.processEvents()
    assert got.outcomes == []


async def test_the_await_form_runs_on_the_lane_and_raises_what_the_work_raised() -> None:
    owner = QObject()
    reads = BackgroundReads("test-await", owner, dedicated=True)

    assert await reads.read(lambda: threading.current_thread().name) == "test-await"
    first = await reads.read(threading.get_ident)
    assert await reads.read(threading.get_ident) == first  # a dedicated lane keeps its one thread
    with pytest.raises(KeyError):
        await reads.read(lambda: {}["missing"])
    held = Held()
    waiting = asyncio.ensure_future(reads.read(held))
    await until(held.started.is_set, what="the read to start")
    reads.close()
    with pytest.raises(asyncio.CancelledError):
        await waiting  # the lane closed first: cancelled, never left hanging
    held.release.set()
    await until(lambda: not _lane_threads("test-await"), what="the dedicated thread to end at close")
    with pytest.raises(RuntimeError, match="closed"):
        await reads.read(lambda: 1)


def test_a_lanes_thread_waits_a_while_for_more_work_and_then_ends() -> None:
    """Starting a thread made the GUI thread wait until the new one ran (several ms on a loaded machine): a lane's
    thread takes the next request of a burst itself, and ends once nothing came for ``IDLE_SECONDS``."""
    arrived = threading.Event()
    ran_on: list[threading.Thread] = []

    def work() -> str:
        ran_on.append(threading.current_thread())
        return "read"

    lane = _Lane("test-idle", False, lambda _arrival: arrived.set())
    lane.put(_Request("a", 1, work))
    assert arrived.wait(5)
    first = ran_on[0]
    first.join(IDLE_SECONDS / 5)
    assert first.is_alive()  # still there for the next request
    arrived.clear()
    lane.put(_Request("b", 2, work))
    assert arrived.wait(5)
    assert ran_on[1] is first  # no new thread for it
    first.join(IDLE_SECONDS * 5)
    assert not first.is_alive() and not _lane_threads("test-idle")  # nothing came: it ended


def test_the_windows_process_hands_the_interpreter_to_the_gui_thread_within_a_millisecond(qtbot: QtBot) -> None:
    """A lane's thread parsing or counting holds the interpreter at most ``GUI_SWITCH_INTERVAL_S`` while the GUI
    thread waits for it (Python's 5 ms made each of a paint's many calls into Python wait that long)."""
    from relay_studio.start_window import GUI_SWITCH_INTERVAL_S, ensure_app

    assert ensure_app() is QCoreApplication.instance()
    assert sys.getswitchinterval() == pytest.approx(GUI_SWITCH_INTERVAL_S) and GUI_SWITCH_INTERVAL_S <= 0.001
