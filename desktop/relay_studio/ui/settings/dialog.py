"""Settings (Ctrl+,): the theme, the creator's name in stories (SillyTavern's {{user}}), where data lives,
and the model connections: add, edit in place, test,
remove, choose the default one (agents bound to "the default connection" run on it), pick a model from
the server's own list, and find model servers running on this computer (on their usual ports and any
the creator types).

Nothing here blocks the window: tests and probes are coroutines on the loop (httpx), and keychain
calls (which may wait on the system's keyring service) run in a worker thread. The database is only
touched on the GUI thread, as everywhere else. An API key is written to the keychain and never shown
back; where the machine has no keychain, the form offers the explicit choice of a file only the user
can read (``secrets.json``, 0600), and nothing falls back to it on its own. Header values are kept
the same way, unless the creator ticks "Plain" for a harmless one.

Signals:
    theme_changed(str name): system, light or dark.
    connections_changed(): a connection was added, changed, removed, or became the default.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from relay_studio.domain import error_codes as codes
from relay_studio.providers import detect
from relay_studio.providers.base import ProviderError
from relay_studio.providers.connections import PRESETS, Connection, ConnectionProblem, parse_connection
from relay_studio.providers.secrets import SecretStoreError
from relay_studio.ui import i18n, theme
from relay_studio.ui.operations.connections import Keychain
from relay_studio.ui.settings.headers import HeaderRows, HeadersTable
from relay_studio.ui.studio import Studio
from relay_studio.ui.tasks import WidgetTasks

KINDS = (("OpenAI-compatible", "openai_compatible"), ("Anthropic", "anthropic"))


class SettingsDialog(QDialog):
    theme_changed = Signal(str)
    connections_changed = Signal()

    def __init__(self, settings: QSettings, studio: Studio, parent: QWidget | None = None, *,
                 secrets: Keychain | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("SettingsDialog")
        self.setWindowTitle(self.tr("Settings"))
        self.resize(720, 640)
        self.settings = settings
        self.studio = studio
        self.store = studio.connections.store()
        self.secrets = secrets or studio.connections.secret_store()
        self.local_servers: tuple[detect.LocalServer, ...] = detect.LOCAL_SERVERS
        self.probe_host = "127.0.0.1"
        self._tasks = WidgetTasks()
        self._keys: dict[str, str | None] = {}  # where each connection's key is, looked up in a worker thread
        self.status = ""

        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.theme_box = QComboBox()
        for name in theme.THEMES:
            self.theme_box.addItem({"system": self.tr("System"), "light": self.tr("Light"),
                                    "dark": self.tr("Dark")}.get(name, name.title()), name)
        current = self.theme_box.findData(str(settings.value("theme", "system")))
        self.theme_box.setCurrentIndex(max(current, 0))
        self.theme_box.currentIndexChanged.connect(lambda _i: self.theme_changed.emit(self.theme_box.currentData()))
        form.addRow(self.tr("Theme"), self.theme_box)
        self.language_box = QComboBox()
        self.language_box.setObjectName("LanguagePicker")
        self.language_box.setToolTip(self.tr("The window's language; a change applies the next time Relay Studio "
                                             "starts"))
        self.language_box.addItem(i18n.arg(self.tr("As the system (%1)"),
                                           i18n.LANGUAGE_NAMES[i18n.system_language()]), "")
        for code in i18n.LANGUAGES:
            self.language_box.addItem(i18n.LANGUAGE_NAMES[code], code)
        chosen = self.language_box.findData(str(settings.value(i18n.LANGUAGE_KEY, "") or ""))
        self.language_box.setCurrentIndex(max(chosen, 0))
        self.language_box.currentIndexChanged.connect(lambda _i: self._on_language())
        self.language_note = QLabel()
        self.language_note.setObjectName("LanguageNote")
        self.language_note.setWordWrap(True)
        language_row = QVBoxLayout()
        language_row.addWidget(self.language_box)
        language_row.addWidget(self.language_note)
        form.addRow(self.tr("Language"), language_row)
        self._on_language(save=False)
        self.persona_edit = QLineEdit(studio.connections.persona_name())
        self.persona_edit.setObjectName("PersonaName")
        self.persona_edit.setMaxLength(studio.connections.PERSONA_MAX_CHARS)
        self.persona_edit.setToolTip(self.tr("What {{user}} in SillyTavern character cards and World Info becomes "
                                             "in the agents' prompts and in the chat; the agents' own names take "
                                             "{{char}}"))
        self.persona_edit.editingFinished.connect(self._on_persona)
        form.addRow(self.tr("Your name in stories"), self.persona_edit)
        form.addRow(self.tr("Data folder"), QLabel(str(studio.data_dir)))
        layout.addLayout(form)

        layout.addWidget(QLabel(self.tr("<b>Model connections</b>")))
        self.connections = QListWidget()
        self.connections.setObjectName("Connections")
        self.connections.currentRowChanged.connect(lambda _r: self._update_buttons())
        layout.addWidget(self.connections, 1)
        row = QHBoxLayout()
        self.test_button = QPushButton(self.tr("Test"))
        self.test_button.setToolTip(self.tr("Send a one-token request and say whether the connection works"))
        self.edit_button = QPushButton(self.tr("Edit"))
        self.edit_button.setToolTip(self.tr("Change the connection's address, model, key or headers"))
        self.default_button = QPushButton(self.tr("Make default"))
        self.default_button.setToolTip(self.tr("Agents set to use the default connection run on this one"))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setToolTip(self.tr("Remove the connection and forget its API key"))
        self.test_button.clicked.connect(self.test_selected)
        self.edit_button.clicked.connect(self.edit_selected)
        self.default_button.clicked.connect(self.make_selected_default)
        self.remove_button.clicked.connect(self.remove_selected)
        for button in (self.test_button, self.edit_button, self.default_button, self.remove_button):
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        find_row = QHBoxLayout()
        self.detect_button = QPushButton(self.tr("Find local servers"))
        self.detect_button.setToolTip(self.tr("Look for Ollama, LM Studio, llama.cpp, KoboldCpp, Jan or vLLM on this "
                                              "computer"))
        self.detect_button.clicked.connect(self.find_local_servers)
        self.ports_edit = QLineEdit()
        self.ports_edit.setObjectName("DetectPorts")
        self.ports_edit.setPlaceholderText(self.tr("also look on ports, e.g. 9000 8081"))
        self.ports_edit.setToolTip(i18n.arg(self.tr("Besides the usual ports "
                                                    "(%1)"), detect.ports_tried(detect.LOCAL_SERVERS)))
        self.ports_edit.returnPressed.connect(self.find_local_servers)
        find_row.addWidget(self.detect_button)
        find_row.addWidget(self.ports_edit, 1)
        layout.addLayout(find_row)
        self.result_label = QLabel()
        self.result_label.setObjectName("ConnectionResult")
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.result_label)
        layout.addWidget(self._build_add_form())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.refresh()
        self._spawn(self._look_for_keys())

    def _on_persona(self) -> None:
        """Stores the name (an empty one gives SillyTavern's "User" back) and shows it as stored."""
        self.persona_edit.setText(self.studio.connections.set_persona_name(self.persona_edit.text()))

    def _on_language(self, save: bool = True) -> None:
        """Stores the choice; the window takes it at the next start (its widgets hold their strings)."""
        code = str(self.language_box.currentData() or "")
        if save:
            if code:
                self.settings.setValue(i18n.LANGUAGE_KEY, code)
            else:
                self.settings.remove(i18n.LANGUAGE_KEY)
        after = code or i18n.system_language()
        self.language_note.setText(self.tr("Applies the next time Relay Studio starts.")
                                   if after != i18n.current_language() else "")
        self.language_note.setVisible(after != i18n.current_language())

    # -- the add form ------------------------------------------------------------------------------
    def _build_add_form(self) -> QGroupBox:
        box = QGroupBox(self.tr("Add a connection"))
        self.form_box = box
        form = QFormLayout(box)
        self.preset_box = QComboBox()
        self.preset_box.addItem(self.tr("Custom"), "")
        for preset in PRESETS.values():
            self.preset_box.addItem(preset.label, preset.name)
        self.preset_box.currentIndexChanged.connect(lambda _i: self._on_preset())
        form.addRow(self.tr("Preset"), self.preset_box)
        self.id_edit = QLineEdit()
        self.id_edit.setPlaceholderText(self.tr("e.g. openai-main"))
        form.addRow(self.tr("Name"), self.id_edit)
        self.kind_box = QComboBox()
        for label, kind in KINDS:
            self.kind_box.addItem(self.tr("OpenAI-compatible") if kind == "openai_compatible" else label, kind)
        form.addRow(self.tr("Kind"), self.kind_box)
        self.url_edit = QLineEdit()
        self.url_edit.setPlaceholderText(self.tr("https://api.openai.com/v1 or http://127.0.0.1:8080/v1"))
        form.addRow(self.tr("Base URL"), self.url_edit)
        model_row = QHBoxLayout()
        self.model_box = QComboBox()
        self.model_box.setObjectName("ModelPicker")
        self.model_box.setEditable(True)
        self.model_box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        model_edit = self.model_box.lineEdit()
        assert model_edit is not None
        self.model_edit: QLineEdit = model_edit
        self.model_edit.setPlaceholderText(self.tr("the default model; List models asks the server"))
        self.list_models_button = QPushButton(self.tr("List models"))
        self.list_models_button.setToolTip(self.tr("Ask the server which models it offers"))
        self.list_models_button.clicked.connect(self.list_form_models)
        model_row.addWidget(self.model_box, 1)
        model_row.addWidget(self.list_models_button)
        form.addRow(self.tr("Default model"), model_row)
        self.key_edit = QLineEdit()
        self.key_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.key_edit.setPlaceholderText(self.tr("not needed for a server on this computer"))
        form.addRow(self.tr("API key"), self.key_edit)
        self.headers = HeadersTable()
        form.addRow(self.tr("Headers"), self.headers)
        self.file_secrets = QCheckBox(self.tr("This computer has no keychain: keep API keys in a file only I can read"))
        self.file_secrets.hide()
        form.addRow("", self.file_secrets)
        self.add_error = QLabel()
        self.add_error.setObjectName("FieldError")
        self.add_error.setWordWrap(True)
        self.add_error.hide()
        form.addRow("", self.add_error)
        buttons = QHBoxLayout()
        self.add_button = QPushButton(self.tr("Add connection"))
        self.add_button.clicked.connect(self.add_from_form)
        self.cancel_edit_button = QPushButton(self.tr("Cancel"))
        self.cancel_edit_button.setToolTip(self.tr("Leave the connection as it was"))
        self.cancel_edit_button.clicked.connect(self.reset_form)
        self.cancel_edit_button.hide()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.cancel_edit_button)
        buttons.addStretch(1)
        form.addRow("", buttons)
        self.editing: Connection | None = None
        return box

    def _on_preset(self) -> None:
        preset = PRESETS.get(str(self.preset_box.currentData() or ""))
        if preset is None:
            return
        self.kind_box.setCurrentIndex(self.kind_box.findData(preset.kind))
        self.url_edit.setText(preset.base_url)
        self.model_edit.setText(preset.default_model or "")
        if not self.id_edit.text().strip():
            self.id_edit.setText(preset.name)

    def form_connection(self) -> Connection:
        """The form as a connection; raises ``ConnectionProblem`` with one sentence naming the field."""
        return self._form()[0]

    def _form(self) -> tuple[Connection, HeaderRows]:
        preset = PRESETS.get(str(self.preset_box.currentData() or ""))
        rows = self.headers.rows()
        if rows.problem:
            raise ConnectionProblem(codes.CONNECTION_INVALID, rows.problem)
        base: dict[str, Any] = {}
        if self.editing is not None:  # what the form does not show (timeouts, prices, what it learned) stays
            base = self.editing.model_dump(by_alias=True, exclude_none=True, exclude={"legacy_headers"})
        data: dict[str, Any] = {**base, "id": self.id_edit.text().strip(), "kind": self.kind_box.currentData(),
                                "baseUrl": self.url_edit.text().strip(),
                                "defaultModel": self.model_edit.text().strip() or None,
                                "headers": rows.plain, "secretHeaders": rows.secret_names}
        if preset is not None and preset.base_url == data["baseUrl"]:
            data["maxTokensField"] = preset.max_tokens_field
        return parse_connection(data), rows

    # -- actions -----------------------------------------------------------------------------------
    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
        return self._tasks.spawn(coro)

    async def wait_idle(self) -> None:
        """Until every test, probe and keychain call started here has finished (tests, closing)."""
        await self._tasks.wait_idle()

    async def _look_for_keys(self) -> None:
        """Whether a keychain exists and where each connection's key is (``studio.connections.look_for_keys``:
        on a worker thread, moving header values an older version stored plain to the secret store)."""
        keychain, self._keys = await self.studio.connections.look_for_keys(self.store, self.secrets)
        self.file_secrets.setVisible(not keychain and not self.secrets.file_store_enabled)
        self.refresh()

    def add_from_form(self) -> None:
        """Adds the connection the form describes, or saves the one being edited."""
        try:
            connection, rows = self._form()
        except ConnectionProblem as exc:
            self._form_error(str(exc))
            return
        editing = self.editing
        if editing is None and self.store.get(connection.id) is not None:
            self._form_error(i18n.arg(self.tr("A connection '%1' already exists; remove it first or pick another "
                                              "name."), connection.id))
            return
        key = self.key_edit.text().strip()
        has_key = bool(key) or (editing is not None and self._keys.get(editing.id) is not None)
        if not has_key and not connection.is_local:
            self._form_error(i18n.arg(self.tr("'%1' is not on this computer, so it needs an API key."),
                                      connection.base_url))
            return
        self._form_error("")
        self.add_button.setEnabled(False)
        self._spawn(self._add(connection, key, self.file_secrets.isChecked(), rows, editing))

    async def _add(self, connection: Connection, key: str, use_file: bool, rows: HeaderRows | None = None,
                   editing: Connection | None = None) -> None:
        rows = rows or HeaderRows()
        values = rows.secret_values
        try:
            if (key or values) and not await asyncio.to_thread(lambda: self.secrets.keychain_available):
                if not use_file and not self.secrets.file_store_enabled:
                    self.file_secrets.show()
                    self._form_error(self.tr("This computer has no keychain to keep the API key in. Tick the box "
                                             "above to keep keys in a file only you can read, or add the key "
                                             "later."))
                    return
                self.secrets.enable_file_store()
            where = await self.studio.connections.save(self.store, self.secrets, connection, key, values, editing)
        except (ConnectionProblem, SecretStoreError) as exc:
            self._form_error(exc.message if isinstance(exc, SecretStoreError) else str(exc))
            return
        finally:
            self.add_button.setEnabled(True)
        gone = [n for n in (editing.secret_headers if editing else []) if n not in connection.secret_headers]
        if gone:
            self._spawn(self._forget_headers(connection.id, gone))
        kept = {"keychain": self.tr(" Its secrets are in the system keychain."),
                "file": i18n.arg(self.tr(" Its secrets are in %1 (readable only by you)."),
                                 self.secrets.file_path)}.get(where or "", "")
        if editing is None:
            default = self.tr(" It is the default connection.") if self.store.default_id() == connection.id else ""
            self._say(i18n.arg(self.tr("Added connection '%1' (%2)."), connection.id, connection.base_url)
                      + default + kept)
        elif connection.default_model:
            self._say(i18n.arg(self.tr("Saved connection '%1' (%2, model %3)."), connection.id, connection.base_url,
                               connection.default_model) + kept)
        else:
            self._say(i18n.arg(self.tr("Saved connection '%1' (%2)."), connection.id, connection.base_url) + kept)
        if key:
            self._keys[connection.id] = where
        self.reset_form()
        self.refresh(select=connection.id)
        self.connections_changed.emit()

    async def _forget_headers(self, connection_id: str, names: list[str]) -> None:
        try:
            await self.studio.connections.forget_headers(self.secrets, connection_id, names)
        except SecretStoreError as exc:
            self._say(i18n.arg(self.tr("Saved connection '%1', but a removed header's value could not be "
                                       "forgotten: %2"), connection_id, exc.message), ok=False)

    # -- editing in place -------------------------------------------------------------------------
    def edit_selected(self) -> None:
        connection = self.store.get(self.selected_id())
        if connection is None:
            return
        self.editing = connection
        self.form_box.setTitle(i18n.arg(self.tr("Edit '%1'"), connection.id))
        self.preset_box.setCurrentIndex(0)
        self.id_edit.setText(connection.id)
        self.id_edit.setEnabled(False)
        self.kind_box.setCurrentIndex(self.kind_box.findData(connection.kind))
        self.url_edit.setText(connection.base_url)
        self.model_box.clear()
        self.model_edit.setText(connection.default_model or "")
        self.key_edit.clear()
        self.key_edit.setPlaceholderText(self.tr("leave empty to keep the stored key"))
        self.headers.load(connection.headers, connection.secret_headers)
        self.add_button.setText(self.tr("Save changes"))
        self.cancel_edit_button.show()
        self._form_error("")

    def reset_form(self) -> None:
        """Back to an empty "Add a connection" form."""
        self.editing = None
        self.form_box.setTitle(self.tr("Add a connection"))
        self.id_edit.setEnabled(True)
        for edit in (self.id_edit, self.url_edit, self.key_edit):
            edit.clear()
        self.model_box.clear()
        self.model_edit.clear()
        self.key_edit.setPlaceholderText(self.tr("not needed for a server on this computer"))
        self.headers.load({}, [])
        self.preset_box.setCurrentIndex(0)
        self.add_button.setText(self.tr("Add connection"))
        self.cancel_edit_button.hide()
        self._form_error("")

    # -- the server's models ----------------------------------------------------------------------
    def list_form_models(self) -> None:
        """Fills the model picker with what the form's server offers (asked on the loop, not waited for)."""
        try:
            connection, _rows = self._form()
        except ConnectionProblem as exc:
            self._form_error(str(exc))
            return
        self._form_error("")
        self.list_models_button.setEnabled(False)
        self._say(i18n.arg(self.tr("Asking %1 for its models…"), connection.base_url))
        self._spawn(self._list_models(connection, self.key_edit.text().strip(), self.editing))

    async def _list_models(self, connection: Connection, key: str, editing: Connection | None) -> None:
        try:
            names = await self.studio.connections.form_models(self.secrets, connection, key, editing,
                                                              self.headers.value_of)
        except (ProviderError, SecretStoreError) as exc:
            self._say(exc.message, ok=False)
            return
        finally:
            self.list_models_button.setEnabled(True)
        chosen = self.model_edit.text().strip()
        self.model_box.clear()
        self.model_box.addItems(names)
        self.model_edit.setText(chosen if chosen in names or not names else names[0])
        if names:
            self._say(self.tr("The server offers %n model(s); pick the default "
                                                 "one and save the changes.", "", len(names)) if editing is not None
                      else self.tr("The server offers %n model(s); pick the "
                                                      "default one and add the connection.", "", len(names)), ok=True)
        else:
            self._say(self.tr("The server answers but lists no models; type the model's name."), ok=False)

    # -- the default connection -------------------------------------------------------------------
    def make_selected_default(self) -> None:
        connection_id = self.selected_id()
        if not connection_id:
            return
        try:
            self.store.set_default(connection_id)
        except ConnectionProblem as exc:
            self._say(str(exc), ok=False)
            return
        self._say(i18n.arg(self.tr("'%1' is now the default connection: agents set to use the default run on it."),
                           connection_id))
        self.refresh()
        self.connections_changed.emit()

    def selected_id(self) -> str:
        item = self.connections.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole) or "") if item is not None else ""

    def test_selected(self) -> None:
        connection = self.store.get(self.selected_id())
        if connection is None:
            return
        self.test_button.setEnabled(False)
        self._say(i18n.arg(self.tr("Testing '%1'…"), connection.id))
        self._spawn(self._test(connection))

    async def _test(self, connection: Connection) -> None:
        try:
            result = await self.studio.connections.check(self.secrets, connection)
            self._say(result.message, ok=result.ok)
        except ProviderError as exc:
            self._say(exc.message, ok=False)
        finally:
            self._update_buttons()

    def remove_selected(self) -> None:
        connection = self.store.get(self.selected_id())
        if connection is None or not self.store.remove(connection.id):
            return
        if self.editing is not None and self.editing.id == connection.id:
            self.reset_form()
        default = self.store.default_id()
        self._say(i18n.arg(self.tr("Removed connection '%1'."), connection.id)
                  + (i18n.arg(self.tr(" The default connection is now '%1'."), default) if default else ""))
        self.refresh()
        self.connections_changed.emit()
        self._spawn(self._forget_key(connection.id, connection.secret_headers))

    async def _forget_key(self, connection_id: str, headers: list[str]) -> None:
        try:
            await self.studio.connections.forget_key(self.secrets, connection_id, headers)
        except SecretStoreError as exc:
            self._say(i18n.arg(self.tr("Removed connection '%1', but its key could not be forgotten: %2"),
                               connection_id, exc.message), ok=False)

    def find_local_servers(self) -> None:
        try:
            extra = [int(part) for part in self.ports_edit.text().replace(",", " ").split()]
            servers = detect.servers_to_probe(extra, self.local_servers)
        except ValueError:
            self._say(i18n.arg(self.tr("'%1' is not a list of port numbers (1-65535), e.g. 9000 8081."),
                               self.ports_edit.text().strip()), ok=False)
            return
        self.detect_button.setEnabled(False)
        self._say(self.tr("Looking for model servers on this computer…"))
        self._spawn(self._find(servers))

    async def _find(self, servers: tuple[detect.LocalServer, ...]) -> None:
        try:
            found = await detect.detect_local_servers(servers, host=self.probe_host)
        finally:
            self.detect_button.setEnabled(True)
        tried = i18n.arg(self.tr("Tried ports %1."), detect.ports_tried(servers))
        if not found:
            self._say(self.tr("No model server answered on this computer.") + " " + tried)
            return
        server = found[0]
        suggested = server.suggested_connection()
        self.reset_form()
        self.preset_box.setCurrentIndex(max(self.preset_box.findData(server.preset), 0))
        self.id_edit.setText(suggested.id if self.store.get(suggested.id) is None else f"{suggested.id}-local")
        self.kind_box.setCurrentIndex(self.kind_box.findData(suggested.kind))
        self.url_edit.setText(suggested.base_url)
        self.model_box.addItems(server.models)
        self.model_edit.setText(suggested.default_model or "")
        others = i18n.arg(self.tr("; also %1"), ", ".join(i18n.arg(self.tr("%1 at %2"), s.label, s.base_url)
                                                         for s in found[1:])) if found[1:] else ""
        self._say(i18n.arg(self.tr("Found %1 at %2 with %n model(s); the form below is filled in for it — Add "
                                   "connection to keep it%3.", "", len(server.models)), server.label, server.base_url,
                           others) + " " + tried)

    # -- showing -------------------------------------------------------------------------------------
    def refresh(self, select: str = "") -> None:
        keep = select or self.selected_id()
        self.connections.clear()
        try:
            found = self.store.list()
        except Exception as exc:  # a store that cannot be read must not keep Settings from opening
            self.connections.addItem(i18n.arg(self.tr("(the connections could not be read: %1)"), exc))
            found = []
        default = self.store.default_id() if found else None
        for c in found:
            where = {"keychain": self.tr("API key in the keychain"), "file": self.tr("API key in the key file"),
                     "environment": self.tr("API key from the environment")}.get(self._keys.get(c.id) or "", "")
            where = where or (self.tr("no key needed") if c.is_local else self.tr("no API key") if c.id in self._keys
                              else "…")
            mark = "★ " if c.id == default else ""
            tail = self.tr("  ·  default") if c.id == default else ""
            model = c.default_model or self.tr("model: the first the server lists")
            item = QListWidgetItem(f"{mark}{c.id}  ·  {model}  ·  {c.base_url}  ·  {where}{tail}")
            item.setToolTip(self.tr("The default connection: agents set to use the default run on it")
                            if c.id == default else "")
            item.setData(Qt.ItemDataRole.UserRole, c.id)
            self.connections.addItem(item)
            if c.id == keep:
                self.connections.setCurrentItem(item)
        if not found:
            self.connections.addItem(self.tr("(none yet: add one below, or find a server on this computer)"))
        self._update_buttons()

    def _update_buttons(self) -> None:
        chosen = self.selected_id()
        for button in (self.test_button, self.edit_button, self.remove_button):
            button.setEnabled(bool(chosen))
        self.default_button.setEnabled(bool(chosen) and chosen != self.store.default_id())

    def _say(self, text: str, ok: bool | None = None) -> None:
        self.status = text
        color = {True: theme.colors().tool_ok.name(), False: theme.colors().error.name()}.get(ok) if ok is not None \
            else None
        self.result_label.setStyleSheet(f"color: {color};" if color else "")
        self.result_label.setText(text)

    def _form_error(self, text: str) -> None:
        self.add_error.setText(text)
        self.add_error.setVisible(bool(text))

    def done(self, result: int) -> None:
        self._tasks.cancel_all()
        super().done(result)
