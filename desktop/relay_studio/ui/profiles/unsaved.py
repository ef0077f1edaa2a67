"""Closing the profile editor with changes that are not saved: a window-modal question, Save (then close;
disabled while the profile is invalid), Discard or Cancel, opened with ``open()`` and answered in a slot
(never a nested event loop under qasync). The strings keep the editor's translation context."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox

from relay_studio.ui import i18n

if TYPE_CHECKING:
    from relay_studio.ui.profiles.editor import ProfileEditor

Button = QMessageBox.StandardButton


def ask_before_closing(editor: ProfileEditor) -> QMessageBox:
    """Opens the question over ``editor``; its answer saves and closes, discards and closes, or stays."""
    untitled = QCoreApplication.translate("ProfileEditor", "Untitled agent")
    name = str(editor.form.get("displayName") or "").strip() or untitled
    text = QCoreApplication.translate("ProfileEditor",
                                      "“%1” has changes that are not saved. Save them before closing?")
    question = QMessageBox(QMessageBox.Icon.Question, QCoreApplication.translate("ProfileEditor", "Unsaved agent"),
                           i18n.arg(text, name), Button.Save | Button.Discard | Button.Cancel, editor)
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


def _answered(editor: ProfileEditor, question: QMessageBox) -> None:
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
