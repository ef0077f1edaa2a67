"""Workers' long loops give way to the window's GUI thread while it is busy (``relay_studio/give_way.py``)."""

from __future__ import annotations

import threading

import pytest

from relay_studio import give_way as gw


def _loop_pauses(monkeypatch: pytest.MonkeyPatch, *, busy: bool, on_worker: bool, giving: bool = True) -> list[float]:
    """The pauses a loop of 10 ms of work took (40 items of 0.25 ms, on a clock of the test's own: a loaded machine
    that holds the thread back changes nothing), on a worker thread or on the main one, within ``giving_way`` (work
    nobody waits for) or not."""
    pauses: list[float] = []
    now = [1000.0]

    def pause(seconds: float) -> None:
        pauses.append(seconds)
        now[0] += seconds

    monkeypatch.setattr(gw, "_sleep", pause)
    monkeypatch.setattr(gw, "_clock", lambda: now[0])
    monkeypatch.setattr(gw, "_busy_until", 0.0)
    if busy:
        gw.gui_busy(60.0)

    def loop() -> None:
        for _item in range(40):
            gw.give_way()
            now[0] += 0.00025

    def work() -> None:
        if giving:
            with gw.giving_way():
                loop()
        else:
            loop()

    if on_worker:
        thread = threading.Thread(target=work)
        thread.start()
        thread.join()
    else:
        work()
    return pauses


def test_a_worker_pauses_after_each_slice_while_the_gui_thread_is_busy(monkeypatch: pytest.MonkeyPatch) -> None:
    pauses = _loop_pauses(monkeypatch, busy=True, on_worker=True)
    assert pauses == [gw.PAUSE_S] * 9  # after each 1 ms slice of the 10 ms (the first item starts the first slice)


def test_nothing_pauses_when_the_gui_thread_is_not_busy_nor_ever_the_gui_thread_itself(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert _loop_pauses(monkeypatch, busy=False, on_worker=True) == []
    assert _loop_pauses(monkeypatch, busy=True, on_worker=False) == []


def test_work_the_creator_waits_for_never_pauses_nor_work_after_its_giving_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run's start reading its library calls the same loops outside ``giving_way``: it goes on at full speed."""
    assert _loop_pauses(monkeypatch, busy=True, on_worker=True, giving=False) == []
    seen: list[bool] = []

    def work() -> None:
        with gw.giving_way():
            seen.append(gw._slices.on)
        seen.append(getattr(gw._slices, "on", False))

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert seen == [True, False]


def test_busy_lasts_as_long_as_said_and_a_later_turn_extends_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gw, "_busy_until", 0.0)
    monkeypatch.setattr(gw, "_clock", lambda: 500.0)
    gw.gui_busy(0.0)
    assert gw._busy_until == 500.0
    gw.gui_busy(30.0)
    gw.gui_busy(0.0)  # a shorter one never cuts a longer one short
    assert gw._busy_until == 530.0
