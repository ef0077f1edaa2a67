"""A scene chat's whole-scene view in the timeline (docs/window/scenes.md, "The timeline"): one lane per cast
member and the narrator, each turn (a run) a bar in its speaker's lane, in the order the turns were taken, the
scene breaks marked in the band above the lanes. A click on a bar shows that turn's run in the timeline below
(its events, as the run picker does), its ``scene_context_assembled`` event selected, so the detail pane
says what that character was given and what was left out (``scene_context.py``).

The lanes are the timeline's own painter (``lanes.py: LanesView``) over a ``SceneTimeline``: a ``RunTimeline``
whose lanes are the cast and whose bars are turns, on an axis of turns (turn n spans [n-1, n-1+BAR_SPAN]),
not seconds, so a night between two turns takes no room. The scene's turns (each run's speaker, status and the
scene number its ``scene_context_assembled`` event journaled) are read and folded into lanes on the studio's reader
thread (``scene_timeline``, a query); they are read again when a turn of the scene starts or ends.

Signals:
    turn_clicked(str run_id): a turn's bar was clicked.
"""

from __future__ import annotations

import asyncio
import contextlib
from functools import partial
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from relay_studio.domain import event_types as ev
from relay_studio.domain.events import Event
from relay_studio.domain.scenes import SceneTurns
from relay_studio.ui import i18n, theme
from relay_studio.ui.background import Done, Outcome
from relay_studio.ui.timeline.lane_items import Bar, Lane, Marker
from relay_studio.ui.timeline.lanes import AXIS_H, BAND_H, LANE_H, LANES_TOP, MARKER_TEXT_DX, LanesView
from relay_studio.ui.timeline.model import RUN_ENDS, RunTimeline

if TYPE_CHECKING:
    from relay_studio.ui.studio import Studio

BAR_SPAN = 0.8  # of a turn's unit on the axis: the gap between two bars is the rest
BREAK_AT = 0.1  # a scene break's line, this far before the first turn of the new scene
SHOWN_LANES = 4  # lanes the view is given room for where the panel has it (a larger cast scrolls)
_OUTCOMES = {"completed": "ok", "failed": "error", "partial_success": "error", "cancelled": "cancelled",
             "interrupted": "cancelled"}


class SceneTimeline(RunTimeline):
    """What ``LanesView`` paints for a whole scene: a lane per cast member (the narrator's last), a bar per turn
    (its key the turn's run id) in its speaker's lane, and a scene break's marker in every lane."""

    def __init__(self, chat_id: str, found: SceneTurns, names: dict[str, str]) -> None:
        super().__init__(chat_id)
        self.turns = found.turns
        everyone = [*found.cast, *([found.narrator_id] if found.narrator_id else [])]
        everyone += [t.speaker_id for t in found.turns if t.speaker_id not in everyone]  # one since removed
        self.lanes = {pid: Lane(pid, names.get(pid, pid)) for pid in dict.fromkeys(everyone)}
        self.lane_of = {pid: pid for pid in self.lanes}
        self.names = {pid: lane.title for pid, lane in self.lanes.items()}
        self.scene_of: dict[str, int] = {}
        self.bar_by_run: dict[str, Bar] = {}
        self.t0, self.ended = 0.0, True
        self.end_time = float(len(found.turns))
        previous = found.turns[0].scene if found.turns else 1
        self.first_scene = previous  # named at the start of the band
        for n, turn in enumerate(found.turns):
            self.scene_of[turn.run_id] = turn.scene
            if turn.scene != previous:
                self._break(n - BREAK_AT, turn.scene)
                previous = turn.scene
            bar = Bar("model", turn.run_id, i18n.arg(QCoreApplication.translate("SceneLanes", "Turn %1"), str(n + 1)),
                      turn.speaker_id, float(n), 0, float(n) + BAR_SPAN, 0, _OUTCOMES.get(turn.status, "running"))
            lane = self.lanes[turn.speaker_id]
            lane.add_bar(bar)
            lane.close_bar(bar)
            self.bars_of.setdefault(turn.speaker_id, []).append(bar)
            self.bar_by_run[turn.run_id] = bar

    def _break(self, t: float, scene: int) -> None:
        label = i18n.arg(QCoreApplication.translate("SceneLanes", "Scene %1"), str(scene))
        marker = Marker(t, 0, "", "", label, "")
        self.markers.append(marker)
        for lane in self.lanes.values():
            lane.markers.append(marker)

    def ordered_lanes(self) -> list[Lane]:
        return list(self.lanes.values())

    def bar_of_run(self, run_id: str) -> Bar | None:
        return self.bar_by_run.get(run_id)


def scene_timeline(found: SceneTurns | None, chat_id: str, names: dict[str, str]) -> SceneTimeline | None:
    """The scene's turns (``store/scenes.py: read_scene_turns``) folded into lanes, on the reader thread with the
    read: a campaign's 5,000 turns take ~45 ms to fold, too long for the GUI thread."""
    return SceneTimeline(chat_id, found, names) if found is not None else None


class SceneLanesView(LanesView):
    """``LanesView`` on an axis of turns: ticks are turn numbers, the band names the scene breaks, a bar's
    tooltip names the turn, its speaker, its scene and how it ended."""

    def _paint_grid(self, painter: QPainter, rect: QRect, t0: float, t1: float) -> None:
        c = theme.colors()
        painter.fillRect(QRect(0, 0, rect.width(), AXIS_H), c.lane_alt)
        every = max(1, int(60 / max(self.px_per_s, 1e-6)) + 1)  # a number at least every ~60 px
        n = max(int(t0) // every * every, 0)
        while n <= t1:
            x = self.x_of(n)
            if x >= self.label_w:
                painter.setPen(QPen(c.grid, 1))
                painter.drawLine(QPointF(x, AXIS_H), QPointF(x, rect.height()))
                painter.setPen(c.muted)
                painter.drawText(QPointF(x + 3, AXIS_H - 7), i18n.number(n + 1))
            n += every

    def _paint_band(self, painter: QPainter, rect: QRect, t0: float, t1: float) -> None:
        c = theme.colors()
        painter.fillRect(QRect(0, AXIS_H, rect.width(), BAND_H), c.lane_bg)
        painter.setPen(QPen(c.grid, 1))
        painter.drawLine(0, LANES_TOP - 1, rect.width(), LANES_TOP - 1)
        painter.setPen(c.muted)
        painter.drawText(QRectF(8, AXIS_H, self.label_w - 12, BAND_H), Qt.AlignmentFlag.AlignVCenter,
                         self.tr("Scenes"))
        painter.setClipRect(QRect(self.label_w, AXIS_H, rect.width() - self.label_w, BAND_H))
        timeline = self.timeline
        if isinstance(timeline, SceneTimeline) and timeline.turns:
            painter.setPen(c.handoff)
            painter.drawText(QPointF(self.x_of(0) + 2, AXIS_H + 13),
                             i18n.arg(QCoreApplication.translate("SceneLanes", "Scene %1"), str(timeline.first_scene)))
        for marker in (m for m in (timeline.markers if timeline else []) if t0 - 1 <= m.time <= t1):
            x = self.x_of(marker.time)
            painter.setPen(QPen(c.handoff, 1, Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(x, AXIS_H + 3), QPointF(x, LANES_TOP))
            painter.setPen(c.handoff)
            painter.drawText(QPointF(x + MARKER_TEXT_DX / 2, AXIS_H + 13), marker.target_name)
        painter.setClipping(False)

    def hit(self, x: float, y: float) -> Bar | Marker | None:
        found = super().hit(x, y)
        return found if isinstance(found, Bar) else None  # a scene break's line is not a thing to open

    def lane_label(self, lane: Lane) -> str:
        return lane.title

    def _tip(self, found: Bar | Marker | None) -> str:
        timeline = self.timeline
        if not isinstance(found, Bar) or not isinstance(timeline, SceneTimeline):
            return ""
        outcome = {"ok": self.tr("completed"), "error": self.tr("failed"), "cancelled": self.tr("stopped"),
                   "running": self.tr("running")}.get(found.outcome, found.outcome)
        return i18n.arg(self.tr("%1 · %2 · scene %3 · %4\nClick: show this turn's run below."), found.label,
                        timeline.agent_name(found.invocation_id), str(timeline.scene_of.get(found.key, 1)), outcome)


class ShowsRuns(Protocol):
    """What the whole scene asks of the timeline below it (``panel.py: TimelinePanel``)."""

    loaded: asyncio.Event
    timeline: RunTimeline | None

    def show_run(self, run_id: str) -> None: ...
    def select_seq(self, seq: int) -> None: ...


class SceneLanes(QWidget):
    """The whole-scene lanes above the timeline of one run, shown for a scene chat only."""

    turn_clicked = Signal(str)

    def __init__(self, studio: Studio, panel: ShowsRuns, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self.panel = panel
        self.showing: asyncio.Task[None] | None = None
        self.chat_id = ""
        self.run_id = ""
        self.reads = 0  # the scene's turns read so far (tests wait on it)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel(self.tr("Whole scene: a lane per character, a bar per turn"))
        self.title.setObjectName("Muted")
        layout.addWidget(self.title)
        self.view = SceneLanesView()
        self.view.setAccessibleName(self.tr("Whole scene"))
        # one lane at least, never the whole cast: at 1000x700 the panel has no room for more, and a minimum taller
        # than that pushed the panel past the dock over its Timeline/Library tabs; the cast's room is given by
        # ``_give_room`` where there is some, the rest scrolls
        self.view.setMinimumHeight(self._view_height(1))
        self.view.bar_clicked.connect(self._on_bar)
        layout.addWidget(self.view)
        self.hide()
        studio.run_started.connect(self._on_run_started)
        studio.events_arrived.connect(self._on_events)

    @property
    def timeline(self) -> SceneTimeline | None:
        timeline = self.view.timeline
        return timeline if isinstance(timeline, SceneTimeline) else None

    def show_chat(self, chat_id: str) -> None:
        """Shows ``chat_id``'s whole scene once read (hidden at once when the chat is not a scene)."""
        self.chat_id = chat_id
        if not chat_id or not self.studio.scenes.is_scene(chat_id):
            self.view.set_timeline(None)
            self.hide()
            return
        self.show()
        self._read()

    def run_shown(self, run_id: str) -> None:
        """The timeline below shows ``run_id``: its bar is the selected one."""
        self.run_id = run_id
        timeline = self.timeline
        if timeline is not None:
            self.view.select_bar(timeline.bar_of_run(run_id), reveal=True)

    def _read(self) -> None:
        names = {pid: p.display_name for pid, p in self.studio.agents.profiles().items()}
        chat_id = self.chat_id
        self.studio.scenes.read_turns(chat_id, partial(scene_timeline, chat_id=chat_id, names=names),
                                      partial(self._arrived, chat_id), key=("scene-lanes", id(self)))

    def _arrived(self, chat_id: str, outcome: Outcome[SceneTimeline | None]) -> None:
        if chat_id != self.chat_id or not isinstance(outcome, Done) or outcome.value is None:
            return  # another chat meanwhile, or a busy file: the lanes stay as they were
        with contextlib.suppress(RuntimeError):  # the window closed meanwhile
            timeline = outcome.value
            self.view.set_timeline(timeline)
            self._give_room(min(max(len(timeline.lanes), 2), SHOWN_LANES))  # the whole cast, up to SHOWN_LANES
            self.reads += 1
            self.run_shown(self.run_id)

    def _view_height(self, lanes: int) -> int:
        return LANES_TOP + lanes * LANE_H + 2 * self.view.frameWidth() + 2

    def _give_room(self, lanes: int) -> None:
        """Grows the view to ``lanes`` lanes in the panel's splitter, taken from the events list below as far as
        that keeps its own minimum (a short window keeps fewer lanes in view, and they scroll)."""
        splitter = self.parentWidget()
        if not isinstance(splitter, QSplitter) or splitter.count() < 2:
            return
        sizes = splitter.sizes()
        mine, last = splitter.indexOf(self), splitter.count() - 1
        below = splitter.widget(last)
        if mine < 0 or mine == last or below is None:
            return
        give = min(self._view_height(lanes) - self.view.height(), sizes[last] - below.minimumSizeHint().height())
        if give <= 0:
            return
        sizes[mine] += give
        sizes[last] -= give
        splitter.setSizes(sizes)

    def _on_bar(self, bar: Bar) -> None:
        if self.showing is not None:
            self.showing.cancel()
        self.showing = asyncio.ensure_future(self._show_turn(bar.key))
        self.turn_clicked.emit(bar.key)

    async def _show_turn(self, run_id: str) -> None:
        """The turn's run below, once read with its ``scene_context_assembled`` event selected."""
        panel = self.panel
        panel.show_run(run_id)
        await panel.loaded.wait()
        timeline = panel.timeline
        if timeline is None or timeline.run_id != run_id:
            return  # another run was picked meanwhile
        types = timeline.index.types
        seq = next((i + 1 for i, kind in enumerate(types) if kind == ev.SCENE_CONTEXT_ASSEMBLED), None)
        if seq is not None:
            panel.select_seq(seq)

    def _on_run_started(self, _run_id: str, chat_id: str) -> None:
        if chat_id == self.chat_id and not self.isHidden():
            self._read()

    def _on_events(self, events: list[Event]) -> None:
        timeline = self.timeline
        if timeline is None or self.isHidden():
            return
        if any(e.type in RUN_ENDS and timeline.bar_of_run(e.run_id) is not None for e in events):
            self._read()  # a turn ended: its bar takes its outcome's colour
