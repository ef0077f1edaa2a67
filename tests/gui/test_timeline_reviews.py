"""A reviewer's lane on the timeline says its review's verdict in words, not only in colour (docs/director.md):
a run of the Director whose scripted consistency reviewer answers conflict, warning, clean and then out of
form twice; the timeline filling the window; each reviewer's label, its tooltip under the pointer, and the
detail pane after a click on it read back, and the events list's line of each review's end."""

from __future__ import annotations

import json

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from relay_studio.domain import error_codes as codes
from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.timeline.lane_items import Lane
from relay_studio.ui.timeline.lanes import LABEL_W, LANE_H
from tests.gui.conftest import App, run_to_end, until

CONFLICT = {"issues": [{"severity": "conflict", "entry": "Mira", "quote": "twin sister",
                        "explanation": "The entry says Mira is an only child.",
                        "suggestion": "Keep her an only child, or change the entry."},
                       {"severity": "warning", "entry": "Heron", "explanation": "The Heron has no second captain."}],
            "overallStatus": "conflict"}
WARNING = {"issues": [{"severity": "warning", "entry": "Harbor", "explanation": "The harbour froze in book one."}],
           "overallStatus": "clean"}  # the stricter of the verdict and its issues: a warning
CLEAN = {"issues": [], "overallStatus": "clean"}


def _review(name: str, draft: str) -> dict[str, object]:
    return {"toolCalls": [{"name": "review_consistency", "arguments": {"name": name, "type": "character",
                                                                         "draft": draft}}]}


async def _reviewed_run(app: App, qtbot: QtBot) -> MainWindow:
    window = app.open({
        "director": [_review("Mira", "Mira has a twin sister."), _review("Harbor", "The harbour is open."),
                     _review("Lune", "Lune sails the Heron."), _review("Tide", "The tide turns."),
                     {"text": "Four reviews asked."}],
        "consistency-reviewer": [{"text": json.dumps(CONFLICT)}, {"text": json.dumps(WARNING)},
                                 {"text": json.dumps(CLEAN)}, {"text": "I think it is fine."},
                                 {"text": "Really, it is fine."}],
    })
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window, what="the window to be active")
    window.new_chat()
    composer = window.chat.composer
    composer.select_agent("director")
    qtbot.keyClicks(composer.editor, "Check these drafts.")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    await run_to_end(window)
    await window.timeline.loaded.wait()
    # The timeline fills the window (Ctrl+Shift+T), so every lane is in view.
    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    await until(lambda: window.fill_action.isChecked() and window.timeline.lanes.isVisible(),
                what="the timeline filling the window")
    lanes = window.timeline.lanes
    lanes.resize(lanes.width(), 420)
    return window


def _reviewer_lanes(window: MainWindow) -> list[Lane]:
    tl = window.timeline.timeline
    assert tl is not None
    return [lane for lane in tl.ordered_lanes() if lane.review is not None]


def _label_point(window: MainWindow, lane: Lane) -> QPoint:
    lanes = window.timeline.lanes
    return QPoint(LABEL_W // 2, lanes.lane_top(lane) + LANE_H // 2)


async def _hover(qtbot: QtBot, window: MainWindow, point: QPoint) -> str:
    viewport = window.timeline.lanes.viewport()
    qtbot.mouseMove(viewport, QPoint(point.x() + 1, point.y() + 1))
    qtbot.mouseMove(viewport, point)
    await until(lambda: viewport.toolTip() != "", what="the lane's tooltip")
    return viewport.toolTip()


async def test_a_reviewers_lane_says_conflict_warning_passed_or_failed_in_its_label_tooltip_and_detail(
        app: App, qtbot: QtBot) -> None:
    window = await _reviewed_run(app, qtbot)
    lanes = window.timeline.lanes
    reviewers = _reviewer_lanes(window)
    assert [lane.title for lane in reviewers] == ["Consistency reviewer"] * 4
    assert [lanes.lane_label(lane) for lane in reviewers] == [
        "↳ Consistency reviewer\n✗ conflict · 2 issues",
        "↳ Consistency reviewer\n⚠ warning · 1 issue",
        "↳ Consistency reviewer\n✓ passed",
        "↳ Consistency reviewer\n✗ failed",
    ]
    conflict, warning, passed, failed = reviewers
    # The director's own lane says no verdict.
    tl = window.timeline.timeline
    assert tl is not None and "\n" not in lanes.lane_label(tl.ordered_lanes()[0])

    # The events list's line of each review's end names the same verdict, in words.
    model = window.timeline.model
    assert tl is not None
    ends = [r for r in range(model.rowCount()) if tl.index.types[model.seq_at(r) - 1] == "review_completed"]
    assert [model.seq_at(r) for r in ends] == [lane.review.seq for lane in reviewers]  # type: ignore[union-attr]
    assert [model.data(model.index(r, 4)) for r in ends] == [
        "“Mira”: conflict · 2 issues", "“Harbor”: warning · 1 issue", "“Lune”: passed",
        f"“Tide”: failed ({codes.REVIEW_INVALID_OUTPUT})"]

    # The tooltip under the pointer, over the label.
    assert await _hover(qtbot, window, _label_point(window, conflict)) == \
        "Consistency review of “Mira” by Consistency reviewer: conflict · 2 issues"
    assert await _hover(qtbot, window, _label_point(window, passed)) == \
        "Consistency review of “Lune” by Consistency reviewer: passed"
    tip = await _hover(qtbot, window, _label_point(window, failed))
    assert tip.startswith("Consistency review of “Tide” by Consistency reviewer: failed\n")
    assert tip.endswith(f"({codes.REVIEW_INVALID_OUTPUT})") and "did not answer in the required form" in tip

    # A click on the label: the review's end is selected in the events list and shown with its issues.
    qtbot.mouseClick(lanes.viewport(), Qt.MouseButton.LeftButton, pos=_label_point(window, conflict))
    panel = window.timeline
    await until(lambda: "The review is done: “Mira”: conflict · 2 issues" in panel.detail.toPlainText(),
                what="the review in the detail pane")
    text = panel.detail.toPlainText()
    assert "Consistency review of “Mira” by Consistency reviewer: conflict · 2 issues" in text
    assert "Issues (2)" in text and "The entry says Mira is an only child." in text
    assert "Keep her an only child, or change the entry." in text
    rows = panel.table.selectionModel().selectedRows()
    assert [panel.model.seq_at(r.row()) for r in rows] == [conflict.review.seq]  # type: ignore[union-attr]

    qtbot.mouseClick(lanes.viewport(), Qt.MouseButton.LeftButton, pos=_label_point(window, warning))
    await until(lambda: "warning · 1 issue" in panel.detail.toPlainText(), what="the warning's review")
    assert "The harbour froze in book one." in panel.detail.toPlainText()

    qtbot.mouseClick(lanes.viewport(), Qt.MouseButton.LeftButton, pos=_label_point(window, passed))
    await until(lambda: "“Lune” by Consistency reviewer: passed" in panel.detail.toPlainText(),
                what="the passed review")
    assert "Issues (" not in panel.detail.toPlainText()

    # With the events list showing only tool calls, a click still shows the review (no row to select).
    panel.type_filter.setCurrentIndex(panel.type_filter.findData("Tool calls"))
    qtbot.mouseClick(lanes.viewport(), Qt.MouseButton.LeftButton, pos=_label_point(window, failed))
    await until(lambda: "“Tide” by Consistency reviewer: failed" in panel.detail.toPlainText(),
                what="the failed review")
    text = panel.detail.toPlainText()
    assert "The review could not be done." in text and codes.REVIEW_INVALID_OUTPUT in text
    assert panel.table.selectionModel().selectedRows() == []
