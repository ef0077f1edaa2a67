"""The timeline of a run: lanes for the foreground chain and helpers, bars and markers, the events
list (filters, search, a checked Qt model), selection both ways, the detail pane, error details."""

from __future__ import annotations

import threading
from itertools import pairwise

import pytest
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from relay_studio.store.runs import RunStore
from relay_studio.ui.chat.live_run_card import LIVE_LINE_CHARS, LiveRunCard
from relay_studio.ui.chat.notice_card import NoticeCard
from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.timeline.lanes import MARKER_TEXT_DX, LanesView, layout_marker_labels
from relay_studio.ui.timeline.model import FOREGROUND, RunTimeline
from relay_studio.ui.timeline.panel import TimelinePanel
from relay_studio.ui.timeline.reviews import completed_review
from relay_studio.ui.timeline.summaries import summarize
from tests.gui.conftest import App, run_to_end, until


async def _demo(app: App) -> tuple[MainWindow, TimelinePanel]:
    window = app.open()
    window.run_demo()
    await run_to_end(window)
    await window.timeline.loaded.wait()
    return window, window.timeline


def _shown_types(panel: TimelinePanel) -> list[str]:
    """The event types of the rows shown (the Event column says each in a sentence: the index keeps the type)."""
    assert panel.timeline is not None
    return [panel.timeline.index.types[panel.model.seq_at(r) - 1] for r in range(panel.model.rowCount())]


def _journal_read_on(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The name of the thread each read of a run's journal (``RunStore.events``) runs on, from now on."""
    threads: list[str] = []
    original = RunStore.events

    def events(store: RunStore, *args: object, **kwargs: object) -> object:
        threads.append(threading.current_thread().name)
        return original(store, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(RunStore, "events", events)
    return threads


async def test_lanes_bars_and_helper_lane(app: App) -> None:
    _window, panel = await _demo(app)
    tl = panel.timeline
    assert tl is not None
    lanes = tl.ordered_lanes()
    assert [(lane.title, lane.depth) for lane in lanes] == [("Foreground", 0), ("Researcher", 1)]
    assert lanes[1].parent == FOREGROUND
    assert [s.agent for s in lanes[0].stages] == ["Writer", "Editor", "Finalizer"]
    assert [b.label for b in lanes[1].bars if b.kind == "tool"] == ["workspace_write_file", "task_return"]
    assert panel.lanes.painted_bars == 0 or panel.lanes.painted_bars > 0  # painted lazily
    panel.lanes.zoom_by(4.0)
    window_before = panel.lanes.visible_window()
    panel.lanes.fit()
    t0, t1 = panel.lanes.visible_window()
    assert t0 == 0 and t1 >= tl.end_time and (t1 - t0) > (window_before[1] - window_before[0])


async def test_events_list_filters_search_and_model_check(app: App, qtmodeltester: ModelTester) -> None:
    _window, panel = await _demo(app)
    total = panel.model.rowCount()
    # 96 before projects; each of the demo's four stages now journals skill_scopes_resolved and
    # prompt_assembly_requested
    assert total == panel.timeline.last_seq == 104  # type: ignore[union-attr]
    qtmodeltester.check(panel.model)
    panel.type_filter.setCurrentText("Tool calls")
    assert set(_shown_types(panel)) == {"tool_call_started", "tool_call_completed"}
    panel.agent_filter.setCurrentIndex(panel.agent_filter.findData("researcher"))
    assert panel.model.rowCount() == 4
    panel.type_filter.setCurrentText("All events")
    panel.agent_filter.setCurrentIndex(0)
    panel.search.setText("lighthouse_notes")
    summaries = [panel.model.data(panel.model.index(r, 4)) for r in range(panel.model.rowCount())]
    assert summaries and all("lighthouse_notes" in str(s) for s in summaries)
    panel.search.clear()
    panel.errors_only.setChecked(True)
    assert panel.model.rowCount() == 0
    panel.errors_only.setChecked(False)
    assert panel.model.rowCount() == total


async def test_selecting_a_bar_selects_its_events_and_shows_the_model_call(app: App) -> None:
    _window, panel = await _demo(app)
    tl = panel.timeline
    assert tl is not None
    bar = next(b for b in tl.lanes[FOREGROUND].bars if b.kind == "model")
    point = panel.lanes.bar_point(bar)
    panel.lanes.click_at(point.x(), point.y())
    assert panel.lanes.selected_bar is bar
    selected = sorted(panel.model.seq_at(i.row()) for i in panel.table.selectionModel().selectedRows())
    assert selected[0] == bar.start_seq and selected[-1] == bar.end_seq
    text = panel.detail.toPlainText()
    for part in ("Writer · model call 1", "Usage: ", "System prompt", "You are Writer.", "Messages (1)",
                 "Write a short scene about the last lighthouse keeper.", "Tools (", "agent_handoff"):
        assert part in text, part


async def test_selecting_an_event_selects_its_bar_and_a_write_shows_its_diff(app: App) -> None:
    _window, panel = await _demo(app)
    tl = panel.timeline
    assert tl is not None
    patch_bar = next(b for b in tl.lanes[FOREGROUND].bars if b.label == "workspace_apply_patch")
    written = next(s for s in tl.seqs_of_bar(patch_bar) if tl.index.types[s - 1] == "workspace_file_written")
    panel.select_seq(written)
    assert panel.lanes.selected_bar is patch_bar
    text = panel.detail.toPlainText()
    assert "Editor wrote output/main.md (version 2)" in text and "workspace_file_written" not in text
    assert "-Tonight the fog came early. She lit the lamp anyway." in text
    assert "+Tonight the fog came early, thick as wool against the glass." in text
    panel.show_bar(patch_bar)
    text = panel.detail.toPlainText()
    assert "old_string\nTonight the fog came early. She lit the lamp anyway." in text  # a field, not JSON
    assert "Patched output/main.md." in text and "version 1 → 2" in text


async def test_a_failed_run_says_so_in_words_and_details_open_the_failing_event(app: App) -> None:
    turns = {"writer": [{"toolCalls": [{"name": "workspace_read_file", "arguments": {"path": "../secret"}}]}]}
    window = app.open(turns)
    window.new_chat()
    window.chat.composer.set_text("Go.")
    window.chat.composer.submit()
    await run_to_end(window)
    await until(lambda: any(isinstance(c, NoticeCard) for c in window.chat.cards), what="the notice (read off-thread)")
    notices = [c for c in window.chat.cards if isinstance(c, NoticeCard)]
    assert len(notices) == 1
    assert notices[0].notice.text.startswith("The run failed")
    assert notices[0].notice.error_code == "model.script_exhausted"
    notices[0].link.linkActivated.emit("#details")
    panel = window.timeline
    await panel.loaded.wait()
    await until(lambda: "model.script_exhausted" in panel.detail.toPlainText(), what="the failing event")
    rows = panel.table.selectionModel().selectedRows()
    assert len(rows) == 1
    assert panel.timeline is not None and panel.timeline.index.codes[panel.model.seq_at(rows[0].row())] == \
        "model.script_exhausted"
    panel.errors_only.setChecked(True)
    assert panel.model.rowCount() >= 2  # the bad path (a tool error) and the exhausted script


async def test_a_model_call_is_read_alone_when_shown(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    _window, panel = await _demo(app)
    tl = panel.timeline
    assert tl is not None

    def every_turn(_run_id: str) -> list[object]:
        raise AssertionError("the detail pane must not read all of a run's model calls")

    assert app.runtime is not None
    runs = app.runtime.runs  # the store under Studio.journal.model_turn
    monkeypatch.setattr(runs, "model_turns", every_turn)
    read: list[str] = []
    one = runs.model_turn

    def model_turn(turn_id: str) -> dict[str, object] | None:
        read.append(turn_id)
        return one(turn_id)

    monkeypatch.setattr(runs, "model_turn", model_turn)
    bars = [b for b in tl.lanes[FOREGROUND].bars if b.kind == "model"][:2]
    for bar in bars:
        panel.show_bar(bar)
        assert f"model call {bar.label.split()[-1]}" in panel.detail.toPlainText()
    panel.show_bar(bars[0])
    assert read == [bars[0].key, bars[1].key]  # the second showing of the first came from the cache


def test_a_completed_reviews_line_in_the_events_list_names_its_verdict() -> None:
    """``summarize`` of ``review_completed`` says the verdict the reviewer's lane says (``completed_review``)."""
    from relay_studio.domain.events import Event

    def completed(seq: int, payload: dict[str, object]) -> Event:
        return Event.model_validate({"seq": seq, "runId": "r", "type": "review_completed", "level": "info",
                                     "timestamp": "2026-01-01T00:00:01.000+00:00", "invocationId": "dir",
                                     "relatedInvocationIds": ["rev"],
                                     "payload": {"kind": "consistency", "agentId": "director",
                                                 "reviewerId": "consistency-reviewer", **payload}})

    issue = {"severity": "conflict", "entry": "Mira", "explanation": "—"}
    conflict = completed(1, {"status": "passed", "overallStatus": "conflict", "name": "Mira",
                             "result": {"issues": [issue, {**issue, "severity": "warning"}]}})
    warning = completed(2, {"status": "passed", "overallStatus": "warning", "name": "Harbor",
                            "result": {"issues": [{**issue, "severity": "warning"}]}})
    passed = completed(3, {"status": "passed", "overallStatus": "clean", "name": "Lune", "result": {"issues": []}})
    failed = completed(4, {"status": "failed", "overallStatus": "conflict", "name": "Tide",
                           "errorCode": "review.invalid_output", "message": "did not answer in the required form"})
    rules = completed(5, {"kind": "rules", "status": "passed", "overallStatus": "clean", "name": "",
                          "result": {"summary": "Grappled: speed 0.", "issues": []}})
    assert summarize(conflict) == "“Mira”: conflict · 2 issues"
    assert summarize(warning) == "“Harbor”: warning · 1 issue"
    assert summarize(passed) == "“Lune”: passed"
    assert summarize(failed) == "“Tide”: failed (review.invalid_output)"
    assert summarize(rules) == "passed"  # nothing named: the verdict alone
    # The same derivation as the reviewer's lane: its verdict, issues and error code.
    assert [(r.verdict, r.issues, r.error_code) for r in map(completed_review, (conflict, passed, failed))] == [
        ("conflict", 2, ""), ("passed", 0, ""), ("failed", 0, "review.invalid_output")]


def test_handoff_labels_never_overlap() -> None:
    def width(text: str) -> float:
        return 7.0 * len(text)

    def elide(text: str, room: int) -> str:
        return text[: max(room // 7 - 1, 0)] + "…"

    xs = [100.0, 200.0, 215.0, 230.0, 500.0]
    labels = layout_marker_labels([(x, f"→ Agent {i}: a brief title") for i, x in enumerate(xs)], width, elide)
    spans: dict[int, list[tuple[float, float]]] = {}
    for x, (row, text) in zip(xs, labels, strict=True):
        if text:
            left = x + MARKER_TEXT_DX
            spans.setdefault(row, []).append((left, left + width(text)))
    for row_spans in spans.values():
        for (_a0, a1), (b0, _b1) in pairwise(row_spans):
            assert a1 <= b0, (row_spans, labels)
    assert labels[0] == (0, "→ Agent 0")  # short of room before the next marker: its target whole
    assert labels[1] == (1, "→ Agent 1: a brief title")  # crowded: the second row
    assert labels[2] == (0, "")  # no room in either row: the tooltip and the detail pane name it
    assert labels[4] == (0, "→ Agent 4: a brief title")
    # the last handoff near the view's edge: its label ends there, elided, not cut off by the edge
    edge = layout_marker_labels([(x, f"→ Agent {i}: a brief title") for i, x in enumerate(xs)], width, elide,
                                right=600.0)
    assert edge[4][1] == "→ Agent 4" and 500 + MARKER_TEXT_DX + width(edge[4][1]) <= 600 + 7  # its target whole
    edge = layout_marker_labels([(535.0, "→ Agent 4: a brief title")], width, elide, right=600.0)
    assert edge[0][1].endswith("…") and 535 + MARKER_TEXT_DX + width(edge[0][1]) <= 600 + 7


def test_lane_tiles_follow_closing_bars(qtbot: QtBot) -> None:
    from relay_studio.domain.events import Event

    def ev(seq: int, type_: str, payload: dict[str, object], ms: int) -> Event:
        return Event.model_validate({"seq": seq, "runId": "r", "type": type_, "level": "info",
                                     "timestamp": f"2026-01-01T00:00:{ms // 1000:02d}.{ms % 1000:03d}+00:00",
                                     "invocationId": "i", "relatedInvocationIds": [], "payload": payload})

    tl = RunTimeline("r")
    tl.apply(ev(1, "agent_invocation_created", {"agentId": "w", "displayName": "W", "kind": "root"}, 0))
    tl.apply(ev(2, "agent_invocation_started", {"agentId": "w", "displayName": "W", "kind": "root"}, 0))
    tl.apply(ev(3, "model_call_started", {"turnId": "t1", "callIndex": 1}, 100))
    view = LanesView()
    qtbot.addWidget(view)
    view.resize(800, 200)
    view.set_timeline(tl)
    view.show()
    view.viewport().grab()  # paints now, into a pixmap
    assert view.painted_bars == 1  # open: painted live, not into a tile
    tl.apply(ev(4, "model_call_completed", {"turnId": "t1"}, 900))
    assert tl.lanes[FOREGROUND].dirty == pytest.approx((0.1, 0.9))
    view.refresh()
    view.fit()
    assert _grab_until_tiles_complete(view) >= 1  # into its tiles
    assert tl.lanes[FOREGROUND].dirty is None and view._tiles
    view.viewport().grab()
    assert view.painted_bars == 0  # the closed bar now comes from its cached tiles


def _grab_until_tiles_complete(view: LanesView) -> int:
    """Paints until no tile is left for a later frame; returns the bars painted on the way. A paint renders
    new tiles only while its wall-clock budget (TILE_BUDGET_S) lasts, at least one, so on a loaded machine the
    tiles of a frame can take several paints; each paint renders one more at least."""
    painted = 0
    for _ in range(len(view._tiles) + 8):
        view.viewport().grab()
        painted += view.painted_bars
        if not view.incomplete:
            return painted
    raise AssertionError("the lane's tiles were still incomplete after a paint per tile")


def test_tiles_past_the_paint_budget_follow_on_the_next_paint(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from relay_studio.domain.events import Event
    from relay_studio.ui.timeline import lanes

    def ev(seq: int, type_: str, payload: dict[str, object], ms: int) -> Event:
        return Event.model_validate({"seq": seq, "runId": "r", "type": type_, "level": "info",
                                     "timestamp": f"2026-01-01T00:00:{ms // 1000:02d}.{ms % 1000:03d}+00:00",
                                     "invocationId": "i", "relatedInvocationIds": [], "payload": payload})

    tl = RunTimeline("r")
    tl.apply(ev(1, "agent_invocation_created", {"agentId": "w", "displayName": "W", "kind": "root"}, 0))
    tl.apply(ev(2, "agent_invocation_started", {"agentId": "w", "displayName": "W", "kind": "root"}, 0))
    tl.apply(ev(3, "model_call_started", {"turnId": "t1", "callIndex": 1}, 100))
    tl.apply(ev(4, "model_call_completed", {"turnId": "t1"}, 900))
    monkeypatch.setattr(lanes, "TILE_BUDGET_S", -1.0)  # every paint's budget is spent after its first tile
    view = LanesView()
    qtbot.addWidget(view)
    view.resize(800, 200)
    view.set_timeline(tl)
    view.show()
    view.viewport().grab()
    assert view.incomplete and len(view._tiles) == 1  # the bar spans two tiles: the second is left out
    view.viewport().grab()
    assert not view.incomplete and len(view._tiles) == 2 and view.painted_bars == 1  # the second tile now
    view.viewport().grab()
    assert view.painted_bars == 0


def test_the_live_card_breaks_endless_lines_but_keeps_the_text(qtbot: QtBot) -> None:
    card = LiveRunCard()
    qtbot.addWidget(card)
    card.begin("r", "Writer")
    pieces = ["word " * 50] * 40 + ["end\nshort line ", "tail"]
    for piece in pieces:
        card.append("inv", "Writer", piece)
    assert card.streamed_text == "— Writer —\n" + "".join(pieces)
    lines = card.text.toPlainText().split("\n")
    assert max(len(line) for line in lines) <= LIVE_LINE_CHARS + 5
    assert card.text.toPlainText().replace("\n", " ").split() == card.streamed_text.replace("\n", " ").split()


async def test_a_runs_journal_is_read_off_the_gui_thread_and_folded_whole(app: App,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    window, panel = await _demo(app)
    run_id = panel.run_id
    expected = window.studio.journal.events(run_id)
    threads = _journal_read_on(monkeypatch)
    panel.load("")
    panel.load(run_id)  # opened again: the whole journal is read anew
    await panel.loaded.wait()
    assert panel.timeline is not None and panel.timeline.last_seq == expected[-1].seq == len(expected)
    assert any(name.startswith("relay-studio-read") for name in threads)  # the journal, on the reader thread
    assert threads[-1] == threading.main_thread().name  # the last few, read where they are folded


async def test_a_page_of_events_the_index_has_not_reached_is_read_off_the_gui_thread_and_its_rows_told(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, panel = await _demo(app)
    assert panel.timeline is not None
    run_id, total = panel.timeline.run_id, panel.model.rowCount()
    read_on = _journal_read_on(monkeypatch)
    panel.model.set_run(RunTimeline(run_id, panel.model.words), total)  # an index not read yet: rows from pages
    told: list[int] = []
    panel.model.dataChanged.connect(lambda top, bottom, _roles=(): told.append(bottom.row() - top.row() + 1))
    first = panel.model.index(0, 3)
    assert panel.model.data(first) == ""  # asked in a paint: empty until its page is read, nothing read here
    assert threading.main_thread().name not in read_on
    await until(lambda: panel.model.data(first) != "", what="the page's rows")
    read_sentence = panel.model.data(first)
    assert read_on and threading.main_thread().name not in read_on
    assert told and told[-1] == total  # the rows shown are told changed once the page came
    window.timeline.load(run_id)  # shown as the panel shows it: the row read from its page says what the index says
    await window.timeline.loaded.wait()
    assert window.timeline.model.data(window.timeline.model.index(0, 3)) == read_sentence
