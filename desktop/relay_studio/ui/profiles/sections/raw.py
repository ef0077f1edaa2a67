"""The last two sections, both views of the whole profile: Raw JSON (editable; the editor re-reads it
after a pause in typing) and What the model sees (the runtime's assembled prompt and tools)."""

from __future__ import annotations

from PySide6.QtWidgets import QPlainTextEdit

from relay_studio.ui.profiles.sections.base import Section, section_title
from relay_studio.ui.profiles.sections.host import EditorHost


class RawJsonSection(Section):
    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor, "Raw JSON")
        self.raw = QPlainTextEdit()
        self.raw.setMinimumHeight(260)
        self.raw.setAccessibleName(section_title("Raw JSON"))
        self.raw.textChanged.connect(lambda: None if editor.loading else editor.raw_timer.start())
        self.rows.addRow(self.raw)


class ModelViewSection(Section):
    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor, "What the model sees")
        self.model_view = QPlainTextEdit()
        self.model_view.setReadOnly(True)
        self.model_view.setMinimumHeight(260)
        self.model_view.setAccessibleName(section_title("What the model sees"))
        self.rows.addRow(self.model_view)
