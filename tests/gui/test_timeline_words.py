"""The timeline in the creator's words (issue 40) and readable in a small window (issue 38): the events list and
the detail pane say each event as a sentence in the window's language, the raw journal entry shows on a click,
a handoff brief is formatted text, a model call shows what its agent saw, and at 1000×700 the chart, the list,
the Event column, the handoffs' labels and the axis fit; at 1400×900 Compare is in view."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCursor
from pytestqt.qtbot import QtBot

from relay_studio.app import window_settings
from relay_studio.runtime.explain import explain_run
from relay_studio.ui import i18n
from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.timeline.detail import DetailPane
from relay_studio.ui.timeline.events_table import ROW_H
from relay_studio.ui.timeline.lanes import AXIS_H, LANES_TOP, layout_marker_labels
from relay_studio.ui.timeline.panel import TimelinePanel
from relay_studio.ui.timeline.seen_words import said
from tests.gui.conftest import App, run_to_end, until
from tests.gui.test_fork import _turns as fork_turns
from tests.unit.test_contracts import declared

EVENT_NAMES = sorted({value for _name, value, _meaning in declared("event_types")})

#: what each language says of a stage's start and of the first handoff, and its raw-entry link
SAID = {
    "en": {"started": "Writer started working", "handoff": "Writer handed the work to Editor: “",
           "raw": "Show the raw entry"},
    "ja": {"started": "Writer が作業を始めました", "handoff": "Writer が Editor に作業を引き継ぎました：「",
           "raw": "記録の原文を表示"},
}


async def _demo(app: App, language: str = "en", size: tuple[int, int] = (1400, 900)) -> tuple[MainWindow, str]:
    settings = window_settings(app.data_dir)
    settings.setValue(i18n.LANGUAGE_KEY, language)
    settings.sync()
    window = app.open()
    window.resize(*size)
    window.run_demo()
    run_id = await run_to_end(window)
    panel = window.timeline
    total = window.studio.journal.event_count(run_id)
    await until(lambda: panel.run_id == run_id and panel.loaded.is_set() and panel.timeline is not None
                and panel.timeline.last_seq == total, what="the demo's events on the timeline")
    return window, run_id


def _row_of(panel: TimelinePanel, event_type: str) -> int:
    assert panel.timeline is not None
    seq = panel.timeline.index.types.index(event_type) + 1
    return panel.model.row_of(seq)


def _click_row(qtbot: QtBot, panel: TimelinePanel, row: int) -> None:
    index = panel.model.index(row, 3)
    panel.table.scrollTo(index)
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton,
                     pos=panel.table.visualRect(index).center())


def _click_text(qtbot: QtBot, pane: DetailPane, text: str) -> None:
    """Clicks on ``text`` in the detail pane (a link), scrolled into view first."""
    found = pane.document().find(text)
    assert not found.isNull(), f"{text!r} is not in the detail pane"
    cursor = QTextCursor(pane.document())
    cursor.setPosition(found.selectionStart() + 2)
    pane.setTextCursor(cursor)
    pane.ensureCursorVisible()
    qtbot.mouseClick(pane.viewport(), Qt.MouseButton.LeftButton, pos=pane.cursorRect(cursor).center())


@pytest.mark.parametrize("language", list(SAID))
async def test_the_events_list_and_the_detail_pane_say_sentences_and_the_raw_entry_shows_on_a_click(
        app: App, qtbot: QtBot, language: str) -> None:
    said = SAID[language]
    window, _run = await _demo(app, language)
    panel = window.timeline
    model = panel.model
    shown = [str(model.data(model.index(r, 3))) for r in range(model.rowCount())]
    assert said["started"] in shown and any(s.startswith(said["handoff"]) for s in shown)
    assert [s for s in shown if any(name in s for name in EVENT_NAMES)] == []
    assert all(model.data(model.index(r, 3), Qt.ItemDataRole.ToolTipRole) == shown[r] for r in range(len(shown)))

    _click_row(qtbot, panel, _row_of(panel, "agent_invocation_started"))
    detail = panel.detail
    await until(lambda: said["started"] in detail.toPlainText(), what="the event's sentence in the detail pane")
    text = detail.toPlainText()
    assert text.startswith(said["started"]) and said["raw"] in text
    assert not [name for name in EVENT_NAMES if name in text] and "{" not in text and "runId" not in text

    _click_text(qtbot, detail, said["raw"])
    await until(lambda: '"type": "agent_invocation_started"' in detail.toPlainText(), what="the raw entry")
    text = detail.toPlainText()
    assert '"runId"' in text and said["raw"] not in text and text.startswith(said["started"])


async def test_a_handoff_brief_is_formatted_and_its_marker_says_the_sentence(app: App, qtbot: QtBot) -> None:
    window, _run = await _demo(app)
    panel = window.timeline
    lanes = panel.lanes

    def label_point() -> QPoint:  # where the first handoff label is painted now (the chart may still be fitted)
        x0, x1, _marker = lanes.band_label_rects()[0]
        return QPoint(int((x0 + x1) / 2), (AXIS_H + LANES_TOP) // 2 - 4)

    def hover() -> str:  # the mouse moved onto the label as it is painted now; the tooltip it sets
        point = label_point()
        qtbot.mouseMove(lanes.viewport(), QPoint(point.x() + 1, point.y() + 1))
        qtbot.mouseMove(lanes.viewport(), point)
        return lanes.viewport().toolTip()

    await until(lambda: lanes.band_label_rects() and hover() != "", what="the handoff's tooltip")
    assert lanes.viewport().toolTip().startswith("Writer handed the work to Editor: “")
    point = label_point()

    qtbot.mouseClick(lanes.viewport(), Qt.MouseButton.LeftButton, pos=point)
    detail = panel.detail
    await until(lambda: "Handoff Brief" in detail.toPlainText(), what="the brief")
    assert "# Handoff Brief" not in detail.toPlainText() and "## " not in detail.toPlainText()
    headings = []
    block = detail.document().begin()
    while block.isValid():
        if block.blockFormat().headingLevel():
            headings.append(block.text())
        block = block.next()
    assert "Handoff Brief" in headings  # the brief's Markdown heading is a heading, as the chat renders it


async def test_a_model_call_shows_what_its_agent_saw_part_by_part(app: App, qtbot: QtBot) -> None:
    window, run_id = await _demo(app)
    panel = window.timeline
    assert panel.timeline is not None
    bar = next(b for b in panel.timeline.lanes["foreground"].bars if b.kind == "model")
    point = panel.lanes.bar_point(bar)
    panel.lanes.click_at(point.x(), point.y())
    detail = panel.detail
    await until(lambda: "What Writer saw" in detail.toPlainText(), what="what the writer saw")
    assert app.runtime is not None
    item = next(x for x in explain_run(app.runtime.runs, run_id) if x.turnId == bar.key)  # `turns --explain`'s
    text = detail.toPlainText()
    assert f"What Writer saw: {i18n.number(item.tokens)} input tokens" in text
    assert (f"Served by the model {item.model}" in text if not item.connection
            else f"Served by the connection {item.connection}" in text)
    assert sum(p.tokens for p in item.parts) == item.tokens
    body = panel.detail.body
    assert body.count("<tr>") == len(item.parts) + 1  # a row per part, under the headings
    for source in ("system prompt", "your message", "tool definitions"):
        assert source in text
    assert "what you asked" in text and "the tools this agent may call" in text  # each part's reason


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_the_timeline_is_readable_at_1000_by_700(app: App, qtbot: QtBot, language: str) -> None:
    window, _run = await _demo(app, language, (1000, 700))
    panel = window.timeline
    lanes = panel.lanes
    await until(lambda: window.size().width() == 1000 and lanes.height() >= lanes.content_height(),
                what="the chart as high as its lanes")
    assert lanes.verticalScrollBar().maximum() == 0  # every lane in view
    assert panel.table.viewport().height() >= 6 * ROW_H  # the list shows more than 3–4 rows
    assert panel.detail.height() >= 120
    # the Event column: each sentence whole or elided, its tooltip whole
    metrics = panel.table.fontMetrics()
    width = panel.table.columnWidth(3)
    model = panel.model
    cut = [r for r in range(model.rowCount()) if metrics.horizontalAdvance(str(model.data(model.index(r, 3)))) > width]
    assert cut and all(model.data(model.index(r, 3), Qt.ItemDataRole.ToolTipRole) for r in cut)
    # the handoffs' labels: each in the band with its text (elided when short of room), ending inside the chart
    assert panel.timeline is not None
    assert len(panel.timeline.markers) == 2

    def labels_in_chart() -> bool:
        """Both painted, each ending inside the chart; at least one with its text (two handoffs close in time may
        leave one without room: its tooltip and the detail pane say it, `layout_marker_labels`)."""
        hits = lanes.band_label_rects()  # as last painted
        return (len(hits) == 2 and all(x1 <= lanes.viewport().width() for _x0, x1, _m in hits)
                and any(x1 - x0 > 36 for x0, x1, _m in hits))

    lanes.viewport().update()
    await until(labels_in_chart, what="the handoffs' labels painted inside the chart")
    # the axis' last label whole: right of its line, or left of it at the edge
    right = lanes.viewport().width() - 2
    edge = lanes.tick_label_x(right - 5, "12.5 s", metrics.horizontalAdvance)
    assert edge + metrics.horizontalAdvance("12.5 s") <= right and edge >= lanes.label_w


async def test_compare_is_in_view_at_1400_by_900_with_whole_stage_cells(app: App, qtbot: QtBot) -> None:
    window = app.open(fork_turns())
    window.resize(1400, 900)
    window.new_chat()
    window.chat.composer.set_text("Write about a harbour.")
    window.chat.composer.submit()
    source = await run_to_end(window)
    await window.studio.journal.fork(source, 2, agent_id="editor", brief={"objective": "Make it darker."})
    fork = await run_to_end(window, runs_before=1)
    panel = window.timeline
    branches = panel.rerun.branches
    await until(lambda: panel.run_id == fork and set(branches.row_buttons) == {source, fork}
                and branches.isVisible(), what="the branches")
    strip = panel.branches_strip
    compare = branches.compare_buttons[fork]
    await until(lambda: compare.isVisible() and compare.width() > 0, what="Compare")
    left = compare.mapTo(strip.viewport(), QPoint(0, 0)).x()
    assert left >= 0 and left + compare.width() <= strip.viewport().width(), "Compare is in view, no scrolling"
    assert not strip.horizontalScrollBar().isVisible()
    for cell in branches.cells.values():
        assert cell.width() >= cell.fontMetrics().horizontalAdvance(cell.text()), cell.text()


def test_a_handoff_label_short_of_room_shows_its_target_whole() -> None:
    def width(text: str) -> float:
        return 7.0 * len(text)

    def elide(text: str, room: int) -> str:
        return text[:room // 7 - 1] + "…"

    labels = layout_marker_labels([(0.0, "→ Editor: Revision pass"), (90.0, "→ Finalizer: Final polish")],
                                  width, elide, right=300.0)
    assert labels == [(0, "→ Editor"), (0, "→ Finalizer: Final polish")]
    assert layout_marker_labels([(0.0, "→ Editor: Revision pass")], width, elide, right=50.0) == [(0, "→ Ed…")]


def test_what_it_saw_says_the_runtimes_reasons_with_their_values() -> None:
    assert said("'Mira' in your message") == "“Mira” in your message"
    assert said("'harbour' in chat history, message 3") == "“harbour” in chat history, message 3"
    assert said("left out: mentioned, but the library's budget of 1200 tokens was used up") == \
        f"left out: mentioned, but the library's budget of {i18n.number(1200)} tokens was used up"
    assert said("4 earlier messages left out: the profile sends the last 6 messages") == \
        "4 earlier messages left out: the profile sends the last 6 messages"
    assert said("the creator's guidance, or a reminder to use the tools") == \
        "your guidance, or a reminder to use the tools"
    assert said("a heading of the prompt's own") == "a heading of the prompt's own"  # unknown: as it is


async def test_the_gathering_of_what_an_agent_reads_says_where_it_is_shown(app: App, qtbot: QtBot) -> None:
    # seen under Xvfb: "The studio gathered what Writer will read" selected, and the pane showed nothing of it
    window, _run = await _demo(app)
    panel = window.timeline
    _click_row(qtbot, panel, _row_of(panel, "prompt_assembly_requested"))
    await until(lambda: "gathered what Writer will read" in panel.detail.toPlainText(), what="the event's detail")
    assert "What Writer read, part by part" in panel.detail.toPlainText()
    _click_row(qtbot, panel, _row_of(panel, "model_call_started"))  # the call that follows says it
    await until(lambda: "What Writer saw" in panel.detail.toPlainText(), what="what the call's agent saw")
