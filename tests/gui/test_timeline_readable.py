"""The timeline readable at every size (issue 38): when it fills the window (Ctrl+Shift+T) the foreground lane's
label shows every agent of the relay whole; in a 1000 px window the label column keeps its first width."""

from __future__ import annotations

import asyncio

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from relay_studio.ui.timeline.lanes import LABEL_W
from tests.gui.conftest import App, run_to_end, until


async def _settle() -> None:
    for _ in range(4):
        QApplication.processEvents()
        await asyncio.sleep(0.02)


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
    await _settle()
    room = lanes.label_w - 8 - 6  # the label's indent and margin (LanesView._paint_label)
    need = lanes.fontMetrics().horizontalAdvance(label)
    assert need <= room, f"the label needs {need} px, has {room} (label column {lanes.label_w})"
    assert lanes.x_of(0) == lanes.label_w, "the run starts right of the labels"

    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    await until(lambda: window.stack.isVisible(), what="the layout given back")
    window.resize(1000, 700)
    await _settle()
    await until(lambda: lanes.label_w == LABEL_W, what="the first label width in a narrow timeline")
