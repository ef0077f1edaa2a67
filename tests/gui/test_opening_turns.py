"""The window's opening on a book in turns of the GUI thread that stay short (issue 35, *shown*): a project read
that several views wait for is taken by each in a turn of its own, so their fills and the paints after them are
not one long gap; a library's first counts do not make the codex's tree measure every row. Real window, real
data file; real Qt widgets."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QTreeView, QWidget
from pytestqt.qtbot import QtBot

from relay_studio.library.entries import IndexedEntry, LibraryEntry
from relay_studio.store.database import DEFAULT_PROJECT_ID
from relay_studio.ui.library.codex_model import CodexModel
from relay_studio.ui.operations.project_files import ProjectFiles
from tests.gui.conftest import App, until


async def test_the_views_waiting_for_one_project_read_take_it_each_in_a_turn_of_its_own(
        app: App, qtbot: QtBot) -> None:
    window = app.open()
    await until(lambda: window.chat_id != "", what="the first chat")
    heard: list[str] = []
    first, gone, last = QWidget(), QWidget(), QWidget()

    def took(name: str) -> object:
        def then(files: ProjectFiles) -> None:
            assert files.project_id == DEFAULT_PROJECT_ID and not files.error
            heard.append(name)
            if name == "first":  # a turn later than this one: it runs before the next waiter's turn
                QTimer.singleShot(0, lambda: heard.append("next turn"))
        return then

    projects = window.studio.projects
    projects.read(DEFAULT_PROJECT_ID, first, took("first"))  # type: ignore[arg-type]
    projects.read(DEFAULT_PROJECT_ID, gone, took("gone"))  # type: ignore[arg-type]
    projects.read(DEFAULT_PROJECT_ID, last, took("last"))  # type: ignore[arg-type]
    gone.deleteLater()  # a view closed while the read ran: it is skipped, the next one still takes the read
    await until(lambda: "last" in heard, what="the last waiter's read")
    assert heard == ["first", "next turn", "last"]


class _CountingModel(CodexModel):
    """The codex's model, counting what the tree asks of its rows (their sizes and texts)."""

    asked = 0

    def data(self, index: Any, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        self.asked += 1
        return super().data(index, role)


def test_a_librarys_first_counts_make_the_tree_measure_only_the_rows_it_shows(qtbot: QtBot) -> None:
    model = _CountingModel()
    tree = QTreeView()
    qtbot.addWidget(tree)
    tree.setModel(model)
    tree.resize(300, 400)
    tree.show()
    model.set_entries([IndexedEntry(path=f"e{i}.md", entry=LibraryEntry(type=("character", "place")[i % 2],
                                                                        name=f"Name {i}")) for i in range(1000)])
    tree.expandAll()
    qtbot.waitExposed(tree)
    model.asked = 0
    model.set_counts({f"Name {i}": i + 1 for i in range(1000)})  # every row's number changed
    first = model.index(0, 1, model.index(0, 0))
    qtbot.waitUntil(lambda: tree.visualRect(first).isValid() and tree.isExpanded(model.index(1, 0)))
    tree.viewport().repaint()
    assert model.data(first) == "1" and tree.isExpanded(model.index(0, 0))
    assert model.asked < 2000  # what the rows shown (about 20) are asked, not the 1,000 rows told of
