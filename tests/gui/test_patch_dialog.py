"""The patch-confirm dialog: approve, approve with per-hunk choices and edits, reject with a reason,
approve the rest of the run; each decision reaches the agent as its tool result."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QListWidget, QMessageBox, QStyle, QStyleOptionViewItem, QWidget
from pytestqt.qtbot import QtBot

from relay_studio.domain.messages import ModelRequest
from relay_studio.domain.profile import parse_profile
from relay_studio.resources import resource_dir
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
    _click_check(qtbot, dialog.hunk_list, 1)
    assert dialog.result_edit.toPlainText() == "A2\nB\nC\n"
    _retype(qtbot, dialog, "A2\nB, edited\nC\n")
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)

    await until(lambda: dialog.current is not None and dialog.current.request.tool == "workspace_apply_patch",
                what="the third proposal")
    qtbot.keyClicks(dialog.reason, "Keep the first line")
    qtbot.mouseClick(dialog.reject_button, Qt.MouseButton.LeftButton)
    await until(lambda: not window.studio.handles, what="the run to end")
    await until(lambda: window.chat.up_to_date, what="the chat's read after the run's end")

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
    _click(qtbot, dialog.approve_rest)
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)
    await until(lambda: not window.studio.handles, what="the run to end")
    await until(lambda: window.chat.up_to_date, what="the chat's read after the run's end")
    assert app.runtime is not None
    approved = [e.payload for e in app.runtime.runs.events(window.timeline.run_id) if e.type == "tool_call_approved"]
    assert [p["approveRest"] for p in approved] == [True, False, False]
    assert [p["reason"] for p in approved][1:] == ["approved for the rest of this run"] * 2


async def test_closing_with_a_pending_approval_asks(app: App, qtbot: QtBot) -> None:
    window = await _open(app, [_write("One.\n"), FINISH])
    dialog = await _dialog(window)
    qtbot.keyClick(dialog.queue, Qt.Key.Key_Escape)  # the creator closes the dialog; the proposal still waits
    assert not dialog.isVisible()
    window.close()
    box = window.findChild(QMessageBox, "QuitQuestion")
    assert box is not None and box.isVisible() and "1 change waits for your approval" in box.text()
    no = box.button(QMessageBox.StandardButton.No)
    assert no is not None
    _click(qtbot, no)
    assert window.isVisible() and len(window.studio.pending) == 1
    await until(lambda: window.chat.live.review_button.isVisible(), what="Review changes on the live card")
    _click(qtbot, window.chat.live.review_button)
    assert dialog.isVisible() and dialog.current is not None
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)
    await until(lambda: not window.studio.handles, what="the run to end")
    await until(lambda: window.chat.up_to_date, what="the chat's read after the run's end")


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
    _retype(qtbot, dialog, "One, edited.\n")
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)
    await until(lambda: second not in dialog.pending and any(p.request.before == "One, edited.\n"
                                                             for p in dialog.pending),
                what="the second proposal withdrawn and proposed again")
    assert dialog.queue.count() == len(dialog.pending) == 2
    again = next(p for p in dialog.pending if p.request.before == "One, edited.\n")
    assert again.request.after == "Two, edited.\n"
    _click_row(qtbot, dialog.queue, dialog.pending.index(again))
    assert dialog.current is again
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)
    await until(lambda: len(dialog.pending) == 1 and dialog.current is not None, what="the last proposal")
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)
    await until(lambda: not window.studio.handles, what="the run to end")
    await until(lambda: window.chat.up_to_date, what="the chat's read after the run's end")

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
        _click(qtbot, dialog.approve_rest)
        qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)
        await until(lambda: not window.studio.handles, what="the resumed run to end")
        await until(lambda: window.chat.up_to_date, what="the chat's read after the run's end")
        record = later.runtime.runs.run(run_id)
        assert record is not None and record.status.value == "completed"
        assert (crashed / "runs" / run_id / "workspace" / "output" / "main.md").read_text() == "Two.\n"
    finally:
        await later.close()


# -- one by one: the demo's editor proposes a patch and a commit in one turn --------------------------

_DEMO = json.loads((resource_dir() / "scripts" / "demo_relay.json").read_text(encoding="utf-8"))["turns"]
DRAFT = _DEMO["writer"][2]["toolCalls"][0]["arguments"]["content"]
_PATCH = _DEMO["editor"][1]["toolCalls"][0]["arguments"]
PATCHED = DRAFT.replace(_PATCH["old_string"], _PATCH["new_string"])


async def _demo(app: App) -> tuple[MainWindow, PatchDialog]:
    window = app.open()
    window.run_demo(with_approval=True)
    dialog = await _dialog(window)
    await until(lambda: len(dialog.pending) == 2, what="the editor's two proposals")
    assert [p.request.tool for p in dialog.pending] == ["workspace_apply_patch", "workspace_commit"]
    assert dialog.current is dialog.pending[0]
    await until(lambda: QApplication.activeWindow() is dialog, what="the dialog to have the keyboard")
    return window, dialog


def _click(qtbot: QtBot, widget: QWidget) -> None:
    assert widget.isVisible() and widget.isEnabled(), f"{widget.objectName() or widget} cannot be clicked"
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def _click_row(qtbot: QtBot, view: QListWidget, row: int) -> None:
    item = view.item(row)
    assert item is not None
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualItemRect(item).center())


def _click_tab(qtbot: QtBot, dialog: PatchDialog, title: str) -> None:
    bar = dialog.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == title)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert dialog.tabs.currentIndex() == index


def _click_check(qtbot: QtBot, view: QListWidget, row: int) -> None:
    """Clicks the checkbox of a row, where the style draws it."""
    item = view.item(row)
    assert item is not None
    option = QStyleOptionViewItem()
    option.initFrom(view)
    option.rect = view.visualItemRect(item)
    option.features = QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
    box = view.style().subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, option, view)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=box.center())


def _ctrl(qtbot: QtBot, widget: QWidget, key: Qt.Key) -> None:
    qtbot.keyClick(widget, key, Qt.KeyboardModifier.ControlModifier)


def _retype(qtbot: QtBot, dialog: PatchDialog, text: str) -> None:
    """Opens "Result (editable)", selects everything and types ``text`` in its place."""
    _click_tab(qtbot, dialog, "Result (editable)")
    qtbot.mouseClick(dialog.result_edit.viewport(), Qt.MouseButton.LeftButton)
    _ctrl(qtbot, dialog.result_edit, Qt.Key.Key_A)
    for i, line in enumerate(text.split("\n")):
        if i:
            qtbot.keyClick(dialog.result_edit, Qt.Key.Key_Return)
        if line:
            qtbot.keyClicks(dialog.result_edit, line)
    assert dialog.result_text() == text


async def _completed(app: App, window: MainWindow) -> str:
    await until(lambda: not window.studio.handles, what="the run to end")
    await until(lambda: window.chat.up_to_date, what="the chat's read after the run's end")
    assert app.runtime is not None
    run_id = window.timeline.run_id
    assert run_id is not None
    record = app.runtime.runs.run(run_id)
    assert record is not None and record.status.value == "completed", record
    return run_id


def _decisions(app: App, run_id: str) -> list[tuple[str, str]]:
    assert app.runtime is not None
    return [(e.payload["tool"], e.type) for e in app.runtime.runs.events(run_id)
            if e.type in ("tool_call_approved", "tool_call_denied")]


def _main_md(app: App, run_id: str) -> str:
    assert app.runtime is not None
    return (app.runtime.workspace_dir(run_id) / "output/main.md").read_text(encoding="utf-8")


def _answer(window: MainWindow) -> str:
    cards = [c for c in window.chat.message_cards() if c.message.role == "assistant"]
    assert cards
    return cards[-1].shown_text


async def test_approve_the_turns_proposals_one_by_one_in_list_order(app: App, qtbot: QtBot) -> None:
    window, dialog = await _demo(app)
    patch, commit = dialog.pending
    assert dialog.header.text() == "2 changes wait for your approval · showing 1 of 2"
    assert not dialog.tabs.isTabVisible(dialog.tabs.indexOf(dialog.arguments)), "a file's change: its diffs say it"
    assert [dialog.queue.item(i).text() for i in range(2)] == [  # type: ignore[union-attr]
        "Editor: change output/main.md", "Editor: commit output/main.md"]
    _click(qtbot, dialog.approve_button)

    # The next proposal of the turn is shown at once, ready to be decided.
    assert dialog.current is commit and dialog.pending == [commit] and dialog.queue.count() == 1
    assert dialog.queue.currentRow() == 0
    assert dialog.header.text() == "1 change waits for your approval · showing 1 of 1"
    assert dialog.title.text() == "Editor wants to publish output/main.md to the chat"
    assert dialog.queue.item(0).text() == "Editor: commit output/main.md"  # type: ignore[union-attr]
    assert dialog.arguments.toPlainText().startswith("Publishes output/main.md to the chat")
    assert "{}" not in dialog.arguments.toPlainText() and "workspace_commit" not in dialog.arguments.toPlainText()
    shown_tabs = [dialog.tabs.tabText(i) for i in range(dialog.tabs.count()) if dialog.tabs.isTabVisible(i)]
    assert shown_tabs == ["Details"]  # what the call does, in the creator's words: not "Arguments"
    assert dialog.approve_button.isEnabled() and dialog.reject_button.isEnabled()
    await until(lambda: _main_md(app, commit.request.run_id) == PATCHED, what="the patch to be applied")
    _click(qtbot, dialog.approve_button)

    run_id = await _completed(app, window)
    assert _decisions(app, run_id) == [("workspace_apply_patch", "tool_call_approved"),
                                       ("workspace_commit", "tool_call_approved")]
    assert _main_md(app, run_id) == PATCHED
    await until(lambda: _answer(window) == PATCHED, what="the editor's commit in the chat")
    assert patch.decided is not None and patch.decided.approved
    await until(lambda: not dialog.isVisible(), what="the dialog to close when nothing waits")


async def test_decide_out_of_order_reject_the_commit_with_a_reason(app: App, qtbot: QtBot) -> None:
    window, dialog = await _demo(app)
    patch, commit = dialog.pending
    _click_row(qtbot, dialog.queue, 1)
    assert dialog.current is commit and dialog.header.text().endswith("showing 2 of 2")
    qtbot.mouseClick(dialog.reason, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(dialog.reason, "Not this version")
    qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)  # Enter in the reason decides nothing
    assert dialog.current is commit and not commit.future.done()
    _click(qtbot, dialog.reject_button)

    assert dialog.current is patch and dialog.pending == [patch]
    assert dialog.reason.text() == ""  # the reason belonged to the commit
    assert _main_md(app, patch.request.run_id) == DRAFT  # the patch still waits: nothing ran
    run_id = patch.request.run_id
    await until(lambda: _decisions(app, run_id) == [("workspace_commit", "tool_call_denied")],
                what="the rejection journaled as soon as it is made")
    _click(qtbot, dialog.approve_button)

    assert await _completed(app, window) == run_id
    assert _decisions(app, run_id) == [("workspace_commit", "tool_call_denied"),
                                       ("workspace_apply_patch", "tool_call_approved")]
    assert _main_md(app, run_id) == PATCHED
    assert app.provider is not None
    editor_next = next(r for r in app.provider.requests if any(
        m.role == "tool" and "rejected" in (m.content or "") for m in r.messages))
    assert "The user rejected this change: Not this version." in [m.content for m in editor_next.messages]
    await until(lambda: _answer(window) == DRAFT, what="the writer's draft, the only commit, in the chat")


async def test_keyboard_rejects_and_approves_the_current_proposal(app: App, qtbot: QtBot) -> None:
    window, dialog = await _demo(app)
    patch, commit = dialog.pending
    qtbot.mouseClick(dialog.reason, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(dialog.reason, "Too long")
    _ctrl(qtbot, dialog.reason, Qt.Key.Key_Backspace)  # in the reason field too: it rejects, not a word erase
    assert patch.decided is not None and not patch.decided.approved and patch.decided.reason == "Too long"
    assert dialog.current is commit
    _ctrl(qtbot, dialog.queue, Qt.Key.Key_Return)

    run_id = await _completed(app, window)
    assert _decisions(app, run_id) == [("workspace_apply_patch", "tool_call_denied"),
                                       ("workspace_commit", "tool_call_approved")]
    assert _main_md(app, run_id) == DRAFT
    assert app.provider is not None
    assert "The user rejected this change: Too long." in _tool_results(
        [r for r in app.provider.requests if any("Too long" in (m.content or "") for m in r.messages)][:1])


async def test_edit_then_approve_and_the_diff_shows_what_is_written(app: App, qtbot: QtBot) -> None:
    window, dialog = await _demo(app)
    commit = dialog.pending[1]
    assert "a ship might still be listening" in dialog.side.toPlainText()
    _click_tab(qtbot, dialog, "Result (editable)")
    qtbot.mouseClick(dialog.result_edit.viewport(), Qt.MouseButton.LeftButton)
    _ctrl(qtbot, dialog.result_edit, Qt.Key.Key_End)
    qtbot.keyClicks(dialog.result_edit, "The ship answered.")
    _click_tab(qtbot, dialog, "Side by side")
    side = dialog.side.toPlainText()
    assert "The ship answered." in side and "After (your version)" in side
    assert "+The ship answered." in dialog.unified.toPlainText()
    edited = PATCHED + "The ship answered."
    assert dialog.result_text() == edited
    _ctrl(qtbot, dialog.tabs.tabBar(), Qt.Key.Key_Enter)  # keypad Enter approves too

    assert dialog.current is commit
    _click(qtbot, dialog.approve_button)
    run_id = await _completed(app, window)
    assert _main_md(app, run_id) == edited
    await until(lambda: _answer(window) == edited, what="the edited text committed to the chat")
    approved = [e.payload for e in app.runtime.runs.events(run_id) if e.type == "tool_call_approved"]  # type: ignore[union-attr]
    assert [p["edited"] for p in approved] == [True, False]


async def test_close_with_esc_and_reopen_between_decisions(app: App, qtbot: QtBot) -> None:
    window, dialog = await _demo(app)
    patch, commit = dialog.pending
    _click_tab(qtbot, dialog, "Result (editable)")
    qtbot.mouseClick(dialog.result_edit.viewport(), Qt.MouseButton.LeftButton)
    _ctrl(qtbot, dialog.result_edit, Qt.Key.Key_Home)
    qtbot.keyClicks(dialog.result_edit, "Draft two. ")
    qtbot.keyClick(dialog.result_edit, Qt.Key.Key_Escape)  # closes without deciding
    assert not dialog.isVisible() and not patch.future.done() and not commit.future.done()
    await until(lambda: window.chat.live.review_button.isVisible(), what="Review changes on the live card")
    _click(qtbot, window.chat.live.review_button)
    assert dialog.isVisible() and dialog.current is patch and dialog.queue.count() == 2
    assert dialog.result_text() == "Draft two. " + PATCHED  # the edit waited with the proposal
    _click(qtbot, dialog.approve_button)

    assert dialog.current is commit
    qtbot.keyClick(dialog.queue, Qt.Key.Key_Escape)
    assert not dialog.isVisible() and not commit.future.done()
    _click(qtbot, window.chat.live.review_button)
    assert dialog.isVisible() and dialog.current is commit and dialog.approve_button.isEnabled()
    _click(qtbot, dialog.approve_button)

    run_id = await _completed(app, window)
    assert _main_md(app, run_id) == "Draft two. " + PATCHED


async def test_approve_the_rest_after_the_first_decision(app: App, qtbot: QtBot) -> None:
    window, dialog = await _demo(app)
    _click(qtbot, dialog.reject_button)
    _click(qtbot, dialog.approve_rest)
    assert dialog.approve_rest.isChecked()
    _click(qtbot, dialog.approve_button)
    run_id = await _completed(app, window)
    assert _decisions(app, run_id) == [("workspace_apply_patch", "tool_call_denied"),
                                       ("workspace_commit", "tool_call_approved")]


async def test_choose_hunks_by_their_checkboxes_out_of_order(app: App, qtbot: QtBot) -> None:
    two = {"toolCalls": [_write("A\nB\nC\n")["toolCalls"][0],
                         {"name": "workspace_write_file", "arguments": {"path": "output/notes.md", "content": "N\n"}}]}
    window = await _open(app, [two, _write("A2\nB\nC2\n"), FINISH])
    dialog = await _dialog(window)
    await until(lambda: len(dialog.pending) == 2, what="both proposals")
    _click_row(qtbot, dialog.queue, 1)  # the notes first
    _click(qtbot, dialog.approve_button)
    assert dialog.pending[0] is dialog.current and dialog.current.request.path == "output/main.md"
    _click(qtbot, dialog.approve_button)

    await until(lambda: dialog.current is not None and dialog.current.request.after == "A2\nB\nC2\n",
                what="the rewrite")
    assert dialog.hunk_list.count() == 2
    _click_check(qtbot, dialog.hunk_list, 1)  # keep C
    assert dialog.accepted_hunks() == {0}
    assert dialog.result_text() == "A2\nB\nC\n"
    side = dialog.side.toPlainText()
    assert "A2" in side and "C2" not in side  # the diff shows what will be written
    assert "C2" not in dialog.unified.toPlainText()
    _click(qtbot, dialog.approve_button)

    await until(lambda: not window.studio.handles, what="the run to end")

    await until(lambda: window.chat.up_to_date, what="the chat's read after the run's end")
    assert app.runtime is not None
    run_id = window.timeline.run_id
    assert (app.runtime.workspace_dir(run_id) / "output/main.md").read_text() == "A2\nB\nC\n"
    assert (app.runtime.workspace_dir(run_id) / "output/notes.md").read_text() == "N\n"


async def test_approve_the_rest_keeps_a_rejection_made_before_it(app: App, qtbot: QtBot) -> None:
    window, dialog = await _demo(app)
    _click_row(qtbot, dialog.queue, 1)
    _click(qtbot, dialog.reject_button)  # the commit, out of order
    _click(qtbot, dialog.approve_rest)
    _click(qtbot, dialog.approve_button)  # the patch, and whatever the run asks later
    run_id = await _completed(app, window)
    assert _decisions(app, run_id) == [("workspace_commit", "tool_call_denied"),
                                       ("workspace_apply_patch", "tool_call_approved")]
    assert _main_md(app, run_id) == PATCHED
    await until(lambda: _answer(window) == DRAFT, what="the writer's draft, the only commit, in the chat")


async def test_the_hunks_follow_an_edit_of_result_and_a_cut_row_has_its_tooltip(app: App, qtbot: QtBot) -> None:
    window, dialog = await _demo(app)
    [proposed] = dialog.hunks
    row = dialog.hunk_list.item(0)
    assert row is not None
    added = "".join(proposed.b_lines).strip()
    assert added not in row.text() and added in row.toolTip()  # cut in the row, whole in its tooltip
    _click_tab(qtbot, dialog, "Result (editable)")
    qtbot.mouseClick(dialog.result_edit.viewport(), Qt.MouseButton.LeftButton)
    _ctrl(qtbot, dialog.result_edit, Qt.Key.Key_Home)
    qtbot.keyClicks(dialog.result_edit, "Night fell.")
    qtbot.keyClick(dialog.result_edit, Qt.Key.Key_Return)
    await until(lambda: dialog.hunk_list.count() == 2, what="the typed line listed as a change of its own")
    first, second = (dialog.hunk_list.item(i) for i in range(2))
    assert first is not None and second is not None
    assert first.text().startswith("@@ -1,0 +1,1 @@") and "Night fell." in first.text()
    assert second.text().startswith(f"@@ -{proposed.a_start + 1},1 +{proposed.b_start + 2},1 @@")  # moved a line down
    assert dialog.accepted_hunks() == {0, 1}
    _click_check(qtbot, dialog.hunk_list, 0)  # untick the typed line: the result goes back to the proposal
    assert dialog.result_text() == PATCHED
    _click(qtbot, dialog.approve_button)
    _click(qtbot, dialog.approve_button)
    run_id = await _completed(app, window)
    assert _main_md(app, run_id) == PATCHED
