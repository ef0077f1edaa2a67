"""The patch-confirm dialog: approve, approve with per-hunk choices and edits, reject with a reason,
approve the rest of the run; each decision reaches the agent as its tool result."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from relay_studio.domain.messages import ModelRequest
from relay_studio.domain.profile import parse_profile
from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.patches.dialog import PatchDialog
from tests.gui.conftest import App, until

CAREFUL = {
    "id": "careful", "displayName": "Careful Editor", "description": "Asks before it writes.",
    "model": {"mode": "connection", "connection": "test", "model": "scripted"},
    "tools": {"allow": ["workspace.read_file", "workspace.write_file", "workspace.apply_patch", "workspace.commit",
                        "workspace.finish"],
              "requireApproval": ["workspace.write_file", "workspace.apply_patch"]},
}


def _write(content: str) -> dict[str, Any]:
    args = {"path": "output/main.md", "content": content}
    return {"toolCalls": [{"name": "workspace_write_file", "arguments": args}]}


def _patch(old: str, new: str) -> dict[str, Any]:
    return {"toolCalls": [{"name": "workspace_apply_patch",
                           "arguments": {"path": "output/main.md", "old_string": old, "new_string": new}}]}


FINISH = {"toolCalls": [{"name": "workspace_commit", "arguments": {}},
                        {"name": "workspace_finish", "arguments": {"summary": "Done."}}]}


def _tool_results(requests: list[ModelRequest]) -> list[str]:
    last = requests[-1]
    return [m.content for m in last.messages if m.role == "tool"]


async def _open(app: App, turns: list[dict[str, Any]]) -> MainWindow:
    window = app.open({"careful": turns})
    assert app.runtime is not None
    app.runtime.profile_store.save(parse_profile(CAREFUL))
    window.refresh_profiles()
    window.new_chat()
    window.chat.composer.select_agent("careful")
    window.chat.composer.set_text("Write about the sea.")
    window.chat.composer.submit()
    return window


async def _dialog(window: MainWindow) -> PatchDialog:
    await until(lambda: (d := window.findChild(PatchDialog)) is not None and d.isVisible() and d.current is not None,
                what="a proposal in the patch dialog")
    dialog = window.findChild(PatchDialog)
    assert dialog is not None
    return dialog


async def test_approve_edit_and_reject_reach_the_model(app: App, qtbot: QtBot) -> None:
    window = await _open(app, [_write("A\nB\nC\n"), _write("A2\nB\nC2\n"), _patch("A2", "A3"), FINISH])
    dialog = await _dialog(window)
    assert dialog.title.text() == "Careful Editor wants to write output/main.md"
    assert window.studio.run_status(dialog.current.request.run_id).value == "awaiting_approval"  # type: ignore[union-attr]
    await until(lambda: window.chat.live.review_button.isVisible(), what="the live card to offer a review")
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)

    await until(lambda: dialog.current is not None and dialog.current.request.before == "A\nB\nC\n",
                what="the second proposal")
    assert len(dialog.hunks) == 2
    assert "A2" in dialog.side.toPlainText() and "+A2" in dialog.unified.toPlainText()
    dialog.set_hunk_accepted(1, False)
    assert dialog.result_edit.toPlainText() == "A2\nB\nC\n"
    dialog.result_edit.setPlainText("A2\nB, edited\nC\n")
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)

    await until(lambda: dialog.current is not None and dialog.current.request.tool == "workspace_apply_patch",
                what="the third proposal")
    qtbot.keyClicks(dialog.reason, "Keep the first line")
    qtbot.mouseClick(dialog.reject_button, Qt.MouseButton.LeftButton)
    await until(lambda: not window.studio.handles, what="the run to end")

    provider = app.provider
    assert provider is not None
    results = _tool_results(provider.requests)
    assert results[0].startswith("Wrote output/main.md")
    assert results[1] == "Applied with the user's edits; output/main.md now reads:\nA2\nB, edited\nC\n"
    assert results[2] == "The user rejected this change: Keep the first line."
    run_id = window.timeline.run_id
    assert app.runtime is not None
    types = [e.type for e in app.runtime.runs.events(run_id)
             if e.type in ("tool_call_awaiting_approval", "tool_call_approved", "tool_call_denied")]
    assert types == ["tool_call_awaiting_approval", "tool_call_approved"] * 2 + [
        "tool_call_awaiting_approval", "tool_call_denied"]
    assert (app.runtime.workspace_dir(run_id) / "output/main.md").read_text() == "A2\nB, edited\nC\n"
    await until(lambda: not dialog.isVisible(), what="the dialog to close when nothing waits")
    cards = [c for c in window.chat.message_cards() if c.message.role == "assistant"]
    assert cards and cards[0].shown_text == "A2\nB, edited\nC\n"


async def test_approve_the_rest_of_this_run(app: App, qtbot: QtBot) -> None:
    window = await _open(app, [_write("One.\n"), _write("Two.\n"), _patch("Two", "Three"), FINISH])
    dialog = await _dialog(window)
    dialog.approve_rest.setChecked(True)
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)
    await until(lambda: not window.studio.handles, what="the run to end")
    assert app.runtime is not None
    approved = [e.payload for e in app.runtime.runs.events(window.timeline.run_id) if e.type == "tool_call_approved"]
    assert [p["approveRest"] for p in approved] == [True, False, False]
    assert [p["reason"] for p in approved][1:] == ["approved for the rest of this run"] * 2


async def test_closing_with_a_pending_approval_asks(app: App, qtbot: QtBot) -> None:
    window = await _open(app, [_write("One.\n"), FINISH])
    dialog = await _dialog(window)
    dialog.reject()  # the creator closes the dialog; the proposal still waits
    window.close()
    box = window.findChild(QMessageBox, "QuitQuestion")
    assert box is not None and box.isVisible() and "wait for your approval" in box.text()
    box.done(QMessageBox.StandardButton.No)
    assert window.isVisible() and len(window.studio.pending) == 1
    window.review_changes()
    assert dialog.isVisible() and dialog.current is not None
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)
    await until(lambda: not window.studio.handles, what="the run to end")


async def test_every_proposal_of_a_turn_shows_at_once_and_a_withdrawn_one_leaves(app: App, qtbot: QtBot) -> None:
    notes = {"name": "workspace_write_file", "arguments": {"path": "output/notes.md", "content": "Note.\n"}}
    turn = {"toolCalls": [_write("One.\n")["toolCalls"][0], _patch("One", "Two")["toolCalls"][0], notes]}
    window = await _open(app, [turn, FINISH])
    dialog = await _dialog(window)
    await until(lambda: len(dialog.pending) == 3, what="the turn's three proposals")
    assert dialog.queue.count() == 3
    assert [p.request.after for p in dialog.pending] == ["One.\n", "Two.\n", "Note.\n"]
    assert dialog.pending[1].request.before == "One.\n"  # each diff on top of the one before it

    # Approving the first with an edit changes the file under the second: the runtime takes the
    # second back (it leaves the dialog) and proposes it again with the real before and after.
    first, second = dialog.pending[0], dialog.pending[1]
    assert dialog.current is first
    dialog.result_edit.setPlainText("One, edited.\n")
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)
    await until(lambda: second not in dialog.pending and any(p.request.before == "One, edited.\n"
                                                             for p in dialog.pending),
                what="the second proposal withdrawn and proposed again")
    assert dialog.queue.count() == len(dialog.pending) == 2
    again = next(p for p in dialog.pending if p.request.before == "One, edited.\n")
    assert again.request.after == "Two, edited.\n"
    dialog.queue.setCurrentRow(dialog.pending.index(again))
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)
    await until(lambda: len(dialog.pending) == 1 and dialog.current is not None, what="the last proposal")
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)
    await until(lambda: not window.studio.handles, what="the run to end")

    assert app.runtime is not None
    run_id = window.timeline.run_id
    types = [e.type for e in app.runtime.runs.events(run_id) if e.type.startswith("tool_call_a")
             or e.type == "tool_call_denied"]
    assert types.count("tool_call_awaiting_approval") == 4 and types.count("tool_call_approval_withdrawn") == 1
    assert types.count("tool_call_approved") == 3
    workspace = app.runtime.workspace_dir(run_id)
    assert (workspace / "output/main.md").read_text() == "Two, edited.\n"
    assert (workspace / "output/notes.md").read_text() == "Note.\n"


async def test_a_pending_approval_is_shown_again_after_a_restart(app: App, qtbot: QtBot, tmp_path: Path) -> None:
    window = await _open(app, [_write("One.\n"), _patch("One", "Two"), FINISH])
    dialog = await _dialog(window)
    asked = [(p.request.tool, p.request.before, p.request.after) for p in dialog.pending]
    run_id = next(iter(window.studio.handles))
    # What a crash leaves behind: the data folder as it is while the proposal is open.
    crashed = tmp_path / "after-crash"
    shutil.copytree(app.data_dir, crashed)
    later = App(crashed)
    try:
        window = later.open({"careful": [_write("One.\n"), _patch("One", "Two"), FINISH]})
        assert later.runtime is not None and later.runtime.suspended == [run_id]
        dialog = await _dialog(window)
        assert [(p.request.tool, p.request.before, p.request.after) for p in dialog.pending] == asked
        dialog.approve_rest.setChecked(True)
        qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)
        await until(lambda: not window.studio.handles, what="the resumed run to end")
        record = later.runtime.runs.run(run_id)
        assert record is not None and record.status.value == "completed"
        assert (crashed / "runs" / run_id / "workspace" / "output" / "main.md").read_text() == "Two.\n"
    finally:
        await later.close()
