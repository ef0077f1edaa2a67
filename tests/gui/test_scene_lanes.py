"""A scene chat's whole-scene view in the timeline (docs/window/scenes.md, "The timeline"): three characters over
two scenes, turns taken by ``/as`` and a Scene break clicked; the view has a lane per character, each turn a bar in
its speaker's lane in the order taken, the break marked before the first turn of scene 2; a click on a bar shows that
turn's run below (its events, its lane named with its speaker) and in the detail pane what that character was not
given (Tam was away for scene 1)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QTabBar
from pytestqt.qtbot import QtBot

from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.timeline.lane_items import Bar
from relay_studio.ui.timeline.lanes import LANE_H, LANES_TOP
from relay_studio.ui.timeline.scene_lanes import SceneTimeline
from tests.gui.conftest import App, run_to_end, until
from tests.gui.test_scene_window import send
from tests.support import profile

TURNS = {"mira": [{"text": "Mira: the harbour smells of tar."}, {"text": "Mira: scene two, and I am back."}],
         "oren": [{"text": "Oren: the boats are late."}],
         "tam": [{"text": "Tam: I arrive with the tide."}]}


def cast_of_three(window: MainWindow) -> str:
    studio, rt = window.studio, window.studio.runtime
    for pid in ("mira", "oren", "tam"):  # characters answer in plain text, as card agents do
        rt.profile_store.save(profile(pid, tools={"allow": []}, run={"directRunnable": True, "endOnTextAnswer": True}))
    record = studio.scenes.new("Harbour", ["mira", "oren", "tam"], None, window.project_id)
    window.refresh_chats()
    window.open_chat(record.chat_id)
    return record.chat_id


def lanes_hold(window: MainWindow, turns: int) -> bool:
    timeline = window.timeline.scene_lanes.timeline
    return timeline is not None and len(timeline.turns) == turns and all(t.status == "completed"
                                                                         for t in timeline.turns)


async def test_the_whole_scene_has_a_lane_per_character_and_each_turn_in_its_speakers_lane(
        app: App, qtbot: QtBot, tmp_path: Path) -> None:
    window = app.open(TURNS)
    cast_of_three(window)
    scene_lanes = window.timeline.scene_lanes
    await until(lambda: not scene_lanes.isHidden(), what="the whole-scene view of a scene chat")
    bar = window.chat.scene_bar
    await until(lambda: bar.portrait_of("Tam") is not None, what="the cast strip")

    def presence(name: str, action: str) -> None:
        next(a for a in bar.presence_menu(bar.portrait_of(name)).actions()  # type: ignore[arg-type]
             if a.text() == f"{name} {action} the scene").trigger()

    presence("Tam", "leaves")  # Tam hears nothing of scene 1
    await send(window, qtbot, "/as Mira The pier at dawn.")
    first = await run_to_end(window, 0)
    await send(window, qtbot, "/as Oren")
    second = await run_to_end(window, 1)
    qtbot.mouseClick(bar.break_button, Qt.MouseButton.LeftButton)
    await until(lambda: bar.title.text().startswith("Scene 2"), what="scene 2")
    presence("Tam", "enters")
    await send(window, qtbot, "/as Tam")
    third = await run_to_end(window, 2)
    await send(window, qtbot, "/as Mira")
    fourth = await run_to_end(window, 3)
    await until(lambda: lanes_hold(window, 4), what="the four turns read into the whole scene")

    timeline = scene_lanes.timeline
    assert isinstance(timeline, SceneTimeline)
    view = scene_lanes.view
    assert [view.lane_label(lane) for lane in view._lanes] == ["Mira", "Oren", "Tam"]
    assert view.viewport().height() >= LANES_TOP + 3 * LANE_H  # the whole cast in view
    in_lanes = {lane.title: [(b.key, b.label) for b in lane.bars] for lane in timeline.ordered_lanes()}
    assert in_lanes == {"Mira": [(first, "Turn 1"), (fourth, "Turn 4")], "Oren": [(second, "Turn 2")],
                        "Tam": [(third, "Turn 3")]}
    assert [timeline.scene_of[r] for r in (first, second, third, fourth)] == [1, 1, 2, 2]
    [scene_break] = timeline.markers
    assert scene_break.target_name == "Scene 2" and 1 < scene_break.time < 2  # between turns 2 and 3
    assert all(b.outcome == "ok" for lane in timeline.ordered_lanes() for b in lane.bars)

    # a click on a bar shows that turn's run below: its events, its lane its speaker's, what it was not given
    panel = window.timeline
    await until(lambda: panel.run_id == fourth and panel.loaded.is_set(), what="the last turn shown")
    assert view.selected_bar is timeline.bar_of_run(fourth)
    view.fit()
    for run_id, name in ((second, "Oren"), (third, "Tam")):
        turn = timeline.bar_of_run(run_id)
        assert isinstance(turn, Bar)
        point = view.bar_point(turn).toPoint()
        assert name in view._tip(view.hit(point.x(), point.y()))
        shown: list[str] = []
        panel.selection_shown.connect(shown.append)
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
        await until(lambda run_id=run_id, shown=shown: panel.run_id == run_id and bool(shown),  # this turn's
                    what=f"{name}'s turn shown below")
        panel.selection_shown.disconnect(shown.append)
        assert panel.run_box.currentData() == run_id and view.selected_bar is turn
        assert [panel.lanes.lane_label(lane) for lane in panel.lanes._lanes] == [name]
        assert "knows of the scene</h2>" in shown[-1]  # the turn's scene_context_assembled, in words
    # Tam was away for the direction, Mira's line and Oren's
    assert "<h3>Left out of what this character saw</h3>" in shown[-1]
    assert "not present in scene 1: 3 messages" in shown[-1]


async def test_at_1000_by_700_the_whole_scene_leaves_the_timeline_inside_its_dock(app: App, qtbot: QtBot) -> None:
    # seen in the window: at 1000x700 a scene chat's timeline (the whole scene's three lanes as its minimum) was
    # 75 px taller than its dock, its detail pane drawn over the Timeline/Library tabs and past the window
    window = app.open(TURNS)
    window.resize(1000, 700)
    await until(lambda: window.width() == 1000 and window.height() == 700, what="the window at 1000x700")
    cast_of_three(window)
    panel, scene_lanes = window.timeline, window.timeline.scene_lanes
    await until(lambda: not scene_lanes.isHidden() and scene_lanes.reads > 0, what="the whole scene read")
    tabs = next(t for t in window.findChildren(QTabBar)
                if t.isVisible() and "Timeline" in [t.tabText(i) for i in range(t.count())])

    def bottom() -> int:
        return panel.mapTo(window, QPoint(0, panel.height())).y()

    await until(lambda: bottom() <= tabs.mapTo(window, QPoint(0, 0)).y(), what="the panel above the dock's tabs")
    assert panel.minimumSizeHint().height() <= panel.height()
    assert scene_lanes.view.height() >= LANES_TOP + LANE_H  # a lane at least; the rest of the cast scrolls
