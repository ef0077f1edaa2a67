"""The profile editor does not change or lose what the creator did not mean to: a wheel notch while
scrolling the form scrolls it (a drop-down or spin box under the pointer changes only when it has the
focus), a blank agent's form shows what Save stores, an unknown caller id is named at its field, Close
on unsaved changes asks (Save, Discard, Cancel), and a new Director is described as what it is."""

from __future__ import annotations

import asyncio
import json

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QMessageBox, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.profiles.editor import ProfileEditor
from tests.gui.conftest import App, until


def _editor(window: MainWindow, profile_id: str = "") -> ProfileEditor:
    window.open_profile(profile_id)
    editor = window.profile_editor
    assert isinstance(editor, ProfileEditor) and window.stack.currentWidget() is editor
    return editor


def _wheel(widget: QWidget, notches: int = -1, x: int | None = None) -> None:
    """One wheel notch over ``widget`` (at ``x``, else its middle), delivered as the window system delivers
    it: to the window, which hands it to the widget under the pointer."""
    handle = widget.window().windowHandle()
    assert handle is not None
    local = QPointF(widget.width() / 2 if x is None else x, widget.height() / 2)
    at = QPointF(widget.mapTo(widget.window(), local.toPoint()))
    event = QWheelEvent(at, QPointF(widget.mapToGlobal(local.toPoint())), QPoint(0, 0), QPoint(0, 120 * notches),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(handle, event)


def _scroll_to(editor: ProfileEditor, widget: QWidget) -> None:
    editor.scroll_area.ensureWidgetVisible(widget, 0, 120)


async def test_a_wheel_notch_scrolls_the_form_and_changes_no_drop_down_or_spin_box(app: App, qtbot: QtBot) -> None:
    window = app.open()
    window.resize(1200, 700)
    editor = _editor(window, "editor")
    editor.duplicate()
    offered = editor.fields["handoffIn.enabled"].widget
    seen = editor.fields["handoffIn.historyMode"].widget
    retries = editor.fields["model.maxRetries"].widget
    assert isinstance(offered, QComboBox) and isinstance(seen, QComboBox) and isinstance(retries, QSpinBox)
    assert offered.focusPolicy() == Qt.FocusPolicy.StrongFocus, "a wheel never gives a drop-down the focus"
    bar = editor.scroll_area.verticalScrollBar()
    before = {"offered": offered.currentData(), "seen": seen.currentData(), "retries": retries.value()}
    for control in (offered, seen, retries):
        editor.name_edit.setFocus()
        _scroll_to(editor, control)
        await asyncio.sleep(0.02)
        top = bar.value()
        _wheel(control, -1)  # scrolling down the form, pointer over the control
        await asyncio.sleep(0.02)
        assert not control.hasFocus()
        assert bar.value() > top, f"the form did not scroll under {control.objectName() or type(control).__name__}"
    assert {"offered": offered.currentData(), "seen": seen.currentData(), "retries": retries.value()} == before
    assert editor.form.get("handoffIn.enabled") is True and editor.form.get("model.maxRetries") == 3

    # Clicked (it has the focus): now the wheel is meant for it.
    _scroll_to(editor, retries)
    await asyncio.sleep(0.02)
    qtbot.mouseClick(retries, Qt.MouseButton.LeftButton)
    assert retries.hasFocus()
    _wheel(retries, 1, x=retries.width() - 6)  # over its arrows (the middle is its line edit)
    await until(lambda: retries.value() == 4, what="the focused spin box to take the wheel")
    assert editor.form.get("model.maxRetries") == 4


async def test_the_blank_agent_shows_what_save_stores(app: App, qtbot: QtBot) -> None:
    window = app.open()
    editor = _editor(window)
    editor.start_new("blank", "Plain agent")
    shown = {path: editor.fields[path].widget for path in
             ("run.directRunnable", "model.maxRetries", "tools.maxRounds", "tools.maxToolCalls",
              "handoffIn.enabled", "delegation.maxHandoffDepth")}
    runnable = shown["run.directRunnable"]
    assert runnable.isChecked()  # type: ignore[attr-defined]
    values = {path: w.value() for path, w in shown.items() if isinstance(w, QSpinBox)}
    offered = shown["handoffIn.enabled"]
    assert isinstance(offered, QComboBox)
    assert editor.save()
    assert app.runtime is not None
    stored = app.runtime.profiles()[editor.original_id]
    assert stored.run.direct_runnable is True
    assert values == {"model.maxRetries": stored.model.max_retries, "tools.maxRounds": stored.tools.max_rounds,
                      "tools.maxToolCalls": stored.tools.max_tool_calls,
                      "delegation.maxHandoffDepth": stored.delegation.max_handoff_depth}
    assert values["model.maxRetries"] == 3 and values["tools.maxRounds"] > 1 and values["tools.maxToolCalls"] > 1
    assert offered.currentData() == stored.handoff_in.enabled


async def test_an_unknown_caller_id_is_named_at_its_field(app: App, qtbot: QtBot) -> None:
    window = app.open()
    editor = _editor(window, "editor")
    editor.duplicate()
    data = json.loads(editor.form.json_text())
    data["delegation"]["allowedCallers"] = ["writer", "wirter"]  # as a file to import might have it
    editor.load_data(data)
    warning = editor.fields["delegation.allowedCallers"].warning
    assert warning.isVisibleTo(editor)
    assert "“wirter”" in warning.text() and "profile.unknown_caller" in warning.text()
    assert "“writer”" not in warning.text()
    listed = [editor.callers.item(i).text() for i in range(editor.callers.count())]  # type: ignore[union-attr]
    assert "wirter (not an agent here)" in listed and "writer" in listed
    editor.set_field("delegation.allowedCallers", ["writer"])
    assert not warning.isVisibleTo(editor)


async def _close_question(editor: ProfileEditor, qtbot: QtBot) -> QMessageBox:
    qtbot.mouseClick(editor.close_button, Qt.MouseButton.LeftButton)
    await until(lambda: editor.close_question is not None and editor.close_question.isVisible(),
                what="the question before closing")
    assert editor.close_question is not None
    return editor.close_question


async def test_close_on_an_unsaved_new_agent_asks_save_discard_or_cancel(app: App, qtbot: QtBot) -> None:
    window = app.open()
    assert app.runtime is not None
    closed: list[bool] = []
    editor = _editor(window)
    editor.closed.connect(lambda: closed.append(True))
    editor.start_new("blank", "Night agent")

    question = await _close_question(editor, qtbot)
    assert "Night agent" in question.text()
    cancel = question.button(QMessageBox.StandardButton.Cancel)
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    await until(lambda: editor.close_question is None, what="the question to go")
    assert closed == [] and window.stack.currentWidget() is editor and editor.has_unsaved_changes()

    question = await _close_question(editor, qtbot)
    qtbot.mouseClick(question.button(QMessageBox.StandardButton.Save), Qt.MouseButton.LeftButton)
    await until(lambda: closed == [True], what="Save then close")
    assert "night-agent" in app.runtime.profiles() and window.stack.currentWidget() is window.chat

    editor = _editor(window, "night-agent")
    assert not editor.has_unsaved_changes()
    qtbot.mouseClick(editor.close_button, Qt.MouseButton.LeftButton)  # nothing to lose: closes at once
    assert closed == [True, True] and editor.close_question is None

    editor = _editor(window)  # an empty form nobody touched: nothing to lose
    qtbot.mouseClick(editor.close_button, Qt.MouseButton.LeftButton)
    assert closed == [True, True, True] and editor.close_question is None

    editor = _editor(window)
    editor.start_new("blank", "Throwaway")
    question = await _close_question(editor, qtbot)
    qtbot.mouseClick(question.button(QMessageBox.StandardButton.Discard), Qt.MouseButton.LeftButton)
    await until(lambda: len(closed) == 4, what="Discard then close")
    assert "throwaway" not in app.runtime.profiles()


async def test_a_new_director_is_not_described_as_a_relay(app: App) -> None:
    window = app.open()
    editor = _editor(window)
    made = editor.start_new("director", "Stage director")
    assert len(made) == 2
    assert "hands off to the next" not in editor.status_label.text()
    assert "Stage director" in editor.status_label.text() and "Start a run with Stage director" in \
        editor.status_label.text()
    editor.start_new("relay", "Sea")
    assert "each hands off to the next, in that order" in editor.status_label.text()
