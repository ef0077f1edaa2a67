"""Stop in the window keeps what streamed as a version marked stopped; a plain-text answer is marked too."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from relay_studio.domain.enums import RunStatus
from tests.gui.conftest import App, run_to_end, send_as, until
from tests.integration.test_stop_keeps_text import LONG, SlowStream


async def test_stop_keeps_the_streamed_text_marked_stopped(app: App, qtbot: QtBot) -> None:
    slow = SlowStream({"finalizer": [{"text": LONG, "toolCalls": [
        {"name": "workspace_finish", "arguments": {"summary": "Done."}}]}]}, seconds=0.03)
    window = app.open_on(slow)
    window.new_chat()
    send_as(window, qtbot, "finalizer", "Write the lamp scene.")
    live = window.chat.live
    await until(lambda: len(live.streamed_text) > 80, what="text to stream")
    qtbot.mouseClick(live.stop_button, Qt.MouseButton.LeftButton)
    run_id = await run_to_end(window)

    assert app.runtime is not None
    record = app.runtime.runs.run(run_id)
    assert record is not None and record.status is RunStatus.CANCELLED
    [commit] = app.runtime.runs.commits(run_id)
    assert commit.stopped and 0 < len(commit.content) < len(LONG) and LONG.startswith(commit.content)
    # the card is filled once the message is read back after the run: wait for it, not a moment
    await until(lambda: window.chat.message_cards()[-1].marker_label.text() == "stopped", what="the card marked")
    card = window.chat.message_cards()[-1]
    assert card.message.role == "assistant" and card.shown_text == commit.content
    assert not card.marker_label.isHidden()


async def test_a_plain_text_answer_is_marked_on_its_card(app: App, qtbot: QtBot) -> None:
    slow = SlowStream({"finalizer": [{"text": "Only plain words."}] * 3}, seconds=0)
    window = app.open_on(slow)
    window.new_chat()
    send_as(window, qtbot, "finalizer", "Answer me.")
    await run_to_end(window)
    await until(lambda: window.chat.message_cards()[-1].marker_label.text() == "answered in plain text",
                what="the card marked")
    card = window.chat.message_cards()[-1]
    assert card.shown_text == "Only plain words."
    assert not card.marker_label.isHidden()
    user = window.chat.message_cards()[0]
    assert user.marker_label.isHidden()
