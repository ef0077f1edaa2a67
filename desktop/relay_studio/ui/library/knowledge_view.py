"""Knowledge documents: the list, Import… with a progress bar and Cancel, and a search box showing
passages with their citations and the searched words marked.

The import runs on the knowledge library's worker thread (``ImportJob``); its progress callback is
called there and only emits ``progress_arrived``, which Qt queues to this widget's thread, and its end is
waited for on a ``BackgroundReads`` lane (``ui/background.py``), as searches and documents are read. The
file dialog is opened with ``open()`` (never ``exec()``).

Signals:
    progress_arrived(ImportProgress): emitted on the worker thread, received on the GUI thread.
    import_finished(ImportReport)
    searched(str query): its passages are shown.
    document_shown(str document_id): the document viewer shows it (opened from a citation or the list).

A citation link (a search result here, the chat's Sources, the timeline's detail pane: ``citations.py``)
opens the document in the viewer below the list at the cited range (``open_citation``); double-clicking
a document opens it at its start. The text is read off the GUI thread and set here.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from relay_studio.knowledge.chunking import Chunk, page_start
from relay_studio.knowledge.errors import KnowledgeError
from relay_studio.knowledge.library import DocumentInfo, ImportJob, ImportProgress, ImportReport
from relay_studio.ui import file_dialogs, i18n
from relay_studio.ui.background import BackgroundReads, Failed, Outcome
from relay_studio.ui.library import first_column_stretches, named
from relay_studio.ui.library.citations import CitationTarget, parse_citation_href
from relay_studio.ui.library.document_view import DocumentView
from relay_studio.ui.library.highlight import passages_html
from relay_studio.ui.operations.errors import present_error

if TYPE_CHECKING:
    from relay_studio.ui.studio import Studio

SEARCH_DELAY_MS = 250


class KnowledgeView(QWidget):
    progress_arrived = Signal(object)
    import_finished = Signal(object)
    searched = Signal(str)
    document_shown = Signal(str)

    def __init__(self, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self.project_id = ""
        self.job: ImportJob | None = None
        self.file_dialog: QFileDialog | None = None
        self.last_folder = Path.home()  # the dialog opens where the creator last imported from
        self._import_wait = BackgroundReads("knowledge-import-wait", self)  # as long as the import: a lane apart
        self._searches = BackgroundReads("knowledge-search", self)
        self._documents = BackgroundReads("knowledge-document", self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.import_button = named(QPushButton(self.tr("Import…")), "ImportDocuments")
        self.import_button.setToolTip(self.tr("Add Markdown, text, PDF, EPUB or HTML files to this project's "
                                              "knowledge"))
        self.remove_button = named(QPushButton(self.tr("Remove")), "RemoveDocument")
        row.addWidget(self.import_button)
        row.addWidget(self.remove_button)
        row.addStretch(1)
        layout.addLayout(row)
        progress_row = QHBoxLayout()
        self.progress = named(QProgressBar(), "ImportProgress")
        self.progress.setRange(0, 1000)
        self.progress_label = named(QLabel(), "ImportProgressLabel")
        self.cancel_button = named(QPushButton(self.tr("Cancel")), "CancelImport")
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.cancel_button)
        self.progress_box = QWidget()
        box = QVBoxLayout(self.progress_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.addLayout(progress_row)
        box.addWidget(self.progress_label)
        self.progress_box.hide()
        layout.addWidget(self.progress_box)
        self.message = named(QLabel(), "KnowledgeMessage")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.message.hide()
        self.empty_hint = QLabel(self.tr(
            "No documents yet. Import… rulebooks, research or notes (Markdown, text, PDF, EPUB, HTML): agents allowed "
            "to search knowledge quote passages from them and cite where each one stands, and you can search them "
            "here."))
        self.empty_hint.setObjectName("Muted")
        self.empty_hint.setWordWrap(True)
        self.empty_hint.hide()
        layout.addWidget(self.empty_hint)
        split = QSplitter(Qt.Orientation.Vertical)
        self.documents = named(QTreeWidget(), "KnowledgeDocuments")
        self.documents.setAccessibleName(self.tr("Documents"))
        self.documents.setHeaderLabels([self.tr("Document"), self.tr("Kind"), self.tr("Pages"), self.tr("Passages")])
        self.documents.setRootIsDecorated(False)
        first_column_stretches(self.documents)
        split.addWidget(self.documents)
        search_box = QWidget()
        search_layout = QVBoxLayout(search_box)
        search_layout.setContentsMargins(0, 4, 0, 0)
        self.search = named(QLineEdit(placeholderText=self.tr("Search the documents…")), "KnowledgeSearch")
        self.search.setAccessibleName(self.tr("Search the documents"))
        self.search.setClearButtonEnabled(True)
        self.results = named(QTextBrowser(), "KnowledgeResults")
        self.results.setOpenLinks(False)
        self.results.anchorClicked.connect(lambda url: self._on_link(url.toString()))
        search_layout.addWidget(self.search)
        search_layout.addWidget(self.results, 1)
        self.pages = QStackedWidget()
        self.search_box = search_box
        self.pages.addWidget(search_box)
        self.viewer = DocumentView()
        self.viewer.back.connect(lambda: self.pages.setCurrentWidget(self.search_box))
        self.pages.addWidget(self.viewer)
        split.addWidget(self.pages)
        split.setSizes([160, 480])
        layout.addWidget(split, 1)
        self._search_timer = QTimer(self, singleShot=True, interval=SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(self.run_search)
        self.search.textEdited.connect(lambda _t: self._search_timer.start())
        self.search.returnPressed.connect(self.run_search)
        self.import_button.clicked.connect(self.choose_files)
        self.remove_button.clicked.connect(self._on_remove)
        self.cancel_button.clicked.connect(self.cancel_import)
        self.progress_arrived.connect(self._on_progress)
        self.documents.itemDoubleClicked.connect(
            lambda item, _col: self.open_citation(CitationTarget(str(item.data(0, Qt.ItemDataRole.UserRole)), 0, 0)))

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def set_project(self, project_id: str) -> None:
        self.show_project(project_id)
        self.refresh()

    def show_project(self, project_id: str) -> None:
        """The project whose documents come next (``show_documents``, from the project reader); nothing read here."""
        if project_id != self.project_id:
            self.project_id = project_id
            self.results.clear()
            self._say("")
            self.show_documents([])

    def refresh(self) -> None:
        if not self.project_id:
            return
        self.show_documents(self.studio.knowledge.documents(self.project_id))

    def show_documents(self, documents: list[DocumentInfo]) -> None:
        self.documents.clear()
        for doc in documents:
            item = QTreeWidgetItem([doc.title, doc.kind, "" if doc.pages is None else str(doc.pages),
                                    str(doc.chunk_count)])
            item.setData(0, Qt.ItemDataRole.UserRole, doc.id)
            item.setToolTip(0, i18n.arg(self.tr("%1 (from %2)"), doc.file_name, doc.source_name))
            self.documents.addTopLevelItem(item)
        self.remove_button.setEnabled(self.documents.topLevelItemCount() > 0 and self.job is None)
        self.empty_hint.setVisible(not documents and self.job is None)

    # -- import ------------------------------------------------------------------------------------
    def choose_files(self) -> None:
        self.file_dialog = file_dialogs.open_files(
            self, self.tr("Import into the knowledge library"), self.last_folder,
            self.tr("Documents (*.md *.markdown *.txt *.pdf *.epub *.html *.htm);;All files (*)"),
            "KnowledgeFileDialog", self.start_import)

    def start_import(self, paths: list[Path]) -> None:
        if self.job is not None or not paths:
            return
        self.last_folder = paths[0].parent
        self.job = self.studio.knowledge.start_import(self.project_id, paths, self.progress_arrived.emit)
        self.progress.setValue(0)
        self.progress_label.setText(i18n.arg(self.tr("Reading %1…"), paths[0].name))
        self.progress_box.show()
        self.import_button.setEnabled(False)
        self.remove_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.empty_hint.hide()
        self._say("")
        job, project_id = self.job, self.project_id
        self._import_wait.start("import", job.wait, lambda outcome: self._on_import_done(project_id, outcome))

    def cancel_import(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.cancel_button.setEnabled(False)
            self.progress_label.setText(self.tr("Stopping after this page…"))

    def _on_progress(self, p: ImportProgress) -> None:
        if self.job is None:
            return
        self.progress.setValue(round(p.fraction * 1000))
        if p.file_name:
            pages = i18n.arg(self.tr(", page %1 of %2"), p.pages_done, p.pages_total) if p.pages_total else ""
            self.progress_label.setText(i18n.arg(self.tr("File %1 of %2: %3"), p.file_index + 1, p.file_count,
                                                 p.file_name) + pages)

    def _on_import_done(self, project_id: str, outcome: Outcome[ImportReport]) -> None:
        report = None if isinstance(outcome, Failed) else outcome.value
        if isinstance(outcome, Failed):  # a broken worker: said, never lost
            self._say(i18n.arg(self.tr("⚠ The import stopped: %1"), outcome.error))
        self.job = None
        self.progress_box.hide()
        self.import_button.setEnabled(True)
        if report is not None:
            self._say(self._summary(report))
            self.studio.knowledge.imported(project_id, self)
        if project_id == self.project_id:
            self.refresh()
        if report is not None:
            self.import_finished.emit(report)

    def _summary(self, report: ImportReport) -> str:
        lines = []
        if report.imported:
            names = ", ".join(f"“{d.title}”" for d in report.imported)
            lines.append(i18n.arg(self.tr("Imported %1."), names))
        for o in report.outcomes:
            if o.document is not None and o.hidden:
                lines.append(i18n.arg(self.tr("“%1”: %2 pieces of hidden text (white, tiny, off the page or invisible "
                                              "characters) were left out of what the agents read; the file keeps "
                                              "them."), o.document.title, str(o.hidden)))
        lines += [f"⚠ {o.message} [{o.code}]" for o in report.refused]
        if report.cancelled:
            lines.append(self.tr("Cancelled: the document being read was not kept."))
        return "\n".join(lines) or self.tr("Nothing was imported.")

    def _on_remove(self) -> None:
        item = self.documents.currentItem()
        if item is None or self.job is not None:
            return
        try:
            self.studio.knowledge.remove_document(self.project_id, str(item.data(0, Qt.ItemDataRole.UserRole)))
        except KnowledgeError as exc:
            present_error(exc, show=self._say)
            return
        self._say(i18n.arg(self.tr("Removed “%1”."), item.text(0)))
        self.refresh()

    # -- search ------------------------------------------------------------------------------------
    def run_search(self) -> None:
        """Starts the search (debounced while typing; Enter at once). The query and the highlighted HTML
        of the top passages are made on worker threads; only ``setHtml`` runs here (bench/library_dock.py).
        A later query's answer wins over an earlier one's."""
        self._search_timer.stop()
        query = self.search.text().strip()
        if not query:
            self._searches.drop("search")  # an answer still coming for the text before is not shown
            self.results.clear()
            return
        search, project_id = self.studio.knowledge.search, self.project_id

        def work() -> str | None:  # the highlighted page, made here too; None: no passage
            passages = search(project_id, query)
            return passages_html(passages, query) if passages else None

        self._searches.start("search", work, lambda outcome: self._on_search_done(query, outcome))

    def _on_search_done(self, query: str, outcome: Outcome[str | None]) -> None:
        if isinstance(outcome, Failed) and isinstance(outcome.error, KnowledgeError):
            page = f"<p>{html.escape(outcome.error.message)}</p>"
        else:
            found = outcome.result()
            page = found if found is not None else self.tr("<p>No passage contains these words. Try other words.</p>")
        self.results.setHtml(page)
        self.searched.emit(query)

    # -- the document viewer -----------------------------------------------------------------------
    def _on_link(self, href: str) -> None:
        target = parse_citation_href(href)
        if target is not None:
            self.open_citation(target)

    def open_citation(self, target: CitationTarget) -> None:
        """Opens the cited document in the viewer, its range highlighted (read off the GUI thread; the latest
        opened wins)."""
        read, project_id = self.studio.knowledge.document_text, self.project_id
        self._documents.start("document", lambda: read(project_id, target.document_id),
                              lambda outcome: self._on_document_read(target, outcome))

    def _on_document_read(self, target: CitationTarget,
                          outcome: Outcome[tuple[DocumentInfo, str, list[Chunk]]]) -> None:
        if isinstance(outcome, Failed) and isinstance(outcome.error, KnowledgeError):
            self._say(self.tr("That document is no longer in this project's knowledge library."))
            return
        doc, text, chunks = outcome.result()
        self.pages.setCurrentWidget(self.viewer)
        self.viewer.show_document(doc, text, target.char_start, target.char_end, self._where(target, chunks))
        self.document_shown.emit(doc.id)

    def _where(self, target: CitationTarget, chunks: list[Chunk]) -> str:
        if target.char_end <= target.char_start:
            return ""
        chunk = next((c for c in chunks if c.char_start <= target.char_start < c.char_end), None)
        parts = []
        if chunk is not None and chunk.page is not None:
            parts.append(self.tr("page %1").replace("%1", str(chunk.page)))
        if chunk is not None and chunk.section:
            parts.append(self.tr("section “%1”").replace("%1", " › ".join(chunk.section)))
        at = page_start(chunks, chunk.page) if chunk is not None else 0  # counted within the page, as cited
        parts.append(self.tr("characters %1–%2").replace("%1", str(target.char_start - at))
                     .replace("%2", str(target.char_end - at)))
        return ", ".join(parts)
