"""Settings' "Add a connection" form, which also edits a connection in place: a preset (or Custom) fills
kind, base URL and model; the model picker offers what the server lists; the API key and the secret header
values go to the keychain (``studio.connections.save``, on a worker thread), are cleared from the form and
never shown back. The form says in one sentence what is wrong: a field (``parse_connection``), a taken name,
a server not on this computer without a key, or no keychain, in which case it offers the explicit choice of
the key file only the creator can read; nothing falls back to it on its own.

Signals:
    saved(str connection_id): a connection was added or saved (its secrets kept).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from relay_studio.domain import error_codes as codes
from relay_studio.providers.base import ProviderError
from relay_studio.providers.connections import PRESETS, Connection, ConnectionProblem, parse_connection
from relay_studio.providers.detect import DetectedServer
from relay_studio.providers.secrets import KeychainUnavailableError, SecretStoreError
from relay_studio.ui import i18n
from relay_studio.ui.operations.connections import ConnectionOperations
from relay_studio.ui.settings.headers import HeaderRows, HeadersTable
from relay_studio.ui.settings.status import StatusLine
from relay_studio.ui.tasks import WidgetTasks

KINDS = (("OpenAI-compatible", "openai_compatible"), ("Anthropic", "anthropic"))


class ConnectionForm(QGroupBox):
    saved = Signal(str)

    def __init__(self, connections: ConnectionOperations, keys: dict[str, str | None], status: StatusLine,
                 tasks: WidgetTasks, parent: QWidget | None = None) -> None:
        """``keys``: where each connection's key is (shared with the list; this form adds what it stores)."""
        super().__init__(parent)
        self.setTitle(self.tr("Add a connection"))
        self.connections = connections
        self.keys = keys
        self.status = status
        self._tasks = tasks
        self.editing: Connection | None = None
        form = QFormLayout(self)
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

    # -- adding and saving -----------------------------------------------------------------------------
    def add_from_form(self) -> None:
        """Adds the connection the form describes, or saves the one being edited."""
        try:
            connection, rows = self._form()
        except ConnectionProblem as exc:
            self._form_error(str(exc))
            return
        editing = self.editing
        if editing is None and self.connections.get(connection.id) is not None:
            self._form_error(i18n.arg(self.tr("A connection '%1' already exists; remove it first or pick another "
                                              "name."), connection.id))
            return
        key = self.key_edit.text().strip()
        has_key = bool(key) or (editing is not None and self.keys.get(editing.id) is not None)
        if not has_key and not connection.is_local:
            self._form_error(i18n.arg(self.tr("'%1' is not on this computer, so it needs an API key."),
                                      connection.base_url))
            return
        self._form_error("")
        self.add_button.setEnabled(False)
        self._tasks.spawn(self._add(connection, key, self.file_secrets.isChecked(), rows, editing))

    async def _add(self, connection: Connection, key: str, use_file: bool, rows: HeaderRows | None = None,
                   editing: Connection | None = None) -> None:
        rows = rows or HeaderRows()
        try:
            where = await self.connections.save(connection, key, rows.secret_values, editing,
                                                key_file_chosen=use_file)
        except KeychainUnavailableError:  # none here, and the key file not chosen: offer it
            self.file_secrets.show()
            self._form_error(self.tr("This computer has no keychain to keep the API key in. Tick the box "
                                     "above to keep keys in a file only you can read, or add the key "
                                     "later."))
            return
        except (ConnectionProblem, SecretStoreError) as exc:
            self._form_error(exc.message if isinstance(exc, SecretStoreError) else str(exc))
            return
        finally:
            self.add_button.setEnabled(True)
        gone = [n for n in (editing.secret_headers if editing else []) if n not in connection.secret_headers]
        if gone:
            self._tasks.spawn(self._forget_headers(connection.id, gone))
        kept = {"keychain": self.tr(" Its secrets are in the system keychain."),
                "file": i18n.arg(self.tr(" Its secrets are in %1 (readable only by you)."),
                                 self.connections.key_file)}.get(where or "", "")
        if editing is None:
            default = self.tr(" It is the default connection.") \
                if self.connections.default_id() == connection.id else ""
            self.status.say(i18n.arg(self.tr("Added connection '%1' (%2)."), connection.id, connection.base_url)
                            + default + kept)
        elif connection.default_model:
            self.status.say(i18n.arg(self.tr("Saved connection '%1' (%2, model %3)."), connection.id,
                                     connection.base_url, connection.default_model) + kept)
        else:
            self.status.say(i18n.arg(self.tr("Saved connection '%1' (%2)."), connection.id, connection.base_url)
                            + kept)
        if key:
            self.keys[connection.id] = where
        self.reset_form()
        self.saved.emit(connection.id)

    async def _forget_headers(self, connection_id: str, names: list[str]) -> None:
        try:
            await self.connections.forget_headers(connection_id, names)
        except SecretStoreError as exc:
            self.status.say(i18n.arg(self.tr("Saved connection '%1', but a removed header's value could not be "
                                             "forgotten: %2"), connection_id, exc.message), ok=False)

    # -- editing in place, and filling it in -----------------------------------------------------------
    def edit(self, connection: Connection) -> None:
        self.editing = connection
        self.setTitle(i18n.arg(self.tr("Edit '%1'"), connection.id))
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
        self.setTitle(self.tr("Add a connection"))
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

    def fill_from(self, server: DetectedServer) -> None:
        """A new connection to a server found on this computer (a taken name gets "-local")."""
        suggested = server.suggested_connection()
        self.reset_form()
        self.preset_box.setCurrentIndex(max(self.preset_box.findData(server.preset), 0))
        self.id_edit.setText(suggested.id if self.connections.get(suggested.id) is None else f"{suggested.id}-local")
        self.kind_box.setCurrentIndex(self.kind_box.findData(suggested.kind))
        self.url_edit.setText(suggested.base_url)
        self.model_box.addItems(server.models)
        self.model_edit.setText(suggested.default_model or "")

    # -- the server's models ----------------------------------------------------------------------------
    def list_form_models(self) -> None:
        """Fills the model picker with what the form's server offers (asked on the loop, not waited for)."""
        try:
            connection, _rows = self._form()
        except ConnectionProblem as exc:
            self._form_error(str(exc))
            return
        self._form_error("")
        self.list_models_button.setEnabled(False)
        self.status.say(i18n.arg(self.tr("Asking %1 for its models…"), connection.base_url))
        self._tasks.spawn(self._list_models(connection, self.key_edit.text().strip(), self.editing))

    async def _list_models(self, connection: Connection, key: str, editing: Connection | None) -> None:
        try:
            names = await self.connections.form_models(connection, key, editing, self.headers.value_of)
        except (ProviderError, SecretStoreError) as exc:
            self.status.say(exc.message, ok=False)
            return
        finally:
            self.list_models_button.setEnabled(True)
        chosen = self.model_edit.text().strip()
        self.model_box.clear()
        self.model_box.addItems(names)
        self.model_edit.setText(chosen if chosen in names or not names else names[0])
        if names:
            self.status.say(self.tr("The server offers %n model(s); pick the default one and save the changes.", "",
                                    len(names)) if editing is not None
                            else self.tr("The server offers %n model(s); pick the default one and add the "
                                         "connection.", "", len(names)), ok=True)
        else:
            self.status.say(self.tr("The server answers but lists no models; type the model's name."), ok=False)

    def _form_error(self, text: str) -> None:
        self.add_error.setText(text)
        self.add_error.setVisible(bool(text))
