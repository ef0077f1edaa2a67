"""Who heard what (docs/window/scenes.md): a scene chat's last messages, each with a check box per character of
the cast for who was present when it was said. Changing a box corrects the message's presence at once
(``Scenes.correct``, journaled with before and after); a refusal is said under the table, with its code, and the
box goes back. The narrator hears everything, so it has no column."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from relay_studio.domain.scenes import CREATOR, SceneError
from relay_studio.ui.operations.scenes import SceneState

if TYPE_CHECKING:
    from relay_studio.ui.studio import Studio

FIXED = 3  # the columns before the cast's: scene, who, message
SHOWN = 80  # characters of a message shown in its row (the tooltip has it whole)


class PresenceDialog(QDialog):
    def __init__(self, studio: Studio, state: SceneState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self.state = state
        self.setObjectName("ScenePresence")
        self.setWindowTitle(self.tr("Who heard what"))
        self.cast = [m for m in state.members if not m.narrator]
        names = {m.profile_id: m.name for m in state.members}
        rows = studio.scenes.heard(state.record.chat_id)
        self.message_ids = [m.id for m, _line in rows]
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Who was present when each message was said. A character's prompt holds "
                                        "only the messages it was present for; tick or untick to correct it.")))
        self.table = QTableWidget(len(rows), FIXED + len(self.cast))
        self.table.setHorizontalHeaderLabels([self.tr("Scene"), self.tr("Said by"), self.tr("Message"),
                                              *(m.name for m in self.cast)])
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self._filling = True
        for row, (message, line) in enumerate(rows):
            speaker = line.speaker_id or ""
            said_by = self.tr("you") if speaker == CREATOR else names.get(speaker, speaker)
            text = " ".join(message.content.split())
            cells = [str(line.scene), said_by + (self.tr(" (privately)") if line.kind == "told" else ""),
                     text[:SHOWN] + ("…" if len(text) > SHOWN else "")]
            for col, value in enumerate(cells):
                item = QTableWidgetItem(value)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                if col == 2:
                    item.setToolTip(message.content[:2000])
                self.table.setItem(row, col, item)
            for col, member in enumerate(self.cast, FIXED):
                box = QTableWidgetItem()
                box.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                box.setCheckState(Qt.CheckState.Checked if member.profile_id in line.audience
                                  else Qt.CheckState.Unchecked)
                self.table.setItem(row, col, box)
        self._filling = False
        self.table.itemChanged.connect(self._on_changed)
        self.table.scrollToBottom()
        layout.addWidget(self.table, 1)
        self.message = QLabel()
        self.message.setObjectName("FieldError")
        self.message.setWordWrap(True)
        self.message.hide()
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(760, 420)

    def present_in(self, row: int) -> list[str]:
        return [m.profile_id for col, m in enumerate(self.cast, FIXED)
                if (box := self.table.item(row, col)) is not None and box.checkState() == Qt.CheckState.Checked]

    def box(self, message_id: str, profile_id: str) -> QTableWidgetItem:
        row = self.message_ids.index(message_id)
        col = FIXED + [m.profile_id for m in self.cast].index(profile_id)
        item = self.table.item(row, col)
        assert item is not None  # every row has a box per member
        return item

    def _on_changed(self, item: QTableWidgetItem) -> None:
        if self._filling or item.column() < FIXED:
            return
        try:
            self.studio.scenes.correct(self.state.record.chat_id, self.message_ids[item.row()],
                                       self.present_in(item.row()))
        except SceneError as exc:
            self.message.setText(f"{exc.message} [{exc.code}]")
            self.message.show()
            self._filling = True
            item.setCheckState(Qt.CheckState.Unchecked if item.checkState() == Qt.CheckState.Checked
                               else Qt.CheckState.Checked)
            self._filling = False
            return
        self.message.hide()
