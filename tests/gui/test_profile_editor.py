"""The profile editor: built-ins read-only (Duplicate to edit), live validation at each field with
its code, Save disabled while invalid, import (valid and not) and export without the connection."""

from __future__ import annotations

import json
from pathlib import Path

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
