"""The window's opening on a book in turns of the GUI thread that stay short (issue 35, *shown*): a project read
that several views wait for is taken by each in a turn of its own, so their fills and the paints after them are
not one long gap; a library's first counts do not make the codex's tree measure every row. Real window, real
data file; real Qt widgets."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QTreeView, QWidget
from pytestqt.qtbot import QtBot

from relay_studio.library.entries import IndexedEntry, LibraryEntry
from relay_studio.runtime.engine import Runtime
from relay_studio.store.database import DEFAULT_PROJECT_ID
from relay_studio.ui.background import BackgroundReads, put_off_arrivals
from relay_studio.ui.library.codex_model import CodexModel
from relay_studio.ui.next_turn import next_turn
from relay_studio.ui.operations.chat_contents import ChatContents
from relay_studio.ui.operations.chats import ChatOperations
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


async def test_the_chat_a_window_opens_with_is_built_a_turn_after_its_read_arrives_and_a_switch_at_once(
        app: App, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    cards_at_arrival: list[int] = []
    original = ChatOperations.read_contents

    def read_contents(ops: ChatOperations, owner: QObject, chat_id: str, recent: int,
                      deliver: Callable[[ChatContents], None], failed: Callable[[str], None] | None = None) -> None:
        def delivered(contents: ChatContents) -> None:
            deliver(contents)
            cards_at_arrival.append(len(window.chat.message_cards()))
        original(ops, owner, chat_id, recent, delivered, failed)

    monkeypatch.setattr(ChatOperations, "read_contents", read_contents)
    rt = Runtime(app.data_dir)
    chats = [rt.chats.ensure_chat(name) for name in ("Salt road", "River")]
    for chat in chats:
        rt.chats.add_message(chat.id, "user", f"Where does the {chat.name.lower()} end?")
    rt.close()
    window = app.open()
    await until(lambda: window.chat_id != "" and len(window.chat.message_cards()) == 1, what="the opening chat")
    assert cards_at_arrival == [0]  # its read arrived with the window's first paint: the card came a turn later
    window.open_chat(next(c.id for c in chats if c.id != window.chat_id))
    await until(lambda: len(cards_at_arrival) == 2, what="the switch's read")
    assert cards_at_arrival[1] == 1  # a switch's read is built as it arrives


def test_while_a_window_opens_a_lanes_arrival_is_delivered_a_turn_later_and_afterwards_at_once(
        qtbot: QtBot) -> None:
    owner = QObject()
    reads = BackgroundReads("test-opening", owner)
    delivered: list[str] = []
    seen_at_signal: list[list[str]] = []
    reads.arrived.connect(lambda _arrival: seen_at_signal.append(list(delivered)))  # after the lane's own slot
    try:
        put_off_arrivals(60)  # a window opening
        reads.start("a", lambda: "opening", lambda outcome: delivered.append(str(outcome.result())))
        qtbot.waitUntil(lambda: delivered == ["opening"])
        put_off_arrivals(0)  # the window is open
        reads.start("a", lambda: "later", lambda outcome: delivered.append(str(outcome.result())))
        qtbot.waitUntil(lambda: delivered == ["opening", "later"])
    finally:
        put_off_arrivals(0)
        reads.close()
    assert seen_at_signal == [[], ["opening", "later"]]  # put off: not yet there as it arrived; then at once


def test_work_put_off_together_takes_a_turn_each(qtbot: QtBot) -> None:
    """Three pieces of work put off in one turn, each spending the turn's budget: a queued call made by the first
    (what a paint is) comes before the second, and the order asked is kept."""
    owner, gone = QObject(), QObject()
    ran: list[str] = []

    def piece(name: str) -> Callable[[], None]:
        def work() -> None:
            ran.append(name)
            if name == "first":
                QTimer.singleShot(0, lambda: ran.append("a paint between"))
            time.sleep(0.003)
        return work

    next_turn(owner, piece("first"))
    next_turn(gone, piece("gone"))  # its view destroyed before its turn: skipped
    next_turn(owner, piece("second"))
    next_turn(owner, piece("third"))
    shiboken6.delete(gone)
    qtbot.waitUntil(lambda: "third" in ran)
    assert ran == ["first", "a paint between", "second", "third"]


async def test_the_windows_opening_a_chat_switch_and_a_turn_make_the_workers_give_way(app: App) -> None:
    """The window's opening, a chat switch and a turn of put-off work each mark the GUI thread busy for as long as
    they say (``relay_studio/give_way.py``: a worker's long loop then pauses after each slice of its work,
    ``tests/unit/test_give_way.py``)."""
    from relay_studio import give_way
    from relay_studio.ui.chat.view import SWITCH_BUSY_S
    from relay_studio.ui.operations.ops import OPENING_S

    def idle() -> bool:
        return give_way._busy_until < time.perf_counter()

    started = time.perf_counter()
    window = app.open()
    assert give_way._busy_until >= started + OPENING_S  # the opening: its first paints and reads
    await until(lambda: window.chat_id != "", what="the first chat")
    other = window.studio.chats.new(window.project_id, "Second").id
    await until(idle, seconds=10, what="the opening's busy time to end")  # so that only the switch can mark it
    switched = time.perf_counter()
    window.open_chat(other)
    assert give_way._busy_until >= switched + SWITCH_BUSY_S  # the switch: the old cards go, the new ones come
    await until(idle, seconds=10, what="the switch's busy time to end")
    busy_in_turn: list[bool] = []
    next_turn(window, lambda: busy_in_turn.append(give_way._busy_until > time.perf_counter() + 0.02))
    await until(lambda: busy_in_turn, what="the turn")
    assert busy_in_turn == [True]  # a turn: busy while it runs and Qt lays out and paints after it
