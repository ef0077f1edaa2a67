"""Closing the profile editor with changes that are not saved: a window-modal question, Save (then close;
disabled while the profile is invalid), Discard or Cancel, opened with ``open()`` and answered in a slot
(never a nested event loop under qasync). The strings keep the editor's translation context."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QCoreApplication, Qt, SignalInstance
from PySide6.QtWidgets import QMessageBox, QWidget

from relay_studio.domain.profile import Diagnostic
from relay_studio.ui import i18n
from relay_studio.ui.profiles.form_model import ProfileForm

Button = QMessageBox.StandardButton


class ClosingEditor(Protocol):
    """What the question needs of the editor it asks over (``ProfileEditor``), so this module imports no editor."""

    local_errors: dict[str, Diagnostic]
    close_question: QMessageBox | None
    dirty: bool

    @property
    def form(self) -> ProfileForm: ...

    @property
    def closed(self) -> SignalInstance: ...

    def save(self) -> bool: ...


def ask_before_closing(editor: ClosingEditor, over: QWidget) -> QMessageBox:
    """Opens the question over ``over`` (the editor's widget); its answer saves and closes, discards and
    closes, or stays."""
    untitled = QCoreApplication.translate("ProfileEditor", "Untitled agent")
    name = str(editor.form.get("displayName") or "").strip() or untitled
    text = QCoreApplication.translate("ProfileEditor",
                                      "“%1” has changes that are not saved. Save them before closing?")
    question = QMessageBox(QMessageBox.Icon.Question, QCoreApplication.translate("ProfileEditor", "Unsaved agent"),
                           i18n.arg(text, name), Button.Save | Button.Discard | Button.Cancel, over)
    question.setObjectName("UnsavedAgentQuestion")
    question.setDefaultButton(Button.Save)
    save = question.button(Button.Save)
    if save is not None and not (editor.form.valid and not editor.local_errors):
        save.setEnabled(False)  # nothing valid to save: discard, or go back and fix it
        question.setDefaultButton(Button.Cancel)
    question.setWindowModality(Qt.WindowModality.WindowModal)
    question.finished.connect(lambda _result: _answered(editor, question))
    question.open()
    return question


def _answered(editor: ClosingEditor, question: QMessageBox) -> None:
    clicked = question.clickedButton()
    answer = question.standardButton(clicked) if clicked is not None else Button.Cancel
    editor.close_question = None
    question.deleteLater()
    if answer == Button.Save:
        if editor.save():
            editor.closed.emit()
    elif answer == Button.Discard:
        editor.dirty = False
        editor.closed.emit()
