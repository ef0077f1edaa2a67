"""The window after a session handoff, by clicks: lineage markers that open the other chat (along a
chain of continuations), the handoff document as a collapsible card, and the offer to hand off when a
chat no longer fits the agent's context window (by the estimate, and after the server refused)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from relay_studio.ui.chat.handoff_cards import HandedOffCard, HandoffCard, LineageCard
from relay_studio.ui.chat.message_card import MessageCard
from relay_studio.ui.chat.notice_card import NoticeCard
from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, run_to_end, until

DOC = "## Goal\nA harbour story.\n## Canon & Constraints\nPresent tense.\n## Progress\nDone: dusk.\n" \
      "## Key Decisions\nSilver fish (the light).\n## Critical Context\nThe boats.\n## Next Steps\nNight.\n"


def _answer(text: str) -> dict[str, Any]:
    return {"toolCalls": [
        {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": text}},
        {"name": "workspace_commit", "arguments": {}},
        {"name": "workspace_finish", "arguments": {"summary": "Done."}}]}


async def _send(window: MainWindow, qtbot: QtBot, text: str) -> None:
    runs = len(window.studio.stats)  # runs this window started (a handoff's is not one)
    window.chat.composer.select_agent("finalizer")
    qtbot.keyClicks(window.chat.composer.editor, text)
    window.chat.composer.submit()
    await run_to_end(window, runs)


async def _hand_off_by_command(window: MainWindow, qtbot: QtBot) -> str:
    """/handoff typed and sent, the draft started as a new chat by a click; the new chat's id."""
    old = window.chat_id
    qtbot.keyClicks(window.chat.composer.editor, "/handoff")
    window.chat.composer.submit()
    await until(lambda: window.handoff_dialog is not None and not window.handoff_dialog.generating,
                what="the draft")
    dialog = window.handoff_dialog
    assert dialog is not None
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    await until(lambda: window.chat_id != old, what="the new chat to open")
    return window.chat_id


def _markers(window: MainWindow) -> list[LineageCard]:
    return [c for c in window.chat.cards if isinstance(c, LineageCard)]


async def test_lineage_markers_open_the_other_chat_along_a_chain(app: App, qtbot: QtBot) -> None:
    window = app.open({"finalizer": [_answer("The boats came home."), {"text": DOC},
                                     _answer("Night fell on the harbour."), {"text": DOC.replace("dusk", "night")}]})
    window.new_chat()
    first = window.chat_id
    await _send(window, qtbot, "Write the harbour at dusk.")
    before = [(m.role, m.content) for m in window.studio.runtime.chats.messages(first)]
    second = await _hand_off_by_command(window, qtbot)
    first_name = window.studio.runtime.chats.chat(first).name  # type: ignore[union-attr]
    second_name = window.studio.runtime.chats.chat(second).name  # type: ignore[union-attr]

    # the new chat: the marker at the top, then the document as its own card, not as the creator's message
    await until(lambda: len(window.chat.cards) >= 2, what="the new chat's cards (read off the GUI thread)")
    cards = window.chat.cards
    assert isinstance(cards[0], LineageCard) and cards[0].link.text() == f"Continued from ← {first_name}"
    assert isinstance(cards[1], HandoffCard) and cards[1].expanded and "A harbour story." in cards[1].body.text()
    assert not any(isinstance(c, MessageCard) and c.message.role == "handoff" for c in cards)
    qtbot.mouseClick(cards[1].toggle_button, Qt.MouseButton.LeftButton)
    assert not cards[1].expanded and cards[1].toggle_button.text() == "Show"
    qtbot.mouseClick(cards[1].toggle_button, Qt.MouseButton.LeftButton)
    assert cards[1].expanded

    # a click on the marker opens the old chat: its transcript as it was, the marker at its end
    qtbot.mouseClick(cards[0].link, Qt.MouseButton.LeftButton)
    assert window.chat_id == first and window.sidebar.chats.currentItem() is window.sidebar.chat_item(first)
    assert [(m.role, m.content) for m in window.studio.runtime.chats.messages(first)] == before
    await until(lambda: len(window.chat.cards) == 4, what="the old chat's cards")
    last = window.chat.cards[-1]
    assert isinstance(last, LineageCard) and last.link.text() == f"Continued in → {second_name}"
    assert [type(c) for c in window.chat.cards[:-1]] == [MessageCard, MessageCard, HandedOffCard], "no stray message"
    qtbot.mouseClick(last.link, Qt.MouseButton.LeftButton)
    assert window.chat_id == second

    # a continuation of the continuation: the middle chat points both ways, each click one step
    await _send(window, qtbot, "Now the night.")
    third = await _hand_off_by_command(window, qtbot)
    await until(lambda: _markers(window), what="the third chat's marker")
    third_marker = _markers(window)
    assert [m.link.text() for m in third_marker] == [f"Continued from ← {second_name}"]
    qtbot.mouseClick(third_marker[0].link, Qt.MouseButton.LeftButton)
    assert window.chat_id == second
    await until(lambda: len(_markers(window)) == 2, what="the middle chat's markers")
    texts = [m.link.text() for m in _markers(window)]
    third_name = window.studio.runtime.chats.chat(third).name  # type: ignore[union-attr]
    assert texts == [f"Continued from ← {first_name}", f"Continued in → {third_name}"]
    qtbot.mouseClick(_markers(window)[0].link, Qt.MouseButton.LeftButton)
    assert window.chat_id == first


async def test_the_old_chat_shows_what_it_handed_off_collapsed_and_never_sends_it(app: App, qtbot: QtBot) -> None:
    """The seeds keep the handoff document in the old session: the old chat shows it, collapsed, as "Handed
    off to …" where the handoff happened; a click opens it. No later request of the old chat includes it."""
    window = app.open({"finalizer": [_answer("The boats came home."), {"text": DOC}, _answer("Night fell.")]})
    window.new_chat()
    first = window.chat_id
    await _send(window, qtbot, "Write the harbour at dusk.")
    before = [(m.role, m.content) for m in window.studio.runtime.chats.messages(first)]
    second = await _hand_off_by_command(window, qtbot)
    second_name = window.studio.runtime.chats.chat(second).name  # type: ignore[union-attr]

    window.open_chat(first)
    await until(lambda: [type(c) for c in window.chat.cards] == [MessageCard, MessageCard, HandedOffCard,
                                                                 LineageCard], what="the old chat's cards")
    handed = window.chat.cards[2]
    assert isinstance(handed, HandedOffCard)
    assert handed.title.text() == f"Handed off to “{second_name}”"
    assert not handed.expanded and handed.body.isHidden() and handed.toggle_button.text() == "Show"
    qtbot.mouseClick(handed.toggle_button, Qt.MouseButton.LeftButton)
    assert handed.expanded and handed.toggle_button.text() == "Hide"
    assert "A harbour story." in handed.body.text() and "handoff-context" not in handed.body.text()
    assert [(m.role, m.content) for m in window.studio.runtime.chats.messages(first)] == before, \
        "a view element: the old transcript is not written to"

    # the old chat goes on: its next request holds its own messages, not the document
    assert app.provider is not None
    asked = len(app.provider.requests)
    await _send(window, qtbot, "And the night.")
    request = app.provider.requests[asked]
    sent = [request.system, *(m.content for m in request.messages)]
    assert [m.content for m in request.messages[:3]] == ["Write the harbour at dusk.", "The boats came home.",
                                                         "And the night."]
    assert not any("A harbour story." in text or "handoff-context" in text for text in sent)
    # the card stays where the handoff happened, as the creator left it
    assert [type(c) for c in window.chat.cards] == [MessageCard, MessageCard, HandedOffCard, MessageCard,
                                                    MessageCard, LineageCard]
    assert window.chat.cards[2] is handed and handed.expanded
    qtbot.mouseClick(handed.open_button, Qt.MouseButton.LeftButton)
    assert window.chat_id == second


async def test_a_chat_past_the_context_window_offers_the_handoff_instead_of_sending(app: App, qtbot: QtBot) -> None:
    window = app.open({"finalizer": [_answer("The boats came home. " * 200), {"delayMs": 200, "text": DOC}]})
    window.new_chat()
    chat = window.chat_id
    await _send(window, qtbot, "Write the harbour at dusk.")
    finalizer = window.studio.agents.profiles()["finalizer"]
    model = finalizer.model.model_copy(update={"context_window_tokens": 1024})
    window.studio.agents.save(finalizer.model_copy(update={"model": model}))
    runs_before = len(window.studio.runtime.runs.runs(chat))
    offer = window.chat.handoff_offer
    assert offer.isHidden()

    window.chat.composer.select_agent("finalizer")
    qtbot.keyClicks(window.chat.composer.editor, "And the night.")
    window.chat.composer.submit()
    await until(lambda: offer.isVisible(), what="the offer")
    assert "no longer fits" in offer.text.text() and "1,024" in offer.text.text()
    assert window.chat.composer.editor.toPlainText() == "And the night.", "what the creator typed stays"
    assert len(window.studio.runtime.runs.runs(chat)) == runs_before, "nothing was sent"

    qtbot.mouseClick(offer.button, Qt.MouseButton.LeftButton)
    assert offer.isHidden()
    await until(lambda: window.handoff_dialog is not None and not window.handoff_dialog.generating,
                what="the draft")
    dialog = window.handoff_dialog
    assert dialog is not None and dialog.editor.toPlainText() == DOC.strip()
    assert "without the oldest 2 messages" in dialog.missing.text(), "the request was cut to fit; the creator knows"
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    await until(lambda: window.chat_id != chat, what="the new chat")
    await until(lambda: len(window.chat.cards) >= 2, what="the new chat's cards (read off the GUI thread)")
    assert isinstance(window.chat.cards[1], HandoffCard)


async def test_a_context_length_refusal_ends_in_the_offer(app: App, qtbot: QtBot) -> None:
    refusal = {"error": {"status": 400, "code": "provider.bad_request", "message": (
        "The server of connection 'box' rejected the request (400): This model's maximum context length is "
        "8192 tokens. However, you requested 9120 tokens.")}}
    window = app.open({"finalizer": [_answer("The boats came home."), refusal, {"text": DOC}]})
    window.new_chat()
    await _send(window, qtbot, "Write the harbour at dusk.")
    offer = window.chat.handoff_offer
    assert offer.isHidden()
    await _send(window, qtbot, "And the night.")
    await until(lambda: offer.isVisible(), what="the offer after the refusal")
    assert any(isinstance(c, NoticeCard) for c in window.chat.cards), "the failure is still shown"
    assert "longer than the agent's model can hold" in offer.text.text()

    window.new_chat()  # the offer belongs to its chat
    assert offer.isHidden()
    window.open_chat(window.studio.runtime.chats.chat_by_name("Chat 1").id)  # type: ignore[union-attr]
    assert offer.isHidden(), "an offer the creator saw does not come back by itself"
