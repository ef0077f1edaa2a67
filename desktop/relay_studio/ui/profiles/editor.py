"""The profile editor: a sectioned form with a section rail, live validation at each field, Save
disabled while the profile is invalid, built-ins read-only (Duplicate to edit), import and export.

Every change goes to ``ProfileForm`` (the portable JSON dict) and is validated at once by the
domain's ``validate_profile``; each diagnostic shows under its field, in words, with its code.

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
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from relay_studio.domain import tool_names as tn
from relay_studio.domain.profile import DEFAULT_ROOTS, AgentProfile, Diagnostic, ProfileError, parse_profile_text
from relay_studio.ui.profiles.form_model import ProfileForm, exported
from relay_studio.ui.studio import Studio

SECTIONS = ("Identity", "Model", "Delegation and handoff", "Tools", "System prompt", "Workspace", "Limits",
            "Raw JSON", "What the model sees")
NEW_PROFILE: dict[str, Any] = {
    "id": "new-agent", "displayName": "New agent", "description": "",
    "tools": {"allow": ["workspace.read_file", "workspace.write_file", "workspace.commit", "workspace.finish"]},
}


def _optional_number(text: str, kind: type) -> Any:
    text = text.strip()
    if not text:
        return None
    try:
        return kind(text)
    except ValueError:
        return text  # left as typed: validation names the problem at the field


class FieldBox(QWidget):
    """A field and, under it, its diagnostics."""

    def __init__(self, widget: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(widget)
        self.error = QLabel()
        self.error.setObjectName("FieldError")
        self.error.setWordWrap(True)
        self.error.hide()
        layout.addWidget(self.error)

    def show_diagnostics(self, diagnostics: list[Diagnostic]) -> None:
        self.error.setText("\n".join(f"{d.message} ({d.code})" for d in diagnostics))
        self.error.setVisible(bool(diagnostics))


class ProfileEditor(QWidget):
    closed = Signal()
    saved = Signal(str)

    def __init__(self, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self.form = ProfileForm(dict(NEW_PROFILE))
        self.read_only = False
        self.original_id = ""
        self.fields: dict[str, FieldBox] = {}
        self._loaders: list[Callable[[], None]] = []
        self._local_errors: dict[str, Diagnostic] = {}  # text a field could not even parse (JSON)
        self._loading = False
        self.status = ""

        outer = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.title = QLabel()
        self.title.setObjectName("MessageAuthor")
        bar.addWidget(self.title, 1)
        self.duplicate_button = QPushButton("Duplicate")
        self.import_button = QPushButton("Import…")
        self.export_button = QPushButton("Export…")
        self.delete_button = QPushButton("Delete")
        self.save_button = QPushButton("Save")
        self.save_button.setDefault(True)
        close = QPushButton("Close")
        for button, slot in ((self.duplicate_button, self.duplicate), (self.import_button, self.choose_import),
                             (self.export_button, self.choose_export), (self.delete_button, self.delete),
                             (self.save_button, self.save), (close, self.closed.emit)):
            button.clicked.connect(slot)
            bar.addWidget(button)
        outer.addLayout(bar)
        self.banner = QLabel()
        self.banner.setObjectName("ConnectionHint")
        self.banner.setWordWrap(True)
        outer.addWidget(self.banner)
        self.general = QLabel()
        self.general.setObjectName("FieldError")
        self.general.setWordWrap(True)
        outer.addWidget(self.general)

        body = QHBoxLayout()
        self.rail = QListWidget()
        self.rail.setObjectName("SectionRail")
        self.rail.setFixedWidth(180)
        for name in SECTIONS:
            self.rail.addItem(name)
        self.rail.currentRowChanged.connect(self._go_to_section)
        body.addWidget(self.rail)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        content = QWidget()
        self.sections_layout = QVBoxLayout(content)
        self.groups: dict[str, QGroupBox] = {}
        self._build_sections()
        self.scroll_area.setWidget(content)
        body.addWidget(self.scroll_area, 1)
        outer.addLayout(body, 1)
        self._raw_timer = QTimer(self)
        self._raw_timer.setSingleShot(True)
        self._raw_timer.setInterval(300)
        self._raw_timer.timeout.connect(self._on_raw_edited)

    # -- building the form -------------------------------------------------------------------------
    def _group(self, name: str) -> QFormLayout:
        box = QGroupBox(name)
        self.groups[name] = box
        layout = QFormLayout(box)
        self.sections_layout.addWidget(box)
        return layout

    def _register(self, path: str, widget: QWidget) -> FieldBox:
        box = FieldBox(widget)
        self.fields[path] = box
        return box

    def _line(self, form: QFormLayout, label: str, path: str, *, convert: Callable[[str], Any] = str,
              placeholder: str = "") -> QLineEdit:
        edit = QLineEdit()
        edit.setPlaceholderText(placeholder)
        edit.textEdited.connect(lambda text: self._set(path, convert(text)))
        self._loaders.append(lambda: edit.setText("" if self.form.get(path) is None else str(self.form.get(path))))
        form.addRow(label, self._register(path, edit))
        return edit

    def _check(self, form: QFormLayout, label: str, path: str) -> QCheckBox:
        box = QCheckBox(label)
        box.toggled.connect(lambda on: self._set(path, on))
        self._loaders.append(lambda: box.setChecked(bool(self.form.get(path))))
        form.addRow("", self._register(path, box))
        return box

    def _spin(self, form: QFormLayout, label: str, path: str, low: int, high: int) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(low, high)
        spin.valueChanged.connect(lambda value: self._set(path, value))
        self._loaders.append(lambda: spin.setValue(int(self.form.get(path, 0) or 0)))
        form.addRow(label, self._register(path, spin))
        return spin

    def _combo(self, form: QFormLayout, label: str, path: str, choices: list[tuple[str, Any]],
               editable: bool = False) -> QComboBox:
        combo = QComboBox()
        combo.setEditable(editable)
        for text, value in choices:
            combo.addItem(text, value)

        def changed() -> None:
            data = combo.currentData()
            value = data if data is not None and combo.currentText() == combo.itemText(combo.currentIndex()) \
                else combo.currentText()
            self._set(path, value if value != "" else None)

        def load() -> None:
            value = self.form.get(path)
            index = combo.findData(value)
            if index >= 0:
                combo.setCurrentIndex(index)
            elif editable:
                combo.setEditText("" if value is None else str(value))

        combo.currentIndexChanged.connect(lambda _i: changed())
        if editable:
            combo.editTextChanged.connect(lambda _t: changed())
        self._loaders.append(load)
        form.addRow(label, self._register(path, combo))
        return combo

    def _text(self, form: QFormLayout, label: str, path: str, *, none_when_empty: bool = False,
              height: int = 90) -> QPlainTextEdit:
        edit = QPlainTextEdit()
        edit.setFixedHeight(height)
        edit.textChanged.connect(lambda: self._set(
            path, None if none_when_empty and not edit.toPlainText().strip() else edit.toPlainText()))
        self._loaders.append(lambda: edit.setPlainText(str(self.form.get(path) or "")))
        form.addRow(label, self._register(path, edit))
        return edit

    def _build_sections(self) -> None:
        f = self._group("Identity")
        self.id_edit = self._line(f, "Id", "id", placeholder="lowercase-id")
        self._line(f, "Display name", "displayName")
        self._text(f, "Description", "description", height=60)
        self._check(f, "Can start a run from the chat (direct-runnable)", "run.directRunnable")

        f = self._group("Model")
        self._combo(f, "Binding", "model.mode", [("A connection", "connection"),
                                                 ("Needs configuration", "requiresConfiguration")])
        self._combo(f, "Connection", "model.connection", [(c, c) for c in self._connection_ids()], editable=True)
        self._line(f, "Model", "model.model", placeholder="e.g. qwen3:8b")
        self._line(f, "Temperature", "model.temperature", convert=lambda t: _optional_number(t, float),
                   placeholder="default")
        self._line(f, "Max output tokens", "model.maxTokens", convert=lambda t: _optional_number(t, int),
                   placeholder="default")
        self._combo(f, "Tool choice", "model.toolChoice", [("auto", "auto"), ("required", "required"),
                                                           ("none", "none")])
        self._spin(f, "Retries", "model.maxRetries", 0, 10)

        f = self._group("Delegation and handoff")
        for label, key in (("May hand off the stage (agent.handoff)", "canHandoff"),
                           ("May delegate side tasks (agent.delegate)", "canDelegate"),
                           ("Other agents may call it", "callable"),
                           ("…as the next stage (handoff target)", "allowAsHandoffTarget"),
                           ("…as a helper (subagent)", "allowAsSubagent")):
            self._check(f, label, f"delegation.{key}")
        self._combo(f, "Handoff tools", "delegation.handoffToolStyle",
                    [("One agent_handoff tool", "single"), ("One transfer tool per target", "perTarget")])
        self._line(f, "How other agents see it", "delegation.descriptionForAgents")
        self.callers = QListWidget()
        self.callers.setFixedHeight(110)
        self.callers.itemChanged.connect(lambda _i: self._on_callers())
        self._loaders.append(self._load_callers)
        f.addRow("Allowed callers", self._register("delegation.allowedCallers", self.callers))
        self._combo(f, "Offered as target", "handoffIn.enabled",
                    [("Always", True), ("Never", False), ("After a commit", "afterCommit")])
        self._combo(f, "It sees of earlier stages", "handoffIn.historyMode",
                    [("Only the brief", "briefOnly"), ("The full history", "fullHistory"),
                     ("A nested summary", "nestedSummary")])
        self._check(f, "…without the tool calls and their results", "handoffIn.removeToolItems")
        self._line(f, "Transfer tool name", "handoffIn.toolNameOverride", convert=lambda t: t.strip() or None,
                   placeholder="default: transfer_to_<id> (per-target handoff tools)")
        self._text(f, "Transfer tool description", "handoffIn.toolDescriptionOverride", none_when_empty=True,
                   height=50)
        self.schema_edit = QPlainTextEdit()
        self.schema_edit.setObjectName("InputSchema")
        self.schema_edit.setFixedHeight(110)
        self.schema_edit.setPlaceholderText('Optional JSON Schema of what callers hand over, e.g.\n'
                                            '{"type": "object", "properties": {"tone": {"type": "string"}}}')
        self.schema_edit.textChanged.connect(self._on_schema_edited)
        self._loaders.append(self._load_schema)
        f.addRow("Handoff input (JSON Schema)", self._register("handoffIn.inputSchema", self.schema_edit))
        self._spin(f, "Max handoff depth", "delegation.maxHandoffDepth", 0, 64)
        self._spin(f, "Helpers at once", "delegation.maxConcurrentTasks", 1, 32)
        self._spin(f, "Helpers per run", "delegation.maxTasksPerRun", 0, 256)

        f = self._group("Tools")
        matrix = QWidget()
        grid = QGridLayout(matrix)
        grid.addWidget(QLabel("<b>Tool</b>"), 0, 0)
        grid.addWidget(QLabel("<b>Allowed</b>"), 0, 1)
        grid.addWidget(QLabel("<b>Requires approval</b>"), 0, 2)
        grid.addWidget(QLabel("<b>Denied</b>"), 0, 3)
        self.tool_boxes: dict[tuple[str, str], QCheckBox] = {}
        row = 1
        for family in ("agent", "workspace", "knowledge"):
            grid.addWidget(QLabel(f"<i>{family}</i>"), row, 0)
            row += 1
            for name in (t for t in tn.PROFILE_TOOLS if t.startswith(family + ".")):
                grid.addWidget(QLabel(name), row, 0)
                for col, key in ((1, "allow"), (2, "requireApproval"), (3, "deny")):
                    tool_box = QCheckBox()
                    if key == "deny":
                        tool_box.setToolTip("Never offered to this agent, even when a rule would add it")
                    tool_box.setObjectName(f"{key}:{name}")
                    tool_box.toggled.connect(lambda on, k=key, n=name: self._toggle_tool(k, n, on))
                    grid.addWidget(tool_box, row, col)
                    self.tool_boxes[(key, name)] = tool_box
                row += 1
        self._loaders.append(self._load_tools)
        matrix_box = self._register("tools.allow", matrix)
        f.addRow(matrix_box)
        self.fields["tools.requireApproval"] = matrix_box
        self.fields["tools.deny"] = matrix_box

        f = self._group("System prompt")
        self.use_default = QCheckBox("Use the generated prompt")
        self.use_default.toggled.connect(self._on_use_default)
        f.addRow("", self.use_default)
        self.prompt_edit = self._text(f, "Own prompt", "instructions.systemPrompt", none_when_empty=False, height=120)
        self.default_view = QPlainTextEdit()
        self.default_view.setReadOnly(True)
        self.default_view.setFixedHeight(120)
        f.addRow("Generated (what your prompt replaces)", self.default_view)
        self._text(f, "Standing instructions", "instructions.taskPrompt", none_when_empty=True, height=70)

        f = self._group("Workspace")
        self.root_boxes: dict[tuple[str, str], QCheckBox] = {}
        roots = QWidget()
        roots_layout = QVBoxLayout(roots)
        roots_layout.setContentsMargins(0, 0, 0, 0)
        self.roots_grid = QGridLayout()
        roots_layout.addLayout(self.roots_grid)
        add_row = QHBoxLayout()
        self.root_edit = QLineEdit()
        self.root_edit.setPlaceholderText("another folder, e.g. notes")
        self.root_edit.returnPressed.connect(self.add_root)
        add_root = QPushButton("Add folder")
        add_root.clicked.connect(self.add_root)
        add_row.addWidget(self.root_edit, 1)
        add_row.addWidget(add_root)
        roots_layout.addLayout(add_row)
        self._loaders.append(self._load_roots)
        roots_box = self._register("workspace.visibleRoots", roots)
        f.addRow(roots_box)
        self.fields["workspace.writableRoots"] = roots_box

        f = self._group("Limits")
        self._spin(f, "Model rounds per stage", "tools.maxRounds", 1, 1000)
        self._spin(f, "Tool calls per stage", "tools.maxToolCalls", 1, 5000)
        self._spin(f, "Chat history messages (-1: all)", "context.chatHistoryMessages", -1, 10000)

        f = self._group("Raw JSON")
        self.raw = QPlainTextEdit()
        self.raw.setMinimumHeight(260)
        self.raw.textChanged.connect(lambda: None if self._loading else self._raw_timer.start())
        f.addRow(self.raw)

        f = self._group("What the model sees")
        self.model_view = QPlainTextEdit()
        self.model_view.setReadOnly(True)
        self.model_view.setMinimumHeight(260)
        f.addRow(self.model_view)
        self.sections_layout.addStretch(1)

    def _connection_ids(self) -> list[str]:
        try:
            from relay_studio.providers.connections import ConnectionStore

            return [c.id for c in ConnectionStore(self.studio.runtime.db).list()]
        except Exception:  # connections may be unavailable in this build
            return []

    # -- list-valued fields ----------------------------------------------------------------------
    def _toggle_tool(self, key: str, name: str, on: bool) -> None:
        if self._loading:
            return
        current = list(self.form.get(f"tools.{key}", []) or [])
        if on and name not in current:
            current.append(name)
        elif not on and name in current:
            current.remove(name)
        if key == "allow":  # keep the profile's order, catalogue order for additions
            current.sort(key=lambda n: tn.PROFILE_TOOLS.index(n) if n in tn.PROFILE_TOOLS else 99)
        self._set(f"tools.{key}", current)

    def _load_tools(self) -> None:
        for (key, name), box in self.tool_boxes.items():
            box.setChecked(name in (self.form.get(f"tools.{key}", []) or []))

    def _toggle_root(self, key: str, root: str, on: bool) -> None:
        if self._loading:
            return
        current = list(self.form.get(f"workspace.{key}", list(DEFAULT_ROOTS)) or [])
        if on and root not in current:
            current.append(root)
        elif not on and root in current:
            current.remove(root)
        self._set(f"workspace.{key}", current)

    def _root_names(self) -> list[str]:
        """The standard folders, then any other folder the profile names, in its order."""
        names = list(DEFAULT_ROOTS)
        for key in ("visibleRoots", "writableRoots"):
            for root in self.form.get(f"workspace.{key}", []) or []:
                if isinstance(root, str) and root not in names:
                    names.append(root)
        return names

    def _load_roots(self) -> None:
        while self.roots_grid.count():
            item = self.roots_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.root_boxes.clear()
        for col, title in enumerate(("<b>Folder</b>", "<b>Visible</b>", "<b>Writable</b>")):
            self.roots_grid.addWidget(QLabel(title), 0, col)
        loading, self._loading = self._loading, True
        try:
            for i, root in enumerate(self._root_names(), start=1):
                self.roots_grid.addWidget(QLabel(f"{root}/"), i, 0)
                for col, key in ((1, "visibleRoots"), (2, "writableRoots")):
                    check = QCheckBox()
                    check.setObjectName(f"{key}:{root}")
                    check.setChecked(root in (self.form.get(f"workspace.{key}", list(DEFAULT_ROOTS)) or []))
                    check.setEnabled(not self.read_only)
                    check.toggled.connect(lambda on, k=key, r=root: self._toggle_root(k, r, on))
                    self.roots_grid.addWidget(check, i, col)
                    self.root_boxes[(key, root)] = check
        finally:
            self._loading = loading

    def add_root(self) -> None:
        """Adds a folder the agent may see (and write, unticked by default); a bad name is shown at the
        field by validation (profile.bad_workspace_root) like any other problem."""
        name = self.root_edit.text().strip()
        if not name or self.read_only:
            return
        visible = list(self.form.get("workspace.visibleRoots", list(DEFAULT_ROOTS)) or [])
        if name not in visible:
            visible.append(name)
        self.root_edit.clear()
        self._set("workspace.visibleRoots", visible)
        self._load_roots()

    def _load_schema(self) -> None:
        value = self.form.get("handoffIn.inputSchema")
        self.schema_edit.setPlainText("" if value is None else json.dumps(value, ensure_ascii=False, indent=2))
        self._local_errors.pop("handoffIn.inputSchema", None)

    def _on_schema_edited(self) -> None:
        if self._loading or self.read_only:
            return
        text = self.schema_edit.toPlainText().strip()
        if not text:
            self._local_errors.pop("handoffIn.inputSchema", None)
            self._set("handoffIn.inputSchema", None)
            return
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            # Kept as typed (the profile keeps its last good schema) and shown at the field.
            self._local_errors["handoffIn.inputSchema"] = Diagnostic(
                code="profile.invalid_json", path="handoffIn.inputSchema",
                message=f"Not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}.")
            self._after_change(update_raw=False)
            return
        self._local_errors.pop("handoffIn.inputSchema", None)
        self._set("handoffIn.inputSchema", value)

    def _load_callers(self) -> None:
        allowed = self.form.get("delegation.allowedCallers", ["*"]) or []
        self.callers.clear()
        ids = ["*", *sorted(pid for pid in self.studio.profiles() if pid != self.form.get("id"))]
        ids += [c for c in allowed if c not in ids]
        for pid in ids:
            item = QListWidgetItem("Any agent (*)" if pid == "*" else pid)
            item.setData(Qt.ItemDataRole.UserRole, pid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if pid in allowed else Qt.CheckState.Unchecked)
            self.callers.addItem(item)

    def _on_callers(self) -> None:
        if self._loading:
            return
        chosen = []
        for i in range(self.callers.count()):
            item = self.callers.item(i)
            if item is not None and item.checkState() == Qt.CheckState.Checked:
                chosen.append(str(item.data(Qt.ItemDataRole.UserRole)))
        self._set("delegation.allowedCallers", chosen)

    def _on_use_default(self, on: bool) -> None:
        self.prompt_edit.setEnabled(not on and not self.read_only)
        if self._loading:
            return
        self._set("instructions.systemPrompt", None if on else (self.prompt_edit.toPlainText() or ""))

    # -- state -------------------------------------------------------------------------------------
    def _set(self, path: str, value: Any) -> None:
        if self._loading or self.read_only:
            return
        self.form.set_value(path, value)
        self._after_change(update_raw=True)

    def _after_change(self, update_raw: bool) -> None:
        grouped, general = self.form.by_field(set(self.fields))
        for path, diagnostic in self._local_errors.items():
            grouped[path] = [diagnostic, *[d for d in grouped.get(path, []) if d.path != path]]
        shown: dict[int, list[Diagnostic]] = {}
        for path, box in self.fields.items():
            shown.setdefault(id(box), []).extend(grouped.get(path, []))
        for box in {id(b): b for b in self.fields.values()}.values():
            box.show_diagnostics(shown.get(id(box), []))
        self.general.setText("\n".join(f"{d.path}: {d.message} ({d.code})" for d in general))
        self.general.setVisible(bool(general))
        self.save_button.setEnabled(self.form.valid and not self._local_errors and not self.read_only)
        if update_raw:
            self._loading = True
            self.raw.setPlainText(self.form.json_text())
            self._loading = False
        self._refresh_model_view()

    def _refresh_model_view(self) -> None:
        from relay_studio.ui.profiles.preview import generated_default, model_view

        profile = self.form.profile
        if profile is None:
            self.model_view.setPlainText("Fix the problems above to see what the model would receive.")
            return
        rt = self.studio.runtime
        try:
            self.model_view.setPlainText(model_view(profile, self.studio.profiles(), rt.db, rt.bridge))
            self.default_view.setPlainText(generated_default(profile, self.studio.profiles(), rt.db, rt.bridge))
        except Exception as exc:  # the preview leans on runtime internals; never let it break editing
            self.model_view.setPlainText(f"The preview is not available: {exc}")

    def _on_raw_edited(self) -> None:
        if self.read_only:
            return
        try:
            data = json.loads(self.raw.toPlainText())
        except json.JSONDecodeError as exc:
            self.general.setText(f"Raw JSON: not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg} "
                                 "(profile.invalid_json)")
            self.general.show()
            self.save_button.setEnabled(False)
            return
        self.form = ProfileForm(data if isinstance(data, dict) else {})
        self._populate(update_raw=False)

    def _populate(self, update_raw: bool = True) -> None:
        self._loading = True
        try:
            for load in self._loaders:
                load()
            self.use_default.setChecked(self.form.get("instructions.systemPrompt") is None)
        finally:
            self._loading = False
        self.prompt_edit.setEnabled(not self.use_default.isChecked() and not self.read_only)
        self._after_change(update_raw)

    # -- loading, saving, sharing ------------------------------------------------------------------
    def load(self, profile_id: str) -> None:
        """Shows a profile ("" starts a new one). Built-ins open read-only."""
        profile = self.studio.profiles().get(profile_id) if profile_id else None
        self.original_id = profile.id if profile else ""
        self.form = ProfileForm.from_profile(profile) if profile else ProfileForm(dict(NEW_PROFILE))
        self.set_read_only(bool(profile) and profile_id in self.studio.builtin_ids())
        self.title.setText(profile.display_name if profile else "New agent")
        self._populate()
        self.rail.setCurrentRow(0)

    def load_data(self, data: dict[str, Any], title: str) -> None:
        self.original_id = ""
        self.form = ProfileForm(data)
        self.set_read_only(False)
        self.title.setText(title)
        self._populate()

    def set_read_only(self, read_only: bool) -> None:
        self.read_only = read_only
        for box in self.groups.values():
            if box.title() not in ("Raw JSON", "What the model sees"):
                box.setEnabled(not read_only)
        self.raw.setReadOnly(read_only)
        self.banner.setText("A built-in profile is read-only. Duplicate it to make your own version."
                            if read_only else "")
        self.banner.setVisible(read_only)
        self.delete_button.setEnabled(not read_only and bool(self.original_id))

    def duplicate(self) -> None:
        data = json.loads(self.form.json_text())
        existing = set(self.studio.profiles())
        base = f"{data.get('id', 'agent')}-copy"
        new_id, n = base, 2
        while new_id in existing:
            new_id, n = f"{base}-{n}", n + 1
        data["id"] = new_id
        data["displayName"] = f"{data.get('displayName', 'Agent')} (copy)"
        self.load_data(data, f"{data['displayName']} (not saved yet)")

    def save(self) -> bool:
        profile = self.form.profile
        if profile is None or self.read_only or not self.form.valid or self._local_errors:
            return False
        if self.original_id and self.original_id != profile.id and self.original_id not in self.studio.builtin_ids():
            self.studio.remove_profile(self.original_id)
        self.studio.save_profile(profile)
        self.original_id = profile.id
        self.title.setText(profile.display_name)
        self.status = f"Saved {profile.id}."
        self.delete_button.setEnabled(True)
        self.saved.emit(profile.id)
        return True

    def delete(self) -> None:
        if self.original_id and not self.read_only:
            self.studio.remove_profile(self.original_id)
            self.closed.emit()

    def choose_import(self) -> None:
        dialog = QFileDialog(self, "Import a profile", "", "Profiles (*.json)")
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.fileSelected.connect(lambda path: self.import_file(Path(path)))
        dialog.open()

    def import_file(self, path: Path) -> AgentProfile | None:
        """Stores a valid profile; an invalid one opens here with every problem at its field."""
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.status = f"Cannot read {path}: {exc}"
            self.general.setText(self.status)
            self.general.show()
            return None
        try:
            profile = parse_profile_text(text, source=path.name)
        except ProfileError as exc:
            try:
                data = json.loads(text)
            except json.JSONDecodeError:
                data = None
            if isinstance(data, dict):
                self.load_data(data, f"{path.name} (not imported: fix the problems below)")
            self.status = str(exc)
            self.general.setText("\n".join(f"{d.path}: {d.message} ({d.code})" for d in exc.diagnostics))
            self.general.show()
            return None
        self.studio.save_profile(profile)
        self.load(profile.id)
        self.status = f"Imported {profile.id}."
        return profile

    def choose_export(self) -> None:
        dialog = QFileDialog(self, "Export the profile", f"{self.form.get('id', 'profile')}.json", "Profiles (*.json)")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.fileSelected.connect(lambda path: self.export_file(Path(path)))
        dialog.open()

    def export_file(self, path: Path) -> None:
        path.write_text(json.dumps(exported(self.form.data), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        self.status = f"Exported to {path}."

    def _go_to_section(self, row: int) -> None:
        if 0 <= row < len(SECTIONS):
            box = self.groups.get(SECTIONS[row])
            if box is not None:
                self.scroll_area.verticalScrollBar().setValue(box.y())
