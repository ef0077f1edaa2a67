"""The profile editor: built-ins read-only (Duplicate to edit), live validation at each field with
its code, Save disabled while invalid, import (valid and not) and export without the connection; and,
clicking and typing, errors that say where to fix them, a form that does not jump, fields that follow
each other, Saved, the connection drop-down with the server's models, words and warnings."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from relay_studio.providers.connections import Connection
from relay_studio.providers.secrets import SecretStore
from relay_studio.runtime.profile_catalog import builtin_profiles
from relay_studio.store.connections import ConnectionStore
from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.operations.connections import connection_choices, server_models_source
from relay_studio.ui.profiles.editor import SECTIONS, ProfileEditor
from relay_studio.ui.profiles.sources import ConnectionChoices
from tests.gui.conftest import App, until
from tests.providers.conftest import LoopbackServer, MemoryKeyring, Reply


@pytest.fixture(autouse=True)
def _quick_double_click(qapp: QApplication) -> Iterator[None]:
    """A drop-down ignores the release of a click for one double-click interval after it opens (400 ms by
    default): this file's drop-downs are opened and picked from a dozen times, so the interval is
    shortened here, as a user's setting may be, and ``_pick`` waits it out as before."""
    hints = qapp.styleHints()
    before = hints.mouseDoubleClickInterval()
    hints.setMouseDoubleClickInterval(60)
    yield
    hints.setMouseDoubleClickInterval(before)


def _editor(window: MainWindow, profile_id: str) -> ProfileEditor:
    window.open_profile(profile_id)
    editor = window.profile_editor
    assert isinstance(editor, ProfileEditor) and window.stack.currentWidget() is editor
    return editor


async def test_builtins_are_read_only_and_duplicate_makes_an_editable_copy(app: App) -> None:
    window = app.open()
    editor = _editor(window, "writer")
    assert editor.read_only and not editor.save_button.isEnabled()
    assert "read-only" in editor.banner.text() and not editor.groups["Identity"].isEnabled()
    assert "You are Writer." in editor.model_view.toPlainText() and "agent_handoff" in editor.model_view.toPlainText()
    editor.duplicate()
    assert not editor.read_only and editor.form.get("id") == "writer-copy"
    assert editor.save_button.isEnabled()
    assert editor.save()
    assert app.runtime is not None
    assert "writer-copy" in {p.id for p in app.runtime.profile_store.all()}
    assert window.sidebar.profiles.count() == len(builtin_profiles()) + 1
    assert window.chat.composer.agent_box.findData("writer-copy") >= 0


def _without_next_stage(editor: ProfileEditor) -> None:
    """The built-in writer and editor declare a next stage, which is a way to end their part too; these
    tests are about a stage with no way out, so the copy drops it (the Next stage field, first choice)."""
    combo = editor.findChild(QComboBox, "NextStage")
    assert combo is not None and combo.currentData() is not None
    combo.setCurrentIndex(0)
    assert editor.form.get("handoff.next") is None


async def test_live_validation_shows_each_problem_at_its_field(app: App) -> None:
    window = app.open()
    editor = _editor(window, "writer")
    editor.duplicate()
    _without_next_stage(editor)
    editor.id_edit.setText("Not An Id")
    editor.id_edit.textEdited.emit("Not An Id")
    assert not editor.save_button.isEnabled()
    assert "(profile.bad_id)" in editor.fields["id"].error.text() and editor.fields["id"].error.isVisibleTo(editor)
    editor.id_edit.setText("my-writer")
    editor.id_edit.textEdited.emit("my-writer")
    assert editor.fields["id"].error.isHidden() and editor.save_button.isEnabled()

    editor.tool_boxes[("requireApproval", "workspace.finish")].setChecked(True)  # asking first allows it
    assert "workspace.finish" in editor.form.get("tools.allow") and editor.save_button.isEnabled()
    editor.tool_boxes[("allow", "workspace.finish")].setChecked(False)  # and no longer allowed: nothing to ask
    assert editor.form.get("tools.requireApproval") == []
    assert not editor.tool_boxes[("requireApproval", "workspace.finish")].isChecked()
    editor.tool_boxes[("allow", "agent.handoff")].setChecked(False)
    editor.tool_boxes[("allow", "workspace.commit")].setChecked(True)
    assert "(profile.no_stage_exit)" in editor.fields["run.directRunnable"].error.text()
    editor.tool_boxes[("allow", "workspace.finish")].setChecked(True)
    assert editor.save_button.isEnabled()
    assert json.loads(editor.raw.toPlainText())["tools"]["allow"][-1] == "workspace.finish"

    editor.raw.setPlainText(editor.raw.toPlainText().replace('"maxRounds": 40', '"maxRounds": 0'))
    editor._on_raw_edited()
    assert "(profile.value_out_of_range)" in editor.fields["tools.maxRounds"].error.text()
    assert not editor.save_button.isEnabled()

    raw = json.loads(editor.raw.toPlainText())
    raw["tools"]["maxRounds"] = 40
    raw["tools"]["requireApproval"] = ["workspace.list_files"]
    raw["tools"]["deny"] = ["workspace.list_files"]
    editor.raw.setPlainText(json.dumps(raw))
    editor._on_raw_edited()
    assert "(profile.approval_for_unavailable_tool)" in editor.fields["tools.requireApproval"].error.text()
    assert not editor.save_button.isEnabled()


async def test_import_and_export(app: App, tmp_path: Path) -> None:
    window = app.open()
    editor = _editor(window, "editor")
    out = tmp_path / "editor.json"
    editor.export_file(out)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["model"]["mode"] == "requiresConfiguration" and data["model"]["connection"] is None
    assert data["kind"] == "relay-studio.agentProfile" and data["id"] == "editor"

    data.update(id="poet", displayName="Poet")
    good = tmp_path / "poet.json"
    good.write_text(json.dumps(data), encoding="utf-8")
    assert editor.import_file(good) is not None
    assert app.runtime is not None and "poet" in app.runtime.profiles()
    assert editor.title.text() == "Poet" and not editor.read_only
    assert editor.status_label.text() == f"Imported “Poet” from {good}."

    data.update(id="Bad", tools={"allow": ["workspace.teleport"]})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert editor.import_file(bad) is None
    assert "Bad" not in app.runtime.profiles()
    assert "(profile.unknown_tool)" in editor.fields["tools.allow"].error.text()
    assert "(profile.bad_id)" in editor.fields["id"].error.text()
    assert not editor.save_button.isEnabled()


async def test_handoff_in_denied_tools_and_workspace_folders_are_fields(app: App) -> None:
    window = app.open()
    editor = _editor(window, "editor")
    editor.duplicate()

    editor.tool_boxes[("deny", "workspace.list_files")].setChecked(True)
    assert editor.form.get("tools.deny") == ["workspace.list_files"]

    editor.fields["handoffIn.removeToolItems"].findChild(QCheckBox).setChecked(True)  # type: ignore[union-attr]
    assert editor.form.get("handoffIn.removeToolItems") is True
    name = editor.fields["handoffIn.toolNameOverride"].findChild(QLineEdit)
    assert name is not None
    name.textEdited.emit("call the editor!")
    assert "(profile.bad_tool_name)" in editor.fields["handoffIn.toolNameOverride"].error.text()
    assert not editor.save_button.isEnabled()
    name.textEdited.emit("ask_editor")
    assert editor.fields["handoffIn.toolNameOverride"].error.isHidden()
    assert editor.form.get("handoffIn.toolNameOverride") == "ask_editor"
    description = editor.fields["handoffIn.toolDescriptionOverride"].findChild(QPlainTextEdit)
    assert description is not None
    description.setPlainText("Ask the editor to tighten a draft.")
    assert editor.form.get("handoffIn.toolDescriptionOverride") == "Ask the editor to tighten a draft."

    schema_error = editor.fields["handoffIn.inputSchema"].error
    editor.schema_edit.setPlainText('{"type": "object", ')
    assert "(profile.invalid_json)" in schema_error.text() and "line 1" in schema_error.text()
    assert not editor.save_button.isEnabled()
    editor.schema_edit.setPlainText('{"type": "string"}')
    assert "(profile.invalid_input_schema)" in schema_error.text() and "'type': 'object'" in schema_error.text()
    assert not editor.save_button.isEnabled()
    schema = {"type": "object", "properties": {"tone": {"type": "string"}}, "required": ["tone"]}
    editor.schema_edit.setPlainText(json.dumps(schema))
    assert schema_error.isHidden() and editor.form.get("handoffIn.inputSchema") == schema
    assert editor.save_button.isEnabled()

    style = editor.fields["delegation.handoffToolStyle"].findChild(QComboBox)
    assert style is not None and style.findData("perTarget") >= 0
    history = editor.fields["handoffIn.historyMode"].findChild(QComboBox)  # the default is offered, and shown
    assert history is not None and history.currentData() == "snapshot"
    assert history.currentText() == "The chat and the brief"

    editor.root_edit.setText("Bad Folder")
    editor.add_root()
    roots_error = editor.fields["workspace.visibleRoots"].error
    assert "(profile.bad_workspace_root)" in roots_error.text() and not editor.save_button.isEnabled()
    editor.root_boxes[("visibleRoots", "Bad Folder")].setChecked(False)
    assert roots_error.isHidden()
    editor.root_edit.setText("notes")
    editor.add_root()
    assert "notes" in editor.form.get("workspace.visibleRoots")
    editor.root_boxes[("writableRoots", "notes")].setChecked(True)
    assert "notes" in editor.form.get("workspace.writableRoots") and editor.save_button.isEnabled()
    editor.root_boxes[("visibleRoots", "notes")].setChecked(False)
    assert "(profile.writable_root_not_visible)" in roots_error.text()
    editor.root_boxes[("visibleRoots", "notes")].setChecked(True)

    assert editor.save()
    assert app.runtime is not None
    saved = {p.id: p for p in app.runtime.profile_store.all()}.get("editor-copy")
    assert saved is not None and saved.handoff_in.tool_name_override == "ask_editor"
    assert saved.handoff_in.input_schema == schema and saved.handoff_in.remove_tool_items
    assert saved.handoff_in.history_mode == "snapshot"  # kept as it was, not replaced by the first choice
    assert saved.tools.deny == ["workspace.list_files"] and "notes" in saved.workspace.writable_roots
    editor.load("editor-copy")  # the fields show what was saved
    assert editor.schema_edit.toPlainText().startswith("{") and ("writableRoots", "notes") in editor.root_boxes
    assert editor.root_boxes[("writableRoots", "notes")].isChecked()


# -- the editor as used: clicks and typing ------------------------------------------------------------


def _click(qtbot: QtBot, widget: QWidget) -> None:
    if isinstance(widget, QCheckBox):  # the box itself, not its text
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=QPoint(8, widget.height() // 2))
    else:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


async def _pick(qtbot: QtBot, combo: QComboBox, text: str) -> None:
    """Opens the drop-down with a click and clicks the item whose text starts with ``text``."""
    arrow = QPoint(combo.width() - 8, combo.height() // 2)  # an editable one opens from its arrow
    qtbot.mouseClick(combo, Qt.MouseButton.LeftButton, pos=arrow if combo.isEditable() else combo.rect().center())
    view = combo.view()
    await until(view.isVisible, what="the drop-down")
    await asyncio.sleep(QApplication.doubleClickInterval() / 1000 + 0.05)  # Qt ignores a release sooner
    row = next(i for i in range(combo.count()) if combo.itemText(i).startswith(text))
    rect = view.visualRect(view.model().index(row, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    await until(lambda: not view.isVisible(), what="the drop-down to close")
    assert combo.currentIndex() == row


def _in_view(editor: ProfileEditor, widget: QWidget) -> bool:
    top = widget.mapTo(editor.scroll_area.viewport(), QPoint(0, 0)).y()
    return top >= 0 and top + widget.height() <= editor.scroll_area.viewport().height()


def _viewport_y(editor: ProfileEditor, widget: QWidget) -> int:
    return widget.mapTo(editor.scroll_area.viewport(), QPoint(0, 0)).y()


async def test_an_error_from_another_section_says_where_to_fix_it(app: App, qtbot: QtBot) -> None:
    window = app.open()
    window.resize(1200, 700)
    editor = _editor(window, "writer")
    editor.duplicate()
    _without_next_stage(editor)
    tools_row = SECTIONS.index("Tools")
    qtbot.mouseClick(editor.rail.viewport(), Qt.MouseButton.LeftButton,
                     pos=editor.rail.visualItemRect(editor.rail.item(tools_row)).center())
    never_handoff = editor.tool_boxes[("deny", "agent.handoff")]
    assert _in_view(editor, never_handoff)
    _click(qtbot, never_handoff)

    identity = editor.fields["run.directRunnable"]
    assert "(profile.no_stage_exit)" in identity.error.text()
    assert "in Tools, allow “Finish the run” or “Hand off the stage”" in identity.error.text()
    assert not _in_view(editor, identity)  # the form did not jump away from Tools
    assert editor.rail.item(0).text() == "Identity  ⚠" and editor.rail.item(tools_row).text() == "Tools"
    assert not editor.save_button.isEnabled()
    [link] = editor.problem_buttons
    assert link.text() == "⚠ Identity › Can start a run from the chat: 1 problem — go there"
    assert editor.rail.currentRow() == tools_row
    _click(qtbot, link)
    assert _in_view(editor, identity) and editor.rail.currentRow() == 0  # the rail follows the form

    _click(qtbot, editor.tool_boxes[("allow", "workspace.finish")])  # the fix the message names
    assert identity.error.isHidden() and not editor.problem_buttons and editor.problems.isHidden()
    assert editor.rail.item(0).text() == "Identity" and editor.save_button.isEnabled()


async def test_an_invalid_file_opens_scrolled_to_its_first_problem(app: App, tmp_path: Path) -> None:
    window = app.open()
    window.resize(1200, 700)
    editor = _editor(window, "writer")
    data = json.loads(editor.form.json_text())
    data.update(id="poet", displayName="Poet")
    data["workspace"]["visibleRoots"] = ["output", "Bad Folder"]
    data["workspace"]["writableRoots"] = ["output"]
    bad = tmp_path / "poet.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert editor.import_file(bad) is None
    roots = editor.fields["workspace.visibleRoots"]
    assert "(profile.bad_workspace_root)" in roots.error.text() and _in_view(editor, roots.error)
    assert "poet.json was not imported" in editor.status_label.text()


async def test_messages_never_move_the_row_under_the_pointer(app: App, qtbot: QtBot) -> None:
    window = app.open()
    window.resize(1200, 700)
    editor = _editor(window, "editor")
    await until(lambda: editor.width() > 480, what="the docks fitted to the window")  # its width, then the clicks
    editor.duplicate()
    _without_next_stage(editor)
    editor.go_to_field("tools.allow")
    form_top = editor.scroll_area.mapTo(editor, QPoint(0, 0)).y()
    rows = [editor.tool_boxes[("deny", "agent.handoff")], editor.tool_boxes[("deny", "workspace.commit")],
            editor.tool_boxes[("allow", "agent.handoff")]]
    for box in rows:  # each click shows or hides a message in a section above the one clicked
        before = {id(b): _viewport_y(editor, b) for b in rows}
        errors_before = editor.fields["run.directRunnable"].error.isVisibleTo(editor)
        _click(qtbot, box)
        await asyncio.sleep(0.05)  # what a person sees: the loop has laid the form out again
        assert {id(b): _viewport_y(editor, b) for b in rows} == before
        assert editor.scroll_area.mapTo(editor, QPoint(0, 0)).y() == form_top
        assert editor.fields["run.directRunnable"].error.isVisibleTo(editor) != errors_before or box is not rows[0]
    assert "“Hand off the stage” is set to Never" in editor.fields["tools.allow"].note.text()


async def test_denying_a_tool_unticks_what_it_enables_or_says_why_not(app: App, qtbot: QtBot) -> None:
    window = app.open()
    editor = _editor(window, "writer")
    editor.duplicate()
    delegate = editor.checks["delegation.canDelegate"]
    assert delegate.isChecked() and editor.tool_boxes[("allow", "agent.delegate")].isChecked()

    _click(qtbot, editor.tool_boxes[("deny", "agent.delegate")])
    assert not editor.tool_boxes[("allow", "agent.delegate")].isChecked() and not delegate.isChecked()
    assert editor.form.get("delegation.canDelegate") is False and editor.save_button.isEnabled()

    _click(qtbot, editor.tool_boxes[("requireApproval", "agent.delegate")])
    assert not editor.tool_boxes[("requireApproval", "agent.delegate")].isChecked()
    assert "“Ask a helper” is set to Never" in editor.fields["tools.allow"].note.text()
    _click(qtbot, delegate)
    assert not delegate.isChecked() and "set to Never in Tools" in editor.fields["delegation.canDelegate"].note.text()

    _click(qtbot, editor.tool_boxes[("deny", "agent.delegate")])
    assert editor.fields["delegation.canDelegate"].note.isHidden()
    _click(qtbot, delegate)  # the switch brings the tools it needs
    assert {"agent.delegate", "agent.await"} <= set(editor.form.get("tools.allow"))
    assert editor.tool_boxes[("allow", "agent.await")].isChecked()

    _click(qtbot, editor.checks["delegation.canHandoff"])
    assert "agent.handoff" not in editor.form.get("tools.allow")
    assert not editor.tool_boxes[("allow", "agent.handoff")].isChecked()
    _click(qtbot, editor.tool_boxes[("allow", "agent.handoff")])
    assert editor.checks["delegation.canHandoff"].isChecked()

    as_stage, as_helper = editor.checks["delegation.allowAsHandoffTarget"], editor.checks["delegation.allowAsSubagent"]
    assert not as_stage.isEnabled() and not as_helper.isEnabled()  # the writer is not callable
    _click(qtbot, editor.checks["delegation.callable"])
    assert as_stage.isChecked() and as_stage.isEnabled() and editor.fields["delegation.callable"].error.isHidden()
    _click(qtbot, as_stage)
    assert "(profile.callable_without_role)" in editor.fields["delegation.callable"].error.text()
    assert "tick “…as the next stage” or “…as a helper”" in editor.fields["delegation.callable"].error.text()


async def test_title_follows_the_name_save_says_saved_export_says_where(app: App, qtbot: QtBot,
                                                                        tmp_path: Path) -> None:
    window = app.open()
    editor = _editor(window, "writer")
    assert editor.title.text() == "Writer · built-in, read-only"
    _click(qtbot, editor.duplicate_button)
    assert editor.title.text() == "Writer (copy) · not saved yet"
    editor.name_edit.selectAll()
    qtbot.keyClicks(editor.name_edit, "Dawn writer")
    assert editor.title.text() == "Dawn writer · not saved yet"
    _click(qtbot, editor.save_button)
    assert editor.save_button.text() == "Saved" and not editor.save_button.isEnabled()
    assert editor.title.text() == "Dawn writer" and editor.status_label.text() == "Saved “Dawn writer”."
    assert app.runtime is not None and app.runtime.profiles()["writer-copy"].display_name == "Dawn writer"

    qtbot.keyClicks(editor.name_edit, "!")
    assert editor.save_button.text() == "Save" and editor.save_button.isEnabled()
    assert editor.title.text() == "Dawn writer! · changed"
    qtbot.keyClick(editor.name_edit, Qt.Key.Key_Backspace)
    _click(qtbot, editor.save_button)
    assert editor.save_button.text() == "Saved"

    out = tmp_path / "dawn.json"
    editor.export_file(out)
    assert editor.status_label.text().startswith(f"Exported to {out} ") and out.is_file()
    editor.export_file(tmp_path / "missing" / "dawn.json")
    assert editor.status_label.text().startswith(f"Could not export to {tmp_path / 'missing' / 'dawn.json'}")


async def test_labels_speak_a_writers_words_with_the_technical_names_in_tooltips(app: App) -> None:
    window = app.open()
    editor = _editor(window, "editor")
    labels = {w.text(): w for w in editor.findChildren(QLabel)}
    handoff = labels["Hand off the stage"]
    assert "agent.handoff" in handoff.toolTip() and "agent_handoff" in handoff.toolTip()
    assert "transfer_to_<id>" in labels["Name of the tool others call"].toolTip()
    assert "JSON Schema" in labels["What callers must hand over"].toolTip()
    assert "Handoff tools" in labels["How it hands off"].toolTip()
    assert not any(text.startswith(("agent.", "workspace.")) for text in labels)  # no dotted names as labels


async def test_tool_choice_none_warns_that_the_run_would_fail(app: App, qtbot: QtBot) -> None:
    window = app.open()
    editor = _editor(window, "finalizer")
    editor.duplicate()
    warning = editor.fields["model.toolChoice"].warning
    assert warning.isHidden()
    await _pick(qtbot, editor.tool_choice, "Never call tools")
    assert editor.form.get("model.toolChoice") == "none"
    assert warning.isVisibleTo(editor) and "model.tool_call_required" in warning.text()
    assert editor.save_button.isEnabled()  # valid, only doomed: the creator decides
    await _pick(qtbot, editor.tool_choice, "When it decides")
    assert warning.isHidden()


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    srv = LoopbackServer()
    yield srv
    srv.stop()
    assert not srv.unexpected, srv.unexpected


def _models(names: list[str]) -> Reply:
    return Reply(body=json.dumps({"data": [{"id": n} for n in names]}).encode(), content_type="application/json")


async def test_connection_is_a_drop_down_and_the_model_offers_the_servers_models(
        app: App, qtbot: QtBot, server: LoopbackServer, tmp_path: Path) -> None:
    window = app.open()
    assert app.runtime is not None
    store = ConnectionStore(app.runtime.db)
    store.add(Connection(id="lab", kind="openai_compatible", base_url=server.url + "/v1"))
    store.add(Connection(id="cloud", kind="openai_compatible", base_url="https://models.example.com/v1"))
    # An agent made elsewhere, bound to a connection this computer does not have.
    writer = app.runtime.profiles()["writer"]
    window.studio.agents.save(writer.model_copy(update={
        "id": "writer-copy", "display_name": "Writer copy",
        "model": writer.model.model_copy(update={"mode": "connection", "connection": "local-ollama",
                                                 "model": "qwen3:8b"})}))
    window.refresh_profiles()
    editor = _editor(window, "writer-copy")
    # The window's sources, with the keychain in memory and "lab" as the app's default connection.
    editor.connections = lambda: ConnectionChoices(connection_choices(app.runtime.db).ids, "lab")  # type: ignore[union-attr]
    editor.models_source = server_models_source(app.runtime.db, app.data_dir,
                                                 SecretStore(tmp_path, backend=MemoryKeyring(), environ={}))
    editor.load("writer-copy")  # again, with these sources
    combo = editor.connection_box
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "The default connection (now lab)", "cloud", "lab (default)", "local-ollama (not on this computer)",
        "Not chosen yet (it cannot run)"]
    assert combo.currentText() == "local-ollama (not on this computer)"
    warning = editor.fields["model.connection"].warning
    assert "no connection “local-ollama” on this computer" in warning.text()

    server.add(_models(["qwen3:8b", "llama3.2"]))
    await _pick(qtbot, combo, "lab (default)")
    note = editor.fields["model.model"].note
    assert note.text() == "Asking the server which models it offers…"  # the window went on meanwhile
    await editor.wait_idle()
    assert [editor.model_box.itemText(i) for i in range(editor.model_box.count())] == ["qwen3:8b", "llama3.2"]
    assert editor.model_box.currentText() == "qwen3:8b" and "offers 2 models" in note.text()
    assert (editor.form.get("model.mode"), editor.form.get("model.connection")) == ("connection", "lab")
    assert warning.isHidden() and server.requests[-1].path == "/v1/models"

    await _pick(qtbot, editor.model_box, "llama3.2")
    assert editor.form.get("model.model") == "llama3.2"
    line = editor.model_box.lineEdit()
    assert line is not None
    line.selectAll()
    qtbot.keyClicks(line, "my-finetune")
    assert editor.form.get("model.model") == "my-finetune"

    server.add(_models(["qwen3:8b"]))
    await _pick(qtbot, combo, "The default connection")
    await editor.wait_idle()
    assert (editor.form.get("model.mode"), editor.form.get("model.connection")) == ("default", None)
    assert editor.model_box.currentText() == "my-finetune"  # what was typed stays
    assert editor.form.valid and editor.save_button.isEnabled()

    server.add(Reply(status=500, body=b'{"error": {"message": "down"}}', content_type="application/json"))
    await _pick(qtbot, combo, "lab (default)")
    await editor.wait_idle()
    assert note.text().startswith("The models could not be listed:") and "type a model's name" in note.text()

    await _pick(qtbot, combo, "Not chosen yet")
    assert editor.form.get("model.mode") == "requiresConfiguration"
    assert warning.text() == "This agent cannot run until you choose a connection."
    _click(qtbot, editor.save_button)
    saved = app.runtime.profiles()["writer-copy"]
    assert saved.model.mode == "requiresConfiguration" and saved.model.model == "my-finetune"


async def test_handoffs_and_helpers_that_would_be_refused_are_warned(app: App, qtbot: QtBot) -> None:
    window = app.open()
    editor = _editor(window, "writer")
    editor.duplicate()  # the built-in researcher takes tasks from the built-in writer only
    helpers = editor.fields["delegation.canDelegate"].warning
    assert "No other agent takes side tasks from this one" in helpers.text()
    _click(qtbot, editor.checks["delegation.canDelegate"])
    assert helpers.isHidden()

    depth = editor.fields["delegation.maxHandoffDepth"]
    spin = depth.widget
    assert isinstance(spin, QSpinBox) and depth.warning.isHidden()
    spin.selectAll()
    qtbot.keyClicks(spin, "0")
    assert editor.form.get("delegation.maxHandoffDepth") == 0
    assert "(agent.handoff_depth_exhausted)" in depth.warning.text()
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    assert depth.warning.isHidden()

    editor.load("editor")
    editor.duplicate()
    offered = editor.fields["handoffIn.enabled"]
    await _pick(qtbot, offered.widget, "Never")  # type: ignore[arg-type]
    assert "no agent can hand off to it" in offered.warning.text()


async def test_a_named_connection_starts_from_its_own_default_model(
        app: App, qtbot: QtBot, server: LoopbackServer, tmp_path: Path) -> None:
    window = app.open()
    assert app.runtime is not None
    editor = _editor(window, "writer")
    editor.models_source = server_models_source(app.runtime.db, app.data_dir,
                                                 SecretStore(tmp_path, backend=MemoryKeyring(), environ={}))
    store = ConnectionStore(app.runtime.db)
    store.add(Connection(id="lab", kind="openai_compatible", base_url=server.url + "/v1", default_model="qwen"))
    store.add(Connection(id="bare", kind="openai_compatible", base_url=server.url + "/v1"))
    server.add(_models(["qwen", "phi"]))  # a new agent on the default connection ("lab") lists its models
    editor.start_new("blank", "Sketcher")
    await editor.wait_idle()
    assert editor.form.get("model.mode") == "default" and editor.form.get("model.model") is None
    line = editor.model_box.lineEdit()
    assert line is not None and line.placeholderText() == "the connection's own default model"

    server.add(_models(["qwen", "phi"]))
    await _pick(qtbot, editor.connection_box, "lab")
    await editor.wait_idle()
    assert editor.form.get("model.model") == "qwen" and editor.model_box.currentText() == "qwen"
    assert editor.fields["model.model"].error.isHidden() and line.placeholderText() == "e.g. qwen3:8b"

    line.selectAll()
    qtbot.keyClick(line, Qt.Key.Key_Delete)
    server.add(_models(["phi"]))
    await _pick(qtbot, editor.connection_box, "bare")
    await editor.wait_idle()
    error = editor.fields["model.model"].error.text()
    assert "(profile.model_name_missing)" in error and "pick one of the server's models" in error
    await _pick(qtbot, editor.model_box, "phi")
    assert editor.form.get("model.model") == "phi" and editor.save_button.isEnabled()


async def test_the_next_stage_is_chosen_in_the_editor_and_saved(app: App, qtbot: QtBot) -> None:
    window = app.open()
    editor = _editor(window, "writer")
    editor.duplicate()
    combo = editor.findChild(QComboBox, "NextStage")
    assert combo is not None and combo.currentData() == "editor"  # the built-in writer's declared next stage
    assert combo.currentText() == "Editor (editor)"
    combo.setCurrentIndex(combo.findData("finalizer"))
    assert editor.form.get("handoff.next") == "finalizer" and editor.save_button.isEnabled()
    assert editor.save()
    assert app.runtime is not None
    saved = {p.id: p for p in app.runtime.profile_store.all()}["writer-copy"]
    assert saved.handoff.next == "finalizer"


async def test_the_section_rail_shows_one_highlight_the_clicked_section_or_the_one_at_the_top(
        app: App, qtbot: QtBot) -> None:
    window = app.open()
    window.resize(1920, 1080)
    window.timeline_dock.hide()
    editor = _editor(window, "writer")
    rail = editor.rail
    await until(rail.isVisible, what="the section rail beside the form")
    bar = editor.scroll_area.verticalScrollBar()

    def marked() -> tuple[int, list[int]]:
        return rail.currentRow(), sorted(rail.row(i) for i in rail.selectedItems())

    last = len(SECTIONS) - 1
    for row in (last, SECTIONS.index("Tools"), SECTIONS.index("Raw JSON")):  # the last ones cannot reach the top
        qtbot.mouseClick(rail.viewport(), Qt.MouseButton.LeftButton, pos=rail.visualItemRect(rail.item(row)).center())
        assert marked() == (row, [row]), f"clicked {SECTIONS[row]}"
    bar.setValue(0)  # the creator scrolls the form back up
    await until(lambda: marked() == (0, [0]), what="the rail to follow the form to Identity")
    bar.setValue(bar.maximum())  # and to its end: the last section, whose top the form cannot bring up
    await until(lambda: marked() == (last, [last]), what="the rail to mark the last section at the end")
