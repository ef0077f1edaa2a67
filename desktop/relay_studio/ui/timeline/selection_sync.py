"""One selection across the timeline's views: a bar, a handoff marker or a reviewer's lane clicked in the
lanes selects its events in the events list, rows selected in the list select their bar or marker in the
lanes, and either way the detail pane shows what was picked (``detail.render_*``)."""

from __future__ import annotations

import html
from typing import Protocol

from PySide6.QtCore import QItemSelection, QItemSelectionModel
from PySide6.QtWidgets import QAbstractItemView, QTableView

from relay_studio.domain import event_types as ev
from relay_studio.ui.timeline.detail import DetailSource, render_event, render_marker, render_model_turn, render_tool
from relay_studio.ui.timeline.events_model import EventsModel
from relay_studio.ui.timeline.lane_items import Bar, Lane, Marker
from relay_studio.ui.timeline.lanes import LanesView
from relay_studio.ui.timeline.model import RunTimeline
from relay_studio.ui.timeline.rerun import RerunControls

#: a row of one of these selects its bar and shows the bar (the model turn, the tool call) rather than the event
_BAR_EVENTS = frozenset({ev.MODEL_CALL_STARTED, ev.MODEL_CALL_COMPLETED, ev.MODEL_CALL_FAILED, ev.TOOL_CALL_STARTED,
                         ev.TOOL_CALL_COMPLETED, ev.TOOL_CALL_IGNORED})


class ShownRun(Protocol):
    """The panel as the selection sees it: the run it shows, that run's fold, and its detail pane."""

    run_id: str
    timeline: RunTimeline | None

    def show_detail(self, body: str) -> None: ...


class SelectionSync:
    def __init__(self, shown: ShownRun, lanes: LanesView, table: QTableView, model: EventsModel,
                 source: DetailSource, rerun: RerunControls) -> None:
        self.shown, self.lanes, self.table, self.model = shown, lanes, table, model
        self.source, self.rerun = source, rerun
        self._syncing = False
        lanes.bar_clicked.connect(self._on_bar_clicked)
        lanes.marker_clicked.connect(self._on_marker_clicked)
        lanes.review_clicked.connect(self._on_review_clicked)
        table.selectionModel().selectionChanged.connect(self._on_rows_selected)

    def _select_seqs(self, seqs: list[int]) -> None:
        selection = QItemSelection()
        rows = [r for r in (self.model.row_of(s) for s in seqs) if r >= 0]
        last_col = self.model.columnCount() - 1
        for row in rows:
            selection.select(self.model.index(row, 0), self.model.index(row, last_col))
        self._syncing = True
        try:
            self.table.selectionModel().select(selection, QItemSelectionModel.SelectionFlag.ClearAndSelect)
            if rows:
                self.table.scrollTo(self.model.index(rows[0], 0), QAbstractItemView.ScrollHint.PositionAtCenter)
        finally:
            self._syncing = False

    def _on_bar_clicked(self, bar: Bar) -> None:
        if self.shown.timeline is None:
            return
        self._select_seqs(self.shown.timeline.seqs_of_bar(bar))
        self.show_bar(bar)
        self.rerun.invocation_picked(bar.invocation_id)

    def _on_marker_clicked(self, marker: Marker) -> None:
        self._select_seqs([marker.seq])
        self.shown.show_detail(render_marker(self.source, self.shown.run_id, marker, self.shown.timeline))
        self.rerun.invocation_picked(marker.target_invocation)  # the stage it handed to

    def _on_review_clicked(self, lane: Lane) -> None:
        """A reviewer's lane: its ``review_completed`` shown (the verdict, the issues) and selected in the events
        list when the filters show it; while the review runs, its headline."""
        review = lane.review
        if review is None:
            return
        self.lanes.select_bar(None)
        run_id = self.shown.run_id
        event = self.source.event(run_id, review.seq) if review.seq else None
        if event is None:
            self.shown.show_detail(f"<h3>{html.escape(self.lanes.review_tip(lane))}</h3>")
            return
        self._select_seqs([review.seq])
        self.shown.show_detail(render_event(self.source, run_id, event, self.shown.timeline))

    def _on_rows_selected(self) -> None:
        tl = self.shown.timeline
        if self._syncing or tl is None:
            return
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        if not rows:
            return
        run_id = self.shown.run_id
        seq = self.model.seq_at(rows[0])
        marker = tl.marker_for_seq(seq)
        if marker is not None:
            self.lanes.select_marker(marker, reveal=True)
            self.shown.show_detail(render_marker(self.source, run_id, marker, tl))
            return
        bar = tl.bar_for_seq(seq)
        self.lanes.select_bar(bar, reveal=True)
        event = self.source.event(run_id, seq)
        if event is not None and (bar is None or event.type not in _BAR_EVENTS):
            self.shown.show_detail(render_event(self.source, run_id, event, tl))
        elif bar is not None:
            self.show_bar(bar)

    def show_bar(self, bar: Bar) -> None:
        tl, run_id = self.shown.timeline, self.shown.run_id
        if bar.kind == "model":
            name = tl.agent_name(bar.invocation_id) if tl else ""
            turn = self.source.turn(run_id, bar.key)
            seen = self.source.explained(run_id, turn, bar) if turn is not None else None
            self.shown.show_detail(render_model_turn(turn, bar, name, seen))
        else:
            last = bar.end_seq or (tl.last_seq if tl else bar.start_seq)
            events = [e for e in self.source.events(run_id, bar.start_seq, last)
                      if e.invocation_id == bar.invocation_id]
            self.shown.show_detail(render_tool(self.source, run_id, events, bar, tl))

    def open_marker(self, marker: Marker) -> None:
        self.lanes.select_marker(marker, reveal=True)
        self._on_marker_clicked(marker)

    def select_seq(self, seq: int) -> None:
        self._select_seqs([seq])
        self._syncing = False
        row = self.model.row_of(seq)
        if row >= 0:
            self.table.selectionModel().select(
                QItemSelection(self.model.index(row, 0), self.model.index(row, self.model.columnCount() - 1)),
                QItemSelectionModel.SelectionFlag.ClearAndSelect)
            self._on_rows_selected()
