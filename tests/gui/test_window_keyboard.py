"""The window with the keyboard alone (issue 38): the events list takes one Tab stop and the arrows move
within it; Tab reaches a message's buttons (Copy, Edit, Regenerate, …) in the chat's column."""

from __future__ import annotations

from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, run_to_end, until


async def _demo_with_timeline(app: App) -> MainWindow:
    window = app.open()
    window.run_demo()
    run_id = await run_to_end(window)
    window.show_run(run_id)
    await window.timeline.loaded.wait()
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window, what="the window to be active")
    return window


def _tab_from(widget: QWidget, qtbot: QtBot, back: bool = False) -> QWidget | None:
    modifier = Qt.KeyboardModifier.ShiftModifier if back else Qt.KeyboardModifier.NoModifier
    qtbot.keyClick(widget, Qt.Key.Key_Backtab if back else Qt.Key.Key_Tab, modifier)
    return QApplication.focusWidget()


async def test_the_events_list_is_one_tab_stop_and_arrows_move_within(app: App, qtbot: QtBot) -> None:
    window = await _demo_with_timeline(app)
    table = window.timeline.table
    table.setFocus(Qt.FocusReason.TabFocusReason)
    table.selectRow(0)
    await until(lambda: QApplication.focusWidget() is table, what="the events list to have the focus")
    qtbot.keyClick(table, Qt.Key.Key_Down)
    assert table.currentIndex().row() == 1, "Down moves to the next event"
    after = _tab_from(table, qtbot)
    assert after is not None and after is not table and not table.isAncestorOf(after), \
        "one Tab leaves the events list"
    assert table.currentIndex().row() == 1, "Tab left the selected event alone"
    table.setFocus(Qt.FocusReason.TabFocusReason)
    before = _tab_from(table, qtbot, back=True)
    assert before is not None and before is not table, "Shift+Tab leaves it the other way"


async def test_tab_reaches_the_buttons_of_a_message(app: App, qtbot: QtBot) -> None:
    window = await _demo_with_timeline(app)
    cards = window.chat.message_cards()
    await until(lambda: any(c.copy_button.isVisible() for c in window.chat.message_cards()),
                what="a message with its buttons")
    card = next(c for c in cards if c.copy_button.isVisible())
    wanted = {card.copy_button, card.delete_button}
    start = window.chat.composer.editor
    start.setFocus(Qt.FocusReason.TabFocusReason)
    reached: list[QWidget] = []
    focused: QWidget | None = start
    for _ in range(60):
        assert focused is not None
        focused = _tab_from(focused, qtbot)
        if focused is not None:
            reached.append(focused)
        if wanted <= set(reached):
            break
    names = [w.objectName() or type(w).__name__ for w in reached]
    assert card.copy_button in reached, f"Tab never reaches a message's Copy (it visits {names})"
    assert card.delete_button in reached, f"Tab never reaches a message's Delete (it visits {names})"


async def test_tab_passes_over_the_dock_behind_the_other_tab(app: App, qtbot: QtBot) -> None:
    """The Library behind the Timeline's tab keeps its widgets out of sight: Tab from the events list goes on to
    what can be seen (here, through the chat's message buttons) instead of walking through them unseen."""
    window = await _demo_with_timeline(app)
    assert window.timeline_dock.visibleRegion().isEmpty() is False
    table = window.timeline.table
    table.setFocus(Qt.FocusReason.TabFocusReason)
    await until(lambda: QApplication.focusWidget() is table, what="the events list to have the focus")
    focused: QWidget | None = table
    visited: list[QWidget] = []
    for _ in range(12):
        assert focused is not None
        focused = _tab_from(focused, qtbot)
        assert focused is not None
        visited.append(focused)
    unseen = [f"{type(w).__name__} {w.objectName()}" for w in visited if w.visibleRegion().isEmpty()]
    assert unseen == [], f"Tab went to widgets out of sight: {unseen}"
    assert not any(window.library.isAncestorOf(w) for w in visited)
    assert any(w in visited for c in window.chat.message_cards() for w in (c.copy_button, c.delete_button))


def test_a_focused_flat_button_shows_a_ring(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QHBoxLayout, QLineEdit

    from relay_studio.ui import theme
    from relay_studio.ui.chat.card_chrome import tool_button

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    sheet, palette, style = app.styleSheet(), app.palette(), app.style().name()
    try:
        for choice in ("light", "dark"):
            theme.apply_theme(app, choice)
            host = QWidget()
            qtbot.addWidget(host)
            row = QHBoxLayout(host)
            other, button = QLineEdit(), tool_button("Copy", "Copy this message")
            row.addWidget(other)
            row.addWidget(button)
            host.show()
            host.activateWindow()
            other.setFocus()
            qtbot.waitUntil(other.hasFocus)
            plain = button.grab().toImage()
            button.setFocus(Qt.FocusReason.TabFocusReason)
            qtbot.waitUntil(button.hasFocus)
            ringed = button.grab().toImage()
            assert ringed != plain, f"a focused flat button looks the same as before ({choice})"
    finally:
        app.setStyleSheet(sheet)
        app.setPalette(palette)
        app.setStyle(style)


async def test_ctrl_t_brings_the_timeline_in_front_of_the_library_and_hides_it_only_from_there(
        app: App, qtbot: QtBot) -> None:
    window = await _demo_with_timeline(app)
    content = window.timeline

    def in_front() -> bool:
        return not window.timeline_dock.isHidden() and not content.visibleRegion().isEmpty()

    window.show_library()
    await until(lambda: not in_front(), what="the Library in front")
    qtbot.keyClick(window.chat.composer.editor, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    await until(in_front, what="the timeline raised above the Library")
    qtbot.keyClick(window.chat.composer.editor, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: window.timeline_dock.isHidden(), what="the timeline hidden")
    qtbot.keyClick(window.chat.composer.editor, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    await until(in_front, what="the timeline shown in front again")


async def test_help_lists_the_keyboard_shortcuts_from_the_menus(app: App, qtbot: QtBot) -> None:
    from relay_studio.ui.shortcuts_dialog import ShortcutsDialog

    window = app.open()
    help_menu = window.menus["help"]
    action = next(a for a in help_menu.actions() if a.text() == "&Keyboard shortcuts")
    action.trigger()
    await until(lambda: (d := window.findChild(ShortcutsDialog)) is not None and d.isVisible(), what="the list")
    dialog = window.findChild(ShortcutsDialog)
    assert dialog is not None
    rows = {dialog.table.item(r, 0).text(): dialog.table.item(r, 1).text()  # type: ignore[union-attr]
            for r in range(dialog.table.rowCount())}
    assert rows["View → Timeline"] == "Ctrl+T" and rows["View → Timeline fills the window"] == "Ctrl+Shift+T"
    assert rows["Edit → Find in chat"] == "Ctrl+F"
    assert rows["Approve the change (patch dialog)"] == "Ctrl+Enter"
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    await until(lambda: not dialog.isVisible(), what="the list to close")


def _click_in_menu(qtbot: QtBot, window: MainWindow, menu_name: str, action_name: str) -> None:
    """Opens a menu of the menu bar with a click on its title and clicks the action named ``action_name``."""
    menu = window.menus[menu_name]
    bar = window.menuBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(menu.menuAction()).center())
    action = next(a for a in menu.actions() if a.objectName() == action_name or a.text() == action_name)
    assert action.isEnabled(), f"{action.text()} is greyed out"
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())


async def test_edit_menu_acts_on_the_focused_text_field(app: App, qtbot: QtBot) -> None:
    window = app.open()
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window, what="the window to be active")
    edit = window.chat.composer.editor
    edit.setFocus()
    await until(lambda: QApplication.focusWidget() is edit, what="the composer to have the focus")
    qtbot.keyClicks(edit, "The keeper wound the clock.")
    window.menus["edit"].aboutToShow.emit()
    assert not window.edit_actions["copy"].isEnabled(), "nothing selected: nothing to copy"
    await _menu(qtbot, window, "edit_select_all")
    await _menu(qtbot, window, "edit_cut")
    await until(lambda: edit.toPlainText() == "", what="the text cut")
    assert QApplication.clipboard().text() == "The keeper wound the clock."
    await _menu(qtbot, window, "edit_paste")
    await _menu(qtbot, window, "edit_paste")
    await until(lambda: edit.toPlainText() == "The keeper wound the clock." * 2, what="the text pasted twice")
    await _menu(qtbot, window, "edit_undo")
    await until(lambda: edit.toPlainText() == "The keeper wound the clock.", what="the second paste undone")
    await _menu(qtbot, window, "edit_redo")
    await until(lambda: edit.toPlainText() == "The keeper wound the clock." * 2, what="the paste redone")
    shown = {a.objectName(): a.shortcut().toString() for a in window.menus["edit"].actions() if a.objectName()}
    assert shown["edit_undo"] == "Ctrl+Z" and shown["edit_copy"] == "Ctrl+C"
    qtbot.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)  # the field keeps its own keys
    assert edit.textCursor().selectedText() == "The keeper wound the clock." * 2

    # words selected in a message's text: Copy copies them (the other actions stay greyed out)
    window.run_demo()
    await run_to_end(window)
    def answer() -> QLabel | None:
        cards = [c for c in window.chat.message_cards() if c.message.role == "assistant" and c.body.isVisible()]
        return cards[-1].body if cards else None

    def focus_answer() -> bool:  # as a click in it does; again if the chat's refresh after the run rebuilt it
        shown = answer()
        if shown is not None and QApplication.focusWidget() is not shown:
            shown.setFocus(Qt.FocusReason.MouseFocusReason)
        return shown is not None and QApplication.focusWidget() is shown

    window.activateWindow()  # the offscreen platform leaves the closed menu the active window
    await until(lambda: QApplication.activeWindow() is window, what="the window to be active again")
    await until(focus_answer, what="the answer's text to have the focus")
    body = answer()
    assert body is not None
    body.setSelection(0, 40)  # as a drag over its first words selects them
    picked = body.selectedText()
    assert picked
    window.menus["edit"].aboutToShow.emit()
    assert window.edit_actions["copy"].isEnabled() and not window.edit_actions["paste"].isEnabled()
    QApplication.clipboard().clear()
    await _menu(qtbot, window, "edit_copy")
    await until(lambda: QApplication.clipboard().text() == picked, what="the selected words copied")


async def _menu(qtbot: QtBot, window: MainWindow, name: str) -> None:
    _click_in_menu(qtbot, window, "edit", name)
    await until(lambda: not window.menus["edit"].isVisible(), what="the menu to close")


async def test_help_opens_the_user_guide_shipped_with_the_app(app: App, qtbot: QtBot) -> None:
    from relay_studio.resources import user_guide
    from relay_studio.ui.docs_browser import DocsBrowser

    window = app.open()
    assert user_guide().is_file()
    action = next(a for a in window.menus["help"].actions() if a.text() == "&User guide")
    assert action.shortcut().toString() == "F1"
    action.trigger()
    await until(lambda: (d := window.findChild(DocsBrowser)) is not None and d.isVisible(), what="the guide")
    guide = window.findChild(DocsBrowser)
    assert guide is not None
    assert "one page per area" in guide.browser.toPlainText()
    page = QUrl.fromLocalFile(str(user_guide().parent / "main-window.md"))
    guide.browser.anchorClicked.emit(QUrl("main-window.md"))  # a link of the page, as its click sends it
    await until(lambda: guide.browser.source() == page, what="the linked page of the guide")
    assert "The main window: docks, menus, status bar and sizes" in guide.browser.toPlainText()
    qtbot.mouseClick(guide.back_button, Qt.MouseButton.LeftButton)
    await until(lambda: guide.browser.source() == QUrl.fromLocalFile(str(user_guide())), what="back to the first page")
