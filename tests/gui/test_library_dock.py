"""The project switcher and the Library dock, by clicks and keys: projects keep their own chats (and
runs started there belong to them), entries are written to their files, Markdown imports with progress
and becomes searchable with cited, highlighted passages, an import can be cancelled, Skills are edited."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QInputDialog, QLineEdit, QMenu
from pytestqt.qtbot import QtBot

from relay_studio.domain import events as ev
from relay_studio.knowledge.library import ImportProgress
from relay_studio.library.entries import LibraryEntry
from relay_studio.runtime.engine import Runtime
from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, run_to_end, until
from tests.knowledge.files import write_pdf


def _answer(text: str) -> dict[str, Any]:
    return {"toolCalls": [
        {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": text}},
        {"name": "workspace_commit", "arguments": {}},
        {"name": "workspace_finish", "arguments": {"summary": "Done."}}]}


def _chat_names(window: MainWindow) -> list[str]:
    return sorted(i.text(0) for i in window.sidebar._all_chat_items())


async def _menu_item(qtbot: QtBot, window: MainWindow, text: str) -> None:
    """Opens the project switcher's ⋯ menu by a click and clicks ``text`` in it."""
    qtbot.mouseClick(window.sidebar.project_button, Qt.MouseButton.LeftButton)
    menu = window.sidebar.project_menu
    await until(menu.isVisible, what="the project menu")
    action = next(a for a in menu.actions() if a.text() == text)
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())
    await until(lambda: not menu.isVisible(), what="the menu to close")


async def _type_name(qtbot: QtBot, window: MainWindow, name: str) -> None:
    await until(lambda: window.findChild(QInputDialog, "ProjectNameDialog") is not None, what="the name dialog")
    dialog = window.findChild(QInputDialog, "ProjectNameDialog")
    assert dialog is not None
    await until(dialog.isVisible, what="the dialog shown")
    edit = dialog.findChild(QLineEdit)
    assert edit is not None
    edit.selectAll()
    qtbot.keyClicks(edit, name)
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    await until(lambda: window.findChild(QInputDialog, "ProjectNameDialog") is None
                or not dialog.isVisible(), what="the dialog to close")


def _open_library(qtbot: QtBot, window: MainWindow, tab: str) -> None:
    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    tabs = window.library.tabs
    index = next(i for i in range(tabs.count()) if tabs.tabText(i) == tab)
    bar = tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert window.library_dock.isVisible() and tabs.currentIndex() == index


async def test_switching_the_project_shows_its_chats_and_runs_belong_to_it(app: App, qtbot: QtBot) -> None:
    window = app.open({"finalizer": [_answer("The Harbor Ghost answers.")]})
    assert _chat_names(window) == ["Welcome"]
    await _menu_item(qtbot, window, "New project…")
    await _type_name(qtbot, window, "Sea Saga")
    assert window.sidebar.project_combo.currentText() == "Sea Saga"
    assert _chat_names(window) == ["Chat 1"]
    # New chat creates in the chosen project.
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window, what="the window to be active")
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert _chat_names(window) == ["Chat 1", "Chat 2"]
    rt = window.studio.runtime
    sea = rt.projects.by_name("Sea Saga")
    assert sea is not None
    assert sorted(c.name for c in rt.chats.chats(sea.id)) == ["Chat 1", "Chat 2"]
    # A run started here belongs to the project: it sees the project's story library.
    window.studio.save_entry(sea.id, LibraryEntry(type="character", name="Harbor Ghost",
                                                  description="A ghost of the old harbor."))
    composer = window.chat.composer
    composer.select_agent("finalizer")
    qtbot.keyClicks(composer.editor, "Tell me about the Harbor Ghost.")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    run_id = await run_to_end(window, 0)
    run = rt.runs.run(run_id)
    assert run is not None and rt.chat_project(run.chat_id).id == sea.id
    included = [e for e in rt.runs.events(run_id) if e.type == ev.LIBRARY_ENTRIES_INCLUDED]
    assert included and included[0].payload["names"] == ["Harbor Ghost"]
    # Back to the default project by keys on the switcher: its chats again.
    combo = window.sidebar.project_combo
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Up)
    assert combo.currentText() == "Default" and _chat_names(window) == ["Welcome"]
    assert rt.chats.chat(window.chat_id).name == "Welcome"  # type: ignore[union-attr]
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert _chat_names(window) == ["Chat 1", "Chat 2"]
    # Rename through the menu; the choice is remembered over a restart.
    await _menu_item(qtbot, window, "Rename project…")
    await _type_name(qtbot, window, "Sea Saga II")
    assert rt.projects.get(sea.id).name == "Sea Saga II"  # type: ignore[union-attr]
    assert combo.currentText() == "Sea Saga II" and window.library.title.text() == "Project “Sea Saga II”"
    window = await app.reopen()
    assert window.sidebar.project_combo.currentText() == "Sea Saga II"
    assert _chat_names(window) == ["Chat 1", "Chat 2"]
    assert window.studio.runtime.chat_project(window.chat_id).id == sea.id
