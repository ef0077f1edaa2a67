"""Settings (Ctrl+,): the theme, where data lives, and the model connections: add, test, remove, and
find model servers running on this computer.

Nothing here blocks the window: tests and probes are coroutines on the loop (httpx), and keychain
calls (which may wait on the system's keyring service) run in a worker thread. The database is only
touched on the GUI thread, as everywhere else. An API key is written to the keychain and never shown
back; where the machine has no keychain, the form offers the explicit choice of a file only the user
can read (``secrets.json``, 0600), and nothing falls back to it on its own.

Signals:
    theme_changed(str name): system, light or dark.
    connections_changed(): a connection was added or removed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

import httpx
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

from relay_studio.providers import detect
from relay_studio.providers.base import ProviderError
from relay_studio.providers.connections import PRESETS, Connection, ConnectionProblem, ConnectionStore, parse_connection
from relay_studio.providers.factory import load_api_key
from relay_studio.providers.secrets import SecretStore, SecretStoreError
from relay_studio.ui import theme
from relay_studio.ui.studio import Studio

KINDS = (("OpenAI-compatible", "openai_compatible"), ("Anthropic", "anthropic"))


class SettingsDialog(QDialog):
    theme_changed = Signal(str)
    connections_changed = Signal()

    def __init__(self, settings: QSettings, studio: Studio, parent: QWidget | None = None, *,
                 secrets: SecretStore | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("SettingsDialog")
        self.setWindowTitle("Settings")
        self.resize(720, 640)
        self.settings = settings
        self.studio = studio
        self.store = ConnectionStore(studio.runtime.db)
        self.secrets = secrets or SecretStore(studio.runtime.data_dir)
        self.local_servers: tuple[detect.LocalServer, ...] = detect.LOCAL_SERVERS
        self.probe_host = "127.0.0.1"
        self._tasks: set[asyncio.Future[Any]] = set()
        self._keys: dict[str, str | None] = {}  # where each connection's key is, looked up in a worker thread
        self.status = ""

        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.theme_box = QComboBox()
        for name in theme.THEMES:
            self.theme_box.addItem(name.title(), name)
        current = self.theme_box.findData(str(settings.value("theme", "system")))
        self.theme_box.setCurrentIndex(max(current, 0))
        self.theme_box.currentIndexChanged.connect(lambda _i: self.theme_changed.emit(self.theme_box.currentData()))
        form.addRow("Theme", self.theme_box)
        form.addRow("Data folder", QLabel(str(studio.runtime.data_dir)))
        layout.addLayout(form)

        layout.addWidget(QLabel("<b>Model connections</b>"))
        self.connections = QListWidget()
        self.connections.setObjectName("Connections")
        self.connections.currentRowChanged.connect(lambda _r: self._update_buttons())
        layout.addWidget(self.connections, 1)
        row = QHBoxLayout()
        self.test_button = QPushButton("Test")
        self.test_button.setToolTip("Send a one-token request and say whether the connection works")
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Remove the connection and forget its API key")
        self.detect_button = QPushButton("Find local servers")
        self.detect_button.setToolTip("Look for Ollama, LM Studio, llama.cpp, Jan or KoboldCpp on this computer")
        self.test_button.clicked.connect(self.test_selected)
        self.remove_button.clicked.connect(self.remove_selected)
        self.detect_button.clicked.connect(self.find_local_servers)
        for button in (self.test_button, self.remove_button, self.detect_button):
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
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

    # -- the add form ------------------------------------------------------------------------------
    def _build_add_form(self) -> QGroupBox:
        box = QGroupBox("Add a connection")
        form = QFormLayout(box)
        self.preset_box = QComboBox()
        self.preset_box.addItem("Custom", "")
        for preset in PRESETS.values():
            self.preset_box.addItem(preset.label, preset.name)
        self.preset_box.currentIndexChanged.connect(lambda _i: self._on_preset())
        form.addRow("Preset", self.preset_box)
        self.id_edit = QLineEdit()
        self.id_edit.setPlaceholderText("e.g. openai-main")
        form.addRow("Name", self.id_edit)
        self.kind_box = QComboBox()
        for label, kind in KINDS:
            self.kind_box.addItem(label, kind)
        form.addRow("Kind", self.kind_box)
        self.url_edit = QLineEdit()
        self.url_edit.setPlaceholderText("https://api.openai.com/v1 or http://127.0.0.1:11434/v1")
        form.addRow("Base URL", self.url_edit)
        self.model_edit = QLineEdit()
        self.model_edit.setPlaceholderText("the default model, e.g. qwen3:8b")
        form.addRow("Default model", self.model_edit)
        self.key_edit = QLineEdit()
        self.key_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.key_edit.setPlaceholderText("not needed for a server on this computer")
        form.addRow("API key", self.key_edit)
        self.file_secrets = QCheckBox("This computer has no keychain: keep API keys in a file only I can read")
        self.file_secrets.hide()
        form.addRow("", self.file_secrets)
        self.add_error = QLabel()
        self.add_error.setObjectName("FieldError")
        self.add_error.setWordWrap(True)
        self.add_error.hide()
        form.addRow("", self.add_error)
        self.add_button = QPushButton("Add connection")
        self.add_button.clicked.connect(self.add_from_form)
        form.addRow("", self.add_button)
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
        preset = PRESETS.get(str(self.preset_box.currentData() or ""))
        data: dict[str, Any] = {"id": self.id_edit.text().strip(), "kind": self.kind_box.currentData(),
                                "baseUrl": self.url_edit.text().strip(),
                                "defaultModel": self.model_edit.text().strip() or None}
        if preset is not None and preset.base_url == data["baseUrl"]:
            data["maxTokensField"] = preset.max_tokens_field
        return parse_connection(data)

    # -- actions -----------------------------------------------------------------------------------
    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
        future = asyncio.ensure_future(coro)
        self._tasks.add(future)
        future.add_done_callback(self._tasks.discard)
        return future

    async def wait_idle(self) -> None:
        """Until every test, probe and keychain call started here has finished (tests, closing)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _look_for_keys(self) -> None:
        """Whether a keychain exists and where each connection's key is: keychain calls may wait on the
        system's keyring service, so they run in a worker thread."""
        ids = [c.id for c in self.store.list()]

        def look() -> tuple[bool, dict[str, str | None]]:
            return self.secrets.keychain_available, {i: self.secrets.locate(i) for i in ids}

        keychain, self._keys = await asyncio.to_thread(look)
        self.file_secrets.setVisible(not keychain and not self.secrets.file_store_enabled)
        self.refresh()

    def add_from_form(self) -> None:
        try:
            connection = self.form_connection()
        except ConnectionProblem as exc:
            self._form_error(str(exc))
            return
        if self.store.get(connection.id) is not None:
            self._form_error(f"A connection '{connection.id}' already exists; remove it first or pick another name.")
            return
        key = self.key_edit.text().strip()
        if not key and not connection.is_local:
            self._form_error(f"'{connection.base_url}' is not on this computer, so it needs an API key.")
            return
        self._form_error("")
        self.add_button.setEnabled(False)
        self._spawn(self._add(connection, key, self.file_secrets.isChecked()))

    async def _add(self, connection: Connection, key: str, use_file: bool) -> None:
        try:
            if key:
                if not await asyncio.to_thread(lambda: self.secrets.keychain_available):
                    if not use_file and not self.secrets.file_store_enabled:
                        self.file_secrets.show()
                        self._form_error("This computer has no keychain to keep the API key in. Tick the box "
                                         "above to keep keys in a file only you can read, or add the key later.")
                        return
                    self.secrets.enable_file_store()
                self.store.add(connection)
                try:
                    where = await asyncio.to_thread(self.secrets.set, connection.id, key)
                except SecretStoreError:
                    self.store.remove(connection.id)
                    raise
            else:
                self.store.add(connection)
                where = None
        except (ConnectionProblem, SecretStoreError) as exc:
            self._form_error(exc.message if isinstance(exc, SecretStoreError) else str(exc))
            return
        finally:
            self.add_button.setEnabled(True)
        kept = {"keychain": " Its API key is in the system keychain.",
                "file": f" Its API key is in {self.secrets.file_path} (readable only by you)."}.get(where or "", "")
        self._say(f"Added connection '{connection.id}' ({connection.base_url}).{kept}")
        for edit in (self.id_edit, self.url_edit, self.model_edit, self.key_edit):
            edit.clear()
        self.preset_box.setCurrentIndex(0)
        self._keys[connection.id] = where
        self.refresh(select=connection.id)
        self.connections_changed.emit()

    def selected_id(self) -> str:
        item = self.connections.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole) or "") if item is not None else ""

    def test_selected(self) -> None:
        connection = self.store.get(self.selected_id())
        if connection is None:
            return
        self.test_button.setEnabled(False)
        self._say(f"Testing '{connection.id}'…")
        self._spawn(self._test(connection))

    async def _test(self, connection: Connection) -> None:
        try:
            key = await asyncio.to_thread(load_api_key, connection, self.secrets)
            # An own client, closed here: its connections end on this loop, not when collected.
            async with httpx.AsyncClient(timeout=connection.http_timeout()) as client:
                result = await detect.check_connection(connection, key, client=client)
            self._say(result.message, ok=result.ok)
        except ProviderError as exc:
            self._say(exc.message, ok=False)
        finally:
            self._update_buttons()

    def remove_selected(self) -> None:
        connection_id = self.selected_id()
        if not connection_id or not self.store.remove(connection_id):
            return
        self._say(f"Removed connection '{connection_id}'.")
        self.refresh()
        self.connections_changed.emit()
        self._spawn(self._forget_key(connection_id))

    async def _forget_key(self, connection_id: str) -> None:
        try:
            await asyncio.to_thread(self.secrets.delete, connection_id)
        except SecretStoreError as exc:
            self._say(f"Removed connection '{connection_id}', but its key could not be forgotten: {exc.message}",
                      ok=False)

    def find_local_servers(self) -> None:
        self.detect_button.setEnabled(False)
        self._say("Looking for model servers on this computer…")
        self._spawn(self._find())

    async def _find(self) -> None:
        try:
            found = await detect.detect_local_servers(self.local_servers, host=self.probe_host)
        finally:
            self.detect_button.setEnabled(True)
        if not found:
            self._say("No model server answered on this computer (Ollama, LM Studio, llama.cpp, Jan, KoboldCpp).")
            return
        server = found[0]
        suggested = server.suggested_connection()
        self.preset_box.setCurrentIndex(max(self.preset_box.findData(server.preset), 0))
        self.id_edit.setText(suggested.id if self.store.get(suggested.id) is None else f"{suggested.id}-local")
        self.kind_box.setCurrentIndex(self.kind_box.findData(suggested.kind))
        self.url_edit.setText(suggested.base_url)
        self.model_edit.setText(suggested.default_model or "")
        others = "; also " + ", ".join(f"{s.label} at {s.base_url}" for s in found[1:]) if found[1:] else ""
        self._say(f"Found {server.label} at {server.base_url} with {len(server.models)} models; the form below is "
                  f"filled in for it — Add connection to keep it{others}.")

    # -- showing -------------------------------------------------------------------------------------
    def refresh(self, select: str = "") -> None:
        keep = select or self.selected_id()
        self.connections.clear()
        try:
            found = self.store.list()
        except Exception as exc:  # a store that cannot be read must not keep Settings from opening
            self.connections.addItem(f"(the connections could not be read: {exc})")
            found = []
        for c in found:
            where = {"keychain": "API key in the keychain", "file": "API key in the key file",
                     "environment": "API key from the environment"}.get(self._keys.get(c.id) or "", "")
            where = where or ("no key needed" if c.is_local else "no API key" if c.id in self._keys else "…")
            item = QListWidgetItem(f"{c.id}  ·  {c.default_model or 'no default model'}  ·  {c.base_url}  ·  {where}")
            item.setData(Qt.ItemDataRole.UserRole, c.id)
            self.connections.addItem(item)
            if c.id == keep:
                self.connections.setCurrentItem(item)
        if not found:
            self.connections.addItem("(none yet: add one below, or find a server on this computer)")
        self._update_buttons()

    def _update_buttons(self) -> None:
        chosen = bool(self.selected_id())
        self.test_button.setEnabled(chosen)
        self.remove_button.setEnabled(chosen)

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
        for task in list(self._tasks):
            task.cancel()
        super().done(result)
