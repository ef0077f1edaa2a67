"""The Identity section: id, name, description, and whether the agent can start a run."""

from __future__ import annotations

from relay_studio.ui.profiles.sections.base import Section
from relay_studio.ui.profiles.sections.host import EditorHost


class IdentitySection(Section):
    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor, "Identity")
        self.id_edit = self._line(self.tr("Id"), "id", placeholder="lowercase-id",
                                  tip=self.tr("How other agents and files name it: lowercase letters, digits, - "
                                              "and _."))
        self.name_edit = self._line(self.tr("Name"), "displayName",
                                    tip=self.tr("The name shown in the chat and the library."))
        self._text(self.tr("Description"), "description", height=60)
        self._check(self.tr("Can start a run from the chat"), "run.directRunnable", tip="run.directRunnable")
