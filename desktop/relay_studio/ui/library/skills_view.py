"""Skills: the project's and the built-in ones, listed and edited. Saving a built-in makes a project
Skill of the same name, which replaces it for this project (the built-in file is never written)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from relay_studio.library.entries import LibraryError
from relay_studio.library.skills import Skill, SkillCatalog, name_from
from relay_studio.ui import i18n
from relay_studio.ui.library import named
from relay_studio.ui.operations.errors import present_error

if TYPE_CHECKING:
    from relay_studio.ui.studio import Studio

NAME_ROLE = Qt.ItemDataRole.UserRole


class SkillsView(QWidget):
    """Signals: problems_changed(int count): how many Skill files are left out (the tab shows it)."""

    problems_changed = Signal(int)

    def __init__(self, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self.project_id = ""
        self.skills: dict[str, Skill] = {}
        self.editing: Skill | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.new_button = named(QPushButton(self.tr("New Skill")), "NewSkill")
        row.addWidget(self.new_button)
        row.addStretch(1)
        layout.addLayout(row)
        split = QSplitter(Qt.Orientation.Vertical)
        self.list = named(QListWidget(), "SkillsList")
        self.list.setAccessibleName(self.tr("Skills"))
        list_box = QWidget()
        list_layout = QVBoxLayout(list_box)
        list_layout.setContentsMargins(0, 0, 0, 0)
        list_layout.addWidget(self.list, 1)
        self.problems = named(QLabel(), "SkillProblems")
        self.problems.setWordWrap(True)
        self.problems.hide()
        list_layout.addWidget(self.problems)
        split.addWidget(list_box)
        editor = QWidget()
        form = QFormLayout(editor)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.name = named(QLineEdit(placeholderText=self.tr("A short name, like harbour-rules")), "SkillName")
        self.description = named(QLineEdit(placeholderText=self.tr("When an agent should use it")), "SkillDescription")
        self.agents = named(QLineEdit(placeholderText=self.tr("* for every agent, or some: writer, editor")),
                            "SkillAgents")
        self.body = named(QPlainTextEdit(), "SkillBody")
        self.body.setPlaceholderText(self.tr("What an agent reads when it uses this Skill"))
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("When to use"), self.description)
        form.addRow(self.tr("Agents"), self.agents)
        form.addRow(self.tr("Instructions"), self.body)
        self.save_button = named(QPushButton(self.tr("Save")), "SkillSave")
        buttons = QHBoxLayout()
        buttons.addWidget(self.save_button)
        buttons.addStretch(1)
        form.addRow(buttons)
        self.message = named(QLabel(), "SkillMessage")
        self.message.setWordWrap(True)
        form.addRow(self.message)
        split.addWidget(editor)
        split.setSizes([160, 480])
        layout.addWidget(split, 1)
        self.list.currentItemChanged.connect(self._on_selected)
        self.new_button.clicked.connect(self._on_new)
        self.save_button.clicked.connect(self._on_save)

    def set_project(self, project_id: str) -> None:
        self.show_project(project_id)
        self.refresh()

    def show_project(self, project_id: str) -> None:
        """The project whose Skills come next (``show_catalog``, from the project reader); nothing read here."""
        self.project_id = project_id

    def refresh(self, select: str | None = None) -> None:
        if not self.project_id:
            return
        self.show_catalog(self.studio.library.skills(self.project_id), select)

    def show_catalog(self, catalog: SkillCatalog, select: str | None = None) -> None:
        """Shows the Skills and the files that are not Skills (each problem's sentence names its file)."""
        self.skills = catalog.skills
        current = select or (self.editing.name if self.editing else None)
        self.list.blockSignals(True)
        self.list.clear()
        for skill in sorted(self.skills.values(), key=lambda s: s.name):
            item = QListWidgetItem(skill.name + (self.tr(" · built-in") if skill.builtin else ""))
            item.setData(NAME_ROLE, skill.name)
            item.setToolTip(skill.description)
            self.list.addItem(item)
            if skill.name == current:
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        self.problems.setText("\n".join(f"⚠ {p.message} [{p.code}]" for p in catalog.problems))
        self.problems.setToolTip(self.tr("These files in the project's skills folder are left out until they "
                                         "are fixed; the agents do not see them."))
        self.problems.setVisible(bool(catalog.problems))
        self.problems_changed.emit(len(catalog.problems))

    def _on_selected(self, item: QListWidgetItem | None, _previous: object = None) -> None:
        skill = self.skills.get(str(item.data(NAME_ROLE))) if item is not None else None
        if skill is not None:
            self._load(skill)

    def _load(self, skill: Skill | None) -> None:
        self.editing = skill
        self.name.setText(skill.name if skill else "")
        self.description.setText(skill.description if skill else "")
        self.description.setCursorPosition(0)  # its beginning says when to use it
        self.description.setToolTip(skill.description if skill else "")
        self.agents.setText(", ".join(skill.agents) if skill else "*")
        self.body.setPlainText(skill.body if skill else "")
        self.message.setText(self.tr("Built-in: saving makes this project's own copy, used instead of it.")
                             if skill and skill.builtin else "")

    def _on_new(self) -> None:
        self.list.clearSelection()
        self._load(None)
        self.name.setFocus()

    def _on_save(self) -> None:
        agents = [a.strip() for a in self.agents.text().split(",") if a.strip()] or ["*"]
        try:
            skill = Skill(name=name_from(self.name.text()), description=self.description.text().strip(),
                          agents=agents, body=self.body.toPlainText().strip("\n"))
            replacing = self.editing.name if self.editing and not self.editing.builtin else None
            path = self.studio.library.save_skill(self.project_id, skill, replacing)
        except LibraryError as exc:
            present_error(exc, show=self.message.setText)
            return
        typed = self.name.text().strip()
        self.refresh(select=skill.name)
        self._load(self.skills.get(skill.name))
        saved = i18n.arg(self.tr("Saved to %1."), path)
        self.message.setText(saved if typed == skill.name else
                             i18n.arg(self.tr("Saved as “%1” (a Skill's name is short words with dashes). %2"),
                                      skill.name, saved))
