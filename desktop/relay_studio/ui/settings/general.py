"""The top of Settings: the theme, the window's language (applies at the next start), the creator's name in
stories (SillyTavern's {{user}}, ``studio.connections.set_persona_name``) and where data lives.

Signals:
    theme_changed(str name): system, light or dark.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from relay_studio.ui import i18n, theme
from relay_studio.ui.operations.connections import ConnectionOperations


class GeneralSettings(QWidget):
    theme_changed = Signal(str)

    def __init__(self, settings: QSettings, connections: ConnectionOperations, data_dir: Path,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.connections = connections
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
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
        self.persona_edit = QLineEdit(connections.persona_name())
        self.persona_edit.setObjectName("PersonaName")
        self.persona_edit.setMaxLength(connections.PERSONA_MAX_CHARS)
        self.persona_edit.setToolTip(self.tr("What {{user}} in SillyTavern character cards and World Info becomes "
                                             "in the agents' prompts and in the chat; the agents' own names take "
                                             "{{char}}"))
        self.persona_edit.editingFinished.connect(self._on_persona)
        form.addRow(self.tr("Your name in stories"), self.persona_edit)
        form.addRow(self.tr("Data folder"), QLabel(str(data_dir)))

    def _on_persona(self) -> None:
        """Stores the name (an empty one gives SillyTavern's "User" back) and shows it as stored."""
        self.persona_edit.setText(self.connections.set_persona_name(self.persona_edit.text()))

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
