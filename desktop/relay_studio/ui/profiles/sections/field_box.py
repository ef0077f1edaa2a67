"""``FieldBox``: one field of the profile editor with, under it, its errors, its warning and its note."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from relay_studio.domain.profile import Diagnostic
from relay_studio.ui.profiles import wording


class FieldBox(QWidget):
    """A field and, under it, its diagnostics (errors), a warning (a choice that will fail at run time)
    and a note (why a click could not do what it asked)."""

    def __init__(self, widget: QWidget, label: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.widget = widget
        self.label = label
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(widget)
        self.error = self._message("FieldError")
        self.warning = self._message("FieldWarning")
        self.note = self._message("FieldNote")
        for message in (self.error, self.warning, self.note):
            layout.addWidget(message)

    def _message(self, name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setWordWrap(True)
        label.hide()
        return label

    def show_diagnostics(self, diagnostics: list[Diagnostic]) -> None:
        lines = []
        for d in diagnostics:
            hint = wording.tr(wording.FIX_HINTS.get(d.code, ""))
            lines.append(f"{d.message} ({d.code})" + (f" {hint}" if hint else ""))
        self._say(self.error, "\n".join(lines))

    def show_warning(self, text: str) -> None:
        self._say(self.warning, text)

    def show_note(self, text: str) -> None:
        self._say(self.note, text)

    @staticmethod
    def _say(label: QLabel, text: str) -> None:
        if label.text() != text:
            label.setText(text)
        label.setVisible(bool(text))
