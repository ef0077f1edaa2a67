"""SillyTavern files from the window, by clicks and keys in Qt's own file dialogs: cards (a PNG with both
tEXt chunks) and World Info import into the codex several at once, a card may become an agent that shows in
the agent list, a refused file is named while the rest import; Export World Info writes the entries; a
SillyTavern chat imports into the shown project with its swipes as versions and exports back."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog, QLineEdit, QListView, QMenu, QMessageBox
from pytestqt.qtbot import QtBot

from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, until
from tests.unit.test_sillytavern import BOOK, _card, _png, _text


async def _active(app: App) -> MainWindow:
    window = app.open()
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window, what="the window to be active")
    return window


def _open_codex(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    tabs = window.library.tabs
    bar = tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(tabs.indexOf(window.library.codex)).center())


async def _dialog(name: str) -> QFileDialog:
    def shown() -> QFileDialog | None:
        return next((w for w in QApplication.topLevelWidgets() if isinstance(w, QFileDialog)
                     and w.objectName() == name and w.isVisible()), None)
    await until(lambda: shown() is not None, what=f"the {name}")
    found = shown()
    assert found is not None
    return found


def _rows(view: QListView) -> dict[str, QModelIndex]:
    model, root = view.model(), view.rootIndex()
    return {str(model.index(r, 0, root).data()): model.index(r, 0, root) for r in range(model.rowCount(root))}


def _accept(qtbot: QtBot, dialog: QFileDialog) -> None:
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None
    accept = box.button(QDialogButtonBox.StandardButton.Open) or box.button(QDialogButtonBox.StandardButton.Save)
    assert accept is not None and accept.isEnabled()
    qtbot.mouseClick(accept, Qt.MouseButton.LeftButton)


async def _pick_files(qtbot: QtBot, dialog: QFileDialog, chosen: list[Path]) -> None:
    """Clicks the files in the dialog's list (Ctrl+click for each after the first), then Open."""
    view = dialog.findChild(QListView, "listView")
    assert view is not None
    await until(lambda: all(p.name in _rows(view) for p in chosen), what="the folder's files listed")
    for n, path in enumerate(chosen):
        rect = view.visualRect(_rows(view)[path.name])
        modifier = Qt.KeyboardModifier.ControlModifier if n else Qt.KeyboardModifier.NoModifier
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, modifier, rect.center())
    await until(lambda: sorted(dialog.selectedFiles()) == sorted(str(p) for p in chosen), what="the files chosen")
    _accept(qtbot, dialog)
    await until(lambda: not dialog.isVisible(), what="the dialog to close")


async def _type_path(qtbot: QtBot, dialog: QFileDialog, path: Path) -> None:
    """Types the file's name into a save dialog opened in its folder (replacing the proposed name), then Save."""
    assert Path(dialog.directory().absolutePath()) == path.parent  # where the creator last imported from
    name = dialog.findChild(QLineEdit, "fileNameEdit")
    assert name is not None
    qtbot.mouseClick(name, Qt.MouseButton.LeftButton)  # typing there deselects the proposed file in the list
    await until(name.hasFocus, what="the name field focused")
    name.clear()
    qtbot.keyClicks(name, path.name)
    await until(lambda: dialog.selectedFiles() == [str(path)], what="the file named")
    popup = QApplication.activePopupWidget()
    if popup is not None:  # the name completer's list would take the click: closed as the creator would
        qtbot.keyClick(popup, Qt.Key.Key_Escape)
    _accept(qtbot, dialog)
    await until(lambda: not dialog.isVisible(), what="the dialog to close")


async def _answer(name: str, button: QMessageBox.StandardButton, qtbot: QtBot) -> None:
    def shown() -> QMessageBox | None:
        return next((w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox)
                     and w.objectName() == name and w.isVisible()), None)
    await until(lambda: shown() is not None, what=f"the {name}")
    box = shown()
    assert box is not None
    qtbot.mouseClick(box.button(button), Qt.MouseButton.LeftButton)


def _tree(window: MainWindow) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for group, children in window.library.codex._groups():
        out[group.text(0)] = [c.text(0) for c in children]
    return out


def _agents(window: MainWindow) -> list[str]:
    items = (window.sidebar.profiles.item(i) for i in range(window.sidebar.profiles.count()))
    return [item.text().split("\n")[0] for item in items if item is not None]


async def test_cards_and_world_info_import_from_the_codex_with_an_agent_and_export(
        app: App, qtbot: QtBot, tmp_path: Path) -> None:
    card = tmp_path / "edda.png"  # both chunks: the V3 one is read
    card.write_bytes(_png([_text("chara", _card("chara_card_v2", "Old Name")),
                           _text("ccv3", _card("chara_card_v3", "Edda", character_book=BOOK))]))
    world = tmp_path / "harbor.json"
    world.write_text(json.dumps({"entries": {"0": {"uid": 0, "key": ["Harbor", "the docks"], "keysecondary": [],
                                                   "comment": "Grey Harbor", "content": "Fog most mornings.",
                                                   "constant": False, "disable": False}}}), encoding="utf-8")
    broken = tmp_path / "broken.png"
    broken.write_bytes(card.read_bytes()[:60])  # cut off
    window = await _active(app)
    _open_codex(qtbot, window)
    codex = window.library.codex
    codex.last_folder = tmp_path
    reports: list[list[str]] = []
    codex.import_finished.connect(reports.append)
    assert "Edda" not in _agents(window)

    qtbot.mouseClick(codex.import_button, Qt.MouseButton.LeftButton)
    dialog = await _dialog("LibraryImportDialog")
    files = [card, world, broken]
    await _pick_files(qtbot, dialog, files)
    await _answer("CardAgentQuestion", QMessageBox.StandardButton.Yes, qtbot)
    await until(lambda: reports, what="the import to finish")

    lines = reports[0]  # the agent is made once the entries are in
    assert lines[0] == "edda.png: imported “Edda”, “The Lighthouse”, “Storm”."
    assert lines[1] == "harbor.json: imported “Grey Harbor”."
    assert lines[2].startswith("⚠ broken.png") and lines[2].endswith("[card.truncated]")
    assert lines[3] == "Made the agent “Edda”: it is in the agent list."
    assert codex.import_message.isVisible() and codex.import_message.text() == "\n".join(lines)
    assert _tree(window) == {"Character (1)": ["Edda"], "Lore (3)": ["Grey Harbor", "Storm", "The Lighthouse"]}
    entries = {i.entry.name: i.entry for i in window.studio.library.entries(window.project_id)[0]}
    assert entries["The Lighthouse"].aliases == ["lighthouse", "the Light"]
    assert entries["The Lighthouse"].always_include
    assert entries["Grey Harbor"].aliases == ["Harbor", "the docks"]
    assert entries["Edda"].card is not None and entries["Edda"].card["firstMessage"] == "Who goes there?"
    # the agent that plays Edda is stored and listed
    assert "Edda" in _agents(window)
    profile = window.studio.agents.profiles()["edda"]
    assert profile.run.end_on_text_answer and profile.instructions.system_prompt.startswith("You are Edda.")
    assert "## Personality\nStubborn, kind." in profile.instructions.system_prompt

    # The same card again: its entries are there just so, nothing changes; no second agent unless asked.
    qtbot.mouseClick(codex.import_button, Qt.MouseButton.LeftButton)
    dialog = await _dialog("LibraryImportDialog")
    await _pick_files(qtbot, dialog, [card])
    await _answer("CardAgentQuestion", QMessageBox.StandardButton.No, qtbot)
    await until(lambda: len(reports) == 2, what="the second import")
    assert reports[1] == ["edda.png: nothing new to import.",
                          "Already in the library, unchanged: “Edda”, “The Lighthouse”, “Storm”."]
    assert "edda-2" not in window.studio.agents.profiles()

    # Export World Info…: every entry but the card's character, names as comment and first key.
    out = tmp_path / "saga.json"
    qtbot.mouseClick(codex.export_button, Qt.MouseButton.LeftButton)
    dialog = await _dialog("WorldInfoExportDialog")
    assert dialog.selectedFiles()[0].endswith("default-world-info.json")
    await _type_path(qtbot, dialog, out)
    await until(lambda: codex.import_message.text().startswith("Wrote"), what="the World Info file written")
    exported = json.loads(out.read_text(encoding="utf-8"))["entries"]
    by_name = {e["comment"]: e for e in exported.values()}
    assert sorted(by_name) == ["Grey Harbor", "Storm", "The Lighthouse"]
    assert by_name["The Lighthouse"]["key"] == ["The Lighthouse", "lighthouse", "the Light"]
    assert by_name["The Lighthouse"]["constant"] is True and by_name["Storm"]["keysecondary"] == ["west"]
    assert codex.import_message.text() == f"Wrote 3 entries to {out} as World Info."


async def test_a_card_imported_without_an_agent_makes_none(app: App, qtbot: QtBot, tmp_path: Path) -> None:
    card = tmp_path / "bram.json"
    card.write_text(json.dumps(_card("chara_card_v2", "Bram")), encoding="utf-8")
    window = await _active(app)
    _open_codex(qtbot, window)
    codex = window.library.codex
    codex.last_folder = tmp_path
    reports: list[list[str]] = []
    codex.import_finished.connect(reports.append)
    before = set(window.studio.agents.profiles())
    qtbot.mouseClick(codex.import_button, Qt.MouseButton.LeftButton)
    dialog = await _dialog("LibraryImportDialog")
    await _pick_files(qtbot, dialog, [card])
    await _answer("CardAgentQuestion", QMessageBox.StandardButton.No, qtbot)
    await until(lambda: reports, what="the import to finish")
    assert reports[0] == ["bram.json: imported “Bram”."]
    assert set(window.studio.agents.profiles()) == before and "Bram" not in _agents(window)
    assert _tree(window) == {"Character (1)": ["Bram"]}
    assert codex.editor.name.text() == "Bram"  # the imported entry is opened


HEADER = {"user_name": "User", "character_name": "Seraphina", "create_date": "2024-05-01@10h00m00s",
          "chat_metadata": {}}
CHAT_LINES = [
    HEADER,
    {"name": "Seraphina", "is_user": False, "is_system": False, "send_date": "May 1, 2024 10:00am",
     "mes": "Welcome to the glade.", "extra": {}},
    {"name": "User", "is_user": True, "is_system": False, "send_date": "May 1, 2024 10:01am", "mes": "Where am I?",
     "extra": {}},
    {"name": "Seraphina", "is_user": False, "is_system": False, "send_date": 1714557720000, "mes": "In my forest.",
     "extra": {}, "swipes": ["You are safe here.", "Far from the road.", "In my forest."], "swipe_id": 2,
     "swipe_info": []},
]


def _context_menu(qtbot: QtBot, window: MainWindow, chat: str) -> None:
    tree = window.sidebar.chats
    item = next(i for i in window.sidebar._all_chat_items() if i.text(0) == chat)
    pos = tree.visualItemRect(item).center()
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.RightButton, pos=pos)
    tree.customContextMenuRequested.emit(pos)  # offscreen Qt sends no context-menu event


async def _click_menu(text: str) -> None:
    await until(lambda: isinstance(QApplication.activePopupWidget(), QMenu), what="the context menu")
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu) and menu.objectName() == "ChatContextMenu"
    action = next(a for a in menu.actions() if a.text() == text)
    QTest.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())
    await until(lambda: not menu.isVisible(), what="the menu to close")


async def test_a_sillytavern_chat_imports_with_swipes_as_versions_and_exports_back(
        app: App, qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "Seraphina.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in CHAT_LINES), encoding="utf-8")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(HEADER) + '\n{"name": "S", "is_user": "yes", "mes": "Hi"}', encoding="utf-8")
    window = await _active(app)
    actions = window.chat_actions
    actions.last_folder = tmp_path
    imported: list[tuple[list[str], list[str]]] = []
    actions.chats_imported.connect(lambda ids, lines: imported.append((ids, lines)))

    _context_menu(qtbot, window, "Welcome")
    await _click_menu("Import SillyTavern chat…")
    dialog = await _dialog("ChatImportDialog")
    await _pick_files(qtbot, dialog, [path, bad])
    await until(lambda: imported, what="the chats imported")

    ids, lines = imported[0]
    assert lines == ["Imported Seraphina.jsonl as the chat “Seraphina”.",
                     "⚠ bad.jsonl, line 2: 'is_user' must be true or false. [chat.import_bad_message]"]
    assert window.statusBar().currentMessage() == "  ".join(lines)
    assert len(ids) == 1 and window.chat_id == ids[0]  # the imported chat is open
    assert window.chat.title.text() == "Seraphina"
    studio = window.studio
    assert studio.chats.project_id(ids[0]) == window.project_id
    assert sorted(i.text(0) for i in window.sidebar._all_chat_items()) == ["Seraphina", "Welcome"]
    messages = studio.chats.messages(ids[0])
    assert [(m.role, m.content) for m in messages] == [
        ("assistant", "Welcome to the glade."), ("user", "Where am I?"), ("assistant", "In my forest.")]
    versions = studio.chats.message_versions(messages[2].id)
    assert [v.content for v in versions] == ["You are safe here.", "Far from the road.", "In my forest."]

    # Export as SillyTavern chat… from the chat's context menu: the swipes come back.
    out = tmp_path / "exported.jsonl"
    _context_menu(qtbot, window, "Seraphina")
    await _click_menu("Export as SillyTavern chat…")
    dialog = await _dialog("ChatExportDialog")
    assert dialog.selectedFiles()[0].endswith("Seraphina.jsonl")
    await _type_path(qtbot, dialog, out)
    await until(out.is_file, what="the chat file")
    written = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [m["mes"] for m in written[1:]] == ["Welcome to the glade.", "Where am I?", "In my forest."]
    assert written[3]["swipes"] == ["You are safe here.", "Far from the road.", "In my forest."]
    assert written[3]["swipe_id"] == 2 and written[2]["is_user"] is True
    assert window.statusBar().currentMessage() == f"Wrote the chat to {out}."
