"""The codex's list as a Qt item model: the story library's entries grouped by type, with their mention counts.

A book's 1,000 entries were a ``QTreeWidget`` of 1,000 items built whole on every read of the library (and each
count set item by item); the model holds the entries read and answers only for the rows a view shows
(``QTreeView`` with uniform row heights asks for the visible ones). New counts change only the rows whose count
changed (``set_counts``), and a row's number is looked up when it is painted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from relay_studio.library.entries import BUILTIN_TYPES
from relay_studio.library.store import IndexedEntry
from relay_studio.ui import i18n
from relay_studio.ui.library.entry_types import type_label

PATH_ROLE = Qt.ItemDataRole.UserRole
#: more changed rows than this are told as one change of the layout: a tree told of a range of rows measures
#: every row of it (1,000 on a book: 40 to 50 ms on the GUI thread), after a layout change only those it shows
TOLD_ROWS = 64
_TOP = 0  # the internal id of a group's row; an entry's row carries its group's number plus one
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class Group:
    type: str
    entries: list[IndexedEntry]


class CodexModel(QAbstractItemModel):
    """Two columns: the entry (a group's row: its type and how many entries) and its mentions."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.groups: list[Group] = []
        self.counts: dict[str, int] = {}
        self._bold = QFont()
        self._bold.setBold(True)

    # -- what it holds -----------------------------------------------------------------------------
    def set_entries(self, items: list[IndexedEntry]) -> list[int]:
        """The entries, grouped by type in the order first met (the library's order); returns the rows of the groups
        a tree must open (new ones). Only what changed is told: a group whose files are the same tells the rows
        whose entry changed (an entry saved), a group whose files changed has its rows removed and inserted
        again (an import into it), a new type's group is inserted after the others. Only when groups went away or
        moved is the model reset (every group is then new). A reset made a book's tree of 1,000 rows lay out
        every row again after each save or import (20 to 30 ms on the GUI thread) and dropped its chosen row."""
        grouped: dict[str, list[IndexedEntry]] = {}
        for item in items:
            grouped.setdefault(item.entry.type, []).append(item)
        groups = [Group(kind, entries) for kind, entries in grouped.items()]
        old = list(self.groups)
        if [g.type for g in old] != [g.type for g in groups[:len(old)]]:
            self.beginResetModel()
            self.groups = groups
            self.endResetModel()
            return list(range(len(groups)))
        regrouped = [g for g, (before, after) in enumerate(zip(old, groups, strict=False))
                     if [i.path for i in before.entries] != [i.path for i in after.entries]]
        relaid = sum(len(old[g].entries) + len(groups[g].entries) for g in regrouped) > TOLD_ROWS
        if relaid:
            self._relayout(regrouped, groups)  # an import's hundreds of rows: one layout change, not a range
        for g, (before, after) in enumerate(zip(old, groups[:len(old)], strict=True)):
            if g in regrouped:
                if not relaid:
                    self._replace_rows(g, before, after)
                continue
            self.groups[g] = after
            changed = [r for r, (a, b) in enumerate(zip(before.entries, after.entries, strict=True)) if a != b]
            if changed:
                parent = self.index(g, 0)
                self.dataChanged.emit(self.index(changed[0], 0, parent), self.index(changed[-1], 1, parent))
        if len(groups) > len(old):
            self.beginInsertRows(QModelIndex(), len(old), len(groups) - 1)
            self.groups = self.groups + groups[len(old):]
            self.endInsertRows()
        return list(range(len(old), len(groups)))

    def _replace_rows(self, g: int, before: Group, after: Group) -> None:
        """A group whose files changed by a few: its rows removed and its new ones inserted."""
        parent = self.index(g, 0)
        if before.entries:
            self.beginRemoveRows(parent, 0, len(before.entries) - 1)
            self.groups[g] = Group(before.type, [])
            self.endRemoveRows()
        if after.entries:
            self.beginInsertRows(parent, 0, len(after.entries) - 1)
            self.groups[g] = after
            self.endInsertRows()
        self.dataChanged.emit(parent, self.index(g, 1))  # the group's number of entries

    def _relayout(self, regrouped: list[int], groups: list[Group]) -> None:
        """The groups at ``regrouped`` take their new entries in one layout change; a chosen (persistent) row
        follows its file to its new row, or goes when its file went. A tree told of a range of inserted rows
        measures every row of it (300 on an import); after a layout change only the rows it shows."""
        self.layoutAboutToBeChanged.emit()
        rows = {g: {item.path: r for r, item in enumerate(groups[g].entries)} for g in regrouped}
        for index in self.persistentIndexList():
            g = index.internalId() - 1
            if g in rows:
                path = self.groups[g].entries[index.row()].path if index.row() < len(self.groups[g].entries) else ""
                row = rows[g].get(path)
                self.changePersistentIndex(index, QModelIndex() if row is None else
                                           self.createIndex(row, index.column(), g + 1))
        for g in regrouped:
            self.groups[g] = groups[g]
        self.layoutChanged.emit()
        for g in regrouped:
            self.dataChanged.emit(self.index(g, 0), self.index(g, 1))  # the group's number of entries

    def set_counts(self, counts: dict[str, int]) -> None:
        """New mention counts: only the rows whose number changed are told (and their groups' totals); when more
        than ``TOLD_ROWS`` changed (a library's first counts), the layout is told once instead."""
        old = self.counts
        changed = [[r for r, item in enumerate(group.entries)
                    if old.get(item.entry.name) != counts.get(item.entry.name)] for group in self.groups]
        if sum(map(len, changed)) > TOLD_ROWS:
            self.layoutAboutToBeChanged.emit()
            self.counts = counts
            self.layoutChanged.emit()
            return
        self.counts = counts
        column = 1
        for g, rows in enumerate(changed):
            if rows:
                parent = self.index(g, 0)
                self.dataChanged.emit(self.index(rows[0], column, parent), self.index(rows[-1], column, parent))
            if rows or bool(old) != bool(counts):
                self.dataChanged.emit(self.index(g, column), self.index(g, column))

    def path_of(self, index: Index) -> str:
        return str(self.data(index, PATH_ROLE) or "")

    def index_of(self, path: str) -> QModelIndex:
        """The row of the entry with that file (an invalid index when none has it)."""
        for g, group in enumerate(self.groups):
            for r, item in enumerate(group.entries):
                if item.path == path:
                    return self.index(r, 0, self.index(g, 0))
        return QModelIndex()

    def entry_at(self, index: Index) -> IndexedEntry | None:
        group = index.internalId() - 1 if index.isValid() else -1
        if group < 0 or group >= len(self.groups) or index.row() >= len(self.groups[group].entries):
            return None
        return self.groups[group].entries[index.row()]

    # -- Qt's item model ---------------------------------------------------------------------------
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008 (Qt's default)
        # the bounds checked here, not by ``hasIndex`` (three calls back into Python): the tree asks for an index
        # per row of the library when counts arrive (its rows' heights), 1,000 on a book
        if row < 0 or not 0 <= column < 2:
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _TOP) if row < len(self.groups) else QModelIndex()
        group = parent.row()
        if (parent.internalId() != _TOP or parent.column() != 0 or group >= len(self.groups)
                or row >= len(self.groups[group].entries)):
            return QModelIndex()
        return self.createIndex(row, column, group + 1)

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == _TOP:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, _TOP)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self.groups)
        if parent.internalId() == _TOP and parent.column() == 0:
            return len(self.groups[parent.row()].entries)
        return 0

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 2

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (QCoreApplication.translate("CodexView", "Entry") if section == 0
                    else QCoreApplication.translate("CodexView", "Mentions"))
        if role == Qt.ItemDataRole.ToolTipRole and section == 1:
            return QCoreApplication.translate("CodexView", "Messages of this project's chats that mention the entry "
                                                           "(its name or an alias)")
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if index.internalId() == _TOP:
            return self._group_data(self.groups[index.row()], index.column(), role)
        item = self.entry_at(index)
        return None if item is None else self._entry_data(item, index.column(), role)

    def _group_data(self, group: Group, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                shown = type_label(group.type) if group.type in BUILTIN_TYPES else group.type.title()
                return f"{shown} ({len(group.entries)})"
            return str(sum(self.counts.get(i.entry.name, 0) for i in group.entries)) if self.counts else ""
        if role == Qt.ItemDataRole.FontRole and column == 0:
            return self._bold
        if role == PATH_ROLE and column == 0:
            return f"type:{group.type}"
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 1:
            return int(_RIGHT.value)
        return None

    def _entry_data(self, item: IndexedEntry, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return item.entry.name
            n = self.counts.get(item.entry.name)
            return "" if n is None else str(n)
        if role == Qt.ItemDataRole.ToolTipRole and column == 0:
            also = ", ".join(item.entry.aliases)
            return i18n.arg(QCoreApplication.translate("CodexView", "Also called %1"), also) if also else item.path
        if role == PATH_ROLE and column == 0:
            return item.path
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 1:
            return int(_RIGHT.value)
        return None


@dataclass(frozen=True)
class CodexRow:
    """One row of the codex as a test or a caller reads it: its text in a column, its entries (a group's)."""

    model: CodexModel
    index: QPersistentModelIndex

    def text(self, column: int) -> str:
        return str(self.model.data(self.model.index(self.index.row(), column, self.index.parent())) or "")

    def childCount(self) -> int:
        return self.model.rowCount(self.model.index(self.index.row(), 0, self.index.parent()))
