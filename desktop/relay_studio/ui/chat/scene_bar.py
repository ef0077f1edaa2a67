"""The cast strip above a scene chat's composer (docs/window/scenes.md): a portrait per character (the picture of
the card it was made from, ``portrait_faces.py``, else its initials) with the model it speaks with, and the
narrator's; who is away is dimmed.

A click on a portrait picks who speaks next (a second click unpicks); its context menu lets the character enter
or leave the scene. "Next turn" starts the turn of the one picked, else of whoever is next (the round, or the
narrator's pick); "Scene break" opens the next scene; "Who heard what…" shows and corrects who was present for
each message. The bar only asks: ``SceneTurns`` (``ui/chat/scene_turns.py``) starts the turns.

Signals:
    turn_requested(): "Next turn" was clicked.
    presence_changed(): a character entered or left, or the scene changed (the bar has read it again).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QImage, QPainter, QPainterPath, QPixmap
from PySide6.QtWidgets import QFrame, QLabel, QMenu, QPushButton, QToolButton, QVBoxLayout, QWidget

from relay_studio.domain.scenes import SceneError
from relay_studio.ui import i18n
from relay_studio.ui.chat.portrait_faces import FaceCache
from relay_studio.ui.flow_layout import FlowLayout, flow_row
from relay_studio.ui.operations.changes import Changes
from relay_studio.ui.operations.scenes import Member, SceneState

if TYPE_CHECKING:
    from relay_studio.ui.chat.scene_presence import PresenceDialog
    from relay_studio.ui.studio import Studio

PORTRAIT = 40  # px: a portrait's circle


def initials(name: str) -> str:
    """The first letters of a name's first two words ("Old Tom" → "OT"; "Mira" → "M")."""
    words = [w for w in name.replace("-", " ").split() if w]
    return "".join(w[0] for w in words[:2]).upper() or "?"


def portrait(name: str, present: bool, size: int = PORTRAIT, face: QImage | None = None) -> QIcon:
    """A circle with the character's ``face``, else in the name's own colour with its initials; dimmed when the
    character is away."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    color = QColor.fromHsl(sum(map(ord, name)) * 47 % 360, 110, 120)
    painter.setOpacity(1.0 if present else 0.35)
    painter.setBrush(color)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawEllipse(0, 0, size, size)
    if face is not None:
        clip = QPainterPath()
        clip.addEllipse(0, 0, size, size)
        painter.setClipPath(clip)
        painter.drawImage(QRectF(0, 0, size, size), face)
        painter.end()
        return QIcon(pixmap)
    font = QFont()
    font.setPixelSize(size * 2 // 5)
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor("#ffffff"))
    painter.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter, initials(name))
    painter.end()
    return QIcon(pixmap)


translate = QCoreApplication.translate  # pyside6-lupdate reads translate("SceneBar", "…")
DEFAULT_CONNECTION = "default connection"  # ``runtime/scenes.py: Scenes.model_label``'s words, in English


def model_words(label: str) -> str:
    """A member's model as ``Scenes.model_label`` says it (English, the command line's language), in the window's
    language: a connection's own name and a model's stay as they are."""
    if label == DEFAULT_CONNECTION or label.startswith(DEFAULT_CONNECTION + " / "):
        return translate("SceneBar", "default connection") + label[len(DEFAULT_CONNECTION):]
    fixed = {"not configured": translate("SceneBar", "not configured"),
             "(no such agent)": translate("SceneBar", "(no such agent)")}
    return fixed.get(label, label)


class CastPortrait(QToolButton):
    """One member of the cast: a click picks them to speak next; the context menu enters or leaves."""

    def __init__(self, member: Member, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.member = member
        self.setObjectName("CastPortrait")
        self.setCheckable(True)
        self.setAutoRaise(True)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        self.setIconSize(QSize(PORTRAIT, PORTRAIT))
        self.has_face = False  # the card's picture shows (else the initials)
        self.setIcon(portrait(member.name, member.present or member.narrator))
        role = self.tr("narrator") if member.narrator else (self.tr("here") if member.present else self.tr("away"))
        self.setText(f"{member.name}\n{role}")
        self.setAccessibleName(i18n.arg(self.tr("%1 (%2)"), member.name, role))
        self.setToolTip(i18n.arg(self.tr("%1 speaks with: %2\nClick: %1 speaks next. Right-click: enter or leave "
                                         "the scene."), member.name, model_words(member.model)))
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)


    def show_face(self, face: QImage) -> None:
        self.has_face = True
        self.setIcon(portrait(self.member.name, self.member.present or self.member.narrator, face=face))


class SceneBar(QFrame):
    turn_requested = Signal()
    presence_changed = Signal()

    def __init__(self, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self.setObjectName("SceneBar")
        self.chat_id = ""
        self.state: SceneState | None = None
        self.picked: str | None = None
        self.portraits: list[CastPortrait] = []
        self.faces = FaceCache(studio)
        self.heard_dialog: PresenceDialog | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 6, 12, 0)
        layout.setSpacing(4)
        self.title = QLabel()
        self.title.setObjectName("Muted")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.cast = QWidget()
        self.cast_layout = FlowLayout(self.cast)
        self.cast_layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.cast)
        self.models = QLabel()  # which connection and model each one speaks with
        self.models.setObjectName("Muted")
        self.models.setWordWrap(True)
        layout.addWidget(self.models)
        self.next_button = QPushButton(self.tr("Next turn"))
        self.next_button.setObjectName("SceneNextTurn")
        self.next_button.setToolTip(self.tr("The character you picked speaks; none picked: the next one in turn, "
                                            "or the one the narrator chose. What you wrote in the message is the "
                                            "scene's direction for that turn."))
        self.next_button.clicked.connect(self.turn_requested.emit)
        self.break_button = QPushButton(self.tr("Scene break"))
        self.break_button.setToolTip(self.tr("Start the next scene with the characters present now"))
        self.break_button.clicked.connect(self._on_break)
        self.heard_button = QPushButton(self.tr("Who heard what…"))
        self.heard_button.setToolTip(self.tr("Who was present for each message; correct it there"))
        self.heard_button.clicked.connect(self.open_heard)
        layout.addWidget(flow_row(self.next_button, self.break_button, self.heard_button))
        self.message = QLabel()
        self.message.setObjectName("FieldError")  # only refusals are said here
        self.message.setWordWrap(True)
        self.message.hide()
        layout.addWidget(self.message)
        self.hide()
        studio.operation_did_execute.connect(self._on_changes)  # a name, a model or a portrait changed

    # -- showing ---------------------------------------------------------------------------------
    def set_chat(self, chat_id: str) -> None:
        """Shows the scene's cast when ``chat_id`` is a scene chat (hidden otherwise)."""
        if chat_id != self.chat_id:
            self.picked = None
            self.message.hide()
        self.chat_id = chat_id
        self.refresh()

    def _on_changes(self, changes: Changes, _initiator: object) -> None:
        if changes.profiles and self.state is not None:
            self.refresh()

    def refresh(self) -> None:
        self.state = self.studio.scenes.state(self.chat_id) if self.chat_id else None
        self.setVisible(self.state is not None)
        for button in self.portraits:
            self.cast_layout.removeWidget(button)
            button.deleteLater()
        self.portraits = []
        if self.state is None:
            return
        if self.picked is not None and self.state.member(self.picked) is None:
            self.picked = None
        for member in self.state.members:
            button = CastPortrait(member, self.cast)
            button.setChecked(member.profile_id == self.picked)
            if member.portrait is not None:
                face = self.faces.face(member.portrait, button.show_face)
                if face is not None:
                    button.show_face(face)
            button.clicked.connect(lambda _on, pid=member.profile_id: self.pick(pid))
            button.customContextMenuRequested.connect(lambda pos, b=button: self._on_menu(b, pos))
            self.cast_layout.addWidget(button)
            self.portraits.append(button)
        self._show_title()
        self._show_models()

    def _show_models(self) -> None:
        assert self.state is not None
        models = {model_words(m.model) for m in self.state.members}
        if len(models) == 1:
            self.models.setText(i18n.arg(self.tr("All speak with: %1"), models.pop()))
        else:
            self.models.setText(i18n.arg(self.tr("Speaking with: %1"), " · ".join(
                f"{m.name}: {model_words(m.model)}" for m in self.state.members)))

    def _show_title(self) -> None:
        assert self.state is not None
        record = self.state.record
        names = {m.profile_id: m.name for m in self.state.members}
        if self.picked:
            who = i18n.arg(self.tr("next: %1 (your pick)"), names.get(self.picked, self.picked))
        elif record.next_speaker_id and record.next_speaker_id in record.present:
            who = i18n.arg(self.tr("next: %1 (the narrator's pick)"), names.get(record.next_speaker_id, ""))
        else:
            who = self.tr("next: whoever's turn it is")
        self.title.setText(i18n.arg(self.tr("Scene %1 · %2"), str(record.scene), who))

    def portrait_of(self, name_or_id: str) -> CastPortrait | None:
        wanted = name_or_id.casefold()
        return next((p for p in self.portraits
                     if wanted in (p.member.profile_id.casefold(), p.member.name.casefold())), None)

    def say(self, text: str) -> None:
        """A refusal under the bar, with its code, until the next change ("": none)."""
        self.message.setText(text)
        self.message.setVisible(bool(text))

    # -- acting ----------------------------------------------------------------------------------
    def pick(self, profile_id: str | None) -> None:
        """``profile_id`` speaks next (None, or the one picked again: nobody picked)."""
        self.picked = None if profile_id in (self.picked, None) else profile_id
        for button in self.portraits:
            button.setChecked(button.member.profile_id == self.picked)
        if self.state is not None:
            self._show_title()

    def presence_menu(self, button: CastPortrait) -> QMenu:
        menu = QMenu(self)
        menu.setObjectName("PresenceMenu")
        member = button.member
        if not member.narrator:
            if member.present:
                menu.addAction(i18n.arg(self.tr("%1 leaves the scene"), member.name),
                               lambda: self.set_present(member.profile_id, False))
            else:
                menu.addAction(i18n.arg(self.tr("%1 enters the scene"), member.name),
                               lambda: self.set_present(member.profile_id, True))
        menu.addAction(i18n.arg(self.tr("%1 speaks next"), member.name), lambda: self.pick(member.profile_id))
        return menu

    def _on_menu(self, button: CastPortrait, pos: QPoint) -> None:
        self.presence_menu(button).popup(button.mapToGlobal(pos))

    def set_present(self, profile_id: str, present: bool) -> None:
        try:
            self.studio.scenes.set_present(self.chat_id, profile_id, present)
        except SceneError as exc:
            self.say(f"{exc.message} [{exc.code}]")
            return
        self.message.hide()
        self.refresh()
        self.presence_changed.emit()

    def _on_break(self) -> None:
        try:
            self.studio.scenes.next_scene(self.chat_id)
        except SceneError as exc:
            self.say(f"{exc.message} [{exc.code}]")
            return
        self.refresh()
        self.presence_changed.emit()

    def open_heard(self) -> None:
        from relay_studio.ui.chat.scene_presence import PresenceDialog

        if self.state is None:
            return
        dialog = PresenceDialog(self.studio, self.state, self.window())
        dialog.finished.connect(dialog.deleteLater)
        self.heard_dialog = dialog
        dialog.open()
