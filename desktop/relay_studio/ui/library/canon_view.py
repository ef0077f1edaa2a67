"""The Canon tab of the Library dock: the project's facts (docs/canon.md, "In the window").

A table of the facts (handle, fact, entries, status; pinned ones marked), the buttons that pin, unpin, retire,
accept or reject the selected one, and an editor below for a new fact or the selected one. "Add to canon" on a
selection in a chat message opens here with the selection as the new fact's text and quote
(``start_from_quote``). Two project settings sit above the table: "Accept agents' proposals at once" and "Check
continuity after each commit" (``ui/continuity_after_commit.py`` then advises in the status bar after each commit).
The facts are read off the GUI thread (``studio.canon.read``) whenever the project
changes, a change is made, or a run ends (its agents may have proposed facts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from relay_studio.domain.canon import CanonFact, FactStatus
from relay_studio.domain.coded_error import CodedError
from relay_studio.ui import i18n
from relay_studio.ui.background import Done, Outcome
from relay_studio.ui.flow_layout import flow_row
from relay_studio.ui.library import named
from relay_studio.ui.operations.canon import CanonListing, CanonQuote

if TYPE_CHECKING:
    from relay_studio.ui.studio import Studio

Index = QModelIndex | QPersistentModelIndex


class CanonModel(QAbstractTableModel):
    """The facts as rows: handle, fact, entries, status ("pinned" for an active pinned fact)."""

    def __init__(self) -> None:
        super().__init__()
        self.facts: list[CanonFact] = []

    def set_facts(self, facts: list[CanonFact]) -> None:
        self.beginResetModel()
        self.facts = list(facts)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.facts)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else 4

    def status_word(self, fact: CanonFact) -> str:
        if fact.pinned and fact.status is FactStatus.ACTIVE:
            return self.tr("pinned")
        return self.status_words()[fact.status]

    def statuses_shown(self) -> set[str]:
        """The status words of the facts there are (a few, however many facts)."""
        return {self.status_word(f) for f in self.facts}

    def status_words(self) -> dict[FactStatus, str]:
        return {FactStatus.PROPOSED: self.tr("proposed"), FactStatus.ACTIVE: self.tr("active"),
                FactStatus.RETIRED: self.tr("retired"), FactStatus.REJECTED: self.tr("rejected")}

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        fact = self.facts[index.row()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{fact.text}\n“{fact.source.quote}”" if fact.source.quote else fact.text
        column = index.column()
        if column == 0:
            return fact.handle
        if column == 1:
            return fact.text
        if column == 2:
            return ", ".join(fact.about)
        return self.status_word(fact)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return (self.tr("Handle"), self.tr("Fact"), self.tr("About"), self.tr("Status"))[section]


class CanonView(QWidget):
    def __init__(self, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self.project_id = ""
        self.editing: CanonFact | None = None
        self.quote: CanonQuote | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.new_button = named(QPushButton(self.tr("New fact")), "CanonNew")
        self.pin_button = named(QPushButton(self.tr("Pin")), "CanonPin")
        self.retire_button = named(QPushButton(self.tr("Retire")), "CanonRetire")
        self.accept_button = named(QPushButton(self.tr("Accept")), "CanonAccept")
        self.reject_button = named(QPushButton(self.tr("Reject")), "CanonReject")
        # a row that wraps: the dock must fit a 1000 px window in every language (docs/window.md, "Sizes")
        layout.addWidget(flow_row(self.new_button, self.pin_button, self.retire_button, self.accept_button,
                                  self.reject_button))
        self.accept_all = named(QCheckBox(self.tr("Accept agents' proposals at once")), "CanonAcceptAll")
        self.accept_all.setToolTip(self.tr("Otherwise a fact an agent proposes waits here for you to accept or "
                                           "reject it."))
        layout.addWidget(self.accept_all)
        self.after_commit = named(QCheckBox(self.tr("Check continuity after each commit")), "CanonCheckAfterCommit")
        self.after_commit.setToolTip(self.tr("After each commit in this project, the continuity rules read that chat "
                                             "and the status bar says what they found. They advise; they never stop "
                                             "a run."))
        layout.addWidget(self.after_commit)
        self.last_check = named(QLabel(), "Muted")  # quiet: when the check after a commit last ran, what it found
        self.last_check.setWordWrap(True)
        self.last_check.hide()
        layout.addWidget(self.last_check)
        self.cost = named(QLabel(), "CanonCost")  # what the pinned facts cost every prompt of the project
        self.cost.setWordWrap(True)
        layout.addWidget(self.cost)
        split = QSplitter(Qt.Orientation.Vertical)
        self.model = CanonModel()
        self.table = named(QTableView(), "CanonTable")
        self.table.setAccessibleName(self.tr("Canon"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self._fit_columns()
        split.addWidget(self.table)
        split.addWidget(self._editor())
        split.setSizes([240, 320])
        layout.addWidget(split, 1)
        self.table.selectionModel().currentRowChanged.connect(self._on_selected)
        self.new_button.clicked.connect(self._on_new)
        self.accept_all.toggled.connect(self._on_accept_all)
        self.after_commit.toggled.connect(self._on_after_commit)
        self.save_button.clicked.connect(self._on_save)
        self.pin_button.clicked.connect(self._on_pin)
        self.retire_button.clicked.connect(lambda: self._change("retire"))
        self.accept_button.clicked.connect(lambda: self._change("accept"))
        self.reject_button.clicked.connect(lambda: self._change("reject"))
        studio.canon_changed.connect(self._on_changed)
        self._update_buttons()

    def _fit_columns(self) -> None:
        """Handle and Status as wide as their words (the statuses there are), so that the Fact gets the rest:
        with Qt's 100 px each, in the dock of a 1000 px window the Fact was 45 px ("Mara has …" on two lines)."""
        header, metrics = self.table.horizontalHeader(), self.table.fontMetrics()
        pad = 2 * self.table.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin) + 12
        handle = [str(self.model.headerData(0, Qt.Orientation.Horizontal)), "f000"]
        status = [str(self.model.headerData(3, Qt.Orientation.Horizontal)), *self.model.statuses_shown()]
        header.resizeSection(0, max(metrics.horizontalAdvance(w) for w in handle) + pad)
        header.resizeSection(3, max(metrics.horizontalAdvance(w) for w in status) + pad)

    def _editor(self) -> QWidget:
        editor = QWidget()
        form = QFormLayout(editor)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.text = named(QPlainTextEdit(), "CanonText")
        self.text.setPlaceholderText(self.tr("One short statement, as every agent will read it"))
        self.about = named(QLineEdit(placeholderText=self.tr("Story library entries, separated by commas")),
                           "CanonAbout")
        self.attribute = named(QLineEdit(placeholderText=self.tr("e.g. eyes")), "CanonAttribute")
        self.value = named(QLineEdit(placeholderText=self.tr("e.g. green")), "CanonValue")
        self.as_of = named(QSpinBox(), "CanonAsOf")
        self.as_of.setRange(0, 100_000)
        self.as_of.setSpecialValueText(self.tr("from the start"))
        self.pinned = named(QCheckBox(self.tr("Pinned: in every prompt of the project")), "CanonPinned")
        self.source = named(QLabel(), "Muted")
        self.source.setWordWrap(True)
        form.addRow(self.tr("Fact"), self.text)
        form.addRow(self.tr("About"), self.about)
        form.addRow(self.tr("Attribute"), self.attribute)
        form.addRow(self.tr("Value"), self.value)
        form.addRow(self.tr("From chapter"), self.as_of)
        form.addRow(self.pinned)
        form.addRow(self.source)
        self.save_button = named(QPushButton(self.tr("Save")), "CanonSave")
        form.addRow(self.save_button)
        self.message = named(QLabel(), "CanonMessage")
        self.message.setWordWrap(True)
        form.addRow(self.message)
        return editor

    # -- reading ---------------------------------------------------------------------------------------
    def set_project(self, project_id: str) -> None:
        self.project_id = project_id
        self._load(None)
        self.refresh()

    def refresh(self) -> None:
        if self.project_id:
            self.studio.canon.read(self.project_id, self._on_read)

    def _on_changed(self, project_id: str) -> None:
        if project_id == self.project_id:
            self.refresh()

    def _on_read(self, outcome: Outcome[CanonListing]) -> None:
        if not isinstance(outcome, Done) or outcome.value.project_id != self.project_id:
            return
        facts = outcome.value.facts
        self.accept_all.blockSignals(True)
        self.accept_all.setChecked(outcome.value.accepts_proposals)
        self.accept_all.blockSignals(False)
        self.after_commit.blockSignals(True)
        self.after_commit.setChecked(outcome.value.checks_after_commit)
        self.after_commit.blockSignals(False)
        self._show_last_check(outcome.value.last_commit_check)
        pinned = sum(1 for f in facts if f.pinned and f.status is FactStatus.ACTIVE)
        said = self.tr("Pinned: %n facts, about %1 tokens in every prompt of the project.", "", pinned)
        self.cost.setText(i18n.arg(said, i18n.number(outcome.value.pinned_tokens)))
        shown = self.current()
        keep = shown.handle if shown is not None else None
        self.model.set_facts(facts)
        self._fit_columns()
        for row, fact in enumerate(facts):
            if fact.handle == keep:
                self.table.selectRow(row)
        self._update_buttons()

    def _show_last_check(self, last: tuple[str, int] | None) -> None:
        if last is None:
            self.last_check.hide()
            return
        at, findings = last
        self.last_check.setText(
            i18n.arg(self.tr("Last checked after a commit at %1: nothing found."), i18n.when_short(at)) if not findings
            else i18n.arg(self.tr("Last checked after a commit at %1: %2 findings (Chat → Check continuity…)."),
                          i18n.when_short(at), i18n.number(findings)))
        self.last_check.show()

    def current(self) -> CanonFact | None:
        row = self.table.currentIndex().row()
        return self.model.facts[row] if 0 <= row < len(self.model.facts) else None

    # -- the editor ------------------------------------------------------------------------------------
    def _on_selected(self, _current: QModelIndex, _previous: QModelIndex) -> None:
        self._load(self.current())
        self._update_buttons()

    def _load(self, fact: CanonFact | None) -> None:
        self.editing, self.quote = fact, None
        self.text.setPlainText(fact.text if fact else "")
        self.about.setText(", ".join(fact.about) if fact else "")
        self.attribute.setText(fact.attribute or "" if fact else "")
        self.value.setText(fact.value or "" if fact else "")
        self.as_of.setValue(fact.as_of or 0 if fact else 0)
        self.pinned.setChecked(bool(fact and fact.pinned))
        self.pinned.setEnabled(fact is None)  # a saved fact is pinned with the Pin button (journaled as such)
        quote = fact.source.quote if fact else ""
        self.source.setText(i18n.arg(self.tr("From: “%1” (added by %2)"), quote, fact.added_by) if quote and fact
                            else "")
        self.message.setText("")

    def start_from_quote(self, quote: CanonQuote) -> None:
        """A new fact from words selected in a chat message: the words become its text and its quote."""
        self.table.clearSelection()
        self._load(None)
        self.quote = quote
        self.text.setPlainText(quote.quote)
        self.source.setText(i18n.arg(self.tr("From the chat: “%1”"), quote.quote))
        self.about.setFocus()

    def _on_new(self) -> None:
        self.table.clearSelection()
        self.table.setCurrentIndex(QModelIndex())
        self._load(None)
        self.text.setFocus()

    def _on_save(self) -> None:
        about = [a.strip() for a in self.about.text().split(",") if a.strip()]
        attribute = self.attribute.text().strip() or None
        value = self.value.text().strip() or None
        as_of = self.as_of.value() or None
        try:
            if self.editing is None:
                chat = self.quote.chat_id if self.quote else None
                fact = self.studio.canon.add(self.project_id, self.text.toPlainText(), about, source_chat=chat,
                                             quote=self.quote.quote if self.quote else None, attribute=attribute,
                                             value=value, as_of=as_of, pin=self.pinned.isChecked())
            else:
                fact = self.studio.canon.edit(self.project_id, self.editing.handle, text=self.text.toPlainText(),
                                              about=about, attribute=attribute, value=value, as_of=as_of)
        except CodedError as exc:
            self.message.setText(f"⚠ {exc.message} [{exc.code}]")
            return
        self.editing, self.quote = fact, None
        self.message.setText(i18n.arg(self.tr("Saved as %1."), fact.handle))

    # -- pin, retire, accept, reject -------------------------------------------------------------------
    def _update_buttons(self) -> None:
        fact = self.current()
        status = fact.status if fact else None
        self.pin_button.setText(self.tr("Unpin") if fact and fact.pinned else self.tr("Pin"))
        self.pin_button.setEnabled(status is FactStatus.ACTIVE)
        self.retire_button.setEnabled(status is FactStatus.ACTIVE)
        self.accept_button.setEnabled(status is FactStatus.PROPOSED)
        self.reject_button.setEnabled(status is FactStatus.PROPOSED)

    def _on_accept_all(self, on: bool) -> None:
        if self.project_id:
            self.studio.canon.set_accept_proposals(self.project_id, on)

    def _on_after_commit(self, on: bool) -> None:
        if self.project_id:
            self.studio.continuity.set_after_commit(self, self.project_id, on, self._on_after_commit_failed)

    def _on_after_commit_failed(self, line: str) -> None:
        """The presenter's line for a setting not saved: said here, and the box goes back to what is stored."""
        self.message.setText(i18n.arg(self.tr("The setting could not be saved: %1"), line))
        self.refresh()

    def _on_pin(self) -> None:
        fact = self.current()
        if fact is not None:
            self._change("unpin" if fact.pinned else "pin")

    def _change(self, action: str) -> None:
        fact = self.current()
        if fact is None:
            return
        try:
            self.studio.canon.change(self.project_id, fact.handle, action)
        except CodedError as exc:
            self.message.setText(f"⚠ {exc.message} [{exc.code}]")
