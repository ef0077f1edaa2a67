"""New scene (docs/window/scenes.md): a scene chat's name, its cast (agents; those made from SillyTavern character
cards first) and an optional narrator. Create makes the scene (``studio.scenes.new``); a bad cast or name is said
in the dialog with its code, which stays open with what was chosen.

Signals:
    created(str chat_id): the scene chat was made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.scenes import SceneError
from relay_studio.runtime.card_profile import is_card_agent

if TYPE_CHECKING:
    from relay_studio.ui.studio import Studio


class NewSceneDialog(QDialog):
    created = Signal(str)

    def __init__(self, studio: Studio, project_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self.project_id = project_id
        self.setObjectName("NewScene")
        self.setWindowTitle(self.tr("New scene"))
        profiles = card_first(list(studio.agents.profiles().values()))
        layout = QVBoxLayout(self)
        intro = QLabel(self.tr("A scene is a chat in which characters speak in turn, each knowing only what it "
                               "witnessed. Characters are agents: import SillyTavern character cards in the "
                               "Library (Import…) to make agents of them."))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        # "Scene 1", „Szene 1“, "シーン 1": in the window's language, as a new chat's name is (chat_navigation.py)
        self.name = QLineEdit(studio.scenes.free_name(project_id, self.tr("Scene")))
        form.addRow(self.tr("Name"), self.name)
        self.cast = QListWidget()
        self.cast.setAccessibleName(self.tr("Cast"))
        for profile in profiles:
            label = profile.display_name + (self.tr(" · from a card") if is_card_agent(profile) else "")
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, profile.id)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsSelectable)
            item.setCheckState(Qt.CheckState.Unchecked)
            item.setToolTip(profile.description)
            self.cast.addItem(item)
        form.addRow(self.tr("Cast"), self.cast)
        self.narrator = QComboBox()
        self.narrator.setAccessibleName(self.tr("Narrator"))
        self.narrator.addItem(self.tr("No narrator"), "")
        for profile in profiles:
            self.narrator.addItem(profile.display_name, profile.id)
        form.addRow(self.tr("Narrator"), self.narrator)
        layout.addLayout(form)
        self.message = QLabel()
        self.message.setObjectName("FieldError")
        self.message.setWordWrap(True)
        self.message.hide()
        layout.addWidget(self.message)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if ok is not None:
            ok.setText(self.tr("Create"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.resize(460, 480)

    def item_of(self, profile_id: str) -> QListWidgetItem | None:
        return next((item for i in range(self.cast.count()) if (item := self.cast.item(i)) is not None
                     and item.data(Qt.ItemDataRole.UserRole) == profile_id), None)

    def chosen_cast(self) -> list[str]:
        return [str(item.data(Qt.ItemDataRole.UserRole)) for i in range(self.cast.count())
                if (item := self.cast.item(i)) is not None and item.checkState() == Qt.CheckState.Checked]

    def accept(self) -> None:
        narrator = str(self.narrator.currentData() or "") or None
        try:
            record = self.studio.scenes.new(self.name.text(), self.chosen_cast(), narrator, self.project_id)
        except SceneError as exc:
            self.message.setText(f"{exc.message} [{exc.code}]")
            self.message.show()
            return
        self.created.emit(record.chat_id)
        super().accept()


def card_first(profiles: list[AgentProfile]) -> list[AgentProfile]:
    """Agents made from character cards first, then the others, each by name."""
    return sorted(profiles, key=lambda p: (not is_card_agent(p), p.display_name))
