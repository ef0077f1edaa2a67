"""What each of the window's flows needs of the window that hosts it, as ``typing.Protocol``s.

The flows (``run_actions``, ``chat_navigation``, ``chat/chat_actions``, ``chat/handoff_flow``,
``export_dialog``, ``window_profiles``) are given the window as one of these hosts, never as ``MainWindow``: they
sit below ``main_window`` and none of them imports it, so no import circle ties the window to its parts. The
menus (``window_menus.MenusHost``) keep their host beside them: it names the flows, which import this module.
``MainWindow`` provides every member here (checked by mypy where it hands itself to a flow). The shown
chat and project (``chat_id``, ``project_id``) are the window's; ``ChatNavigation`` changes them.

This module imports only what is below the flows (the studio, the views, Qt), and only for the type checker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import asyncio
    from collections.abc import Coroutine

    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QDockWidget, QLabel, QStackedWidget, QStatusBar, QWidget

    from relay_studio.ui.chat.handoff_dialog import HandoffDialog
    from relay_studio.ui.chat.view import ChatView
    from relay_studio.ui.library.dock import LibraryPanel
    from relay_studio.ui.profiles.editor import ProfileEditor
    from relay_studio.ui.sidebar import Sidebar
    from relay_studio.ui.studio import Studio
    from relay_studio.ui.timeline.panel import TimelinePanel


class WindowHost(Protocol):
    """Every flow's window: the studio, the window's settings, the chat and project it shows, its status
    bar, and ``window()``, the widget that parents the flow's dialogs (Qt's own ``QWidget.window``)."""

    studio: Studio
    settings: QSettings
    chat_id: str
    project_id: str

    def window(self) -> QWidget: ...

    def statusBar(self) -> QStatusBar: ...


class ChatViewHost(WindowHost, Protocol):
    """A window that shows its chat in a chat view (``handoff_flow.offer_if_too_long`` offers the handoff there)."""

    chat: ChatView


class ChatListHost(ChatViewHost, Protocol):
    """The window as the chat list's actions (``ChatActions``) and the session handoff see it: the chat
    list, and the window's commands that open and list chats."""

    sidebar: Sidebar
    new_chat_action: QAction
    handoff_dialog: HandoffDialog | None  # open while a session handoff is written or reviewed

    def open_chat(self, chat_id: str) -> None: ...

    def refresh_chats(self) -> None: ...

    def new_chat(self, *, explore: bool = False) -> None: ...

    def open_settings(self) -> None: ...  # a handoff without a model offers Settings (handoff_fallback)


class NavigationHost(ChatViewHost, Protocol):
    """The window as ``ChatNavigation`` sees it: what it shows a chat and a project in."""

    sidebar: Sidebar
    stack: QStackedWidget
    timeline: TimelinePanel
    library: LibraryPanel


class RunsHost(ChatViewHost, Protocol):
    """The window as ``RunActions`` sees it: the timeline, the status bar's labels, and the window's commands
    a run action leads to (a handoff, a branch chat opened)."""

    timeline: TimelinePanel
    timeline_dock: QDockWidget
    status_agent: QLabel
    status_state: QLabel
    status_tokens: QLabel
    status_elapsed: QLabel

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]: ...

    def open_chat(self, chat_id: str) -> None: ...

    def refresh_chats(self) -> None: ...

    def hand_off(self, focus: str | None = None, agent_id: str | None = None) -> None: ...


class ProfilesHost(ChatViewHost, Protocol):
    """The window as its agents' side (``window_profiles``) sees it: the agents' list, the centre the profile
    editor takes in the chat's place, and the editor once made."""

    sidebar: Sidebar
    stack: QStackedWidget
    profile_editor: ProfileEditor | None

    def open_chat(self, chat_id: str) -> None: ...
