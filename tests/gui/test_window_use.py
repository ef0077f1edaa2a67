"""The window as a creator uses it, by keys and clicks: Ctrl+Enter and the Enter-sends choice, the
composer's focus, drafts that stay with their chat, the timeline fill and Reset layout, and the
chats' rename, duplicate and delete with undo."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QMenu, QMessageBox, QSplitter, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, run_to_end, until


def _answer(text: str, delay_ms: int = 0) -> dict[str, Any]:
    return {"delayMs": delay_ms, "toolCalls": [
        {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": text}},
        {"name": "workspace_commit", "arguments": {}},
        {"name": "workspace_finish", "arguments": {"summary": "Done."}}]}


def _user_texts(window: MainWindow) -> list[str]:
    return [c.shown_text for c in window.chat.message_cards() if c.message.role == "user"]


def _chat_names(window: MainWindow) -> list[str]:
    return [i.text(0) for i in window.sidebar._all_chat_items()]


def _item(window: MainWindow, name: str) -> QTreeWidgetItem:
    item = next(i for i in window.sidebar._all_chat_items() if i.text(0) == name)
    return item


def _click_chat(qtbot: QtBot, window: MainWindow, name: str,
                button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> QPoint:
    tree = window.sidebar.chats
    rect = tree.visualItemRect(_item(window, name))
    qtbot.mouseClick(tree.viewport(), button, pos=rect.center())
    return rect.center()


async def _open_window(app: App, qtbot: QtBot, turns: dict[str, list[dict[str, Any]]]) -> MainWindow:
    window = app.open(turns)
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window, what="the window to be active")
    return window


async def test_ctrl_enter_on_the_main_keyboard_sends(app: App, qtbot: QtBot) -> None:
    window = await _open_window(app, qtbot, {"finalizer": [_answer("One."), _answer("Two.")]})
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # New chat
    composer = window.chat.composer
    composer.select_agent("finalizer")
    assert window.focusWidget() is composer.editor
    qtbot.keyClicks(composer.editor, "First line.")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    await run_to_end(window, 0)
    assert _user_texts(window) == ["First line."] and composer.text() == ""
    # The keypad's Enter sends too.
    qtbot.keyClicks(composer.editor, "Second line.")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Enter,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.KeypadModifier)
    await run_to_end(window, 1)
    assert _user_texts(window) == ["First line.", "Second line."]


async def test_enter_adds_a_line_or_sends_as_the_creator_chose(app: App, qtbot: QtBot) -> None:
    window = await _open_window(app, qtbot, {"finalizer": [_answer("Sent by Enter.")]})
    window.new_chat()
    composer = window.chat.composer
    composer.select_agent("finalizer")
    qtbot.keyClicks(composer.editor, "A")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)
    qtbot.keyClicks(composer.editor, "B")
    assert composer.text() == "A\nB" and not window.studio.stats  # Enter added a line, nothing sent
    assert "Ctrl+Enter sends" in composer.editor.placeholderText()

    window.enter_sends_action.trigger()  # Run → Enter sends
    assert window.settings.value("composer/enterSends", type=bool) is True
    assert "Enter sends, Shift+Enter adds a line" in composer.editor.placeholderText()
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(composer.editor, "C")
    assert composer.text() == "A\nB\nC" and not window.studio.stats  # Shift+Enter always adds a line
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)
    await run_to_end(window, 0)
    assert _user_texts(window) == ["A\nB\nC"]

    window = await app.reopen({"finalizer": []})  # the choice is remembered
    assert window.enter_sends_action.isChecked() and window.chat.composer.editor.enter_sends


async def test_the_composer_has_the_focus_when_it_matters(app: App, qtbot: QtBot) -> None:
    window = await _open_window(app, qtbot, {"finalizer": [_answer("Done.", delay_ms=100)]})
    editor = window.chat.composer.editor
    assert window.focusWidget() is editor  # at start
    window.new_chat()
    _click_chat(qtbot, window, "Welcome")
    assert window.chat.title.text() == "Welcome" and window.focusWidget() is editor  # a chat clicked
    _click_chat(qtbot, window, "Chat 1")
    window.chat.composer.select_agent("finalizer")
    qtbot.keyClicks(editor, "Go.")
    qtbot.keyClick(editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: window.studio.handles, what="the run to start")
    window.timeline.search.setFocus()  # the creator looks at the timeline meanwhile
    await run_to_end(window, 0)
    assert window.focusWidget() is editor  # the run ended


async def test_a_draft_stays_with_its_chat(app: App, qtbot: QtBot) -> None:
    window = await _open_window(app, qtbot, {"finalizer": []})
    editor = window.chat.composer.editor
    qtbot.keyClicks(editor, "A draft for the welcome chat")
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.chat.title.text() == "Chat 1" and window.chat.composer.text() == ""
    qtbot.keyClicks(editor, "Another for chat 1")
    _click_chat(qtbot, window, "Welcome")
    assert window.chat.composer.text() == "A draft for the welcome chat"
    _click_chat(qtbot, window, "Chat 1")
    assert window.chat.composer.text() == "Another for chat 1"


def _layout(window: MainWindow) -> tuple[object, ...]:
    splitters = tuple(tuple(sp.sizes()) for sp in window.findChildren(QSplitter))
    return (window.sidebar_dock.width(), window.timeline_dock.width(), window.stack.width(),
            window.sidebar_dock.isVisible(), window.stack.isVisible(), splitters)


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0.02)


async def test_timeline_fill_twice_gives_back_the_layout_and_reset_layout(app: App, qtbot: QtBot) -> None:
    window = await _open_window(app, qtbot, {"finalizer": []})
    window.resize(800, 700)
    await _settle()
    window.resizeDocks([window.sidebar_dock, window.timeline_dock], [180, 300], Qt.Orientation.Horizontal)
    await _settle()
    before = _layout(window)
    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    await until(lambda: not window.stack.isVisible() and not window.sidebar_dock.isVisible(),
                what="the timeline filling the window")
    assert window.fill_action.isChecked()
    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    await until(lambda: _layout(window) == before, what="the layout given back")
    assert not window.fill_action.isChecked()

    # Reset layout: both docks back in place, visible, docked, at their first widths.
    window.timeline_dock.setFloating(True)
    window.sidebar_dock.hide()
    await _settle()
    window.reset_layout_action.trigger()
    await until(lambda: window.sidebar_dock.isVisible() and window.timeline_dock.isVisible()
                and window.stack.isVisible() and not window.timeline_dock.isFloating(), what="the reset layout")
    assert window.dockWidgetArea(window.timeline_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert window.dockWidgetArea(window.sidebar_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert window.stack.width() > 150  # the chat keeps its room


def _menu_action(text: str) -> None:
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu) and menu.objectName() == "ChatContextMenu"
    action = next(a for a in menu.actions() if a.text() == text)
    QTest.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())


async def _answer_question(name: str, button: QMessageBox.StandardButton, qtbot: QtBot) -> None:
    await until(lambda: any(isinstance(w, QMessageBox) and w.objectName() == name and w.isVisible()
                            for w in QApplication.topLevelWidgets()), what=f"the {name}")
    box = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.objectName() == name
               and w.isVisible())
    qtbot.mouseClick(box.button(button), Qt.MouseButton.LeftButton)


async def _name_editor(window: MainWindow) -> QLineEdit:
    """The chat list's in-place editor once open (an earlier one may linger until it is deleted)."""
    def shown() -> list[QLineEdit]:
        return [e for e in window.sidebar.chats.findChildren(QLineEdit) if e.isVisible()]
    await until(shown, what="the name editor")
    return shown()[0]


async def test_rename_duplicate_and_delete_a_chat_with_undo(app: App, qtbot: QtBot) -> None:
    window = await _open_window(app, qtbot, {"finalizer": [_answer("A poem.")]})
    window.new_chat()
    window.chat.composer.select_agent("finalizer")
    qtbot.keyClicks(window.chat.composer.editor, "Write a poem.")
    qtbot.keyClick(window.chat.composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    await run_to_end(window, 0)
    chats = window.studio.runtime.chats

    # Rename from the context menu, in place.
    pos = _click_chat(qtbot, window, "Chat 1", Qt.MouseButton.RightButton)
    window.sidebar.chats.customContextMenuRequested.emit(pos)  # offscreen Qt sends no context-menu event
    await until(lambda: isinstance(QApplication.activePopupWidget(), QMenu), what="the context menu")
    _menu_action("Rename…")
    editor = await _name_editor(window)
    editor.selectAll()
    qtbot.keyClicks(editor, "Poems")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    await until(lambda: "Poems" in _chat_names(window), what="the renamed chat")
    assert window.chat.title.text() == "Poems" and chats.chat(window.chat_id).name == "Poems"  # type: ignore[union-attr]
    # A name already taken is refused with a sentence, and the old name stays.
    window.chat_actions.rename_action.trigger()
    editor = await _name_editor(window)
    editor.selectAll()
    qtbot.keyClicks(editor, "Welcome")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    await until(lambda: "already called" in window.statusBar().currentMessage(), what="the refusal")
    assert sorted(_chat_names(window)) == ["Poems", "Welcome"]

    # Duplicate: the messages come along as they read now.
    original = window.chat_id
    window.chat_actions.duplicate_action.trigger()
    assert window.chat_id != original and window.chat.title.text() == "Poems (copy)"
    await until(lambda: [c.shown_text for c in window.chat.message_cards()] == ["Write a poem.", "A poem."],
                what="the copy's messages (read off the GUI thread)")
    copy_id = window.chat_id

    # Delete asks; Undo brings it back as it was.
    _click_chat(qtbot, window, "Poems (copy)")
    window.chat_actions.delete_action.trigger()
    await _answer_question("DeleteChatQuestion", QMessageBox.StandardButton.Yes, qtbot)
    assert "Poems (copy)" not in _chat_names(window) and window.chat_id != copy_id
    bar = window.chat_actions.undo_bar
    assert bar.isVisible() and "Poems (copy)" in bar.label.text()
    qtbot.mouseClick(bar.button, Qt.MouseButton.LeftButton)
    assert "Poems (copy)" in _chat_names(window) and window.chat_id == copy_id and not bar.isVisible()
    await until(lambda: [c.shown_text for c in window.chat.message_cards()] == ["Write a poem.", "A poem."],
                what="the restored chat's messages")

    # No is no; Yes and no undo: final after the timeout, the original untouched.
    window.chat_actions.delete_action.trigger()
    await _answer_question("DeleteChatQuestion", QMessageBox.StandardButton.No, qtbot)
    assert chats.chat(copy_id) is not None and "Poems (copy)" in _chat_names(window)
    window.chat_actions.undo_seconds = 0.2
    _click_chat(qtbot, window, "Poems (copy)")
    window.chat_actions.delete_action.trigger()
    await _answer_question("DeleteChatQuestion", QMessageBox.StandardButton.Yes, qtbot)
    assert chats.chat(copy_id) is not None  # not yet: undo is still possible
    await until(lambda: chats.chat(copy_id) is None, what="the deletion to become final")
    assert chats.messages(copy_id) == [] and not bar.isVisible()
    assert [m.content for m in chats.messages(original)] == ["Write a poem.", "A poem."]
    assert sorted(_chat_names(window)) == ["Poems", "Welcome"]


async def test_duplicate_copies_the_kept_files_and_follows_no_link(app: App, qtbot: QtBot, tmp_path: Path) -> None:
    """A chat's ``persist/`` is copied as ``Runtime.copy_persist`` copies it (a branch, a continuation): the
    plain files and folders, never what a link points at (a file outside, or a folder)."""
    window = await _open_window(app, qtbot, {})
    runtime = window.studio.runtime
    persist = runtime.chat_persist_dir(window.chat_id)
    (persist / "notes").mkdir(parents=True)
    (persist / "notes" / "plan.md").write_text("The plan.", encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("Not the chat's.", encoding="utf-8")
    (persist / "secret.txt").symlink_to(outside / "secret.txt")
    (persist / "elsewhere").symlink_to(outside, target_is_directory=True)
    original = window.chat_id
    window.chat_actions.duplicate_action.trigger()
    assert window.chat_id != original
    copy = runtime.chat_persist_dir(window.chat_id)
    assert (copy / "notes" / "plan.md").read_text(encoding="utf-8") == "The plan."
    assert not (copy / "secret.txt").exists() and not (copy / "secret.txt").is_symlink()
    assert not (copy / "elsewhere").exists() and not (copy / "elsewhere").is_symlink()
