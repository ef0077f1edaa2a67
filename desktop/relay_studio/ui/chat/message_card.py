"""One chat message as a card: author, markdown body, its committed versions, mentions, Find's highlights
and the sources its run looked up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import QColor, QCursor, QGuiApplication, QPalette, QTextCharFormat, QTextDocument
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QMenu, QToolTip, QVBoxLayout, QWidget

from relay_studio.domain.enums import CommitMarker
from relay_studio.domain.records import CommitRecord, MessageRecord
from relay_studio.library.macros import MacroNames
from relay_studio.ui import i18n, theme
from relay_studio.ui.chat.card_chrome import ColumnLabel, fit_to_column, tool_button
from relay_studio.ui.chat.markdown import markdown_document
from relay_studio.ui.chat.mention_marks import MentionIndex, entry_tooltip
from relay_studio.ui.library.citations import citation_link, parse_citation_href


class MessageCard(QFrame):
    """One chat message: author, markdown body, and for assistant messages the committed versions.
    Mentions of story library entries are underlined (``mention_marks``); hovering one shows the entry,
    clicking it asks to open the entry.

    Signals:
        regenerate(str message_id)
        edit(str message_id)
        delete(str message_id)
        show_run(str run_id)
        open_entry(str path): a mention was clicked (the entry's file, relative to the project)
        open_citation(CitationTarget): a source was clicked
        add_to_canon(str message_id, str quote): "Add to canon" on a selection of the body (its context menu)

    Below the body, "Sources": the knowledge passages the shown version's run looked up
    (``knowledge.search`` citations), one link each, which open the document at that place.
    """

    regenerate = Signal(str)
    edit = Signal(str)
    delete = Signal(str)
    show_run = Signal(str)
    open_entry = Signal(str)
    open_citation = Signal(object)
    add_to_canon = Signal(str, str)

    def __init__(self, message: MessageRecord, versions: list[CommitRecord] | None = None,
                 agent_names: dict[str, str] | None = None, parent: QWidget | None = None,
                 mentions: MentionIndex | None = None,
                 citations: Callable[[str], list[dict[str, Any]]] | None = None,
                 macro_names: Callable[[MessageRecord], MacroNames] | None = None,
                 finisher: Callable[[str], str] | None = None) -> None:
        super().__init__(parent)
        self._citations = citations
        self._finisher = finisher  # run id -> the agent whose stage ended that run
        self._macro_names = macro_names  # what {{user}} / {{char}} mean in this message's tooltips
        self.mentions = mentions or MentionIndex()
        self.mention_count = 0  # mentions underlined in the shown body
        self.setObjectName("MessageCard")
        self.setProperty("role", message.role)
        self.message = message
        self.versions = versions or []
        self.agent_names = agent_names or {}
        self.version_index = len(self.versions) - 1
        self._needle = ""  # what Find highlights in the body, if anything
        self._rendered_in: tuple[QColor, QColor, theme.Colors] | None = None  # the colours the body was rendered in
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 10)
        header = QHBoxLayout()
        self.author = QLabel()
        self.author.setObjectName("MessageAuthor")
        header.addWidget(self.author)
        # how the shown version came about ("answered in plain text", "finished by Finalizer"): on a line of
        # its own under the header, so the header keeps to the author and the buttons at every width
        self.marker_label = ColumnLabel()
        self.marker_label.setObjectName("Muted")
        self.marker_label.setWordWrap(True)
        fit_to_column(self.marker_label)
        header.addStretch(1)
        self.prev_button = tool_button("◀", self.tr("Earlier version"))
        self.version_label = QLabel()
        self.version_label.setObjectName("Muted")
        self.next_button = tool_button("▶", self.tr("Later version"))
        self.prev_button.clicked.connect(lambda: self.show_version(self.version_index - 1))
        self.next_button.clicked.connect(lambda: self.show_version(self.version_index + 1))
        for w in (self.prev_button, self.version_label, self.next_button):
            header.addWidget(w)
        self.copy_button = tool_button(self.tr("Copy"), self.tr("Copy this message"))
        self.copy_button.clicked.connect(self.copy)
        header.addWidget(self.copy_button)
        if message.role == "assistant":
            self.regen_button = tool_button(self.tr("Regenerate"), self.tr("Answer the same request again; this "
                                                                            "answer stays "
                                                                   "as an earlier version"))
            self.regen_button.clicked.connect(lambda: self.regenerate.emit(message.id))
            header.addWidget(self.regen_button)
            if message.run_id:
                run_button = tool_button(self.tr("Timeline"), self.tr("Show this run on the timeline"))
                run_button.clicked.connect(lambda: self.show_run.emit(message.run_id or ""))
                header.addWidget(run_button)
        else:
            self.edit_button = tool_button(self.tr("Edit"), self.tr("Edit this message and send it again as a new "
                                                                                "message"))
            self.edit_button.clicked.connect(lambda: self.edit.emit(message.id))
            header.addWidget(self.edit_button)
        self.delete_button = tool_button(self.tr("Delete"), self.tr("Remove this message from the chat (what agents "
                                                                    "committed stays in the run's history)"))
        self.delete_button.clicked.connect(lambda: self.delete.emit(message.id))
        header.addWidget(self.delete_button)
        layout.addLayout(header)
        layout.addWidget(self.marker_label)
        self.body = ColumnLabel()
        self.body.setWordWrap(True)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        fit_to_column(self.body)
        self.body.linkHovered.connect(self._on_link_hovered)
        self.body.linkActivated.connect(self._on_link_activated)
        self.body.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.body.customContextMenuRequested.connect(self._on_body_menu)
        layout.addWidget(self.body)
        # "Sources": a heading and one label of links, made when the shown version's run cited something
        self.sources: QWidget | None = None
        self.sources_label: ColumnLabel | None = None
        self.show_version(self.version_index)

    def _show_sources(self) -> None:
        """One link per passage the shown version's run looked up, all in one label (a label per link made a
        card of a book's answer a dozen widgets more to lay out)."""
        run_id = (self.versions[self.version_index].run_id if self.versions and 0 <= self.version_index
                  < len(self.versions) else self.message.run_id)
        cited = self._citations(run_id) if self._citations and run_id and self.message.role == "assistant" else []
        if not cited:
            if self.sources is not None:
                self.sources.hide()
            return
        if self.sources is None or self.sources_label is None:
            self.sources = QWidget()
            self.sources.setObjectName("MessageSources")
            layout = QVBoxLayout(self.sources)
            layout.setContentsMargins(0, 4, 0, 0)
            layout.setSpacing(2)
            heading = QLabel(self.tr("Sources the agents looked up"))
            heading.setObjectName("Muted")
            layout.addWidget(heading)
            self.sources_label = ColumnLabel()
            self.sources_label.setObjectName("SourceLink")
            self.sources_label.setWordWrap(True)
            fit_to_column(self.sources_label)
            self.sources_label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
            self.sources_label.setToolTip(self.tr("Open the document at this place"))
            self.sources_label.linkActivated.connect(self._on_source)
            layout.addWidget(self.sources_label)
            frame = self.layout()
            assert isinstance(frame, QVBoxLayout)
            frame.addWidget(self.sources)
        self.sources_label.setText("<br>".join(citation_link(c) for c in cited))
        self.sources.show()

    def _on_source(self, href: str) -> None:
        target = parse_citation_href(href)
        if target is not None:
            self.open_citation.emit(target)

    def set_mentions(self, mentions: MentionIndex) -> None:
        """Uses another project library (it changed); the body is laid out again only when the mentions
        in it changed."""
        old, self.mentions = self.mentions, mentions
        text = self.shown_text
        before = [(start, end, old.by_path.get(path)) for start, end, path in old.spans(text)]
        after = [(start, end, mentions.by_path.get(path)) for start, end, path in mentions.spans(text)]
        if self._needle:
            self.highlight(self._needle)
        elif before != after:
            self._render(text)

    def body_menu(self) -> QMenu:
        """The body's context menu: Copy, and "Add to canon" for the selected words."""
        menu = QMenu(self)
        menu.setObjectName("MessageBodyMenu")
        # a rich-text label separates paragraphs with U+2029 in its selection: the message's text has newlines
        selected = self.body.selectedText().replace("\u2029", "\n").strip()
        copy = menu.addAction(self.tr("Copy"), lambda: QGuiApplication.clipboard().setText(selected))
        copy.setEnabled(bool(selected))
        add = menu.addAction(self.tr("Add to canon…"), lambda: self.add_to_canon.emit(self.message.id, selected))
        add.setEnabled(bool(selected))
        return menu

    def _on_body_menu(self, pos: QPoint) -> None:
        self.body_menu().popup(self.body.mapToGlobal(pos))

    def _on_link_hovered(self, href: str) -> None:
        item = self.mentions.entry_for(href)
        if item is None:
            QToolTip.hideText()
            return
        names = self._macro_names(self.message) if self._macro_names is not None else None
        QToolTip.showText(QCursor.pos(), entry_tooltip(item, names), self.body)

    def _on_link_activated(self, href: str) -> None:
        item = self.mentions.entry_for(href)
        if item is not None:
            self.open_entry.emit(item.path)

    @property
    def shown_text(self) -> str:
        if self.versions and 0 <= self.version_index < len(self.versions):
            return self.versions[self.version_index].content
        return self.message.content

    def show_version(self, index: int) -> None:
        if self.versions:
            self.version_index = max(0, min(index, len(self.versions) - 1))
        many = len(self.versions) > 1
        for w in (self.prev_button, self.version_label, self.next_button):
            w.setVisible(many)
        if many:
            self.prev_button.setEnabled(self.version_index > 0)
            self.next_button.setEnabled(self.version_index < len(self.versions) - 1)
            self.version_label.setText(i18n.arg(self.tr("version %1 of %2"), self.version_index + 1,
                                                len(self.versions)))
        self.author.setText(self._author())
        marker = self.versions[self.version_index].marker if self.versions else None
        # how a version came about, when not by a commit: shown beside the author
        words = {CommitMarker.STOPPED: self.tr("stopped"), CommitMarker.TEXT_ANSWER: self.tr("answered in plain text")}
        notes = [words.get(marker, "")] if marker else []
        finished = self._finished_by()
        if finished:  # the text is the author's; another stage ended the run (the status bar names that one)
            notes.append(i18n.arg(self.tr("finished by %1"), finished))
        self.marker_label.setText(" · ".join(n for n in notes if n))
        self.marker_label.setVisible(bool(self.marker_label.text()))
        self._render(self.shown_text)
        self._show_sources()

    def _render(self, text: str) -> None:
        """Assistant messages as styled markdown (tables, code blocks, quotes), the creator's as typed;
        mentions underlined."""
        if self.message.role != "assistant" and not any(self.mentions.spans(line) for line in text.split("\n")):
            self.mention_count = 0
            self.body.setTextFormat(Qt.TextFormat.PlainText)
            self.body.setText(text)
            return
        self._rendered_in = self._colors()
        doc = self._document(text)
        self._mark_mentions(doc)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setText(doc.toHtml())

    def _colors(self) -> tuple[QColor, QColor, theme.Colors]:
        """What a rendered body's colours come from: the palette's link and text colours, and the theme."""
        palette = self.palette()
        return (palette.color(QPalette.ColorRole.Link), palette.color(QPalette.ColorRole.WindowText),
                theme.colors())

    def _mark_mentions(self, doc: QTextDocument) -> None:
        link, text, _dark = self._colors()
        self.mention_count = self.mentions.mark(doc, link, text)

    def _finished_by(self) -> str:
        """The agent that ended the shown version's run, when it is not the version's author."""
        if self.message.role != "assistant" or self._finisher is None:
            return ""
        version = self.versions[self.version_index] if self.versions and 0 <= self.version_index < len(
            self.versions) else None
        run_id = version.run_id if version is not None else self.message.run_id
        finisher = self._finisher(run_id) if run_id else ""
        # the finisher is named by its id when its agent is gone ("scribe"), the author by its stored name
        author_id = version.agent_id if version is not None else self.message.agent_id
        return finisher if finisher and finisher not in (self._author(), author_id) else ""

    def _author(self) -> str:
        m = self.message
        if m.role == "user":
            return self.tr("You")
        if self.versions and 0 <= self.version_index < len(self.versions):
            agent = self.versions[self.version_index].agent_id
            # an agent since deleted (or a project's data from elsewhere) keeps the name the message was stored with
            kept = m.agent_name if agent == m.agent_id else None
            return self.agent_names.get(agent) or kept or agent
        return m.agent_name or m.agent_id or self.tr("Assistant")

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.shown_text)

    def changeEvent(self, event: QEvent) -> None:
        """A theme change re-renders the body: its links, tables and code take the theme's colours."""
        super().changeEvent(event)
        if (event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange)
                and self.message.role == "assistant" and not self._needle and self._colors() != self._rendered_in):
            self._render(self.shown_text)  # (a card put into the column hears of a palette change with no new colour)

    def set_found(self, found: bool) -> None:
        self.setStyleSheet("QFrame#MessageCard { border: 2px solid #e0a100; }" if found else "")

    @property
    def plain_text(self) -> str:
        """The shown version as the creator reads it (markdown rendered): what Find searches."""
        return self._document(self.shown_text).toPlainText()

    def _document(self, text: str) -> QTextDocument:
        if self.message.role == "assistant":
            return markdown_document(text)
        doc = QTextDocument()
        doc.setPlainText(text)
        return doc

    def count_matches(self, needle: str) -> int:
        return self.plain_text.lower().count(needle.lower()) if needle else 0

    def highlight(self, needle: str, current: int = -1) -> None:
        """Marks every match of ``needle`` in the body, the ``current``-th (0-based) more strongly;
        an empty needle shows the body as it was."""
        self._needle = needle
        if not needle:
            self._render(self.shown_text)
            return
        doc = self._document(self.shown_text)
        self._mark_mentions(doc)
        colors = theme.colors()
        cursor = doc.find(needle)
        n = 0
        while not cursor.isNull():
            fmt = QTextCharFormat()
            fmt.setBackground(colors.find_current if n == current else colors.find_match)
            fmt.setForeground(QColor("#000000"))
            cursor.mergeCharFormat(fmt)
            n += 1
            cursor = doc.find(needle, cursor)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setText(doc.toHtml())
