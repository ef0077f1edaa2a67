"""The codex on a book: a story library of 1,000 entries is listed through an item model that answers only for the
rows the view shows (no widget item per entry), and new mention counts tell only the rows whose number changed."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QModelIndex, QObject, Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QTreeView
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from relay_studio.library.entries import IndexedEntry, LibraryEntry
from relay_studio.library.store import LibraryStore
from relay_studio.runtime.engine import Runtime
from relay_studio.store.chats import ImportedMessage
from relay_studio.store.projects import project_folder
from relay_studio.ui.library.codex import CodexView
from relay_studio.ui.library.codex_model import CodexModel
from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, until
from tests.unit.test_sillytavern import BOOK, _card

KINDS = ("character", "location", "item", "lore")


def _entries(n: int) -> list[LibraryEntry]:
    return [LibraryEntry(type=KINDS[i % 4], name=f"Entry {i:04}", description=f"Number {i}.") for i in range(n)]


def _watched(monkeypatch: pytest.MonkeyPatch, method: str,
             note: Callable[..., Any] = lambda *_args, **_kwargs: threading.get_ident()) -> list[Any]:
    """Every call of ``LibraryStore.<method>`` from now on, noted as ``note(*args)`` says (by default the thread it
    ran on); the call itself goes on as before."""
    seen: list[Any] = []
    real = getattr(LibraryStore, method)

    def watched(self: LibraryStore, *args: Any, **kwargs: Any) -> Any:
        seen.append(note(*args, **kwargs))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(LibraryStore, method, watched)
    return seen


def _writes(found: Any) -> tuple[int, int]:
    """What an ``apply`` (the index caught up with the folder) is noted as: its thread and how many files it wrote."""
    return threading.get_ident(), len(found.writes)


async def _codex_of_40(app: App) -> tuple[MainWindow, CodexView, Path, str]:
    """A window whose default project's story library holds 40 entries, the codex shown and listing them; with the
    library's folder and the project's id."""
    runtime = Runtime(app.data_dir)
    project = runtime.projects.default()
    folder = project_folder(app.data_dir, project)
    LibraryStore.open(runtime.db, project.id, folder).add_all(_entries(40), "e.json")
    runtime.close()
    window = app.open()
    window.show_library()
    codex = window.library.codex
    await until(lambda: len(codex.items) == 40, what="the entries listed")
    return window, codex, folder, project.id


async def test_a_codex_of_1000_entries_asks_only_for_the_rows_it_shows(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    runtime = Runtime(app.data_dir)
    project = runtime.projects.default()
    LibraryStore.open(runtime.db, project.id, project_folder(app.data_dir, project)).add_all(_entries(1000), "e.json")
    runtime.chats.import_chat("Chapter 1", [ImportedMessage(role="user", content="Entry 0007 met Entry 0500.",
                                                            created_at="2026-01-01T00:00:00.000Z")],
                              project_id=project.id)
    runtime.close()
    asked: set[str] = set()
    real = CodexModel._entry_data

    def watched(self: CodexModel, item: IndexedEntry, column: int, role: int) -> Any:
        asked.add(item.entry.name)
        return real(self, item, column, role)

    monkeypatch.setattr(CodexModel, "_entry_data", watched)
    window = app.open()
    window.show_library()
    codex = window.library.codex
    await until(lambda: len(codex.items) == 1000 and codex.counts.get("Entry 0500") == 1,
                what="the 1,000 entries listed with their counts")
    assert sum(group.childCount() for group, _rows in codex._groups()) == 1000
    assert sorted(group.text(0) for group, _rows in codex._groups()) == [
        "Character (250)", "Item (250)", "Location (250)", "Lore (250)"]
    await until(lambda: codex.tree.viewport().isVisible() and asked, what="the rows in view painted")
    assert 0 < len(asked) < 100  # the rows on screen (and what Qt measures), not 1,000
    row = codex.item_for("Entry 0500")
    assert row is not None and row.text(1) == "1"
    codex.select(next(i.path for i in codex.items if i.entry.name == "Entry 0500"))  # a click on a mention does it
    assert codex.editor.name.text() == "Entry 0500" and "Entry 0500" in asked  # scrolled to, so asked for


def test_new_counts_tell_only_the_rows_whose_number_changed(qtbot: QtBot) -> None:
    model = CodexModel()
    model.set_entries([IndexedEntry(f"library/{e.type}/{e.name}.md", e) for e in _entries(400)])
    model.set_counts({e.name: 1 for e in _entries(400)})
    told: list[tuple[QModelIndex, QModelIndex]] = []
    model.dataChanged.connect(lambda first, last, _roles=None: told.append((first, last)))
    counts = {e.name: 1 for e in _entries(400)}
    counts["Entry 0005"] = 4  # a location (5 % 4 == 1: the second group)
    model.set_counts(counts)
    entry = model.index_of("library/location/Entry 0005.md")
    assert [(first.row(), first.column(), first.parent().row(), last.row()) for first, last in told] == [
        (entry.row(), 1, 1, entry.row()), (1, 1, -1, 1)]  # the entry's count, then its group's total
    assert model.data(model.index(entry.row(), 1, entry.parent())) == "4"
    assert model.data(model.index(1, 1)) == str(99 + 4)


async def test_the_codex_reads_its_entries_off_the_gui_thread_and_writes_an_outside_edit_on_the_writer_lane(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, codex, folder, project_id = await _codex_of_40(app)
    window.library.stop_listening()  # no focus read of the dock's: what follows is the codex's own read
    scans = _watched(monkeypatch, "scan")  # every sync scans too: a sync on the GUI thread shows here
    writes = _watched(monkeypatch, "apply", _writes)
    announced: list[frozenset[str]] = []
    window.studio.operation_did_execute.connect(lambda changes, _initiator: announced.append(changes.library))
    path = next(i.path for i in codex.items if i.entry.name == "Entry 0007")
    edited = folder / path
    edited.write_text(edited.read_text(encoding="utf-8").replace("Number 7.", "Edited in another editor."),
                      encoding="utf-8")
    refreshed: list[bool] = []
    codex.refresh(select=path, then=lambda: refreshed.append(True))  # what a save, a removal or an import's end
    # asks for; the dock's own read of the same change may show the edit first (it chooses nothing): wait for ours
    await until(lambda: refreshed and [i.entry.description for i in codex.items if i.entry.name == "Entry 0007"] == [
        "Edited in another editor."], what="the outside edit read")
    gui = threading.get_ident()
    assert scans and gui not in scans  # the folder is compared with the index on a lane, never here
    assert (gui, 1) in writes  # the index caught up on the writer lane (the loop), the one file changed
    assert frozenset({project_id}) in announced  # as a change of the project's library
    assert codex.model.path_of(codex.tree.currentIndex()) == path  # the entry asked for is chosen


async def test_an_entrys_save_is_planned_off_the_gui_thread_and_writes_only_its_own_file_there(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, codex, folder, _project_id = await _codex_of_40(app)
    threads = {"scan": _watched(monkeypatch, "scan"),  # a whole sync scans too
               "plan": _watched(monkeypatch, "plan_save"), "write": _watched(monkeypatch, "write_planned")}
    applied = _watched(monkeypatch, "apply", _writes)
    window.library.stop_listening()  # no focus read of the dock's: the save's own plan finds the outside edit
    outside = folder / next(i.path for i in codex.items if i.entry.name == "Entry 0030")
    outside.write_text(outside.read_text(encoding="utf-8").replace("Number 30.", "Edited elsewhere."),
                       encoding="utf-8")
    codex.select(next(i.path for i in codex.items if i.entry.name == "Entry 0012"))
    codex.editor.description.selectAll()
    qtbot.keyClicks(codex.editor.description, "Keeps the lighthouse.")
    qtbot.mouseClick(codex.editor.save_button, Qt.MouseButton.LeftButton)
    await until(lambda: codex.editor.message.text().startswith("Saved to library/"), what="the entry saved")
    await until(lambda: [i.entry.description for i in codex.items if i.entry.name in ("Entry 0012", "Entry 0030")]
                == ["Keeps the lighthouse.", "Edited elsewhere."], what="the save and the outside edit read back")
    gui = threading.get_ident()
    assert threads["plan"] and gui not in threads["plan"]  # its name and file checked on a lane
    assert gui not in threads["scan"]  # no sync of the whole folder on the GUI thread
    assert threads["write"] == [gui]  # the file written and indexed on the writer lane, once
    assert (gui, 1) in applied  # the index caught up with the outside edit on the writer lane before the plan
    assert "Keeps the lighthouse." in (folder / next(i.path for i in codex.items if i.entry.name == "Entry 0012")
                                       ).read_text(encoding="utf-8")


def _world_info(n: int) -> dict[str, Any]:
    return {"entries": {str(i): {"uid": i, "key": [f"Isle {i:03}"], "keysecondary": [], "comment": f"Isle {i:03}",
                                 "content": f"Island number {i}.", "constant": False, "disable": False}
                        for i in range(n)}}


async def test_an_imports_additions_are_planned_off_the_gui_thread_and_write_only_their_own_files_there(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    window, codex, folder, project_id = await _codex_of_40(app)
    world = tmp_path / "isles.json"  # SillyTavern World Info
    world.write_text(json.dumps(_world_info(30)), encoding="utf-8")
    card = tmp_path / "edda.json"  # a character card with its lorebook
    card.write_text(json.dumps(_card("chara_card_v2", "Edda", character_book=BOOK)), encoding="utf-8")
    threads = {"scan": _watched(monkeypatch, "scan"),  # a whole sync scans too
               "plan": _watched(monkeypatch, "plan_add"), "write": _watched(monkeypatch, "write_import"),
               "stage": _watched(monkeypatch, "_stage")}  # the files made (the slow part)
    indexed = _watched(monkeypatch, "_index_placed", lambda plan: [f.rel for f in plan.placed])
    applied = _watched(monkeypatch, "apply", _writes)
    window.library.stop_listening()  # no focus read of the dock's: the import's own plan finds the outside edit
    outside = folder / next(i.path for i in codex.items if i.entry.name == "Entry 0030")
    outside.write_text(outside.read_text(encoding="utf-8").replace("Number 30.", "Edited elsewhere."),
                       encoding="utf-8")
    reports: list[list[str]] = []
    codex.import_finished.connect(reports.append)
    codex.start_import([world, card])  # what the import dialog hands over (its clicks: test_sillytavern_window)
    await _answer_no_agent(qtbot)
    await until(lambda: reports, what="the import to finish")
    assert reports[0][:2] == ["isles.json: imported " + ", ".join(f"“Isle {i:03}”" for i in range(30)) + ".",
                              "edda.json: imported “Edda”, “The Lighthouse”, “Storm”."]
    await until(lambda: len(codex.items) == 40 + 33, what="the imported entries listed")
    names = {i.entry.name: i.entry.description for i in codex.items}
    assert names["Isle 029"] == "Island number 29." and names["Entry 0030"] == "Edited elsewhere."
    gui = threading.get_ident()
    assert len(threads["plan"]) == 2 and gui not in threads["plan"]  # each file's import planned on a lane
    assert gui not in threads["scan"]  # no sync of the whole folder on the GUI thread
    assert len(threads["stage"]) == 2 and gui not in threads["stage"]  # its files made on the lane too
    assert threads["write"] == [gui, gui]  # each file moved in on the writer lane, once
    assert [len(rels) for rels in indexed] == [30, 3]  # and only its own files indexed there
    assert (gui, 1) in applied  # the outside edit caught up on the writer lane before the first plan
    runtime = Runtime(app.data_dir)
    try:  # the index is what a whole sync of the folder would make of it
        fresh = LibraryStore(runtime.db, project_id, folder)
        assert not fresh.scan().writes
    finally:
        runtime.close()


async def _answer_no_agent(qtbot: QtBot) -> None:
    """No agent for the card's character (the question comes once the entries are in)."""
    def box() -> QMessageBox | None:
        return next((w for w in QApplication.topLevelWidgets()
                     if isinstance(w, QMessageBox) and w.objectName() == "CardAgentQuestion" and w.isVisible()), None)

    await until(lambda: box() is not None, what="the agent question")
    found = box()
    assert found is not None
    qtbot.mouseClick(found.button(QMessageBox.StandardButton.No), Qt.MouseButton.LeftButton)


async def test_an_entrys_removal_is_found_off_the_gui_thread_and_removes_only_its_own_file_there(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _window, codex, folder, _project_id = await _codex_of_40(app)
    scans = _watched(monkeypatch, "scan")  # a whole sync scans too
    removals = _watched(monkeypatch, "remove_file")
    path = next(i.path for i in codex.items if i.entry.name == "Entry 0021")
    codex.select(path)
    assert codex.editor.name.text() == "Entry 0021"
    qtbot.mouseClick(codex.editor.delete_button, Qt.MouseButton.LeftButton)
    box = codex.findChild(QMessageBox, "DeleteEntryQuestion")
    assert box is not None
    await until(box.isVisible, what="the question")
    yes = box.button(QMessageBox.StandardButton.Yes)
    assert yes is not None
    qtbot.mouseClick(yes, Qt.MouseButton.LeftButton)
    await until(lambda: len(codex.items) == 39 and codex.item_for("Entry 0021") is None, what="the entry gone")
    assert not (folder / path).exists() and codex.editor.name.text() == ""
    gui = threading.get_ident()
    assert scans and gui not in scans  # found on a lane: no sync of the whole folder on the GUI thread
    assert removals == [gui]  # its file and its row alone, on the writer lane


def test_the_codex_model_tells_only_what_a_save_or_an_import_changed(qtbot: QtBot,
                                                                     qtmodeltester: ModelTester) -> None:
    model = CodexModel()
    tree = QTreeView()
    qtbot.addWidget(tree)
    tree.setModel(model)
    items = [IndexedEntry(path=f"e{i}.md", entry=entry) for i, entry in enumerate(_entries(1000))]
    assert model.set_entries(items) == [0, 1, 2, 3]  # the first read: every group is new (to be opened)
    qtmodeltester.check(model, force_py=True)  # Qt's model rules, checked at every change below too
    for group in range(4):
        tree.expand(model.index(group, 0))
    tree.setCurrentIndex(model.index(1, 0, model.index(3, 0)))  # e7: the fourth type's second row
    heard: list[str] = []
    model.modelReset.connect(lambda: heard.append("reset"))
    model.layoutChanged.connect(lambda *_args: heard.append("layout"))
    model.rowsInserted.connect(lambda parent, first, last: heard.append(f"inserted {parent.row()} {first}-{last}"))
    model.rowsRemoved.connect(lambda parent, first, last: heard.append(f"removed {parent.row()} {first}-{last}"))
    model.dataChanged.connect(lambda top, bottom, _roles=(): heard.append(
        f"changed {top.parent().row()} {top.row()}-{bottom.row()}"))
    saved = list(items)
    saved[501] = IndexedEntry(path="e501.md", entry=saved[501].entry.model_copy(update={"description": "Saved."}))
    assert model.set_entries(saved) == []
    assert heard == ["changed 1 125-125"]  # type 1 of 4 (501 % 4), its row 125 (501 // 4): nothing else
    assert model.entry_at(model.index(125, 0, model.index(1, 0))) == saved[501]
    heard.clear()
    lore = [IndexedEntry(path=f"lore{i}.md", entry=LibraryEntry(type="faction", name=f"Isle {i}"))
            for i in range(3)]
    added = [*saved[:3], IndexedEntry(path="new.md", entry=LibraryEntry(type=KINDS[3], name="New")), *saved[3:],
             *lore]
    assert model.set_entries(added) == [4]  # the new type's group, to be opened
    # an import's hundreds of rows in a group: one layout change (a tree would measure a range of inserted rows)
    assert heard == ["layout", "changed -1 3-3", "inserted -1 4-4"]
    assert model.rowCount(model.index(3, 0)) == 251 and model.rowCount(model.index(4, 0)) == 3
    assert model.path_of(tree.currentIndex()) == "e7.md" and tree.currentIndex().row() == 2  # followed its file
    heard.clear()
    assert model.set_entries([*added, IndexedEntry(path="lore3.md", entry=LibraryEntry(type="faction",
                                                                                       name="Isle 3"))]) == []
    assert heard == ["removed 4 0-2", "inserted 4 0-3", "changed -1 4-4"]  # a few rows: told as rows
    heard.clear()
    assert model.set_entries(lore) == [0] and heard == ["reset"]  # groups gone: the list read anew


async def test_an_import_planned_for_a_view_that_closed_meanwhile_is_still_written_and_its_staging_let_go(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The creator asked for the import: a view closed while its files were planned and staged on the lane does not
    leave them staged (locked until the process ends) nor unwritten. The import is written and its staging folder
    is gone."""
    window, codex, folder, project_id = await _codex_of_40(app)
    staged = _watched(monkeypatch, "_stage", lambda placed, *_args: len(placed))
    owner = QObject()
    outcomes: list[object] = []
    entries = [LibraryEntry(type="location", name=f"Isle {i:03}", description=f"Island {i}.") for i in range(5)]
    window.studio.library.start_add_entries(owner, project_id, "isles.json", entries, outcomes.append)
    shiboken6.delete(owner)  # the view goes before the lane's plan arrives
    await until(lambda: {f"Isle {i:03}" for i in range(5)} <= {i.entry.name for i in codex.items},
                what="the import written and listed")
    assert staged == [5] and outcomes == []  # staged once; nobody left to tell
    assert not any((folder / "library" / ".import").glob("*")), "no staging folder left behind"
