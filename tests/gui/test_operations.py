"""``ui/operations/ops.py``: the one way from a view to the data, in the real window over a real data file.

A change runs on the writer lane (the loop, a turn after it was asked) and its ``Changes`` record reaches the views
once, with who asked; a view that is concerned refreshes (a hidden one once it is shown); a query runs on the
reader lane; a failure reaches the one presenter (a coded error as its sentence and code, once; anything else
logged with its traceback); a result for a view that is gone is dropped."""

from __future__ import annotations

import logging
import threading
from typing import Any

import pytest
import shiboken6
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from relay_studio.library.entries import LibraryEntry
from relay_studio.store.projects import ProjectError
from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.operations.errors import ERROR_BOX
from relay_studio.ui.operations.ops import READER, Changes, ReadStores
from tests.gui.conftest import App, until


def _heard(window: MainWindow) -> list[tuple[Changes, object]]:
    heard: list[tuple[Changes, object]] = []
    window.studio.operation_did_execute.connect(lambda changes, initiator: heard.append((changes, initiator)))
    return heard


def _chat_names(window: MainWindow) -> list[str]:
    tree = window.sidebar.chats
    return [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]


async def test_a_changes_record_reaches_the_chat_list_which_then_shows_the_rename(app: App, qtbot: QtBot) -> None:
    window = app.open()
    await until(lambda: window.chat_id != "", what="the first chat")
    chat_id, heard = window.chat_id, _heard(window)
    threads: list[str] = []
    chats = window.studio.chats

    def renamed(record: Any) -> None:
        threads.append(threading.current_thread().name)

    chats.rename.run(window, renamed, chat_id, "The Lighthouse")
    assert chats.get(chat_id).name != "The Lighthouse"  # not in the caller's stack: a turn of the loop later
    await until(lambda: any("The Lighthouse" in name for name in _chat_names(window)), what="the chat list to show it")
    assert [(c.chats, i) for c, i in heard] == [({chat_id}, window)]  # once, naming the chat, with who asked
    assert heard[0][0].initiator is window
    assert threads == [threading.main_thread().name]  # the writer lane is the loop's thread


async def test_a_hidden_library_marks_itself_stale_and_reads_the_entry_when_shown(app: App, qtbot: QtBot) -> None:
    window = app.open()
    await until(lambda: window.library.project_id != "", what="the Library's project")
    project_id, codex = window.library.project_id, window.library.codex
    dock = window.library_dock
    dock.hide()
    await until(lambda: not window.library.isVisible(), what="the Library to be hidden")
    reads: list[object] = []
    window.studio.ops._lanes["project-files"].arrived.connect(lambda arrival: reads.append(arrival.key))
    window.studio.library.save_entry(project_id, LibraryEntry(type="character", name="Mara Quill",
                                                              description="The keeper of the light."))
    assert window.library.follower.stale is not None and project_id in window.library.follower.stale.library
    assert reads == [] and codex.item_for("Mara Quill") is None  # hidden: nothing read for it
    dock.show()
    await until(lambda: codex.item_for("Mara Quill") is not None, what="the entry once the Library is shown")
    assert reads and window.library.follower.stale is None


async def test_a_failed_querys_coded_error_is_presented_once_with_its_sentence_and_code(
        app: App, qtbot: QtBot) -> None:
    window = app.open()
    view = QWidget(window)
    view.show()
    got: list[object] = []

    def refused(_stores: ReadStores) -> None:
        raise ProjectError("project.name_taken", "There is already a project named “North”.")

    window.studio.ops.query(view, refused, got.append)
    await until(lambda: view.findChildren(QMessageBox, ERROR_BOX), what="the presenter's box")
    window.studio.ops.query(view, lambda stores: stores.projects.list(), got.append)  # the lane's next answer
    await until(lambda: got, what="the next query's answer")
    [box] = view.findChildren(QMessageBox, ERROR_BOX)
    assert box.text() == "⚠ There is already a project named “North”. [project.name_taken]"
    assert len(got) == 1 and isinstance(got[0], list)  # the failed query's ``then`` was never called
    box.accept()


async def test_an_unexpected_error_is_logged_with_its_traceback_and_said_as_unexpected(
        app: App, qtbot: QtBot, caplog: pytest.LogCaptureFixture) -> None:
    window = app.open()
    shown: list[str] = []

    def broken(_stores: ReadStores) -> None:
        raise KeyError("chapter")

    with caplog.at_level(logging.ERROR, logger="relay_studio.ui.operations.errors"):
        window.studio.ops.query(window, broken, lambda _value: None, show=shown.append)
        await until(lambda: shown, what="the line shown where the view asked")
    assert shown == ["⚠ Something unexpected went wrong (KeyError: 'chapter'). The log has the details."]
    [record] = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert record.exc_info is not None and record.exc_info[0] is KeyError
    assert "in broken" in caplog.text  # the traceback, naming where it was raised


async def test_a_late_result_for_a_view_that_is_gone_is_dropped(app: App, qtbot: QtBot) -> None:
    window = app.open()
    ops = window.studio.ops
    view = QWidget()
    started, release = threading.Event(), threading.Event()
    delivered: list[str] = []

    def slow(stores: ReadStores) -> str:
        started.set()
        release.wait(10)
        return threading.current_thread().name

    ops.query(view, slow, lambda name: delivered.append(f"gone view: {name}"))
    await until(started.is_set, what="the slow query to start on the reader lane")
    view.deleteLater()
    await until(lambda: not shiboken6.isValid(view), what="the view to be destroyed")
    release.set()
    ops.query(window, lambda stores: threading.current_thread().name, lambda name: delivered.append(name))
    await until(lambda: delivered, what="the next query's answer")
    assert delivered == [READER]  # the gone view's result was dropped; the query ran on the reader lane


def test_a_changes_record_merges_and_names_a_projects_files() -> None:
    merged = Changes.of(library="p1", messages="c1") | Changes.of(skills="p2", profiles=True)
    assert merged.project_files() == {"p1", "p2"} and merged.messages == {"c1"} and merged.profiles
    assert not merged.chats and Changes() == Changes(initiator=object())  # who asked is not what changed
