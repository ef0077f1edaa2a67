"""The dialog's decision keys: Ctrl+Enter approves, Ctrl+Backspace rejects, also from a text field, which
would otherwise keep those keys for itself."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence

APPROVE_KEYS = ("Ctrl+Return", "Ctrl+Enter")
REJECT_KEYS = ("Ctrl+Backspace",)


def _matches(event: QKeyEvent, keys: tuple[str, ...]) -> bool:
    combo = event.keyCombination()
    mods = combo.keyboardModifiers() & ~Qt.KeyboardModifier.KeypadModifier
    pressed = QKeySequence(mods.value | combo.key().value)
    return any(pressed.matches(QKeySequence(k)) == QKeySequence.SequenceMatch.ExactMatch for k in keys)


class DecisionKeys(QObject):
    """Text fields keep Ctrl+Enter and Ctrl+Backspace for themselves; in this dialog they decide."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) \
                and _matches(event, APPROVE_KEYS + REJECT_KEYS):
            event.ignore()  # not claimed by the field: the dialog's shortcut takes it
            return True
        return False
