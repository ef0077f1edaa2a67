"""The window's chats and projects: the chat list, opening a chat (and its project), new chats, and the
project switcher (new, rename).

Questions are asked with dialogs that are opened, never exec'd.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QInputDialog

from relay_studio.store.projects import ProjectError
from relay_studio.ui import i18n
from relay_studio.ui.chat.view import WELCOME_CHAT
from relay_studio.ui.operations.errors import present_error

if TYPE_CHECKING:
    from relay_studio.ui.chat.chat_actions import ChatActions
    from relay_studio.ui.window_host import NavigationHost

PROJECT_KEY = "project/current"  # the project the switcher shows (its chats, its Library dock)


class ChatNavigation(QObject):
    """The window's chats and projects (``MainWindow.navigation``): it changes the chat and the project the
    window shows (``host.chat_id``, ``host.project_id``); the chats ``chat_actions`` deleted, still undoable,
    stay out of the list.

    Signals: chat_opened(str chat_id): the window shows this chat now (the status bar follows it).
    """

    chat_opened = Signal(str)

    def __init__(self, host: NavigationHost, chat_actions: ChatActions) -> None:
        super().__init__(host.window())
        self.host = host
        self.studio = host.studio
        self.chat_actions = chat_actions

    def wire(self) -> None:
        """The chat list's and the project switcher's requests, and the studio's projects, to these actions."""
        sidebar = self.host.sidebar
        sidebar.chat_selected.connect(self.open_chat)
        sidebar.new_chat_requested.connect(self.new_chat)
        sidebar.project_chosen.connect(self.choose_project)
        sidebar.new_project_requested.connect(self.new_project)
        sidebar.rename_project_requested.connect(self.rename_project)
        self.host.chat.open_chat_requested.connect(self.open_chat)  # a lineage marker of a session handoff

    # -- chats -----------------------------------------------------------------------------------
    def refresh_chats(self) -> None:
        hidden = self.chat_actions.hidden_chats()  # deleted, still undoable
        self.host.sidebar.set_chats([c for c in self.studio.projects.chats(self.host.project_id) if c.id not in hidden],
                                    self.host.chat_id)

    def open_first_chat(self) -> None:
        studio = self.studio
        if not studio.chats.all():
            studio.chats.ensure(WELCOME_CHAT)
            self.refresh_chats()
        last = str(self.host.settings.value("chat/last", "") or "")
        record = studio.chats.get(last) if last else None
        if record is None or record.project_id != self.host.project_id:
            record = (next(iter(studio.projects.chats(self.host.project_id)), None)
                      or studio.chats.new(self.host.project_id, self._chat_base()))
        self.show_project()
        self.open_chat(record.id)

    # -- projects (the switcher above the chats; ui/library/ shows the project's libraries) -------
    def show_project(self) -> None:
        self.host.project_id = self.studio.projects.get(self.host.project_id).id  # the default one if it is gone
        self.host.sidebar.set_projects([(p.id, i18n.project_name(p.name, self.studio.projects.is_first(p.id)))
                                         for p in self.studio.projects.all()], self.host.project_id)
        self.refresh_chats()
        if self.host.library.project_id != self.host.project_id:
            self.host.library.set_project(self.host.project_id)
        else:
            self.host.library._update_title()

    def choose_project(self, project_id: str) -> None:
        """Shows the project's chats (its last chat opened) and its Library; remembered in window.ini."""
        if project_id == self.host.project_id:
            return
        if self.host.chat_id:
            self.host.settings.setValue(f"project/lastChat/{self.host.project_id}", self.host.chat_id)
        self.host.project_id = self.studio.projects.get(project_id).id
        self.host.settings.setValue(PROJECT_KEY, self.host.project_id)
        self.show_project()
        chats = self.studio.projects.chats(self.host.project_id)
        last = str(self.host.settings.value(f"project/lastChat/{self.host.project_id}", "") or "")
        record = next((c for c in chats if c.id == last), None) or next(iter(chats), None)
        self.open_chat((record or self.studio.chats.new(self.host.project_id, self._chat_base())).id)

    def _ask_project_name(self, title: str, label: str, text: str, answer: Any) -> None:
        dialog = QInputDialog(self.host.window())
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
            record = self.studio.projects.create(name)
        except ProjectError as exc:
            present_error(exc, show=lambda line: self.host.statusBar().showMessage(line, 10000))
            return
        self.choose_project(record.id)
        self.host.chat.note_new_project(self.host.chat_id, record.name)  # its first chat says what to do next

    def rename_project(self) -> None:
        current = self.studio.projects.get(self.host.project_id)
        shown = i18n.project_name(current.name, self.studio.projects.is_first(current.id))
        self._ask_project_name(self.tr("Rename project"), i18n.arg(self.tr("New name for “%1”:"), shown), shown,
                               self._on_rename_project_name)

    def _on_rename_project_name(self, name: str) -> None:
        try:
            self.studio.projects.rename(self.host.project_id, name)
        except ProjectError as exc:
            present_error(exc, show=lambda line: self.host.statusBar().showMessage(line, 10000))

    def open_chat(self, chat_id: str) -> None:
        if not chat_id:
            return
        record = self.studio.chats.get(chat_id)
        if record is not None and record.project_id and record.project_id != self.host.project_id:
            self.host.project_id = record.project_id  # a chat of another project (a branch, a restored last chat)
            self.show_project()
        self.host.chat_id = chat_id
        self.host.stack.setCurrentWidget(self.host.chat)
        self.host.chat.set_chat(chat_id)
        self.host.sidebar.select_chat(chat_id)
        if not self.host.sidebar.chats.hasFocus():  # arrowing through the chat list keeps its focus
            self.host.chat.composer.editor.setFocus()
        self.host.timeline.show_chat(chat_id)
        self.chat_opened.emit(chat_id)

    def open_chat_named(self, name: str) -> bool:
        record = self.studio.chats.find(name, self.host.project_id)  # or by id, or in another project
        if record is None:
            return False
        self.open_chat(record.id)
        return True

    def _chat_base(self) -> str:
        """What a new chat is called before the creator names it ("Chat 1", „Chat 1“, "チャット 1"): in the
        window's language, stored so, as an exploration's name is."""
        return self.tr("Chat")

    def new_chat(self, *, explore: bool = False) -> None:
        """A new chat in the shown project (an exploration with ``explore``, docs/explore.md), opened with
        the composer ready."""
        record = (self.studio.chats.new_exploration(self.host.project_id) if explore
                  else self.studio.chats.new(self.host.project_id, self._chat_base()))
        self.refresh_chats()
        self.open_chat(record.id)
        self.host.chat.composer.editor.setFocus()
