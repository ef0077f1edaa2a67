"""The profile editor's section rail: one row per section, marked ⚠ where something needs fixing, following
the section at the top of the form. The strings keep the editor's translation context."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication, QItemSelectionModel
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
        self._held: tuple[int, int] | None = None  # (row, scroll value) of the creator's last click

    def mark(self, with_problems: set[str]) -> None:
        for row, name in enumerate(SECTIONS):
            item = self.item(row)
            if item is not None:
                item.setText(f"{section_title(name)}  ⚠" if name in with_problems else section_title(name))
                item.setToolTip(QCoreApplication.translate("ProfileEditor", "Something here needs fixing")
                                if name in with_problems else "")

    def hold(self, row: int, value: int) -> None:
        """The creator chose ``row``; the form scrolls to ``value`` for it. While the form stays there the rail
        keeps that row, even when the form cannot bring the section to its top (a short last section): marking
        the section at the top instead left the clicked row selected and another one current, two highlights."""
        self._held = (row, value)

    def follow(self, value: int, groups: Mapping[str, QWidget], at_end: bool = False) -> None:
        """Marks the section at the top of the form (scrolled to ``value``) without moving the form; at the end of
        the form, the last section (it cannot reach the top); after a click, the clicked one while the form
        stays where that click scrolled it."""
        held = self._held
        if held is not None and held[1] == value:
            row = held[0]
        else:
            self._held = None
            row = len(SECTIONS) - 1 if at_end else 0
            for i, name in enumerate(SECTIONS):
                if not at_end and groups[name].y() <= value + 8:
                    row = i
        if row != self.currentRow() or [self.row(i) for i in self.selectedItems()] != [row]:
            self.blockSignals(True)
            self.setCurrentRow(row, QItemSelectionModel.SelectionFlag.ClearAndSelect)
            self.blockSignals(False)
