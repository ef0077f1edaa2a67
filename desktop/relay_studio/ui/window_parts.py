"""What the window's action modules (``chat_navigation``, ``run_actions``) may use of the window: its
parts, and the methods one module calls in another. ``MainWindow`` provides all of it; this class is
only a declaration for the type checker (at run time the mixins derive from ``object``)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QStackedWidget

    from relay_studio.ui.chat.chat_actions import ChatActions
    from relay_studio.ui.chat.view import ChatView
    from relay_studio.ui.library.dock import LibraryPanel
    from relay_studio.ui.sidebar import Sidebar
    from relay_studio.ui.studio import Studio
    from relay_studio.ui.timeline.panel import TimelinePanel

    class WindowParts(QMainWindow):
        studio: Studio
        settings: QSettings
        chat_id: str
        project_id: str
        status_run_id: str
        last_error: str
        chat: ChatView
        stack: QStackedWidget
        sidebar: Sidebar
        chat_actions: ChatActions
        timeline: TimelinePanel
        timeline_dock: QDockWidget
        library: LibraryPanel
        status_agent: QLabel
        status_state: QLabel
        status_tokens: QLabel
        status_elapsed: QLabel

        def _spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
            raise NotImplementedError

        def open_chat(self, chat_id: str) -> None: ...
        def refresh_chats(self) -> None: ...
        def hand_off(self, focus: str | None = None) -> None: ...
        def send(self, agent_id: str, text: str) -> None: ...
        def update_status(self) -> None: ...
else:
    WindowParts = object
