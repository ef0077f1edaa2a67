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
from shiboken6 import isValid

from relay_studio.domain.records import MessageRecord
from relay_studio.domain.scenes import CREATOR, SceneError, SceneLine
from relay_studio.ui import i18n
from relay_studio.ui.background import Failed, Outcome
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
        layout = QVBoxLayout(self)
        self.intro = QLabel(self.tr("Who was present when each message was said. A character's prompt holds "
                                    "only the messages it was present for; tick or untick to correct it."))
        self.intro.setWordWrap(True)  # on one line the German text made the dialog 1,045 px wide, Close cut off
        layout.addWidget(self.intro)
        self.table = QTableWidget(0, FIXED + len(self.cast))
        self.table.setHorizontalHeaderLabels([self.tr("Scene"), self.tr("Said by"), self.tr("Message"),
                                              *(m.name for m in self.cast)])
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.itemChanged.connect(self._on_changed)
        layout.addWidget(self.table, 1)
        self.message = QLabel(self.tr("Reading the scene…"))
        self.message.setObjectName("Muted")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(760, 420)
        self.message_ids: list[str] = []
        self._filling = False
        studio.scenes.read_heard(state.record.chat_id, self._on_read)  # off the GUI thread: a campaign is long

    def _on_read(self, outcome: Outcome[list[tuple[MessageRecord, SceneLine]]]) -> None:
        if not isValid(self.table):
            return  # closed before the scene was read
        if isinstance(outcome, Failed):
            self.say(i18n.arg(self.tr("The scene could not be read: %1"), str(outcome.error)))
            return
        self.message.hide()
        self.fill(outcome.value)

    def fill(self, rows: list[tuple[MessageRecord, SceneLine]]) -> None:
        names = {m.profile_id: m.name for m in self.state.members}
        self._filling = True
        self.message_ids = [m.id for m, _line in rows]
        self.table.setRowCount(len(rows))
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
        self.table.scrollToBottom()

    def say(self, text: str) -> None:
        """A refusal (or a failed read) under the table, in the error colour."""
        self.message.setObjectName("FieldError")
        self.message.style().polish(self.message)
        self.message.setText(text)
        self.message.show()

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
            self.say(f"{exc.message} [{exc.code}]")
            self._filling = True
            item.setCheckState(Qt.CheckState.Unchecked if item.checkState() == Qt.CheckState.Checked
                               else Qt.CheckState.Checked)
            self._filling = False
            return
        self.message.hide()
