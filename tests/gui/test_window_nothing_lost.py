"""Nothing of a creator's edit is lost (issue 38): a change approved with the creator's own edits in the patch
dialog, whose commit they then rejected, can be published from the chat's notice; the chat then shows the
edited version, the ledger records the creator's commit, and a restart shows it still."""

from __future__ import annotations

from collections.abc import Collection

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from relay_studio.domain.events import Event
from relay_studio.runtime.publish import CREATOR
from relay_studio.store.runs import RunStore
from relay_studio.ui.chat.notice_card import NoticeCard
from tests.gui.conftest import App, until
from tests.gui.test_patch_dialog import PATCHED, _answer, _click, _click_tab, _completed, _ctrl, _demo


async def test_an_edited_change_whose_commit_was_rejected_can_be_published(app: App, qtbot: QtBot) -> None:
    window, dialog = await _demo(app)
    _click_tab(qtbot, dialog, "Result (editable)")
    qtbot.mouseClick(dialog.result_edit.viewport(), Qt.MouseButton.LeftButton)
    _ctrl(qtbot, dialog.result_edit, Qt.Key.Key_End)
    qtbot.keyClicks(dialog.result_edit, "The ship answered.")
    _click(qtbot, dialog.approve_button)  # the patch, with the creator's edit
    _click(qtbot, dialog.reject_button)  # its commit
    run_id = await _completed(app, window)
    await until(lambda: any(isinstance(c, NoticeCard) and c.publish_buttons for c in window.chat.cards),
                what="the notice with its Publish")
    notice = next(c for c in window.chat.cards if isinstance(c, NoticeCard))
    button = notice.publish_buttons[0]
    assert button.text() == "Publish your edited version"
    assert "The ship answered." not in _answer(window)

    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    await until(lambda: _answer(window).rstrip().endswith("The ship answered."), what="the edited version in the chat")
    assert _answer(window).startswith(PATCHED.rstrip()[:40])
    await until(lambda: not any(isinstance(c, NoticeCard) for c in window.chat.cards), what="the notice to go")
    assert app.runtime is not None
    last = app.runtime.runs.commits(run_id)[-1]
    assert last.path == "output/main.md" and last.content.rstrip().endswith("The ship answered.")
    assert any(e.payload.get("by") == CREATOR for e in app.runtime.runs.events(run_id)
               if e.type == "chat_commit_completed")

    window = await app.reopen({})  # after a restart: the edited version, and no notice
    await until(lambda: window.chat.message_cards() and _answer(window).rstrip().endswith("The ship answered."),
                what="the published version after a restart")
    await until(lambda: window.studio.unpublished_changes(run_id) == []
                and run_id in window.studio.unpublished.known,
                what="the run's journal read again (off the GUI thread)")
    assert not any(isinstance(c, NoticeCard) for c in window.chat.cards)


async def test_quitting_during_an_approval_resumes_the_run_at_the_next_start(app: App, qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QMessageBox

    from tests.gui.test_patch_dialog import _dialog

    window, dialog = await _demo(app)
    run_id = dialog.pending[0].request.run_id
    qtbot.keyClick(dialog.queue, Qt.Key.Key_Escape)
    window.close()
    box = window.findChild(QMessageBox, "QuitQuestion")
    assert box is not None and box.isVisible()
    assert "asks you again when it next starts" in box.text()
    yes = box.button(QMessageBox.StandardButton.Yes)
    assert yes is not None
    _click(qtbot, yes)
    await until(lambda: not window.isVisible(), what="the window to close")
    await app.close()  # the studio's shutdown, as the app's end runs it
    assert app.runtime is None

    window = app.open()  # the next start
    assert app.runtime is not None and app.runtime.suspended == [run_id]
    dialog = await _dialog(window)
    await until(lambda: [p.request.tool for p in dialog.pending] == ["workspace_apply_patch", "workspace_commit"],
                what="both proposals asked again")
    _click(qtbot, dialog.approve_button)
    await until(lambda: len(dialog.pending) == 1 and dialog.current is not None, what="the commit next")
    _click(qtbot, dialog.approve_button)
    assert await _completed(app, window) == run_id
    await until(lambda: _answer(window) == PATCHED, what="the editor's commit in the chat")
    types = [e.type for e in app.runtime.runs.events(run_id)]
    assert "run_cancelled" not in types and "run_suspended" in types


async def test_approving_with_no_part_ticked_is_a_rejection(app: App, qtbot: QtBot) -> None:
    window, dialog = await _demo(app)
    patch = dialog.pending[0]
    assert dialog.hunk_list.count() == 1
    dialog.set_hunk_accepted(0, False)
    await until(lambda: dialog.result_text() == (patch.request.before or ""), what="the result without the change")
    _click(qtbot, dialog.approve_button)
    await until(lambda: dialog.current is not None and dialog.current is not patch, what="the commit next")
    _click(qtbot, dialog.approve_button)
    run_id = await _completed(app, window)
    assert app.runtime is not None
    events = app.runtime.runs.events(run_id)
    denied = [e.payload for e in events if e.type == "tool_call_denied"]
    assert [p.get("tool") for p in denied] == ["workspace_apply_patch"]
    assert not any(e.type == "tool_call_approved" and e.payload.get("edited") for e in events), \
        "not recorded as approved with edits"
    read = window.studio.unpublished.known
    await until(lambda: window.studio.unpublished_changes(run_id) == [] and run_id in read,
                what="the run's journal read for unpublished changes")
    assert not any(isinstance(c, NoticeCard) for c in window.chat.cards), "no red notice"


async def test_the_ended_runs_asked_for_in_one_turn_are_read_for_unpublished_changes_in_one_query(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A chat's view asks for each of its ended runs as it is filled: one read on the reader lane answers them all
    (a book's chapter asked 15 reads and took 15 deliveries on the GUI thread per switch)."""
    window = app.open()
    asked: list[list[str]] = []
    read = RunStore.events_of_types_in

    def counted(store: RunStore, run_ids: Collection[str], types: Collection[str]) -> dict[str, list[Event]]:
        asked.append(list(run_ids))
        return read(store, run_ids, types)

    monkeypatch.setattr(RunStore, "events_of_types_in", counted)
    reads = window.studio.unpublished
    assert [reads.changes(r) for r in ("run_x", "run_y", "run_z")] == [[], [], []]
    assert reads.changes("run_y") == []  # asked again before its read: still one read of it
    await until(lambda: all(r in reads.known for r in ("run_x", "run_y", "run_z")), what="the runs read")
    assert asked == [["run_x", "run_y", "run_z"]]
    assert reads.changes("run_x") == [] and asked == [["run_x", "run_y", "run_z"]]  # kept: not read again
