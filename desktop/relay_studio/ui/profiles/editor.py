"""The profile editor: a sectioned form with a section rail, live validation at each field, Save
disabled while the profile is invalid, built-ins read-only (Duplicate to edit), import and export.

One cohesive thing past ~450 lines, kept whole on purpose: after its parts moved out (below), what stays is
the one state every section writes through (the form, its fields, the dirty, loading and read-only switches)
and the ways it is replaced (a stored agent, a copy, a starting point, a file, Raw JSON) and saved; each ends
in the same ``_populate``/``after_change``, so split, either half would reach into the other's state.

Each section is its own widget (``ui/profiles/sections/``, typed against ``sections/host.EditorHost``, so
they import nothing of the editor); the editor is the shell around them: the state every section writes
through, loading and saving. Its parts are their own modules: ``header.py`` (title, buttons, banner),
``section_rail.py``, ``form_scroll.py`` (the scrolling form), ``problems_bar.py``, ``linked_fields.py`` (the
switches that follow their tools), ``sharing.py`` (copies, files read), ``unsaved.py`` (the closing question).

Every change goes to ``ProfileForm`` (the portable JSON dict) and is validated at once by the
domain's ``validate_profile``; each diagnostic shows under its field, in words, with its code, and a
problem fixed in another section says where. Messages never move what is under the pointer: the
problems bar and the status sit below the form, and when a field's message appears above the
widget just used, the form scrolls by the same amount (``FormScroll.keep_in_place``).

Fields that depend on each other follow each other (denying a tool unticks it where it is allowed
or asks first, and unticks the switch it enables), or say at the field why they cannot.

The Connection field lists the creator's connections (``ConnectionsSource``) and "The default
connection"; the Model field offers the models the chosen server lists (``ModelsSource``, awaited on
the qasync loop) and keeps whatever is typed.

Signals:
    closed(): back to the chat.
    saved(str profile_id)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from relay_studio.domain.profile import AgentProfile, Diagnostic, parse_profile_text
from relay_studio.runtime.profile_templates import build as build_template
from relay_studio.ui import i18n, wheel_guard
from relay_studio.ui.profiles import wording
from relay_studio.ui.profiles.form_model import ProfileForm, exported
from relay_studio.ui.profiles.form_scroll import FormScroll
from relay_studio.ui.profiles.header import EditorHeader
from relay_studio.ui.profiles.linked_fields import follow_check
from relay_studio.ui.profiles.problems_bar import MAX_PROBLEM_BUTTONS, ProblemsBar
from relay_studio.ui.profiles.section_rail import SECTIONS, SectionRail
from relay_studio.ui.profiles.sections.base import FieldBox
from relay_studio.ui.profiles.sections.delegation import DelegationSection
from relay_studio.ui.profiles.sections.identity import IdentitySection
from relay_studio.ui.profiles.sections.limits import LimitsSection
from relay_studio.ui.profiles.sections.model import ModelSection
from relay_studio.ui.profiles.sections.prompt import PromptSection
from relay_studio.ui.profiles.sections.raw import ModelViewSection, RawJsonSection
from relay_studio.ui.profiles.sections.tools import ToolsSection
from relay_studio.ui.profiles.sections.workspace import WorkspaceSection
from relay_studio.ui.profiles.sharing import copy_of, created_message, read_profile_file
from relay_studio.ui.profiles.sources import ConnectionChoices, ConnectionsSource, ModelsSource
from relay_studio.ui.studio import Studio

NEW_PROFILE: dict[str, Any] = {
    "id": "new-agent", "displayName": "New agent", "description": "",
    "tools": {"allow": ["workspace.read_file", "workspace.write_file", "workspace.commit", "workspace.finish"]},
}

__all__ = ["MAX_PROBLEM_BUTTONS", "NEW_PROFILE", "SECTIONS", "FieldBox", "ProfileEditor"]


#: narrower than this, the section rail steps aside and the form takes the whole width (a 1000 px window
#: leaves the editor ~430 px: beside the rail, the fields would need sideways scrolling)
RAIL_SHOWN_FROM_W = 620


class ProfileEditor(QWidget):
    closed = Signal()
    saved = Signal(str)

    def __init__(self, studio: Studio, parent: QWidget | None = None, *,
                 connections: ConnectionsSource | None = None, models: ModelsSource | None = None) -> None:
        super().__init__(parent)
        wheel_guard.install()  # scrolling the form never changes a drop-down or spin box under the pointer
        self.studio = studio
        self.connections: ConnectionsSource = connections or ConnectionChoices
        self.models_source = models
        self.form = ProfileForm(dict(NEW_PROFILE))
        self.read_only = False
        self.original_id = ""
        self.dirty = False
        self.fields: dict[str, FieldBox] = {}
        self.checks: dict[str, QCheckBox] = {}
        self.loaders: list[Callable[[], None]] = []  # each field's "show the form's value", in form order
        self.local_errors: dict[str, Diagnostic] = {}  # text a field could not even parse (JSON)
        self.loading = False
        self.status = ""

        outer = QVBoxLayout(self)
        self.header = EditorHeader()
        outer.addWidget(self.header)
        self.title, self.banner = self.header.title, self.header.banner
        self.duplicate_button, self.delete_button = self.header.duplicate_button, self.header.delete_button
        self.save_button, self.close_button = self.header.save_button, self.header.close_button
        save_key = QShortcut(QKeySequence.StandardKey.Save, self)
        save_key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        save_key.activated.connect(self.save)
        self.close_question: QMessageBox | None = None
        for button, slot in ((self.duplicate_button, self.duplicate), (self.header.import_button, self.choose_import),
                             (self.header.export_button, self.choose_export), (self.delete_button, self.delete),
                             (self.save_button, self.save), (self.close_button, self.request_close)):
            button.clicked.connect(slot)

        body = QHBoxLayout()
        self.rail = SectionRail()
        self.rail.currentRowChanged.connect(self._go_to_section)
        body.addWidget(self.rail)
        self.scroll_area = FormScroll()
        self.content, self.sections_layout = self.scroll_area.content, self.scroll_area.sections_layout
        self.groups: dict[str, QGroupBox] = {}
        self.raw_timer = QTimer(self)
        self._build_sections()
        self.scroll_area.finish()
        self.scroll_area.verticalScrollBar().valueChanged.connect(self._on_scrolled)
        body.addWidget(self.scroll_area, 1)
        outer.addLayout(body, 1)

        self.problems = ProblemsBar(self.go_to_field)  # below the form: it never pushes the form down
        outer.addWidget(self.problems)
        self.status_label = QLabel()
        self.status_label.setObjectName("EditorStatus")
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        outer.addWidget(self.status_label)

        self.raw_timer.setSingleShot(True)
        self.raw_timer.setInterval(300)
        self.raw_timer.timeout.connect(self._on_raw_edited)

    # -- building the form -------------------------------------------------------------------------
    def _build_sections(self) -> None:
        self.identity = IdentitySection(self)
        self.model_section = ModelSection(self)
        self.delegation = DelegationSection(self)
        self.tools_section = ToolsSection(self)
        self.prompt_section = PromptSection(self)
        self.workspace = WorkspaceSection(self)
        self.limits = LimitsSection(self)
        self.raw_section = RawJsonSection(self)
        self.model_view_section = ModelViewSection(self)
        for section in (self.identity, self.model_section, self.delegation, self.tools_section, self.prompt_section,
                        self.workspace, self.limits, self.raw_section, self.model_view_section):
            self.groups[section.key] = section
            self.sections_layout.addWidget(section)
        # The widgets other parts of the window (and the tests) drive, by their old names.
        self.id_edit = self.identity.id_edit
        self.name_edit = self.identity.name_edit
        self.connection_box = self.model_section.connection_box
        self.model_box = self.model_section.model_box
        self.tool_choice = self.model_section.tool_choice
        self.callers = self.delegation.callers
        self.schema_edit = self.delegation.schema_edit
        self.tool_boxes = self.tools_section.tool_boxes
        self.use_default = self.prompt_section.use_default
        self.prompt_edit = self.prompt_section.prompt_edit
        self.default_view = self.prompt_section.default_view
        self.root_boxes = self.workspace.root_boxes
        self.root_edit = self.workspace.root_edit
        self.add_root = self.workspace.add_root
        self.raw = self.raw_section.raw
        self.model_view = self.model_view_section.model_view

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.rail.setVisible(event.size().width() >= RAIL_SHOWN_FROM_W)

    def _fetch_models(self) -> None:
        self.model_section.fetch_models()

    async def wait_idle(self) -> None:
        """Until every model listing started here has finished (tests, closing)."""
        await self.model_section.wait_idle()

    # -- fields that follow each other ---------------------------------------------------------------
    def on_check(self, path: str, on: bool, box: QCheckBox) -> None:
        if self.loading or self.read_only:
            return
        updates, note = follow_check(self.form, path, on)
        self.set_fields(updates, anchor=box, note=(path, note))

    def _sync_dependents(self) -> None:
        """Widgets whose value another field may have changed, and what is enabled by what."""
        loading, self.loading = self.loading, True
        try:
            self.tools_section.load_tools()
            for path, box in self.checks.items():
                box.setChecked(bool(self.form.get(path)))
        finally:
            self.loading = loading
        callable_ = bool(self.form.get("delegation.callable"))
        for path in ("delegation.allowAsHandoffTarget", "delegation.allowAsSubagent"):
            self.checks[path].setEnabled(callable_ and not self.read_only)

    # -- state -------------------------------------------------------------------------------------
    def set_field(self, path: str, value: Any, anchor: QWidget | None = None) -> None:
        self.set_fields({path: value}, anchor=anchor)

    def set_fields(self, updates: dict[str, Any], anchor: QWidget | None = None,
                  note: tuple[str, str] | None = None) -> None:
        """Applies a change (and the fields that follow it); ``note`` = (field, why a click did not do
        what it asked) is shown with the change's messages."""
        if self.loading or self.read_only:
            return
        for path, value in updates.items():
            self.form.set_value(path, value)
        self.dirty = True

        def show() -> None:
            for box in self.fields.values():
                if box is not self.fields["model.model"]:  # the server's model list stays said
                    box.show_note("")
            if note is not None:
                self.fields[note[0]].show_note(note[1])
            self.after_change(update_raw=True)

        self.scroll_area.keep_in_place(anchor, show)

    def after_change(self, update_raw: bool) -> None:
        grouped, general = self.form.by_field(set(self.fields))
        for path, diagnostic in self.local_errors.items():
            grouped[path] = [diagnostic, *[d for d in grouped.get(path, []) if d.path != path]]
        shown: dict[int, list[Diagnostic]] = {}
        for path, box in self.fields.items():
            shown.setdefault(id(box), []).extend(grouped.get(path, []))
        for box in {id(b): b for b in self.fields.values()}.values():
            box.show_diagnostics(shown.get(id(box), []))
        self._show_warnings()
        self._sync_dependents()
        self.rail.mark(self.problems.show_problems(self.fields, general))
        self._update_header()
        if update_raw:
            self.loading = True
            self.raw.setPlainText(self.form.json_text())
            self.loading = False
        self._refresh_model_view()

    def _show_warnings(self) -> None:
        """Choices that validate but will fail at run time."""
        self.fields["model.connection"].show_warning(self.model_section.connection_warning())
        choice = self.form.get("model.toolChoice")
        self.fields["model.toolChoice"].show_warning(wording.tr(wording.NEEDS_A_TOOL_TO_END) if choice == "none"
                                                     else "")
        warnings = self.delegation.relay_warnings()
        for path in ("delegation.canHandoff", "delegation.canDelegate", "delegation.maxHandoffDepth",
                     "handoffIn.enabled", "delegation.allowedCallers"):
            self.fields[path].show_warning(warnings.get(path, ""))

    @property
    def problem_buttons(self) -> list[QPushButton]:
        return self.problems.problem_buttons

    def problem_paths(self) -> list[str]:
        """The fields that show a problem now, in form order (one per field box)."""
        out: list[str] = []
        seen: set[int] = set()
        for path, box in self.fields.items():
            if id(box) not in seen and box.error.text():
                seen.add(id(box))
                out.append(path)
        return out

    def go_to_field(self, path: str) -> None:
        """Scrolls the form to a field and gives it the keyboard focus."""
        box = self.fields.get(path)
        if box is not None:
            self.scroll_area.show_field(box)

    def _update_header(self) -> None:
        can_save = self.form.valid and not self.local_errors and not self.read_only
        self.header.show_state(str(self.form.get("displayName") or "").strip(), read_only=self.read_only,
                               saved=bool(self.original_id), dirty=self.dirty, can_save=can_save)

    def _say(self, text: str) -> None:
        self.status = text
        self.status_label.setText(text)

    def _refresh_model_view(self) -> None:
        from relay_studio.ui.profiles.preview import model_view_text

        profile = self.form.profile
        if profile is None:
            self.model_view.setPlainText(self.tr("Fix the problems above to see what the model would receive."))
            return
        try:
            self.model_view.setPlainText(model_view_text(self.studio.agents.prompt_preview(profile)))
            self.default_view.setPlainText(self.studio.agents.generated_prompt(profile))
        except Exception as exc:  # a preview must never break editing
            self.model_view.setPlainText(i18n.arg(self.tr("The preview is not available: %1"), exc))

    def _on_raw_edited(self) -> None:
        if self.read_only:
            return
        try:
            data = json.loads(self.raw.toPlainText())
        except json.JSONDecodeError as exc:
            self.problems.show_general(i18n.arg(self.tr("Raw JSON: not valid JSON (line %1, column %2): %3 "
                                                        "(profile.invalid_json)"), exc.lineno, exc.colno, exc.msg))
            self.save_button.setEnabled(False)
            return
        self.form = ProfileForm(data if isinstance(data, dict) else {})
        self.dirty = True
        self._populate(update_raw=False)

    def _populate(self, update_raw: bool = True) -> None:
        self.loading = True
        try:
            for load in self.loaders:
                load()
            self.use_default.setChecked(self.form.get("instructions.systemPrompt") is None)
        finally:
            self.loading = False
        self.prompt_edit.setEnabled(not self.use_default.isChecked() and not self.read_only)
        for box in self.fields.values():
            box.show_note("")
        self.after_change(update_raw)

    # -- loading, saving, sharing ------------------------------------------------------------------
    def load(self, profile_id: str) -> None:
        """Shows a profile ("" starts a new one). Built-ins open read-only."""
        profile = self.studio.agents.profiles().get(profile_id) if profile_id else None
        self.original_id = profile.id if profile else ""
        self.dirty = False
        self.form = ProfileForm.from_profile(profile) if profile else ProfileForm(dict(NEW_PROFILE))
        self.set_read_only(bool(profile) and profile_id in self.studio.agents.builtin_ids())
        self._say("")
        self._populate()
        self._fetch_models()
        self.rail.setCurrentRow(0)
        self.scroll_area.scroll_to(0)

    def load_data(self, data: dict[str, Any], status: str = "") -> None:
        """Shows a profile that is not stored yet (a copy, a new agent, a file to fix); the form
        scrolls to its first problem, if it has one."""
        self.original_id = ""
        self.dirty = True
        self.form = ProfileForm(data)
        self.set_read_only(False)
        self._say(status)
        self._populate()
        self._fetch_models()
        self.scroll_area.scroll_to(0)
        problems = self.problem_paths()
        if problems:
            self.go_to_field(problems[0])

    def start_new(self, template_key: str, name: str) -> list[str]:
        """A new agent from a starting point (``runtime.profile_templates``). One agent opens here to be
        saved; a relay's stages are saved at once (so they can hand off to each other) and the first
        opens. Returns the ids made."""
        made = build_template(template_key, name, self.studio.agents.profiles())
        if len(made) == 1:
            self.load_data(made[0], self.tr("A new agent: change what you like, then Save."))
            return [made[0]["id"]]
        profiles = [parse_profile_text(json.dumps(data), source=str(data["id"])) for data in made]
        for profile in profiles:
            self.studio.agents.save(profile)
        self.load(profiles[0].id)
        self._say(created_message(template_key, [p.display_name for p in profiles]))
        return [p.id for p in profiles]

    def set_read_only(self, read_only: bool) -> None:
        self.read_only = read_only
        for box in self.groups.values():
            if getattr(box, "key", "") not in ("Raw JSON", "What the model sees"):
                box.setEnabled(not read_only)
        self.raw.setReadOnly(read_only)
        self.header.show_read_only(read_only, bool(self.original_id))

    def duplicate(self) -> None:
        data = copy_of(json.loads(self.form.json_text()), set(self.studio.agents.profiles()))
        self.load_data(data, self.tr("A copy: change what you like, then Save."))

    def save(self) -> bool:
        profile = self.form.profile
        if profile is None or self.read_only or not self.form.valid or self.local_errors:
            return False
        if (self.original_id and self.original_id != profile.id
                and self.original_id not in self.studio.agents.builtin_ids()):
            self.studio.agents.remove(self.original_id)
        self.studio.agents.save(profile)
        self.original_id = profile.id
        self.dirty = False
        self._update_header()
        self._say(i18n.arg(self.tr("Saved “%1”."), profile.display_name))
        self.delete_button.setEnabled(True)
        self.duplicate_button.setEnabled(True)
        self.saved.emit(profile.id)
        return True

    def has_unsaved_changes(self) -> bool:
        """A new agent (a copy, a starting point, a file to fix) not saved yet, or a stored one changed since
        it was saved; an empty form nobody has touched has nothing to lose."""
        return not self.read_only and self.dirty

    def request_close(self) -> None:
        """Back to the chat; with unsaved changes, asks first (``unsaved.ask_before_closing``)."""
        if not self.has_unsaved_changes():
            self.closed.emit()
            return
        from relay_studio.ui.profiles.unsaved import ask_before_closing

        self.close_question = ask_before_closing(self, self)

    def delete(self) -> None:
        if self.original_id and not self.read_only:
            self.studio.agents.remove(self.original_id)
            self.closed.emit()

    def choose_import(self) -> None:
        dialog = QFileDialog(self, self.tr("Import a profile"), "", self.tr("Profiles (*.json)"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.fileSelected.connect(lambda path: self.import_file(Path(path)))
        dialog.open()

    def import_file(self, path: Path) -> AgentProfile | None:
        """Stores a valid profile; an invalid one opens here with every problem at its field."""
        read = read_profile_file(path)
        profile = read.profile
        if profile is None:
            if read.to_fix is None:
                self._say(read.problem)
                return None
            self.load_data(read.to_fix, i18n.arg(self.tr("%1 was not imported: fix the problems shown, then Save."),
                                                 path.name))
            self.status = read.problem
            return None
        self.studio.agents.save(profile)
        self.load(profile.id)
        self._say(i18n.arg(self.tr("Imported “%1” from %2."), profile.display_name, path))
        return profile

    def choose_export(self) -> None:
        dialog = QFileDialog(self, self.tr("Export the profile"), f"{self.form.get('id', 'profile')}.json",
                             self.tr("Profiles (*.json)"))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.fileSelected.connect(lambda path: self.export_file(Path(path)))
        dialog.open()

    def export_file(self, path: Path) -> None:
        try:
            path.write_text(json.dumps(exported(self.form.data), ensure_ascii=False, indent=2) + "\n",
                            encoding="utf-8")
        except OSError as exc:
            self._say(i18n.arg(self.tr("Could not export to %1: %2"), path, exc))
            return
        self._say(i18n.arg(self.tr("Exported to %1 (without your connection: whoever imports it chooses their own)."),
                           path))

    def _on_scrolled(self, value: int) -> None:
        self.rail.follow(value, self.groups, at_end=value >= self.scroll_area.verticalScrollBar().maximum() > 0)

    def _go_to_section(self, row: int) -> None:
        if 0 <= row < len(SECTIONS):
            box = self.groups.get(SECTIONS[row])
            if box is not None:
                bar = self.scroll_area.verticalScrollBar()
                self.rail.hold(row, max(bar.minimum(), min(box.y(), bar.maximum())))
                self.scroll_area.scroll_to(box.y())
