"""Help → Keyboard shortcuts: every menu action that has a key, read from the menus themselves (so the list is
never out of date), and the keys of the composer, the patch dialog and the timeline that no menu shows."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMenu,
    QMenuBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)


def _keys_outside_menus() -> list[tuple[str, str]]:
    translate = QCoreApplication.translate
    return [
        (translate("Shortcuts", "Add a line in the message"), "Shift+Enter"),
        (translate("Shortcuts", "Stop the run (in the chat)"), "Esc"),
        (translate("Shortcuts", "Approve the change (patch dialog)"), "Ctrl+Enter"),
        (translate("Shortcuts", "Reject the change (patch dialog)"), "Ctrl+Backspace"),
        (translate("Shortcuts", "Zoom the timeline"), "Ctrl+" + translate("Shortcuts", "wheel")),
        (translate("Shortcuts", "Move to the next control; the arrows move within a list"), "Tab"),
    ]


def _menu_rows(menu: QMenu, path: str) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for action in menu.actions():
        sub = action.menu()
        title = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        if isinstance(sub, QMenu):
            rows += _menu_rows(sub, f"{path} → {title}")
        elif not action.isSeparator() and not action.shortcut().isEmpty():
            rows.append((f"{path} → {title}", action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)))
    return rows


def shortcut_rows(menu_bar: QMenuBar) -> list[tuple[str, str]]:
    """(what it does, its keys): the menus' actions in menu order, then the keys no menu shows."""
    rows: list[tuple[str, str]] = []
    for action in menu_bar.actions():
        menu = action.menu()
        if isinstance(menu, QMenu):
            rows += _menu_rows(menu, action.text().replace("&", ""))
    return rows + _keys_outside_menus()


class ShortcutsDialog(QDialog):
    def __init__(self, rows: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ShortcutsDialog")
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.resize(560, 520)
        layout = QVBoxLayout(self)
        self.table = QTableWidget(len(rows), 2)
        self.table.setAccessibleName(self.tr("Keyboard shortcuts"))
        self.table.setHorizontalHeaderLabels([self.tr("What it does"), self.tr("Keys")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        for row, (what, keys) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(what))
            self.table.setItem(row, 1, QTableWidgetItem(keys))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


def open_shortcuts(window: QWidget, menu_bar: QMenuBar) -> ShortcutsDialog:
    dialog = ShortcutsDialog(shortcut_rows(menu_bar), window)
    dialog.open()
    return dialog

