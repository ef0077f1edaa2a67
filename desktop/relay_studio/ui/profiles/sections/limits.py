"""The Limits section: rounds and tool calls per stage, and how much chat history the agent sees."""

from __future__ import annotations

from relay_studio.ui.profiles.sections.base import Section
from relay_studio.ui.profiles.sections.host import EditorHost


class LimitsSection(Section):
    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor, "Limits")
        self._spin(self.tr("Model rounds per stage"), "tools.maxRounds", 1, 1000, tip="tools.maxRounds")
        self._spin(self.tr("Tool calls per stage"), "tools.maxToolCalls", 1, 5000, tip="tools.maxToolCalls")
        self._spin(self.tr("Chat history messages (-1: all)"), "context.chatHistoryMessages", -1, 10000,
                   tip="context.chatHistoryMessages")
