"""A run's journal folded into what the timeline shows: lanes, bars, handoff markers, reviews' verdicts
and the events list's columns. Pure Python (no Qt), fed one event at a time, in seq order, so the same
code serves a live run and a 100,000-event run loaded page by page.

Lanes: one for the foreground chain (root and every handoff stage), then one per helper under the
lane of the agent that delegated it (``lane_items.py``). Bars: model calls and tool calls on a shared
time axis (seconds since the run's first event), coloured by outcome. A reviewer's lane (a review is a
helper, ``runtime/review/runner.py``) also carries its verdict (``Lane.review``, ``reviews.py``), from
``review_requested`` and ``review_completed``. Each event's line of the events list: ``event_index.py``
over ``summaries.py``.
"""

from __future__ import annotations

from bisect import bisect_right
from datetime import datetime
from typing import Any

from relay_studio.domain import event_types as ev
from relay_studio.domain.event_payloads import RunForecast
from relay_studio.domain.events import Event
from relay_studio.domain.run_folds import add_usage, foreground_agent, run_forecast
from relay_studio.ui.timeline.event_index import EventIndex
from relay_studio.ui.timeline.lane_items import Bar, Lane, Marker, Stage
from relay_studio.ui.timeline.reviews import Review, completed_review
from relay_studio.ui.timeline.summaries import fill_args

FOREGROUND = "foreground"
_ENDS = {ev.AGENT_INVOCATION_COMPLETED: "completed", ev.AGENT_INVOCATION_FAILED: "failed",
         ev.AGENT_INVOCATION_CANCELLED: "cancelled", ev.AGENT_INVOCATION_TRANSFERRED: "transferred"}
RUN_ENDS = {ev.RUN_COMPLETED, ev.RUN_PARTIAL_SUCCESS, ev.RUN_FAILED, ev.RUN_CANCELLED, ev.RUN_INTERRUPTED}


def parse_time(stamp: str) -> float:
    return datetime.fromisoformat(stamp).timestamp()


class RunTimeline:
    def __init__(self, run_id: str, words: dict[str, str] | None = None) -> None:
        self.run_id = run_id
        self.t0: float | None = None
        self.last_seq = 0
        self.end_time = 0.0
        self.ended = False
        self.lanes: dict[str, Lane] = {FOREGROUND: Lane(FOREGROUND, "Foreground")}
        self.lane_of: dict[str, str] = {}
        self.names: dict[str, str] = {}
        self.agents: dict[str, str] = {}
        self.open_bars: dict[str, Bar] = {}
        self.bars_of: dict[str, list[Bar]] = {}
        self.markers: list[Marker] = []
        self.index = EventIndex(words)
        self.version = 0  # bumps on every change, for views that cache
        # What the status bar shows of a run of an earlier session (the live one folds its own).
        self.input_tokens = 0
        self.output_tokens = 0
        self.estimated = False  # some counts are the studio's estimate (``Usage.estimated``)
        self.foreground_agent = ""
        self.forecast: RunForecast | None = None  # what the run was forecast to take (``run_forecast``)

    # -- folding ---------------------------------------------------------------------------------
    def apply(self, event: Event) -> bool:
        """Folds the next event; ignores one already seen or out of order (returns False)."""
        if event.seq != self.last_seq + 1:
            return False
        self.last_seq = event.seq
        stamp = parse_time(event.timestamp)
        if self.t0 is None:
            self.t0 = stamp
        t = stamp - self.t0
        self.end_time = max(self.end_time, t)
        self.index.add(event, t, self.names.get(event.invocation_id or "", ""))
        self.version += 1
        handler = _HANDLERS.get(event.type)
        if event.type == ev.MODEL_CALL_COMPLETED:
            add_usage(self, event)
        elif event.type == ev.AGENT_INVOCATION_STARTED and (agent := foreground_agent(event)) is not None:
            self.foreground_agent = agent
        elif event.type == ev.RUN_FORECAST:
            self.forecast = run_forecast(event)
        if handler is not None:
            handler(self, event, t)
        elif event.type in RUN_ENDS:
            self._end_run(event, t)
        return True

    def _lane(self, invocation_id: str | None) -> Lane:
        return self.lanes[self.lane_of.get(invocation_id or "", FOREGROUND)]

    def _invocation_created(self, e: Event, t: float) -> None:
        p = e.payload
        inv = e.invocation_id or ""
        name = str(p.get("displayName") or p.get("agentId") or "agent")
        self.names[inv] = name
        self.agents[inv] = str(p.get("agentId") or "")
        if p.get("kind") == "subagent":
            parent_lane = self.lane_of.get(str(p.get("parentInvocationId") or ""), FOREGROUND)
            depth = self.lanes[parent_lane].depth + 1
            self.lanes[inv] = Lane(inv, name, depth=depth, parent=parent_lane)
            self.lane_of[inv] = inv
        else:
            self.lane_of[inv] = FOREGROUND

    def _invocation_started(self, e: Event, t: float) -> None:
        inv = e.invocation_id or ""
        self._lane(inv).stages.append(Stage(inv, self.names.get(inv, ""), t))

    def _invocation_ended(self, e: Event, t: float) -> None:
        lane = self._lane(e.invocation_id)
        for stage in reversed(lane.stages):
            if stage.invocation_id == e.invocation_id and stage.end is None:
                stage.end, stage.status = t, _ENDS[e.type]
                break
        if e.type == ev.AGENT_INVOCATION_CANCELLED and lane.review is not None and lane.review.verdict == "reviewing":
            lane.review.verdict = "cancelled"

    def _open(self, kind: str, key: str, label: str, e: Event, t: float) -> None:
        inv = e.invocation_id or ""
        bar = Bar(kind, key, label, inv, t, e.seq)
        self.open_bars[key] = bar
        self._lane(inv).add_bar(bar)
        self.bars_of.setdefault(inv, []).append(bar)

    def _close(self, key: str, e: Event, t: float, outcome: str) -> None:
        bar = self.open_bars.pop(key, None)
        if bar is None:
            return
        bar.end, bar.end_seq, bar.outcome = t, e.seq, outcome
        lane = self._lane(bar.invocation_id)
        lane.close_bar(bar)
        if outcome not in ("ok", "cancelled") or bar.decided_at is not None:
            # a wait for the creator stays in view: the lanes draw one bar per pixel column where calls
            # are dense, and a long wait that starts in the column of a short call would be left out
            lane.notable.append(bar)

    def _model_started(self, e: Event, t: float) -> None:
        p = e.payload
        self._open("model", str(p.get("turnId")), fill_args(self.index.words["model_call"], p.get("callIndex")), e, t)

    def _model_ended(self, e: Event, t: float) -> None:
        self._close(str(e.payload.get("turnId")), e, t, "ok" if e.type == ev.MODEL_CALL_COMPLETED else "error")

    def _tool_started(self, e: Event, t: float) -> None:
        p = e.payload
        self._open("tool", str(p.get("toolCallId")), str(p.get("name")), e, t)

    def _tool_ended(self, e: Event, t: float) -> None:
        p = e.payload
        key = str(p.get("toolCallId"))
        bar = self.open_bars.get(key)
        denied = bar is not None and bar.outcome == "denied"
        self._close(key, e, t, "denied" if denied else ("error" if p.get("isError") else "ok"))

    def _tool_ignored(self, e: Event, t: float) -> None:
        p = e.payload
        self._open("tool", str(p.get("toolCallId")), str(p.get("name")), e, t)
        self._close(str(p.get("toolCallId")), e, t, "ignored")

    def _approval(self, e: Event, t: float) -> None:
        bar = self.open_bars.get(str(e.payload.get("toolCallId")))
        if bar is not None:
            bar.outcome = {ev.TOOL_CALL_AWAITING_APPROVAL: "waiting", ev.TOOL_CALL_DENIED: "denied"}.get(e.type,
                                                                                                         "running")
            if e.type != ev.TOOL_CALL_AWAITING_APPROVAL:
                bar.decided_at = t

    def _handoff(self, e: Event, t: float) -> None:
        p = e.payload
        target = e.related_invocation_ids[0] if e.related_invocation_ids else ""
        marker = Marker(t, e.seq, e.invocation_id or "", target,
                        str(p.get("targetDisplayName") or p.get("targetAgentId") or ""), str(p.get("title") or ""),
                        str(p.get("reason") or "") if p.get("by") == "runtime" else "",
                        str(p.get("agentDisplayName") or p.get("agentId") or ""))
        self.markers.append(marker)
        self._lane(e.invocation_id).markers.append(marker)

    def _review(self, e: Event, t: float) -> None:
        """``review_requested`` marks the reviewer's lane (its invocation is the event's related one);
        ``review_completed`` gives it the verdict (``completed_review``)."""
        lane = self.lanes.get(e.related_invocation_ids[0]) if e.related_invocation_ids else None
        if lane is None:  # an unknown reviewer: no lane was made
            return
        p = e.payload
        if e.type == ev.REVIEW_REQUESTED:
            lane.review = Review(str(p.get("kind") or ""))
            return
        lane.review = completed_review(e, lane.review)

    def _end_run(self, e: Event, t: float) -> None:
        self.ended = True
        for key in list(self.open_bars):
            self._close(key, e, t, "cancelled")
        for lane in self.lanes.values():
            for stage in lane.stages:
                if stage.end is None:
                    stage.end, stage.status = t, "ended"
            if lane.review is not None and lane.review.verdict == "reviewing":
                lane.review.verdict = "cancelled"

    # -- queries ---------------------------------------------------------------------------------
    def ordered_lanes(self) -> list[Lane]:
        """The foreground lane, then each helper lane right under the lane that delegated it."""
        children: dict[str, list[Lane]] = {}
        for lane in self.lanes.values():
            if lane.parent is not None:
                children.setdefault(lane.parent, []).append(lane)
        out: list[Lane] = []

        def visit(lane: Lane) -> None:
            out.append(lane)
            for child in children.get(lane.key, []):
                visit(child)

        visit(self.lanes[FOREGROUND])
        return out

    def bar_for_seq(self, seq: int) -> Bar | None:
        if not 1 <= seq <= len(self.index):
            return None
        inv = self.index.invocations[seq - 1]
        bars = self.bars_of.get(inv, [])
        lo = bisect_right([b.start_seq for b in bars], seq) - 1 if len(bars) < 64 else self._bisect(bars, seq)
        if 0 <= lo < len(bars) and bars[lo].contains_seq(seq):
            return bars[lo]
        return None

    @staticmethod
    def _bisect(bars: list[Bar], seq: int) -> int:
        lo, hi = 0, len(bars)
        while lo < hi:
            mid = (lo + hi) // 2
            if bars[mid].start_seq <= seq:
                lo = mid + 1
            else:
                hi = mid
        return lo - 1

    def marker_for_seq(self, seq: int) -> Marker | None:
        for marker in self.markers:
            if marker.seq == seq:
                return marker
        return None

    def seqs_of_bar(self, bar: Bar) -> list[int]:
        """The bar's own events: its first and last, and those between of the same invocation."""
        last = bar.end_seq if bar.end_seq is not None else len(self.index)
        invs = self.index.invocations
        return [s for s in range(bar.start_seq, last + 1) if invs[s - 1] == bar.invocation_id]

    def agent_name(self, invocation_id: str) -> str:
        return self.names.get(invocation_id, "")


_HANDLERS: dict[str, Any] = {
    ev.AGENT_INVOCATION_CREATED: RunTimeline._invocation_created,
    ev.AGENT_INVOCATION_STARTED: RunTimeline._invocation_started,
    **{name: RunTimeline._invocation_ended for name in _ENDS},
    ev.MODEL_CALL_STARTED: RunTimeline._model_started,
    ev.MODEL_CALL_COMPLETED: RunTimeline._model_ended,
    ev.MODEL_CALL_FAILED: RunTimeline._model_ended,
    ev.TOOL_CALL_STARTED: RunTimeline._tool_started,
    ev.TOOL_CALL_COMPLETED: RunTimeline._tool_ended,
    ev.TOOL_CALL_IGNORED: RunTimeline._tool_ignored,
    ev.TOOL_CALL_AWAITING_APPROVAL: RunTimeline._approval,
    ev.TOOL_CALL_APPROVED: RunTimeline._approval,
    ev.TOOL_CALL_DENIED: RunTimeline._approval,
    ev.AGENT_HANDOFF_ACCEPTED: RunTimeline._handoff,
    ev.REVIEW_REQUESTED: RunTimeline._review,
    ev.REVIEW_COMPLETED: RunTimeline._review,
}
