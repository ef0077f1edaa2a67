"""Settings (Ctrl+,): the theme, the creator's name in stories (SillyTavern's {{user}}), where data lives,
and the model connections: add, edit in place, test,
remove, choose the default one (agents bound to "the default connection" run on it), pick a model from
the server's own list, and find model servers running on this computer (on their usual ports and any
the creator types).

The dialog assembles its parts, each a module of ``ui/settings/``: ``general`` (theme, language, name,
data folder), ``connection_list`` (the connections and Test, Edit, Make default, Remove), ``local_servers``
(Find local servers), ``status`` (the sentence saying how an action went) and ``connection_form`` (Add a
connection, or edit one; its headers in ``headers``). They all talk to ``studio.connections`` alone.

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

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QVBoxLayout, QWidget

from relay_studio.providers import detect
from relay_studio.providers.connections import Connection
from relay_studio.ui.settings.connection_form import ConnectionForm
from relay_studio.ui.settings.connection_list import ConnectionList
from relay_studio.ui.settings.general import GeneralSettings
from relay_studio.ui.settings.local_servers import LocalServerFinder
from relay_studio.ui.settings.status import StatusLine
from relay_studio.ui.studio import Studio
from relay_studio.ui.tasks import WidgetTasks


class SettingsDialog(QDialog):
    theme_changed = Signal(str)
    connections_changed = Signal()

    def __init__(self, settings: QSettings, studio: Studio, parent: QWidget | None = None, *,
                 secrets: object | None = None) -> None:
        """``secrets``: a ``SecretStore`` to keep keys in instead of the system's (tests: in memory, or none)."""
        super().__init__(parent)
        self.setObjectName("SettingsDialog")
        self.setWindowTitle(self.tr("Settings"))
        self.resize(720, 640)
        self.settings = settings
        self.studio = studio
        connections = studio.connections if secrets is None else studio.connections.keeping_secrets_in(secrets)
        self._tasks = WidgetTasks()
        self._keys: dict[str, str | None] = {}  # where each connection's key is, looked up in a worker thread

        layout = QVBoxLayout(self)
        self.general = GeneralSettings(settings, connections, studio.data_dir)
        self.general.theme_changed.connect(self.theme_changed)
        layout.addWidget(self.general)
        self.result_label = StatusLine()
        self.connection_list = ConnectionList(connections, self._keys, self.result_label, self._tasks)
        layout.addWidget(self.connection_list, 1)
        self.finder = LocalServerFinder(connections, self.result_label, self._tasks)
        layout.addWidget(self.finder)
        layout.addWidget(self.result_label)
        self.form = ConnectionForm(connections, self._keys, self.result_label, self._tasks)
        layout.addWidget(self.form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

        self.connection_list.edit_requested.connect(self.form.edit)
        self.connection_list.removed.connect(self._on_removed)
        self.connection_list.changed.connect(self.connections_changed)
        self.finder.found.connect(self.form.fill_from)
        self.form.saved.connect(self._on_saved)
        self._connections = connections
        self._name_the_parts()
        self.refresh()
        self._tasks.spawn(self._look_for_keys())

    def _name_the_parts(self) -> None:
        """The parts' controls and actions under the names they had when this was one class (tests use them)."""
        general, listed, finder, form = self.general, self.connection_list, self.finder, self.form
        self.theme_box, self.language_box = general.theme_box, general.language_box
        self.language_note, self.persona_edit = general.language_note, general.persona_edit
        self.connections = listed.view
        self.test_button, self.edit_button = listed.test_button, listed.edit_button
        self.default_button, self.remove_button = listed.default_button, listed.remove_button
        self.detect_button, self.ports_edit = finder.detect_button, finder.ports_edit
        self.form_box = form
        self.preset_box, self.id_edit, self.kind_box, self.url_edit = (form.preset_box, form.id_edit, form.kind_box,
                                                                       form.url_edit)
        self.model_box, self.model_edit, self.list_models_button = form.model_box, form.model_edit, \
            form.list_models_button
        self.key_edit, self.headers, self.file_secrets = form.key_edit, form.headers, form.file_secrets
        self.add_error, self.add_button, self.cancel_edit_button = form.add_error, form.add_button, \
            form.cancel_edit_button
        self.test_selected, self.edit_selected = listed.test_selected, listed.edit_selected
        self.make_selected_default, self.remove_selected = listed.make_selected_default, listed.remove_selected
        self.selected_id = listed.selected_id
        self.find_local_servers = finder.find_local_servers
        self.add_from_form, self.list_form_models = form.add_from_form, form.list_form_models
        self.reset_form, self.form_connection = form.reset_form, form.form_connection

    @property
    def status(self) -> str:
        """The sentence the last action said."""
        return self.result_label.text()

    @property
    def editing(self) -> Connection | None:
        return self.form.editing

    @property
    def local_servers(self) -> tuple[detect.LocalServer, ...]:
        return self.finder.local_servers

    @local_servers.setter
    def local_servers(self, servers: tuple[detect.LocalServer, ...]) -> None:
        self.finder.local_servers = servers

    @property
    def probe_host(self) -> str:
        return self.finder.probe_host

    @probe_host.setter
    def probe_host(self, host: str) -> None:
        self.finder.probe_host = host

    async def wait_idle(self) -> None:
        """Until every test, probe and keychain call started here has finished (tests, closing)."""
        await self._tasks.wait_idle()

    async def _look_for_keys(self) -> None:
        """Whether a keychain exists and where each connection's key is (``studio.connections.look_for_keys``:
        on a worker thread, moving header values an older version stored plain to the secret store)."""
        places = await self._connections.look_for_keys()
        self._keys.clear()
        self._keys.update(places.keys)
        self.file_secrets.setVisible(not places.keychain and not places.key_file_chosen)
        self.refresh()

    def refresh(self, select: str = "") -> None:
        self.connection_list.refresh(select)

    def _on_saved(self, connection_id: str) -> None:
        self.refresh(select=connection_id)
        self.connections_changed.emit()

    def _on_removed(self, connection_id: str) -> None:
        if self.form.editing is not None and self.form.editing.id == connection_id:
            self.form.reset_form()

    def done(self, result: int) -> None:
        self._tasks.cancel_all()
        super().done(result)
