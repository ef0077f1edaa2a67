"""Chat → Check continuity… driven through the window: the shown chat checked against the canon off the GUI
thread, each finding's two passages side by side, "Show the evidence" finding it in the chat, "Mark
intentional" with a reason (not reported when the check is opened again), and "Send to an agent to fix"
starting a run of the chosen agent that revises the chapter: its write waits in the patch dialog until the creator
approves it, and the fix becomes the chapter's newest version."""

from __future__ import annotations

import json
import re
import threading
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QMessageBox
from pytestqt.qtbot import QtBot

from relay_studio.canon.continuity_run import CheckReport
from relay_studio.domain import error_codes as codes
from relay_studio.domain.canon import FactSource, FactSourceKind
from relay_studio.domain.coded_error import CodedError
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.provider_source import DefaultProviders
from relay_studio.store.canon import CanonStore
from relay_studio.store.continuity import ContinuityStore
from relay_studio.ui.continuity_dialog import ContinuityDialog
from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.operations import continuity as continuity_ops
from relay_studio.ui.operations.changes import Changes
from relay_studio.ui.operations.errors import ERROR_BOX
from relay_studio.ui.patches.dialog import PatchDialog
from tests.gui.conftest import App, run_to_end, send_as
from tests.support import call, handoff, until, write

DEATH = "Oren Vale died that night in the fire at Halden."
ACTS = "Oren Vale walked into the kitchen and lit the stove."
EYES = "Mara Quell rubbed her blue eyes."


def _seed(app: App) -> str:
    rt = Runtime(app.data_dir)
    try:
        project = rt.projects.default()
        chat = rt.chats.ensure_chat("Book")
        rt.chats.add_message(chat.id, "user", "Chapter one.")
        first = rt.chats.add_message(chat.id, "assistant", f"The year was 1861. {DEATH}")
        rt.chats.add_message(chat.id, "user", "Chapter two.")
        rt.chats.add_message(chat.id, "assistant", f"The year was 1862. {ACTS} {EYES}")
        canon = CanonStore(rt.db)
        canon.add(project.id, "Oren Vale is dead.", ["Oren Vale"], attribute="status", value="dead", as_of=1,
                  source=FactSource(kind=FactSourceKind.MESSAGE, chat_id=chat.id, message_id=first.id, quote=DEATH))
        canon.add(project.id, "Mara Quell has green eyes.", ["Mara Quell"], attribute="eyes", value="green")
        return project.id
    finally:
        rt.close()


def _click_chat(qtbot: QtBot, window: MainWindow, name: str) -> None:
    tree = window.sidebar.chats
    item = next(i for i in window.sidebar._all_chat_items() if i.text(0) == name)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())


async def _open_check(window: MainWindow, count: int) -> ContinuityDialog:
    window.continuity_action.trigger()
    dialog = window.continuity_dialog
    assert dialog is not None
    await until(lambda: dialog.list.count() == count and "findings in 2 chapters" in dialog.summary.text(),
                what=f"{count} findings listed")
    return dialog


async def test_findings_side_by_side_jump_and_mark_intentional(app: App, qtbot: QtBot) -> None:
    project_id = _seed(app)
    window = app.open()
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window, what="the window to be active")
    _click_chat(qtbot, window, "Book")
    await until(lambda: window.chat.title.text() == "Book", what="the chat shown")
    dialog = await _open_check(window, 2)
    assert dialog.summary.text() == "2 findings in 2 chapters against 2 facts."
    assert dialog.list.item(0).text().startswith("Acts after death · Oren Vale acts in chapter 2")
    dialog.list.setCurrentRow(0)
    assert dialog.text_view.toPlainText() == ACTS and dialog.evidence_view.toPlainText() == DEATH
    assert dialog.text_place.text() == "In the text: Book, chapter 2"
    assert dialog.evidence_place.text() == "Contradicts: Book, chapter 1"

    qtbot.mouseClick(dialog.show_evidence, Qt.MouseButton.LeftButton)
    bar = window.chat.find_bar
    await until(lambda: bar.isVisible() and bar.field.text() == DEATH and bar.count.text() == "1 of 1",
                what="the evidence found in the chat")

    dialog.list.setCurrentRow(1)
    assert dialog.text_view.toPlainText() == EYES and dialog.evidence_view.toPlainText() == "Mara Quell has green eyes."
    assert dialog.evidence_place.text() == "Contradicts: the canon (the fact's own words)"
    qtbot.mouseClick(dialog.mark, Qt.MouseButton.LeftButton)  # no reason yet: asks for one, marks nothing
    assert "Say why" in dialog.summary.text() and dialog.list.count() == 2
    qtbot.keyClicks(dialog.reason, "Her eyes change colour with the moon.")
    qtbot.mouseClick(dialog.mark, Qt.MouseButton.LeftButton)
    await until(lambda: dialog.list.count() == 1, what="the marked finding gone from the list")
    [mark] = ContinuityStore(window.studio.runtime.db).marks(project_id)
    assert (mark.reason, mark.text_quote) == ("Her eyes change colour with the moon.", EYES)

    dialog.close()
    again = await _open_check(window, 1)
    assert again.findings[0].text.quote == ACTS


async def test_send_to_an_agent_to_fix_revises_the_chapter_through_the_patch_dialog(
        app: App, qtbot: QtBot) -> None:
    _seed(app)
    fixed = "The year was 1862. Oren Vale's empty chair stood by the stove. " + EYES
    window = app.open({"editor": [{"toolCalls": [write("output/main.md", fixed), call("workspace_commit"),
                                                 handoff("finalizer", "Finish it.")]}],
                       "finalizer": [{"toolCalls": [call("workspace_finish", {"summary": "Fixed."})]}]})
    _click_chat(qtbot, window, "Book")
    await until(lambda: window.chat.title.text() == "Book", what="the chat shown")
    dialog = await _open_check(window, 2)
    dialog.list.setCurrentRow(0)  # Oren Vale acts after his death
    agents = [dialog.fix_agent.itemData(i) for i in range(dialog.fix_agent.count())]
    assert {"writer", "editor"} <= set(agents) and "continuity-reviewer" not in agents
    assert dialog.fix_agent.currentData() == "writer"
    dialog.fix_agent.setCurrentIndex(agents.index("editor"))
    qtbot.mouseClick(dialog.send_fix, Qt.MouseButton.LeftButton)

    # the editor's write stops in the patch dialog, though its profile asks about nothing
    await until(lambda: (d := window.findChild(PatchDialog)) is not None and d.isVisible() and d.current is not None,
                what="the fix in the patch dialog")
    patch = window.findChild(PatchDialog)
    assert patch is not None and patch.current is not None
    assert patch.title.text() == "Editor wants to write output/main.md"
    assert not any(p.tools.require_approval for p in window.studio.agents.profiles().values()
                   if p.id == "editor")  # for this run only: nothing saved
    run_id = patch.current.request.run_id
    assert window.studio.run_status(run_id).value == "awaiting_approval"
    qtbot.mouseClick(patch.approve_button, Qt.MouseButton.LeftButton)
    await until(lambda: not window.studio.handles, what="the fix run to end")
    await until(lambda: window.chat.up_to_date, what="the chat's read after the run's end")

    rt = window.studio.runtime
    assert window.studio.run_status(run_id).value == "completed"
    [first, *_] = [r for r in app.provider.requests if r.messages] if app.provider else []
    brief = [m.content for m in first.messages if m.role == "user"][-1]
    assert brief.startswith("Please fix a continuity problem in chapter 2: ")
    assert f'The text says: "{ACTS}"' in brief and f'It contradicts: "{DEATH}"' in brief
    assert brief.endswith(f"\n\nThe year was 1862. {ACTS} {EYES}")  # the editor read the chapter it revises
    types = [e.type for e in rt.runs.events(run_id) if e.type.startswith("tool_call_a") or e.type.endswith("denied")]
    assert types == ["tool_call_awaiting_approval", "tool_call_approved"]

    # the fix is chapter 2's newest version, in its place; the old text is a click away
    old = f"The year was 1862. {ACTS} {EYES}"
    await until(lambda: [c.shown_text for c in window.chat.message_cards()][3:] == [fixed],
                what="the chapter showing the fix")
    cards = window.chat.message_cards()
    assert [c.message.role for c in cards] == ["user", "assistant", "user", "assistant"]  # no new chapter
    card = cards[3]
    assert card.message.run_id == run_id and card.version_label.text() == "version 2 of 2"
    qtbot.mouseClick(card.prev_button, Qt.MouseButton.LeftButton)
    assert card.shown_text == old and card.version_label.text() == "version 1 of 2"
    qtbot.mouseClick(card.next_button, Qt.MouseButton.LeftButton)
    assert card.shown_text == fixed

    # checked again, the chat no longer has Oren Vale acting after his death; the eyes remain
    again = await _open_check(window, 1)
    assert again.findings[0].text.quote == EYES and not any(ACTS in f.text.quote for f in again.findings)


async def test_with_the_setting_on_a_commit_is_checked_off_the_gui_thread_and_the_status_bar_says_so(
        app: App, qtbot: QtBot) -> None:
    project_id = _seed(app)
    laughs = "The year was 1863. Oren Vale laughed at the old joke about the miller."
    window = app.open({"finalizer": [{"toolCalls": [
        {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": laughs}},
        {"name": "workspace_commit", "arguments": {}},
        {"name": "workspace_finish", "arguments": {"summary": "Done."}}]}]})
    # the project's setting, switched on in the Canon tab by a click, and saved
    window.library_action.trigger()
    window.library.tabs.setCurrentWidget(window.library.canon)
    box = window.library.canon.after_commit
    await until(lambda: box.isVisible() and window.library.canon.model.rowCount() == 2, what="the Canon tab shown")
    assert not box.isChecked() and box.text() == "Check continuity after each commit"
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))  # on its box
    assert box.isChecked()
    store = ContinuityStore(window.studio.runtime.db)
    await until(lambda: store.checks_after_commit(project_id), what="the setting saved")
    _click_chat(qtbot, window, "Book")
    await until(lambda: window.chat.title.text() == "Book", what="the chat shown")
    send_as(window, qtbot, "finalizer", "Chapter three.")
    await run_to_end(window, 0)
    watcher = window.continuity_after_commit
    await until(lambda: len(watcher.reports) == 1, what="the check after the commit")
    [report] = watcher.reports
    assert report.trigger == "commit" and report.chapters == 3 and len(report.findings) == 3
    assert "Oren Vale laughed at the old joke about the miller." in {f.text.quote for f in report.findings}
    await until(lambda: "Continuity: 3 findings after the commit" in window.statusBar().currentMessage(),
                what="the status bar to say so")
    log = ContinuityStore(window.studio.runtime.db).log(project_id, "checked")
    assert [e.payload["trigger"] for e in log] == ["commit"]


async def test_ask_the_reviewer_adds_its_verbatim_findings_and_counts_the_dropped(app: App, qtbot: QtBot) -> None:
    project_id = _seed(app)
    kept = {"entry": "Mara Quell", "explanation": "Mara Quell rubs her eyes after she has died.",
            "textQuote": "Mara Quell rubbed her", "evidenceQuote": "Oren Vale died that night"}
    invented = {"entry": "Oren Vale", "explanation": "Invented.", "textQuote": "Oren Vale sang a hymn",
                "evidenceQuote": "Oren Vale is dead."}
    window = app.open({"continuity-reviewer": [{"text": json.dumps({"findings": []})},
                                               {"text": json.dumps({"findings": [kept, invented]})}]})
    _click_chat(qtbot, window, "Book")
    await until(lambda: window.chat.title.text() == "Book", what="the chat shown")
    dialog = await _open_check(window, 2)
    await until(dialog.ask_reviewer.isEnabled, what="the reviewer offered")
    qtbot.mouseClick(dialog.ask_reviewer, Qt.MouseButton.LeftButton)
    await until(lambda: dialog.list.count() == 3, what="the reviewer's finding added")
    assert dialog.list.item(2).text() == "Continuity reviewer · Mara Quell rubs her eyes after she has died."
    assert dialog.summary.text().startswith("The reviewer found 1 more; 1 of its findings were dropped")
    dialog.list.setCurrentRow(2)
    assert dialog.text_view.toPlainText() == "Mara Quell rubbed her" and dialog.evidence_place.text() == (
        "Contradicts: Book, chapter 1")
    store = ContinuityStore(window.studio.runtime.db)
    await until(lambda: store.log(project_id, "dropped"), what="the dropped finding journaled")
    [dropped] = store.log(project_id, "dropped")
    assert dropped.payload["textQuote"] == "Oren Vale sang a hymn"
    assert dropped.payload["code"] == "continuity.quote_not_in_text"


async def test_asking_the_reviewer_without_a_connection_says_so_in_the_dialog(app: App, qtbot: QtBot) -> None:
    _seed(app)
    window = app.open()
    # the window's own model access over this data folder, which has no connection yet
    window.studio.providers = DefaultProviders(window.studio.runtime.db, app.data_dir, demo_pacing=False)
    _click_chat(qtbot, window, "Book")
    await until(lambda: window.chat.title.text() == "Book", what="the chat shown")
    dialog = await _open_check(window, 2)
    await until(dialog.ask_reviewer.isEnabled, what="the reviewer offered")
    qtbot.mouseClick(dialog.ask_reviewer, Qt.MouseButton.LeftButton)
    await until(lambda: dialog.summary.text().startswith("The reviewer cannot be asked: There is no model "
                                                         "connection yet."), what="the refusal in the dialog")
    assert dialog.ask_reviewer.isEnabled() and dialog.list.count() == 2


async def _canon_tab(window: MainWindow) -> None:
    window.library_action.trigger()
    window.library.tabs.setCurrentWidget(window.library.canon)
    canon = window.library.canon
    await until(lambda: canon.after_commit.isVisible() and canon.model.rowCount() == 2, what="the Canon tab shown")


def _click_box(qtbot: QtBot, box: QCheckBox) -> None:
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))  # on its box


async def test_the_after_commit_setting_is_saved_as_a_change_on_the_writer_lane(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    project_id = _seed(app)
    window = app.open()
    await _canon_tab(window)
    heard: list[tuple[Changes, object]] = []
    window.studio.operation_did_execute.connect(lambda changes, initiator: heard.append((changes, initiator)))
    threads: list[str] = []
    save = ContinuityStore.set_checks_after_commit

    def saving(store: ContinuityStore, project: str, on: bool) -> None:
        threads.append(threading.current_thread().name)
        save(store, project, on)

    monkeypatch.setattr(ContinuityStore, "set_checks_after_commit", saving)
    canon = window.library.canon
    _click_box(qtbot, canon.after_commit)
    store = ContinuityStore(window.studio.runtime.db)
    await until(lambda: store.checks_after_commit(project_id), what="the setting saved")
    assert threads == [threading.main_thread().name]  # the writer lane: the loop's thread, the runtime's connection
    assert [(c.canon, i) for c, i in heard] == [({project_id}, canon)]  # announced once, as the project's canon


async def test_a_setting_that_cannot_be_saved_is_said_in_the_canon_tab_with_its_code_and_the_box_goes_back(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _seed(app)
    window = app.open()
    await _canon_tab(window)

    def busy(_store: ContinuityStore, _project: str, _on: bool) -> None:
        raise CodedError(codes.STORE_DATABASE_BUSY, "Another program is writing to the data folder.")

    monkeypatch.setattr(ContinuityStore, "set_checks_after_commit", busy)
    canon = window.library.canon
    _click_box(qtbot, canon.after_commit)
    await until(lambda: canon.message.text() == "The setting could not be saved: ⚠ Another program is writing to "
                                                "the data folder. [store.database_busy]", what="the refusal said")
    await until(lambda: not canon.after_commit.isChecked(), what="the box back to what is stored")
    assert window.findChild(QMessageBox, ERROR_BOX) is None  # said in the tab's own line, not in a box


async def test_the_checks_journal_entries_are_written_on_the_writer_lane(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    project_id = _seed(app)
    threads: list[str] = []
    journal = ContinuityStore.journal

    def journaling(store: ContinuityStore, project: str, entries: list[tuple[str, str | None, dict[str, Any]]]) -> None:
        threads.append(threading.current_thread().name)
        journal(store, project, entries)

    monkeypatch.setattr(ContinuityStore, "journal", journaling)
    window = app.open()
    _click_chat(qtbot, window, "Book")
    await until(lambda: window.chat.title.text() == "Book", what="the chat shown")
    await _open_check(window, 2)
    log = ContinuityStore(window.studio.runtime.db).log(project_id)
    assert [e.action for e in log] == ["checked", "finding", "finding"]
    assert threads == [threading.main_thread().name]  # one change on the loop's thread, not the reader lane's


async def test_the_quote_panes_say_why_they_are_empty(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _seed(app)
    real = continuity_ops.rules_report

    def unquoted(*args: Any, **kwargs: Any) -> CheckReport:
        """The rules' report with the second finding's evidence quoting nothing (as a journaled finding of an
        older version may)."""
        report = real(*args, **kwargs)
        second = report.findings[1]
        report.findings[1] = second.model_copy(
            update={"evidence": second.evidence.model_copy(update={"quote": ""})})
        return report

    monkeypatch.setattr(continuity_ops, "rules_report", unquoted)
    window = app.open()
    _click_chat(qtbot, window, "Book")
    await until(lambda: window.chat.title.text() == "Book", what="the chat shown")
    dialog = await _open_check(window, 2)
    item = dialog.list.item(1)
    qtbot.mouseClick(dialog.list.viewport(), Qt.MouseButton.LeftButton,
                     pos=dialog.list.visualItemRect(item).center())
    await until(lambda: dialog.list.currentRow() == 1, what="the second finding chosen")
    assert dialog.text_view.toPlainText() == EYES
    assert dialog.evidence_view.toPlainText() == ""
    assert dialog.evidence_view.placeholderText() == "This finding quotes no passage."

    # marked intentional one by one, the list empties and both panes say there is nothing to show
    for reason in ("He walks as a ghost.", "Her eyes change colour with the moon."):
        count = dialog.list.count()
        qtbot.keyClicks(dialog.reason, reason)
        qtbot.mouseClick(dialog.mark, Qt.MouseButton.LeftButton)
        await until(lambda left=count - 1: dialog.list.count() == left, what="the marked finding gone")
    assert dialog.text_view.toPlainText() == dialog.evidence_view.toPlainText() == ""
    assert dialog.text_view.placeholderText() == "There is no finding to show here."
    assert dialog.evidence_view.placeholderText() == "There is no finding to show here."


async def test_a_check_after_a_commit_that_finds_nothing_says_so_quietly_with_its_time(app: App, qtbot: QtBot) -> None:
    rt = Runtime(app.data_dir)
    try:
        project_id = rt.projects.default().id
        chat = rt.chats.ensure_chat("Quiet")
        rt.chats.add_message(chat.id, "user", "Chapter one.")
        rt.chats.add_message(chat.id, "assistant", "The year was 1861. The harbour lay still.")
        ContinuityStore(rt.db).set_checks_after_commit(project_id, True)
    finally:
        rt.close()
    calm = "The year was 1862. The gulls came back to the harbour."
    window = app.open({"finalizer": [{"toolCalls": [
        {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": calm}},
        {"name": "workspace_commit", "arguments": {}},
        {"name": "workspace_finish", "arguments": {"summary": "Done."}}]}]})
    window.library_action.trigger()
    window.library.tabs.setCurrentWidget(window.library.canon)
    canon = window.library.canon
    await until(lambda: canon.after_commit.isVisible() and canon.after_commit.isChecked(), what="the Canon tab")
    assert canon.last_check.isHidden()  # no check after a commit yet
    _click_chat(qtbot, window, "Quiet")
    await until(lambda: window.chat.title.text() == "Quiet", what="the chat shown")
    send_as(window, qtbot, "finalizer", "Chapter two.")
    await run_to_end(window, 0)
    watcher = window.continuity_after_commit
    await until(lambda: len(watcher.reports) == 1, what="the check after the commit")
    assert watcher.reports[0].findings == [] and watcher.reports[0].chapters == 2
    message = window.statusBar().currentMessage()
    assert re.fullmatch(r"Continuity: checked after the commit at \d{1,2}:\d\d(\s[AP]M)?, nothing found\.", message)
    await until(lambda: canon.last_check.isVisible(), what="the Canon tab's line")
    assert re.fullmatch(r"Last checked after a commit at \d{1,2}:\d\d(\s[AP]M)?: nothing found\.",
                        canon.last_check.text())
