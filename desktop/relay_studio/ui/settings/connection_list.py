"""Settings' list of model connections (the default one starred, where each key is) and what can be done to
the chosen one: test it (a one-token request, on the loop), edit it in the form, make it the default
(agents bound to "the default connection" run on it), remove it and then forget its key (a worker thread).

Signals:
    edit_requested(Connection): Edit was pressed for this connection.
    removed(str connection_id): the connection is gone (its key is being forgotten).
    changed(): a connection was removed or became the default.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget

from relay_studio.providers.base import ProviderError
from relay_studio.providers.connections import Connection, ConnectionProblem
from relay_studio.providers.secrets import SecretStoreError
from relay_studio.ui import i18n
from relay_studio.ui.operations.connections import ConnectionOperations
from relay_studio.ui.settings.status import StatusLine
from relay_studio.ui.tasks import WidgetTasks


class ConnectionList(QWidget):
    edit_requested = Signal(Connection)
    removed = Signal(str)
    changed = Signal()

    def __init__(self, connections: ConnectionOperations, keys: dict[str, str | None], status: StatusLine,
                 tasks: WidgetTasks, parent: QWidget | None = None) -> None:
        """``keys``: where each connection's key is, as far as known yet (shared with the form)."""
        super().__init__(parent)
        self.connections = connections
        self.keys = keys
        self.status = status
        self._tasks = tasks
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel(self.tr("<b>Model connections</b>")))
        self.view = QListWidget()
        self.view.setObjectName("Connections")
        self.view.currentRowChanged.connect(lambda _r: self._update_buttons())
        layout.addWidget(self.view, 1)
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

    def selected_id(self) -> str:
        item = self.view.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole) or "") if item is not None else ""

    # -- actions on the chosen connection --------------------------------------------------------------
    def edit_selected(self) -> None:
        connection = self.connections.get(self.selected_id())
        if connection is not None:
            self.edit_requested.emit(connection)

    def make_selected_default(self) -> None:
        connection_id = self.selected_id()
        if not connection_id:
            return
        try:
            self.connections.make_default(connection_id)
        except ConnectionProblem as exc:
            self.status.say(str(exc), ok=False)
            return
        self.status.say(i18n.arg(self.tr("'%1' is now the default connection: agents set to use the default run "
                                         "on it."), connection_id))
        self.refresh()
        self.changed.emit()

    def test_selected(self) -> None:
        connection = self.connections.get(self.selected_id())
        if connection is None:
            return
        self.test_button.setEnabled(False)
        self.status.say(i18n.arg(self.tr("Testing '%1'…"), connection.id))
        self._tasks.spawn(self._test(connection))

    async def _test(self, connection: Connection) -> None:
        try:
            result = await self.connections.check(connection)
            self.status.say(result.message, ok=result.ok)
        except ProviderError as exc:
            self.status.say(exc.message, ok=False)
        finally:
            self._update_buttons()

    def remove_selected(self) -> None:
        connection = self.connections.remove(self.selected_id())
        if connection is None:
            return
        self.removed.emit(connection.id)
        default = self.connections.default_id()
        self.status.say(i18n.arg(self.tr("Removed connection '%1'."), connection.id)
                        + (i18n.arg(self.tr(" The default connection is now '%1'."), default) if default else ""))
        self.refresh()
        self.changed.emit()
        self._tasks.spawn(self._forget_key(connection))

    async def _forget_key(self, connection: Connection) -> None:
        try:
            await self.connections.forget_key(connection)
        except SecretStoreError as exc:
            self.status.say(i18n.arg(self.tr("Removed connection '%1', but its key could not be forgotten: %2"),
                                     connection.id, exc.message), ok=False)

    # -- showing ---------------------------------------------------------------------------------------
    def refresh(self, select: str = "") -> None:
        keep = select or self.selected_id()
        self.view.clear()
        try:
            found = self.connections.all()
        except Exception as exc:  # a store that cannot be read must not keep Settings from opening
            self.view.addItem(i18n.arg(self.tr("(the connections could not be read: %1)"), exc))
            found = []
        default = self.connections.default_id() if found else None
        for c in found:
            where = {"keychain": self.tr("API key in the keychain"), "file": self.tr("API key in the key file"),
                     "environment": self.tr("API key from the environment")}.get(self.keys.get(c.id) or "", "")
            where = where or (self.tr("no key needed") if c.is_local else self.tr("no API key") if c.id in self.keys
                              else "…")
            mark = "★ " if c.id == default else ""
            tail = self.tr("  ·  default") if c.id == default else ""
            model = c.default_model or self.tr("model: the first the server lists")
            item = QListWidgetItem(f"{mark}{c.id}  ·  {model}  ·  {c.base_url}  ·  {where}{tail}")
            item.setToolTip(self.tr("The default connection: agents set to use the default run on it")
                            if c.id == default else "")
            item.setData(Qt.ItemDataRole.UserRole, c.id)
            self.view.addItem(item)
            if c.id == keep:
                self.view.setCurrentItem(item)
        if not found:
            self.view.addItem(self.tr("(none yet: add one below, or find a server on this computer)"))
        self._update_buttons()

    def _update_buttons(self) -> None:
        chosen = self.selected_id()
        for button in (self.test_button, self.edit_button, self.remove_button):
            button.setEnabled(bool(chosen))
        self.default_button.setEnabled(bool(chosen) and chosen != self.connections.default_id())
