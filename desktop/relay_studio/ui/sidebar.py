"""The left side: chats with their lineage (a chat continued from another sits under it), and agents.

Signals:
    chat_selected(str chat_id)
    chat_chosen(str chat_id): clicked or activated (Enter): the composer takes the keyboard.
    chat_menu_requested(str chat_id, QPoint global_pos): the chat list's context menu (chat_id "" on empty
        space below the chats).
    chat_renamed(str chat_id, str name): the name was edited in place.
    profile_selected(str profile_id)
    new_chat_requested()
    new_exploration_requested(): "New exploration" above the chats (a read-only chat, docs/explore.md).
    new_agent_requested(): the "+" beside Agents, or New agent… in the agents' context menu.
    project_chosen(str project_id): the project switcher above the chats.
    new_project_requested(), rename_project_requested(): its "⋯" menu.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QIcon, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QSplitter,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.records import CHAT_MODE_SCENE, ChatRecord
from relay_studio.ui import i18n
from relay_studio.ui.agent_rows import AgentRowDelegate

ID_ROLE = Qt.ItemDataRole.UserRole


def _header(text: str, button: QToolButton | None = None, *more: QToolButton) -> QWidget:
    w = QWidget()
    row = QHBoxLayout(w)
    row.setContentsMargins(8, 6, 6, 2)
    label = QLabel(text)
    label.setObjectName("MessageAuthor")
    row.addWidget(label, 1)
    for extra in more:
        row.addWidget(extra)
    if button is not None:
        row.addWidget(button)
    return w


def explore_icon(widget: QWidget) -> QIcon:
    """A magnifying glass in the widget's text colour: the mark of an exploration in the chat list."""
    ratio = widget.devicePixelRatioF()
    pixmap = QPixmap(int(16 * ratio), int(16 * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(widget.palette().color(QPalette.ColorRole.Text), 1.8)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.drawEllipse(QPointF(6.5, 6.5), 4.2, 4.2)
    painter.drawLine(QPointF(9.6, 9.6), QPointF(14.0, 14.0))
    painter.end()
    return QIcon(pixmap)


class Sidebar(QWidget):
    chat_selected = Signal(str)
    chat_chosen = Signal(str)
    chat_menu_requested = Signal(str, QPoint)
    chat_renamed = Signal(str, str)
    profile_selected = Signal(str)
    new_chat_requested = Signal()
    new_exploration_requested = Signal()
    new_agent_requested = Signal()
    project_chosen = Signal(str)
    new_project_requested = Signal()
    rename_project_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._project_row())
        split = QSplitter(Qt.Orientation.Vertical)
        chats_box = QWidget()
        chats_layout = QVBoxLayout(chats_box)
        chats_layout.setContentsMargins(0, 0, 0, 0)
        new_button = QToolButton()
        new_button.setText("+")
        new_button.setToolTip(self.tr("New chat (Ctrl+N)"))
        new_button.clicked.connect(self.new_chat_requested.emit)
        self.new_exploration_button = QToolButton()
        self.new_exploration_button.setObjectName("NewExplorationButton")
        self.new_exploration_button.setText(self.tr("New exploration"))
        self.new_exploration_button.setToolTip(self.tr(
            "New exploration: a chat where an agent reads your story library, knowledge and files and answers "
            "you, changing nothing (Ctrl+Shift+E)"))
        self.new_exploration_button.clicked.connect(self.new_exploration_requested.emit)
        chats_layout.addWidget(_header(self.tr("Chats"), new_button, self.new_exploration_button))
        self.chats = QTreeWidget()
        self.chats.setAccessibleName(self.tr("Chats"))
        self.chats.setHeaderHidden(True)
        self.chats.itemSelectionChanged.connect(self._on_chat)
        self.chats.itemClicked.connect(lambda item, _col: self.chat_chosen.emit(str(item.data(0, ID_ROLE))))
        self.chats.itemActivated.connect(lambda item, _col: self.chat_chosen.emit(str(item.data(0, ID_ROLE))))
        self.chats.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.chats.customContextMenuRequested.connect(self._on_chat_menu)
        self.chats.setEditTriggers(QTreeWidget.EditTrigger.EditKeyPressed)
        self.chats.itemChanged.connect(self._on_chat_edited)
        chats_layout.addWidget(self.chats)
        profiles_box = QWidget()
        profiles_layout = QVBoxLayout(profiles_box)
        profiles_layout.setContentsMargins(0, 0, 0, 0)
        self.new_agent_button = QToolButton()
        self.new_agent_button.setText("+")
        self.new_agent_button.setToolTip(self.tr("New agent (Ctrl+Shift+N)"))
        self.new_agent_button.clicked.connect(self.new_agent_requested.emit)
        profiles_layout.addWidget(_header(self.tr("Agents"), self.new_agent_button))
        self.profiles = QListWidget()
        self.profiles.setAccessibleName(self.tr("Agents"))
        # a row wider than the panel ("startet Durchläufe · eingebaut" at 200 px) wraps: no sideways scrolling
        self.profiles.setWordWrap(True)
        self.profiles.setItemDelegate(AgentRowDelegate(self.profiles))  # a name, and what it is below it
        self.profiles.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.profiles.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.profiles.itemClicked.connect(self._on_profile)
        self.profiles.itemActivated.connect(self._on_profile)
        self.profiles.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.profiles.customContextMenuRequested.connect(self._on_agents_menu)
        self.agents_menu = QMenu(self)
        self.agents_menu.setObjectName("AgentsMenu")
        profiles_layout.addWidget(self.profiles)
        split.addWidget(chats_box)
        split.addWidget(profiles_box)
        split.setSizes([320, 200])
        layout.addWidget(split)

    # -- the project switcher ------------------------------------------------------------------
    def _project_row(self) -> QWidget:
        row_widget = QWidget()
        row = QHBoxLayout(row_widget)
        row.setContentsMargins(8, 6, 6, 0)
        label = QLabel(self.tr("Project"))
        label.setObjectName("MessageAuthor")
        self.project_combo = QComboBox()
        self.project_combo.setObjectName("ProjectSwitcher")
        self.project_combo.setToolTip(self.tr("The project whose chats, story library, knowledge and Skills are shown"))
        self.project_combo.activated.connect(
            lambda index: self.project_chosen.emit(str(self.project_combo.itemData(index))))
        label.setBuddy(self.project_combo)
        self.project_button = QToolButton()
        self.project_button.setText("⋯")
        self.project_button.setToolTip(self.tr("New project…, Rename project…"))
        self.project_menu = QMenu(self.project_button)
        self.project_menu.setObjectName("ProjectMenu")
        self.new_project_action = self.project_menu.addAction(self.tr("New project…"), self.new_project_requested.emit)
        self.rename_project_action = self.project_menu.addAction(self.tr("Rename project…"),
                                                                 self.rename_project_requested.emit)
        self.project_button.clicked.connect(  # popup(), never exec(): no nested event loop
            lambda: self.project_menu.popup(self.project_button.mapToGlobal(self.project_button.rect().bottomLeft())))
        row.addWidget(label)
        row.addWidget(self.project_combo, 1)
        row.addWidget(self.project_button)
        return row_widget

    def set_projects(self, projects: list[tuple[str, str]], current: str) -> None:
        """``projects``: (id, name as shown) pairs; ``current`` is shown (no signal)."""
        self.project_combo.blockSignals(True)
        self.project_combo.clear()
        for project_id, name in projects:
            self.project_combo.addItem(name, project_id)
        index = self.project_combo.findData(current)
        self.project_combo.setCurrentIndex(max(0, index))
        self.project_combo.blockSignals(False)

    def set_chats(self, chats: list[ChatRecord], current: str = "") -> None:
        self.chats.blockSignals(True)
        self.chats.clear()
        items: dict[str, QTreeWidgetItem] = {}
        for chat in chats:
            items[chat.id] = QTreeWidgetItem([i18n.chat_name(chat.name)])
            items[chat.id].setData(0, ID_ROLE, chat.id)
            items[chat.id].setFlags(items[chat.id].flags() | Qt.ItemFlag.ItemIsEditable)
            if chat.explore:
                items[chat.id].setIcon(0, explore_icon(self.chats))
                items[chat.id].setToolTip(0, self.tr("Exploration: read only"))
            elif chat.mode == CHAT_MODE_SCENE:  # docs/window/scenes.md
                items[chat.id].setToolTip(0, self.tr("Scene: characters speak in turn, each knowing only what it "
                                                     "witnessed"))
        for chat in chats:
            parent = items.get(chat.parent_chat_id or "")
            if parent is not None:
                parent.addChild(items[chat.id])
                items[chat.id].setToolTip(0, (self.tr("Exploration: read only") + "\n" if chat.explore else "")
                                          + i18n.arg(self.tr("Continues “%1”"), parent.text(0)))
            else:
                self.chats.addTopLevelItem(items[chat.id])
        self.chats.expandAll()
        if current in items:
            self.chats.setCurrentItem(items[current])
        self.chats.blockSignals(False)

    def select_chat(self, chat_id: str) -> None:
        """Marks the chat shown; no ``chat_selected``: the window opened it already (the echo read and built
        the whole chat a second time)."""
        for item in self._all_chat_items():
            if item.data(0, ID_ROLE) == chat_id:
                self.chats.blockSignals(True)
                try:
                    self.chats.setCurrentItem(item)
                finally:
                    self.chats.blockSignals(False)
                return

    def chat_item(self, chat_id: str) -> QTreeWidgetItem | None:
        return next((i for i in self._all_chat_items() if i.data(0, ID_ROLE) == chat_id), None)

    def edit_chat_name(self, chat_id: str) -> None:
        """Opens the chat's name for editing in place; Enter renames (``chat_renamed``), Esc keeps it."""
        item = self.chat_item(chat_id)
        if item is not None:
            self.chats.setCurrentItem(item)
            self.chats.setFocus()  # the editor closes when the keyboard leaves it: start from the list
            self.chats.editItem(item, 0)

    def _on_chat_edited(self, item: QTreeWidgetItem, _column: int) -> None:
        # After the editor has closed: the answer rebuilds the list, which must not happen under it.
        chat_id, name = str(item.data(0, ID_ROLE)), item.text(0)
        QTimer.singleShot(0, lambda: self.chat_renamed.emit(chat_id, name))

    def _on_chat_menu(self, pos: QPoint) -> None:
        item = self.chats.itemAt(pos)
        chat_id = str(item.data(0, ID_ROLE)) if item is not None else ""
        self.chat_menu_requested.emit(chat_id, self.chats.viewport().mapToGlobal(pos))

    def _all_chat_items(self) -> list[QTreeWidgetItem]:
        out: list[QTreeWidgetItem] = []
        stack = [self.chats.topLevelItem(i) for i in range(self.chats.topLevelItemCount())]
        while stack:
            item = stack.pop()
            if item is None:
                continue
            out.append(item)
            stack.extend(item.child(i) for i in range(item.childCount()))
        return out

    def set_profiles(self, profiles: dict[str, AgentProfile], builtins: set[str]) -> None:
        current = self.profiles.currentItem()
        selected = str(current.data(ID_ROLE)) if current is not None and current.isSelected() else ""
        self.profiles.blockSignals(True)
        self.profiles.clear()
        for p in profiles.values():
            role = self.tr("starts runs") if p.run.direct_runnable else self.tr("helper")
            suffix = self.tr(" · built-in") if p.id in builtins else ""
            item = QListWidgetItem(f"{p.display_name}\n{role}{suffix}")
            item.setData(ID_ROLE, p.id)
            item.setToolTip(p.description)
            self.profiles.addItem(item)
        self.profiles.blockSignals(False)
        if selected:  # the agent being edited stays marked when the list is rebuilt
            self.select_profile(selected)

    def select_profile(self, profile_id: str) -> None:
        """Marks the agent shown in the editor (no signal: it is already open)."""
        self.profiles.blockSignals(True)
        try:
            self.profiles.clearSelection()
            for i in range(self.profiles.count()):
                item = self.profiles.item(i)
                if item is not None and item.data(ID_ROLE) == profile_id:
                    self.profiles.setCurrentItem(item)
                    return
        finally:
            self.profiles.blockSignals(False)

    def _on_chat(self) -> None:
        item = self.chats.currentItem()
        if item is not None:
            self.chat_selected.emit(str(item.data(0, ID_ROLE)))

    def _on_profile(self, item: QListWidgetItem) -> None:
        self.profile_selected.emit(str(item.data(ID_ROLE)))

    def _on_agents_menu(self, pos: QPoint) -> None:
        """New agent…, and Open for the agent under the pointer; shown with popup(), never exec()."""
        self.agents_menu.clear()
        item = self.profiles.itemAt(pos)
        if item is not None:
            name = item.text().split("\n", 1)[0]
            self.agents_menu.addAction(i18n.arg(self.tr("Open “%1”"), name), lambda: self._on_profile(item))
            self.agents_menu.addSeparator()
        self.agents_menu.addAction(self.tr("New agent…"), self.new_agent_requested.emit)
        self.agents_menu.popup(self.profiles.viewport().mapToGlobal(pos))
