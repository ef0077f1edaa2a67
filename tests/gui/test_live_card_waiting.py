"""The live card while a change waits for the creator (issue 38): it says one thing (the agent waits for your
approval, with Review changes and Stop), not also that the agent is thinking and calling a tool, and it keeps
to the chat's narrowest column in every language."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QLocale, QTranslator
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from relay_studio.resources import resource_dir
from relay_studio.ui.chat.live_run_card import LiveRunCard
from relay_studio.ui.window_layout import MIN_CHAT_W
from tests.gui.conftest import App, run_to_end, until


def test_waiting_for_approval_the_card_says_one_thing(qtbot: QtBot) -> None:
    card = LiveRunCard()
    qtbot.addWidget(card)
    card.begin("run_1", "Editor")
    card.set_tool("Editor is calling workspace_commit…")
    card.show()
    assert card.tool_label.isVisible() and card.text.placeholderText() == "The agent is thinking…"
    card.set_status("awaiting_approval")
    assert card.status_label.text() == "is waiting for your approval" and card.review_button.isVisible()
    assert not card.tool_label.isVisible() and card.text.placeholderText() == ""
    card.set_status("running")
    assert card.tool_label.isVisible() and card.text.placeholderText() == "The agent is thinking…"


@pytest.mark.parametrize("language", ["en", "de", "ja", "zh_CN"])
def test_the_waiting_card_keeps_to_the_narrowest_chat(qtbot: QtBot, language: str) -> None:
    translator = QTranslator()
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    if language != "en":
        assert translator.load(str(resource_dir() / "translations" / f"relay_studio_{language}.qm"))
        app.installTranslator(translator)
    try:
        card = LiveRunCard()
        qtbot.addWidget(card)
        card.begin("run_1", "Editor")
        card.set_status("awaiting_approval")
        room = MIN_CHAT_W - 2 * 12 - 16  # the column's margins and its scroll bar
        assert card.minimumSizeHint().width() <= room, (QLocale().name(), card.minimumSizeHint().width(), room)
        card.resize(room, card.heightForWidth(room) if card.hasHeightForWidth() else card.sizeHint().height())
        card.show()
        qtbot.waitUntil(lambda: card.review_button.isVisible())
        for button in (card.review_button, card.stop_button):
            assert button.width() >= button.sizeHint().width(), button.text()
            assert button.geometry().right() <= card.width()
    finally:
        app.removeTranslator(translator)


async def test_a_retried_call_says_it_is_retrying_and_why(app: App, qtbot: QtBot) -> None:
    """A model call the server refused is tried again after a pause: the live card says so and why (issue 38),
    instead of looking like the agent thinks."""
    window = app.open({"finalizer": [{"error": {"status": 503, "message": "overloaded"}}, {"text": "Done."}]})
    window.new_chat()
    window.chat.composer.select_agent("finalizer")
    window.chat.composer.set_text("Write a verse.")
    window.chat.composer.submit()
    live = window.chat.live
    await until(lambda: live.tool_label.text().startswith("The model server answered with an error; trying again in"),
                what="the retry on the live card")
    assert "(attempt 2)" in live.tool_label.text()
    await run_to_end(window)
