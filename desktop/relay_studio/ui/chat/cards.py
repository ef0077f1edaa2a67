"""The cards of the chat column: a message, a run notice, the handoff document a chat starts from (and,
collapsed, the one a chat handed off), a lineage marker, the welcome card, the live run card.

Signals are listed per class. The live card appends streamed text at the end with a text cursor,
once per frame; it never re-renders what is already there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QCursor,
    QGuiApplication,
    QHideEvent,
    QPalette,
    QShowEvent,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from relay_studio.domain.enums import CommitMarker
from relay_studio.domain.records import CommitRecord, MessageRecord
from relay_studio.library.macros import MacroNames
from relay_studio.runtime.session_handoff import document_of
from relay_studio.ui import i18n, theme
from relay_studio.ui.call_progress import TICK_MS, CallClock, progress_text
from relay_studio.ui.chat.markdown import markdown_document, markdown_html
from relay_studio.ui.chat.mention_marks import MentionIndex, entry_tooltip
from relay_studio.ui.chat.transcript import HandedOffEntry, LineageMarker, RunNotice
from relay_studio.ui.library.citations import citation_link, parse_citation_href

LIVE_LINE_CHARS = 600


def _cjk_break(text: str, start: int) -> int:
    """The first place at or after ``start`` where a line may break between two CJK characters (after
    one, before the next), or -1; such text has no spaces to break at."""
    for i in range(max(start, 1), len(text)):
        if _is_cjk(text[i - 1]) and _is_cjk(text[i]):
            return i
    return -1


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return 0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF


def fit_to_column(label: QLabel) -> None:
    """A wrapping label that takes the column's width and never asks for more (a long word, a wide table
    or a code line is cut at the card's edge rather than widening the chat past its column)."""
    policy = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Minimum)
    policy.setHeightForWidth(True)
    label.setSizePolicy(policy)
    label.setMinimumWidth(1)


def _tool_button(text: str, tip: str) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setAutoRaise(True)
    return button


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

    Below the body, "Sources": the knowledge passages the shown version's run looked up
    (``knowledge.search`` citations), one link each, which open the document at that place.
    """

    regenerate = Signal(str)
    edit = Signal(str)
    delete = Signal(str)
    show_run = Signal(str)
    open_entry = Signal(str)
    open_citation = Signal(object)

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
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 10)
        header = QHBoxLayout()
        self.author = QLabel()
        self.author.setObjectName("MessageAuthor")
        header.addWidget(self.author)
        # how the shown version came about ("answered in plain text", "finished by Finalizer"): on a line of
        # its own under the header, so the header keeps to the author and the buttons at every width
        self.marker_label = QLabel()
        self.marker_label.setObjectName("Muted")
        self.marker_label.setWordWrap(True)
        fit_to_column(self.marker_label)
        header.addStretch(1)
        self.prev_button = _tool_button("◀", self.tr("Earlier version"))
        self.version_label = QLabel()
        self.version_label.setObjectName("Muted")
        self.next_button = _tool_button("▶", self.tr("Later version"))
        self.prev_button.clicked.connect(lambda: self.show_version(self.version_index - 1))
        self.next_button.clicked.connect(lambda: self.show_version(self.version_index + 1))
        for w in (self.prev_button, self.version_label, self.next_button):
            header.addWidget(w)
        self.copy_button = _tool_button(self.tr("Copy"), self.tr("Copy this message"))
        self.copy_button.clicked.connect(self.copy)
        header.addWidget(self.copy_button)
        if message.role == "assistant":
            self.regen_button = _tool_button(self.tr("Regenerate"), self.tr("Answer the same request again; this "
                                                                            "answer stays "
                                                                   "as an earlier version"))
            self.regen_button.clicked.connect(lambda: self.regenerate.emit(message.id))
            header.addWidget(self.regen_button)
            if message.run_id:
                run_button = _tool_button(self.tr("Timeline"), self.tr("Show this run on the timeline"))
                run_button.clicked.connect(lambda: self.show_run.emit(message.run_id or ""))
                header.addWidget(run_button)
        else:
            self.edit_button = _tool_button(self.tr("Edit"), self.tr("Edit this message and send it again as a new "
                                                                                "message"))
            self.edit_button.clicked.connect(lambda: self.edit.emit(message.id))
            header.addWidget(self.edit_button)
        self.delete_button = _tool_button(self.tr("Delete"), self.tr("Remove this message from the chat (what agents "
                                                                    "committed stays in the run's history)"))
        self.delete_button.clicked.connect(lambda: self.delete.emit(message.id))
        header.addWidget(self.delete_button)
        layout.addLayout(header)
        layout.addWidget(self.marker_label)
        self.body = QLabel()
        self.body.setWordWrap(True)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        fit_to_column(self.body)
        self.body.linkHovered.connect(self._on_link_hovered)
        self.body.linkActivated.connect(self._on_link_activated)
        layout.addWidget(self.body)
        self.sources = QWidget()
        self.sources.setObjectName("MessageSources")
        self.sources_layout = QVBoxLayout(self.sources)
        self.sources_layout.setContentsMargins(0, 4, 0, 0)
        self.sources_layout.setSpacing(2)
        self.source_links: list[QLabel] = []
        self.sources.hide()
        layout.addWidget(self.sources)
        self.show_version(self.version_index)

    def _show_sources(self) -> None:
        run_id = (self.versions[self.version_index].run_id if self.versions and 0 <= self.version_index
                  < len(self.versions) else self.message.run_id)
        cited = self._citations(run_id) if self._citations and run_id and self.message.role == "assistant" else []
        for label in self.source_links:
            self.sources_layout.removeWidget(label)
            label.deleteLater()
        self.source_links = []
        if cited and not self.sources_layout.count():
            heading = QLabel(self.tr("Sources the agents looked up"))
            heading.setObjectName("Muted")
            self.sources_layout.addWidget(heading)
        for c in cited:
            link = QLabel(citation_link(c))
            link.setObjectName("SourceLink")
            link.setWordWrap(True)
            fit_to_column(link)
            link.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
            link.setToolTip(self.tr("Open the document at this place"))
            link.linkActivated.connect(self._on_source)
            self.sources_layout.addWidget(link)
            self.source_links.append(link)
        self.sources.setVisible(bool(cited))

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
        doc = self._document(text)
        self._mark_mentions(doc)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setText(doc.toHtml())

    def _mark_mentions(self, doc: QTextDocument) -> None:
        palette = self.palette()
        self.mention_count = self.mentions.mark(doc, palette.color(QPalette.ColorRole.Link),
                                                palette.color(QPalette.ColorRole.WindowText))

    def _finished_by(self) -> str:
        """The agent that ended the shown version's run, when it is not the version's author."""
        if self.message.role != "assistant" or self._finisher is None:
            return ""
        version = self.versions[self.version_index] if self.versions and 0 <= self.version_index < len(
            self.versions) else None
        run_id = version.run_id if version is not None else self.message.run_id
        finisher = self._finisher(run_id) if run_id else ""
        return finisher if finisher and finisher != self._author() else ""

    def _author(self) -> str:
        m = self.message
        if m.role == "user":
            return self.tr("You")
        if self.versions and 0 <= self.version_index < len(self.versions):
            agent = self.versions[self.version_index].agent_id
            return self.agent_names.get(agent, agent)
        return m.agent_name or m.agent_id or self.tr("Assistant")

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.shown_text)

    def changeEvent(self, event: QEvent) -> None:
        """A theme change re-renders the body: its links, tables and code take the theme's colours."""
        super().changeEvent(event)
        if (event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange)
                and self.message.role == "assistant" and not self._needle):
            self._render(self.shown_text)

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


class NoticeCard(QFrame):
    """A run that did not end well, in plain words, with a Details link to the failing event.

    Signals:
        details(str run_id, str error_code)
    """

    details = Signal(str, str)

    def __init__(self, notice: RunNotice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ErrorCard")
        self.notice = notice
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        text = QLabel(notice.text + (f"  ({notice.error_code})" if notice.error_code else ""))
        text.setWordWrap(True)
        fit_to_column(text)
        layout.addWidget(text, 1)
        link = QLabel(self.tr('<a href="#details">Details</a>'))
        link.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        link.linkActivated.connect(lambda _href: self.details.emit(notice.run_id, notice.error_code or ""))
        layout.addWidget(link)
        self.link = link


class HandoffCard(QFrame):
    """A chat's first entry when a handoff started it: the handoff document, shown as a card (not as the
    creator's message), expanded, with Hide / Show. Every prompt of the chat includes it."""

    def __init__(self, message: MessageRecord, parent: QWidget | None = None, *, title: str | None = None,
                 note: str | None = None, expanded: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("HandoffCard")
        self.message = message
        self.document = document_of(message.content)
        self.body = QLabel()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 10)
        self.header = QHBoxLayout()
        self.title = QLabel(title if title is not None else self.tr("Handoff document"))
        self.title.setObjectName("MessageAuthor")
        self.header.addWidget(self.title)
        self.note = QLabel(note if note is not None
                           else self.tr("this chat starts from it; every request of the chat includes it"))
        self.note.setObjectName("Muted")
        self.note.setWordWrap(True)  # a long note wraps: the card keeps to the column, its buttons show
        fit_to_column(self.note)
        self.header.addWidget(self.note, 1)
        self.copy_button = _tool_button(self.tr("Copy"), self.tr("Copy the handoff document"))
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.document))
        self.header.addWidget(self.copy_button)
        self.toggle_button = _tool_button(self.tr("Hide"), self.tr("Hide the document"))
        self.toggle_button.setObjectName("HandoffToggle")
        self.toggle_button.clicked.connect(lambda: self.set_expanded(self.body.isHidden()))
        self.header.addWidget(self.toggle_button)
        layout.addLayout(self.header)
        self.body.setWordWrap(True)
        fit_to_column(self.body)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setText(markdown_html(self.document))
        layout.addWidget(self.body)
        self.set_expanded(expanded)

    @property
    def expanded(self) -> bool:
        return not self.body.isHidden()

    def set_expanded(self, expanded: bool) -> None:
        self.body.setVisible(expanded)
        self.toggle_button.setText(self.tr("Hide") if expanded else self.tr("Show"))
        self.toggle_button.setToolTip(self.tr("Hide the document") if expanded else self.tr("Show the document"))


class HandedOffCard(HandoffCard):
    """In the chat a handoff continued elsewhere: "Handed off to “<chat>”", the document it carried,
    collapsed (Show opens it), where the handoff happened, with a button that opens that chat. A view
    element: no request of this chat includes it.

    Signals:
        open_chat(str chat_id)
    """

    open_chat = Signal(str)

    def __init__(self, handed: HandedOffEntry, parent: QWidget | None = None) -> None:
        translate = QCoreApplication.translate
        super().__init__(handed.entry, parent, title=handed.text, expanded=False, note=translate(
            "HandedOffCard", "the new chat starts from it; no request of this chat includes it"))
        self.handed = handed
        self.open_button = _tool_button(translate("HandedOffCard", "Open chat"),
                                        i18n.arg(translate("HandedOffCard", "Open the chat “%1”"), handed.chat_name))
        self.open_button.setObjectName("HandedOffOpen")
        self.open_button.clicked.connect(lambda: self.open_chat.emit(handed.chat_id))
        self.header.insertWidget(self.header.indexOf(self.copy_button), self.open_button)


class LineageCard(QFrame):
    """"Continued from ← <chat>" or "Continued in → <chat>": a click opens that chat.

    Signals:
        open_chat(str chat_id)
    """

    open_chat = Signal(str)

    def __init__(self, marker: LineageMarker, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("LineageCard")
        self.marker = marker
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 2, 12, 2)
        self.link = QPushButton(marker.text)
        self.link.setObjectName("LineageLink")
        self.link.setFlat(True)
        self.link.setCursor(Qt.CursorShape.PointingHandCursor)
        self.link.setToolTip(i18n.arg(self.tr("Open the chat “%1”"), marker.chat_name))
        self.link.clicked.connect(lambda: self.open_chat.emit(marker.chat_id))
        layout.addWidget(self.link)
        layout.addStretch(1)


class WelcomeCard(QFrame):
    """First launch: the built-in relay and a button that runs it offline.

    Signals:
        run_demo()
    """

    run_demo = Signal()

    def __init__(self, profiles: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("WelcomeCard")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 14, 18, 14)
        title = QLabel(self.tr("<h2>Welcome to Relay Studio</h2>"))
        layout.addWidget(title)
        agents = "".join(f"<li><b>{name}</b> — {desc}</li>" for name, desc in profiles)
        text = QLabel(
            self.tr("<p>You write with several agents that pass the work along: a <b>Writer</b> drafts and commits, "
                    "hands off to an <b>Editor</b>, who revises and hands off to a <b>Finalizer</b>, which finishes. "
                    "A <b>Researcher</b> helps on the side.</p>")
            + f"<ul>{agents}</ul>"
            + self.tr("<p>The demo relay runs offline on a scripted model, so you can watch a full run — and "
                      "inspect every step on the timeline — without any account.</p>")
        )
        text.setWordWrap(True)
        fit_to_column(text)
        text.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(text)
        self.button = QPushButton(self.tr("Run the demo relay"))
        self.button.setDefault(True)
        self.button.clicked.connect(self.run_demo.emit)
        row = QHBoxLayout()
        row.addWidget(self.button)
        row.addStretch(1)
        layout.addLayout(row)


class LiveRunCard(QFrame):
    """The run in progress: active agent, its streaming text, the model call that runs (seconds elapsed,
    the prompt read, tokens written, or that the server sends the answer at once; redrawn every
    ``TICK_MS`` while a call runs), the tool it calls, and Stop.

    Signals:
        stop(str run_id)
        review()
    """

    stop = Signal(str)
    review = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("LiveRunCard")
        self.run_id = ""
        self._last_invocation = ""
        self._streamed: list[str] = []
        self._line_chars = 0  # characters on the display's last line
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        header = QHBoxLayout()
        self.agent_label = QLabel()
        self.agent_label.setObjectName("MessageAuthor")
        self.status_label = QLabel()
        self.status_label.setObjectName("Muted")
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Stop this run (Esc)"))
        self.stop_button.clicked.connect(lambda: self.stop.emit(self.run_id))
        self.review_button = QPushButton(self.tr("Review changes"))
        self.review_button.clicked.connect(self.review.emit)
        self.review_button.hide()
        header.addWidget(self.agent_label)
        header.addWidget(self.status_label, 1)
        header.addWidget(self.review_button)
        header.addWidget(self.stop_button)
        layout.addLayout(header)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setMaximumHeight(180)
        self.text.setFrameShape(QFrame.Shape.NoFrame)
        self.text.setPlaceholderText(self.tr("The agent is thinking…"))
        layout.addWidget(self.text)
        self.progress_label = QLabel()  # the running model call: seconds, prompt read, tokens written
        self.progress_label.setObjectName("Muted")
        self.progress_label.hide()
        layout.addWidget(self.progress_label)
        self.tool_label = QLabel()
        self.tool_label.setObjectName("Muted")
        layout.addWidget(self.tool_label)
        self.calls = CallClock()
        self._tick = QTimer(self)
        self._tick.setInterval(TICK_MS)
        self._tick.setTimerType(Qt.TimerType.PreciseTimer)
        self._tick.timeout.connect(self._show_progress)

    def begin(self, run_id: str, agent: str) -> None:
        self.run_id = run_id
        self._last_invocation = ""
        self._streamed = []
        self._line_chars = 0
        self.text.clear()
        self.tool_label.clear()
        self.calls.clear()
        self._show_progress()
        self.set_agent(agent)
        self.set_status("running")
        self.show()

    def call_progress(self, invocation_id: str, data: dict[str, Any]) -> None:
        """A model call of the run started or moved on (``ui/call_progress.py``): shown at once, and
        its seconds keep moving from the timer until it ends."""
        self.calls.update(invocation_id, data)
        self._show_progress()

    def call_ended(self, turn_id: str) -> None:
        self.calls.end(turn_id)
        self._show_progress()

    def _show_progress(self) -> None:
        call = self.calls.latest()
        if call is None:
            self._tick.stop()
            self.progress_label.hide()
            self.progress_label.clear()
            return
        self.progress_label.setText(progress_text(call))
        self.progress_label.show()
        if not self._tick.isActive() and self.isVisible():
            self._tick.start()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._show_progress()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._tick.stop()  # nothing to redraw while hidden; showing the card again restarts it

    def set_agent(self, agent: str) -> None:
        self.agent_label.setText(agent)

    def next_stage(self, agent: str) -> None:
        """The run moved on to ``agent``'s stage: "<agent> is working" shows that agent's text only (the
        earlier stage's stays in ``streamed_text`` and in the message it committed)."""
        self.set_agent(agent)
        self.text.clear()
        self._line_chars = 0

    def set_status(self, status: str) -> None:
        words = {"running": self.tr("is working"), "awaiting_approval": self.tr("is waiting for your approval"),
                 "cancelling": self.tr("is stopping…")}
        self.status_label.setText(words.get(status, status.replace("_", " ")))
        self.stop_button.setEnabled(status != "cancelling")
        self.review_button.setVisible(status == "awaiting_approval")

    def set_tool(self, text: str) -> None:
        self.tool_label.setText(text)

    def append(self, invocation_id: str, agent: str, text: str) -> None:
        """Appends at the end; a header line marks a change of speaker.

        Qt lays a paragraph out whole on every insert into it, so a model streaming one endless line
        would cost more per frame as it grows. The card starts a new display line at a space once a
        line passes ``LIVE_LINE_CHARS``; ``streamed_text`` keeps exactly what arrived.
        """
        cursor = self.text.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        if invocation_id != self._last_invocation:
            header = ("\n" if self._last_invocation else "") + f"— {agent} —\n"
            cursor.insertText(header if not self.text.document().isEmpty() else header.lstrip("\n"))
            self._streamed.append(header)
            self._line_chars = 0
            self._last_invocation = invocation_id
        self._streamed.append(text)
        cursor.insertText(self._wrapped(text))
        bar = self.text.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _wrapped(self, text: str) -> str:
        out: list[str] = []
        start = 0
        while True:
            newline = text.rfind("\n", start)
            if newline >= 0:
                self._line_chars = 0
                tail_start = newline + 1
                out.append(text[start:tail_start])
                start = tail_start
            room = LIVE_LINE_CHARS - self._line_chars
            rest = text[start:]
            if len(rest) <= room:
                self._line_chars += len(rest)
                out.append(rest)
                return "".join(out)
            space = rest.find(" ", max(room, 0))
            cut = _cjk_break(rest, max(room, 0))
            if cut >= 0 and (space < 0 or cut < space):  # Chinese and Japanese break between characters
                out.append(rest[:cut] + "\n")
                self._line_chars = 0
                start += cut
                continue
            if space < 0:
                self._line_chars += len(rest)
                out.append(rest)
                return "".join(out)
            out.append(rest[:space] + "\n")
            self._line_chars = 0
            start += space + 1

    @property
    def streamed_text(self) -> str:
        """Everything streamed since ``begin``, with the speaker headers, as it arrived."""
        return "".join(self._streamed)
