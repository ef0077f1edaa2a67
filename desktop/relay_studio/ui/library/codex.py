"""The codex: the story library's entries by type with their mention counts, and the entry editor;
Import… (character cards PNG/JSON/CHARX, World Info JSON, entry files; several at once) and Export World
Info….

The entries are read as a query (``Studio.library.read_entries``: the folder scanned on the ``project-files``
lane, the index caught up on the writer lane only when the files are ahead of it). Import reads and checks
the files off the GUI thread (``Studio.library.read_files``; the mention counts are
read and counted off it too, each on a ``BackgroundReads`` lane: ``ui/background.py``; the counts are kept
incrementally, ``counts.MentionTally``: a chat change or a run's end matches only the new messages); then an
``ImportFlow`` (``ui/library/import_flow.py``) asks about entries that differ from ones there, adds each
file's entries as ``Studio.library.start_add_entries`` plans and writes them (planned on the ``project-files``
lane, only the file's own entries written and indexed on the writer lane), all or nothing per file,
and only then asks whether to make agents that play the cards' characters. A refused file's sentence is
shown; the other files import. Dialogs are opened, never exec'd.

Signals (CodexView):
    import_finished(list[str] lines): what the import said, one line per file, once its entries are shown.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelectionModel, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStyle,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from relay_studio.library.entries import LibraryEntry, LibraryError, Tracking
from relay_studio.library.store import IndexedEntry, LibraryProblem
from relay_studio.ui import file_dialogs, i18n
from relay_studio.ui.background import BackgroundReads, Outcome
from relay_studio.ui.flow_layout import flow_row
from relay_studio.ui.library import first_column_stretches, named
from relay_studio.ui.library.codex_model import CodexModel, CodexRow
from relay_studio.ui.library.counts import MentionTally
from relay_studio.ui.library.entry_types import type_key, type_label, type_labels
from relay_studio.ui.library.import_flow import ImportFlow
from relay_studio.ui.library.keys_view import KeysView
from relay_studio.ui.operations.errors import present_error
from relay_studio.ui.operations.library import EntriesRead, WorldInfoWritten

if TYPE_CHECKING:
    from relay_studio.ui.studio import Studio


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
    """Signals: import_finished(list[str] lines): what the import said, one line per file, once shown."""

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
        # a view over the entries (``codex_model``): only the rows shown are asked for, a book's 1,000 included
        self.model = CodexModel(self)
        self.tree = named(QTreeView(), "CodexTree")
        self.tree.setModel(self.model)
        self.tree.setUniformRowHeights(True)
        self.tree.setAccessibleName(self.tr("Story library entries"))
        first_column_stretches(self.tree)
        header = self.tree.header()
        header.setResizeContentsPrecision(0)  # the counts' column fits the rows in view (Qt's default: 1,000 rows)
        selection = self.tree.selectionModel()
        assert selection is not None
        selection.selectionChanged.connect(self._on_selected)  # (the current row is set before it is told)
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

    def refresh(self, select: str | None = None, then: Callable[[], None] | None = None) -> None:
        """Reads the entries as a query (the folder scanned off the GUI thread, the index caught up on the writer
        lane only when it is behind), shows them with ``select`` chosen, then ``then()``; counts mentions off the
        loop. A read for a project no longer shown is dropped."""
        if not self.project_id:
            return
        project_id = self.project_id

        def shown(read: EntriesRead) -> None:
            if project_id != self.project_id:
                return
            if read.entries != self.items or read.problems != self.entry_problems:
                self.show_entries(read.entries, read.problems, select)
            elif select:  # the dock's read of the same change showed them first: the rows stay, one is chosen
                self._choose(select)
            if then is not None:
                then()

        self.studio.library.read_entries(self, project_id, shown, show=self.editor.message.setText)

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
        """The entries into the model (the view asks for the rows it shows), ``current`` chosen again."""
        selection = self.tree.selectionModel()
        assert selection is not None
        selection.blockSignals(True)
        opened = self.model.set_entries(self.items)
        self.model.set_counts(self.counts)
        for group in opened:
            self.tree.expand(self.model.index(group, 0))
        selection.blockSignals(False)
        if current:
            self._choose(current)
        self._fill_counts()

    def _choose(self, path: str) -> None:
        """The row of ``path`` becomes the current one, without loading it into the editor again."""
        selection = self.tree.selectionModel()
        chosen = self.model.index_of(path)
        if selection is None or not chosen.isValid():
            return
        selection.blockSignals(True)
        selection.setCurrentIndex(chosen, QItemSelectionModel.SelectionFlag.ClearAndSelect
                                  | QItemSelectionModel.SelectionFlag.Rows)
        selection.blockSignals(False)

    def _groups(self) -> list[tuple[CodexRow, list[CodexRow]]]:
        """Each type's row with its entries' rows, as shown."""
        out = []
        for g in range(self.model.rowCount()):
            group = self.model.index(g, 0)
            out.append((CodexRow(self.model, QPersistentModelIndex(group)),
                        [CodexRow(self.model, QPersistentModelIndex(self.model.index(r, 0, group)))
                         for r in range(self.model.rowCount(group))]))
        return out

    def _fill_counts(self) -> None:
        """The counts that changed (only their rows are told); the column fits the rows shown."""
        self.model.set_counts(self.counts)
        widest = str(sum(self.counts.values()))  # a group's total: no count in rows not in view is wider
        header = self.tree.header()
        header.setMinimumSectionSize(max(header.minimumSectionSize(), self.tree.fontMetrics().horizontalAdvance(
            widest) + 2 * self.tree.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin) + 8))
        self.tree.resizeColumnToContents(1)

    def item_for(self, name: str) -> CodexRow | None:
        for g, group in enumerate(self.model.groups):
            for r, item in enumerate(group.entries):
                if item.entry.name == name:
                    return CodexRow(self.model, QPersistentModelIndex(self.model.index(r, 0, self.model.index(g, 0))))
        return None

    def select(self, path: str) -> None:
        """Selects the entry with that file and opens it in the editor."""
        index = self.model.index_of(path)
        if index.isValid():
            self.tree.setCurrentIndex(index)
            self.tree.scrollTo(index)

    def _on_selected(self, *_selection: object) -> None:
        found = self.model.entry_at(self.tree.currentIndex())
        if found is not None:
            self.editor.load(found)

    def _on_new(self) -> None:
        path = self.model.path_of(self.tree.currentIndex())
        kind = path[5:] if path.startswith("type:") else next(
            (i.entry.type for i in self.items if i.path == path), "character")
        self.tree.clearSelection()
        self.editor.load(None, kind)
        self.editor.name.setFocus()

    def _on_save(self) -> None:
        """Saves the entry the one way (``LibraryOperations.start_save``: planned on a lane, written on the writer
        lane); ``_saved`` goes on. A missing name is said at once, a name taken once the plan is read."""
        entry = self.editor.entry()
        replacing = self.editor.original.path if self.editor.original else None
        project_id = self.project_id
        try:
            self.studio.library.start_save(self, project_id, entry, replacing,
                                           lambda path: self._saved(project_id, path),
                                           show=self.editor.message.setText)
        except LibraryError as exc:
            present_error(exc, show=self.editor.message.setText)

    def _saved(self, project_id: str, path: str) -> None:
        if project_id != self.project_id:
            return
        said = i18n.arg(self.tr("Saved to %1."), path)
        self.editor.message.setText(said)

        def opened() -> None:
            saved = next((i for i in self.items if i.path == path), None)
            if saved is not None:
                self.editor.load(saved)
            self.editor.message.setText(said)

        self.refresh(select=path, then=opened)

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
        project_id = self.project_id
        self.studio.library.start_remove(self, project_id, original.entry.name,
                                         lambda _removed: self._removed(project_id),
                                         show=self.editor.message.setText)

    def _removed(self, project_id: str) -> None:
        """The entry's file and row are gone (``LibraryOperations.start_remove``): the editor empties, the list
        is read again."""
        if project_id != self.project_id:
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
        if project_id != self.project_id:
            self.import_finished.emit(lines)
            return
        self.refresh(select=first_path, then=lambda: self._imported(first_path, lines))

    def _imported(self, path: str | None, lines: list[str]) -> None:
        """The import's entries are shown: the first imported opens in the editor; ``import_finished`` says so."""
        shown = next((i for i in self.items if i.path == path), None)
        if shown is not None:
            self.editor.load(shown)
        self.import_finished.emit(lines)

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
        """Reads the entries and writes the file off the GUI thread (``LibraryOperations.start_export``)."""
        self.last_folder = path.parent
        self.studio.library.start_export(self, project_id, path, lambda written: self._exported(path, written),
                                         show=self._say)

    def _exported(self, path: Path, written: WorldInfoWritten) -> None:
        if written.error:
            self._say(i18n.arg(self.tr("⚠ %1 could not be written: %2"), path.name, written.error))
            return
        said = self.tr("Wrote %n entries to %1 as World Info.", "", written.count)
        self._say(i18n.arg(said, str(path)))
