"""``/handoff`` with no model connection (issue 38): the dialog says why in the window's language and offers
what can be done instead: carry the chat over as it is (reviewed, then started like a written document),
or open Settings."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from relay_studio.app import build_window, window_settings
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.provider_source import DefaultProviders
from relay_studio.ui import i18n
from relay_studio.ui.chat.handoff_dialog import HandoffDialog
from relay_studio.ui.chat.handoff_fallback import FallbackOffer
from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.settings.dialog import SettingsDialog
from tests.gui.conftest import App, run_to_end, until


async def _no_connection_after_the_demo(app: App, language: str = "en") -> MainWindow:
    """The real providers over a fresh data folder (no connection); the demo relay (offline) fills the chat."""
    settings = window_settings(app.data_dir)
    settings.setValue(i18n.LANGUAGE_KEY, language)
    settings.sync()
    app.runtime = Runtime(app.data_dir)
    app.window = build_window(app.runtime, DefaultProviders(app.runtime.db, app.data_dir, demo_pacing=False),
                              window_settings(app.data_dir))
    app.window.show()
    app.window.run_demo()
    await run_to_end(app.window)
    return app.window


async def _handoff_fails(window: MainWindow, qtbot: QtBot) -> tuple[HandoffDialog, FallbackOffer]:
    editor = window.chat.composer.editor
    editor.setFocus()
    qtbot.keyClicks(editor, "/handoff")
    qtbot.keyClick(editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: window.handoff_dialog is not None
                and (o := window.handoff_dialog.findChild(FallbackOffer)) is not None and o.isVisible(),
                what="the dialog's offer")
    dialog = window.handoff_dialog
    assert dialog is not None
    offer = dialog.findChild(FallbackOffer)
    assert offer is not None and offer.isVisible()
    return dialog, offer


async def test_without_a_model_the_chat_is_carried_over_as_it_is(app: App, qtbot: QtBot) -> None:
    window = await _no_connection_after_the_demo(app)
    old_chat = window.chat_id
    before = window.studio.chats.messages(old_chat)
    dialog, offer = await _handoff_fails(window, qtbot)
    assert dialog.status.text() == ("The handoff document was not written: There is no model connection yet to "
                                    "write it. Nothing was changed.")
    assert not dialog.start_button.isEnabled()

    qtbot.mouseClick(offer.carry_button, Qt.MouseButton.LeftButton)
    await until(lambda: dialog.start_button.isEnabled(), what="the chat as it is, to review")
    document = dialog.editor.toPlainText()
    request = next(m for m in before if m.role == "user").content
    answer = before[-1].content
    assert request.strip() in document and answer.strip() in document, "every message is carried over"
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    await until(lambda: window.chat_id != old_chat, what="the new chat")
    new = window.studio.runtime.chats.chat(window.chat_id)
    assert new is not None and new.parent_chat_id == old_chat
    first = window.studio.runtime.chats.messages(new.id)[0]
    assert first.role == "handoff" and request.strip() in first.content
    assert [(m.role, m.content) for m in window.studio.chats.messages(old_chat)] == \
           [(m.role, m.content) for m in before], "the old chat is as it was"


async def test_without_a_model_settings_is_one_click_away(app: App, qtbot: QtBot) -> None:
    window = await _no_connection_after_the_demo(app)
    chats_before = [c.id for c in window.studio.runtime.chats.chats()]
    dialog, offer = await _handoff_fails(window, qtbot)
    qtbot.mouseClick(offer.settings_button, Qt.MouseButton.LeftButton)
    await until(lambda: (s := window.findChild(SettingsDialog)) is not None and s.isVisible(), what="Settings")
    await until(lambda: window.handoff_dialog is None, what="the handoff dialog to close")
    assert not shiboken6.isValid(dialog) or not dialog.isVisible()  # closed (and, once the loop turned, deleted)
    assert [c.id for c in window.studio.runtime.chats.chats()] == chats_before
    settings = window.findChild(SettingsDialog)
    assert settings is not None
    settings.reject()


async def test_without_a_model_the_reason_and_the_offer_are_in_the_windows_language(app: App, qtbot: QtBot) -> None:
    window = await _no_connection_after_the_demo(app, "zh_CN")
    dialog, offer = await _handoff_fails(window, qtbot)
    assert dialog.status.text() == "交接文档未能写成：还没有可用于撰写它的模型连接。未做任何更改。"
    assert offer.carry_button.text() == "按原样转入聊天" and offer.settings_button.text() == "打开设置"
    assert window.statusBar().currentMessage() == dialog.status.text()
    dialog.reject()
    await until(lambda: window.handoff_dialog is None, what="the dialog to close")


async def test_the_run_picker_marks_a_handoff_attempt(app: App, qtbot: QtBot) -> None:
    window = await _no_connection_after_the_demo(app)
    dialog, _offer = await _handoff_fails(window, qtbot)
    dialog.reject()
    await until(lambda: window.handoff_dialog is None, what="the dialog to close")
    window.timeline.show_chat(window.chat_id)
    box = window.timeline.run_box
    await until(lambda: box.count() == 2, what="both runs in the run picker")
    labels = [box.itemText(i) for i in range(box.count())]
    assert sum(label.endswith(" · handoff document") for label in labels) == 1, labels


async def test_after_a_restart_a_failed_handoff_attempt_is_said_in_the_chat(app: App, qtbot: QtBot) -> None:
    from relay_studio.ui.chat.notice_card import NoticeCard

    window = await _no_connection_after_the_demo(app)
    chat_id = window.chat_id
    dialog, _offer = await _handoff_fails(window, qtbot)
    dialog.reject()
    await until(lambda: window.handoff_dialog is None, what="the dialog to close")

    window = await app.reopen()
    window.open_chat(chat_id)

    def last_notice() -> str:
        cards = [c for c in window.chat.cards if isinstance(c, NoticeCard)]
        return cards[-1].notice.text if cards and window.chat.cards[-1] is cards[-1] else ""

    await until(lambda: "handoff" in last_notice(), what="the failed handoff attempt said at the chat's end")
    assert last_notice().startswith("The handoff to a new chat failed")
    assert last_notice().endswith("Chat → Hand off to a new chat… (or /handoff) tries again.")
    # a request of the chat's after it: the attempt is no news any more
    window.chat.composer.select_agent("finalizer")
    window.chat.composer.set_text("Go on.")
    window.chat.composer.submit()
    await until(lambda: len(window.studio.journal.runs(chat_id)) == 3 and not any(
        isinstance(c, NoticeCard) and "handoff" in c.notice.text for c in window.chat.cards),
        what="the notice gone once the chat went on")
