"""The timeline dock: run history picker, lanes, the events list with its filters, the detail pane.

The panel puts the pieces together and says which run they show; a run is read page by page on the loop
(``journal_reading.py``), so a run of 100,000 events is scrollable at once and fills in without stalling
the window, and a live run's events are folded as they arrive. Selecting a bar selects its events and the
other way round (``selection_sync.py``). The filters: ``event_filters.py``; the list: ``events_table.py``.

Signals:
    selection_shown(str html): the detail pane changed (tests and the screenshot tool wait on it).
    arrangement_changed(): the detail pane or the search field moved (below or beside), so the panel's
        minimum width changed.

At every width the panel stays whole: from ``BESIDE_MIN_W`` the detail pane sits beside the events list,
narrower it goes below it; narrower than ``SEARCH_BESIDE_MIN_W`` the search field and Errors only have a
row of their own;
the list's columns share its width so that Summary always shows (docs/window/main-window.md, "Sizes").
"""

from __future__ import annotations

import asyncio
import time

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSplitter, QToolButton, QVBoxLayout, QWidget

from relay_studio.domain import event_types as ev
from relay_studio.domain.events import Event
from relay_studio.domain.records import RUN_KIND_HANDOFF, RunRecord
from relay_studio.runtime.context import LiveUpdate
from relay_studio.ui import i18n
from relay_studio.ui.library.citations import parse_citation_href
from relay_studio.ui.operations.changes import Changes
from relay_studio.ui.operations.journal import RunList
from relay_studio.ui.studio import Studio
from relay_studio.ui.timeline.branches import BranchesStrip
from relay_studio.ui.timeline.detail import DetailPane, DetailSource
from relay_studio.ui.timeline.detail_text import raw_link, raw_seqs, render_raw
from relay_studio.ui.timeline.event_filters import EventFilterBar
from relay_studio.ui.timeline.events_model import EventFilter, EventsModel
from relay_studio.ui.timeline.events_table import EventsTable
from relay_studio.ui.timeline.forecast_row import ForecastRow
from relay_studio.ui.timeline.journal_reading import fold_journal
from relay_studio.ui.timeline.lane_items import Bar, Marker
from relay_studio.ui.timeline.lanes import LanesView
from relay_studio.ui.timeline.model import RunTimeline
from relay_studio.ui.timeline.rerun import RerunControls
from relay_studio.ui.timeline.scene_lanes import SceneLanes
from relay_studio.ui.timeline.selection_sync import SelectionSync

BESIDE_MIN_W = 860  # the panel's width from which the detail pane sits beside the events list
DETAIL_MIN_W, DETAIL_MIN_H = 300, 120
LIST_SHARE = 0.6  # the events list's share of the room under the chart when the detail pane is below it
SEARCH_BESIDE_MIN_W = 480  # narrower, the events' search field goes below the filters


class TimelinePanel(QWidget):
    selection_shown = Signal(str)
    arrangement_changed = Signal()

    def __init__(self, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self.source = DetailSource(studio)
        self.chat_id = ""
        self.run_id = ""
        self.timeline: RunTimeline | None = None
        self.loader: asyncio.Task[None] | None = None
        self.loaded = asyncio.Event()
        self._pick_first = False  # a chat switch's list is being read: its newest run is shown when it arrives
        self._pending_error: str | None = None
        self.load_seconds = 0.0
        self.lanes = LanesView()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        top = QHBoxLayout()
        self.run_box = QComboBox()  # its label says what it is: "<when> · <agent> · <status>"
        self.run_box.setToolTip(self.tr("Run"))
        self.run_box.setAccessibleName(self.tr("Run"))
        # as wide as the room allows (its list shows the whole labels); never below a short label
        self.run_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.run_box.setMinimumContentsLength(12)
        self.run_box.currentIndexChanged.connect(self._on_run_picked)
        top.addWidget(self.run_box, 1)
        self.zoom_buttons: list[QToolButton] = []
        for text, tip, slot in (("−", self.tr("Zoom out (Ctrl+wheel)"), lambda: self.lanes.zoom_by(0.5)),
                                ("+", self.tr("Zoom in (Ctrl+wheel)"), lambda: self.lanes.zoom_by(2.0)),
                                (self.tr("Fit"), self.tr("Show the whole run"), lambda: self.lanes.fit())):
            button = QToolButton()
            button.setText(text)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            self.zoom_buttons.append(button)
        self.progress = QLabel()  # under the events list: the top row keeps its room for the run's label
        self.progress.setObjectName("Muted")
        self.rerun = RerunControls(studio, self)  # "Rerun from here", the branches, the compare view
        layout.addLayout(top)
        self.forecast_row = ForecastRow()  # the run's forecast against what it used, under the picker
        layout.addWidget(self.forecast_row)
        # the run picker has the top row to itself (its whole label in German at 1000 px); the branches have
        # the next to themselves when there are any (beside the buttons they were squeezed, Compare hidden at
        # 1400 px), then Rerun from here and −, +, Fit
        self.branches_strip = BranchesStrip(self.rerun.branches)  # scrolls sideways in a narrow timeline
        layout.addWidget(self.branches_strip)
        rerun_row = QHBoxLayout()
        rerun_row.addStretch(1)
        rerun_row.addWidget(self.rerun.button, 0, Qt.AlignmentFlag.AlignTop)
        for button in self.zoom_buttons:
            rerun_row.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(rerun_row)
        self.rerun.branches.branch_picked.connect(self.show_run)

        split = QSplitter(Qt.Orientation.Vertical)
        self.scene_lanes = SceneLanes(studio, self)  # a scene chat's whole scene, a lane per character
        split.addWidget(self.scene_lanes)
        split.addWidget(self.lanes)
        self.rerun.attach(self.lanes)

        lower = QSplitter(Qt.Orientation.Horizontal)
        events_box = QWidget()
        events_layout = QVBoxLayout(events_box)
        events_layout.setContentsMargins(0, 0, 0, 0)
        self.filter_bar = EventFilterBar(self._apply_filter)
        bar = self.filter_bar
        self.agent_filter, self.type_filter, self.errors_only, self.search = (bar.agent_filter, bar.type_filter,
                                                                              bar.errors_only, bar.search)
        events_layout.addLayout(bar.filters)
        events_layout.addLayout(bar.search_row)  # the search field on a row of its own in a narrow panel

        self.model = EventsModel(lambda run_id, after, limit, deliver:
                                 studio.journal.events.run(self, deliver, run_id, after_seq=after, limit=limit))
        self.table = EventsTable(self.model)
        events_layout.addWidget(self.table)
        events_layout.addWidget(self.progress)
        lower.addWidget(events_box)
        self.detail = DetailPane()
        self.detail.anchorClicked.connect(self._on_detail_link)
        lower.addWidget(self.detail)
        lower.setChildrenCollapsible(False)
        split.addWidget(lower)
        split.setChildrenCollapsible(False)
        split.setSizes([160, 220, 420])
        split.setStretchFactor(0, 0)  # the whole scene (scene chats only) and the chart keep what they need
        split.setStretchFactor(1, 0)  # (``_fit_chart``); a taller window gives its height to the events list
        split.setStretchFactor(2, 1)
        layout.addWidget(split)
        self.lanes_split, self.events_split = split, lower
        self.selection = SelectionSync(self, self.lanes, self.table, self.model, self.source, self.rerun)
        self.model.rowsInserted.connect(lambda *_: self._show_count())  # a filter's matches come in slices
        self._chart_need = 0
        self._fit_lower(force=True)
        studio.events_arrived.connect(self._on_events)
        studio.live_arrived.connect(self._on_live)
        studio.run_started.connect(self._on_run_started)
        studio.operation_did_execute.connect(self._on_changes)

    # -- layout ----------------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_lower()

    def _fit_lower(self, force: bool = False) -> None:
        """The detail pane beside the events list when both get a readable width, else below it; the
        list's columns share its width so that the Summary column always shows."""
        beside = self.width() >= BESIDE_MIN_W
        orientation = Qt.Orientation.Horizontal if beside else Qt.Orientation.Vertical
        moved = self.events_split.orientation() != orientation
        if force or moved:
            self.events_split.setOrientation(orientation)
            total = self.width() if beside else max(self.events_split.height(), 2 * DETAIL_MIN_H)
            below = int(total * (1 - LIST_SHARE))  # below, the list has the larger share: rows to scan
            self.events_split.setSizes([total - total * 2 // 5, total * 2 // 5] if beside else [total - below, below])
        self.detail.setMinimumSize(0, 0 if beside else DETAIL_MIN_H)
        if self.filter_bar.place_search(self.width() >= SEARCH_BESIDE_MIN_W):  # Errors only goes with it
            moved = True
        self.table.fit_columns()
        if moved and not force:
            self.arrangement_changed.emit()  # its minimum width changed: the window may fit its docks again

    def _fit_chart(self) -> None:
        """The chart as high as its lanes need (up to half the panel's split) when their number changed, the rest
        for the events list: a relay of two lanes needs ~150 px, and more of them were left to scroll."""
        need = self.lanes.content_height()
        scene, *rest = self.lanes_split.sizes()  # the whole scene's view keeps its height (0 when hidden)
        total = sum(rest)
        if need == self._chart_need or total <= 0:
            return
        self._chart_need = need
        chart = min(need, total // 2)
        self.lanes_split.setSizes([scene, chart, total - chart])

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit_chart()

    def _on_detail_link(self, url: QUrl) -> None:
        seqs = raw_seqs(url.toString())
        if seqs is not None:  # "Show the raw entry": the journal entries in place of the link
            events = [e for e in (self.source.event(self.run_id, s) for s in seqs) if e is not None]
            self.show_detail(self.detail.body.replace(raw_link(seqs), render_raw(events)))
            return
        target = parse_citation_href(url.toString())
        if target is not None:  # a knowledge.search citation: the Library dock opens the document there
            self.studio.open_citation(target)

    # -- which run ---------------------------------------------------------------------------------
    def show_chat(self, chat_id: str) -> None:
        """Shows the chat's newest run once the run picker's list is read (a query: up to 200 runs)."""
        self.chat_id = chat_id
        self.scene_lanes.show_chat(chat_id)
        self._not_loaded()  # ``loaded`` waits for the run picked when the list arrives
        self._fill_runs(first=True)

    def _not_loaded(self) -> None:
        """``loaded`` is set once the run shown next is read; whoever waits for it already goes on waiting."""
        if self.loaded.is_set():
            self.loaded = asyncio.Event()

    def _fill_runs(self, select: str = "", *, first: bool = False) -> None:
        """Reads the chat's runs on the reader lane; the picker lists them when they arrive (the newest read wins),
        then selects ``select``, or with ``first`` shows the newest run (none: an empty timeline)."""
        chat_id = self.chat_id
        self._pick_first = self._pick_first or first  # a later read (the newest wins) still picks for a switch
        first = self._pick_first
        self.studio.journal.read_run_list(self, chat_id or None, set(self.studio.agents.profiles()),
                                          lambda found: self._list_runs(chat_id, found, select, first),
                                          lambda _line: self.load("") if first else None)  # unread: an empty one

    def _list_runs(self, chat_id: str, found: RunList, select: str, first: bool) -> None:
        if chat_id != self.chat_id:
            return  # another chat was shown meanwhile (its own read follows)
        records, reruns, removed = found
        self._pick_first = False
        self.run_box.blockSignals(True)
        self.run_box.clear()
        names = {pid: p.display_name for pid, p in self.studio.agents.profiles().items()}
        for record in records:
            label = (f"{i18n.when_short(record.created_at)} · "
                     f"{self._agent_name(record, names, removed)} · "
                     f"{i18n.run_status(record.status.value)}")
            if record.kind == RUN_KIND_HANDOFF:  # a /handoff attempt, not a request of the chat's
                label += " · " + self.tr("handoff document")
            elif record.id in reruns:  # Rerun from here…: says which stage it reran from
                label += " · " + i18n.arg(self.tr("rerun from stage %1"), reruns[record.id])
            self.run_box.addItem(label, record.id)
            self.run_box.setItemData(self.run_box.count() - 1, i18n.when(record.created_at),
                                     Qt.ItemDataRole.ToolTipRole)
        if select:
            index = self.run_box.findData(select)
            if index < 0:
                self.run_box.insertItem(0, select, select)
                index = 0
            self.run_box.setCurrentIndex(index)
        self.run_box.blockSignals(False)
        if first and self.run_box.count():
            self.run_box.setCurrentIndex(0)
            self._on_run_picked(0)
        elif first:
            self.load("")

    def _agent_name(self, record: RunRecord, names: dict[str, str], removed: dict[str, str]) -> str:
        """The run's agent by its name; one removed since by the name the run's journal gave it, marked so (never
        by its id)."""
        name = names.get(record.root_profile_id)
        if name is not None:
            return name
        if record.id in removed:
            return i18n.arg(self.tr("%1 (removed)"), removed[record.id])
        return self.tr("an agent since removed")

    def _on_changes(self, changes: Changes, _initiator: object) -> None:
        if changes.profiles and self.chat_id:  # an agent renamed or removed: the picker names it anew
            self._fill_runs(select=self.run_id)

    def _on_run_picked(self, index: int) -> None:
        run_id = self.run_box.itemData(index) if index >= 0 else ""
        if run_id and run_id != self.run_id:
            self.load(str(run_id))

    def _on_run_started(self, run_id: str, chat_id: str) -> None:
        if chat_id == self.chat_id:
            self.show_run(run_id)

    def show_run(self, run_id: str) -> None:
        self._fill_runs(select=run_id)
        if run_id != self.run_id:
            self.load(run_id)

    def load(self, run_id: str) -> None:
        if self.loader is not None:
            self.loader.cancel()
        self.run_id = run_id
        self.scene_lanes.run_shown(run_id)
        self._not_loaded()
        self.timeline = RunTimeline(run_id, self.model.words) if run_id else None
        total = self.studio.journal.event_count(run_id) if run_id else 0
        self.model.set_run(self.timeline, total)
        self.lanes.set_timeline(self.timeline)
        self.detail.clear()
        self.forecast_row.show_for(self.timeline)
        self.filter_bar.reset_agents()
        self._apply_filter()  # the search, the kind of events and Errors only hold for this run too
        if self.timeline is None:
            self.progress.clear()  # not the count of the run shown before
            self.rerun.run_shown("")
            self.loaded.set()
            return
        self.loader = asyncio.ensure_future(self._load_pages(self.timeline))
        self.rerun.run_shown(run_id)

    async def _load_pages(self, tl: RunTimeline) -> None:
        """Reads the run's journal (``fold_journal``), the lanes, the list and the agent filter catching up as
        it goes; once read, the first event with the error asked for meanwhile is selected."""
        started = time.monotonic()

        def caught_up() -> None:
            self._grown()
            self.progress.setText(i18n.arg(self.tr("reading %1 of %2 events…"),
                                           i18n.number(tl.last_seq), i18n.number(self.model.total)))

        await fold_journal(self.studio.journal, tl, caught_up)
        self._grown()
        self.model.refresh_rows()  # rows drawn from the journal before the index had them: as the index says
        self.lanes.fit()
        self.load_seconds = time.monotonic() - started
        self.loaded.set()
        self._show_count()
        if self._pending_error is not None:
            code, self._pending_error = self._pending_error, None
            self.select_error(code)

    def _grown(self) -> None:
        tl = self.timeline
        if tl is None:
            return
        self.model.grow(max(self.model.total, tl.last_seq))
        self.lanes.refresh()
        self.filter_bar.add_agents(tl)
        self.forecast_row.show_for(tl)
        self._fit_chart()

    def _on_live(self, updates: list[LiveUpdate]) -> None:
        """A running call's progress (``ui/call_progress.py``): its open bar says it, the clock moves."""
        tl = self.timeline
        if tl is None:
            return
        for update in updates:
            if update.kind == "progress" and update.run_id == tl.run_id:
                self.lanes.calls.update(update.invocation_id, update.data)
                if not tl.ended:
                    self.lanes.set_live(True)

    def _on_events(self, events: list[Event]) -> None:
        tl = self.timeline
        if tl is None:
            return
        changed = False
        newest = 0
        for event in events:
            if event.run_id == tl.run_id:
                newest = max(newest, event.seq)
                changed = tl.apply(event) or changed
                if event.type in (ev.MODEL_CALL_COMPLETED, ev.MODEL_CALL_FAILED):
                    self.lanes.calls.end(str(event.payload.get("turnId") or ""))
        if tl.ended:
            self.lanes.set_live(False)
        if newest:
            self.model.grow(max(self.model.total, newest))
            self._show_count()
        if changed:
            self.lanes.refresh()
            self.filter_bar.add_agents(tl)
            self.forecast_row.show_for(tl)
            self._fit_chart()
            if not self.lanes.follow:
                return
        if any(e.run_id == tl.run_id and e.type in (ev.RUN_COMPLETED, ev.RUN_FAILED, ev.RUN_CANCELLED,
                                                    ev.RUN_PARTIAL_SUCCESS) for e in events):
            self._fill_runs(select=tl.run_id)
            self.lanes.fit()

    # -- filters -----------------------------------------------------------------------------------
    def current_filter(self) -> EventFilter:
        return self.filter_bar.current(self.timeline)

    def _apply_filter(self) -> None:
        self.model.set_filter(self.current_filter())
        self._show_count()

    def _show_count(self) -> None:
        """Under the list, once the run is read: its events, and how many the filters show of them."""
        tl = self.timeline
        if tl is None or not self.loaded.is_set():
            return  # "reading … events" says more while it reads
        if self.model.filter.active:
            self.progress.setText(i18n.arg(self.tr("%1 of %Ln event(s) shown", "", tl.last_seq),
                                           i18n.number(self.model.rowCount())))
        else:
            self.progress.setText(self.tr("%Ln event(s)", "", tl.last_seq))

    # -- selection -------------------------------------------------------------------------------
    def show_bar(self, bar: Bar) -> None:
        self.selection.show_bar(bar)

    def open_marker(self, marker: Marker) -> None:
        self.selection.open_marker(marker)

    def select_seq(self, seq: int) -> None:
        self.selection.select_seq(seq)

    def select_error(self, code: str) -> None:
        """Selects the run's first event with this error code (or its first error), once loaded."""
        tl = self.timeline
        if tl is None:
            return
        if not self.loaded.is_set():
            self._pending_error = code
            return
        codes = tl.index.codes
        seq = next((s for s in sorted(codes) if codes[s] == code), None) if code else None
        if seq is None:
            seq = next((i + 1 for i, failed in enumerate(tl.index.errors) if failed), None)
        if seq is not None:
            self.select_seq(seq)

    def show_detail(self, body: str) -> None:
        """Shows ``body`` in the detail pane and says so (``selection_shown``)."""
        self.detail.show_html(body)
        self.selection_shown.emit(body)

