"""The window's opening on a book in turns of the GUI thread that stay short (issue 35, *shown*): a project read
that several views wait for is taken by each in a turn of its own, so their fills and the paints after them are
not one long gap. Real window, real data file."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from relay_studio.store.database import DEFAULT_PROJECT_ID
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
