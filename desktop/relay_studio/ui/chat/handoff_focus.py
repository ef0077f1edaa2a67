"""Chat → Hand off to a new chat asks first what the new chat should focus on (as ``/handoff <focus>``
typed in the composer says it); an empty answer hands off the whole chat, Cancel starts nothing."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QInputDialog, QWidget


def ask_focus(parent: QWidget, start: Callable[[str | None], None]) -> QInputDialog:
    """Opens the question (window-modal, no nested event loop); ``start(focus)`` runs once it is answered."""
    translate = QCoreApplication.translate  # pyside6-lupdate reads translate("HandoffFocus", "…")
    dialog = QInputDialog(parent)
    dialog.setObjectName("HandoffFocusDialog")
    dialog.setWindowTitle(translate("HandoffFocus", "Hand off to a new chat"))
    dialog.setLabelText(translate("HandoffFocus", "What should the new chat focus on? Leave it empty to carry "
                                                  "the whole chat over."))
    dialog.setOkButtonText(translate("HandoffFocus", "Write the handoff"))
    dialog.setCancelButtonText(translate("HandoffFocus", "Cancel"))
    dialog.textValueSelected.connect(lambda text: start(text.strip() or None))
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog
