"""The studio window: chats and agents on the left, the chat in the centre, the timeline dock on the
right, the active run in the status bar. Menus carry the shortcuts a desktop user expects.

This module is the shell: the docks, menus, status bar, layout, profiles, settings and closing. Its flows
are composed, each given the window as the host it needs (``ui/window_host.py``): the chats and projects
``self.navigation`` (``chat_navigation.ChatNavigation``), the runs ``self.runs`` (``run_actions.RunActions``),
the chat list's actions ``self.chat_actions`` (``chat/chat_actions.ChatActions``), the session handoff
(``chat/handoff_flow``) and the export (``export_dialog``). No flow imports this module.

Nothing here opens a nested event loop: questions are asked with ``QMessageBox.open()`` and answered
in a slot; long work is awaited on the qasync loop through ``asyncio.ensure_future``.

Signals:
    closed(): the window accepted its close; the app's main coroutine returns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from relay_studio.ui import theme, wheel_guard
from relay_studio.ui.chat.composer import Composer
from relay_studio.ui.paint_clock import PaintClock
from relay_studio.ui.window_layout import (
    MIN_CHAT_W,
    MIN_SIDEBAR_W,
    MIN_TIMELINE_W,
    MIN_WINDOW_H,
    DockFitter,
    first_size,
)

if TYPE_CHECKING:  # imported by attach: the window opens (and takes keys) before the runtime is loaded
    import asyncio
    from collections.abc import Coroutine

    from relay_studio.ui.chat.chat_actions import ChatActions
    from relay_studio.ui.chat.handoff_dialog import HandoffDialog
    from relay_studio.ui.chat.view import ChatView
    from relay_studio.ui.chat_navigation import ChatNavigation
    from relay_studio.ui.export_dialog import ExportDialog
    from relay_studio.ui.library.dock import LibraryPanel
    from relay_studio.ui.profiles.editor import ProfileEditor
    from relay_studio.ui.run_actions import RunActions
    from relay_studio.ui.sidebar import Sidebar
    from relay_studio.ui.studio import Studio
    from relay_studio.ui.tasks import WidgetTasks
    from relay_studio.ui.timeline.panel import TimelinePanel


ENTER_SENDS_KEY = "composer/enterSends"


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
        self.profile_editor: ProfileEditor | None = None
        self._fill_saved: tuple[QByteArray, list[QByteArray]] | None = None  # the layout before the fill
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
        self.composer.send_button.setEnabled(False)  # nothing is sent before the chats are there
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
        self.dock_fitter = DockFitter(self, self.sidebar_dock, self.timeline_dock)
        self._restore_layout()
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
        self.composer.send_button.setEnabled(True)
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
        self.timeline = TimelinePanel(studio)
        self.timeline.setMinimumWidth(MIN_TIMELINE_W - 8)  # the dock's frame around it
        self._fill_dock(self.timeline_dock, self.timeline)
        self.library = LibraryPanel(studio)
        self._fill_dock(self.library_dock, self.library)

        self.statusBar().clearMessage()
        self._build_status_bar()
        self._build_menus()
        self._wire()
        self.timeline.arrangement_changed.connect(self.dock_fitter.refit_soon)
        self.refresh_chats()
        self.refresh_profiles()
        self.navigation.open_first_chat()
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

    def _action(self, text: str, slot: Any, shortcut: str | QKeySequence.StandardKey | None = None,
                *, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut) if isinstance(shortcut, str) else shortcut)
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        file_menu = self.menus["file"]
        self.new_chat_action = self._action(self.tr("&New chat"), self.navigation.new_chat, "Ctrl+N")
        self.continue_action = self._action(self.tr("Hand off to a new chat…"), self.ask_handoff_focus)
        self.continue_action.setToolTip(self.tr("The agent writes a handoff document from this chat; a new chat "
                                                "starts from it (or type /handoff in the composer)"))
        self.import_action = self._action(self.tr("&Import profile…"), self.import_profile)
        self.export_action = self._action(self.tr("&Export…"), self.export_manuscript, "Ctrl+E",
                                          tip=self.tr("Write this chat's answers as a manuscript: Word, EPUB, "
                                                      "Markdown or plain text"))
        self.settings_action = self._action(self.tr("&Settings…"), self.open_settings, "Ctrl+,")
        self.quit_action = self._action(self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit)
        for action in (self.new_chat_action, None, self.import_action, self.export_action, None,
                       self.settings_action, None, self.quit_action):
            file_menu.addSeparator() if action is None else file_menu.addAction(action)
        self.new_project_action = self._action(self.tr("New &project…"), self.navigation.new_project)
        self.rename_project_action = self._action(self.tr("Rena&me project…"), self.navigation.rename_project)
        file_menu.insertAction(self.import_action, self.new_project_action)
        file_menu.insertAction(self.import_action, self.rename_project_action)
        file_menu.insertSeparator(self.import_action)
        self.new_agent_action = self._action(self.tr("New &agent…"), self.new_agent, "Ctrl+Shift+N")
        file_menu.insertAction(self.import_action, self.new_agent_action)
        edit_menu = self.menus["edit"]
        self.find_action = self._action(self.tr("&Find in chat"), self.chat.open_find, QKeySequence.StandardKey.Find)
        edit_menu.addAction(self.find_action)
        run_menu = self.menus["run"]
        self.send_action = self._action(self.tr("&Send"), self.chat.composer.submit, "Ctrl+Return")
        # Ctrl+Enter on the main keyboard and on the keypad; the composer's editor takes both keys
        # itself (ShortcutOverride), so they never compete with this action.
        self.send_action.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.send_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.enter_sends_action = QAction(self.tr("&Enter sends (Shift+Enter adds a line)"), self, checkable=True)
        self.enter_sends_action.setStatusTip(self.tr("Plain Enter sends the message; otherwise it adds a line "
                                                     "and Ctrl+Enter sends"))
        self.enter_sends_action.setChecked(bool(self.settings.value(ENTER_SENDS_KEY, False, type=bool)))
        self.enter_sends_action.toggled.connect(self.set_enter_sends)
        self.chat.composer.set_enter_sends(self.enter_sends_action.isChecked())
        self.stop_action = self._action(self.tr("S&top"), self.runs.stop_active, "Esc")
        self.demo_action = self._action(self.tr("Run the &demo relay"), self.runs.run_demo)
        for action in (self.send_action, self.enter_sends_action, self.stop_action, None, self.demo_action):
            run_menu.addSeparator() if action is None else run_menu.addAction(action)
        self.chat_menu.addAction(self.continue_action)
        self.chat_menu.addSeparator()
        self.chat_actions.fill_menu(self.chat_menu)
        view_menu = self.menus["view"]
        toggle = self.timeline_dock.toggleViewAction()
        toggle.setShortcut(QKeySequence("Ctrl+T"))
        view_menu.addAction(toggle)
        self.fill_action = self._action(self.tr("Timeline fills the window"), self.toggle_timeline_fill,
                                        "Ctrl+Shift+T")
        self.fill_action.setCheckable(True)
        view_menu.addAction(self.fill_action)
        self.library_action = self._action(self.tr("&Library"), self.show_library, "Ctrl+L",
                                           tip=self.tr("The project's story library, knowledge and Skills"))
        view_menu.addAction(self.library_action)
        self.reset_layout_action = self._action(self.tr("&Reset layout"), self.reset_layout,
                                                tip=self.tr("The library on the left, the chat, the timeline on "
                                                            "the right"))
        view_menu.addAction(self.reset_layout_action)
        theme_menu = view_menu.addMenu(self.tr("Theme"))
        group = QActionGroup(self)
        current = str(self.settings.value("theme", "system"))
        for name in theme.THEMES:
            action = QAction({"system": self.tr("System"), "light": self.tr("Light"),
                              "dark": self.tr("Dark")}.get(name, name.title()), self, checkable=True)
            action.setChecked(name == current)
            action.triggered.connect(lambda _checked=False, n=name: self.set_theme(n))
            group.addAction(action)
            theme_menu.addAction(action)
        help_menu = self.menus["help"]
        help_menu.addAction(self._action(self.tr("About Relay Studio"), self.about))

    def export_manuscript(self) -> None:
        """File → Export…: the shown chat's answers as a manuscript (``ui/export_dialog.py``)."""
        from relay_studio.ui.export_dialog import open_export_dialog

        dialog = open_export_dialog(self)
        if dialog is not None:
            self.export_dialog = dialog

    def _hint_words(self) -> dict[str, str]:
        """The runtime's connection hints (English) in the window's language."""
        from relay_studio.runtime import provider_source as ps

        return {ps.NO_CONNECTIONS_IN_BUILD: self.tr("Model connections are not available in this build; the demo "
                                                    "relay runs offline."),
                ps.CONNECTIONS_UNREADABLE: self.tr("The model connections could not be read; the demo relay still "
                                                   "runs offline."),
                ps.NO_CONNECTION_YET: self.tr("No model connection yet. Add one in Settings → Connections (Ctrl+,), "
                                              "for example a model server on this computer; meanwhile, the demo "
                                              "relay runs offline.")}

    def _wire(self) -> None:
        s = self.studio
        self.navigation.wire()
        self.navigation.chat_opened.connect(self.runs.chat_opened)  # the status bar follows the chat shown
        self.sidebar.chat_chosen.connect(lambda _id: self.chat.composer.editor.setFocus())
        self.chat_actions.wire(self.sidebar)
        self.sidebar.profile_selected.connect(self.open_profile)
        self.sidebar.new_agent_requested.connect(self.new_agent)
        s.run_finished.connect(lambda _r, _s: self.library.after_run())  # new mentions, entries agents wrote
        self.runs.wire()
        self.chat.handoff_requested.connect(lambda: self.hand_off())
        s.chats_changed.connect(lambda: self.refresh_chats())
        s.profiles_changed.connect(self.refresh_profiles)
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

    def new_chat(self, *, explore: bool = False) -> None:
        self.navigation.new_chat(explore=explore)

    def run_demo(self, *, with_approval: bool = False) -> None:
        self.runs.run_demo(with_approval=with_approval)

    def show_run(self, run_id: str) -> None:
        self.runs.show_run(run_id)

    def hand_off(self, focus: str | None = None) -> None:
        """Session handoff: the chat's agent writes a handoff document; a new chat starts from it once the
        creator accepts it (docs/session-handoff.md)."""
        from relay_studio.ui.chat import handoff_flow

        self.spawn(handoff_flow.hand_off(self, focus))

    # -- layout persistence ----------------------------------------------------------------------
    def _restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(first_size(self.screen()))
        if isinstance(state, QByteArray) and not state.isEmpty() and self.restoreState(state):
            QTimer.singleShot(0, self.dock_fitter.adopt)  # once laid out: the restored widths are the wanted ones
        else:
            self._default_docks()

    def _default_docks(self) -> None:
        """The docks' first widths for the window's width (``ui/window_layout.py``)."""
        self.dock_fitter.reset()

    def reset_layout(self) -> None:
        """View → Reset layout: the library left, the chat, the timeline right, at their first sizes."""
        if self.fill_action.isChecked():
            self.fill_action.setChecked(False)
            self.toggle_timeline_fill(False)
        for dock, area in ((self.sidebar_dock, Qt.DockWidgetArea.LeftDockWidgetArea),
                           (self.timeline_dock, Qt.DockWidgetArea.RightDockWidgetArea),
                           (self.library_dock, Qt.DockWidgetArea.RightDockWidgetArea)):
            dock.setFloating(False)
            self.addDockWidget(area, dock)
            dock.show()
        self.tabifyDockWidget(self.timeline_dock, self.library_dock)
        self.timeline_dock.raise_()
        self.stack.show()
        self._default_docks()

    def save_layout(self) -> None:
        if not self.keep_layout:
            return
        if self._fill_saved is not None:  # keep the layout the creator comes back to, not the fill
            self.toggle_timeline_fill(False)
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        if self.attached:  # else the chat and project shown last stay as they were
            from relay_studio.ui.chat_navigation import PROJECT_KEY

            self.settings.setValue("chat/last", self.chat_id)
            self.settings.setValue(PROJECT_KEY, self.project_id)
        self.settings.sync()

    def refresh_profiles(self) -> None:
        profiles = self.studio.agents.profiles()
        self.sidebar.set_profiles(profiles, self.studio.agents.builtin_ids())
        self.chat.composer.set_profiles(profiles)
        hint = self.studio.providers.connection_hint()
        self.chat.composer.set_hint(self._hint_words().get(hint or "", hint))

    # -- profiles --------------------------------------------------------------------------------
    def open_profile(self, profile_id: str) -> None:
        from relay_studio.ui.profiles.editor import ProfileEditor

        if self.profile_editor is None:
            self.profile_editor = ProfileEditor(self.studio, connections=self.studio.connections.choices,
                                                models=self.studio.connections.server_models())
            self.profile_editor.saved.connect(self.sidebar.select_profile)
            self.profile_editor.closed.connect(lambda: self.open_chat(self.chat_id))
            self.stack.addWidget(self.profile_editor)
        self.profile_editor.load(profile_id)
        self.stack.setCurrentWidget(self.profile_editor)

    def new_agent(self) -> None:
        """Asks for a starting point and a name, then opens the editor on the new agent."""
        from relay_studio.ui.profiles.new_agent import NewAgentDialog

        dialog = NewAgentDialog([p.display_name for p in self.studio.agents.profiles().values()], self)
        dialog.chosen.connect(self._on_new_agent_chosen)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def _on_new_agent_chosen(self, template_key: str, name: str) -> None:
        self.open_profile("")
        assert self.profile_editor is not None
        made = self.profile_editor.start_new(template_key, name)
        self.sidebar.select_profile(made[0])

    def import_profile(self) -> None:
        self.open_profile("")
        assert self.profile_editor is not None
        self.profile_editor.choose_import()

    # -- settings, theme, about ------------------------------------------------------------------
    def open_settings(self) -> None:
        from relay_studio.ui.settings.dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self.studio, self)
        dialog.theme_changed.connect(self.set_theme)
        dialog.connections_changed.connect(self.refresh_profiles)  # the composer's hint, the agents' labels
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def set_enter_sends(self, enter_sends: bool) -> None:
        self.settings.setValue(ENTER_SENDS_KEY, enter_sends)
        self.chat.composer.set_enter_sends(enter_sends)

    def set_theme(self, name: str) -> None:
        self.settings.setValue("theme", name)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            theme.apply_theme(app, name)
        self.timeline.update()

    def _on_scheme_changed(self) -> None:
        if str(self.settings.value("theme", "system")) == "system":
            self.set_theme("system")

    def about(self) -> None:
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("About Relay Studio"),
                          self.tr("Relay Studio — write with several AI agents that pass the work along."),
                          parent=self)
        box.open()

    def toggle_timeline_fill(self, fill: bool) -> None:
        """The timeline takes the whole window (the chat and the library step aside) or goes back to
        exactly the layout it left: the docks' state and every splitter's sizes are saved before."""
        if fill:
            if self._fill_saved is None:
                splitters = [sp.saveState() for sp in self.findChildren(QSplitter)]
                self._fill_saved = (self.saveState(), splitters)
            self.timeline_dock.show()
            self.timeline_dock.setFloating(False)
            self.sidebar_dock.hide()
            self.library_dock.hide()
            self.stack.hide()
        else:
            self.stack.show()
            self.sidebar_dock.show()
            saved, self._fill_saved = self._fill_saved, None
            if saved is not None:
                state, splitters = saved
                self.restoreState(state)
                for sp, sizes in zip(self.findChildren(QSplitter), splitters, strict=False):
                    sp.restoreState(sizes)
            QTimer.singleShot(0, self.dock_fitter.fit)  # the docks at the widths they had, once laid out again
        if self.fill_action.isChecked() != fill:
            self.fill_action.setChecked(fill)

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
            text = (self.tr("%n change(s) wait for your approval. Quit anyway? They will not be applied.", "",
                            waiting) if waiting else self.tr("A run is still going. Quit anyway? It will be stopped."))
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

    def force_close(self) -> None:
        self._force_close = True
        self.close()
