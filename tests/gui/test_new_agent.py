"""New agent, as a creator makes one: the "+" beside Agents, File → New agent… and the agents' context
menu open the choice of starting points; Create opens the editor on the new agent; a relay preset
creates stages that really hand off to each other in a run."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu, QWidget
from pytestqt.qtbot import QtBot

from relay_studio.domain.profile import offers_handoff_to
from relay_studio.runtime.profile_templates import TEMPLATES, build
from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.profiles.editor import ProfileEditor
from relay_studio.ui.profiles.new_agent import NewAgentDialog
from tests.gui.conftest import App, run_to_end, until
from tests.support import settle
from tests.unit.test_model_language import offences


def _dialog(window: MainWindow) -> NewAgentDialog:
    dialog = window.findChild(NewAgentDialog)
    assert isinstance(dialog, NewAgentDialog) and dialog.isVisible()
    return dialog


def _choose(qtbot: QtBot, dialog: NewAgentDialog, key: str) -> None:
    row = [t.key for t in TEMPLATES].index(key)
    item = dialog.starts.item(row)
    assert item is not None
    qtbot.mouseClick(dialog.starts.viewport(), Qt.MouseButton.LeftButton,
                     pos=dialog.starts.visualItemRect(item).center())
    assert dialog.template().key == key


def _click_action(qtbot: QtBot, menu: QMenu, text: str) -> None:
    action = next(a for a in menu.actions() if a.text() == text)
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())


def _right_click(widget: QWidget, point: QPoint) -> None:
    """What the platform sends on a right click (QTest's synthetic click carries no context menu event)."""
    QApplication.sendEvent(widget, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point,
                                                     widget.mapToGlobal(point)))


def _editor(window: MainWindow) -> ProfileEditor:
    editor = window.profile_editor
    assert isinstance(editor, ProfileEditor) and window.stack.currentWidget() is editor
    return editor


def test_every_template_builds_valid_profiles_with_unique_ids() -> None:
    from relay_studio.domain.profile import parse_profile

    taken = {"writer", "editor", "finalizer", "researcher", "story-writer"}
    for t in TEMPLATES:
        made = build(t.key, t.default_name, taken)
        ids = [d["id"] for d in made]
        assert len(set(ids)) == len(ids) and not set(ids) & taken
        for data in made:
            profile = parse_profile(data)
            assert profile.model.mode == "default" and profile.model.connection is None
    relay = [parse_profile(d) for d in build("relay", "Story", taken)]
    assert [p.id for p in relay] == ["story-writer-2", "story-editor", "story-finalizer"]
    for data in (d for t in TEMPLATES for d in build(t.key, t.default_name, taken)):  # model-facing words
        texts = [data.get("description", ""), data["delegation"].get("descriptionForAgents", "") if "delegation"
                 in data else "", (data.get("instructions") or {}).get("taskPrompt") or ""]
        assert not [o for text in texts for o in offences(text)], data["id"]


async def test_plus_beside_agents_creates_a_writer_that_opens_in_the_editor(app: App, qtbot: QtBot) -> None:
    window = app.open()
    qtbot.mouseClick(window.sidebar.new_agent_button, Qt.MouseButton.LeftButton)
    dialog = _dialog(window)
    assert [dialog.starts.item(i).text().split("\n")[0] for i in range(dialog.starts.count())] == [
        "A blank agent", "A writer", "An editor", "A finalizer", "A helper", "A director (reviews before it writes)",
        "A relay (writer → editor → finalizer)"]
    _choose(qtbot, dialog, "writer")
    assert dialog.name_edit.text() == "Writer 2"  # the built-in is "Writer"
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Backspace)
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Backspace)
    assert "An agent named “Writer” exists already" in dialog.hint.text()
    dialog.name_edit.selectAll()
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Backspace)
    assert not dialog.create_button.isEnabled()  # no name, nothing to create
    qtbot.keyClicks(dialog.name_edit, "Night writer")
    qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()

    editor = _editor(window)
    assert editor.form.get("id") == "night-writer" and editor.form.get("displayName") == "Night writer"
    assert editor.title.text() == "Night writer · not saved yet" and not editor.read_only
    assert editor.connection_box.currentText().startswith("The default connection")
    assert editor.save_button.isEnabled() and editor.save_button.text() == "Save"
    assert app.runtime is not None and "night-writer" not in app.runtime.profiles()  # nothing stored yet
    selected = window.sidebar.profiles.currentItem()
    assert selected is None or not selected.isSelected()  # not in the list before it is saved
    qtbot.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
    assert "night-writer" in app.runtime.profiles()
    selected = window.sidebar.profiles.currentItem()
    assert selected is not None and selected.isSelected() and selected.data(Qt.ItemDataRole.UserRole) == "night-writer"

    qtbot.keyClick(editor.name_edit, Qt.Key.Key_End)
    qtbot.keyClicks(editor.name_edit, "!")  # Ctrl+S saves from the keyboard
    assert editor.save_button.text() == "Save"
    window.activateWindow()  # shortcuts go to the active window, as on a desktop
    await until(lambda: QApplication.activeWindow() is window, what="the window to be active")
    qtbot.keyClick(editor.name_edit, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert app.runtime.profiles()["night-writer"].display_name == "Night writer!"
    assert editor.save_button.text() == "Saved"
    selected = window.sidebar.profiles.currentItem()
    assert selected is not None and selected.isSelected() and selected.text().startswith("Night writer!")


async def test_file_menu_and_context_menu_offer_new_agent(app: App, qtbot: QtBot) -> None:
    window = app.open()
    bar = window.menuBar()
    file_menu = next(a.menu() for a in bar.actions() if a.text() == "&File")
    assert isinstance(file_menu, QMenu)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(file_menu.menuAction()).center())
    await until(file_menu.isVisible, what="the File menu")
    _click_action(qtbot, file_menu, "New &agent…")
    dialog = _dialog(window)
    _choose(qtbot, dialog, "blank")
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)  # Create is the default button
    editor = _editor(window)
    assert editor.form.get("displayName") == "New agent" and editor.form.valid
    await until(lambda: window.findChild(NewAgentDialog) is None, what="the dialog to go")

    agents = window.sidebar.profiles
    item = agents.item(0)
    assert item is not None
    point = agents.visualItemRect(item).center()
    _right_click(agents.viewport(), point)
    menu = window.sidebar.agents_menu
    await until(menu.isVisible, what="the agents' context menu")
    assert [a.text() for a in menu.actions() if a.text()] == [f"Open “{item.text().splitlines()[0]}”", "New agent…"]
    _click_action(qtbot, menu, "New agent…")
    dialog = _dialog(window)
    _choose(qtbot, dialog, "helper")
    qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    editor = _editor(window)
    assert editor.form.get("run.directRunnable") is False and editor.form.get("delegation.allowAsSubagent") is True
    assert editor.form.get("delegation.allowedCallers") == ["*"]

    # An empty point of the list: only New agent…. (A window tall enough for the list to end above its bottom.)
    await settle()
    menu.hide()
    window.resize(window.width(), 1400)
    last = agents.item(agents.count() - 1)
    assert last is not None
    await until(lambda: agents.visualItemRect(last).bottom() < agents.viewport().height() - 6,
                what="room below the last agent")
    empty = QPoint(5, agents.viewport().height() - 3)
    assert agents.itemAt(empty) is None
    _right_click(agents.viewport(), empty)
    assert [a.text() for a in menu.actions() if a.text()] == ["New agent…"]
    menu.hide()


async def test_a_relay_preset_makes_stages_that_hand_off_to_each_other(app: App, qtbot: QtBot) -> None:
    turns = {
        "sea-writer": [{"toolCalls": [
            {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": "Waves.\n"}},
            {"name": "workspace_commit", "arguments": {"path": "output/main.md"}},
            {"name": "agent_handoff", "arguments": {"agentId": "sea-editor", "handoff": {
                "title": "Tighten", "objective": "Revise and hand on."}}}]}],
        "sea-editor": [{"toolCalls": [
            {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": "Grey waves.\n"}},
            {"name": "workspace_commit", "arguments": {"path": "output/main.md"}},
            {"name": "agent_handoff", "arguments": {"agentId": "sea-finalizer", "handoff": {
                "title": "Polish", "objective": "Finish."}}}]}],
        "sea-finalizer": [{"toolCalls": [{"name": "workspace_finish", "arguments": {"summary": "Done."}}]}],
    }
    window = app.open(turns)
    qtbot.mouseClick(window.sidebar.new_agent_button, Qt.MouseButton.LeftButton)
    dialog = _dialog(window)
    _choose(qtbot, dialog, "relay")
    dialog.name_edit.clear()
    qtbot.keyClicks(dialog.name_edit, "Sea")
    assert "“Sea writer” hands off to “Sea editor”" in dialog.hint.text()
    qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)

    editor = _editor(window)
    assert app.runtime is not None
    profiles = app.runtime.profiles()
    writer, edit, final = profiles["sea-writer"], profiles["sea-editor"], profiles["sea-finalizer"]
    assert editor.original_id == "sea-writer" and editor.title.text() == "Sea writer"
    assert "Sea writer, Sea editor and Sea finalizer" in editor.status_label.text()
    assert offers_handoff_to(writer, edit) and offers_handoff_to(edit, final)
    assert not offers_handoff_to(writer, final)  # each stage accepts only the one before it
    assert writer.handoff.next == "sea-editor" and edit.handoff.next == "sea-finalizer"  # declared next stages
    assert final.handoff.next is None
    assert "Sea editor" in (writer.instructions.task_prompt or "")
    assert "Sea finalizer" in (edit.instructions.task_prompt or "")

    window.new_chat()
    composer = window.chat.composer
    qtbot.keyClicks(composer.editor, "@sea-writer A scene at sea.")
    qtbot.mouseClick(composer.send_button, Qt.MouseButton.LeftButton)
    run_id = await run_to_end(window)
    record = app.runtime.runs.run(run_id)
    assert record is not None and record.status.value == "completed" and record.root_profile_id == "sea-writer"
    events = [e for e in app.runtime.runs.events(run_id) if e.type == "agent_handoff_accepted"]
    assert [e.payload.get("targetAgentId") or e.payload.get("agentId") for e in events] == [
        "sea-editor", "sea-finalizer"]
