"""File → Export…: the shown chat's answers as a manuscript (DOCX, EPUB, Markdown, plain text; docs/export.md).

The dialog lists the chat's answers (all ticked; untick the ones to leave out), the format, the DOCX preset,
the title, the author and the language, and previews the chapter list the export will have. Reading the
structure (the preview) and writing the file each run on a ``BackgroundReads`` lane (``ui/background.py``;
the latest preview wins), so a 500,000-word book never holds the GUI thread; a progress bar follows the
chapters written (a queued signal from the writing thread).
When the file is written its folder opens in the file manager (``QDesktopServices.openUrl``).

Signals:
    exported(ExportResult): the file is written.
    export_failed(str code, str message): nothing was written.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSettings, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from relay_studio.manuscript import SUFFIXES, Answer, ExportError, ExportResult, answers_of, build, export
from relay_studio.manuscript.inline import plain
from relay_studio.manuscript.structure import Manuscript, first_heading
from relay_studio.ui import file_dialogs, i18n
from relay_studio.ui.background import BackgroundReads, Failed, Outcome

if TYPE_CHECKING:
    from relay_studio.ui.studio import Studio
    from relay_studio.ui.window_host import WindowHost

AUTHOR_KEY = "export/author"
FOLDER_KEY = "export/folder"
#: the manuscript format's contact block (legal name, address, phone, email), remembered like the author
CONTACT_KEYS = ("export/contactName", "export/contactAddress", "export/contactPhone", "export/contactEmail")
# how long the preview waits after the last change before it reads the structure again
PREVIEW_DELAY_MS = 150


def _file_name(name: str) -> str:
    cleaned = "".join("-" if c in '<>:"/\\|?*' or ord(c) < 32 else c for c in name).strip(" .")
    return cleaned or "manuscript"


class ExportDialog(QDialog):
    exported = Signal(object)
    export_failed = Signal(str, str)
    _progressed = Signal(int, int)  # (chapters written, chapters) from the writing thread

    def __init__(self, studio: Studio, chat_id: str, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ExportDialog")
        self.setWindowTitle(self.tr("Export manuscript"))
        self.studio = studio
        self.settings = settings
        chat = studio.chats.get(chat_id)
        self.chat_name = i18n.chat_name(chat.name) if chat else ""
        self.answers: list[Answer] = answers_of(studio.chats.messages(chat_id)) if chat else []
        project = studio.projects.get(chat.project_id) if chat and chat.project_id else None
        #: the project a book is written in names it; else the title the text opens with; else the chat's name
        self.default_title, self.title_source = default_title(
            project.name if project is not None and not studio.projects.is_first(project.id) else "",
            first_heading(self.answers), self.chat_name)
        self.manuscript: Manuscript | None = None
        self.written: ExportResult | None = None
        self.running = False
        self._previews = BackgroundReads("export-preview", self)
        self._writes = BackgroundReads("export-write", self)
        self._build()
        self._progressed.connect(self._on_progress)
        self._preview_timer = QTimer(self)
        self._preview_timer.setSingleShot(True)
        self._preview_timer.setInterval(PREVIEW_DELAY_MS)
        self._preview_timer.timeout.connect(self.refresh_preview)
        self.refresh_preview()

    # -- layout ------------------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.format_box = QComboBox()
        self.format_box.setObjectName("ExportFormat")
        for label, fmt in ((self.tr("Word document (.docx)"), "docx"), (self.tr("EPUB e-book (.epub)"), "epub"),
                           (self.tr("Markdown (.md)"), "md"), (self.tr("Plain text (.txt)"), "txt")):
            self.format_box.addItem(label, fmt)
        self.preset_box = QComboBox()
        self.preset_box.setObjectName("ExportPreset")
        self.preset_box.addItem(self.tr("Standard manuscript format (12 pt, double-spaced, running header)"),
                                "manuscript")
        self.preset_box.addItem(self.tr("Book (heading styles for navigation and import)"), "book")
        self.title_edit = QLineEdit(self.default_title)
        self.title_edit.setObjectName("ExportTitle")
        self.title_edit.setToolTip({"project": self.tr("The project's name"),
                                    "heading": self.tr("The heading the first answer opens with"),
                                    "chat": self.tr("The chat's name")}[self.title_source])
        self.author_edit = QLineEdit(str(self.settings.value(AUTHOR_KEY, "") or ""))
        self.author_edit.setObjectName("ExportAuthor")
        self.language_edit = QLineEdit()
        self.language_edit.setObjectName("ExportLanguage")
        self.language_edit.setPlaceholderText(self.tr("from the text (e.g. en, de, zh, ja)"))
        form.addRow(self.tr("&Format:"), self.format_box)
        form.addRow(self.tr("&Preset:"), self.preset_box)
        form.addRow(self.tr("&Title:"), self.title_edit)
        form.addRow(self.tr("&Author:"), self.author_edit)
        form.addRow(self.tr("&Language:"), self.language_edit)
        layout.addLayout(form)
        layout.addWidget(self._contact_box())

        lists = QHBoxLayout()
        left, right = QVBoxLayout(), QVBoxLayout()
        left.addWidget(QLabel(self.tr("Answers to include:")))
        self.answer_list = QListWidget()
        self.answer_list.setObjectName("ExportAnswers")
        for index, answer in enumerate(self.answers):
            first = plain(answer.text.lstrip().split("\n", 1)[0].lstrip("# "))
            item = QListWidgetItem(f"{index + 1}. {answer.label + ' — ' if answer.label else ''}{first[:60]}")
            item.setData(Qt.ItemDataRole.UserRole, answer.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.answer_list.addItem(item)
        left.addWidget(self.answer_list)
        right.addWidget(QLabel(self.tr("Chapters:")))
        self.chapter_list = QListWidget()
        self.chapter_list.setObjectName("ExportChapters")
        right.addWidget(self.chapter_list)
        self.summary = QLabel()
        self.summary.setObjectName("ExportSummary")
        right.addWidget(self.summary)
        lists.addLayout(left, 1)
        lists.addLayout(right, 1)
        layout.addLayout(lists)

        where = QHBoxLayout()
        self.path_edit = QLineEdit()
        self.path_edit.setObjectName("ExportPath")
        self.browse_button = QPushButton(self.tr("&Browse…"))
        self.browse_button.setObjectName("ExportBrowse")
        where.addWidget(QLabel(self.tr("Save as:")))
        where.addWidget(self.path_edit, 1)
        where.addWidget(self.browse_button)
        layout.addLayout(where)
        self.progress = QProgressBar()
        self.progress.setObjectName("ExportProgress")
        self.progress.hide()
        layout.addWidget(self.progress)
        self.status = QLabel()
        self.status.setObjectName("ExportStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.export_button = self.buttons.addButton(self.tr("&Export"), QDialogButtonBox.ButtonRole.ActionRole)
        self.export_button.setObjectName("ExportButton")
        self.export_button.setDefault(True)
        layout.addWidget(self.buttons)
        self.resize(760, 660)

        self.buttons.rejected.connect(self.reject)
        self.export_button.clicked.connect(self.start_export)
        self.browse_button.clicked.connect(self.choose_path)
        self.format_box.currentIndexChanged.connect(self._on_format)
        self.preset_box.currentIndexChanged.connect(self._on_format)
        self.answer_list.itemChanged.connect(lambda _item: self._preview_timer.start())
        self.title_edit.textChanged.connect(lambda _text: self._preview_timer.start())
        self.language_edit.textChanged.connect(lambda _text: self._preview_timer.start())
        self._on_format()

    def _contact_box(self) -> QGroupBox:
        """The contact block standard manuscript format puts top left on the title page (DOCX, manuscript
        preset only), remembered for the next export."""
        self.contact_box = box = QGroupBox(self.tr("Contact on the title page (manuscript format)"))
        box.setObjectName("ExportContact")
        grid = QFormLayout(box)
        grid.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.contact_name = QLineEdit()
        self.contact_name.setPlaceholderText(self.tr("as the author, when empty"))
        self.contact_address = QPlainTextEdit()
        self.contact_address.setTabChangesFocus(True)
        self.contact_address.setPlaceholderText(self.tr("Street, town, postcode, country"))
        self.contact_address.setFixedHeight(self.fontMetrics().lineSpacing() * 3 + 12)
        self.contact_phone = QLineEdit()
        self.contact_email = QLineEdit()
        for edit, key in zip(self.contact_fields(), CONTACT_KEYS, strict=True):
            value = str(self.settings.value(key, "") or "")
            if isinstance(edit, QPlainTextEdit):
                edit.setPlainText(value)
            else:
                edit.setText(value)
        grid.addRow(self.tr("Legal &name:"), self.contact_name)
        grid.addRow(self.tr("A&ddress:"), self.contact_address)
        grid.addRow(self.tr("P&hone:"), self.contact_phone)
        grid.addRow(self.tr("E&mail:"), self.contact_email)
        return box

    def contact_fields(self) -> tuple[QLineEdit | QPlainTextEdit, ...]:
        return self.contact_name, self.contact_address, self.contact_phone, self.contact_email

    def contact_lines(self) -> list[str]:
        """The title page's contact block: the legal name (else the author), the address's lines, phone, email."""
        if not any(_text(f).strip() for f in self.contact_fields()):
            return []
        name = self.contact_name.text().strip() or self.author_edit.text().strip()
        return [name, *self.contact_address.toPlainText().splitlines(), self.contact_phone.text(),
                self.contact_email.text()]

    def fmt(self) -> str:
        return str(self.format_box.currentData())

    def preset(self) -> str:
        return str(self.preset_box.currentData())

    def selected_answers(self) -> list[Answer]:
        chosen = {self.answer_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.answer_list.count())
                  if self.answer_list.item(i).checkState() == Qt.CheckState.Checked}
        return [a for a in self.answers if a.id in chosen]

    def _on_format(self) -> None:
        self.preset_box.setEnabled(self.fmt() == "docx")
        self.contact_box.setVisible(self.fmt() == "docx" and self.preset() == "manuscript")
        path = self.path_edit.text().strip()
        suffix = SUFFIXES[self.fmt()]
        if not path:
            folder = Path(str(self.settings.value(FOLDER_KEY, "") or "") or Path.home())
            self.path_edit.setText(str(folder / f"{_file_name(self.title_edit.text() or self.chat_name)}{suffix}"))
        elif Path(path).suffix.lower() in (*SUFFIXES.values(), ".markdown"):
            self.path_edit.setText(str(Path(path).with_suffix(suffix)))

    def choose_path(self) -> None:
        current = Path(self.path_edit.text().strip() or Path.home())
        self.file_dialog: QFileDialog = file_dialogs.save_file(
            self, self.tr("Export manuscript"), current.parent, self.tr("All files (*)"), "ExportFileDialog",
            current.name, SUFFIXES[self.fmt()].lstrip("."), lambda path: self.path_edit.setText(str(path)))

    # -- the preview (structure read off the GUI thread) ---------------------------------------------
    def _manuscript_inputs(self) -> tuple[list[Answer], str, str, str]:
        return (self.selected_answers(), self.title_edit.text().strip() or self.chat_name,
                self.author_edit.text().strip(), self.language_edit.text().strip())

    def refresh_preview(self) -> None:
        answers, title, author, language = self._manuscript_inputs()

        def read() -> Manuscript:
            manuscript = build(answers, title=title, author=author, language=language)
            manuscript.words()  # counted here, not on the GUI thread
            return manuscript

        self._previews.start("preview", read, self._on_previewed)  # a later change's preview wins

    def _on_previewed(self, outcome: Outcome[Manuscript]) -> None:
        self.manuscript = manuscript = outcome.result()
        self.chapter_list.clear()
        for chapter in manuscript.chapters:
            if chapter.part:
                self.chapter_list.addItem(plain(chapter.part))
            self.chapter_list.addItem(("    " if chapter.part or any(c.part for c in manuscript.chapters) else "")
                                      + plain(chapter.title))
        self.summary.setText(i18n.arg(self.tr("%n chapter(s)", "", len(manuscript.chapters)) + " · "
                                      + self.tr("%n word(s)", "", manuscript.words()) + " · "
                                      + self.tr("language: %1"), manuscript.language))
        if not self.running:
            self.export_button.setEnabled(bool(manuscript.chapters))
        if not self.answers:
            self.status.setText(self.tr("This chat has no answers yet: there is nothing to export."))
        elif not manuscript.chapters:
            self.status.setText(self.tr("Tick at least one answer to export."))
        elif not self.running and self.written is None:
            self.status.clear()

    # -- the export (off the GUI thread) ------------------------------------------------------------
    def start_export(self) -> None:
        if self.running:
            return
        text = self.path_edit.text().strip()
        if not text:
            self.status.setText(self.tr("Say where to save the file."))
            return
        path = Path(text).expanduser()
        answers, title, author, language = self._manuscript_inputs()
        fmt, preset = self.fmt(), self.preset()
        self.settings.setValue(AUTHOR_KEY, author)
        contact = self.contact_lines() if self.contact_box.isVisible() else []
        for edit, key in zip(self.contact_fields(), CONTACT_KEYS, strict=True):
            self.settings.setValue(key, _text(edit))
        self.settings.setValue(FOLDER_KEY, str(path.parent))
        self.running = True
        self.written = None
        self.export_button.setEnabled(False)
        self.progress.setRange(0, 0)
        self.progress.show()
        self.status.setText(i18n.arg(self.tr("Writing %1…"), path.name))

        def write() -> ExportResult:
            manuscript = build(answers, title=title, author=author, language=language, contact=contact)
            return export(manuscript, path, fmt, preset=preset,
                          progress=lambda done, total: self._progressed.emit(done, total))

        self._writes.start("export", write, self._on_written)

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)

    def _on_written(self, outcome: Outcome[ExportResult]) -> None:
        if isinstance(outcome, Failed) and not isinstance(outcome.error, ExportError):
            outcome.result()  # a bug, not a refusal: raised here, on the GUI thread
        self.running = False
        self.export_button.setEnabled(True)
        self.progress.hide()
        if isinstance(outcome, Failed):
            refused = outcome.error
            assert isinstance(refused, ExportError)
            self.status.setText(f"⚠ {refused.message} [{refused.code}]")
            self.export_failed.emit(refused.code, refused.message)
            return
        self.written = result = outcome.value
        self.status.setText(i18n.arg(self.tr("Wrote %1 (%2, %3)."), str(result.path),
                                     self.tr("%n chapter(s)", "", result.chapters),
                                     self.tr("%n word(s)", "", result.words)))
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(result.path.parent)))
        self.exported.emit(result)


def _text(edit: QLineEdit | QPlainTextEdit) -> str:
    return edit.toPlainText() if isinstance(edit, QPlainTextEdit) else edit.text()


def default_title(project_name: str, heading: str, chat_name: str) -> tuple[str, str]:
    """The title an export starts with, and where it came from: the project's name when the chat is in a project
    of the creator's (a project is the book), else the heading the first answer opens with, else the chat's
    name."""
    if project_name.strip():
        return project_name.strip(), "project"
    if heading.strip():
        return heading.strip(), "heading"
    return chat_name, "chat"


def open_export_dialog(window: WindowHost) -> ExportDialog | None:
    """File → Export… on the shown chat (none shown: nothing opens); the dialog, which the window keeps."""
    if not window.chat_id or window.studio.chats.get(window.chat_id) is None:
        window.statusBar().showMessage(QCoreApplication.translate("ExportDialog", "Open a chat to export its answers."),
                                       8000)
        return None
    dialog = ExportDialog(window.studio, window.chat_id, window.settings, window.window())
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.exported.connect(lambda result: window.statusBar().showMessage(
        i18n.arg(QCoreApplication.translate("ExportDialog", "Exported the manuscript to %1."), str(result.path)),
        15000))
    dialog.open()
    return dialog
