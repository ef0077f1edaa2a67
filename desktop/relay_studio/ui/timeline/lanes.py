"""The lanes: a custom-painted scroll area that paints only the visible time window.

One cohesive thing past ~450 lines, kept whole on purpose: one painter, its hit-testing and its geometry
share the same coordinates and the same visible window; split, each half would recompute the other's.

Time runs left to right (``px_per_s`` is the zoom, the horizontal scroll bar the pan, in pixels);
lanes stack top to bottom with a fixed height. Bars closer than a pixel are painted once, so a lane
of 25,000 calls costs as much as its width in pixels.

A reviewer's lane says its review's verdict in words under the reviewer's name ("✗ conflict · 2 issues",
``verdicts.py``), and in the tooltip anywhere over the lane that is not a bar; a click there opens the
review in the detail pane (``review_clicked``).

Signals:
    bar_clicked(Bar)
    marker_clicked(Marker)
    review_clicked(Lane): a reviewer's lane was clicked outside its bars (its label, or between bars).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QPolygonF,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QAbstractScrollArea, QWidget

from relay_studio.ui import i18n, theme
from relay_studio.ui.call_progress import TICK_MS, CallClock, progress_text
from relay_studio.ui.timeline.events_model import summary_words
from relay_studio.ui.timeline.lane_items import Bar, Lane, Marker
from relay_studio.ui.timeline.model import FOREGROUND, RunTimeline
from relay_studio.ui.timeline.summaries import handed_on_words
from relay_studio.ui.timeline.verdicts import ReviewWords

LANE_H = 38
AXIS_H = 24
LABEL_W = 132
MIN_PX_PER_S = 1e-3
MAX_PX_PER_S = 1e7
TILE_W = 512  # content pixels per cached tile of closed bars
TILE_BUDGET_S = 0.004  # new tiles painted per frame; the rest follow on the next turns of the loop
MAX_TILES = 192  # ~15 MB of tiles at most
MARKER_ROWS = 2  # handoff labels stagger over two rows before they are elided or left out
MARKER_ROW_H = 13
MARKER_TEXT_DX = 10
MAX_LABEL_W = 240
MIN_LABEL_W = 36
LABEL_GAP = 6
BAND_H = MARKER_ROWS * MARKER_ROW_H + 6  # the handoffs' labels, between the axis and the lanes
LANES_TOP = AXIS_H + BAND_H
LIVE_MIN_SPAN_S = 1.0  # a live run just started is shown over at least this much time
LIVE_ROOM = 1.5  # when a live run outgrows the view, zoom out so it fills 1/LIVE_ROOM of it


def _nice_step(seconds_per_px: float) -> float:
    """A round tick step giving at least ~90 px between ticks."""
    target = seconds_per_px * 90
    step = 1e-4
    while step < target:
        for mult in (2, 5, 10):
            if step * mult >= target:
                return step * mult
        step *= 10
    return step


def _fmt(seconds: float, step: float) -> str:
    if step >= 60:
        return f"{int(seconds // 60)}m{int(seconds % 60):02d}s"
    if step >= 1:
        return f"{seconds:.0f}s"
    if step >= 0.01:
        return f"{seconds:.2f}s"
    return f"{seconds * 1000:.1f}ms"


class LanesView(QAbstractScrollArea):
    bar_clicked = Signal(object)
    marker_clicked = Signal(object)
    review_clicked = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.review_words = ReviewWords(self)
        self.timeline: RunTimeline | None = None
        self.px_per_s = 200.0
        self.label_w = LABEL_W  # the lanes' label column (wider where the view has room: _fitting_label_w)
        self.follow = True  # keep the latest moment in view while a run is live
        self.auto_fit = True  # the whole run stays in view as it grows, until the creator zooms
        self._band_hits: list[tuple[float, float, Marker]] = []  # (x0, x1, marker) of the labels shown
        self.selected_bar: Bar | None = None
        self.selected_marker: Marker | None = None
        self._lanes: list[Lane] = []
        self._drag: tuple[int, int] | None = None
        self._tiles: OrderedDict[tuple[str, int], QPixmap] = OrderedDict()
        self._tile_key: tuple[float, int, float] = (0.0, 0, 0.0)
        self._budget_end = 0.0
        self._rendered = 0
        self.incomplete = False  # some tiles were left for the next paint (zoomed, or a big run loaded)
        self.painted_bars = 0
        self.live_clock = False
        self.calls = CallClock()  # the running calls' progress (the panel feeds it from live updates)
        self._tick = QTimer(self)
        self._tick.setInterval(TICK_MS)
        self._tick.setTimerType(Qt.TimerType.PreciseTimer)
        self._tick.timeout.connect(self._on_tick)
        self.setMouseTracking(True)
        self.setMinimumHeight(self.content_height(2))  # the axis, the handoffs' band and two lanes, never cut
        self.horizontalScrollBar().valueChanged.connect(self._on_scrolled)
        self.verticalScrollBar().valueChanged.connect(lambda _v: self.viewport().update())

    # -- data ------------------------------------------------------------------------------------
    def set_timeline(self, timeline: RunTimeline | None) -> None:
        self.set_live(False)  # another run: its own progress, if it runs, starts the clock again
        self.timeline = timeline
        self._tiles.clear()
        self.selected_bar = None
        self.selected_marker = None
        self.follow = True
        self.auto_fit = True
        self.refresh()
        self.fit()

    def refresh(self) -> None:
        """Re-reads lanes and extents after new events; keeps the latest moment in view when following."""
        self._lanes = self.timeline.ordered_lanes() if self.timeline else []
        self._update_ranges()
        if self.auto_fit and self.timeline is not None:
            self._keep_run_in_view()
        if self.follow and self.timeline is not None:
            bar = self.horizontalScrollBar()
            bar.setValue(bar.maximum())
        self.viewport().update()

    def now(self) -> float:
        """The latest moment shown: the last event's, or, while the run is live here (``live_clock``),
        the wall clock's, so open bars grow while no event arrives."""
        tl = self.timeline
        if tl is None:
            return 0.0
        if self.live_clock and not tl.ended and tl.t0 is not None:
            return max(tl.end_time, time.time() - tl.t0)
        return tl.end_time

    def set_live(self, live: bool) -> None:
        """The run shown runs now, in this window: its open bars grow with the clock and say how their
        call is going, redrawn every ``TICK_MS``."""
        self.live_clock = live
        if live and not self._tick.isActive():
            self._tick.start()
        elif not live:
            self._tick.stop()
            self.calls.clear()

    def _on_tick(self) -> None:
        if self.timeline is None or self.timeline.ended:
            self.set_live(False)
        self._update_ranges()
        if self.auto_fit and self.timeline is not None:
            self._keep_run_in_view()
        if self.follow:
            bar = self.horizontalScrollBar()
            bar.setValue(bar.maximum())
        self.viewport().update()

    def live_label(self, bar: Bar, now: float) -> str:
        """An open bar's label: a model call says its seconds and how it is going (``call_progress``)."""
        if bar.end is not None or bar.kind != "model":
            return bar.label
        call = self.calls.by_turn(bar.key)
        if call is not None:
            return f"{bar.label} · {progress_text(call)}"
        return f"{bar.label} · {i18n.seconds(int(max(now - bar.start, 0.0)), 0)}"

    def content_height(self, lanes: int = 0) -> int:
        """The height that shows the axis, the handoffs' band and every lane (or ``lanes`` of them; at least two),
        with the frame and the scroll bar under them: what the panel gives the chart where it has the room."""
        frame = 2 * self.frameWidth()
        count = max(lanes or len(self._lanes), 2)
        return LANES_TOP + count * LANE_H + frame + self.horizontalScrollBar().sizeHint().height()

    def _content_width(self) -> int:
        return int(self.now() * self.px_per_s) + 40

    def _fitting_label_w(self) -> int:
        """``LABEL_W``, or wider, up to a quarter of the view, so that each lane's label shows whole (a timeline
        that fills the window reads "Writer → Editor → Finalizer", not "Writer → Editor →…")."""
        room = self.viewport().width() // 4
        if room <= LABEL_W:
            return LABEL_W
        metrics = self.fontMetrics()
        need = max((8 + lane.depth * 12 + metrics.horizontalAdvance(self.lane_label(lane).partition("\n")[0]) + 10
                    for lane in self._lanes), default=0)
        return max(LABEL_W, min(need, room))

    def _update_ranges(self) -> None:
        self.label_w = self._fitting_label_w()
        view_w = max(self.viewport().width() - self.label_w, 1)
        h = self.horizontalScrollBar()
        h.setPageStep(view_w)
        h.setSingleStep(max(view_w // 10, 1))
        h.setRange(0, max(self._content_width() - view_w, 0))
        v = self.verticalScrollBar()
        view_h = max(self.viewport().height() - LANES_TOP, 1)
        v.setPageStep(view_h)
        v.setSingleStep(LANE_H)
        v.setRange(0, max(len(self._lanes) * LANE_H - view_h, 0))

    def _on_scrolled(self, value: int) -> None:
        self.follow = value >= self.horizontalScrollBar().maximum() - 2
        self.viewport().update()

    # -- zoom and pan ----------------------------------------------------------------------------
    def _usable_width(self) -> int:
        return max(self.viewport().width() - self.label_w, 100) - 40

    def fit(self) -> None:
        """The whole run in view; while it is live, it stays so as it grows (until the creator zooms)."""
        self.auto_fit = True
        live = self.timeline is not None and not self.timeline.ended
        span = max(self.now(), LIVE_MIN_SPAN_S if live else 1e-3)
        self.set_zoom(self._usable_width() / span, anchor_px=0)

    def _keep_run_in_view(self) -> None:
        """A live run that outgrew the view is zoomed out to fill 1/LIVE_ROOM of it: the zoom (and so
        the tile cache) changes a few times over a run, not on every frame."""
        if self.now() * self.px_per_s > self._usable_width():
            self.set_zoom(self._usable_width() / (self.now() * LIVE_ROOM), anchor_px=0)

    def set_zoom(self, px_per_s: float, anchor_px: int | None = None) -> None:
        """Zooms keeping the time under ``anchor_px`` (viewport x past the labels) in place."""
        px_per_s = min(max(px_per_s, MIN_PX_PER_S), MAX_PX_PER_S)
        h = self.horizontalScrollBar()
        anchor = anchor_px if anchor_px is not None else (self.viewport().width() - self.label_w) // 2
        t_anchor = (h.value() + anchor) / self.px_per_s
        self.px_per_s = px_per_s
        self._update_ranges()
        h.setValue(int(t_anchor * px_per_s) - anchor)
        self.viewport().update()

    def zoom_by(self, factor: float) -> None:
        self.auto_fit = False
        self.set_zoom(self.px_per_s * factor)

    def visible_window(self) -> tuple[float, float]:
        x0 = self.horizontalScrollBar().value()
        w = self.viewport().width() - self.label_w
        return x0 / self.px_per_s, (x0 + w) / self.px_per_s

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y() or event.angleDelta().x()
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            anchor = int(event.position().x()) - self.label_w
            self.auto_fit = False
            self.set_zoom(self.px_per_s * (1.25 if delta > 0 else 0.8), anchor_px=max(anchor, 0))
            event.accept()
        elif event.modifiers() & Qt.KeyboardModifier.ShiftModifier or event.angleDelta().x():
            h = self.horizontalScrollBar()
            h.setValue(h.value() - delta)
            event.accept()
        else:
            super().wheelEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._update_ranges()
        if self.auto_fit and self.timeline is not None and event.oldSize().width() != event.size().width():
            self.fit()  # a run fitted to the view stays fitted when the view widens (the timeline fills)

    # -- geometry and hit tests -----------------------------------------------------------------
    def x_of(self, t: float) -> float:
        return self.label_w + t * self.px_per_s - self.horizontalScrollBar().value()

    def lane_at(self, y: float) -> Lane | None:
        index = int((y - LANES_TOP + self.verticalScrollBar().value()) // LANE_H)
        return self._lanes[index] if y >= LANES_TOP and 0 <= index < len(self._lanes) else None

    def lane_top(self, lane: Lane) -> int:
        return LANES_TOP + self._lanes.index(lane) * LANE_H - self.verticalScrollBar().value()

    def band_label_rects(self) -> list[tuple[float, float, Marker]]:
        """Where the handoff labels were painted: (x0, x1, marker), for clicks and tests."""
        return list(self._band_hits)

    def hit(self, x: float, y: float) -> Bar | Marker | None:
        if AXIS_H <= y < LANES_TOP and x >= self.label_w:  # a handoff's label, or its line through the band
            for x0, x1, marker in self._band_hits:
                if x0 - 6 <= x <= x1:
                    return marker
            return None
        lane = self.lane_at(y)
        if lane is None or x < self.label_w:
            return None
        for marker in lane.markers:
            if abs(self.x_of(marker.time) - x) <= 6:
                return marker
        t0 = (x - 4 - self.label_w + self.horizontalScrollBar().value()) / self.px_per_s
        t1 = (x + 4 - self.label_w + self.horizontalScrollBar().value()) / self.px_per_s
        top = self.lane_top(lane)
        kind = "model" if y < top + LANE_H / 2 else "tool"
        candidates = [b for b in lane.bars_between(t0, t1, self.now()) if b.kind == kind]
        return candidates[-1] if candidates else None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._drag = (int(event.position().x()), self.horizontalScrollBar().value())
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._drag is not None and event.buttons() & Qt.MouseButton.LeftButton:
            dx = int(event.position().x()) - self._drag[0]
            if abs(dx) > 3:
                self.horizontalScrollBar().setValue(self._drag[1] - dx)
        else:
            x, y = event.position().x(), event.position().y()
            found = self.hit(x, y)
            lane = self.lane_at(y) if found is None else None
            self.viewport().setToolTip(self.review_tip(lane) if lane is not None and lane.review is not None
                                       else self._tip(found))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        start = self._drag
        self._drag = None
        if start is not None and abs(int(event.position().x()) - start[0]) <= 3:
            self.click_at(event.position().x(), event.position().y())
        super().mouseReleaseEvent(event)

    def click_at(self, x: float, y: float) -> None:
        found = self.hit(x, y)
        if isinstance(found, Marker):
            self.select_marker(found)
            self.marker_clicked.emit(found)
        elif isinstance(found, Bar):
            self.select_bar(found)
            self.bar_clicked.emit(found)
        elif (lane := self.lane_at(y)) is not None and lane.review is not None:
            self.review_clicked.emit(lane)

    def select_bar(self, bar: Bar | None, reveal: bool = False) -> None:
        self.selected_bar, self.selected_marker = bar, None
        if reveal and bar is not None:
            self.reveal(bar.start)
        self.viewport().update()

    def select_marker(self, marker: Marker | None, reveal: bool = False) -> None:
        self.selected_marker, self.selected_bar = marker, None
        if reveal and marker is not None:
            self.reveal(marker.time)
        self.viewport().update()

    def reveal(self, t: float) -> None:
        t0, t1 = self.visible_window()
        if not t0 <= t <= t1:
            self.horizontalScrollBar().setValue(int(t * self.px_per_s) - (self.viewport().width() - self.label_w) // 3)

    def marker_point(self, marker: Marker) -> QPointF:
        lane = self._lane_of_marker(marker)
        top = self.lane_top(lane) if lane else LANES_TOP
        return QPointF(self.x_of(marker.time), top + 6)

    def bar_point(self, bar: Bar) -> QPointF:
        lane = next((ln for ln in self._lanes if bar in ln.bars), None)
        top = self.lane_top(lane) if lane else LANES_TOP
        end = bar.end if bar.end is not None else self.now()
        y = top + (LANE_H * 0.3 if bar.kind == "model" else LANE_H * 0.72)
        return QPointF(self.x_of((bar.start + end) / 2), y)

    def _lane_of_marker(self, marker: Marker) -> Lane | None:
        return next((ln for ln in self._lanes if marker in ln.markers), None)

    def reviewer_name(self, lane: Lane) -> str:
        return self.timeline.agent_name(lane.key) if self.timeline is not None else lane.title

    def review_tip(self, lane: Lane) -> str:
        """A reviewer's lane's tooltip: what was reviewed, by whom, the verdict (and why it failed)."""
        return self.review_words.tooltip(lane.review, self.reviewer_name(lane)) if lane.review is not None else ""

    def lane_label(self, lane: Lane) -> str:
        """What the lane's label says: its agents (the foreground) or its helper; a reviewer's verdict under it."""
        if lane.stages and lane.parent is None:
            title = " → ".join(dict.fromkeys(s.agent for s in lane.stages))
        else:
            title = ("↳ " if lane.parent else "") + (self.tr("Foreground") if lane.title == "Foreground"
                                                     else lane.title)
        return title + ("\n" + self.review_words.marked(lane.review) if lane.review is not None else "")

    def _tip(self, found: Bar | Marker | None) -> str:
        if isinstance(found, Marker):  # the handoff's sentence, as the events list and the detail pane say it
            tl = self.timeline
            if tl is not None and found.seq <= len(tl.index):
                return tl.index.sentences[found.seq - 1]
            if found.by_studio:
                return i18n.arg(QCoreApplication.translate("LanesView", "Handoff to %1: %2"), found.target_name,
                                handed_on_words(summary_words(), found.by_studio, found.source_name))
            return i18n.arg(QCoreApplication.translate("LanesView", "Handoff to %1: %2"), found.target_name,
                            found.title)
        if isinstance(found, Bar):
            span = (i18n.milliseconds(((found.end or found.start) - found.start) * 1000) if found.end
                    else QCoreApplication.translate("LanesView", "running"))
            translate = QCoreApplication.translate  # pyside6-lupdate reads translate("LanesView", "…")
            outcome = {"running": translate("LanesView", "running"), "ok": translate("LanesView", "ok"),
                       "error": translate("LanesView", "error"), "waiting": translate("LanesView", "waiting"),
                       "denied": translate("LanesView", "denied"), "ignored": translate("LanesView", "ignored"),
                       "cancelled": translate("LanesView", "cancelled")}.get(found.outcome, found.outcome)
            return f"{found.label} · {outcome} · {span}"
        return ""

    # -- painting --------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        c = theme.colors()
        painter = QPainter(self.viewport())
        rect = self.viewport().rect()
        painter.fillRect(rect, c.lane_bg)
        self.painted_bars = 0
        if self.timeline is None:
            painter.setPen(c.muted)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.tr("Select a run to see its timeline."))
            painter.end()
            return
        self._drop_stale_tiles(c)
        self._budget_end = time.perf_counter() + TILE_BUDGET_S
        self._rendered = 0
        self.incomplete = False
        t0, t1 = self.visible_window()
        now = self.now()
        first = self.verticalScrollBar().value() // LANE_H
        last = min(len(self._lanes), first + rect.height() // LANE_H + 2)
        self._paint_grid(painter, rect, t0, t1)
        painter.setClipRect(QRect(self.label_w, LANES_TOP, rect.width() - self.label_w, rect.height() - LANES_TOP))
        for i in range(first, last):
            lane = self._lanes[i]
            top = LANES_TOP + i * LANE_H - self.verticalScrollBar().value()
            if i % 2:
                painter.fillRect(QRect(self.label_w, top, rect.width() - self.label_w, LANE_H), c.lane_alt)
            self._paint_stages(painter, lane, top, t0, t1, now)
            self._paint_tiles(painter, lane, top, rect.width())
            self._paint_live_bars(painter, lane, top, t0, t1, now)
            self._paint_markers(painter, lane, top, t0, t1)
        painter.setClipRect(QRect(0, LANES_TOP, rect.width(), rect.height() - LANES_TOP))
        for i in range(first, last):
            self._paint_label(painter, self._lanes[i], LANES_TOP + i * LANE_H - self.verticalScrollBar().value())
        painter.setClipping(False)
        self._paint_band(painter, rect, t0, t1)
        painter.end()
        if self.incomplete:
            QTimer.singleShot(0, self.viewport().update)  # the tiles left out, on the next turn of the loop

    def _paint_grid(self, painter: QPainter, rect: QRect, t0: float, t1: float) -> None:
        c = theme.colors()
        step = _nice_step(1 / self.px_per_s)
        painter.fillRect(QRect(0, 0, rect.width(), AXIS_H), c.lane_alt)
        metrics = painter.fontMetrics()
        tick = (t0 // step) * step
        while tick <= t1:
            x = self.x_of(tick)
            if x >= self.label_w:
                painter.setPen(QPen(c.grid, 1))
                painter.drawLine(QPointF(x, AXIS_H), QPointF(x, rect.height()))
                painter.setPen(c.muted)
                painter.drawText(QPointF(self.tick_label_x(x, _fmt(tick, step), metrics.horizontalAdvance),
                                         AXIS_H - 7), _fmt(tick, step))
            tick += step

    def tick_label_x(self, x: float, text: str, advance: Callable[[str], int]) -> float:
        """Where a tick's label starts: right of its line, or left of it where it would pass the view's edge
        (the last label whole, not clipped)."""
        width = advance(text)
        right = self.viewport().width() - 2
        return x + 3 if x + 3 + width <= right else max(x - 3 - width, float(self.label_w))

    def _paint_stages(self, painter: QPainter, lane: Lane, top: int, t0: float, t1: float, now: float) -> None:
        c = theme.colors()
        for stage in lane.stages:
            end = stage.end if stage.end is not None else now
            if end < t0 or stage.start > t1:
                continue
            x0 = max(self.x_of(stage.start), self.label_w)
            x1 = self.x_of(end)
            painter.setPen(QPen(c.grid, 1))
            painter.drawLine(QPointF(x0, top + LANE_H - 3), QPointF(max(x1, x0 + 1), top + LANE_H - 3))

    def _color(self, bar: Bar) -> QColor:
        c = theme.colors()
        return {"ok": c.model_ok if bar.kind == "model" else c.tool_ok, "error": c.error, "running": c.running,
                "waiting": c.approval, "denied": c.denied, "ignored": c.muted, "cancelled": c.muted}.get(
            bar.outcome, c.muted)

    # Closed bars are painted into tiles of TILE_W content pixels per lane and kept until the zoom,
    # the theme or a bar closing inside them changes; a frame then only blits a few tiles. Open bars,
    # the selection and markers are painted live on top.
    def _drop_stale_tiles(self, c: theme.Colors) -> None:
        if self._tile_key != (self.px_per_s, id(c), self.devicePixelRatioF()):
            self._tiles.clear()
            self._tile_key = (self.px_per_s, id(c), self.devicePixelRatioF())
        for lane in self._lanes:
            dirty = lane.take_dirty()
            if dirty is None:
                continue
            lo = int(dirty[0] * self.px_per_s) // TILE_W - 1
            hi = int(dirty[1] * self.px_per_s) // TILE_W + 1
            for key in [k for k in self._tiles if k[0] == lane.key and lo <= k[1] <= hi]:
                del self._tiles[key]

    def _paint_tiles(self, painter: QPainter, lane: Lane, top: int, width: int) -> None:
        scroll = self.horizontalScrollBar().value()
        first = scroll // TILE_W
        last = (scroll + width - self.label_w) // TILE_W
        for index in range(first, last + 1):
            tile = self._tile(lane, index)
            if tile is not None:
                painter.drawPixmap(self.label_w + index * TILE_W - scroll, top, tile)

    def _tile(self, lane: Lane, index: int) -> QPixmap | None:
        """The cached tile, or a new one while this paint's budget lasts (None: painted next frame)."""
        key = (lane.key, index)
        tile = self._tiles.get(key)
        if tile is not None:
            self._tiles.move_to_end(key)
            return tile
        if self._rendered and time.perf_counter() > self._budget_end:
            self.incomplete = True
            return None
        self._rendered += 1
        dpr = self.devicePixelRatioF()
        tile = QPixmap(int(TILE_W * dpr), int(LANE_H * dpr))
        tile.setDevicePixelRatio(dpr)
        tile.fill(Qt.GlobalColor.transparent)
        painter = QPainter(tile)
        base = index * TILE_W
        pps = self.px_per_s
        t0, t1, spp = base / pps, (base + TILE_W) / pps, 1 / pps
        shown = lane.sampled("model", t0, t1, spp, closed_only=True) + lane.sampled("tool", t0, t1, spp, True)
        shown += [b for b in lane.notable if b.end is not None and b.start <= t1 and b.end >= t0]
        for bar in shown:
            assert bar.end is not None
            x0 = bar.start * pps - base
            self._paint_bar(painter, bar, QRectF(x0, 0, max(bar.end * pps - base - x0, 2), 0), 0)
        painter.end()
        self._tiles[key] = tile
        while len(self._tiles) > MAX_TILES:
            self._tiles.popitem(last=False)
        return tile

    def _paint_bar(self, painter: QPainter, bar: Bar, span: QRectF, top: float, label: str | None = None) -> QRectF:
        """Paints one bar over ``span``'s x extent in its half of the lane starting at ``top``."""
        y = top + (5 if bar.kind == "model" else LANE_H / 2 + 1)
        r = QRectF(span.x(), y, span.width(), LANE_H / 2 - 7)
        painter.fillRect(r, self._color(bar))
        if bar.decided_at is not None and bar.end is not None and bar.end > bar.start:
            # the wait for the creator's decision, in the colour of a waiting approval
            waited = r.width() * min(max((bar.decided_at - bar.start) / (bar.end - bar.start), 0.0), 1.0)
            painter.fillRect(QRectF(r.x(), r.y(), waited, r.height()), theme.colors().approval)
        self.painted_bars += 1
        if r.width() > 60:
            painter.setPen(QColor("#ffffff"))
            text = bar.label if label is None else painter.fontMetrics().elidedText(
                label, Qt.TextElideMode.ElideRight, int(r.width()) - 5)
            painter.drawText(r.adjusted(3, 0, -2, 0), Qt.AlignmentFlag.AlignVCenter, text)
        return r

    def _paint_live_bars(self, painter: QPainter, lane: Lane, top: int, t0: float, t1: float, now: float) -> None:
        shown = [b for b in lane.open if b.start <= t1]
        selected = self.selected_bar
        if selected is not None and self.timeline is not None \
                and self.timeline.lane_of.get(selected.invocation_id, FOREGROUND) == lane.key:
            shown.append(selected)
        for bar in shown:
            end = bar.end if bar.end is not None else now
            x0 = max(self.x_of(bar.start), self.label_w)
            x1 = max(self.x_of(end), x0 + 2)
            if x1 < self.label_w or x0 > self.viewport().width():
                continue
            r = self._paint_bar(painter, bar, QRectF(x0, 0, x1 - x0, 0), top, self.live_label(bar, now))
            if bar is selected:
                painter.setPen(QPen(theme.colors().selection, 2))
                painter.drawRect(r.adjusted(-1, -1, 1, 1))

    def _paint_markers(self, painter: QPainter, lane: Lane, top: int, t0: float, t1: float) -> None:
        """A handoff's line in its lane; its flag and label go in the band above the lanes, so nothing
        of it paints over the labels of the bars."""
        c = theme.colors()
        for marker in (m for m in lane.markers if t0 <= m.time <= t1):
            x = self.x_of(marker.time)
            selected = marker is self.selected_marker
            painter.setPen(QPen(c.selection if selected else c.handoff, 3 if selected else 2))
            painter.drawLine(QPointF(x, top + 2), QPointF(x, top + LANE_H - 2))

    def _paint_band(self, painter: QPainter, rect: QRect, t0: float, t1: float) -> None:
        """The handoffs' labels in their own band between the axis and the lanes (two rows, never
        overlapping: ``layout_marker_labels``), each with a thin line down to its marker."""
        c = theme.colors()
        painter.fillRect(QRect(0, AXIS_H, rect.width(), BAND_H), c.lane_bg)
        painter.setPen(QPen(c.grid, 1))
        painter.drawLine(0, LANES_TOP - 1, rect.width(), LANES_TOP - 1)
        painter.setPen(c.muted)
        painter.drawText(QRectF(8, AXIS_H, self.label_w - 12, BAND_H), Qt.AlignmentFlag.AlignVCenter,
                         self.tr("Handoffs"))
        shown = sorted((m for lane in self._lanes for m in lane.markers if t0 <= m.time <= t1),
                       key=lambda m: m.time)
        metrics = painter.fontMetrics()
        by_studio = self.tr("handed on by the studio")
        labels = layout_marker_labels([(self.x_of(m.time),
                                        f"→ {m.target_name}: {by_studio if m.by_studio else m.title}") for m in shown],
                                      lambda text: metrics.horizontalAdvance(text),
                                      lambda text, w: metrics.elidedText(text, Qt.TextElideMode.ElideRight, w),
                                      right=rect.width() - 4)
        painter.setClipRect(QRect(self.label_w, AXIS_H, rect.width() - self.label_w, BAND_H))
        self._band_hits = []
        for marker, (row, text) in zip(shown, labels, strict=True):
            x = self.x_of(marker.time)
            selected = marker is self.selected_marker
            painter.setPen(QPen(c.selection if selected else c.handoff, 1, Qt.PenStyle.DotLine))
            flag = AXIS_H + 3 + row * MARKER_ROW_H
            painter.drawLine(QPointF(x, flag), QPointF(x, LANES_TOP))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(c.selection if selected else c.handoff)
            painter.drawPolygon(QPolygonF([QPointF(x, flag), QPointF(x + 7, flag + 4), QPointF(x, flag + 8)]))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            if text:
                painter.setPen(c.selection if selected else c.handoff)
                painter.drawText(QPointF(x + MARKER_TEXT_DX, AXIS_H + 13 + row * MARKER_ROW_H), text)
                self._band_hits.append((x, x + MARKER_TEXT_DX + metrics.horizontalAdvance(text), marker))
            else:
                self._band_hits.append((x, x + 6, marker))
        painter.setClipping(False)

    def label_room(self, lane: Lane) -> int:
        """The width a lane's label may take: the label column less the lane's indent and a margin."""
        return self.label_w - self._label_indent(lane) - 6

    @staticmethod
    def _label_indent(lane: Lane) -> int:
        return 8 + lane.depth * 12

    def _paint_label(self, painter: QPainter, lane: Lane, top: int) -> None:
        c = theme.colors()
        painter.fillRect(QRect(0, top, self.label_w, LANE_H), c.lane_alt)
        painter.setPen(QPen(c.grid, 1))
        painter.drawLine(self.label_w, top, self.label_w, top + LANE_H)
        painter.setPen(c.text)
        indent = self._label_indent(lane)
        title, _, verdict = self.lane_label(lane).partition("\n")
        metrics = painter.fontMetrics()
        room = self.label_room(lane)
        if lane.review is None:
            painter.drawText(QRectF(indent, top, self.label_w - indent - 4, LANE_H), Qt.AlignmentFlag.AlignVCenter,
                             metrics.elidedText(title, Qt.TextElideMode.ElideRight, room))
            return
        # A reviewer: its name above, the verdict in words below, the mark in the verdict's colour.
        half = LANE_H / 2
        painter.drawText(QRectF(indent, top + 1, self.label_w - indent - 4, half), Qt.AlignmentFlag.AlignVCenter,
                         metrics.elidedText(title, Qt.TextElideMode.ElideRight, room))
        mark, _, words = verdict.partition(" ")
        painter.setPen(self._verdict_color(lane.review.verdict))
        painter.drawText(QRectF(indent, top + half - 1, self.label_w - indent - 4, half), Qt.AlignmentFlag.AlignVCenter,
                         mark)
        shift = metrics.horizontalAdvance(mark + " ")
        font = painter.font()
        if metrics.horizontalAdvance(words) > room - shift:  # a smaller font before eliding (the count is last)
            small = QFont(font)
            if small.pointSizeF() > 0:
                small.setPointSizeF(small.pointSizeF() * 0.85)
            else:
                small.setPixelSize(max(int(small.pixelSize() * 0.85), 8))
            painter.setFont(small)
        painter.setPen(c.text)
        painter.drawText(QRectF(indent + shift, top + half - 1, self.label_w - indent - shift - 4, half),
                         Qt.AlignmentFlag.AlignVCenter,
                         painter.fontMetrics().elidedText(words, Qt.TextElideMode.ElideRight, room - shift))
        painter.setFont(font)

    @staticmethod
    def _verdict_color(verdict: str) -> QColor:
        c = theme.colors()
        return {"passed": c.tool_ok, "warning": c.running, "conflict": c.error, "failed": c.error}.get(verdict,
                                                                                                   c.muted)


def layout_marker_labels(items: list[tuple[float, str]], width: Callable[[str], float],
                         elide: Callable[[str, int], str], right: float = float("inf")) -> list[tuple[int, str]]:
    """Places handoff labels so they never overlap: each in the first of two rows where it starts
    past the previous label, elided to the room before the next marker of that row and before ``right``
    (the view's edge: the run's last handoff sits near it once fitted); a label with less than
    ``MIN_LABEL_W`` of room is left out (its marker's tooltip and the detail pane name it).

    ``items`` are (x of the marker, label) in x order; returns (row, shown text) for each. A label "→ Editor:
    <title>" short of room shows its target alone ("→ Editor") where that fits, else it is elided.
    """
    out: list[tuple[int, str]] = []
    row_end = [float("-inf")] * MARKER_ROWS
    xs = [x for x, _ in items]
    for i, (x, text) in enumerate(items):
        left = x + MARKER_TEXT_DX
        free = [r for r in range(MARKER_ROWS) if left >= row_end[r] + LABEL_GAP]
        if not free:
            out.append((0, ""))
            continue
        row = free[0]
        # The next marker's line (and its triangle) bounds this row's label; a later row is free of
        # it only if the next label goes elsewhere, which is not known yet: stay conservative.
        nxt = xs[i + 1] if i + 1 < len(xs) else float("inf")
        room = min(nxt - LABEL_GAP, left + MAX_LABEL_W) - left if row == 0 else MAX_LABEL_W
        room = min(room, MAX_LABEL_W, right - left)
        if row == 0 and room < MIN_LABEL_W and MARKER_ROWS > 1 and left >= row_end[1] + LABEL_GAP:
            row, room = 1, min(MAX_LABEL_W, right - left)
        if room < MIN_LABEL_W:
            out.append((row, ""))
            continue
        target = text.partition(": ")[0]  # "→ Editor" whole reads better than "→ Editor: Re…"
        shown = (text if width(text) <= room else target if target != text and width(target) <= room
                 else elide(text, int(room)))
        out.append((row, shown))
        row_end[row] = left + min(width(shown), room)
    return out
