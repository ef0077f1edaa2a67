"""What the timeline's lanes hold: a lane with its bars (model and tool calls on a shared time axis,
seconds since the run's first event), its stages and its handoff markers, and the time-indexed look-ups
the painter asks of them (``Lane.sampled``, ``Lane.bars_between``, ``Lane.take_dirty``). Pure Python (no Qt).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from relay_studio.ui.timeline.reviews import Review


@dataclass
class Bar:
    kind: str  # model | tool
    key: str  # turnId or toolCallId
    label: str
    invocation_id: str
    start: float
    start_seq: int
    end: float | None = None
    end_seq: int | None = None
    outcome: str = "running"  # running | ok | error | waiting | denied | ignored | cancelled
    #: a tool call that waited for the creator's approval: when the decision came (the wait is drawn to it)
    decided_at: float | None = None

    def contains_seq(self, seq: int) -> bool:
        return self.start_seq <= seq <= (self.end_seq if self.end_seq is not None else 1 << 62)


@dataclass
class Marker:
    time: float
    seq: int
    source_invocation: str
    target_invocation: str
    target_name: str
    title: str
    #: why the studio handed on for the stage (``next_stage.REASONS`` key); "" for a handoff the agent made
    by_studio: str = ""
    source_name: str = ""


@dataclass
class Stage:
    invocation_id: str
    agent: str
    start: float
    end: float | None = None
    status: str = "running"


@dataclass
class Lane:
    key: str
    title: str
    depth: int = 0
    parent: str | None = None
    bars: list[Bar] = field(default_factory=list)
    starts: list[float] = field(default_factory=list)
    longest: float = 0.0
    stages: list[Stage] = field(default_factory=list)
    markers: list[Marker] = field(default_factory=list)
    review: Review | None = None  # a reviewer's lane: the review's verdict

    open: list[Bar] = field(default_factory=list)
    by_kind: dict[str, tuple[list[Bar], list[float]]] = field(
        default_factory=lambda: {"model": ([], []), "tool": ([], [])})
    notable: list[Bar] = field(default_factory=list)  # errors, denials, waits: painted even when dense
    #: The time span whose closed bars changed since the view last looked (``take_dirty``): painted
    #: tiles over it are stale. Open bars are painted live, so only closing a bar dirties a span.
    dirty: tuple[float, float] | None = None

    def add_bar(self, bar: Bar) -> None:
        if self.starts and bar.start < self.starts[-1]:  # clocks never go back within a run; be safe
            bar.start = self.starts[-1]
        self.bars.append(bar)
        self.starts.append(bar.start)
        self.open.append(bar)
        bars, starts = self.by_kind.setdefault(bar.kind, ([], []))
        bars.append(bar)
        starts.append(bar.start)

    def sampled(self, kind: str, t0: float, t1: float, seconds_per_px: float, closed_only: bool = False) -> list[Bar]:
        """At most one bar of ``kind`` per pixel column in [t0, t1]: the first that starts in it."""
        bars, starts = self.by_kind.get(kind, ([], []))
        out: list[Bar] = []
        i = max(bisect_right(starts, t0 - self.longest) - 1, 0)
        n = len(bars)
        while i < n and starts[i] <= t1:
            bar = bars[i]
            if closed_only and bar.end is None:
                i += 1
                continue
            end = bar.end if bar.end is not None else t1
            if end >= t0:
                out.append(bar)
            nxt = max(bar.start + seconds_per_px, end)
            j = bisect_right(starts, nxt, lo=i + 1)
            i = j if j > i + 1 else i + 1
        return out

    def close_bar(self, bar: Bar) -> None:
        if bar in self.open:
            self.open.remove(bar)
        if bar.end is not None:
            self.longest = max(self.longest, bar.end - bar.start)
            lo, hi = (bar.start, bar.end) if self.dirty is None else (min(self.dirty[0], bar.start),
                                                                       max(self.dirty[1], bar.end))
            self.dirty = (lo, hi)

    def take_dirty(self) -> tuple[float, float] | None:
        """The span changed since the last call, and forgets it (one consumer: the lanes view)."""
        dirty, self.dirty = self.dirty, None
        return dirty

    def bars_between(self, t0: float, t1: float, now: float) -> list[Bar]:
        """Bars that overlap [t0, t1]; open bars count as lasting until ``now``."""
        lo = max(bisect_right(self.starts, t0 - self.longest) - 1, 0)
        hi = bisect_right(self.starts, t1)
        out = [b for b in self.bars[lo:hi] if b.end is not None and b.end >= t0]
        out.extend(b for b in self.open if b.start <= t1 and now >= t0)
        return out
