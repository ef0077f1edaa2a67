"""'Let me see the brief first' in the window (docs/window/chats-and-composer.md, *Seeing the brief first*): the
editor's handoff opens its brief in an editor while the run waits; the creator's version is what the
finalizer's recorded request holds, and Cancel hands on the agent's brief."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPlainTextEdit
from pytestqt.qtbot import QtBot

from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.patches.brief_dialog import BriefDialog
from relay_studio.ui.patches.dialog import PatchDialog
from tests.gui.conftest import App, until

AGENT_OBJECTIVE = "Give output/main.md its final polish and deliver it."
CREATOR_OBJECTIVE = "Cut the last line, keep the fog, and deliver it."
TURNS: dict[str, list[dict[str, Any]]] = {
    "editor": [
        {"toolCalls": [{"name": "workspace_write_file",
                        "arguments": {"path": "output/main.md", "content": "The fog came early. She lit the lamp."}}]},
        {"toolCalls": [{"name": "workspace_commit", "arguments": {"path": "output/main.md"}},
                       {"name": "agent_handoff", "arguments": {"agentId": "finalizer", "handoff": {
                           "title": "Final polish", "objective": AGENT_OBJECTIVE,
                           "mustPreserve": ["She lights the lamp."]}}}]},
    ],
    "finalizer": [{"toolCalls": [{"name": "workspace_finish", "arguments": {"summary": "Delivered."}}]}],
}


async def _send_with_review(app: App, approve_writes: bool = False) -> MainWindow:
    """The editor's relay with "let me see the brief first"; ``approve_writes``: its writes wait for approval too."""
    window = app.open(TURNS)
    assert app.runtime is not None
    editor = app.runtime.profiles()["editor"]
    update: dict[str, Any] = {"handoff": editor.handoff.model_copy(update={"review_brief": True})}
    if approve_writes:
        update["tools"] = editor.tools.model_copy(update={"require_approval": ["workspace.write_file"]})
    app.runtime.profile_store.save(editor.model_copy(update=update))
    window.refresh_profiles()
    window.new_chat()
    window.chat.composer.select_agent("editor")
    window.chat.composer.set_text("Polish the fog scene.")
    window.chat.composer.submit()
    return window


async def _brief_dialog(window: MainWindow) -> BriefDialog:
    await until(lambda: (d := window.findChild(BriefDialog)) is not None and d.isVisible(), what="the brief editor")
    dialog = window.findChild(BriefDialog)
    assert dialog is not None
    return dialog


def _finalizer_request(app: App, run_id: str) -> str:
    assert app.runtime is not None
    turns = [t for t in app.runtime.runs.model_turns(run_id) if t["agentId"] == "finalizer"]
    return json.dumps(turns[0]["request"], ensure_ascii=False)


async def test_the_finalizer_gets_the_brief_the_creator_edited_in_the_window(app: App, qtbot: QtBot) -> None:
    window = await _send_with_review(app)
    dialog = await _brief_dialog(window)
    assert window.studio.run_status(dialog.pending.request.run_id).value == "awaiting_approval"
    assert window.findChild(PatchDialog) is None  # a brief is no patch
    objective = dialog.fields["objective"]
    assert isinstance(objective, QPlainTextEdit) and objective.toPlainText() == AGENT_OBJECTIVE
    objective.selectAll()
    qtbot.keyClick(objective, Qt.Key.Key_Delete)
    await until(lambda: not dialog.hand_on_button.isEnabled(), what="Hand on to wait for an objective")
    qtbot.keyClicks(objective, CREATOR_OBJECTIVE)
    qtbot.keyClicks(dialog.fields["completionCriteria"], "Under sixty words.")
    qtbot.mouseClick(dialog.hand_on_button, Qt.MouseButton.LeftButton)
    await until(lambda: not window.studio.handles, what="the run to end")
    await until(lambda: window.chat.up_to_date, what="the chat's read after the run's end")

    run_id = dialog.pending.request.run_id
    request = _finalizer_request(app, run_id)
    assert CREATOR_OBJECTIVE in request and "Under sixty words." in request
    assert AGENT_OBJECTIVE not in request and "She lights the lamp." in request
    assert app.runtime is not None
    accepted = [e.payload for e in app.runtime.runs.events(run_id) if e.type == "agent_handoff_accepted"]
    assert accepted[0]["agentBrief"]["objective"] == AGENT_OBJECTIVE
    assert accepted[0]["brief"]["objective"] == CREATOR_OBJECTIVE
    assert window.studio.run_status(run_id).value == "completed"  # type: ignore[union-attr]


async def test_cancel_hands_on_the_agents_brief(app: App, qtbot: QtBot) -> None:
    window = await _send_with_review(app)
    dialog = await _brief_dialog(window)
    qtbot.keyClicks(dialog.fields["objective"], " And more.")
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    await until(lambda: not window.studio.handles, what="the run to end")
    await until(lambda: window.chat.up_to_date, what="the chat's read after the run's end")
    request = _finalizer_request(app, dialog.pending.request.run_id)
    assert AGENT_OBJECTIVE in request and "And more." not in request


async def test_approve_the_rest_of_this_run_still_opens_the_brief_editor(app: App, qtbot: QtBot) -> None:
    window = await _send_with_review(app, approve_writes=True)
    await until(lambda: (d := window.findChild(PatchDialog)) is not None and d.isVisible(), what="the patch dialog")
    patches = window.findChild(PatchDialog)
    assert patches is not None
    qtbot.mouseClick(patches.approve_rest, Qt.MouseButton.LeftButton)
    await until(lambda: patches.approve_rest.isChecked(), what="Approve the rest of this run ticked")
    qtbot.mouseClick(patches.approve_button, Qt.MouseButton.LeftButton)
    dialog = await _brief_dialog(window)  # the brief is a question the rest of the run does not answer
    run_id = dialog.pending.request.run_id
    assert window.studio.run_status(run_id).value == "awaiting_approval"
    qtbot.keyClicks(dialog.fields["completionCriteria"], "Under sixty words.")
    qtbot.mouseClick(dialog.hand_on_button, Qt.MouseButton.LeftButton)
    await until(lambda: not window.studio.handles, what="the run to end")
    await until(lambda: window.chat.up_to_date, what="the chat's read after the run's end")
    assert "Under sixty words." in _finalizer_request(app, run_id)
    assert app.runtime is not None
    approved = [e.payload for e in app.runtime.runs.events(run_id) if e.type == "tool_call_approved"]
    assert [p["approveRest"] for p in approved] == [True, False]
    assert approved[1]["tool"] == "agent_handoff.brief" and "editedBrief" in approved[1]


async def test_a_brief_left_waiting_when_the_app_quits_is_asked_again_at_the_next_start(app: App,
                                                                                          qtbot: QtBot) -> None:
    window = await _send_with_review(app)
    dialog = await _brief_dialog(window)
    run_id = dialog.pending.request.run_id
    window.close()  # the creator quits while the brief waits
    box = window.findChild(QMessageBox, "QuitQuestion")
    assert box is not None and box.isVisible() and "asks you again when it next starts" in box.text()
    yes = box.button(QMessageBox.StandardButton.Yes)
    assert yes is not None
    qtbot.mouseClick(yes, Qt.MouseButton.LeftButton)
    await until(lambda: not window.isVisible(), what="the window to close")
    await app.close()  # the studio's shutdown, as the app's end runs it

    window = app.open(TURNS)  # the next start
    assert app.runtime is not None and app.runtime.suspended == [run_id]
    dialog = await _brief_dialog(window)  # the same brief, in its editor again
    assert dialog.pending.request.run_id == run_id
    objective = dialog.fields["objective"]
    assert isinstance(objective, QPlainTextEdit) and objective.toPlainText() == AGENT_OBJECTIVE
    qtbot.keyClicks(dialog.fields["completionCriteria"], "Under sixty words.")
    qtbot.mouseClick(dialog.hand_on_button, Qt.MouseButton.LeftButton)
    await until(lambda: not window.studio.handles, what="the resumed run to end")
    await until(lambda: window.chat.up_to_date, what="the chat's read after the run's end")
    assert "Under sixty words." in _finalizer_request(app, run_id)
    assert window.studio.run_status(run_id).value == "completed"  # type: ignore[union-attr]
    types = [e.type for e in app.runtime.runs.events(run_id)]
    assert "run_suspended" in types and "run_resumed" in types and "run_cancelled" not in types
    assert types.count("agent_handoff_accepted") == 1 and types.count("chat_commit_completed") == 1
