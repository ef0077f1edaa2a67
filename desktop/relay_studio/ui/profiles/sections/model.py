"""The Model section: the connection (the creator's connections and "The default connection"), the
model (the names the chosen server lists, fetched on the qasync loop, or whatever is typed), and the
sampling settings."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from PySide6.QtWidgets import QComboBox

from relay_studio.providers.base import ProviderError
from relay_studio.ui import i18n
from relay_studio.ui.profiles.sections.base import Section, optional_number
from relay_studio.ui.profiles.sections.host import EditorHost
from relay_studio.ui.tasks import WidgetTasks

#: The Connection field's choices that are not a named connection: (mode, connection).
DEFAULT_CHOICE = ("default", None)
UNSET_CHOICE = ("requiresConfiguration", None)


class ModelSection(Section):
    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor, "Model")
        self._tasks = WidgetTasks()
        self._models_generation = 0
        self.connection_box = QComboBox()
        self.connection_box.setObjectName("ConnectionChoice")
        self.connection_box.currentIndexChanged.connect(self._on_connection_chosen)
        self._loader(self._load_connections)
        connection_field = self._row(self.tr("Connection"), "model.connection", self.connection_box,
                                     self.tr("Where the model runs: one of your connections (Settings → "
                                             "Connections), or whichever connection is the default."))
        editor.fields["model.mode"] = connection_field
        self.model_box = QComboBox()
        self.model_box.setObjectName("ModelChoice")
        self.model_box.setEditable(True)
        self.model_box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.model_box.editTextChanged.connect(self._on_model_typed)
        self._loader(self._load_model)
        self._row(self.tr("Model"), "model.model", self.model_box,
                  self.tr("Pick one of the models the server offers, or type a name."))
        self._line(self.tr("Temperature"), "model.temperature", convert=lambda t: optional_number(t, float),
                   placeholder=self.tr("default"), tip=self.tr("0 = predictable, 2 = adventurous (model.temperature)"))
        self._line(self.tr("Longest answer (tokens)"), "model.maxTokens", convert=lambda t: optional_number(t, int),
                   placeholder=self.tr("default"), tip="model.maxTokens")
        self.tool_choice = self._combo(
            self.tr("Using its tools"), "model.toolChoice",
            [(self.tr("When it decides"), "auto"), (self.tr("At every step"), "required"),
             (self.tr("Never call tools"), "none")],
            tip="model.toolChoice: auto, required or none")
        self._spin(self.tr("Retries"), "model.maxRetries", 0, 10, tip=self.tr("model.maxRetries: tries again after a "
                   "server error that may pass"))

    def _choice(self) -> tuple[str, str | None]:
        form = self.editor.form
        mode = str(form.get("model.mode") or "requiresConfiguration")
        connection = form.get("model.connection")
        if mode == "connection":
            return mode, str(connection or "")
        return (mode, None)

    @staticmethod
    def _choice_key(mode: str, connection: str | None) -> str:
        """The Connection field's item data: "default", "requiresConfiguration" or "connection:<id>"."""
        return f"connection:{connection}" if mode == "connection" else mode

    def _load_connections(self) -> None:
        choices = self.editor.connections()
        combo = self.connection_box
        combo.clear()
        combo.addItem(i18n.arg(self.tr("The default connection (now %1)"), choices.default_id) if choices.default_id
                      else self.tr("The default connection"), self._choice_key(*DEFAULT_CHOICE))
        for cid in choices.ids:
            combo.addItem(i18n.arg(self.tr("%1 (default)"), cid) if cid == choices.default_id else cid,
                          self._choice_key("connection", cid))
        mode, connection = self._choice()
        if mode == "connection" and connection and connection not in choices.ids:
            combo.addItem(i18n.arg(self.tr("%1 (not on this "
                                           "computer)"), connection), self._choice_key(mode, connection))
        combo.addItem(self.tr("Not chosen yet (it cannot run)"), self._choice_key(*UNSET_CHOICE))
        combo.setCurrentIndex(max(combo.findData(self._choice_key(mode, connection)), 0))

    def _on_connection_chosen(self, _index: int) -> None:
        editor = self.editor
        if editor.loading or editor.read_only:
            return
        key = str(self.connection_box.currentData() or "")
        mode, _sep, connection = key.partition(":")
        updates: dict[str, Any] = {"model.mode": mode, "model.connection": connection or None}
        own_default = editor.connections().default_models.get(connection)
        if mode == "connection" and own_default and not str(editor.form.get("model.model") or "").strip():
            updates["model.model"] = own_default  # a named connection needs a model: start from its own
        editor.set_fields(updates, anchor=self.connection_box)
        loading, editor.loading = editor.loading, True
        try:
            self._load_model()
        finally:
            editor.loading = loading
        self.fetch_models()

    def connection_warning(self) -> str:
        mode, connection = self._choice()
        if mode == "requiresConfiguration":
            return self.tr("This agent cannot run until you choose a connection.")
        choices = self.editor.connections()
        if mode == "connection" and connection and connection not in choices.ids:
            return i18n.arg(self.tr("There is no connection “%1” on this computer: runs of this agent will fail. "
                                    "Choose another, or add it in Settings → Connections."), connection)
        if mode == "default" and not choices.ids:
            return self.tr("You have no connection yet: add one in Settings → Connections, and this agent will use "
                           "it.")
        return ""

    def _load_model(self) -> None:
        mode, _connection = self._choice()
        line = self.model_box.lineEdit()
        if line is not None:
            line.setPlaceholderText(self.tr("the connection's own default model") if mode == "default"
                                   else self.tr("e.g. qwen3:8b"))
        self.model_box.setEditText(str(self.editor.form.get("model.model") or ""))

    def _on_model_typed(self, text: str) -> None:
        if self.editor.loading:
            return
        self.editor.set_field("model.model", text.strip() or None, anchor=self.model_box)

    def fetch_models(self) -> None:
        """Asks the chosen connection's server for its models, on the loop; a later choice wins."""
        self._models_generation += 1
        mode, connection = self._choice()
        box = self.editor.fields["model.model"]
        if self.editor.models_source is None or mode == "requiresConfiguration" or self.editor.read_only:
            box.show_note("")
            return
        choices = self.editor.connections()
        if (mode == "connection" and connection not in choices.ids) or (mode == "default" and not choices.default_id):
            box.show_note("")
            return
        box.show_note(self.tr("Asking the server which models it offers…"))
        target = connection if mode == "connection" else choices.default_id
        self._spawn(self._load_server_models(self._models_generation, target or ""))

    async def _load_server_models(self, generation: int, connection: str) -> None:
        models_source = self.editor.models_source
        assert models_source is not None
        try:
            names = await models_source(connection)
        except ProviderError as exc:
            if generation == self._models_generation:
                self.editor.fields["model.model"].show_note(i18n.arg(self.tr(
                    "The models could not be listed: %1 You can still type a model's name."), exc.message))
            return
        if generation != self._models_generation:
            return
        typed = self.model_box.currentText()
        loading, self.editor.loading = self.editor.loading, True
        try:
            self.model_box.clear()
            self.model_box.addItems(names)
            self.model_box.setEditText(typed)
        finally:
            self.editor.loading = loading
        self.editor.fields["model.model"].show_note(
            self.tr("The server offers %n model(s): pick one from the list, or type a name.", "", len(names))
            if names else self.tr("The server lists no models; type a model's name."))

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
        return self._tasks.spawn(coro)

    async def wait_idle(self) -> None:
        """Until every model listing started here has finished (tests, closing)."""
        await self._tasks.wait_idle()
