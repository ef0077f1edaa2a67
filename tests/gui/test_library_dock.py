"""The project switcher and the Library dock, by clicks and keys: projects keep their own chats (and
runs started there belong to them), entries are written to their files, Markdown imports with progress
and becomes searchable with cited, highlighted passages, an import can be cancelled, Skills are edited."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QInputDialog, QLineEdit
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
    window.studio.library.save_entry(sea.id, LibraryEntry(type="character", name="Harbor Ghost",
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


async def _active(app: App, turns: dict[str, list[dict[str, Any]]] | None = None) -> MainWindow:
    window = app.open(turns)
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window, what="the window to be active")
    return window


async def test_create_and_edit_an_entry_writes_its_file_and_counts_mentions(app: App, qtbot: QtBot) -> None:
    rt = Runtime(app.data_dir)  # the creator's earlier chat mentions Mira twice, in one message each
    chat = rt.chats.ensure_chat("Voyage")
    rt.chats.add_message(chat.id, "user", "Mira takes the wheel.")
    rt.chats.add_message(chat.id, "assistant", "The captain (Captain Mira, that is) nods. A mirage shimmers.")
    rt.chats.add_message(chat.id, "user", "Nothing about her here.")
    rt.close()
    window = await _active(app)
    _open_library(qtbot, window, "Story library")
    codex = window.library.codex
    qtbot.mouseClick(codex.new_button, Qt.MouseButton.LeftButton)
    ed = codex.editor
    assert ed.name.hasFocus()
    qtbot.keyClicks(ed.name, "Mira")
    qtbot.keyClicks(ed.aliases, "Captain Mira, the Navigator")
    qtbot.keyClicks(ed.description, "Captain of the Gull; reads the stars.")
    qtbot.keyClicks(ed.notes, "Dies in act three (do not tell the agents).")
    qtbot.keyClicks(ed.exclude, "Mirage")
    ed.always.setFocus()
    qtbot.keyClick(ed.always, Qt.Key.Key_Space)
    qtbot.mouseClick(ed.save_button, Qt.MouseButton.LeftButton)
    # a save is planned on a lane and written on the writer lane: it is done when the editor says so
    await until(lambda: ed.message.text() == "Saved to library/character/mira.md.", what="the entry saved")
    folder = app.data_dir / "projects" / "default" / "library"
    text = (folder / "character" / "mira.md").read_text(encoding="utf-8")
    assert "name: Mira" in text and "- Captain Mira" in text and "alwaysInclude: true" in text
    assert "notes: Dies in act three" in text and "- Mirage" in text
    assert text.rstrip().endswith("Captain of the Gull; reads the stars.")
    assert ed.message.text() == "Saved to library/character/mira.md."
    await until(lambda: (codex.item_for("Mira") is not None and codex.item_for("Mira").text(1) == "2"),  # type: ignore[union-attr]
                what="the mention count")
    # Edit: a new name and type move the file; Ctrl+S saves.
    ed.name.selectAll()
    qtbot.keyClicks(ed.name, "Mira Vale")
    ed.type.lineEdit().selectAll()  # type: ignore[union-attr]
    qtbot.keyClicks(ed.type.lineEdit(), "Crew")  # a type of the creator's own
    qtbot.mouseClick(ed.description.viewport(), Qt.MouseButton.LeftButton)
    qtbot.keyClick(ed.description, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(ed.description, " Born at sea.")
    qtbot.keyClick(ed.description, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: ed.message.text() == "Saved to library/crew/mira-vale.md.", what="the moved entry saved")
    assert not (folder / "character" / "mira.md").exists()
    moved = (folder / "crew" / "mira-vale.md").read_text(encoding="utf-8")
    assert "name: Mira Vale" in moved and "reads the stars. Born at sea." in moved
    # the codex reads its entries as a query: it shows the move once that read arrives
    await until(lambda: ([c.text(0) for c in codex._groups()[0][1]] == ["Mira Vale"]
                         and codex._groups()[0][0].text(0) == "Crew (1)"), what="the moved entry in the codex")
    assert ed.message.text() == "Saved to library/crew/mira-vale.md."
    # A name taken by another entry is refused at the field, and nothing is written.
    qtbot.mouseClick(codex.new_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(ed.name, "Captain Mira")
    qtbot.mouseClick(ed.save_button, Qt.MouseButton.LeftButton)
    await until(lambda: ed.message.text().endswith("[library.name_taken]"), what="the name refused")
    qtbot.mouseClick(codex.new_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(ed.save_button, Qt.MouseButton.LeftButton)  # no name
    assert ed.message.text() == "⚠ The new entry: the entry has no name. [library.missing_name]"
    assert sorted(p.name for p in folder.rglob("*.md")) == ["mira-vale.md"]


async def _choose_files(qtbot: QtBot, window: MainWindow, paths: list[Path]) -> None:
    """Import… then, in the file dialog, types the folder (the dialog goes there), the file names, Enter."""
    view = window.library.knowledge
    view.last_folder = paths[0].parent  # the creator's last import came from this folder
    qtbot.mouseClick(view.import_button, Qt.MouseButton.LeftButton)
    dialog = view.file_dialog
    assert isinstance(dialog, QFileDialog) and dialog.isVisible()
    assert Path(dialog.directory().absolutePath()) == paths[0].parent
    name = dialog.findChild(QLineEdit, "fileNameEdit")
    assert name is not None
    qtbot.keyClicks(name, paths[0].name if len(paths) == 1 else " ".join(f'"{p.name}"' for p in paths))
    await until(lambda: all(str(p) in dialog.selectedFiles() for p in paths), what="the files chosen")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    await until(lambda: not dialog.isVisible(), what="the dialog to close")


async def test_import_a_markdown_file_with_progress_then_search_shows_a_cited_highlighted_passage(
        app: App, qtbot: QtBot, tmp_path: Path) -> None:
    doc = tmp_path / "rules.md"
    doc.write_text("# Core Rules\n\nIntro text.\n\n## Magic\n\nA spell costs one ember per circle. "
                   "Dragons hoard embers.\n\n## Travel\n\nShips sail at dawn.\n", encoding="utf-8")
    window = await _active(app)
    _open_library(qtbot, window, "Knowledge")
    view = window.library.knowledge
    seen: list[tuple[ImportProgress, int]] = []
    view.progress_arrived.connect(lambda p: seen.append((p, view.progress.value())))
    reports: list[Any] = []
    view.import_finished.connect(reports.append)
    await _choose_files(qtbot, window, [doc])
    assert view.progress_box.isVisible() and not view.import_button.isEnabled()
    await until(lambda: reports, what="the import to finish")
    assert [p.file_name for p, _ in seen] == ["rules.md", ""] and seen[-1][0].fraction == 1.0
    assert view.progress.value() == 1000 and not view.progress_box.isVisible()
    assert view.message.text() == "Imported “Core Rules”."
    item = view.documents.topLevelItem(0)
    assert item is not None and (item.text(0), item.text(1)) == ("Core Rules", "markdown")
    assert (app.data_dir / "projects" / "default" / "knowledge" / "rules.md").is_file()
    # Search by keys: the passage, its citation, the matched words marked.
    qtbot.mouseClick(view.search, Qt.MouseButton.LeftButton)
    searched: list[str] = []
    view.searched.connect(searched.append)
    qtbot.keyClicks(view.search, "ember dragons")
    qtbot.keyClick(view.search, Qt.Key.Key_Return)
    await until(lambda: searched == ["ember dragons"], what="the passages")
    shown = view.results.toPlainText()
    assert "1. “Core Rules”, section “Core Rules › Magic”, characters" in shown
    assert "A spell costs one ember per circle. Dragons hoard embers." in shown
    html = view.results.toHtml()
    assert html.count("background-color:#ffd75e") == 3  # ember, Dragons, embers
    assert "Ships sail" not in shown
    view.search.clear()
    qtbot.keyClicks(view.search, "unicorn")  # typing alone searches, after a pause
    await until(lambda: searched == ["ember dragons", "unicorn"], what="the second search")
    assert view.results.toPlainText() == "No passage contains these words. Try other words."


async def test_cancel_stops_an_import_and_keeps_nothing_of_the_document_being_read(
        app: App, qtbot: QtBot, tmp_path: Path) -> None:
    pdf = write_pdf(tmp_path / "tome.pdf", [[f"Page {n} of the tome.", f"Rule {n}: quill{n}."]
                                            for n in range(1, 401)])
    window = await _active(app)
    _open_library(qtbot, window, "Knowledge")
    view = window.library.knowledge
    reports: list[Any] = []
    view.import_finished.connect(reports.append)
    clicked = threading.Event()

    def hold(p: ImportProgress) -> None:  # on the worker: page 1 waits until Cancel is clicked, as on a slow disk
        if p.pages_done == 1:
            clicked.wait(20)

    view.progress_arrived.connect(hold, Qt.ConnectionType.DirectConnection)
    await _choose_files(qtbot, window, [pdf])
    await until(lambda: "page" in view.progress_label.text(), what="the first pages")
    assert view.progress_label.text().startswith("File 1 of 1: tome.pdf, page ")
    qtbot.mouseClick(view.cancel_button, Qt.MouseButton.LeftButton)
    clicked.set()
    await until(lambda: reports, seconds=60, what="the import to stop")
    assert reports[0].cancelled and reports[0].imported == []
    assert view.message.text() == "Cancelled: the document being read was not kept."
    assert view.documents.topLevelItemCount() == 0 and view.import_button.isEnabled()
    assert list((app.data_dir / "projects" / "default" / "knowledge").glob("*.pdf")) == []


async def test_skills_are_listed_and_edited_in_the_dock(app: App, qtbot: QtBot) -> None:
    window = await _active(app)
    _open_library(qtbot, window, "Skills")
    view = window.library.skills

    def names() -> list[str]:
        return [view.list.item(i).text() for i in range(view.list.count())]  # type: ignore[union-attr]

    await until(lambda: "story-library-upkeep · built-in" in names(), what="the Skills read off the GUI thread")
    qtbot.mouseClick(view.new_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(view.name, "sea-voice")
    qtbot.keyClicks(view.description, "When a sailor speaks.")
    qtbot.keyClicks(view.body, "Short sentences. Salt in every line.")
    qtbot.mouseClick(view.save_button, Qt.MouseButton.LeftButton)
    file = app.data_dir / "projects" / "default" / "skills" / "sea-voice.md"
    assert file.read_text(encoding="utf-8") == ('---\nname: sea-voice\ndescription: "When a sailor speaks."\n'
                                                'agents: ["*"]\n---\nShort sentences. Salt in every line.\n')
    qtbot.keyClick(view.body, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(view.body, " No adverbs.")
    qtbot.mouseClick(view.save_button, Qt.MouseButton.LeftButton)
    assert file.read_text(encoding="utf-8").endswith("Salt in every line. No adverbs.\n")
    assert view.message.text() == "Saved to skills/sea-voice.md."
    # A name with spaces and capitals becomes a valid one, and the message says so (issue 38)
    qtbot.mouseClick(view.new_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(view.name, "Harbour Rules")
    qtbot.keyClicks(view.description, "x")
    qtbot.keyClicks(view.body, "y")
    qtbot.mouseClick(view.save_button, Qt.MouseButton.LeftButton)
    assert view.name.text() == "harbour-rules"
    assert view.message.text().startswith("Saved as “harbour-rules”")
    # A name with nothing a Skill's name can hold is refused with its code; nothing is written.
    qtbot.mouseClick(view.new_button, Qt.MouseButton.LeftButton)
    view.name.setText("港口")  # typed through an input method: QTest cannot type it
    qtbot.keyClicks(view.description, "x")
    qtbot.keyClicks(view.body, "y")
    qtbot.mouseClick(view.save_button, Qt.MouseButton.LeftButton)
    assert view.message.text().endswith("[skill.bad_name]")
    assert sorted(p.name for p in file.parent.iterdir()) == ["harbour-rules.md", "sea-voice.md"]


async def test_a_new_project_and_its_empty_knowledge_say_what_to_do_next(
        app: App, qtbot: QtBot, tmp_path: Path) -> None:
    doc = tmp_path / "notes.md"
    doc.write_text("# Notes\n\nThe tide turns at noon.\n", encoding="utf-8")
    window = await _active(app)
    window.resize(1000, 700)
    await _menu_item(qtbot, window, "New project…")
    await _type_name(qtbot, window, "Tidewater")
    hint = window.chat.empty_hint
    await until(lambda: hint.isVisible() and "Tidewater" in hint.text(), what="the new project's hint")
    assert hint.text().startswith("The project “Tidewater” is new: its chats, story library, knowledge and Skills")
    assert "Ctrl+L" in hint.text() and "Ctrl+Enter" in hint.text()
    bar = window.chat.scroll_area.verticalScrollBar()  # the Welcome card before it scrolled; an empty chat does not
    await until(lambda: not bar.isVisible() and bar.maximum() == 0, what="no scroll bar in the empty chat")
    _open_library(qtbot, window, "Knowledge")
    view = window.library.knowledge
    await until(view.empty_hint.isVisible, what="the empty knowledge library's hint")
    assert view.empty_hint.text().startswith("No documents yet. Import… rulebooks, research or notes")
    reports: list[Any] = []
    view.import_finished.connect(reports.append)
    await _choose_files(qtbot, window, [doc])
    await until(lambda: reports and view.documents.topLevelItemCount() == 1, what="the document imported")
    assert not view.empty_hint.isVisible()
