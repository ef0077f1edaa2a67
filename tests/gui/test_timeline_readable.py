"""The timeline readable at every size (issue 38): when it fills the window (Ctrl+Shift+T) the foreground lane's
label shows every agent of the relay whole; in a 1000 px window the label column keeps its first width."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.timeline.lanes import LABEL_W
from tests.gui.conftest import App, run_to_end, until


@pytest.mark.parametrize("size", [(1400, 900), (1920, 1080)])
async def test_the_lane_label_is_whole_when_the_timeline_fills_the_window(app: App, qtbot: QtBot,
                                                                          size: tuple[int, int]) -> None:
    window = app.open()
    window.resize(*size)
    window.run_demo()
    await run_to_end(window)
    await window.timeline.loaded.wait()
    lanes = window.timeline.lanes
    foreground = lanes._lanes[0]
    label = lanes.lane_label(foreground)
    assert label == "Writer → Editor → Finalizer"
    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    await until(lambda: not window.stack.isVisible(), what="the timeline filling the window")
    need = lanes.fontMetrics().horizontalAdvance(label)
    await until(lambda: need <= lanes.label_room(foreground), what=f"room for the whole label ({need} px)")
    assert lanes.x_of(0) == lanes.label_w, "the run starts right of the labels"

    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    await until(lambda: window.stack.isVisible(), what="the layout given back")
    window.resize(1000, 700)
    await until(lambda: lanes.label_w == LABEL_W, what="the first label width in a narrow timeline")


async def _shown(window: MainWindow, run_id: str) -> int:
    """Shows ``run_id`` on the timeline, once all of its events are in; their number."""
    panel = window.timeline
    window.show_run(run_id)
    total = window.studio.journal.event_count(run_id)
    await until(lambda: panel.run_id == run_id and panel.loaded.is_set() and panel.timeline is not None
                and panel.timeline.last_seq == total, what="the run's events on the timeline")
    return total


async def test_the_events_search_holds_for_another_run_and_the_count_says_how_many_show(app: App,
                                                                                        qtbot: QtBot) -> None:
    window = app.open()
    window.run_demo()
    first = await run_to_end(window)
    window.run_demo()  # the script is used up: a short failed run, another run to switch to
    second = await run_to_end(window, 1)
    panel = window.timeline

    def count_says(total: int) -> bool:
        return panel.progress.text() == f"{panel.model.rowCount()} of {total} events shown"

    total = await _shown(window, first)
    qtbot.keyClicks(panel.search, "writer")
    await until(lambda: 0 < panel.model.rowCount() < total and count_says(total), what="the search to filter")

    second_total = await _shown(window, second)
    assert panel.search.text() == "writer"
    await until(lambda: 0 < panel.model.rowCount() < second_total and count_says(second_total),
                what="the other run's list, filtered alike")
    rows = [" ".join(str(panel.model.data(panel.model.index(r, c))) for c in (2, 3, 4))
            for r in range(panel.model.rowCount())]
    assert all("writer" in row.lower() for row in rows)  # its agent, its sentence or its summary
    panel.search.clear()
    await until(lambda: panel.model.rowCount() == second_total, what="every event again")
    assert panel.progress.text() == f"{second_total} events"
