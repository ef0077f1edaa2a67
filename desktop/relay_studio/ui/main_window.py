"""The studio window: chats and agents on the left, the chat in the centre, the timeline dock on the
right, the active run in the status bar. Menus carry the shortcuts a desktop user expects.

This module is the shell: the docks, status bar, settings, theme and closing, and the window's commands. Its
parts live beside it: the menus and their actions (``window_menus.build_menus``), the docks' saved layout,
Reset layout and the timeline filling the window (``dock_layout.DockLayout``, ``self.dock_layout``), and the
agents' profile editor (``window_profiles``). Its flows are composed, each given the window as the host it
needs (``ui/window_host.py``): the chats and projects ``self.navigation`` (``chat_navigation.ChatNavigation``),
the runs ``self.runs`` (``run_actions.RunActions``), the chat list's actions ``self.chat_actions``
(``chat/chat_actions.ChatActions``), the session handoff (``chat/handoff_flow``) and the export
(``export_dialog``). No flow or part imports this module.

Nothing here opens a nested event loop: questions are asked with ``QMessageBox.open()`` and answered
in a slot; long work is awaited on the qasync loop through ``asyncio.ensure_future``.

Signals:
    closed(): the window accepted its close; the app's main coroutine returns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from relay_studio.ui import theme, wheel_guard, window_profiles
from relay_studio.ui.chat.composer import Composer
from relay_studio.ui.dock_layout import DockLayout
from relay_studio.ui.operations.changes import Changes
from relay_studio.ui.paint_clock import PaintClock
from relay_studio.ui.window_layout import MIN_CHAT_W, MIN_SIDEBAR_W, MIN_TIMELINE_W, MIN_WINDOW_H
from relay_studio.ui.window_menus import build_menus

if TYPE_CHECKING:  # imported by attach: the window opens (and takes keys) before the runtime is loaded
    import asyncio
    from collections.abc import Coroutine

    from relay_studio.ui.chat.chat_actions import ChatActions
    from relay_studio.ui.chat.handoff_dialog import HandoffDialog
    from relay_studio.ui.chat.new_scene_dialog import NewSceneDialog
    from relay_studio.ui.chat.view import ChatView
    from relay_studio.ui.chat_navigation import ChatNavigation
    from relay_studio.ui.continuity_dialog import ContinuityDialog
    from relay_studio.ui.export_dialog import ExportDialog
    from relay_studio.ui.library.dock import LibraryPanel
    from relay_studio.ui.profiles.editor import ProfileEditor
    from relay_studio.ui.run_actions import RunActions
    from relay_studio.ui.sidebar import Sidebar
    from relay_studio.ui.studio import Studio
    from relay_studio.ui.tasks import WidgetTasks
    from relay_studio.ui.timeline.panel import TimelinePanel


class MainWindow(QMainWindow):
    """Opened in two steps. ``MainWindow(None, settings)`` is the window a creator can type into at once:
    its docks, saved size and layout, and the composer, from Qt and a few light modules; ``attach(studio)``
    then fills it (the chats, the timeline, the library, the menus) once the runtime is loaded, and the
    composer, with what was typed, moves into the chat view. ``MainWindow(studio, settings)`` does both."""

    closed = Signal()
    studio: Studio
    chat: ChatView
    sidebar: Sidebar
    timeline: TimelinePanel
    library: LibraryPanel
    chat_actions: ChatActions
    navigation: ChatNavigation
    runs: RunActions
    _tasks: WidgetTasks
    # the menus' actions, set by ``window_menus.build_menus`` in attach
    new_chat_action: QAction
    new_scene_action: QAction
    continue_action: QAction
    import_action: QAction
    export_action: QAction
    continuity_action: QAction
    settings_action: QAction
    quit_action: QAction
    new_project_action: QAction
    rename_project_action: QAction
    new_agent_action: QAction
    find_action: QAction
    send_action: QAction
    enter_sends_action: QAction
    stop_action: QAction
    demo_action: QAction
    fill_action: QAction
    library_action: QAction
    reset_layout_action: QAction
    edit_actions: dict[str, QAction]

    def __init__(self, studio: Studio | None, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.chat_id = ""
        self.project_id = ""
        self.attached = False
        self._force_close = False
        self.keep_layout = True
        self.handoff_dialog: HandoffDialog | None = None  # open while a session handoff is written or reviewed
        self.export_dialog: ExportDialog | None = None  # File → Export… (issue 28)
        self.continuity_dialog: ContinuityDialog | None = None  # Chat → Check continuity… (issue 36)
        self.new_scene_dialog: NewSceneDialog | None = None  # File → New scene… (issue 41)
        self.profile_editor: ProfileEditor | None = None
        self.setWindowTitle(self.tr("Relay Studio"))
        self.setWindowIcon(theme.app_icon())
        self.setObjectName("MainWindow")
        self.paints = PaintClock(self)  # its first paint, and its first once attached (smoke.py reports them)
        wheel_guard.install()  # a wheel changes a drop-down or spin box only when it has the focus
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks | QMainWindow.DockOption.AllowTabbedDocks)

        self.stack = QStackedWidget()
        self.stack.setMinimumWidth(MIN_CHAT_W)
        self.setCentralWidget(self.stack)
        # what the window shows until attach: the composer where the chat view will hold it
        self.opening = QWidget()
        self.opening.setObjectName("OpeningPage")
        opening = QVBoxLayout(self.opening)
        opening.setContentsMargins(0, 0, 0, 0)
        opening.addStretch(1)
        self.composer = Composer()
        self.composer.hold_sends()  # a Send before the chats are there is done once they are open
        opening.addWidget(self.composer)
        self.stack.addWidget(self.opening)

        self.sidebar_dock = self._dock(self.tr("Chats"), "LibraryDock", MIN_SIDEBAR_W,
                                       QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.sidebar_dock)
        features = (QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                    | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.timeline_dock = self._dock(self.tr("Timeline"), "TimelineDock", MIN_TIMELINE_W - 8, features)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.timeline_dock)
        # the project's story library, knowledge and Skills: a tab beside the timeline (it needs the room)
        self.library_dock = self._dock(self.tr("Library"), "ProjectLibraryDock", MIN_TIMELINE_W - 8, features)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.library_dock)
        self.tabifyDockWidget(self.timeline_dock, self.library_dock)
        self.timeline_dock.raise_()
        self.menus = {key: self.menuBar().addMenu(title) for key, title in (
            ("file", self.tr("&File")), ("edit", self.tr("&Edit")), ("run", self.tr("&Run")),
            ("chat", self.tr("&Chat")), ("view", self.tr("&View")), ("help", self.tr("&Help")))}
        self.chat_menu = self.menus["chat"]
        self.statusBar().showMessage(QCoreApplication.translate("StartWindow", "Opening your chats…"))
        self.setMinimumHeight(MIN_WINDOW_H)
        self.dock_layout = DockLayout(self, settings, self.stack, self.sidebar_dock, self.timeline_dock,
                                      self.library_dock)
        self.dock_layout.restore()
        self.composer.editor.setFocus()  # the creator can type at once
        if studio is not None:
            self.attach(studio)

    def _dock(self, title: str, name: str, min_width: int, features: QDockWidget.DockWidgetFeature) -> QDockWidget:
        """A dock as the layout restores it, holding a blank of its content's least width until attach."""
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setFeatures(features)
        blank = QWidget()
        blank.setMinimumWidth(min_width)
        dock.setWidget(blank)
        return dock

    def attach(self, studio: Studio) -> None:
        """Fills the window from ``studio`` (the runtime is loaded): the chat view takes the composer and
        its text, the docks their content, the menus their actions; then the last chat opens."""
        from relay_studio.ui.chat.chat_actions import ChatActions
        from relay_studio.ui.chat.scene_turns import SceneTurns
        from relay_studio.ui.chat.view import ChatView
        from relay_studio.ui.chat_navigation import PROJECT_KEY, ChatNavigation
        from relay_studio.ui.library.dock import LibraryPanel
        from relay_studio.ui.run_actions import RunActions
        from relay_studio.ui.sidebar import Sidebar
        from relay_studio.ui.tasks import WidgetTasks
        from relay_studio.ui.timeline.panel import TimelinePanel

        assert not self.attached, "a window shows one studio"
        self.attached = True
        self.studio = studio
        self.project_id = studio.projects.get(str(self.settings.value(PROJECT_KEY, "") or "")).id
        self._tasks = WidgetTasks()
        typing = self.composer.editor.hasFocus()
        self.chat = ChatView(studio, composer=self.composer)
        self.stack.addWidget(self.chat)
        self.stack.setCurrentWidget(self.chat)
        self.stack.removeWidget(self.opening)
        self.opening.deleteLater()

        self.sidebar = Sidebar()
        self.sidebar.setMinimumWidth(MIN_SIDEBAR_W)
        self._fill_dock(self.sidebar_dock, self.sidebar)
        # the flows, composed; each holds the window as its host (ui/window_host.py)
        self.chat_actions = ChatActions(self)
        self.navigation = ChatNavigation(self, self.chat_actions)
        self.runs = RunActions(self)
        self.runs.scene_turns = SceneTurns(self, self.chat.scene_bar)  # a scene chat's Send and /as
        self.timeline = TimelinePanel(studio)
        self.timeline.setMinimumWidth(MIN_TIMELINE_W - 8)  # the dock's frame around it
        self._fill_dock(self.timeline_dock, self.timeline)
        self.library = LibraryPanel(studio)
        self._fill_dock(self.library_dock, self.library)

        self.statusBar().clearMessage()
        self._build_status_bar()
        build_menus(self)
        self._wire()
        self.timeline.arrangement_changed.connect(self.dock_layout.fitter.refit_soon)
        self.refresh_chats()
        self.refresh_profiles()
        self.navigation.open_first_chat()
        if self.composer.release_held():
            self.composer.submit()  # the Send pressed while the window opened
        if typing or not self.isVisible():
            self.chat.composer.editor.setFocus()  # the creator types on where they were
        self.paints.mark()
        self.update()

    @staticmethod
    def _fill_dock(dock: QDockWidget, content: QWidget) -> None:
        blank = dock.widget()
        dock.setWidget(content)
        if blank is not None:
            blank.deleteLater()

    def ask_handoff_focus(self) -> None:
        """Chat → Hand off: what the new chat should focus on, then the handoff (``ui/chat/handoff_focus.py``)."""
        from relay_studio.ui.chat.handoff_focus import ask_focus

        ask_focus(self, self.hand_off)

    def show_library(self) -> None:
        self.library_dock.show()
        self.library_dock.raise_()

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        self.status_agent = QLabel()
        self.status_state = QLabel()
        self.status_tokens = QLabel()
        self.status_elapsed = QLabel()
        for label in (self.status_agent, self.status_state, self.status_tokens, self.status_elapsed):
            label.setContentsMargins(6, 0, 6, 0)
            bar.addPermanentWidget(label)
        self._status_timer = QTimer(self)
        self._status_timer.setInterval(500)
        self._status_timer.timeout.connect(self.runs.update_status)
        self._status_timer.start()
        self.runs.update_status()

    def export_manuscript(self) -> None:
        """File → Export…: the shown chat's answers as a manuscript (``ui/export_dialog.py``)."""
        from relay_studio.ui.export_dialog import open_export_dialog

        dialog = open_export_dialog(self)
        if dialog is not None:
            self.export_dialog = dialog

    def check_continuity(self) -> None:
        """Chat → Check continuity…: the shown chat against the canon (``ui/continuity_dialog.py``)."""
        from relay_studio.ui.continuity_dialog import open_continuity_dialog

        self.continuity_dialog = open_continuity_dialog(self)

    def _wire(self) -> None:
        s = self.studio
        self.navigation.wire()
        from relay_studio.ui.continuity_after_commit import ContinuityAfterCommit

        self.continuity_after_commit = ContinuityAfterCommit(self)  # the project's after-commit check
        self.navigation.chat_opened.connect(self.runs.chat_opened)  # the status bar follows the chat shown
        self.sidebar.chat_chosen.connect(lambda _id: self.chat.composer.editor.setFocus())
        self.chat.publish_failed.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.chat_actions.wire(self.sidebar)
        self.sidebar.profile_selected.connect(self.open_profile)
        self.sidebar.new_agent_requested.connect(self.new_agent)
        s.run_finished.connect(lambda _r, _s: self.library.after_run())  # new mentions, entries agents wrote
        s.events_arrived.connect(self.library.after_events)  # an entry or Skill written while the run goes on
        self.runs.wire()
        self.chat.handoff_requested.connect(lambda: self.hand_off())
        s.operation_did_execute.connect(self._on_changes)
        if s.has_suspended_runs():  # a change waited for approval when the app last stopped: ask it again
            self.spawn(s.resume_suspended())
        QApplication.instance().styleHints().colorSchemeChanged.connect(self._on_scheme_changed)  # type: ignore[union-attr]

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
        """Starts ``coro`` on the qasync loop; kept alive until it ends (the flows' long work)."""
        return self._tasks.spawn(coro)

    # -- the window's commands (the flows, the app and the tests ask them) ---------------------------
    def open_chat(self, chat_id: str) -> None:
        self.navigation.open_chat(chat_id)

    def open_chat_named(self, name: str) -> bool:
        return self.navigation.open_chat_named(name)

    def refresh_chats(self) -> None:
        self.navigation.refresh_chats()

    def _on_changes(self, changes: Changes, _initiator: object) -> None:
        """The window itself (its chat list, its agent list, its project) follows every change, shown or not."""
        if changes.projects:  # its chats too
            self.navigation.show_project()
        elif changes.chats or (changes.run and self._lists_a_new_chat(changes)):
            self.refresh_chats()
        if changes.profiles:
            self.refresh_profiles()

    def _lists_a_new_chat(self, changes: Changes) -> bool:
        """A run's start may have made its chat (a new chat's name): the list is read again only then; the list
        is in the chats' order of creation, so a run in a listed chat changes nothing in it (a book's chat list
        read and rebuilt on every send was a third of the send's time on the GUI thread)."""
        return any(self.sidebar.chat_item(chat_id) is None for chat_id in changes.messages)

    def new_chat(self, *, explore: bool = False) -> None:
        self.navigation.new_chat(explore=explore)

    def new_scene(self) -> None:
        """File → New scene…: a scene chat from the agents (those made from cards first), opened when made."""
        from relay_studio.ui.chat.new_scene_dialog import NewSceneDialog

        dialog = NewSceneDialog(self.studio, self.project_id, self)
        dialog.created.connect(self._on_scene_created)
        dialog.finished.connect(dialog.deleteLater)
        self.new_scene_dialog = dialog
        dialog.open()

    def _on_scene_created(self, chat_id: str) -> None:
        self.refresh_chats()
        self.open_chat(chat_id)

    def run_demo(self, *, with_approval: bool = False) -> None:
        self.runs.run_demo(with_approval=with_approval)

    def show_run(self, run_id: str) -> None:
        self.runs.show_run(run_id)

    def hand_off(self, focus: str | None = None, agent_id: str | None = None) -> None:
        """Session handoff: the agent chosen in the composer (``agent_id``, else the composer's choice) writes
        a handoff document; a new chat starts from it once the creator accepts it (docs/session-handoff.md)."""
        from relay_studio.ui.chat import handoff_flow

        self.spawn(handoff_flow.hand_off(self, focus, agent_id or self.chat.composer.agent_id() or None))

    # -- layout persistence (``ui/dock_layout.py``) ---------------------------------------------------
    def reset_layout(self) -> None:
        """View → Reset layout: the library left, the chat, the timeline right, at their first sizes."""
        if self.fill_action.isChecked():
            self.fill_action.setChecked(False)
            self.toggle_timeline_fill(False)
        self.dock_layout.reset()

    def save_layout(self) -> None:
        if not self.keep_layout:
            return
        if self.dock_layout.filled:  # keep the layout the creator comes back to, not the fill
            self.toggle_timeline_fill(False)
        self.dock_layout.save()
        if self.attached:  # else the chat and project shown last stay as they were
            from relay_studio.ui.chat_navigation import PROJECT_KEY

            self.settings.setValue("chat/last", self.chat_id)
            self.settings.setValue(PROJECT_KEY, self.project_id)
        self.settings.sync()

    def toggle_timeline(self) -> None:
        """View → Timeline (Ctrl+T): hides the timeline when it is in front; else shows it in front, above the
        Library's tab when that covered it."""
        dock = self.timeline_dock
        content = dock.widget()
        if not dock.isHidden() and content is not None and not content.visibleRegion().isEmpty():
            dock.hide()
            return
        dock.show()
        dock.raise_()

    def toggle_timeline_fill(self, fill: bool) -> None:
        """The timeline takes the whole window or goes back to exactly the layout it left."""
        self.dock_layout.fill_timeline(fill)
        if self.fill_action.isChecked() != fill:
            self.fill_action.setChecked(fill)

    # -- agents (``ui/window_profiles.py``) ----------------------------------------------------------
    def refresh_profiles(self) -> None:
        window_profiles.refresh_profiles(self)

    def open_profile(self, profile_id: str) -> None:
        window_profiles.open_profile(self, profile_id)

    def new_agent(self) -> None:
        """Asks for a starting point and a name, then opens the editor on the new agent."""
        window_profiles.new_agent(self)

    def import_profile(self) -> None:
        window_profiles.import_profile(self)

    # -- settings, theme, about ------------------------------------------------------------------
    def open_settings(self) -> None:
        from relay_studio.ui.settings.dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self.studio, self)
        dialog.theme_changed.connect(self.set_theme)
        dialog.connections_changed.connect(self.refresh_profiles)  # the composer's hint, the agents' labels
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def set_theme(self, name: str) -> None:
        self.settings.setValue("theme", name)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            theme.apply_theme(app, name)
        self.timeline.update()

    def _on_scheme_changed(self) -> None:
        if str(self.settings.value("theme", "system")) == "system":
            self.set_theme("system")

    def show_shortcuts(self) -> None:
        """Help → Keyboard shortcuts (``ui/shortcuts_dialog.py``), read from the menus as they are."""
        from relay_studio.ui.shortcuts_dialog import open_shortcuts

        open_shortcuts(self, self.menuBar())

    def show_user_guide(self) -> None:
        """Help → User guide (F1): the README and ``docs/`` shipped with the app (``ui/docs_browser.py``)."""
        from relay_studio.resources import user_guide
        from relay_studio.ui.docs_browser import open_user_guide

        open_user_guide(self, user_guide())

    def about(self) -> None:
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("About Relay Studio"),
                          self.tr("Relay Studio — write with several AI agents that pass the work along."),
                          parent=self)
        box.open()

    # -- closing ---------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.attached:  # closed while it opens: nothing runs yet, the layout is kept
            self.save_layout()
            event.accept()
            self.closed.emit()
            return
        if not self._force_close and (self.studio.pending or self.studio.handles):
            event.ignore()
            waiting = len(self.studio.pending)
            text = (self.tr("%n change(s) wait for your approval. Quit now? The run waits for you: "
                            "Relay Studio asks you again when it next starts.", "", waiting) if waiting
                    else self.tr("A run is still going. Quit anyway? It will be stopped."))
            box = QMessageBox(QMessageBox.Icon.Question, self.tr("Quit Relay Studio"), text,
                              QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
            box.setObjectName("QuitQuestion")
            box.finished.connect(lambda result: self._on_quit_answer(result))
            box.open()
            return
        self.chat_actions.finish_deletions()  # an undo not taken by now is not taken
        self.save_layout()
        self._status_timer.stop()
        self.library.stop_listening()
        event.accept()
        self.closed.emit()

    def _on_quit_answer(self, result: int) -> None:
        if result == QMessageBox.StandardButton.Yes:
            self._force_close = True
            self.close()

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab and Shift+Tab pass over what cannot be seen: the dock behind another's tab (the Library behind
        the Timeline) keeps its widgets shown but out of sight, and Tab would walk through all of them."""
        start = QApplication.focusWidget()
        for _ in range(200):  # the chain is finite; a window of hidden widgets only gives up
            if not super().focusNextPrevChild(next):
                return False
            now = QApplication.focusWidget()
            if now is None or now is start or not now.visibleRegion().isEmpty():
                return True
        return True

    def force_close(self) -> None:
        self._force_close = True
        self.close()
