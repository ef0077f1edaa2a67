"""The line under Settings' connections where every action says how it went, in one sentence: green when
it worked, red when not, plain while it runs. Selectable, so a creator can copy an error."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from relay_studio.ui import theme


class StatusLine(QLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ConnectionResult")
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    def say(self, text: str, ok: bool | None = None) -> None:
        """``ok``: True for success (green), False for a failure (red), None while something runs."""
        color = {True: theme.colors().tool_ok.name(), False: theme.colors().error.name()}.get(ok) if ok is not None \
            else None
        self.setStyleSheet(f"color: {color};" if color else "")
        self.setText(text)
