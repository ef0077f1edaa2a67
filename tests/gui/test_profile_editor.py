"""The profile editor: built-ins read-only (Duplicate to edit), live validation at each field with
its code, Save disabled while invalid, import (valid and not) and export without the connection."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QPlainTextEdit

from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.profiles.editor import ProfileEditor
from tests.gui.conftest import App


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
    assert window.sidebar.profiles.count() == 5
    assert window.chat.composer.agent_box.findData("writer-copy") >= 0


async def test_live_validation_shows_each_problem_at_its_field(app: App) -> None:
    window = app.open()
    editor = _editor(window, "writer")
    editor.duplicate()
    editor.id_edit.setText("Not An Id")
    editor.id_edit.textEdited.emit("Not An Id")
    assert not editor.save_button.isEnabled()
    assert "(profile.bad_id)" in editor.fields["id"].error.text() and editor.fields["id"].error.isVisibleTo(editor)
    editor.id_edit.setText("my-writer")
    editor.id_edit.textEdited.emit("my-writer")
    assert editor.fields["id"].error.isHidden() and editor.save_button.isEnabled()

    editor.tool_boxes[("requireApproval", "workspace.finish")].setChecked(True)
    assert "(profile.approval_for_unavailable_tool)" in editor.fields["tools.requireApproval"].error.text()
    assert not editor.save_button.isEnabled()
    editor.tool_boxes[("requireApproval", "workspace.finish")].setChecked(False)
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
