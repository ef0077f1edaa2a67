"""New exploration, rename, duplicate and delete chats, and SillyTavern chat files: the Chat menu and the
chat list's context menu.

Import SillyTavern chat… (several files at once) reads and checks the files off the GUI thread
(``Studio.chats.read_sillytavern``, on a ``BackgroundReads`` lane: ``ui/background.py``), then each becomes a
chat of the shown project on the GUI thread (its swipes as versions) and the last one opens; a refused file's
sentence goes to the status bar. Export as SillyTavern chat… writes the chat (its answers' versions as swipes)
where the save dialog says. The file dialogs are Qt's own (``DontUseNativeDialog``), opened, never exec'd
(``file_dialog``).

Delete asks first (``DeleteChatQuestion``, opened, never exec'd), then hides the chat and offers
Undo in the status bar for ``UNDO_SECONDS``; only then is it deleted from the store (or when the
window closes). Rename edits the name in place in the chat list.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QMenu, QMessageBox, QPushButton, QWidget

from relay_studio.library.entries import LibraryError
from relay_studio.library.sillytavern_chat import ParsedChat
from relay_studio.ui import file_dialogs, i18n
from relay_studio.ui.background import BackgroundReads, Outcome

if TYPE_CHECKING:
    from relay_studio.ui.sidebar import Sidebar
    from relay_studio.ui.window_host import ChatListHost

UNDO_SECONDS = 8


class UndoBar(QWidget):
    """“Chat … deleted. Undo” in the status bar while a deletion can still be taken back."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("UndoBar")
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 0, 6, 0)
        self.label = QLabel()
        self.button = QPushButton(self.tr("Undo"))
        self.button.setToolTip(self.tr("Bring the chat back (for %n seconds)", "",
                                                          UNDO_SECONDS))
        row.addWidget(self.label)
        row.addWidget(self.button)
        self.hide()


class ChatActions(QObject):
    """Signals: chats_imported(list[str] chat_ids, list[str] lines): an import of chat files ended."""

    chats_imported = Signal(list, list)

    def __init__(self, host: ChatListHost) -> None:
        window = host.window()
        super().__init__(window)
        self.host = host
        self.file_dialog: QFileDialog | None = None
        self.last_folder = Path.home()
        self._import_reads = BackgroundReads("chat-import-read", self)
        self._pending: dict[str, QTimer] = {}  # deleted chats that Undo can still bring back
        self._order: list[str] = []  # the most recent deletion last
        self.undo_seconds: float = UNDO_SECONDS
        self.undo_bar = UndoBar()
        self.undo_bar.button.clicked.connect(self.undo)
        self.rename_action = QAction(self.tr("&Rename…"), window)
        self.rename_action.setShortcut(QKeySequence("F2"))
        self.rename_action.triggered.connect(lambda: self.rename(host.chat_id))
        self.duplicate_action = QAction(self.tr("&Duplicate"), window)
        self.duplicate_action.triggered.connect(lambda: self.duplicate(host.chat_id))
        self.delete_action = QAction(self.tr("&Delete…"), window)
        self.delete_action.triggered.connect(lambda: self.delete(host.chat_id))
        self.new_exploration_action = QAction(self.tr("New &exploration"), window)
        self.new_exploration_action.setShortcut(QKeySequence("Ctrl+Shift+E"))
        self.new_exploration_action.setStatusTip(self.tr(
            "A chat where an agent reads your story library, knowledge and files and answers, changing nothing"))
        self.new_exploration_action.triggered.connect(self.new_exploration)
        self.import_chat_action = QAction(self.tr("&Import SillyTavern chat…"), window)
        self.import_chat_action.setStatusTip(self.tr("Make chats of this project from SillyTavern chat files "
                                                     "(.jsonl), their swipes as versions"))
        self.import_chat_action.triggered.connect(self.choose_import_files)
        self.export_chat_action = QAction(self.tr("E&xport as SillyTavern chat…"), window)
        self.export_chat_action.setStatusTip(self.tr("Write this chat as a SillyTavern chat file (.jsonl), its "
                                                     "answers' versions as swipes"))
        self.export_chat_action.triggered.connect(lambda: self.choose_export_file(host.chat_id))
        for action in (self.new_exploration_action, self.rename_action, self.duplicate_action, self.delete_action):
            window.addAction(action)

    def fill_menu(self, menu: QMenu) -> None:
        menu.addAction(self.new_exploration_action)
        menu.addSeparator()
        menu.addAction(self.rename_action)
        menu.addAction(self.duplicate_action)
        menu.addSeparator()
        menu.addAction(self.import_chat_action)
        menu.addAction(self.export_chat_action)
        menu.addSeparator()
        menu.addAction(self.delete_action)
        self.host.statusBar().insertPermanentWidget(0, self.undo_bar)

    def wire(self, sidebar: Sidebar) -> None:
        sidebar.new_exploration_requested.connect(self.new_exploration)
        sidebar.chat_menu_requested.connect(self._context_menu)
        sidebar.chat_renamed.connect(self._on_renamed)

    def new_exploration(self) -> None:
        """A new exploration in the shown project, opened with the explorer ready (docs/explore.md)."""
        self.host.new_chat(explore=True)

    def hidden_chats(self) -> set[str]:
        return set(self._pending)

    # -- the context menu ----------------------------------------------------------------------------
    def _context_menu(self, chat_id: str, pos: QPoint) -> None:
        """New chat and New exploration (the window's own actions: the same operation as Ctrl+N, the button
        above the list and Ctrl+Shift+E), then what acts on the chat under the pointer (``chat_id``; "" on
        empty space, where only Import is added)."""
        menu = QMenu(self.host.window())
        menu.setObjectName("ChatContextMenu")
        menu.addAction(self.host.new_chat_action)
        menu.addAction(self.new_exploration_action)
        menu.addSeparator()
        if chat_id:
            menu.addAction(self.tr("Rename…"), lambda: self.rename(chat_id))
            menu.addAction(self.tr("Duplicate"), lambda: self.duplicate(chat_id))
            menu.addSeparator()
        menu.addAction(self.tr("Import SillyTavern chat…"), self.choose_import_files)
        if chat_id:
            menu.addAction(self.tr("Export as SillyTavern chat…"), lambda: self.choose_export_file(chat_id))
            menu.addSeparator()
            menu.addAction(self.tr("Delete…"), lambda: self.delete(chat_id))
        menu.aboutToHide.connect(menu.deleteLater)
        menu.popup(pos)  # never exec(): no nested event loop

    # -- rename, duplicate ---------------------------------------------------------------------------
    def rename(self, chat_id: str) -> None:
        if chat_id:  # once the menu that asked has closed, so the editor keeps the keyboard
            QTimer.singleShot(0, lambda: self.host.sidebar.edit_chat_name(chat_id))

    def _on_renamed(self, chat_id: str, name: str) -> None:
        try:
            self.host.studio.chats.rename(chat_id, name)
        except ValueError as exc:
            self.host.statusBar().showMessage(str(exc), 8000)
        self.host.refresh_chats()
        if chat_id == self.host.chat_id:
            self.host.chat.set_chat(chat_id)  # the title above the chat

    def duplicate(self, chat_id: str) -> None:
        try:
            record = self.host.studio.chats.duplicate(chat_id)
        except ValueError as exc:
            self.host.statusBar().showMessage(str(exc), 8000)
            return
        self.host.refresh_chats()
        self.host.open_chat(record.id)

    # -- delete with undo ----------------------------------------------------------------------------
    def delete(self, chat_id: str) -> None:
        studio = self.host.studio
        record = studio.chats.get(chat_id)
        if record is None:
            return
        if studio.active_run(chat_id) is not None:
            self.host.statusBar().showMessage(self.tr("A run is going in this chat; stop it before deleting the "
                                                        "chat."),
                                                8000)
            return
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Delete chat"),
                          i18n.arg(self.tr("Delete the chat “%1” and its messages? You can undo this for %n "
                              "seconds. Its runs stay in the history.", "", UNDO_SECONDS), record.name),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self.host.window())
        box.setObjectName("DeleteChatQuestion")
        box.finished.connect(lambda result: self._on_delete_answer(result, chat_id, record.name))
        box.open()

    def _on_delete_answer(self, result: int, chat_id: str, name: str) -> None:
        if result != QMessageBox.StandardButton.Yes or chat_id in self._pending:
            return
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setInterval(int(self.undo_seconds * 1000))
        timer.timeout.connect(lambda: self._finish(chat_id))
        timer.start()
        self._pending[chat_id] = timer
        self._order.append(chat_id)
        self.undo_bar.label.setText(i18n.arg(self.tr("Chat “%1” deleted."), name))
        self.undo_bar.show()
        w = self.host
        w.refresh_chats()
        if w.chat_id == chat_id:
            self._open_another()

    def _open_another(self) -> None:
        w = self.host
        left = [c for c in w.studio.projects.chats(w.project_id) if c.id not in self._pending]
        if not left:
            left = [w.studio.chats.ensure(self._unique_chat_name("Chat"), project_id=w.project_id)]
            w.refresh_chats()
        w.open_chat(left[-1].id)

    def _unique_chat_name(self, base: str) -> str:
        names = {c.name for c in self.host.studio.projects.chats(self.host.project_id)}
        n = 1
        while f"{base} {n}" in names:
            n += 1
        return f"{base} {n}"

    def undo(self) -> None:
        """Brings back the most recently deleted chat, as it was, and opens it."""
        if not self._order:
            return
        chat_id = self._order.pop()
        timer = self._pending.pop(chat_id, None)
        if timer is not None:
            timer.stop()
            timer.deleteLater()
        self.undo_bar.setVisible(bool(self._order))
        self.host.refresh_chats()
        self.host.open_chat(chat_id)

    def _finish(self, chat_id: str) -> None:
        timer = self._pending.pop(chat_id, None)
        if timer is None:
            return
        timer.deleteLater()
        if chat_id in self._order:
            self._order.remove(chat_id)
        self.undo_bar.setVisible(bool(self._order))
        self.host.studio.chats.delete(chat_id)

    def finish_deletions(self) -> None:
        """Deletions still undoable become final (the window closes)."""
        for chat_id in list(self._pending):
            self._finish(chat_id)

    # -- SillyTavern chat files ----------------------------------------------------------------------
    def choose_import_files(self) -> None:
        project_id = self.host.project_id
        self.file_dialog = file_dialogs.open_files(
            self.host.window(), self.tr("Import SillyTavern chats"), self.last_folder,
            self.tr("SillyTavern chats (*.jsonl);;All files (*)"), "ChatImportDialog",
            lambda paths: self.start_import(project_id, paths))

    def start_import(self, project_id: str, paths: list[Path]) -> None:
        """Reads and checks the files off the GUI thread; ``_on_chats_read`` stores them."""
        if not paths:
            return
        self.last_folder = paths[0].parent
        self.host.statusBar().showMessage(i18n.arg(self.tr("Reading %1…"), ", ".join(p.name for p in paths)))
        chats = self.host.studio.chats

        def read() -> list[tuple[Path, ParsedChat | LibraryError]]:
            results: list[tuple[Path, ParsedChat | LibraryError]] = []
            for path in paths:
                try:
                    results.append((path, chats.read_sillytavern(path)))
                except LibraryError as exc:  # this file is refused; the others still import
                    results.append((path, exc))
            return results

        # a key of its own: an import started while another is read still imports (nothing guards against it)
        self._import_reads.start(object(), read, lambda outcome: self._on_chats_read(project_id, outcome))

    def _on_chats_read(self, project_id: str, outcome: Outcome[list[tuple[Path, ParsedChat | LibraryError]]]) -> None:
        results = outcome.result()
        w = self.host
        made: list[str] = []
        lines: list[str] = []
        for path, got in results:
            if isinstance(got, LibraryError):
                lines.append(f"⚠ {got.message} [{got.code}]")
                continue
            record = w.studio.chats.add_sillytavern(project_id, got, path.name)
            made.append(record.id)
            lines.append(i18n.arg(self.tr("Imported %1 as the chat “%2”."), path.name, record.name))
            if got.hidden:
                lines.append(i18n.arg(self.tr("Removed %1 hidden characters (the file keeps them)."), str(got.hidden)))
        w.statusBar().showMessage("  ".join(lines), 15000)
        if made and project_id == w.project_id:
            w.refresh_chats()
            w.open_chat(made[-1])
        self.chats_imported.emit(made, lines)

    def choose_export_file(self, chat_id: str) -> None:
        record = self.host.studio.chats.get(chat_id) if chat_id else None
        if record is None:
            return
        self.file_dialog = file_dialogs.save_file(
            self.host.window(), self.tr("Export as SillyTavern chat"), self.last_folder,
            self.tr("SillyTavern chats (*.jsonl);;All files (*)"), "ChatExportDialog",
            f"{_file_name(record.name)}.jsonl", "jsonl", lambda path: self.export_chat(chat_id, path))

    def export_chat(self, chat_id: str, path: Path) -> None:
        self.last_folder = path.parent
        bar = self.host.statusBar()
        try:
            written = self.host.studio.chats.export_sillytavern(chat_id, path)
        except OSError as exc:
            bar.showMessage(i18n.arg(self.tr("⚠ %1 could not be written: %2"), path.name, exc.strerror or str(exc)),
                            15000)
            return
        if written:
            bar.showMessage(i18n.arg(self.tr("Wrote the chat to %1."), str(path)), 15000)


def _file_name(name: str) -> str:
    """A chat's name as a file name: characters no file system takes become "-"."""
    cleaned = "".join("-" if c in '<>:"/\\|?*' or ord(c) < 32 else c for c in name).strip(" .")
    return cleaned or "chat"
