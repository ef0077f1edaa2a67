"""Settings' "Find local servers": probes the usual ports of Ollama, LM Studio, llama.cpp, KoboldCpp, Jan and
vLLM on this computer, and any port the creator types (``studio.connections.find_local_servers``, a
coroutine on the loop), says which ports it tried and hands the first server found to the form.

Signals:
    found(DetectedServer): the first server that answered (the form fills itself in for it).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QPushButton, QWidget

from relay_studio.providers import detect
from relay_studio.ui import i18n
from relay_studio.ui.operations.connections import ConnectionOperations
from relay_studio.ui.settings.status import StatusLine
from relay_studio.ui.tasks import WidgetTasks


class LocalServerFinder(QWidget):
    found = Signal(detect.DetectedServer)

    def __init__(self, connections: ConnectionOperations, status: StatusLine, tasks: WidgetTasks,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.connections = connections
        self.status = status
        self._tasks = tasks
        #: the usual servers and the host they are looked for on (tests probe their own loopback server)
        self.local_servers: tuple[detect.LocalServer, ...] = detect.LOCAL_SERVERS
        self.probe_host = "127.0.0.1"
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
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
        row.addWidget(self.detect_button)
        row.addWidget(self.ports_edit, 1)

    def find_local_servers(self) -> None:
        try:
            extra = [int(part) for part in self.ports_edit.text().replace(",", " ").split()]
            servers = detect.servers_to_probe(extra, self.local_servers)
        except ValueError:
            self.status.say(i18n.arg(self.tr("'%1' is not a list of port numbers (1-65535), e.g. 9000 8081."),
                                     self.ports_edit.text().strip()), ok=False)
            return
        self.detect_button.setEnabled(False)
        self.status.say(self.tr("Looking for model servers on this computer…"))
        self._tasks.spawn(self._find(servers))

    async def _find(self, servers: tuple[detect.LocalServer, ...]) -> None:
        try:
            found = await self.connections.find_local_servers(servers, host=self.probe_host)
        finally:
            self.detect_button.setEnabled(True)
        tried = i18n.arg(self.tr("Tried ports %1."), detect.ports_tried(servers))
        if not found:
            self.status.say(self.tr("No model server answered on this computer.") + " " + tried)
            return
        server = found[0]
        self.found.emit(server)
        others = i18n.arg(self.tr("; also %1"), ", ".join(i18n.arg(self.tr("%1 at %2"), s.label, s.base_url)
                                                         for s in found[1:])) if found[1:] else ""
        self.status.say(i18n.arg(self.tr("Found %1 at %2 with %n model(s); the form below is filled in for it — Add "
                                         "connection to keep it%3.", "", len(server.models)), server.label,
                                 server.base_url, others) + " " + tried)
