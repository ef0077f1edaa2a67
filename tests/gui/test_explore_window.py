"""Explore chats in the window (docs/explore.md), by clicks and keys: "New exploration" above the chats makes a
read-only chat marked in the list and above the transcript, with the explorer ready; its answer is the
agent's plain text; a write it tries is refused; an ordinary chat keeps the writer; the chat list's context
menu offers New exploration too."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QContextMenuEvent, QTextDocument
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from relay_studio.domain import error_codes as codes
from relay_studio.domain.records import CHAT_MODE_CHAT, CHAT_MODE_EXPLORE, RUN_KIND_EXPLORE
from relay_studio.library.entries import LibraryEntry
from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, run_to_end, until

ANSWER = "Captain Mira commands the Heron; the story library says she has grey eyes."


def _item_named(window: MainWindow, name: str):  # type: ignore[no-untyped-def]
    return next(i for i in window.sidebar._all_chat_items() if i.text(0) == name)


async def test_new_exploration_by_a_click_answers_in_plain_text_and_changes_nothing(app: App, qtbot: QtBot) -> None:
    window = app.open({"explorer": [
        {"toolCalls": [{"name": "library_search", "arguments": {"query": "Heron"}},
                       {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": "x"}}]},
        {"text": ANSWER}]})
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window, what="the window to be active")
    studio = window.studio
    studio.library.save_entry(window.project_id, LibraryEntry(type="character", name="Mira",
                                                      description="Mira commands the Heron. Grey eyes."))
    assert window.sidebar.new_exploration_button.text() == "New exploration"
    assert not window.chat.explore_badge.isVisible() and window.chat.composer.agent_id() == "writer"

    qtbot.mouseClick(window.sidebar.new_exploration_button, Qt.MouseButton.LeftButton)

    rt = studio.runtime
    chat = rt.chats.chat(window.chat_id)
    assert chat is not None and chat.name == "Exploration 1" and chat.explore
    item = _item_named(window, "Exploration 1")
    assert not item.icon(0).isNull() and item.toolTip(0) == "Exploration: read only"
    assert _item_named(window, "Welcome").icon(0).isNull()
    assert window.chat.explore_badge.isVisible() and window.chat.explore_badge.text() == "Exploration · read only"
    composer = window.chat.composer
    assert composer.agent_id() == "explorer" and composer.editor.hasFocus()
    assert composer.editor.placeholderText().startswith("Ask about your story library")

    qtbot.keyClicks(composer.editor, "Who commands the Heron?")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    run_id = await run_to_end(window, 0)
    record = rt.runs.run(run_id)
    assert record is not None and record.kind == RUN_KIND_EXPLORE and record.status.value == "completed"
    results = [e.payload for e in rt.runs.events(run_id) if e.type == "tool_call_completed"]
    assert [(r["name"], r["errorCode"]) for r in results] == [("library_search", None),
                                                            ("workspace_write_file", codes.EXPLORE_READ_ONLY)]
    await until(lambda: len(window.chat.message_cards()) == 2
                and window.chat.message_cards()[-1].marker_label.text() == "answered in plain text",
                what="the answer's card, marked")
    answer = window.chat.message_cards()[-1]
    shown = QTextDocument()
    shown.setHtml(answer.body.text())  # the card's rich text: "Mira" is underlined as a story library mention
    assert "Captain Mira commands the Heron" in shown.toPlainText()

    # An ordinary chat: no badge, and the writer again.
    welcome = _item_named(window, "Welcome")
    qtbot.mouseClick(window.sidebar.chats.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.sidebar.chats.visualItemRect(welcome).center())
    assert rt.chats.chat(window.chat_id).name == "Welcome"  # type: ignore[union-attr]
    assert not window.chat.explore_badge.isVisible() and composer.agent_id() == "writer"
    # Ctrl+Shift+E makes the next exploration.
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert rt.chats.chat(window.chat_id).name == "Exploration 2"  # type: ignore[union-attr]
    assert window.chat.explore_badge.isVisible() and composer.agent_id() == "explorer"


async def _right_click_chats(window: MainWindow, pos: QPoint) -> QMenu:
    """A right-click on the chat list as the platform delivers it: a context-menu event to the list's viewport
    (offscreen Qt turns no mouse press into one); returns the menu it opens."""
    viewport = window.sidebar.chats.viewport()
    QApplication.sendEvent(viewport, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, viewport.mapToGlobal(pos)))
    await until(lambda: isinstance(QApplication.activePopupWidget(), QMenu), what="the chat list's context menu")
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu) and menu.objectName() == "ChatContextMenu"
    return menu


async def _pick(menu: QMenu, text: str) -> None:
    action = next(a for a in menu.actions() if a.text() == text)
    QTest.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())
    await until(lambda: not menu.isVisible(), what="the menu to close")


async def test_the_chat_lists_context_menu_makes_a_new_exploration_on_a_chat_and_on_empty_space(
        app: App, qtbot: QtBot) -> None:
    window = app.open({})
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window, what="the window to be active")
    rt = window.studio.runtime
    tree = window.sidebar.chats

    # On a chat: New chat and New exploration first (the window's own actions), then what acts on that chat.
    menu = await _right_click_chats(window, tree.visualItemRect(_item_named(window, "Welcome")).center())
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert texts == ["&New chat", "New &exploration", "Rename…", "Duplicate", "Import SillyTavern chat…",
                     "Export as SillyTavern chat…", "Delete…"]
    assert menu.actions()[1] is window.chat_actions.new_exploration_action  # the operation of the button
    await _pick(menu, "New &exploration")
    chat = rt.chats.chat(window.chat_id)
    assert chat is not None and chat.name == "Exploration 1" and chat.mode == CHAT_MODE_EXPLORE
    assert tree.currentItem() is _item_named(window, "Exploration 1")
    assert window.chat.explore_badge.isVisible() and window.chat.composer.agent_id() == "explorer"
    assert window.chat.composer.editor.hasFocus()

    # On the empty space below the chats: the same two, and Import; nothing that needs a chat.
    empty = QPoint(20, tree.viewport().height() - 6)
    assert tree.itemAt(empty) is None
    menu = await _right_click_chats(window, empty)
    assert [a.text() for a in menu.actions() if not a.isSeparator()] == [
        "&New chat", "New &exploration", "Import SillyTavern chat…"]
    await _pick(menu, "New &exploration")
    chat = rt.chats.chat(window.chat_id)
    assert chat is not None and chat.name == "Exploration 2" and chat.mode == CHAT_MODE_EXPLORE
    assert sorted(i.text(0) for i in window.sidebar._all_chat_items()) == ["Exploration 1", "Exploration 2",
                                                                           "Welcome"]

    # New chat from the same menu makes an ordinary chat.
    menu = await _right_click_chats(window, empty)
    await _pick(menu, "&New chat")
    chat = rt.chats.chat(window.chat_id)
    assert chat is not None and chat.name == "Chat 1" and chat.mode == CHAT_MODE_CHAT
    assert not window.chat.explore_badge.isVisible() and window.chat.composer.agent_id() == "writer"
