"""The System prompt section: the generated prompt or the agent's own, the generated one shown beside
it for reference, and the standing instructions added to every call."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QFormLayout, QPlainTextEdit

from relay_studio.ui.profiles.sections.base import Section
from relay_studio.ui.profiles.sections.host import EditorHost


class PromptSection(Section):
    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor, "System prompt")
        self.rows.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)  # long texts: the label above, full width
        self.use_default = QCheckBox(self.tr("Use the generated prompt"))
        self.use_default.setToolTip(self.tr("instructions.systemPrompt left empty: the runtime writes it from the "
                                            "tools"))
        self.use_default.toggled.connect(self._on_use_default)
        self.rows.addRow("", self.use_default)
        self.prompt_edit = self._text(self.tr("Own prompt"), "instructions.systemPrompt", none_when_empty=False,
                                      height=120, tip="instructions.systemPrompt")
        self.default_view = QPlainTextEdit()
        self.default_view.setReadOnly(True)
        self.default_view.setFixedHeight(120)
        self.default_view.setAccessibleName(self.tr("Generated (what your prompt replaces)"))
        self.rows.addRow(self.tr("Generated (what your prompt replaces)"), self.default_view)
        self._text(self.tr("Standing instructions"), "instructions.taskPrompt", none_when_empty=True, height=70,
                   tip=self.tr("instructions.taskPrompt: added after the prompt in every call"))

    def _on_use_default(self, on: bool) -> None:
        editor = self.editor
        self.prompt_edit.setEnabled(not on and not editor.read_only)
        if editor.loading:
            return
        editor.set_field("instructions.systemPrompt", None if on else (self.prompt_edit.toPlainText() or ""),
                         anchor=self.use_default)
