"""The Library dock's panel: the chosen project's codex, knowledge and Skills in three tabs.

It re-reads the files when the project changes and when the window gets the focus back, so edits
made outside the app (in an editor, by the CLI) show (the story library's index checks mtime and hash).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QTabWidget, QVBoxLayout, QWidget

from relay_studio.ui import i18n
from relay_studio.ui.library import named
from relay_studio.ui.library.codex import CodexView
from relay_studio.ui.library.knowledge_view import KnowledgeView
from relay_studio.ui.library.skills_view import SkillsView

if TYPE_CHECKING:
    from relay_studio.ui.studio import Studio


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
        self.tabs.addTab(self.codex, self.tr("Story library"))
        self.tabs.addTab(self.knowledge, self.tr("Knowledge"))
        self.tabs.addTab(self.skills, self.tr("Skills"))
        layout.addWidget(self.tabs, 1)
        studio.projects_changed.connect(self._update_title)
        studio.chats_changed.connect(self._on_chats_changed)

    def set_project(self, project_id: str) -> None:
        self.project_id = project_id
        self._update_title()
        for view in (self.codex, self.knowledge, self.skills):
            view.set_project(project_id)

    def refresh(self) -> None:
        """Reads the files again (edits made outside the app)."""
        if self.project_id:
            self.codex.refresh()
            self.knowledge.refresh()
            self.skills.refresh()

    def _update_title(self) -> None:
        if self.project_id:
            self.title.setText(i18n.arg(self.tr("Project “%1”"), self.studio.project(self.project_id).name))

    def _on_chats_changed(self) -> None:
        if self.project_id:  # new messages may mention entries: count again (off the loop)
            self.codex.refresh()
