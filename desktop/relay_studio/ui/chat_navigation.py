"""The window's chats and projects: the chat list, opening a chat (and its project), new chats, the
project switcher (new, rename), and the session handoff to a new chat.

Questions are asked with dialogs that are opened, never exec'd.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from PySide6.QtWidgets import QInputDialog

from relay_studio.store.projects import ProjectError
from relay_studio.ui import i18n
from relay_studio.ui.chat.view import WELCOME_CHAT
from relay_studio.ui.window_parts import WindowParts

if TYPE_CHECKING:
    from relay_studio.ui.main_window import MainWindow

PROJECT_KEY = "project/current"  # the project the switcher shows (its chats, its Library dock)


class ChatNavigation(WindowParts):
    """A part of ``MainWindow`` (a mixin): its chats and projects."""

    # -- chats -----------------------------------------------------------------------------------
    def refresh_chats(self) -> None:
        hidden = self.chat_actions.hidden_chats()  # deleted, still undoable
        self.sidebar.set_chats([c for c in self.studio.project_chats(self.project_id) if c.id not in hidden],
                               self.chat_id)


    def _open_first_chat(self) -> None:
        studio = self.studio
        if not studio.all_chats():
            studio.ensure_chat(WELCOME_CHAT)
            self.refresh_chats()
        last = str(self.settings.value("chat/last", "") or "")
        record = studio.chat(last) if last else None
        if record is None or record.project_id != self.project_id:
            record = next(iter(studio.project_chats(self.project_id)), None) or studio.new_chat(self.project_id)
        self._show_project()
        self.open_chat(record.id)

    # -- projects (the switcher above the chats; ui/library/ shows the project's libraries) -------
    def _show_project(self) -> None:
        self.project_id = self.studio.project(self.project_id).id  # the default one if it is gone
        self.sidebar.set_projects([(p.id, p.name) for p in self.studio.projects()], self.project_id)
        self.refresh_chats()
        if self.library.project_id != self.project_id:
            self.library.set_project(self.project_id)
        else:
            self.library._update_title()

    def choose_project(self, project_id: str) -> None:
        """Shows the project's chats (its last chat opened) and its Library; remembered in window.ini."""
        if project_id == self.project_id:
            return
        if self.chat_id:
            self.settings.setValue(f"project/lastChat/{self.project_id}", self.chat_id)
        self.project_id = self.studio.project(project_id).id
        self.settings.setValue(PROJECT_KEY, self.project_id)
        self._show_project()
        chats = self.studio.project_chats(self.project_id)
        last = str(self.settings.value(f"project/lastChat/{self.project_id}", "") or "")
        record = next((c for c in chats if c.id == last), None) or next(iter(chats), None)
        self.open_chat((record or self.studio.new_chat(self.project_id)).id)

    def _ask_project_name(self, title: str, label: str, text: str, answer: Any) -> None:
        dialog = QInputDialog(self)
        dialog.setObjectName("ProjectNameDialog")
        dialog.setWindowTitle(title)
        dialog.setLabelText(label)
        dialog.setTextValue(text)
        dialog.textValueSelected.connect(answer)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def new_project(self) -> None:
        self._ask_project_name(self.tr("New project"), self.tr("Name of the new project:"), "",
                               self._on_new_project_name)

    def _on_new_project_name(self, name: str) -> None:
        try:
            record = self.studio.create_project(name)
        except ProjectError as exc:
            self.statusBar().showMessage(f"{exc.message} [{exc.code}]", 10000)
            return
        self.choose_project(record.id)

    def rename_project(self) -> None:
        current = self.studio.project(self.project_id)
        self._ask_project_name(self.tr("Rename project"), i18n.arg(self.tr("New name for “%1”:"), current.name),
                               current.name,
                               self._on_rename_project_name)

    def _on_rename_project_name(self, name: str) -> None:
        try:
            self.studio.rename_project(self.project_id, name)
        except ProjectError as exc:
            self.statusBar().showMessage(f"{exc.message} [{exc.code}]", 10000)

    def open_chat(self, chat_id: str) -> None:
        if not chat_id:
            return
        record = self.studio.chat(chat_id)
        if record is not None and record.project_id and record.project_id != self.project_id:
            self.project_id = record.project_id  # a chat of another project (a branch, a restored last chat)
            self._show_project()
        self.chat_id = chat_id
        self.stack.setCurrentWidget(self.chat)
        self.chat.set_chat(chat_id)
        self.sidebar.select_chat(chat_id)
        if not self.sidebar.chats.hasFocus():  # arrowing through the chat list keeps its focus
            self.chat.composer.editor.setFocus()
        self.timeline.show_chat(chat_id)
        active = self.studio.active_run(chat_id)
        runs = self.studio.runs(chat_id, limit=1)
        self.status_run_id = active.run_id if active else (runs[0].id if runs else "")
        self.update_status()

    def open_chat_named(self, name: str) -> bool:
        record = self.studio.find_chat(name, self.project_id)  # or by id, or in another project
        if record is None:
            return False
        self.open_chat(record.id)
        return True

    def _unique_chat_name(self, base: str) -> str:
        names = {c.name for c in self.studio.project_chats(self.project_id)}
        n = 1
        while f"{base} {n}" in names:
            n += 1
        return f"{base} {n}"

    def new_chat(self, *, explore: bool = False) -> None:
        """A new chat in the shown project (an exploration with ``explore``, docs/explore.md), opened with
        the composer ready."""
        record = (self.studio.new_exploration if explore else self.studio.new_chat)(self.project_id)
        self.refresh_chats()
        self.open_chat(record.id)
        self.chat.composer.editor.setFocus()

    def hand_off(self, focus: str | None = None) -> None:
        """Session handoff: the chat's agent writes a handoff document; a new chat starts from it once the
        creator accepts it (docs/session-handoff.md)."""
        from relay_studio.ui.chat import handoff_flow

        self._spawn(handoff_flow.hand_off(cast("MainWindow", self), focus))
