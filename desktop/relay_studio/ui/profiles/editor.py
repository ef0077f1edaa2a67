"""The profile editor: a sectioned form with a section rail, live validation at each field, Save
disabled while the profile is invalid, built-ins read-only (Duplicate to edit), import and export.

Every change goes to ``ProfileForm`` (the portable JSON dict) and is validated at once by the
domain's ``validate_profile``; each diagnostic shows under its field, in words, with its code, and a
problem fixed in another section says where. Messages never move what is under the pointer: the
problems bar and the status sit below the form, and when a field's message appears above the
widget just used, the form scrolls by the same amount (``_keep_in_place``).

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

import asyncio
import json
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
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
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.domain.profile import (
    DEFAULT_ROOTS,
    AgentProfile,
    Diagnostic,
    ProfileError,
    offers_handoff_to,
    parse_profile_text,
)
from relay_studio.providers.base import ProviderError
from relay_studio.runtime.profile_templates import build as build_template
from relay_studio.ui.profiles import wording
from relay_studio.ui.profiles.form_model import ProfileForm, exported
from relay_studio.ui.profiles.sources import ConnectionChoices, ConnectionsSource, ModelsSource
from relay_studio.ui.studio import Studio
from relay_studio.ui.tasks import WidgetTasks

SECTIONS = ("Identity", "Model", "Delegation and handoff", "Tools", "System prompt", "Workspace", "Limits",
            "Raw JSON", "What the model sees")
NEW_PROFILE: dict[str, Any] = {
    "id": "new-agent", "displayName": "New agent", "description": "",
    "tools": {"allow": ["workspace.read_file", "workspace.write_file", "workspace.commit", "workspace.finish"]},
}
#: The Connection field's choices that are not a named connection: (mode, connection).
DEFAULT_CHOICE = ("default", None)
UNSET_CHOICE = ("requiresConfiguration", None)
MAX_PROBLEM_BUTTONS = 4


def _optional_number(text: str, kind: type) -> Any:
    text = text.strip()
    if not text:
        return None
    try:
        return kind(text)
    except ValueError:
        return text  # left as typed: validation names the problem at the field


class FieldBox(QWidget):
    """A field and, under it, its diagnostics (errors), a warning (a choice that will fail at run time)
    and a note (why a click could not do what it asked)."""

    def __init__(self, widget: QWidget, label: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.widget = widget
        self.label = label
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(widget)
        self.error = self._message("FieldError")
        self.warning = self._message("FieldWarning")
        self.note = self._message("FieldNote")
        for message in (self.error, self.warning, self.note):
            layout.addWidget(message)

    def _message(self, name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setWordWrap(True)
        label.hide()
        return label

    def show_diagnostics(self, diagnostics: list[Diagnostic]) -> None:
        lines = []
        for d in diagnostics:
            hint = wording.FIX_HINTS.get(d.code, "")
            lines.append(f"{d.message} ({d.code})" + (f" {hint}" if hint else ""))
        self._say(self.error, "\n".join(lines))

    def show_warning(self, text: str) -> None:
        self._say(self.warning, text)

    def show_note(self, text: str) -> None:
        self._say(self.note, text)

    @staticmethod
    def _say(label: QLabel, text: str) -> None:
        if label.text() != text:
            label.setText(text)
        label.setVisible(bool(text))


class ProfileEditor(QWidget):
    closed = Signal()
    saved = Signal(str)

    def __init__(self, studio: Studio, parent: QWidget | None = None, *,
                 connections: ConnectionsSource | None = None, models: ModelsSource | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self.connections: ConnectionsSource = connections or ConnectionChoices
        self.models_source = models
        self.form = ProfileForm(dict(NEW_PROFILE))
        self.read_only = False
        self.original_id = ""
        self.dirty = False
        self.fields: dict[str, FieldBox] = {}
        self.checks: dict[str, QCheckBox] = {}
        self._loaders: list[Callable[[], None]] = []
        self._local_errors: dict[str, Diagnostic] = {}  # text a field could not even parse (JSON)
        self._loading = False
        self._tasks = WidgetTasks()
        self._models_generation = 0
        self.status = ""

        outer = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setObjectName("MessageAuthor")
        # On its own row, and never wider than the editor (the docks beside it would shrink).
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        outer.addWidget(self.title)
        bar = QHBoxLayout()
        bar.addStretch(1)
        self.duplicate_button = QPushButton("Duplicate")
        self.import_button = QPushButton("Import…")
        self.export_button = QPushButton("Export…")
        self.delete_button = QPushButton("Delete")
        self.save_button = QPushButton("Save")
        self.save_button.setDefault(True)
        self.save_button.setToolTip("Save (Ctrl+S)")
        save_key = QShortcut(QKeySequence.StandardKey.Save, self)
        save_key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        save_key.activated.connect(self.save)
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

        body = QHBoxLayout()
        self.rail = QListWidget()
        self.rail.setObjectName("SectionRail")
        self.rail.setFixedWidth(150)
        self.rail.setWordWrap(True)
        for name in SECTIONS:
            self.rail.addItem(name)
        self.rail.currentRowChanged.connect(self._go_to_section)
        body.addWidget(self.rail)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.content = QWidget()
        self.sections_layout = QVBoxLayout(self.content)
        self.groups: dict[str, QGroupBox] = {}
        self._build_sections()
        self.scroll_area.setWidget(self.content)
        self.scroll_area.verticalScrollBar().valueChanged.connect(self._on_scrolled)
        body.addWidget(self.scroll_area, 1)
        outer.addLayout(body, 1)

        # Below the form, so that what appears here never pushes the form down.
        self.problems = QWidget()
        self.problems.setObjectName("ProblemsBar")
        self.problems_layout = QVBoxLayout(self.problems)
        self.problems_layout.setContentsMargins(0, 4, 0, 0)
        self.problems_layout.setSpacing(2)
        self.general = QLabel()
        self.general.setObjectName("FieldError")
        self.general.setWordWrap(True)
        self.problems_layout.addWidget(self.general)
        self.problem_buttons: list[QPushButton] = []
        outer.addWidget(self.problems)
        self.status_label = QLabel()
        self.status_label.setObjectName("EditorStatus")
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        outer.addWidget(self.status_label)

        self._raw_timer = QTimer(self)
        self._raw_timer.setSingleShot(True)
        self._raw_timer.setInterval(300)
        self._raw_timer.timeout.connect(self._on_raw_edited)

    # -- building the form -------------------------------------------------------------------------
    def _group(self, name: str) -> QFormLayout:
        box = QGroupBox(name)
        self.groups[name] = box
        layout = QFormLayout(box)
        layout.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # narrow: labels go above fields
        self.sections_layout.addWidget(box)
        return layout

    def _register(self, path: str, widget: QWidget, label: str = "") -> FieldBox:
        box = FieldBox(widget, label)
        self.fields[path] = box
        return box

    def _row(self, form: QFormLayout, label: str, path: str, widget: QWidget, tip: str = "") -> FieldBox:
        box = self._register(path, widget, label)
        if tip:
            widget.setToolTip(tip)
        caption = QLabel(label)
        if tip:
            caption.setToolTip(tip)
        form.addRow(caption, box)
        return box

    def _line(self, form: QFormLayout, label: str, path: str, *, convert: Callable[[str], Any] = str,
              placeholder: str = "", tip: str = "") -> QLineEdit:
        edit = QLineEdit()
        edit.setPlaceholderText(placeholder)
        edit.textEdited.connect(lambda text: self._set(path, convert(text), anchor=edit))

        def load() -> None:
            value = self.form.get(path)
            edit.setText("" if value is None else str(value))
            edit.setCursorPosition(0)  # a long text shows its beginning

        self._loaders.append(load)
        self._row(form, label, path, edit, tip)
        return edit

    def _check(self, form: QFormLayout, label: str, path: str, tip: str = "") -> QCheckBox:
        box = QCheckBox(label)
        if tip:
            box.setToolTip(tip)
        box.toggled.connect(lambda on: self._on_check(path, on, box))
        self._loaders.append(lambda: box.setChecked(bool(self.form.get(path))))
        field = self._register(path, box, label)
        if label.startswith("…"):  # a sub-option of the switch above it
            field.setContentsMargins(24, 0, 0, 0)
        form.addRow(field)  # the whole row: a check box is its own label
        self.checks[path] = box
        return box

    def _spin(self, form: QFormLayout, label: str, path: str, low: int, high: int, tip: str = "") -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(low, high)
        spin.valueChanged.connect(lambda value: self._set(path, value, anchor=spin))
        self._loaders.append(lambda: spin.setValue(int(self.form.get(path, 0) or 0)))
        self._row(form, label, path, spin, tip)
        return spin

    def _combo(self, form: QFormLayout, label: str, path: str, choices: list[tuple[str, Any]],
               tip: str = "") -> QComboBox:
        combo = QComboBox()
        for text, value in choices:
            combo.addItem(text, value)

        def load() -> None:
            index = combo.findData(self.form.get(path))
            if index >= 0:
                combo.setCurrentIndex(index)

        combo.currentIndexChanged.connect(lambda _i: self._set(path, combo.currentData(), anchor=combo))
        self._loaders.append(load)
        self._row(form, label, path, combo, tip)
        return combo

    def _text(self, form: QFormLayout, label: str, path: str, *, none_when_empty: bool = False,
              height: int = 90, tip: str = "") -> QPlainTextEdit:
        edit = QPlainTextEdit()
        edit.setFixedHeight(height)
        edit.textChanged.connect(lambda: self._set(
            path, None if none_when_empty and not edit.toPlainText().strip() else edit.toPlainText(), anchor=edit))
        self._loaders.append(lambda: edit.setPlainText(str(self.form.get(path) or "")))
        self._row(form, label, path, edit, tip)
        return edit

    def _build_sections(self) -> None:
        f = self._group("Identity")
        self.id_edit = self._line(f, "Id", "id", placeholder="lowercase-id",
                                  tip="How other agents and files name it: lowercase letters, digits, - and _.")
        self.name_edit = self._line(f, "Name", "displayName", tip="The name shown in the chat and the library.")
        self._text(f, "Description", "description", height=60)
        self._check(f, "Can start a run from the chat", "run.directRunnable", tip="run.directRunnable")

        f = self._group("Model")
        self.connection_box = QComboBox()
        self.connection_box.setObjectName("ConnectionChoice")
        self.connection_box.currentIndexChanged.connect(self._on_connection_chosen)
        self._loaders.append(self._load_connections)
        connection_field = self._row(f, "Connection", "model.connection", self.connection_box,
                                     "Where the model runs: one of your connections (Settings → Connections), "
                                     "or whichever connection is the default.")
        self.fields["model.mode"] = connection_field
        self.model_box = QComboBox()
        self.model_box.setObjectName("ModelChoice")
        self.model_box.setEditable(True)
        self.model_box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.model_box.editTextChanged.connect(self._on_model_typed)
        self._loaders.append(self._load_model)
        self._row(f, "Model", "model.model", self.model_box,
                  "Pick one of the models the server offers, or type a name.")
        self._line(f, "Temperature", "model.temperature", convert=lambda t: _optional_number(t, float),
                   placeholder="default", tip="0 = predictable, 2 = adventurous (model.temperature)")
        self._line(f, "Longest answer (tokens)", "model.maxTokens", convert=lambda t: _optional_number(t, int),
                   placeholder="default", tip="model.maxTokens")
        self.tool_choice = self._combo(
            f, "Using its tools", "model.toolChoice",
            [("When it decides", "auto"), ("At every step", "required"), ("Never call tools", "none")],
            tip="model.toolChoice: auto, required or none")
        self._spin(f, "Retries", "model.maxRetries", 0, 10, tip="model.maxRetries: tries again after a "
                   "server error that may pass")

        f = self._group("Delegation and handoff")
        for label, key, tip in (
                ("May hand off the stage", "canHandoff", "delegation.canHandoff (the agent.handoff tool)"),
                ("May ask helpers for side tasks", "canDelegate", "delegation.canDelegate (the agent.delegate "
                 "tool)"),
                ("Other agents may call it", "callable", "delegation.callable"),
                ("…as the next stage", "allowAsHandoffTarget", "delegation.allowAsHandoffTarget (handoff target)"),
                ("…as a helper", "allowAsSubagent", "delegation.allowAsSubagent (subagent)")):
            self._check(f, label, f"delegation.{key}", tip)
        self._combo(f, "How it hands off", "delegation.handoffToolStyle",
                    [("One tool, naming the next agent", "single"), ("One tool per next agent", "perTarget")],
                    tip="Handoff tools (delegation.handoffToolStyle): single agent_handoff(agentId, …), or "
                        "perTarget: one transfer_to_<id> tool per agent it may hand off to")
        self._line(f, "How other agents see it", "delegation.descriptionForAgents",
                   tip="delegation.descriptionForAgents: what agent_list and the handoff tools say about it")
        self.callers = QListWidget()
        self.callers.setFixedHeight(110)
        self.callers.itemChanged.connect(lambda _i: self._on_callers())
        self._loaders.append(self._load_callers)
        self._row(f, "Who may call it", "delegation.allowedCallers", self.callers, "delegation.allowedCallers")
        self._combo(f, "Offered as the next stage", "handoffIn.enabled",
                    [("Always", True), ("Never", False), ("After something is posted", "afterCommit")],
                    tip="handoffIn.enabled: true, false or afterCommit")
        self._combo(f, "What it sees of earlier stages", "handoffIn.historyMode",
                    [("The chat and the brief", "snapshot"), ("Only the brief", "briefOnly"),
                     ("The full history", "fullHistory"), ("A summary of the conversation", "nestedSummary")],
                    tip="handoffIn.historyMode: snapshot, briefOnly, fullHistory or nestedSummary")
        self._check(f, "…without the tool calls and their results", "handoffIn.removeToolItems",
                    tip="handoffIn.removeToolItems")
        self._line(f, "Name of the tool others call", "handoffIn.toolNameOverride",
                   convert=lambda t: t.strip() or None, placeholder="default: transfer_to_<id>",
                   tip="handoffIn.toolNameOverride: replaces transfer_to_<id> (with one tool per next agent)")
        self._text(f, "What that tool says", "handoffIn.toolDescriptionOverride", none_when_empty=True, height=50,
                   tip="handoffIn.toolDescriptionOverride")
        self.schema_edit = QPlainTextEdit()
        self.schema_edit.setObjectName("InputSchema")
        self.schema_edit.setFixedHeight(110)
        self.schema_edit.setPlaceholderText('Optional, e.g.\n'
                                            '{"type": "object", "properties": {"tone": {"type": "string"}}}')
        self.schema_edit.textChanged.connect(self._on_schema_edited)
        self._loaders.append(self._load_schema)
        self._row(f, "What callers must hand over", "handoffIn.inputSchema", self.schema_edit,
                  "handoffIn.inputSchema: a JSON Schema object; its fields are added to the handoff tool")
        self._spin(f, "Longest chain of handoffs", "delegation.maxHandoffDepth", 0, 64,
                   tip="delegation.maxHandoffDepth")
        self._spin(f, "Helpers at once", "delegation.maxConcurrentTasks", 1, 32, tip="delegation.maxConcurrentTasks")
        self._spin(f, "Helpers per run", "delegation.maxTasksPerRun", 0, 256, tip="delegation.maxTasksPerRun")

        f = self._group("Tools")
        matrix = QWidget()
        grid = QGridLayout(matrix)
        for col, (text, tip) in enumerate((("<b>Tool</b>", ""), ("<b>Allowed</b>", "tools.allow"),
                                           ("<b>Ask first</b>", "tools.requireApproval: the change waits in "
                                            "the patch dialog until you approve or reject it"),
                                           ("<b>Never</b>", "tools.deny: never offered, even when a rule would "
                                            "add it"))):
            header = QLabel(text)
            header.setToolTip(tip)
            grid.addWidget(header, 0, col)
        self.tool_boxes: dict[tuple[str, str], QCheckBox] = {}
        row = 1
        for family in ("agent", "workspace", "library", "skill", "knowledge"):
            grid.addWidget(QLabel(f"<i>{wording.FAMILY_WORDS[family]}</i>"), row, 0, 1, 4)
            row += 1
            for name in (t for t in tn.PROFILE_TOOLS if t.startswith(family + ".")):
                tool_label = QLabel(wording.tool_label(name))
                tool_label.setToolTip(wording.tool_tip(name))
                grid.addWidget(tool_label, row, 0)
                for col, key in ((1, "allow"), (2, "requireApproval"), (3, "deny")):
                    tool_box = QCheckBox()
                    tool_box.setToolTip(f"{wording.tool_label(name)} · tools.{key} · {name}")
                    tool_box.setObjectName(f"{key}:{name}")
                    tool_box.toggled.connect(lambda on, k=key, n=name, b=tool_box: self._toggle_tool(k, n, on, b))
                    grid.addWidget(tool_box, row, col)
                    self.tool_boxes[(key, name)] = tool_box
                row += 1
        self._loaders.append(self._load_tools)
        matrix_box = self._register("tools.allow", matrix, "Tools")
        f.addRow(matrix_box)
        self.fields["tools.requireApproval"] = matrix_box
        self.fields["tools.deny"] = matrix_box

        f = self._group("System prompt")
        f.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)  # long texts: the label above, full width
        self.use_default = QCheckBox("Use the generated prompt")
        self.use_default.setToolTip("instructions.systemPrompt left empty: the runtime writes it from the tools")
        self.use_default.toggled.connect(self._on_use_default)
        f.addRow("", self.use_default)
        self.prompt_edit = self._text(f, "Own prompt", "instructions.systemPrompt", none_when_empty=False, height=120,
                                      tip="instructions.systemPrompt")
        self.default_view = QPlainTextEdit()
        self.default_view.setReadOnly(True)
        self.default_view.setFixedHeight(120)
        f.addRow("Generated (what your prompt replaces)", self.default_view)
        self._text(f, "Standing instructions", "instructions.taskPrompt", none_when_empty=True, height=70,
                   tip="instructions.taskPrompt: added after the prompt in every call")

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
        roots_box = self._register("workspace.visibleRoots", roots, "Folders")
        f.addRow(roots_box)
        self.fields["workspace.writableRoots"] = roots_box

        f = self._group("Limits")
        self._spin(f, "Model rounds per stage", "tools.maxRounds", 1, 1000, tip="tools.maxRounds")
        self._spin(f, "Tool calls per stage", "tools.maxToolCalls", 1, 5000, tip="tools.maxToolCalls")
        self._spin(f, "Chat history messages (-1: all)", "context.chatHistoryMessages", -1, 10000,
                   tip="context.chatHistoryMessages")

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

    # -- connection and model ----------------------------------------------------------------------
    def _choice(self) -> tuple[str, str | None]:
        mode = str(self.form.get("model.mode") or "requiresConfiguration")
        connection = self.form.get("model.connection")
        if mode == "connection":
            return mode, str(connection or "")
        return (mode, None)

    @staticmethod
    def _choice_key(mode: str, connection: str | None) -> str:
        """The Connection field's item data: "default", "requiresConfiguration" or "connection:<id>"."""
        return f"connection:{connection}" if mode == "connection" else mode

    def _load_connections(self) -> None:
        choices = self.connections()
        combo = self.connection_box
        combo.clear()
        default = f" (now {choices.default_id})" if choices.default_id else ""
        combo.addItem(f"The default connection{default}", self._choice_key(*DEFAULT_CHOICE))
        for cid in choices.ids:
            combo.addItem(f"{cid} (default)" if cid == choices.default_id else cid, self._choice_key("connection", cid))
        mode, connection = self._choice()
        if mode == "connection" and connection and connection not in choices.ids:
            combo.addItem(f"{connection} (not on this computer)", self._choice_key(mode, connection))
        combo.addItem("Not chosen yet (it cannot run)", self._choice_key(*UNSET_CHOICE))
        combo.setCurrentIndex(max(combo.findData(self._choice_key(mode, connection)), 0))

    def _on_connection_chosen(self, _index: int) -> None:
        if self._loading or self.read_only:
            return
        key = str(self.connection_box.currentData() or "")
        mode, _sep, connection = key.partition(":")
        updates: dict[str, Any] = {"model.mode": mode, "model.connection": connection or None}
        own_default = self.connections().default_models.get(connection)
        if mode == "connection" and own_default and not str(self.form.get("model.model") or "").strip():
            updates["model.model"] = own_default  # a named connection needs a model: start from its own
        self._set_many(updates, anchor=self.connection_box)
        loading, self._loading = self._loading, True
        try:
            self._load_model()
        finally:
            self._loading = loading
        self._fetch_models()

    def _connection_warning(self) -> str:
        mode, connection = self._choice()
        if mode == "requiresConfiguration":
            return "This agent cannot run until you choose a connection."
        choices = self.connections()
        if mode == "connection" and connection and connection not in choices.ids:
            return (f"There is no connection “{connection}” on this computer: runs of this agent will fail. "
                    "Choose another, or add it in Settings → Connections.")
        if mode == "default" and not choices.ids:
            return "You have no connection yet: add one in Settings → Connections, and this agent will use it."
        return ""

    def _load_model(self) -> None:
        mode, _connection = self._choice()
        line = self.model_box.lineEdit()
        if line is not None:
            line.setPlaceholderText("the connection's own default model" if mode == "default" else "e.g. qwen3:8b")
        self.model_box.setEditText(str(self.form.get("model.model") or ""))

    def _on_model_typed(self, text: str) -> None:
        if self._loading:
            return
        self._set("model.model", text.strip() or None, anchor=self.model_box)

    def _fetch_models(self) -> None:
        """Asks the chosen connection's server for its models, on the loop; a later choice wins."""
        self._models_generation += 1
        mode, connection = self._choice()
        box = self.fields["model.model"]
        if self.models_source is None or mode == "requiresConfiguration" or self.read_only:
            box.show_note("")
            return
        choices = self.connections()
        if (mode == "connection" and connection not in choices.ids) or (mode == "default" and not choices.default_id):
            box.show_note("")
            return
        box.show_note("Asking the server which models it offers…")
        target = connection if mode == "connection" else choices.default_id
        self._spawn(self._load_server_models(self._models_generation, target or ""))

    async def _load_server_models(self, generation: int, connection: str) -> None:
        assert self.models_source is not None
        try:
            names = await self.models_source(connection)
        except ProviderError as exc:
            if generation == self._models_generation:
                self.fields["model.model"].show_note(f"The models could not be listed: {exc.message} "
                                                     "You can still type a model's name.")
            return
        if generation != self._models_generation:
            return
        typed = self.model_box.currentText()
        loading, self._loading = self._loading, True
        try:
            self.model_box.clear()
            self.model_box.addItems(names)
            self.model_box.setEditText(typed)
        finally:
            self._loading = loading
        self.fields["model.model"].show_note(
            f"The server offers {len(names)} model(s): pick one from the list, or type a name." if names
            else "The server lists no models; type a model's name.")

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
        return self._tasks.spawn(coro)

    async def wait_idle(self) -> None:
        """Until every model listing started here has finished (tests, closing)."""
        await self._tasks.wait_idle()

    # -- fields that follow each other ---------------------------------------------------------------
    def _tool_lists(self) -> dict[str, list[str]]:
        return {key: list(self.form.get(f"tools.{key}", []) or []) for key in ("allow", "requireApproval", "deny")}

    def _toggle_tool(self, key: str, name: str, on: bool, box: QCheckBox) -> None:
        if self._loading or self.read_only:
            return
        lists = self._tool_lists()
        note = ""

        def put(which: str, present: bool) -> None:
            if present and name not in lists[which]:
                lists[which].append(name)
            elif not present and name in lists[which]:
                lists[which].remove(name)

        label = wording.tool_label(name)
        if key == "deny":
            put("deny", on)
            if on:  # never offered: no longer allowed, nothing to approve
                put("allow", False)
                put("requireApproval", False)
        elif key == "allow":
            if on and name in lists["deny"]:
                note = f"“{label}” is set to Never; untick Never first to allow it."
            else:
                put("allow", on)
                if not on:
                    put("requireApproval", False)
        elif on and name in lists["deny"]:
            note = f"“{label}” is set to Never, so it cannot ask you first; untick Never first."
        else:
            put("requireApproval", on)
            if on:
                put("allow", True)  # asking first only means something for an allowed tool
        lists["allow"].sort(key=lambda n: tn.PROFILE_TOOLS.index(n) if n in tn.PROFILE_TOOLS else 99)
        updates: dict[str, Any] = {f"tools.{k}": v for k, v in lists.items()}
        effective = [n for n in lists["allow"] if n not in lists["deny"]]
        if name == tn.AGENT_HANDOFF:
            updates["delegation.canHandoff"] = tn.AGENT_HANDOFF in effective
        if name == tn.AGENT_DELEGATE:
            updates["delegation.canDelegate"] = tn.AGENT_DELEGATE in effective
        self._set_many(updates, anchor=box, note=("tools.allow", note))

    def _on_check(self, path: str, on: bool, box: QCheckBox) -> None:
        if self._loading or self.read_only:
            return
        updates: dict[str, Any] = {path: on}
        note = ""
        linked = {"delegation.canHandoff": (tn.AGENT_HANDOFF,),
                  "delegation.canDelegate": (tn.AGENT_DELEGATE, tn.AGENT_AWAIT)}.get(path)
        if linked:
            lists = self._tool_lists()
            if on and linked[0] in lists["deny"]:
                note = (f"“{wording.tool_label(linked[0])}” is set to Never in Tools; untick Never there first.")
                updates[path] = False
            for name in linked:
                if on and name not in lists["deny"] and name not in lists["allow"]:
                    lists["allow"].append(name)
                elif not on and name in lists["allow"]:
                    lists["allow"].remove(name)
                    if name in lists["requireApproval"]:
                        lists["requireApproval"].remove(name)
            lists["allow"].sort(key=lambda n: tn.PROFILE_TOOLS.index(n) if n in tn.PROFILE_TOOLS else 99)
            updates["tools.allow"] = lists["allow"]
            updates["tools.requireApproval"] = lists["requireApproval"]
        if path == "delegation.callable" and on and not (self.form.get("delegation.allowAsHandoffTarget")
                                                        or self.form.get("delegation.allowAsSubagent")):
            updates["delegation.allowAsHandoffTarget"] = True  # a callable agent needs a role; the usual one
        self._set_many(updates, anchor=box, note=(path, note))

    def _sync_dependents(self) -> None:
        """Widgets whose value another field may have changed, and what is enabled by what."""
        loading, self._loading = self._loading, True
        try:
            self._load_tools()
            for path, box in self.checks.items():
                box.setChecked(bool(self.form.get(path)))
        finally:
            self._loading = loading
        callable_ = bool(self.form.get("delegation.callable"))
        for path in ("delegation.allowAsHandoffTarget", "delegation.allowAsSubagent"):
            self.checks[path].setEnabled(callable_ and not self.read_only)

    # -- list-valued fields ----------------------------------------------------------------------
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
                code=codes.PROFILE_INVALID_JSON, path="handoffIn.inputSchema",
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
        self._set("instructions.systemPrompt", None if on else (self.prompt_edit.toPlainText() or ""),
                  anchor=self.use_default)

    # -- state -------------------------------------------------------------------------------------
    def _set(self, path: str, value: Any, anchor: QWidget | None = None) -> None:
        self._set_many({path: value}, anchor=anchor)

    def _set_many(self, updates: dict[str, Any], anchor: QWidget | None = None,
                  note: tuple[str, str] | None = None) -> None:
        """Applies a change (and the fields that follow it); ``note`` = (field, why a click did not do
        what it asked) is shown with the change's messages."""
        if self._loading or self.read_only:
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
            self._after_change(update_raw=True)

        self._keep_in_place(anchor, show)

    def _keep_in_place(self, anchor: QWidget | None, work: Callable[[], None]) -> None:
        """Runs ``work`` (which may show or hide messages above ``anchor``) and scrolls the form by as
        much as ``anchor`` moved, so the row under the pointer stays under the pointer."""
        anchor = anchor or QApplication.focusWidget()
        if anchor is None or not self.content.isAncestorOf(anchor):
            work()
            return
        bar = self.scroll_area.verticalScrollBar()
        before = anchor.mapTo(self.content, QPoint(0, 0)).y() - bar.value()
        work()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # lay the form out now
        after = anchor.mapTo(self.content, QPoint(0, 0)).y() - bar.value()
        if after != before:
            bar.setValue(bar.value() + after - before)

    def _after_change(self, update_raw: bool) -> None:
        grouped, general = self.form.by_field(set(self.fields))
        for path, diagnostic in self._local_errors.items():
            grouped[path] = [diagnostic, *[d for d in grouped.get(path, []) if d.path != path]]
        shown: dict[int, list[Diagnostic]] = {}
        for path, box in self.fields.items():
            shown.setdefault(id(box), []).extend(grouped.get(path, []))
        for box in {id(b): b for b in self.fields.values()}.values():
            box.show_diagnostics(shown.get(id(box), []))
        self._show_warnings()
        self._sync_dependents()
        self._show_problems(grouped, general)
        self._update_save()
        self._update_title()
        if update_raw:
            self._loading = True
            self.raw.setPlainText(self.form.json_text())
            self._loading = False
        self._refresh_model_view()

    def _show_warnings(self) -> None:
        """Choices that validate but will fail at run time."""
        self.fields["model.connection"].show_warning(self._connection_warning())
        choice = self.form.get("model.toolChoice")
        self.fields["model.toolChoice"].show_warning(wording.NEEDS_A_TOOL_TO_END if choice == "none" else "")
        warnings = self._relay_warnings()
        for path in ("delegation.canHandoff", "delegation.canDelegate", "delegation.maxHandoffDepth",
                     "handoffIn.enabled"):
            self.fields[path].show_warning(warnings.get(path, ""))

    def _relay_warnings(self) -> dict[str, str]:
        """Handoffs and helpers the other agents would refuse (the runtime's own rules, statically)."""
        profile = self.form.profile
        if profile is None:
            return {}
        others = {pid: p for pid, p in self.studio.profiles().items() if pid not in (profile.id, self.original_id)}
        effective = set(profile.effective_tools())
        out: dict[str, str] = {}
        if profile.delegation.can_handoff and tn.AGENT_HANDOFF in effective:
            targets = [t for t in others.values()
                       if offers_handoff_to(profile, t) and t.model.mode != "requiresConfiguration"]
            if not targets:
                out["delegation.canHandoff"] = wording.NO_HANDOFF_TARGET
            if profile.delegation.max_handoff_depth == 0:
                out["delegation.maxHandoffDepth"] = wording.NO_HANDOFF_DEPTH
        if profile.delegation.can_delegate and tn.AGENT_DELEGATE in effective:
            helpers = [t for t in others.values()
                       if t.delegation.callable and t.delegation.allow_as_subagent
                       and ("*" in t.delegation.allowed_callers or profile.id in t.delegation.allowed_callers)
                       and t.model.mode != "requiresConfiguration"]
            if not helpers:
                out["delegation.canDelegate"] = wording.NO_HELPER
        d = profile.delegation
        if d.callable and d.allow_as_handoff_target and profile.handoff_in.enabled is False:
            out["handoffIn.enabled"] = wording.NEVER_OFFERED
        return out

    def _show_problems(self, grouped: dict[str, list[Diagnostic]], general: list[Diagnostic]) -> None:
        """Below the form: how many problems and where, each a button that scrolls to its field."""
        items: list[tuple[str, str]] = []  # (field path, text)
        seen: set[int] = set()
        for path, box in self.fields.items():
            if id(box) in seen or not box.error.text():
                continue
            seen.add(id(box))
            count = len(box.error.text().splitlines())
            section = wording.section_of(path)
            items.append((path, f"{section} › {box.label or path}: {count} problem(s) — go there"))
        sections_with_problems = {wording.section_of(p) for p, _t in items}
        for row, name in enumerate(SECTIONS):
            item = self.rail.item(row)
            if item is not None:
                item.setText(f"{name}  ⚠" if name in sections_with_problems else name)
                item.setToolTip("Something here needs fixing" if name in sections_with_problems else "")
        self.general.setText("\n".join(f"{d.path}: {d.message} ({d.code})" for d in general))
        self.general.setVisible(bool(general))
        for button in self.problem_buttons:
            button.deleteLater()
        self.problem_buttons = []
        for path, text in items[:MAX_PROBLEM_BUTTONS]:
            button = QPushButton(f"⚠ {text}")
            button.setObjectName("ProblemLink")
            button.setFlat(True)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.clicked.connect(lambda _c=False, p=path: self.go_to_field(p))
            self.problems_layout.addWidget(button)
            self.problem_buttons.append(button)
        if len(items) > MAX_PROBLEM_BUTTONS:
            more = QPushButton(f"…and {len(items) - MAX_PROBLEM_BUTTONS} more (see the sections marked ⚠)")
            more.setFlat(True)
            more.setEnabled(False)
            self.problems_layout.addWidget(more)
            self.problem_buttons.append(more)
        self.problems.setVisible(bool(items or general))

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
        if box is None:
            return
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        self.scroll_area.ensureWidgetVisible(box, 0, 60)
        box.widget.setFocus(Qt.FocusReason.OtherFocusReason)

    def _update_save(self) -> None:
        can_save = self.form.valid and not self._local_errors and not self.read_only
        if self.dirty or not self.original_id:
            self.save_button.setText("Save")
            self.save_button.setEnabled(can_save)
        else:
            self.save_button.setText("Saved" if not self.read_only else "Save")
            self.save_button.setEnabled(False)

    def _update_title(self) -> None:
        name = str(self.form.get("displayName") or "").strip() or "Untitled agent"
        if self.read_only:
            suffix = " · built-in, read-only"
        elif not self.original_id:
            suffix = " · not saved yet"
        elif self.dirty:
            suffix = " · changed"
        else:
            suffix = ""
        self.title.setText(name + suffix)

    def _say(self, text: str) -> None:
        self.status = text
        self.status_label.setText(text)

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
            self.problems.show()
            self.save_button.setEnabled(False)
            return
        self.form = ProfileForm(data if isinstance(data, dict) else {})
        self.dirty = True
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
        for box in self.fields.values():
            box.show_note("")
        self._after_change(update_raw)

    # -- loading, saving, sharing ------------------------------------------------------------------
    def load(self, profile_id: str) -> None:
        """Shows a profile ("" starts a new one). Built-ins open read-only."""
        profile = self.studio.profiles().get(profile_id) if profile_id else None
        self.original_id = profile.id if profile else ""
        self.dirty = False
        self.form = ProfileForm.from_profile(profile) if profile else ProfileForm(dict(NEW_PROFILE))
        self.set_read_only(bool(profile) and profile_id in self.studio.builtin_ids())
        self._say("")
        self._populate()
        self._fetch_models()
        self.rail.setCurrentRow(0)
        self.scroll_area.verticalScrollBar().setValue(0)

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
        self.scroll_area.verticalScrollBar().setValue(0)
        problems = self.problem_paths()
        if problems:
            self.go_to_field(problems[0])

    def start_new(self, template_key: str, name: str) -> list[str]:
        """A new agent from a starting point (``runtime.profile_templates``). One agent opens here to be
        saved; a relay's stages are saved at once (so they can hand off to each other) and the first
        opens. Returns the ids made."""
        made = build_template(template_key, name, self.studio.profiles())
        if len(made) == 1:
            self.load_data(made[0], "A new agent: change what you like, then Save.")
            return [made[0]["id"]]
        profiles = [parse_profile_text(json.dumps(data), source=str(data["id"])) for data in made]
        for profile in profiles:
            self.studio.save_profile(profile)
        self.load(profiles[0].id)
        names = [p.display_name for p in profiles]
        self._say(f"Created {', '.join(names[:-1])} and {names[-1]}: each hands off to the next, in that order. "
                  f"Start a run with {names[0]}.")
        return [p.id for p in profiles]

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
        self.duplicate_button.setEnabled(bool(self.original_id) or read_only)

    def duplicate(self) -> None:
        data = json.loads(self.form.json_text())
        existing = set(self.studio.profiles())
        base = f"{data.get('id', 'agent')}-copy"
        new_id, n = base, 2
        while new_id in existing:
            new_id, n = f"{base}-{n}", n + 1
        data["id"] = new_id
        data["displayName"] = f"{data.get('displayName', 'Agent')} (copy)"
        self.load_data(data, "A copy: change what you like, then Save.")

    def save(self) -> bool:
        profile = self.form.profile
        if profile is None or self.read_only or not self.form.valid or self._local_errors:
            return False
        if self.original_id and self.original_id != profile.id and self.original_id not in self.studio.builtin_ids():
            self.studio.remove_profile(self.original_id)
        self.studio.save_profile(profile)
        self.original_id = profile.id
        self.dirty = False
        self._update_title()
        self._update_save()
        self._say(f"Saved “{profile.display_name}”.")
        self.delete_button.setEnabled(True)
        self.duplicate_button.setEnabled(True)
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
            self._say(f"Cannot read {path}: {exc}")
            return None
        try:
            profile = parse_profile_text(text, source=path.name)
        except ProfileError as exc:
            try:
                data = json.loads(text)
            except json.JSONDecodeError:
                data = None
            if isinstance(data, dict):
                self.load_data(data, f"{path.name} was not imported: fix the problems shown, then Save.")
            self.status = str(exc)
            if not isinstance(data, dict):
                self._say(str(exc))
            return None
        self.studio.save_profile(profile)
        self.load(profile.id)
        self._say(f"Imported “{profile.display_name}” from {path}.")
        return profile

    def choose_export(self) -> None:
        dialog = QFileDialog(self, "Export the profile", f"{self.form.get('id', 'profile')}.json", "Profiles (*.json)")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.fileSelected.connect(lambda path: self.export_file(Path(path)))
        dialog.open()

    def export_file(self, path: Path) -> None:
        try:
            path.write_text(json.dumps(exported(self.form.data), ensure_ascii=False, indent=2) + "\n",
                            encoding="utf-8")
        except OSError as exc:
            self._say(f"Could not export to {path}: {exc}")
            return
        self._say(f"Exported to {path} (without your connection: whoever imports it chooses their own).")

    def _on_scrolled(self, value: int) -> None:
        """The rail marks the section at the top of the form."""
        row = 0
        for i, name in enumerate(SECTIONS):
            if self.groups[name].y() <= value + 8:
                row = i
        if row != self.rail.currentRow():
            self.rail.blockSignals(True)
            self.rail.setCurrentRow(row)
            self.rail.blockSignals(False)

    def _go_to_section(self, row: int) -> None:
        if 0 <= row < len(SECTIONS):
            box = self.groups.get(SECTIONS[row])
            if box is not None:
                self.scroll_area.verticalScrollBar().setValue(box.y())
