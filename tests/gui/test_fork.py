""""Rerun from here" on the timeline (docs/fork.md): the editor's stage rerun with an edited brief, the
branch shown under the original run from the fork point, and the compare view of the two branches."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from tests.gui.conftest import App, run_to_end, until
from tests.gui.scripts import DRAFT, REVISED, relay_turns
from tests.gui.test_window_languages import clipped

DARKER = "# The Harbour\n\nThe boats came home in the dark, and one did not.\n"


def _turns() -> dict[str, list[dict[str, object]]]:
    turns = relay_turns()
    turns["editor"] += [  # the fork's editor: it reads what the writer left, writes its own pass
        {"toolCalls": [{"name": "workspace_read_file", "arguments": {"path": "output/main.md"}}]},
        {"toolCalls": [{"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": DARKER}},
                       {"name": "workspace_commit", "arguments": {}},
                       {"name": "agent_handoff", "arguments": {"agentId": "finalizer", "handoff": {
                           "objective": "Finish the run."}}}]},
    ]
    turns["finalizer"] += [{"toolCalls": [{"name": "workspace_finish", "arguments": {"summary": "Done."}}]}]
    return turns


async def test_rerun_the_editors_stage_with_an_edited_brief_and_compare(app: App, qtbot: QtBot) -> None:
    window = app.open(_turns())
    window.new_chat()
    window.chat.composer.set_text("Write about a harbour.")
    window.chat.composer.submit()
    source = await run_to_end(window)
    panel = window.timeline
    await panel.loaded.wait()
    await until(lambda: len(panel.rerun.stages) == 3 and panel.rerun.branches_read.is_set(), what="the stages")
    assert not panel.rerun.button.isEnabled()  # no stage picked yet
    assert panel.rerun.branches.isHidden()  # one run: no branches to show

    # A right-click on the finalizer's stage in the lanes offers the rerun of stage 3.
    lanes = panel.lanes
    foreground = panel.timeline.ordered_lanes()[0]  # type: ignore[union-attr]
    last = foreground.stages[-1]
    x = lanes.x_of(last.start + ((last.end or last.start) - last.start) / 2)
    y = lanes.lane_top(foreground) + 2  # above the bars: the stage's span
    assert panel.rerun.invocation_at(lanes, x, y) == last.invocation_id
    panel.rerun.context_menu(lanes, QPoint(int(x), y))
    assert panel.rerun.picked is not None and panel.rerun.picked.number == 3
    assert panel.rerun.menu is not None and [a.text() for a in panel.rerun.menu.actions()] == ["Rerun from here…"]
    panel.rerun.menu.close()

    handoff_to_editor = panel.timeline.markers[0]  # type: ignore[union-attr]
    panel.open_marker(handoff_to_editor)  # what a click on the handoff marker does
    assert panel.rerun.button.isEnabled()
    qtbot.mouseClick(panel.rerun.button, Qt.MouseButton.LeftButton)
    dialog = panel.rerun.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.agent_box.currentData() == "editor"
    assert dialog.brief_edit.toPlainText() == "Revise output/main.md and hand it on."  # the old brief
    dialog.brief_edit.selectAll()
    qtbot.keyClicks(dialog.brief_edit, "Make it darker.")
    qtbot.mouseClick(dialog.rerun_button, Qt.MouseButton.LeftButton)
    fork = await run_to_end(window, runs_before=1)
    assert fork != source and not dialog.isVisible()

    # The fork's editor got the edited brief and read the writer's draft, not the editor's revision.
    studio = window.studio
    read = next(e for e in studio.journal.events(fork) if e.type == "tool_call_completed")
    assert read.payload["result"] == DRAFT
    editor_calls = [r for r in app.provider.requests if r.agent_id == "editor"]  # type: ignore[union-attr]
    brief_seen = editor_calls[2].messages[-1].content  # the fork's editor's first call
    assert "Make it darker." in brief_seen and "Revise output/main.md" not in brief_seen
    # Its commit is a new version of the answer.
    await until(lambda: window.chat.message_cards()[-1].shown_text == DARKER, what="the fork's version in the chat")
    assert len(window.chat.message_cards()[-1].versions) == 2

    # The timeline shows the fork, and the branches one above the other from the fork point.
    await until(lambda: panel.run_id == fork, what="the fork on the timeline")
    await until(lambda: set(panel.rerun.branches.row_buttons) == {source, fork} and panel.rerun.branches_read.is_set(),
                what="the branches")
    branches = panel.rerun.branches
    assert branches.isVisible()
    assert sorted(k for k in branches.cells if k[0] == source) == [(source, 1), (source, 2), (source, 3)]
    assert sorted(k for k in branches.cells if k[0] == fork) == [(fork, 2), (fork, 3)]  # from the fork point
    assert branches.row_buttons[fork].isChecked() and not branches.row_buttons[source].isChecked()
    # the stages name their agents as the lanes do (seen under Xvfb: "1 · writer", "2 · editor", the ids)
    assert [branches.cells[(source, n)].text() for n in (1, 2, 3)] == ["1 · Writer", "2 · Editor", "3 · Finalizer"]
    # the strip never widens the window: at 1000 px the timeline keeps its width and every branch stays in reach
    window.resize(1000, 700)
    await until(lambda: window.width() == 1000 and window.minimumSizeHint().width() <= 1000, what="1000 px")
    assert clipped(panel) == []
    assert panel.rerun.button.mapTo(window, QPoint(panel.rerun.button.width(), 0)).x() <= window.width()

    # The compare view diffs the two branches' final messages and output/ files.
    qtbot.mouseClick(branches.compare_buttons[fork], Qt.MouseButton.LeftButton)
    await until(lambda: panel.rerun.compare_dialog is not None, what="the compare view")
    compare = panel.rerun.compare_dialog
    assert compare is not None and compare.isVisible()
    text = compare.view.toPlainText()
    assert "Final message" in text and "output/main.md" in text
    assert "heavy with silver" in text and "one did not" in text
    assert compare.comparison.left_message == REVISED and compare.comparison.right_message == DARKER

    # Picking the original branch shows it again.
    qtbot.mouseClick(branches.row_buttons[source], Qt.MouseButton.LeftButton)
    await until(lambda: panel.run_id == source, what="the original run on the timeline")
    # The run picker says which run is the rerun, and from which stage; the original reads as a request.
    panel.show_chat(window.chat_id)  # the picker is read on the reader lane and listed when it arrives

    def labels() -> dict[str, str]:
        return {panel.run_box.itemData(i): panel.run_box.itemText(i) for i in range(panel.run_box.count())}

    await until(lambda: labels().get(fork, "").endswith(" · rerun from stage 2"), what="the rerun's label")
    assert "rerun" not in labels()[source], labels()
