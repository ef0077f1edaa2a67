"""The profile editor's section rail: one row per section, marked ⚠ where something needs fixing, following
the section at the top of the form. The strings keep the editor's translation context."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QListWidget, QWidget

from relay_studio.ui.profiles.sections.base import section_title

SECTIONS = ("Identity", "Model", "Delegation and handoff", "Tools", "System prompt", "Workspace", "Limits",
            "Raw JSON", "What the model sees")


class SectionRail(QListWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("SectionRail")
        self.setAccessibleName(QCoreApplication.translate("ProfileEditor", "Sections"))
        self.setFixedWidth(150)
        self.setWordWrap(True)
        for name in SECTIONS:
            self.addItem(section_title(name))

    def mark(self, with_problems: set[str]) -> None:
        for row, name in enumerate(SECTIONS):
            item = self.item(row)
            if item is not None:
                item.setText(f"{section_title(name)}  ⚠" if name in with_problems else section_title(name))
                item.setToolTip(QCoreApplication.translate("ProfileEditor", "Something here needs fixing")
                                if name in with_problems else "")

    def follow(self, value: int, groups: Mapping[str, QWidget]) -> None:
        """Marks the section at the top of the form (scrolled to ``value``) without moving the form."""
        row = 0
        for i, name in enumerate(SECTIONS):
            if groups[name].y() <= value + 8:
                row = i
        if row != self.currentRow():
            self.blockSignals(True)
            self.setCurrentRow(row)
            self.blockSignals(False)
