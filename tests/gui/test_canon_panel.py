"""The Canon tab of the Library dock and "Add to canon" in a chat message, by clicks and keys (docs/canon.md,
"In the window"): words selected in an answer become a fact quoting that message; an agent's proposal is
accepted, pinned and retired with the panel's buttons; a bad fact is refused in the panel with its code."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QLabel, QMenu
from pytestqt.qtbot import QtBot

from relay_studio.app import window_settings
from relay_studio.domain.canon import FactSource, FactSourceKind, FactStatus
from relay_studio.runtime.canon_access import pinned_tokens
from relay_studio.runtime.engine import Runtime
from relay_studio.store.canon import CanonStore
from relay_studio.ui import i18n
from relay_studio.ui.chat.message_card import MessageCard
from relay_studio.ui.library.canon_view import CanonView
from tests.gui.conftest import App, until

ANSWER = "Mira turned from the rail. Her green eyes caught the lamp."


def _row(view: CanonView, handle: str) -> int:
    return next(i for i, f in enumerate(view.model.facts) if f.handle == handle)


async def _click_row(qtbot: QtBot, view: CanonView, handle: str) -> None:
    await until(lambda: any(f.handle == handle for f in view.model.facts), what=f"{handle} in the table")
    rect = view.table.visualRect(view.model.index(_row(view, handle), 1))
    qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    await until(lambda: view.current() is not None and view.current().handle == handle,  # type: ignore[union-attr]
                what=f"{handle} selected")


async def test_add_to_canon_from_a_selection_and_decide_a_proposal_by_clicks(app: App, qtbot: QtBot) -> None:
    rt = Runtime(app.data_dir)
    chat = rt.chats.ensure_chat("Voyage")
    rt.chats.add_message(chat.id, "user", "Describe Mira.")
    answer = rt.chats.add_message(chat.id, "assistant", ANSWER)
    project = rt.projects.default().id
    quote = FactSource(kind=FactSourceKind.MESSAGE, quote="Mira turned", chat_id=chat.id)
    CanonStore(rt.db).propose(project, "Mira stands at the rail.", ["Mira"], actor="Writer", source=quote)
    rt.close()
    window = app.open()
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window, what="the window to be active")
    window.open_chat(chat.id)
    await until(lambda: window.chat_id == chat.id and any(
        isinstance(c, MessageCard) and c.message.id == answer.id for c in window.chat.cards), what="the chat")
    card = next(c for c in window.chat.cards if isinstance(c, MessageCard) and c.message.id == answer.id)
    start = ANSWER.index("Her green eyes")
    card.body.setSelection(start, len("Her green eyes"))  # as a drag over the words selects them
    # the context menu as the platform asks for it on a right click (QTest's click sends no context menu event)
    at = QPoint(5, 5)
    QApplication.sendEvent(card.body, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, at, card.body.mapToGlobal(at)))
    await until(lambda: any(isinstance(w, QMenu) and w.objectName() == "MessageBodyMenu" and w.isVisible()
                            for w in QApplication.topLevelWidgets()), what="the message's menu")
    menu = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMenu) and w.isVisible())
    action = next(a for a in menu.actions() if a.text() == "Add to canon…")
    assert action.isEnabled()
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())

    view = window.library.canon
    await until(lambda: window.library.tabs.currentWidget() is view and view.text.toPlainText() == "Her green eyes",
                what="the Canon tab with the selection")
    await until(view.about.hasFocus, what="the entries field to take the keys")
    qtbot.keyClicks(view.about, "Mira")
    view.text.selectAll()
    qtbot.keyClicks(view.text, "Mira's eyes are green.")
    qtbot.keyClicks(view.attribute, "eyes")
    qtbot.keyClicks(view.value, "green")
    view.pinned.setFocus()
    qtbot.keyClick(view.pinned, Qt.Key.Key_Space)
    qtbot.mouseClick(view.save_button, Qt.MouseButton.LeftButton)
    await until(lambda: any(f.handle == "f2" for f in view.model.facts), what="the new fact in the table")
    canon = CanonStore(window.studio.runtime.db)
    added = canon.get(project, "f2")
    assert (added.text, added.about, added.attribute, added.value, added.pinned) == (
        "Mira's eyes are green.", ["Mira"], "eyes", "green", True)
    assert added.source.message_id == answer.id and added.source.quote == "Her green eyes"

    # the agent's proposal: accepted, pinned, then retired, each by its button
    await _click_row(qtbot, view, "f1")
    assert view.accept_button.isEnabled() and not view.pin_button.isEnabled()
    qtbot.mouseClick(view.accept_button, Qt.MouseButton.LeftButton)
    await until(lambda: view.current() is not None and view.current().status is FactStatus.ACTIVE,  # type: ignore[union-attr]
                what="the proposal accepted")
    qtbot.mouseClick(view.pin_button, Qt.MouseButton.LeftButton)
    await until(lambda: view.pin_button.text() == "Unpin", what="the fact pinned")
    assert [f.handle for f in canon.pinned(project)] == ["f1", "f2"]
    cost = pinned_tokens(canon.pinned(project))  # the Canon section's cost, as each stage journals it
    await until(lambda: view.cost.text() == f"Pinned: 2 facts, about {cost} tokens in every prompt of the project.",
                what="the pinned facts' cost shown")
    qtbot.mouseClick(view.retire_button, Qt.MouseButton.LeftButton)
    await until(lambda: canon.get(project, "f1").status is FactStatus.RETIRED, what="the fact retired")
    one = pinned_tokens(canon.pinned(project))
    await until(lambda: view.cost.text() == f"Pinned: 1 fact, about {one} tokens in every prompt of the project.",
                what="one pinned fact said in the singular")
    assert [c.action for c in canon.history(canon.get(project, "f1").id)] == ["propose", "accept", "pin", "retire"]

    # the project's setting, by a key: an agent's proposal would now join the canon at once
    view.accept_all.setFocus()
    qtbot.keyClick(view.accept_all, Qt.Key.Key_Space)
    await until(lambda: canon.accepts_proposals(project), what="the setting stored")

    # a fact about nothing is refused in the panel, with its code, and nothing is written
    qtbot.mouseClick(view.new_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(view.text, "The sea is grey.")
    qtbot.mouseClick(view.save_button, Qt.MouseButton.LeftButton)
    assert view.message.text().endswith("[canon.no_about]")
    assert len(canon.facts(project)) == 2


async def test_the_agent_editor_lists_canon_propose_like_the_other_tools(app: App, qtbot: QtBot) -> None:
    window = app.open()
    window.open_profile("director")  # the built-in that proposes facts: its row shows it allowed
    editor = window.profile_editor
    assert editor is not None
    label = next(w for w in editor.findChildren(QLabel) if w.text() == "Propose a canon fact")
    assert "Profile name: canon.propose · the model sees: canon_propose" in label.toolTip()
    assert editor.tool_boxes[("allow", "canon.propose")].isChecked()
    assert any(w.text() == "<i>The canon</i>" for w in editor.findChildren(QLabel))

    window.open_profile("writer")  # allowed and asked first by clicks in a copy, and saved
    editor = window.profile_editor
    assert editor is not None and not editor.tool_boxes[("allow", "canon.propose")].isChecked()
    qtbot.mouseClick(editor.duplicate_button, Qt.MouseButton.LeftButton)
    for key in ("allow", "requireApproval"):
        box = editor.tool_boxes[(key, "canon.propose")]
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
    qtbot.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
    await until(lambda: editor.save_button.text() == "Saved", what="the copy saved")
    assert app.runtime is not None
    saved = app.runtime.profiles()["writer-copy"].tools
    assert "canon.propose" in saved.allow and saved.require_approval == ["canon.propose"]


@pytest.mark.parametrize("language", ["en", "de"])
async def test_in_the_dock_of_a_1000_px_window_the_fact_column_is_the_widest(app: App, language: str) -> None:
    # seen in the German window at 1000x700: Handle, About and Status at Qt's 100 px each left the Fact 45 px
    # ("Mara has …" over two lines beside a handle "f1" in a column twice its width)
    settings = window_settings(app.data_dir)
    settings.setValue(i18n.LANGUAGE_KEY, language)
    settings.sync()
    rt = Runtime(app.data_dir)
    CanonStore(rt.db).add(rt.projects.default().id, "Mara has green eyes.", ["Mara"], actor="creator")
    rt.close()
    window = app.open()
    window.resize(1000, 700)
    view = window.library.canon
    window.library.reveal(view)
    header = view.table.horizontalHeader()
    await until(lambda: window.width() == 1000 and view.model.rowCount() == 1 and view.table.isVisible(),
                what="the fact in the Canon tab at 1000 px")
    widths = [header.sectionSize(i) for i in range(4)]
    assert widths[1] == max(widths), widths
    assert header.sectionSize(0) >= view.table.fontMetrics().horizontalAdvance(view.model.headerData(
        0, Qt.Orientation.Horizontal))  # the handle's own header still reads whole
