"""Settings (Ctrl+,): the theme, the model connections this data folder knows, where data lives.

Connections are added and tested with ``relay-studio connections …`` for now; the dialog lists them.

Signals:
    theme_changed(str name): system, light or dark.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QListWidget,
    QVBoxLayout,
    QWidget,
)

from relay_studio.ui import theme
from relay_studio.ui.studio import Studio


class SettingsDialog(QDialog):
    theme_changed = Signal(str)

    def __init__(self, settings: QSettings, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("SettingsDialog")
        self.setWindowTitle("Settings")
        self.settings = settings
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
        layout.addWidget(QLabel("Model connections"))
        self.connections = QListWidget()
        for line in self._connections(studio):
            self.connections.addItem(line)
        layout.addWidget(self.connections)
        hint = QLabel("Add, test or remove connections with `relay-studio connections add|test|remove`.")
        hint.setObjectName("Muted")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    @staticmethod
    def _connections(studio: Studio) -> list[str]:
        try:
            from relay_studio.providers.connections import ConnectionStore

            found = ConnectionStore(studio.runtime.db).list()
        except Exception:  # the connections module may be missing or mid-migration: list nothing
            return ["(connections are not available)"]
        if not found:
            return ["(none yet)"]
        return [f"{c.id}" for c in found]
