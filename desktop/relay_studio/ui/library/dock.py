"""The Library dock's panel: the chosen project's codex, knowledge, Skills and canon in four tabs.

It re-reads the files when the project changes, when an agent's write to them succeeds during a run
(``after_events``), when a run ends, and when the window gets the focus back (another application, or a
dialog, had it; not at its first activation, just after the project's read), so edits made outside the app
(in an editor, by the CLI) show (the story library's index checks mtime and hash), and when a change
concerns its project (``ChangeFollower``: a hidden dock reads once it is shown). Those reads are queries on
the ``project-files`` lane
(``Studio.projects.read``) and arrive as ``ProjectFiles``.
A citation or a mention clicked in the chat or the timeline opens here (``Studio.citation_opened``,
``Studio.entry_opened``): the dock is shown and raised on the tab that shows it; so is "Add to canon" on a
selection in a chat message (``Studio.canon_quote_offered``), on the Canon tab.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication, QWindow
from PySide6.QtWidgets import QDockWidget, QLabel, QTabWidget, QVBoxLayout, QWidget

from relay_studio.domain import event_types as ev
from relay_studio.domain.events import Event
from relay_studio.ui import i18n
from relay_studio.ui.change_follower import ChangeFollower
from relay_studio.ui.library import named
from relay_studio.ui.library.canon_view import CanonView
from relay_studio.ui.library.citations import CitationTarget
from relay_studio.ui.library.codex import CodexView
from relay_studio.ui.library.knowledge_view import KnowledgeView
from relay_studio.ui.library.skills_view import SkillsView
from relay_studio.ui.operations.canon import CanonQuote
from relay_studio.ui.operations.changes import Changes
from relay_studio.ui.operations.project_files import ProjectFiles

if TYPE_CHECKING:
    from relay_studio.ui.studio import Studio

FOCUS_READ_DELAY_MS = 150  # one read for a burst of focus changes


class LibraryPanel(QWidget):
    def __init__(self, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self.project_id = ""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.title = named(QLabel(), "MessageAuthor")
        layout.addWidget(self.title)
        self.tabs = named(QTabWidget(), "LibraryTabs")
        self.codex = CodexView(studio)
        self.knowledge = KnowledgeView(studio)
        self.skills = SkillsView(studio)
        self.canon = CanonView(studio)
        self.tabs.addTab(self.codex, self.tr("Story library"))
        self.tabs.addTab(self.knowledge, self.tr("Knowledge"))
        self.tabs.addTab(self.skills, self.tr("Skills"))
        self.tabs.addTab(self.canon, self.tr("Canon"))
        layout.addWidget(self.tabs, 1)
        self.skills.problems_changed.connect(self._on_skill_problems)
        self._focus_timer = QTimer(self, singleShot=True, interval=FOCUS_READ_DELAY_MS)
        self._focus_timer.timeout.connect(self.refresh)
        self._away = False  # the focus was elsewhere since the window last had it (none yet: just opened)
        self._write_timer = QTimer(self, singleShot=True, interval=FOCUS_READ_DELAY_MS)
        self._write_timer.timeout.connect(self.refresh)
        self.follower = ChangeFollower(self, studio.operation_did_execute, self._concerns, self._on_changes)
        studio.citation_opened.connect(self._on_citation)
        studio.entry_opened.connect(self._on_entry)
        studio.canon_quote_offered.connect(self._on_canon_quote)
        app = QGuiApplication.instance()
        self._listening = isinstance(app, QGuiApplication)
        if isinstance(app, QGuiApplication):
            app.focusWindowChanged.connect(self._on_focus_window)

    def stop_listening(self) -> None:
        """The window closes: a focus change or a pending timer must not read the project any more (the
        runtime below it closes next)."""
        self._focus_timer.stop()
        self._write_timer.stop()
        app = QGuiApplication.instance()
        if self._listening and isinstance(app, QGuiApplication):
            app.focusWindowChanged.disconnect(self._on_focus_window)
        self._listening = False

    def set_project(self, project_id: str) -> None:
        """Shows the project: what was read of it before at once, and its files read again off the GUI thread
        (a book's 1,000 entry files and 50 documents are never read on it); ``_on_read`` shows them."""
        self.project_id = project_id
        self._update_title()
        for view in (self.codex, self.knowledge, self.skills):
            view.show_project(project_id)
        self.canon.set_project(project_id)  # its facts are read off the GUI thread
        known = self.studio.projects.files.get(project_id)
        if known is not None:
            self._on_read(known)
        self.refresh()

    def refresh(self) -> None:
        """Reads the files again (edits made outside the app), off the GUI thread; ``_on_read`` shows them."""
        if self.project_id:
            self.studio.projects.read(self.project_id, self, self._on_read)

    def after_events(self, events: list[Event]) -> None:
        """An agent's write to the story library or the Skills succeeded (``mutatesLibrary``, seed 002's
        ``workspace_mutating``): the files are read again now, not only when the run ends; a burst of
        writes is one read (``_write_timer``)."""
        if any(e.type == ev.TOOL_CALL_COMPLETED and e.payload.get("mutatesLibrary") for e in events):
            self._write_timer.start()

    def after_run(self) -> None:
        """A run ended: its messages may mention entries (counted again) and its agents may have written
        entries or Skills (read again, off the GUI thread)."""
        self.codex.recount()
        self.refresh()
        self.canon.refresh()  # its agents may have proposed facts

    def _on_focus_window(self, window: QWindow | None) -> None:
        """The focus came back from another window (an application, a dialog): the files are read again. The
        window's first activation reads nothing: the files were read as the project was shown (on a book a
        second read then competed with the window's first paint for the interpreter: a 100 ms gap)."""
        own = self.window().windowHandle()
        if window is not None and window is own:
            if self._away:
                self._focus_timer.start()
            self._away = False
        else:
            self._away = True

    def _on_read(self, files: ProjectFiles) -> None:
        if files.project_id != self.project_id:
            return
        if files.error:
            said = self.tr("⚠ The project's files could not be read: %1")
            self.codex.problems.setText(said.replace("%1", files.error.removeprefix("⚠ ")))
            self.codex.problems.show()
            return
        if files.entries != self.codex.items or files.entry_problems != self.codex.entry_problems:
            self.codex.show_entries(files.entries, files.entry_problems)
        if files.skills is not None:
            self.skills.show_catalog(files.skills)
        self.knowledge.show_documents(files.documents)

    def _on_skill_problems(self, count: int) -> None:
        index = self.tabs.indexOf(self.skills)
        self.tabs.setTabText(index, self.tr("Skills ⚠ %n", "", count) if count else self.tr("Skills"))
        self.tabs.setTabToolTip(index, self.tr("%n Skill file(s) could not be read; the Skills tab says why.", "",
                                               count) if count else "")

    def reveal(self, view: QWidget) -> None:
        """Shows the dock and raises it on ``view``'s tab."""
        dock = self.parentWidget()
        while dock is not None and not isinstance(dock, QDockWidget):
            dock = dock.parentWidget()
        if dock is not None:
            dock.show()
            dock.raise_()
        self.tabs.setCurrentWidget(view)

    def _on_citation(self, target: CitationTarget) -> None:
        self.reveal(self.knowledge)
        self.knowledge.open_citation(target)

    def _on_entry(self, project_id: str, path: str) -> None:
        if project_id != self.project_id:
            return
        self.reveal(self.codex)
        self.codex.select(path)

    def _on_canon_quote(self, quote: CanonQuote) -> None:
        if quote.project_id != self.project_id:
            return
        self.reveal(self.canon)
        self.canon.start_from_quote(quote)

    def _update_title(self) -> None:
        if self.project_id:
            name = self.studio.projects.get(self.project_id).name
            self.title.setText(i18n.arg(self.tr("Project “%1”"),
                                        i18n.project_name(name, self.studio.projects.is_first(self.project_id))))

    def _concerns(self, changes: Changes) -> bool:
        return bool(self.project_id) and (changes.projects or bool(changes.chats) or bool(changes.messages)
                                          or self.project_id in changes.project_files())

    def _on_changes(self, changes: Changes) -> None:
        """A change concerns the shown project (while the dock is hidden: once it is shown again)."""
        if changes.projects:
            self._update_title()
        if changes.chats or changes.messages:  # new messages may mention entries: count again (off the loop)
            self.codex.recount()
        if self.project_id in changes.project_files():
            self.refresh()
