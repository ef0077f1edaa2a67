"""The codex's keys of one entry (issue 25): each name it is known by, with a tick to turn it off without
deleting it, "matches common words" beside the broad ones, and SillyTavern's secondary keys with their
logic (``library/keys.py``)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QSizePolicy, QVBoxLayout, QWidget

from relay_studio.library.entries import LibraryEntry
from relay_studio.library.keys import LOGIC_NAMES, is_broad, secondary_keys, selective_logic
from relay_studio.ui import i18n
from relay_studio.ui.library import named

KEY_ROLE = Qt.ItemDataRole.UserRole


class KeysView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.list = named(QListWidget(), "EntryKeys")
        self.list.setToolTip(self.tr("Untick a key to stop it counting as a mention; it stays with the entry"))
        self.list.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.broad = named(QLabel(), "EntryBroadKeys")
        self.broad.setWordWrap(True)
        self.secondary = named(QLabel(), "EntrySecondaryKeys")
        self.secondary.setWordWrap(True)
        layout.addWidget(self.list)
        layout.addWidget(self.broad)
        layout.addWidget(self.secondary)
        for label in (self.broad, self.secondary):  # as tall as their text, never stretched
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

    def show_keys(self, aliases: list[str], off: list[str]) -> None:
        """One row per key (ticked unless turned off); the broad ones say so."""
        turned_off = {k.casefold() for k in off}
        self.list.clear()
        broad: list[str] = []
        for key in aliases:
            wide = is_broad(key)
            label = i18n.arg(self.tr("%1 — matches common words"), key) if wide else key
            item = QListWidgetItem(label)
            item.setData(KEY_ROLE, key)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked if key.casefold() in turned_off else Qt.CheckState.Checked)
            self.list.addItem(item)
            if wide and key.casefold() not in turned_off:
                broad.append(key)
        self.list.setVisible(bool(aliases))
        rows = min(max(len(aliases), 1), 5)  # up to five rows shown, then it scrolls
        self.list.setFixedHeight(rows * max(self.list.sizeHintForRow(0), self.list.fontMetrics().height() + 2)
                                 + 2 * self.list.frameWidth())
        self.broad.setText(i18n.arg(self.tr("⚠ These keys match common words and mark every use of them in every "
                                            "chat: %1. Untick them to turn them off."), ", ".join(broad))
                           if broad else "")
        self.broad.setVisible(bool(broad))

    def show_secondary(self, entry: LibraryEntry) -> None:
        keys = secondary_keys(entry)
        self.secondary.setText(i18n.arg(self.tr("Only when the text also has (%1): %2"),
                                        LOGIC_NAMES[selective_logic(entry)], ", ".join(keys)) if keys else "")
        self.secondary.setVisible(bool(keys))

    def off(self) -> list[str]:
        """The keys turned off (unticked)."""
        out: list[str] = []
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item is not None and item.checkState() == Qt.CheckState.Unchecked:
                out.append(str(item.data(KEY_ROLE)))
        return out
