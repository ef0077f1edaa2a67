"""What happened to the creator's decision, and a chat opened again (docs/window/): an approved edit whose
commit was rejected says so in the chat; the wait for an approval stays drawn on the lanes; the events'
summaries are one line; the detail pane says "with their own edits" once. After a restart the chat is at its
last message with its own agent picked, the events list shows the run's seconds and agents at once, the run
picker writes dates as the window's language does. The live card shows the working agent's text, the answer
names the agent that finished the run, and Chat → Hand off asks for a focus first."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from PySide6.QtCore import QDateTime, Qt
from PySide6.QtWidgets import QInputDialog, QLineEdit
from pytestqt.qtbot import QtBot

from relay_studio.app import window_settings
from relay_studio.ui import i18n, theme
from relay_studio.ui.chat.notice_card import NoticeCard
from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, run_to_end, until
from tests.gui.scripts import relay_turns
from tests.gui.test_patch_dialog import DRAFT, _answer, _click, _click_tab, _completed, _ctrl, _demo
from tests.support import settle

LONG = "\n\n".join(f"Paragraph {i}: the boats came home at dusk, heavy with silver, and the gulls followed."
                   for i in range(40))
DOC = "## Goal\nA harbour story.\n## Canon & Constraints\nPresent tense.\n## Progress\nDone: dusk.\n" \
      "## Key Decisions\nSilver fish.\n## Critical Context\nThe boats.\n## Next Steps\nNight.\n"


def _finish(text: str) -> dict[str, Any]:
    return {"toolCalls": [
        {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": text}},
        {"name": "workspace_commit", "arguments": {}},
        {"name": "workspace_finish", "arguments": {"summary": "Done."}}]}


def _approval_columns(window: MainWindow) -> set[int]:
    """The x columns of the lanes painted in the colour of a waiting approval."""
    lanes = window.timeline.lanes
    image = lanes.viewport().grab().toImage()
    want = theme.colors().approval
    return {x for x in range(image.width()) for y in range(0, image.height(), 2)
            if abs(image.pixelColor(x, y).red() - want.red()) + abs(image.pixelColor(x, y).green() - want.green())
            + abs(image.pixelColor(x, y).blue() - want.blue()) < 30}


async def test_an_approved_edit_whose_commit_was_rejected_says_it_was_never_published(
        app: App, qtbot: QtBot) -> None:
    window, dialog = await _demo(app)
    await asyncio.sleep(1.0)  # the creator takes a while: the wait is a long bar
    _click_tab(qtbot, dialog, "Result (editable)")
    qtbot.mouseClick(dialog.result_edit.viewport(), Qt.MouseButton.LeftButton)
    _ctrl(qtbot, dialog.result_edit, Qt.Key.Key_End)
    qtbot.keyClicks(dialog.result_edit, "The ship answered.")
    _click(qtbot, dialog.approve_button)  # the patch, with the creator's edit
    _click(qtbot, dialog.reject_button)  # its commit
    run_id = await _completed(app, window)
    await until(lambda: _answer(window) == DRAFT, what="the writer's draft, the only commit, in the chat")
    # its card was made at the writer's commit, mid-run, and is filled once its message is read back after the
    # run (off the GUI thread): wait for that, not a moment
    await until(lambda: window.chat.message_cards()[-1].marker_label.text() == "finished by Finalizer",
                what="the answer to name who finished")
    assert window.chat.message_cards()[-1].author.text() == "Writer"
    await until(lambda: any(isinstance(c, NoticeCard) for c in window.chat.cards), what="the notice (read off-thread)")
    notices = [c for c in window.chat.cards if isinstance(c, NoticeCard)]
    assert len(notices) == 1 and notices[0].notice.run_id == run_id
    said = notices[0].notice.text
    assert "Editor" in said and "output/main.md" in said and "never published" in said and "your edits" in said
    assert window.chat.cards.index(notices[0]) == window.chat.cards.index(window.chat.message_cards()[-1]) + 1

    await window.timeline.loaded.wait()
    panel = window.timeline
    tl = panel.timeline
    assert tl is not None
    assert all("\n" not in s for s in tl.index.summaries), "every summary is one line"
    bar = next(b for lane in tl.lanes.values() for b in lane.bars if b.label == "workspace_apply_patch")
    assert bar.end is not None and bar.end - bar.start > 0.8
    panel.lanes.fit()
    await settle()
    x0, x1 = panel.lanes.x_of(bar.start), panel.lanes.x_of(bar.decided_at or bar.start)
    columns = _approval_columns(window)
    assert len({x for x in columns if x0 <= x <= x1}) > 0.8 * (x1 - x0), "the wait is drawn without a click"
    panel.show_bar(bar)
    text = panel.detail.toPlainText()
    assert text.count("approved this with their own edits") == 1 and "approved with edits" not in text

    window = await app.reopen({})  # after a restart the journal says it again
    await until(lambda: [c.notice.text for c in window.chat.cards if isinstance(c, NoticeCard)] == [said],
                what="the notice after a restart")


async def test_a_reopened_chat_is_at_its_last_message_with_its_agent_and_its_timeline(app: App, qtbot: QtBot) -> None:
    window = app.open({"finalizer": [_finish(LONG)]})
    window.new_chat()
    window.chat.composer.select_agent("finalizer")
    qtbot.keyClicks(window.chat.composer.editor, "Write the harbour, long.")
    window.chat.composer.submit()
    await run_to_end(window, 0)

    window = await app.reopen({})
    changed: list[int] = []
    window.timeline.model.dataChanged.connect(lambda top, _bottom, _roles=(): changed.append(top.row()))
    window.resize(1400, 860)
    assert window.chat.composer.agent_id() == "finalizer", "the chat's agent, not the first of the list"
    bar = window.chat.scroll_area.verticalScrollBar()
    await until(lambda: bar.maximum() > 0 and bar.value() == bar.maximum(), what="the chat at its last message")
    await until(lambda: window.timeline.run_id, what="the chat's run picked (the run picker is read as a query)")
    await window.timeline.loaded.wait()
    model = window.timeline.model
    assert 0 in changed, "rows drawn before the run was read are drawn again"
    assert re.fullmatch(r"\d+\.\d{3}", str(model.data(model.index(3, 1)))), "seconds from the run's start"
    agents = {str(model.data(model.index(r, 2))) for r in range(model.rowCount())}
    assert "Finalizer" in agents
    label = window.timeline.run_box.currentText()
    assert " · Finalizer · completed" in label and not re.match(r"\d{1,2} \d{1,2} \d{4}", label), label


async def test_the_run_picker_writes_dates_in_the_windows_language(app: App, qtbot: QtBot) -> None:
    settings = window_settings(app.data_dir)
    settings.setValue(i18n.LANGUAGE_KEY, "de")
    settings.sync()
    window = app.open({"finalizer": [_finish("Die Boote.")]})
    window.new_chat()
    window.chat.composer.select_agent("finalizer")
    window.chat.composer.set_text("Schreib.")
    window.chat.composer.submit()
    await run_to_end(window, 0)
    box = window.timeline.run_box
    await until(lambda: "abgeschlossen" in box.currentText(), what="the run's label")
    assert re.match(r"\d{2}:\d{2} · Finalizer · abgeschlossen$", box.currentText()), "today: the time alone"
    assert re.match(r"\d{2}\.\d{2}\.\d{2},? \d{2}:\d{2}$", str(box.itemData(0, Qt.ItemDataRole.ToolTipRole)))
    window = await app.reopen({})
    i18n.install("en")
    window.close()


def test_english_on_a_c_locale_writes_dates_as_english_does(qtbot: QtBot) -> None:
    i18n.install("de")
    i18n.install("en")  # the tests' locale is LC_ALL=C with LANGUAGE=en: "1 12 2026" was its date
    assert re.match(r"\d{1,2}/\d{1,2}/\d{2}", i18n.when("2026-12-01T07:30:00Z"))
    noon = "2026-12-01T12:00:00Z"
    day = QDateTime.fromString(noon, Qt.DateFormat.ISODate).toLocalTime().date()
    assert re.fullmatch(r"\d{1,2}:\d{2}\s?[AP]M", i18n.when_short(noon, today=day))  # today: the time alone
    assert i18n.when_short(noon, today=day.addDays(1)) == i18n.when(noon)  # another day: the date too


async def test_the_live_card_shows_the_working_agents_text_and_the_answer_names_who_finished(
        app: App, qtbot: QtBot) -> None:
    turns = relay_turns()
    turns["writer"][1]["delayMs"] = 800  # the writer's text shows a while
    turns["editor"][0]["delayMs"] = 1500
    window = app.open(turns)
    window.new_chat()
    window.chat.composer.select_agent("writer")
    window.chat.composer.set_text("Write about a harbour.")
    window.chat.composer.submit()
    live = window.chat.live
    await until(lambda: "Drafting the harbour" in live.text.toPlainText(), what="the writer's text")
    await until(lambda: live.agent_label.text() == "Editor", what="the editor's stage")
    assert "Drafting the harbour" not in live.text.toPlainText(), "Editor is working: not the writer's text"
    assert "Drafting the harbour" in live.streamed_text
    await run_to_end(window, 0)

    def finished_label() -> str:
        answer = window.chat.message_cards()[-1]
        return answer.marker_label.text() if answer.marker_label.isVisible() else ""

    # the answer's card is filled once its message is read back after the run: wait for it, not a moment
    await until(lambda: finished_label() == "finished by Finalizer", what="the answer to name who finished")
    assert window.chat.message_cards()[-1].author.text() == "Editor"  # who wrote the text
    await until(lambda: window.status_agent.text() == "Agent: Finalizer", what="the status bar's agent")


async def test_chat_hand_off_asks_for_a_focus_first(app: App, qtbot: QtBot) -> None:
    window = app.open({"finalizer": [_finish("The boats came home."), {"text": DOC}]})
    window.new_chat()
    window.chat.composer.select_agent("finalizer")
    window.chat.composer.set_text("Write the harbour.")
    window.chat.composer.submit()
    await run_to_end(window, 0)
    window.continue_action.trigger()
    question = window.findChild(QInputDialog, "HandoffFocusDialog")
    assert question is not None and question.isVisible() and window.handoff_dialog is None
    qtbot.keyClick(question, Qt.Key.Key_Escape)  # Cancel starts nothing
    await asyncio.sleep(0.05)
    assert window.handoff_dialog is None and not window.studio.runtime.handoffs

    window.continue_action.trigger()
    question = next(d for d in window.findChildren(QInputDialog, "HandoffFocusDialog") if d.isVisible())
    field = question.findChild(QLineEdit)
    assert field is not None
    await until(field.hasFocus, what="the question to have the keyboard")
    qtbot.keyClicks(field, "the night scene")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    await until(lambda: window.handoff_dialog is not None and not window.handoff_dialog.generating,
                what="the draft")
    assert app.provider is not None
    assert app.provider.requests[-1].messages[-1].content.endswith("Additional focus: the night scene")
