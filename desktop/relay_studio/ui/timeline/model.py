"""A run's journal folded into what the timeline shows: lanes, bars, handoff markers, and a compact
per-event index for the events list. Pure Python (no Qt), fed one event at a time, in seq order, so
the same code serves a live run and a 100,000-event run loaded page by page.

Lanes: one for the foreground chain (root and every handoff stage), then one per helper under the
lane of the agent that delegated it. Bars: model calls and tool calls on a shared time axis
(seconds since the run's first event), coloured by outcome. A reviewer's lane (a review is a helper,
``runtime/review/runner.py``) also carries its verdict (``Lane.review``), from ``review_requested`` and
``review_completed``.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from relay_studio.domain import event_types as ev
from relay_studio.domain.events import Event

FOREGROUND = "foreground"
_ENDS = {ev.AGENT_INVOCATION_COMPLETED: "completed", ev.AGENT_INVOCATION_FAILED: "failed",
         ev.AGENT_INVOCATION_CANCELLED: "cancelled", ev.AGENT_INVOCATION_TRANSFERRED: "transferred"}
RUN_ENDS = {ev.RUN_COMPLETED, ev.RUN_PARTIAL_SUCCESS, ev.RUN_FAILED, ev.RUN_CANCELLED, ev.RUN_INTERRUPTED}


def parse_time(stamp: str) -> float:
    return datetime.fromisoformat(stamp).timestamp()


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


# A review's verdicts: "reviewing" until ``review_completed``; "failed" when it could not be done;
# "cancelled" when its invocation or the run ended before it did.
VERDICTS = ("reviewing", "passed", "warning", "conflict", "failed", "cancelled")
_VERDICT_OF_STATUS = {"clean": "passed", "warning": "warning", "conflict": "conflict"}


@dataclass
class Review:
    """What the journal says of the review a reviewer's lane ran."""

    kind: str  # consistency | rules
    name: str = ""  # what was reviewed (an entry's name, a text's title); "" until the review ends
    verdict: str = "reviewing"  # one of VERDICTS
    issues: int = 0  # the issues the reviewer listed
    error_code: str = ""  # why it failed (``review.invalid_output``, ``agent.task_timeout``, …)
    message: str = ""
    seq: int = 0  # the ``review_completed`` event (0 while the review runs)


def completed_review(event: Event, review: Review | None = None) -> Review:
    """The verdict a ``review_completed`` event gives ``review`` (the one ``review_requested`` began, else a new
    one): failed, with the journal's ``errorCode`` and ``message``, or the review's ``overallStatus`` (the
    stricter of the reviewer's own and its issues' severities) as passed, warning or conflict, with the number
    of issues the reviewer listed. The reviewer's lane and the event's line in the events list both read it."""
    p = event.payload
    review = review or Review(str(p.get("kind") or ""))
    review.name, review.seq = str(p.get("name") or ""), event.seq
    if p.get("status") == "passed":
        review.verdict = _VERDICT_OF_STATUS.get(str(p.get("overallStatus")), "passed")
        result = p.get("result") if isinstance(p.get("result"), dict) else {}
        issues = result.get("issues") if isinstance(result, dict) else None
        review.issues = len(issues) if isinstance(issues, list) else 0
    else:
        review.verdict = "failed"
        review.error_code, review.message = str(p.get("errorCode") or ""), str(p.get("message") or "")
    return review


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


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks ``text`` for pyside6-lupdate (which reads this name) and keeps it English (this module has no Qt)."""
    return text


# The summaries' words, English; the events list passes them translated (``events_model.summary_words``).
# ``status.<status>`` and ``kind.<kind>`` entries name a run's status and an invocation's kind (absent: the raw
# value shows).
SUMMARY_WORDS: dict[str, str] = {
    "text": QT_TRANSLATE_NOOP("EventSummary", "text"),
    "model_call": QT_TRANSLATE_NOOP("EventSummary", "model call %1"),  # a bar's label in the lanes
    "model_completed": QT_TRANSLATE_NOOP("EventSummary", "%1+%2 tokens, %3 ms → %4"),
    # the server sent no counts: the studio's estimate (``providers/usage_estimate.py``)
    "model_completed_estimated": QT_TRANSLATE_NOOP("EventSummary", "~%1+~%2 tokens (estimated), %3 ms → %4"),
    "model_started": QT_TRANSLATE_NOOP("EventSummary", "call %1 to %2 (%3 messages)"),
    "file_written": QT_TRANSLATE_NOOP("EventSummary", "%1 (version %2, %3 bytes)"),
    "awaiting_approval": QT_TRANSLATE_NOOP("EventSummary", "%1 waits for approval"),
    "committed": QT_TRANSLATE_NOOP("EventSummary", "%1 → chat (version %2)"),
    # a review's verdict (``review_line``); a count as ``%1``, with its own words for exactly one
    "review_of": QT_TRANSLATE_NOOP("EventSummary", "“%1”: %2"),  # what was reviewed: its verdict
    "verdict.passed": QT_TRANSLATE_NOOP("EventSummary", "passed"),
    "verdict.warning": QT_TRANSLATE_NOOP("EventSummary", "warning · %1 issues"),
    "verdict.warning.one": QT_TRANSLATE_NOOP("EventSummary", "warning · 1 issue"),
    "verdict.conflict": QT_TRANSLATE_NOOP("EventSummary", "conflict · %1 issues"),
    "verdict.conflict.one": QT_TRANSLATE_NOOP("EventSummary", "conflict · 1 issue"),
    "verdict.failed": QT_TRANSLATE_NOOP("EventSummary", "failed (%1)"),  # the error code
    # a handoff the studio made for a stage (runtime/next_stage.py), by its reason; %1: the stage's agent
    "handed_on.text_answer": QT_TRANSLATE_NOOP("EventSummary", "handed on by the studio: %1 answered in text"),
    "handed_on.after_commit": QT_TRANSLATE_NOOP("EventSummary",
                                                "handed on by the studio: %1 committed, then answered in text"),
    "handed_on.after_write": QT_TRANSLATE_NOOP("EventSummary",
                                               "handed on by the studio: %1 wrote its draft, then answered in text"),
    "handed_on.nudges_used": QT_TRANSLATE_NOOP("EventSummary",
                                               "handed on by the studio: %1 did not hand the work on itself"),
    "handed_on.round_limit": QT_TRANSLATE_NOOP("EventSummary", "handed on by the studio: %1 used all its rounds"),
    "note_kept": QT_TRANSLATE_NOOP("EventSummary", "kept as a note, not as the answer: %1"),
}


def handed_on_words(words: dict[str, str], reason: str, agent: str) -> str:
    """"handed on by the studio: <agent> answered in text" for a handoff the studio made ("" for none)."""
    text = words.get("handed_on." + reason) if reason else None
    return _fill(text, agent) if text else ""


def _fill(text: str, *values: object) -> str:
    """``text`` with ``%1``, ``%2``, … replaced by ``values`` in one pass (as ``ui.i18n.arg``, without Qt)."""
    parts = text.split("%")
    out = [parts[0]]
    for part in parts[1:]:
        if part[:1].isdigit() and part[0] != "0" and int(part[0]) <= len(values):
            out.append(str(values[int(part[0]) - 1]) + part[1:])
        else:
            out.append("%" + part)
    return "".join(out)


def review_line(review: Review, words: dict[str, str] = SUMMARY_WORDS) -> str:
    """A completed review's verdict in ``words``: "“Mira”: conflict · 2 issues", "“Lune”: passed",
    "“Tide”: failed (review.invalid_output)" (without a name, the verdict alone)."""
    if review.verdict in ("warning", "conflict"):
        verdict = _fill(words[f"verdict.{review.verdict}" + (".one" if review.issues == 1 else "")], review.issues)
    elif review.verdict == "failed":
        verdict = _fill(words["verdict.failed"], review.error_code)
    else:
        verdict = words["verdict.passed"]
    return _fill(words["review_of"], review.name, verdict) if review.name else verdict


def summarize(event: Event, words: dict[str, str] = SUMMARY_WORDS) -> str:
    """One line for the events list: the fields a creator scans for, in ``words``' language. A result or an
    argument that spans lines is joined onto one (a row is one line high: a line break drew over the row
    below it)."""
    line = _summary(event, words)
    return " ".join(line.split()) if any(c in line for c in "\n\r\t\v\f\u2028\u2029") else line


def _summary(event: Event, words: dict[str, str]) -> str:
    p = event.payload
    t = event.type
    if t == ev.TOOL_CALL_STARTED:
        args = str(p.get("arguments", ""))
        return f"{p.get('name')}({args[:80]}{'…' if len(args) > 80 else ''})"
    if t == ev.TOOL_CALL_COMPLETED:
        if p.get("isError"):
            return f"{p.get('name')} ✗ {p.get('errorCode')}: {str(p.get('result', ''))[:100]}"
        return f"{p.get('name')} ✓ {str(p.get('result', ''))[:100]}"
    if t == ev.MODEL_CALL_COMPLETED:
        usage = p.get("usage") or {}
        tools = ", ".join(p.get("toolCalls") or []) or words["text"]
        key = "model_completed_estimated" if usage.get("estimated") else "model_completed"
        return _fill(words[key], usage.get("input_tokens", 0), usage.get("output_tokens", 0), p.get("elapsedMs"), tools)
    if t == ev.MODEL_CALL_STARTED:
        return _fill(words["model_started"], p.get("callIndex"), p.get("model"), p.get("messages"))
    if t == ev.MODEL_CALL_FAILED:
        return f"{p.get('code')}: {p.get('message', '')}"
    if t in (ev.AGENT_HANDOFF_ACCEPTED, ev.AGENT_HANDOFF_REQUESTED):
        target = p.get("targetDisplayName") or p.get("targetAgentId")
        if p.get("by") == "runtime":
            why = handed_on_words(words, str(p.get("reason") or ""),
                                  str(p.get("agentDisplayName") or p.get("agentId") or ""))
            return f"→ {target}: {why}"
        return f"→ {target}: {p.get('title') or ''}"
    if t == ev.TEXT_NOTE_KEPT:
        return _fill(words["note_kept"], str(p.get("text") or "")[:100])
    if t == ev.WORKSPACE_FILE_WRITTEN:
        return _fill(words["file_written"], p.get("path"), p.get("version"), p.get("bytes"))
    if t == ev.STATUS_CHANGED:
        before, after = str(p.get("from")), str(p.get("to"))
        return f"{words.get('status.' + before, before)} → {words.get('status.' + after, after)}"
    if t.startswith("agent_invocation_"):
        who = p.get("displayName") or p.get("agentId") or ""
        kind = str(p.get("kind") or "")
        return f"{who} {words.get('kind.' + kind, kind)} {p.get('errorCode') or ''}".strip()
    if t == ev.TOOL_CALL_AWAITING_APPROVAL:
        return _fill(words["awaiting_approval"], f"{p.get('tool')} {p.get('path') or ''}".strip())
    if t in (ev.TOOL_CALL_APPROVED, ev.TOOL_CALL_DENIED):
        reason = f": {p.get('reason')}" if p.get("reason") else ""
        return f"{p.get('tool')} {p.get('path') or ''}{reason}"
    if t == ev.CHAT_COMMIT_COMPLETED:
        return _fill(words["committed"], p.get("path"), p.get("version"))
    if t == ev.REVIEW_COMPLETED:
        return review_line(completed_review(event), words)
    keys = ("agentId", "path", "code", "errorCode", "title", "handle", "reason")
    return " ".join(f"{k}={p[k]}" for k in keys if p.get(k))[:160]


def error_code(event: Event) -> str | None:
    p = event.payload
    failed = event.level.value == "error" or p.get("isError") or event.type.endswith("_failed")
    code = (p.get("errorCode") or p.get("code")) if failed else None
    return str(code) if code else None


class EventIndex:
    """Compact columns of every event seen (seq i is row i-1): type, invocation, level, time, summary."""

    def __init__(self, words: dict[str, str] = SUMMARY_WORDS) -> None:
        self.words = words  # the summaries' words (SUMMARY_WORDS, or translated by the events list)
        self.types: list[str] = []
        self.invocations: list[str] = []
        self.errors: list[bool] = []
        self.times: list[float] = []
        self.summaries: list[str] = []
        self.codes: dict[int, str] = {}
        self._intern: dict[str, str] = {}

    def __len__(self) -> int:
        return len(self.types)

    def add(self, event: Event, t: float) -> None:
        intern = self._intern
        self.types.append(intern.setdefault(event.type, event.type))
        inv = event.invocation_id or ""
        self.invocations.append(intern.setdefault(inv, inv))
        code = error_code(event)
        failed = code is not None or event.level.value == "error"
        self.errors.append(failed)
        if code:
            self.codes[event.seq] = code
        self.times.append(t)
        self.summaries.append(summarize(event, self.words))


class RunTimeline:
    def __init__(self, run_id: str, words: dict[str, str] = SUMMARY_WORDS) -> None:
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
        self.index.add(event, t)
        self.version += 1
        handler = _HANDLERS.get(event.type)
        if event.type == ev.MODEL_CALL_COMPLETED:
            usage = event.payload.get("usage") or {}
            self.input_tokens += int(usage.get("input_tokens", 0))
            self.output_tokens += int(usage.get("output_tokens", 0))
            self.estimated = self.estimated or bool(usage.get("estimated"))
        elif event.type == ev.AGENT_INVOCATION_STARTED and event.payload.get("kind") != "subagent":
            p = event.payload
            self.foreground_agent = str(p.get("displayName") or p.get("agentId") or "")
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
        self._open("model", str(p.get("turnId")), _fill(self.index.words["model_call"], p.get("callIndex")), e, t)

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


def pretty_json(value: Any) -> str:
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return str(value)
    return json.dumps(value, ensure_ascii=False, indent=2)
