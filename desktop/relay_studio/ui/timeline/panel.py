"""The timeline dock: run history picker, lanes, the events list with its filters, the detail pane.

A run is loaded page by page on the loop (a page, then a yield once ~10 ms are spent), so a run of
100,000 events is scrollable at once and fills in without stalling the window; a live run's events
are folded as they arrive. Selecting a bar selects its events and the other way round.

Signals:
    selection_shown(str html): the detail pane changed (tests and the screenshot tool wait on it).
    arrangement_changed(): the detail pane or the search field moved (below or beside), so the panel's
        minimum width changed.

At every width the panel stays whole: from ``BESIDE_MIN_W`` the detail pane sits beside the events list,
narrower it goes below it; narrower than ``SEARCH_BESIDE_MIN_W`` the search field and Errors only have a
row of their own;
the list's columns share its width so that Summary always shows (docs/window.md, "Sizes").
"""

from __future__ import annotations

import asyncio
import gc
import html
import time

from PySide6.QtCore import QEvent, QItemSelection, QItemSelectionModel, QObject, Qt, QUrl, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSplitter,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from relay_studio.domain import event_types as ev
from relay_studio.domain.events import Event
from relay_studio.runtime.context import LiveUpdate
from relay_studio.ui import i18n
from relay_studio.ui.library.citations import parse_citation_href
from relay_studio.ui.studio import Studio
from relay_studio.ui.timeline.branches import BranchesStrip
from relay_studio.ui.timeline.detail import (
    DetailPane,
    DetailSource,
    render_event,
    render_marker,
    render_model_turn,
    render_tool,
)
from relay_studio.ui.timeline.events_model import EventFilter, EventsDelegate, EventsModel
from relay_studio.ui.timeline.lane_items import Bar, Lane, Marker
from relay_studio.ui.timeline.lanes import LanesView
from relay_studio.ui.timeline.model import RunTimeline
from relay_studio.ui.timeline.rerun import RerunControls

LOAD_PAGE = 64
READ_CHUNK = 4096  # events read per trip to the reader thread
LOAD_BUDGET_S = 0.003  # work per slice before yielding: a slice plus a frame's paint stays under 16 ms
REFRESH_EVERY_S = 0.1  # while loading, the lanes and the agent filter catch up ten times a second
ROW_H = 20
BESIDE_MIN_W = 860  # the panel's width from which the detail pane sits beside the events list
DETAIL_MIN_W, DETAIL_MIN_H = 300, 160
SUMMARY_MIN_W = 90  # the events list's Summary column keeps this much; narrower, the # column steps aside
SEARCH_BESIDE_MIN_W = 480  # narrower, the events' search field goes below the filters

CATEGORIES: dict[str, frozenset[str] | None] = {
    "All events": None,
    "Model calls": frozenset({ev.MODEL_CALL_STARTED, ev.MODEL_CALL_COMPLETED, ev.MODEL_CALL_FAILED, ev.MODEL_CALL_RETRY,
                              ev.PROMPT_ASSEMBLY_REQUESTED, ev.CONTEXT_ASSEMBLED, ev.MODEL_NOTICE,
                              ev.MODEL_TEXT_ONLY}),
    "Tool calls": frozenset({ev.TOOL_CALL_STARTED, ev.TOOL_CALL_COMPLETED, ev.TOOL_CALL_IGNORED}),
    "Handoffs and helpers": frozenset({ev.AGENT_HANDOFF_REQUESTED, ev.AGENT_HANDOFF_ACCEPTED, ev.AGENT_TASK_REGISTERED,
                                       ev.AGENT_TASK_STARTED, ev.AGENT_TASK_COMPLETED, ev.AGENT_TASK_FAILED,
                                       ev.AGENT_TASK_CANCELLED, ev.AGENT_DELEGATE_STARTED, ev.AGENT_AWAIT_STARTED,
                                       ev.AGENT_AWAIT_COMPLETED, ev.TASK_RETURN_COMPLETED, ev.TASK_RESULTS_INJECTED}),
    "Approvals": frozenset({ev.TOOL_CALL_AWAITING_APPROVAL, ev.TOOL_CALL_APPROVED, ev.TOOL_CALL_DENIED}),
    "Files and commits": frozenset({ev.WORKSPACE_FILE_WRITTEN, ev.CHAT_COMMIT_REQUESTED, ev.CHAT_COMMIT_COMPLETED}),
    "Agents and run": frozenset({ev.RUN_CREATED, ev.STATUS_CHANGED, ev.AGENT_INVOCATION_CREATED,
                                 ev.AGENT_INVOCATION_STARTED, ev.AGENT_INVOCATION_COMPLETED, ev.AGENT_INVOCATION_FAILED,
                                 ev.AGENT_INVOCATION_CANCELLED, ev.AGENT_INVOCATION_TRANSFERRED, ev.AGENT_LOOP_FINISHED,
                                 ev.RUN_COMPLETED, ev.RUN_PARTIAL_SUCCESS, ev.RUN_FAILED, ev.RUN_CANCELLED,
                                 ev.RUN_INTERRUPTED}),
}


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
        self._syncing = False
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
        # the run picker has the top row to itself (its whole label in German at 1000 px); the branches,
        # Rerun from here and −, +, Fit share the next
        rerun_row = QHBoxLayout()
        self.branches_strip = BranchesStrip(self.rerun.branches)  # scrolls sideways in a narrow timeline
        rerun_row.addWidget(self.branches_strip, 100)
        rerun_row.addStretch(1)  # the buttons keep to the right while there are no branches
        rerun_row.addWidget(self.rerun.button, 0, Qt.AlignmentFlag.AlignTop)
        for button in self.zoom_buttons:
            rerun_row.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(rerun_row)
        self.rerun.branches.branch_picked.connect(self.show_run)

        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.lanes)
        self.rerun.attach(self.lanes)
        self.lanes.bar_clicked.connect(self._on_bar_clicked)
        self.lanes.marker_clicked.connect(self._on_marker_clicked)
        self.lanes.review_clicked.connect(self._on_review_clicked)

        lower = QSplitter(Qt.Orientation.Horizontal)
        events_box = QWidget()
        events_layout = QVBoxLayout(events_box)
        events_layout.setContentsMargins(0, 0, 0, 0)
        filters = QHBoxLayout()
        self.agent_filter = QComboBox()
        self.agent_filter.addItem(self.tr("All agents"), "")
        self.type_filter = QComboBox()
        shown = {"All events": self.tr("All events"), "Model calls": self.tr("Model calls"),
                 "Tool calls": self.tr("Tool calls"), "Handoffs and helpers": self.tr("Handoffs and helpers"),
                 "Approvals": self.tr("Approvals"), "Files and commits": self.tr("Files and commits"),
                 "Agents and run": self.tr("Agents and run")}
        for name in CATEGORIES:
            self.type_filter.addItem(shown.get(name, name), name)
        self.errors_only = QCheckBox(self.tr("Errors only"))
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search events"))
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(self.tr("Search events"))
        # the filters give way to the search field in longer languages (their lists show the whole names)
        for combo in (self.agent_filter, self.type_filter):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(6)
        self.search.setMinimumWidth(self.search.fontMetrics().horizontalAdvance("M" * 3))
        for w in (self.agent_filter, self.type_filter):  # the room the search leaves them: whole names
            w.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            filters.addWidget(w, 1)
        filters.addWidget(self.errors_only)
        filters.addWidget(self.search, 1)
        events_layout.addLayout(filters)
        self.search_row = QHBoxLayout()  # the search field on a row of its own in a narrow panel
        events_layout.addLayout(self.search_row)
        self.filters = filters
        self.agent_filter.currentIndexChanged.connect(self._apply_filter)
        self.type_filter.currentIndexChanged.connect(self._apply_filter)
        self.errors_only.toggled.connect(self._apply_filter)
        self.search.textChanged.connect(self._apply_filter)

        self.model = EventsModel(lambda run_id, after, limit:
                                 studio.journal.events(run_id, after_seq=after, limit=limit))
        self.table = QTableView()
        self.table.setAccessibleName(self.tr("Events of the run"))
        self.table.setModel(self.model)
        self.table.setItemDelegate(EventsDelegate(self.model, self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setWordWrap(False)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        vh = self.table.verticalHeader()
        vh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vh.setDefaultSectionSize(ROW_H)
        hh = self.table.horizontalHeader()
        hh.setStretchLastSection(True)
        hh.setMinimumSectionSize(24)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # the columns fit instead
        self.table.selectionModel().selectionChanged.connect(self._on_rows_selected)
        events_layout.addWidget(self.table)
        events_layout.addWidget(self.progress)
        lower.addWidget(events_box)
        self.detail = DetailPane()
        self.detail.anchorClicked.connect(self._on_detail_link)
        lower.addWidget(self.detail)
        lower.setChildrenCollapsible(False)
        split.addWidget(lower)
        split.setChildrenCollapsible(False)
        split.setSizes([220, 420])
        layout.addWidget(split)
        self.lanes_split, self.events_split = split, lower
        self.table.viewport().installEventFilter(self)  # its width changes: the columns share it again
        self._fit_lower(force=True)
        studio.events_arrived.connect(self._on_events)
        studio.live_arrived.connect(self._on_live)
        studio.run_started.connect(self._on_run_started)

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
            self.events_split.setSizes([total - total * 2 // 5, total * 2 // 5] if beside else [total // 2, total // 2])
        self.detail.setMinimumSize(0, 0 if beside else DETAIL_MIN_H)
        row = self.filters if self.width() >= SEARCH_BESIDE_MIN_W else self.search_row
        if row.indexOf(self.search) < 0:  # Errors only goes with it: the filters keep their whole names
            other = self.search_row if row is self.filters else self.filters
            other.removeWidget(self.search)
            other.removeWidget(self.errors_only)
            if row is self.filters:
                row.addWidget(self.errors_only)
                row.addWidget(self.search, 1)
            else:
                row.addWidget(self.search, 1)
                row.addWidget(self.errors_only)
            moved = True
        self._fit_columns()
        if moved and not force:
            self.arrangement_changed.emit()  # its minimum width changed: the window may fit its docks again

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.table.viewport():
            self._fit_columns()
        return super().eventFilter(watched, event)

    def _fit_columns(self) -> None:
        """# and Time as wide as their numbers, Agent and Event up to a share of the list, Summary the rest;
        in a narrow list the # column steps aside (the detail pane names the event's number)."""
        width = self.table.viewport().width() or self.table.width()
        hh = self.table.horizontalHeader()
        metrics = self.table.fontMetrics()
        number_w = metrics.horizontalAdvance("00000") + 12
        time_w = metrics.horizontalAdvance("000.000") + 12
        agent_heading = str(self.model.headerData(2, Qt.Orientation.Horizontal) or "")
        heading = hh.fontMetrics().horizontalAdvance(agent_heading) + 16
        agent_w = max(40, min(96, max(int(width * 0.2), heading)))  # its heading whole ("エージェント")
        event_w = max(48, min(170, int(width * 0.28)))
        narrow = number_w + time_w + agent_w + event_w + SUMMARY_MIN_W > width
        self.table.setColumnHidden(0, narrow)
        for col, size in enumerate((number_w, time_w, agent_w, event_w)):
            hh.resizeSection(col, size)

    def _on_detail_link(self, url: QUrl) -> None:
        target = parse_citation_href(url.toString())
        if target is not None:  # a knowledge.search citation: the Library dock opens the document there
            self.studio.open_citation(target)

    # -- which run ---------------------------------------------------------------------------------
    def show_chat(self, chat_id: str) -> None:
        self.chat_id = chat_id
        self._fill_runs()
        if self.run_box.count():
            self.run_box.setCurrentIndex(0)
            self._on_run_picked(0)
        else:
            self.load("")

    def _fill_runs(self, select: str = "") -> None:
        self.run_box.blockSignals(True)
        self.run_box.clear()
        names = {pid: p.display_name for pid, p in self.studio.agents.profiles().items()}
        for record in self.studio.journal.runs(self.chat_id or None, limit=200):
            label = (f"{i18n.when_short(record.created_at)} · "
                     f"{names.get(record.root_profile_id, record.root_profile_id)} · "
                     f"{i18n.run_status(record.status.value)}")
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
        self.loaded = asyncio.Event()
        self.timeline = RunTimeline(run_id, self.model.words) if run_id else None
        total = self.studio.journal.event_count(run_id) if run_id else 0
        self.model.set_run(self.timeline, total)
        self.lanes.set_timeline(self.timeline)
        self.detail.clear()
        self.agent_filter.blockSignals(True)
        self.agent_filter.clear()
        self.agent_filter.addItem(self.tr("All agents"), "")
        self.agent_filter.blockSignals(False)
        if self.timeline is None:
            self.progress.clear()  # not the count of the run shown before
            self.rerun.run_shown("")
            self.loaded.set()
            return
        self.loader = asyncio.ensure_future(self._load_pages(self.timeline))
        self.rerun.run_shown(run_id)

    async def _load_pages(self, tl: RunTimeline) -> None:
        """Reads the journal in chunks on the studio's reader thread and folds them here in slices of
        ``LOAD_BUDGET_S``; the last few events are read here, so none committed meanwhile is missed."""
        started = time.monotonic()
        slice_start = refreshed = started
        while True:
            chunk = await self.studio.journal.read_events(tl.run_id, after_seq=tl.last_seq, limit=READ_CHUNK)
            for start in range(0, len(chunk), LOAD_PAGE):
                for event in chunk[start:start + LOAD_PAGE]:
                    tl.apply(event)
                now = time.monotonic()
                if now - slice_start > LOAD_BUDGET_S:
                    # What is folded so far lives as long as the run is open: keep the cyclic collector
                    # from walking it again and again (a full collection over it stalls for 100+ ms).
                    gc.freeze()
                    if now - refreshed > REFRESH_EVERY_S:
                        self._grown()
                        self.progress.setText(i18n.arg(self.tr("reading %1 of %2 events…"),
                                                       i18n.number(tl.last_seq), i18n.number(self.model.total)))
                        refreshed = now
                    await asyncio.sleep(0)
                    slice_start = time.monotonic()
            if len(chunk) < READ_CHUNK:
                break
        while True:  # on this thread, with no wait before folding: what comes later arrives as events
            page = self.studio.journal.events(tl.run_id, after_seq=tl.last_seq, limit=LOAD_PAGE)
            for event in page:
                tl.apply(event)
            if len(page) < LOAD_PAGE:
                break
        self._grown()
        self.model.refresh_rows()  # rows drawn from the journal before the index had them: as the index says
        self.lanes.fit()
        self.progress.setText(self.tr("%n event(s)", "", tl.last_seq))
        self.load_seconds = time.monotonic() - started
        self.loaded.set()
        if self._pending_error is not None:
            code, self._pending_error = self._pending_error, None
            self.select_error(code)

    def _grown(self) -> None:
        tl = self.timeline
        if tl is None:
            return
        self.model.grow(max(self.model.total, tl.last_seq))
        self.lanes.refresh()
        self._refresh_agents()

    def _refresh_agents(self) -> None:
        tl = self.timeline
        if tl is None:
            return
        known = {self.agent_filter.itemData(i) for i in range(self.agent_filter.count())}
        for inv, agent in tl.agents.items():
            if agent not in known:
                self.agent_filter.addItem(tl.names.get(inv, agent), agent)
                known.add(agent)

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
            self.progress.setText(self.tr("%n event(s)", "", max(self.model.total, newest)))
        if changed:
            self.lanes.refresh()
            self._refresh_agents()
            if not self.lanes.follow:
                return
        if any(e.run_id == tl.run_id and e.type in (ev.RUN_COMPLETED, ev.RUN_FAILED, ev.RUN_CANCELLED,
                                                    ev.RUN_PARTIAL_SUCCESS) for e in events):
            self._fill_runs(select=tl.run_id)
            self.lanes.fit()

    # -- filters -----------------------------------------------------------------------------------
    def current_filter(self) -> EventFilter:
        tl = self.timeline
        agent = str(self.agent_filter.currentData() or "")
        invocations = frozenset(inv for inv, a in tl.agents.items() if a == agent) if agent and tl else None
        return EventFilter(agent_invocations=invocations, types=CATEGORIES.get(str(self.type_filter.currentData())),
                           errors_only=self.errors_only.isChecked(), text=self.search.text().strip())

    def _apply_filter(self) -> None:
        self.model.set_filter(self.current_filter())

    # -- selection sync ----------------------------------------------------------------------------
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
        if self.timeline is None:
            return
        self._select_seqs(self.timeline.seqs_of_bar(bar))
        self.show_bar(bar)
        self.rerun.invocation_picked(bar.invocation_id)

    def _on_marker_clicked(self, marker: Marker) -> None:
        self._select_seqs([marker.seq])
        self._show(render_marker(self.source, self.run_id, marker))
        self.rerun.invocation_picked(marker.target_invocation)  # the stage it handed to

    def _on_review_clicked(self, lane: Lane) -> None:
        """A reviewer's lane: its ``review_completed`` shown (the verdict, the issues) and selected in the events
        list when the filters show it; while the review runs, its headline."""
        review = lane.review
        if review is None:
            return
        self.lanes.select_bar(None)
        event = self.source.event(self.run_id, review.seq) if review.seq else None
        if event is None:
            self._show(f"<h3>{html.escape(self.lanes.review_tip(lane))}</h3>")
            return
        self._select_seqs([review.seq])
        self._show(render_event(self.source, self.run_id, event, self.timeline))

    def _on_rows_selected(self) -> None:
        if self._syncing or self.timeline is None:
            return
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        if not rows:
            return
        seq = self.model.seq_at(rows[0])
        marker = self.timeline.marker_for_seq(seq)
        if marker is not None:
            self.lanes.select_marker(marker, reveal=True)
            self._show(render_marker(self.source, self.run_id, marker))
            return
        bar = self.timeline.bar_for_seq(seq)
        self.lanes.select_bar(bar, reveal=True)
        event = self.source.event(self.run_id, seq)
        if event is not None and (bar is None or event.type not in _BAR_EVENTS):
            self._show(render_event(self.source, self.run_id, event, self.timeline))
        elif bar is not None:
            self.show_bar(bar)

    def show_bar(self, bar: Bar) -> None:
        if bar.kind == "model":
            name = self.timeline.agent_name(bar.invocation_id) if self.timeline else ""
            self._show(render_model_turn(self.source.turn(self.run_id, bar.key), bar, name))
        else:
            last = bar.end_seq or (self.timeline.last_seq if self.timeline else bar.start_seq)
            events = [e for e in self.source.events(self.run_id, bar.start_seq, last)
                      if e.invocation_id == bar.invocation_id]
            self._show(render_tool(self.source, self.run_id, events, bar))

    def open_marker(self, marker: Marker) -> None:
        self.lanes.select_marker(marker, reveal=True)
        self._on_marker_clicked(marker)

    def select_seq(self, seq: int) -> None:
        self._select_seqs([seq])
        self._on_rows_selected_seq(seq)

    def _on_rows_selected_seq(self, seq: int) -> None:
        self._syncing = False
        rows = [self.model.row_of(seq)]
        if rows[0] >= 0:
            self.table.selectionModel().select(
                QItemSelection(self.model.index(rows[0], 0), self.model.index(rows[0], self.model.columnCount() - 1)),
                QItemSelectionModel.SelectionFlag.ClearAndSelect)
            self._on_rows_selected()

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

    def _show(self, body: str) -> None:
        self.detail.show_html(body)
        self.selection_shown.emit(body)


_BAR_EVENTS = frozenset({ev.MODEL_CALL_STARTED, ev.MODEL_CALL_COMPLETED, ev.MODEL_CALL_FAILED, ev.TOOL_CALL_STARTED,
                         ev.TOOL_CALL_COMPLETED, ev.TOOL_CALL_IGNORED})
