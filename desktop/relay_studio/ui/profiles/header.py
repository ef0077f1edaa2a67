"""The profile editor's header: the agent's name with its state (built-in, not saved yet, changed), the
buttons (Duplicate, Import, Export, Delete, Save, Close) and the read-only banner. The editor connects the
buttons; the header shows what the editor tells it. The strings keep the editor's translation context."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from relay_studio.ui.flow_layout import flow_row


class EditorHeader(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        rows = QVBoxLayout(self)
        rows.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel()
        self.title.setObjectName("MessageAuthor")
        # On its own row, and never wider than the editor (the docks beside it would shrink).
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        rows.addWidget(self.title)
        self.duplicate_button = QPushButton(QCoreApplication.translate("ProfileEditor", "Duplicate"))
        self.import_button = QPushButton(QCoreApplication.translate("ProfileEditor", "Import…"))
        self.export_button = QPushButton(QCoreApplication.translate("ProfileEditor", "Export…"))
        self.delete_button = QPushButton(QCoreApplication.translate("ProfileEditor", "Delete"))
        self.save_button = QPushButton(QCoreApplication.translate("ProfileEditor", "Save"))
        self.save_button.setDefault(True)
        self.save_button.setToolTip(QCoreApplication.translate("ProfileEditor", "Save (Ctrl+S)"))
        self.close_button = QPushButton(QCoreApplication.translate("ProfileEditor", "Close"))
        # a row that wraps: in German or Japanese the six buttons are wider than the editor in a 1000 px window
        rows.addWidget(flow_row(self.duplicate_button, self.import_button, self.export_button, self.delete_button,
                                self.save_button, self.close_button))
        self.banner = QLabel()
        self.banner.setObjectName("ConnectionHint")
        self.banner.setWordWrap(True)
        rows.addWidget(self.banner)

    def show_state(self, name: str, *, read_only: bool, saved: bool, dirty: bool, can_save: bool) -> None:
        """The title's suffix and the Save button: "Saved" (disabled) when nothing changed since saving."""
        if read_only:
            suffix = QCoreApplication.translate("ProfileEditor", " · built-in, read-only")
        elif not saved:
            suffix = QCoreApplication.translate("ProfileEditor", " · not saved yet")
        elif dirty:
            suffix = QCoreApplication.translate("ProfileEditor", " · changed")
        else:
            suffix = ""
        self.title.setText((name or QCoreApplication.translate("ProfileEditor", "Untitled agent")) + suffix)
        if dirty or not saved:
            self.save_button.setText(QCoreApplication.translate("ProfileEditor", "Save"))
            self.save_button.setEnabled(can_save)
        else:
            saved_text = QCoreApplication.translate("ProfileEditor", "Saved")
            save_text = QCoreApplication.translate("ProfileEditor", "Save")
            self.save_button.setText(saved_text if not read_only else save_text)
            self.save_button.setEnabled(False)

    def show_read_only(self, read_only: bool, saved: bool) -> None:
        """The banner of a built-in (Duplicate to edit it), and what can be deleted or duplicated."""
        self.banner.setText(QCoreApplication.translate(
            "ProfileEditor", "A built-in profile is read-only. Duplicate it to make your own version.")
            if read_only else "")
        self.banner.setVisible(read_only)
        self.delete_button.setEnabled(not read_only and saved)
        self.duplicate_button.setEnabled(saved or read_only)
