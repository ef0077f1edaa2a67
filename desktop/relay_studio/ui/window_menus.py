"""The window's menus and their actions, with the shortcuts a desktop user expects (File, Edit, Run, Chat,
View with its Theme menu, Help).

``build_menus`` fills the menus the shell made empty (``MainWindow.menus``) once the window is attached, and
sets each action on the window (``window.send_action``, ``window.fill_action``, ...), where the window, the
flows and the tests find them. The strings keep the window's translation context (``MainWindow``). This
module sees the window as ``MenusHost``, never as ``MainWindow``: no import circle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from relay_studio.ui import theme
from relay_studio.ui.edit_actions import add_edit_actions
from relay_studio.ui.window_host import ChatViewHost

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget, QMenu

    from relay_studio.ui.chat.chat_actions import ChatActions
    from relay_studio.ui.chat_navigation import ChatNavigation
    from relay_studio.ui.run_actions import RunActions

ENTER_SENDS_KEY = "composer/enterSends"


class MenusHost(ChatViewHost, Protocol):
    """The window as its menus see it: the empty menus, the flows and commands the actions trigger, and the
    actions themselves, set here. ``window()`` parents the actions and takes their shortcuts."""

    menus: dict[str, QMenu]
    chat_menu: QMenu
    navigation: ChatNavigation
    runs: RunActions
    chat_actions: ChatActions
    timeline_dock: QDockWidget
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

    def ask_handoff_focus(self) -> None: ...

    def import_profile(self) -> None: ...

    def export_manuscript(self) -> None: ...

    def check_continuity(self) -> None: ...

    def open_settings(self) -> None: ...

    def close(self) -> bool: ...

    def new_agent(self) -> None: ...

    def new_scene(self) -> None: ...

    def toggle_timeline_fill(self, fill: bool) -> None: ...

    def toggle_timeline(self) -> None: ...

    def show_library(self) -> None: ...

    def reset_layout(self) -> None: ...

    def set_theme(self, name: str) -> None: ...

    def about(self) -> None: ...

    def show_shortcuts(self) -> None: ...

    def show_user_guide(self) -> None: ...


def _action(window: MenusHost, text: str, slot: Callable[..., Any],
            shortcut: str | QKeySequence.StandardKey | None = None, *, tip: str = "") -> QAction:
    """An action of the window: its shortcut works wherever the window has the focus."""
    action = QAction(text, window.window())
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut) if isinstance(shortcut, str) else shortcut)
    if tip:
        action.setStatusTip(tip)
    action.triggered.connect(slot)
    window.window().addAction(action)
    return action


def build_menus(w: MenusHost) -> None:
    """Fills the window's menus and sets their actions on ``w``."""
    translate = QCoreApplication.translate  # pyside6-lupdate reads translate("MainWindow", "…")
    file_menu = w.menus["file"]
    w.new_chat_action = _action(w, translate("MainWindow", "&New chat"), w.navigation.new_chat, "Ctrl+N")
    w.continue_action = _action(w, translate("MainWindow", "Hand off to a new chat…"), w.ask_handoff_focus)
    w.continue_action.setToolTip(translate("MainWindow", "The agent writes a handoff document from this chat; a "
                                                         "new chat starts from it (or type /handoff in the composer)"))
    w.import_action = _action(w, translate("MainWindow", "&Import profile…"), w.import_profile)
    w.export_action = _action(w, translate("MainWindow", "&Export…"), w.export_manuscript, "Ctrl+E",
                              tip=translate("MainWindow", "Write this chat's answers as a manuscript: Word, EPUB, "
                                                          "Markdown or plain text"))
    w.settings_action = _action(w, translate("MainWindow", "&Settings…"), w.open_settings, "Ctrl+,")
    w.quit_action = _action(w, translate("MainWindow", "&Quit"), w.close, QKeySequence.StandardKey.Quit)
    w.new_scene_action = _action(w, translate("MainWindow", "New s&cene…"), w.new_scene,
                                 tip=translate("MainWindow", "A chat in which characters speak in turn, each knowing "
                                                             "only what it witnessed"))
    for action in (w.new_chat_action, w.new_scene_action, None, w.import_action, w.export_action, None,
                   w.settings_action, None, w.quit_action):
        file_menu.addSeparator() if action is None else file_menu.addAction(action)
    w.new_project_action = _action(w, translate("MainWindow", "New &project…"), w.navigation.new_project)
    w.rename_project_action = _action(w, translate("MainWindow", "Rena&me project…"), w.navigation.rename_project)
    file_menu.insertAction(w.import_action, w.new_project_action)
    file_menu.insertAction(w.import_action, w.rename_project_action)
    file_menu.insertSeparator(w.import_action)
    w.new_agent_action = _action(w, translate("MainWindow", "New &agent…"), w.new_agent, "Ctrl+Shift+N")
    file_menu.insertAction(w.import_action, w.new_agent_action)
    w.find_action = _action(w, translate("MainWindow", "&Find in chat"), w.chat.open_find,
                            QKeySequence.StandardKey.Find)
    w.menus["edit"].addAction(w.find_action)
    w.edit_actions = add_edit_actions(w.menus["edit"], w.window())
    _build_run_menu(w)
    w.chat_menu.addAction(w.continue_action)
    w.continuity_action = _action(w, translate("MainWindow", "Check &continuity…"), w.check_continuity,
                                  tip=translate("MainWindow", "Find where this chat contradicts the project's "
                                                              "canon, with both passages"))
    w.chat_menu.addAction(w.continuity_action)
    w.chat_menu.addSeparator()
    w.chat_actions.fill_menu(w.chat_menu)
    _build_view_menu(w)
    w.menus["help"].addAction(_action(w, translate("MainWindow", "&User guide"), w.show_user_guide,
                                      QKeySequence.StandardKey.HelpContents,
                                      tip=translate("MainWindow", "The guide shipped with Relay Studio, to read "
                                                                  "offline")))
    w.menus["help"].addAction(_action(w, translate("MainWindow", "&Keyboard shortcuts"), w.show_shortcuts))
    w.menus["help"].addAction(_action(w, translate("MainWindow", "About Relay Studio"), w.about))


def _build_run_menu(w: MenusHost) -> None:
    translate = QCoreApplication.translate
    w.send_action = _action(w, translate("MainWindow", "&Send"), w.chat.composer.submit, "Ctrl+Return")
    # Ctrl+Enter on the main keyboard and on the keypad; the composer's editor takes both keys
    # itself (ShortcutOverride), so they never compete with this action.
    w.send_action.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
    w.send_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    w.enter_sends_action = QAction(translate("MainWindow", "&Enter sends (Shift+Enter adds a line)"), w.window(),
                                   checkable=True)
    w.enter_sends_action.setStatusTip(translate("MainWindow", "Plain Enter sends the message; otherwise it adds "
                                                              "a line and Ctrl+Enter sends"))
    w.enter_sends_action.setChecked(bool(w.settings.value(ENTER_SENDS_KEY, False, type=bool)))
    w.enter_sends_action.toggled.connect(lambda on: _set_enter_sends(w, on))
    w.chat.composer.set_enter_sends(w.enter_sends_action.isChecked())
    w.stop_action = _action(w, translate("MainWindow", "S&top"), w.runs.stop_active, "Esc")
    w.demo_action = _action(w, translate("MainWindow", "Run the &demo relay"), w.runs.run_demo)
    run_menu = w.menus["run"]
    for action in (w.send_action, w.enter_sends_action, w.stop_action, None, w.demo_action):
        run_menu.addSeparator() if action is None else run_menu.addAction(action)


def _set_enter_sends(w: MenusHost, enter_sends: bool) -> None:
    w.settings.setValue(ENTER_SENDS_KEY, enter_sends)
    w.chat.composer.set_enter_sends(enter_sends)


def _build_view_menu(w: MenusHost) -> None:
    translate = QCoreApplication.translate
    view_menu = w.menus["view"]
    # not the dock's own toggle: that hid a timeline the Library's tab covered, and showed it again still covered
    toggle = _action(w, translate("MainWindow", "&Timeline"), lambda _checked=False: w.toggle_timeline(), "Ctrl+T")
    toggle.setCheckable(True)
    toggle.setChecked(w.timeline_dock.isVisible())
    w.timeline_dock.visibilityChanged.connect(toggle.setChecked)  # ticked while it is in front
    view_menu.addAction(toggle)
    w.fill_action = _action(w, translate("MainWindow", "Timeline fills the window"), w.toggle_timeline_fill,
                            "Ctrl+Shift+T")
    w.fill_action.setCheckable(True)
    view_menu.addAction(w.fill_action)
    w.library_action = _action(w, translate("MainWindow", "&Library"), w.show_library, "Ctrl+L",
                               tip=translate("MainWindow", "The project's story library, knowledge and Skills"))
    view_menu.addAction(w.library_action)
    w.reset_layout_action = _action(w, translate("MainWindow", "&Reset layout"), w.reset_layout,
                                    tip=translate("MainWindow", "The library on the left, the chat, the timeline "
                                                                "on the right"))
    view_menu.addAction(w.reset_layout_action)
    theme_menu = view_menu.addMenu(translate("MainWindow", "Theme"))
    group = QActionGroup(w.window())
    current = str(w.settings.value("theme", "system"))
    names = {"system": translate("MainWindow", "System"), "light": translate("MainWindow", "Light"),
             "dark": translate("MainWindow", "Dark")}
    for name in theme.THEMES:
        action = QAction(names.get(name, name.title()), w.window(), checkable=True)
        action.setChecked(name == current)
        action.triggered.connect(lambda _checked=False, n=name: w.set_theme(n))
        group.addAction(action)
        theme_menu.addAction(action)
