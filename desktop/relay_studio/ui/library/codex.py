"""The codex: the story library's entries by type with their mention counts, and the entry editor;
Import… (character cards PNG/JSON/CHARX, World Info JSON, entry files; several at once) and Export World
Info….

Import reads and checks the files off the GUI thread (``Studio.library.read_files``; the mention counts are
read and counted off it too, each on a ``BackgroundReads`` lane: ``ui/background.py``; the counts are kept
incrementally, ``counts.MentionTally``: a chat change or a run's end matches only the new messages); then an
``ImportFlow`` (``ui/library/import_flow.py``) asks about entries that differ from ones there, adds each
file's entries on the GUI thread (``Studio.library.add_entries``, small writes), all or nothing per file,
and only then asks whether to make agents that play the cards' characters. A refused file's sentence is
shown; the other files import. Dialogs are opened, never exec'd.

Signals (CodexView):
    import_finished(list[str] lines): what the import said, one line per file.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from relay_studio.library.entries import BUILTIN_TYPES, LibraryEntry, LibraryError, Tracking
from relay_studio.library.store import IndexedEntry, LibraryProblem
from relay_studio.ui import file_dialogs, i18n
from relay_studio.ui.background import BackgroundReads, Outcome
from relay_studio.ui.flow_layout import flow_row
from relay_studio.ui.library import first_column_stretches, named
from relay_studio.ui.library.counts import MentionTally
from relay_studio.ui.library.entry_types import type_key, type_label, type_labels
from relay_studio.ui.library.import_flow import ImportFlow
from relay_studio.ui.library.keys_view import KeysView

if TYPE_CHECKING:
    from relay_studio.ui.studio import Studio

PATH_ROLE = Qt.ItemDataRole.UserRole


def _set_text(item: QTreeWidgetItem, text: str, align: Qt.AlignmentFlag) -> None:
    if item.text(1) != text:
        item.setText(1, text)
        item.setTextAlignment(1, align)


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


class EntryEditor(QWidget):
    """One entry's fields; ``entry()`` builds the entry they describe (the card data kept)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.original: IndexedEntry | None = None
        form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.name = named(QLineEdit(), "EntryName")
        self.type = named(QComboBox(), "EntryType")
        self.type.setEditable(True)
        self.type.setAccessibleName(self.tr("Type"))
        line = self.type.lineEdit()
        if line is not None:
            line.setAccessibleName(self.tr("Type"))
        self.type.addItems(type_labels())
        self.aliases = named(QLineEdit(placeholderText=self.tr("Other names, separated by commas")), "EntryAliases")
        self.tags = named(QLineEdit(placeholderText=self.tr("Tags, separated by commas")), "EntryTags")
        self.description = named(QPlainTextEdit(), "EntryDescription")
        self.description.setPlaceholderText(self.tr("What the agents read when the entry is mentioned"))
        self.notes = named(QPlainTextEdit(), "EntryNotes")
        for field in (self.description, self.notes):
            field.setTabChangesFocus(True)  # Tab goes on to the next field, as in the rest of the window
        self.notes.setPlaceholderText(self.tr("Only for you: the agents never see these notes"))
        self.notes.setMaximumHeight(70)
        self.description.setMinimumHeight(110)
        self.description.setMaximumHeight(160)
        self.case_sensitive = named(QCheckBox(self.tr("Match case")), "EntryCaseSensitive")
        self.exclude = named(QLineEdit(placeholderText=self.tr("Phrases that are not mentions, separated by "
                                                                                    "commas")),
                             "EntryExclude")
        self.always = named(QCheckBox(self.tr("Always give it to the agents")), "EntryAlwaysInclude")
        self.always.setToolTip(self.tr("alwaysInclude: in every stage's prompt, mentioned or not (first within the "
                                       "budget)"))
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Type"), self.type)
        form.addRow(self.tr("Also called"), self.aliases)
        self.keys = KeysView()
        form.addRow(self.tr("Keys"), self.keys)
        self.form = form
        self.aliases.editingFinished.connect(self._show_keys)
        form.addRow(self.tr("Tags"), self.tags)
        form.addRow(self.tr("Description"), self.description)
        form.addRow(self.tr("Private notes"), self.notes)
        form.addRow(self.tr("Tracking"), self.case_sensitive)
        form.addRow(self.tr("Not a mention"), self.exclude)
        form.addRow("", self.always)
        self.actions_row = QWidget()  # below the scrolled form, so Save is always in reach
        buttons = QHBoxLayout(self.actions_row)
        buttons.setContentsMargins(0, 4, 0, 0)
        self.save_button = named(QPushButton(self.tr("Save")), "EntrySave")
        self.save_button.setToolTip(self.tr("Write the entry's file (Ctrl+S)"))
        self.delete_button = named(QPushButton(self.tr("Delete…")), "EntryDelete")
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.delete_button)
        self.message = named(QLabel(), "EntryMessage")
        self.message.setWordWrap(True)
        # CJK text may break after any character: without a floor the buttons squeeze it to a column
        self.message.setMinimumWidth(self.message.fontMetrics().horizontalAdvance("M" * 8))
        buttons.addWidget(self.message, 1)
        self.load(None)

    def load(self, item: IndexedEntry | None, kind: str = "character") -> None:
        self.original = item
        entry = item.entry if item else LibraryEntry(type=kind, name="")
        self.name.setText(entry.name)
        self.type.setCurrentText(type_label(entry.type))
        self.aliases.setText(", ".join(entry.aliases))
        self.keys.show_secondary(entry)
        self._show_keys(entry.tracking.off)
        self.tags.setText(", ".join(entry.tags))
        self.description.setPlainText(entry.description)
        self.notes.setPlainText(entry.notes)
        self.case_sensitive.setChecked(entry.tracking.case_sensitive)
        self.exclude.setText(", ".join(entry.tracking.exclude))
        self.always.setChecked(entry.always_include)
        self.delete_button.setEnabled(item is not None)
        self.message.setText(i18n.arg(self.tr("File: %1"), item.path) if item
                             else self.tr("A new entry: fill in a name and Save."))

    def _show_keys(self, off: list[str] | None = None) -> None:
        """The Keys row for the aliases typed (hidden while there are none and no secondary keys)."""
        aliases = _split(self.aliases.text())
        self.keys.show_keys(aliases, self.keys.off() if off is None else off)
        self.form.setRowVisible(self.keys, bool(aliases) or not self.keys.secondary.isHidden())

    def entry(self) -> LibraryEntry:
        base = self.original.entry if self.original else LibraryEntry(name="")
        return base.model_copy(update={
            "name": self.name.text().strip(), "type": type_key(self.type.currentText()),
            "aliases": _split(self.aliases.text()), "tags": _split(self.tags.text()),
            "description": self.description.toPlainText(), "notes": self.notes.toPlainText().strip(),
            "tracking": Tracking(case_sensitive=self.case_sensitive.isChecked(), exclude=_split(self.exclude.text()),
                                 off=[k for k in self.keys.off() if k in _split(self.aliases.text())]),
            "always_include": self.always.isChecked(),
        })


class CodexView(QWidget):
    """Signals: import_finished(list[str] lines): what the import said, one line per file."""

    import_finished = Signal(list)

    def __init__(self, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self.project_id = ""
        self.file_dialog: QFileDialog | None = None
        self.question: QMessageBox | None = None
        self.flow: ImportFlow | None = None
        self.last_folder = Path.home()  # the dialogs open where the creator last imported from or exported to
        self.items: list[IndexedEntry] = []
        self.entry_problems: list[LibraryProblem] = []
        self.counts: dict[str, int] = {}
        self.tally = MentionTally("")
        self._count_when_shown = False
        self._counting = BackgroundReads("mention-counts", self)
        self._import_reads = BackgroundReads("library-import-read", self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.new_button = named(QPushButton(self.tr("New entry")), "NewEntry")
        self.new_button.setToolTip(self.tr("A new entry of the type chosen in the list (a character when none is)"))
        self.problems = named(QLabel(), "CodexProblems")
        self.problems.setWordWrap(True)
        self.import_button = named(QPushButton(self.tr("Import…")), "ImportLibraryFiles")
        self.import_button.setToolTip(self.tr("Import SillyTavern character cards (PNG, JSON, CHARX), World Info "
                                              "JSON or entry files into this project's story library"))
        self.export_button = named(QPushButton(self.tr("Export World Info…")), "ExportWorldInfo")
        self.export_button.setToolTip(self.tr("Write this project's entries as a SillyTavern World Info file"))
        # wraps where the dock is narrower than the three (German, Japanese): the row never widens the window
        layout.addWidget(flow_row(self.new_button, self.import_button, self.export_button))
        self.import_message = named(QLabel(), "CodexImportMessage")
        self.import_message.setWordWrap(True)
        self.import_message.hide()
        layout.addWidget(self.import_message)
        split = QSplitter(Qt.Orientation.Vertical)
        self.tree = named(QTreeWidget(), "CodexTree")
        self.tree.setAccessibleName(self.tr("Story library entries"))
        self.tree.setHeaderLabels([self.tr("Entry"), self.tr("Mentions")])
        self.tree.headerItem().setToolTip(1, self.tr("Messages of this project's chats that mention the "
                                                     "entry (its name or an alias)"))
        first_column_stretches(self.tree)
        self.tree.itemSelectionChanged.connect(self._on_selected)
        split.addWidget(self.tree)
        self.editor = EntryEditor()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.editor)
        split.addWidget(scroll)
        split.setSizes([200, 440])
        layout.addWidget(split, 1)
        layout.addWidget(self.editor.actions_row)
        layout.addWidget(self.problems)
        self.new_button.clicked.connect(self._on_new)
        self.editor.save_button.clicked.connect(self._on_save)
        self.save_shortcut = QShortcut(QKeySequence.StandardKey.Save, self,  # anywhere in the codex
                                       context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.save_shortcut.activated.connect(self._on_save)
        self.editor.delete_button.clicked.connect(self._on_delete)
        self.import_button.clicked.connect(self.choose_import_files)
        self.export_button.clicked.connect(self.choose_export_file)

    def set_project(self, project_id: str) -> None:
        self.show_project(project_id)
        self.refresh()

    def show_project(self, project_id: str) -> None:
        """The project whose entries come next (``show_entries``, from the project reader); nothing read here."""
        if project_id != self.project_id:
            self.project_id = project_id
            self.editor.load(None)
            self.show_entries([], [])

    def refresh(self, select: str | None = None) -> None:
        """Reads the index (synced with the files), rebuilds the tree, then counts mentions off the loop."""
        if not self.project_id:
            return
        items, problems = self.studio.library.entries(self.project_id)
        self.show_entries(items, problems, select)

    def show_entries(self, items: list[IndexedEntry], problems: list[LibraryProblem],
                     select: str | None = None) -> None:
        """Shows entries read elsewhere (``refresh`` here, the project reader off the GUI thread)."""
        self.items = items
        self.entry_problems = list(problems)
        self.problems.setText("\n".join(f"⚠ {p.message} [{p.code}]" for p in problems))
        self.problems.setVisible(bool(problems))
        current = select or (self.editor.original.path if self.editor.original else None)
        self._fill(current)
        self.recount()

    def recount(self) -> None:
        """Counts the mentions of the entries shown over the project's messages, on the ``mention-counts`` lane;
        only the new and changed messages since the last count (``MentionTally``), and only while the codex is
        shown: a hidden one counts when it is shown."""
        if not self.project_id or not self.items:
            self.counts = {}
            return
        if not self.isVisible():  # a hidden codex counts when it is shown (``showEvent``), once
            self._count_when_shown = True
            return
        if self.tally.project_id != self.project_id:
            self.tally = MentionTally(self.project_id)
        tally, entries, count = self.tally, [i.entry for i in self.items], self.studio.chats.count_mentions
        # one lane, one request at a time: the tally is only ever used by that thread; the latest wins
        self._counting.start("counts", lambda: count(tally, entries), self._on_counted)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._count_when_shown:
            self._count_when_shown = False
            self.recount()

    def _on_counted(self, outcome: Outcome[dict[str, int]]) -> None:
        counts = outcome.result()
        if counts != self.counts:
            self.counts = counts
            self._fill_counts()

    def _fill(self, current: str | None) -> None:
        self.tree.blockSignals(True)
        self.tree.clear()
        groups: dict[str, QTreeWidgetItem] = {}
        bold = QFont()
        bold.setBold(True)
        chosen: QTreeWidgetItem | None = None
        for item in self.items:
            group = groups.get(item.entry.type)
            if group is None:
                kind = item.entry.type
                shown = type_label(kind) if kind in BUILTIN_TYPES else kind.title()
                group = groups[kind] = QTreeWidgetItem([shown, ""])
                group.setFont(0, bold)
                group.setData(0, PATH_ROLE, f"type:{item.entry.type}")
                self.tree.addTopLevelItem(group)
            child = QTreeWidgetItem([item.entry.name, ""])
            child.setData(0, PATH_ROLE, item.path)
            tip = ", ".join(item.entry.aliases)
            child.setToolTip(0, i18n.arg(self.tr("Also called %1"), tip) if tip else item.path)
            group.addChild(child)
            if item.path == current:
                chosen = child
        for group in groups.values():
            group.setText(0, f"{group.text(0)} ({group.childCount()})")
        self.tree.expandAll()
        if chosen is not None:
            self.tree.setCurrentItem(chosen)
        self.tree.blockSignals(False)
        self._fill_counts()

    def _groups(self) -> list[tuple[QTreeWidgetItem, list[QTreeWidgetItem]]]:
        out = []
        for i in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(i)
            if group is not None:
                out.append((group, [c for j in range(group.childCount()) if (c := group.child(j)) is not None]))
        return out

    def _fill_counts(self) -> None:
        """Sets the counts that changed; the column is sized to its contents once, after all of them (sized
        per item, 1,000 entries took 1.8 s of the GUI thread)."""
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        header = self.tree.header()
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        for group, children in self._groups():
            total = 0
            for child in children:
                n = self.counts.get(child.text(0))
                _set_text(child, "" if n is None else str(n), right)
                total += n or 0
            _set_text(group, str(total) if self.counts else "", right)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)

    def item_for(self, name: str) -> QTreeWidgetItem | None:
        return next((c for _g, children in self._groups() for c in children if c.text(0) == name), None)

    def select(self, path: str) -> None:
        """Selects the entry with that file and opens it in the editor."""
        item = next((c for _g, children in self._groups() for c in children if c.data(0, PATH_ROLE) == path), None)
        if item is not None:
            self.tree.setCurrentItem(item)
            self.tree.scrollToItem(item)

    def _on_selected(self) -> None:
        current = self.tree.currentItem()
        path = str(current.data(0, PATH_ROLE)) if current is not None else ""
        found = next((i for i in self.items if i.path == path), None)
        if found is not None:
            self.editor.load(found)

    def _on_new(self) -> None:
        current = self.tree.currentItem()
        path = str(current.data(0, PATH_ROLE)) if current is not None else ""
        kind = path[5:] if path.startswith("type:") else next(
            (i.entry.type for i in self.items if i.path == path), "character")
        self.tree.clearSelection()
        self.editor.load(None, kind)
        self.editor.name.setFocus()

    def _on_save(self) -> None:
        entry = self.editor.entry()
        replacing = self.editor.original.path if self.editor.original else None
        try:
            path = self.studio.library.save_entry(self.project_id, entry, replacing)
        except LibraryError as exc:
            self.editor.message.setText(f"⚠ {exc.message} [{exc.code}]")
            return
        self.refresh(select=path)
        saved = next((i for i in self.items if i.path == path), None)
        if saved is not None:
            self.editor.load(saved)
        self.editor.message.setText(i18n.arg(self.tr("Saved to %1."), path))

    def _on_delete(self) -> None:
        original = self.editor.original
        if original is None:
            return
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Delete entry"),
                          i18n.arg(self.tr("Delete “%1” and its file %2?"), original.entry.name, original.path),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setObjectName("DeleteEntryQuestion")
        box.finished.connect(lambda result: self._on_delete_answer(result, original))
        box.open()

    def _on_delete_answer(self, result: int, original: IndexedEntry) -> None:
        if result != QMessageBox.StandardButton.Yes:
            return
        try:
            self.studio.library.remove_entry(self.project_id, original.entry.name)
        except LibraryError as exc:
            self.editor.message.setText(f"⚠ {exc.message} [{exc.code}]")
            return
        self.editor.load(None)
        self.refresh()

    # -- import and export (SillyTavern) -------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.import_message.setText(text)
        self.import_message.setVisible(bool(text))

    def choose_import_files(self) -> None:
        self.file_dialog = file_dialogs.open_files(
            self, self.tr("Import into the story library"), self.last_folder,
            self.tr("Cards and World Info (*.png *.json *.charx *.md);;All files (*)"), "LibraryImportDialog",
            self.start_import)

    def start_import(self, paths: list[Path]) -> None:
        """Reads and checks the files off the GUI thread; ``_on_files_read`` goes on with them."""
        if not paths or not self.project_id or not self.import_button.isEnabled():
            return
        self.last_folder = paths[0].parent
        self.import_button.setEnabled(False)
        self._say(i18n.arg(self.tr("Reading %1…"), ", ".join(p.name for p in paths)))
        project_id, library = self.project_id, self.studio.library

        self._import_reads.start("import", lambda: library.read_files(paths),
                                 lambda outcome: self._on_files_read(project_id, outcome))

    def _on_files_read(self, project_id: str,
                       outcome: Outcome[list[tuple[Path, list[LibraryEntry] | LibraryError]]]) -> None:
        """Goes on with the read files in an ``ImportFlow`` (conflicts asked, entries added, then agents)."""
        self.flow = ImportFlow(self.studio, self, project_id, outcome.result(),
                               lambda lines, first: self._import_done(project_id, lines, first))
        self.flow.start()

    def _import_done(self, project_id: str, lines: list[str], first_path: str | None) -> None:
        self.flow = None
        self.import_button.setEnabled(True)
        self._say("\n".join(lines) or self.tr("Nothing was imported."))
        if project_id == self.project_id:
            self.refresh(select=first_path)
            shown = next((i for i in self.items if i.path == first_path), None)
            if shown is not None:  # the first imported entry opens in the editor
                self.editor.load(shown)
        self.import_finished.emit(lines)

    def _path_of(self, project_id: str, name: str) -> str | None:
        items, _problems = self.studio.library.entries(project_id)
        return next((i.path for i in items if i.entry.name == name), None)

    def choose_export_file(self) -> None:
        if not self.project_id:
            return
        project = self.studio.projects.get(self.project_id)
        project_id = self.project_id
        self.file_dialog = file_dialogs.save_file(
            self, self.tr("Export World Info"), self.last_folder, self.tr("World Info (*.json);;All files (*)"),
            "WorldInfoExportDialog", f"{project.slug}-world-info.json", "json",
            lambda path: self.export_world_info(project_id, path))

    def export_world_info(self, project_id: str, path: Path) -> None:
        self.last_folder = path.parent
        try:
            count = self.studio.library.export_world_info(project_id, path)
        except OSError as exc:
            self._say(i18n.arg(self.tr("⚠ %1 could not be written: %2"), path.name, exc.strerror or str(exc)))
            return
        said = self.tr("Wrote %n entries to %1 as World Info.", "", count)
        self._say(i18n.arg(said, str(path)))
