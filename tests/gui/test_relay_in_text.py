"""The built-in relay in the window when every stage answers in plain text (docs/runtime.md, *Declared next
stages*): Send, three stages, the last answer in the chat, and the timeline saying the studio handed on."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.gui.conftest import App, run_to_end

DRAFT = "Fog took the harbour lights one by one."
REVISED = "Fog took the harbour lights, one by one, until only the lighthouse was left."
FINAL = "Fog took the harbour lights one by one, until only the lighthouse kept its watch."


async def test_send_runs_the_relay_to_the_end_and_the_timeline_says_who_handed_on(app: App, qtbot: QtBot) -> None:
    window = app.open({"writer": [{"text": DRAFT}], "editor": [{"text": REVISED}], "finalizer": [{"text": FINAL}]})
    window.new_chat()
    composer = window.chat.composer
    composer.agent_box.setCurrentIndex(composer.agent_box.findData("writer"))
    qtbot.keyClicks(composer.editor, "A harbour in fog.")
    qtbot.mouseClick(composer.send_button, Qt.MouseButton.LeftButton)
    run_id = await run_to_end(window)
    assert app.runtime is not None
    record = app.runtime.runs.run(run_id)
    assert record is not None and record.status.value == "completed"
    invocations = app.runtime.runs.invocations(run_id)
    assert [i.profile_id for i in invocations] == ["writer", "editor", "finalizer"]
    message = app.runtime.chats.message(record.message_id or "")
    assert message is not None and message.content == FINAL
    await until_shown(window, FINAL)

    panel = window.timeline
    panel.show_run(run_id)
    await panel.loaded.wait()
    assert panel.timeline is not None
    rows = [(panel.timeline.index.types[panel.model.seq_at(r) - 1], panel.model.data(panel.model.index(r, 4)))
            for r in range(panel.model.rowCount())]
    handoffs = [summary for kind, summary in rows if kind == "agent_handoff_accepted"]
    assert handoffs == ["→ Editor: handed on by the studio: Writer answered in text",
                        "→ Finalizer: handed on by the studio: Editor answered in text"]
    tl = panel.timeline
    assert tl is not None and [m.by_studio for m in tl.markers] == ["text_answer", "text_answer"]
    panel.open_marker(tl.markers[0])
    assert "handed on by the studio: Writer answered in text" in panel.detail.toPlainText()
    assert DRAFT in panel.detail.toPlainText()  # the brief the editor received carries the draft


async def until_shown(window: object, text: str) -> None:
    from tests.gui.conftest import until

    chat = window.chat  # type: ignore[attr-defined]
    await until(lambda: any(text in card.body.text() for card in chat.message_cards()), what="the answer in the chat")
