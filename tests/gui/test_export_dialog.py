"""File → Export… driven through the window: the chat's answers (committed by real runs) listed and ticked,
the chapter preview, the format and preset, a file written off the GUI thread with its progress, the folder
opened in the file manager, and a refusal shown in the dialog with nothing written."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest
from PySide6.QtCore import QObject, Qt, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from pytestqt.qtbot import QtBot

from relay_studio.app import window_settings
from relay_studio.ui import i18n
from relay_studio.ui.export_dialog import ExportDialog
from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, run_to_end, until
from tests.gui.test_window_languages import LANGUAGES, _cjk_font_present, clipped
from tests.support import settle

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
CHINESE = "他推开门，雨声忽然大了起来。"
JAPANESE = "雨が降っていた。彼女はそっと窓を閉めた。"


def _answer(text: str) -> dict[str, Any]:
    return {"toolCalls": [
        {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": text}},
        {"name": "workspace_commit", "arguments": {}},
        {"name": "workspace_finish", "arguments": {"summary": "Done."}}]}


class FileManager(QObject):
    """Stands in for the desktop's file manager: Qt hands it the file: URLs the window opens."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[QUrl] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.opened.append(url)


async def _ask(window: MainWindow, text: str, runs_before: int) -> None:
    window.chat.composer.select_agent("finalizer")
    window.chat.composer.set_text(text)
    window.chat.composer.submit()
    await run_to_end(window, runs_before)


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def _in_tabs(element: ET.Element, paragraph: ET.Element) -> bool:
    """A tab stop's definition (w:pPr/w:tabs/w:tab), not a tab in the text."""
    return any(element in list(tabs) for tabs in paragraph.iter(f"{W}tabs"))


def _type(qtbot: QtBot, edit: Any, text: str) -> None:
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Delete)
    qtbot.keyClicks(edit, text)


async def test_export_the_chats_answers_from_the_file_menu(app: App, qtbot: QtBot, tmp_path: Path) -> None:
    window = app.open({"finalizer": [_answer("# The Storm\nIt was a *dark* night.\n***\nMorning came."),
                                     _answer("# Left out\nA draft the creator does not want."),
                                     _answer(f"# 第二章 归来\n{CHINESE}\n# 第三章 雨\n{JAPANESE}")]})
    window.new_chat()
    for index, prompt in enumerate(("Chapter one.", "Another try.", "Chapters two and three.")):
        await _ask(window, prompt, index)
    file_menu = next(a.menu() for a in window.menuBar().actions() if a.menu() and "File" in a.text())
    assert window.export_action in file_menu.actions()
    window.export_action.trigger()
    dialog = window.export_dialog
    assert isinstance(dialog, ExportDialog) and dialog.isVisible()
    await until(lambda: dialog.chapter_list.count() == 4, what="the chapter preview")
    assert dialog.answer_list.count() == 3 and dialog.title_edit.text() == "The Storm"  # the text opens with it
    assert dialog.title_edit.toolTip() == "The heading the first answer opens with"

    dialog.answer_list.item(1).setCheckState(Qt.CheckState.Unchecked)  # leave the second answer out
    await until(lambda: dialog.chapter_list.count() == 3, what="the preview without the left-out answer")
    assert [dialog.chapter_list.item(i).text() for i in range(3)] == ["The Storm", "第二章 归来", "第三章 雨"]
    assert dialog.summary.text().startswith("3 chapters · ") and " words · language: " in dialog.summary.text()

    dialog.format_box.setCurrentIndex(dialog.format_box.findData("docx"))
    dialog.preset_box.setCurrentIndex(dialog.preset_box.findData("book"))
    _type(qtbot, dialog.title_edit, "The Long Night")
    _type(qtbot, dialog.author_edit, "Ada Lovelace")
    target = tmp_path / "night.docx"
    _type(qtbot, dialog.path_edit, str(target))
    files = FileManager()
    QDesktopServices.setUrlHandler("file", files, "open")
    try:
        qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
        assert not dialog.export_button.isEnabled() and dialog.progress.isVisible()
        await until(lambda: dialog.written is not None, what="the export to finish")
    finally:
        QDesktopServices.unsetUrlHandler("file")
    assert [Path(u.toLocalFile()) for u in files.opened] == [tmp_path]
    assert not dialog.progress.isVisible() and dialog.progress.maximum() == 4 and dialog.progress.value() == 4
    assert str(target) in dialog.status.text() and dialog.export_button.isEnabled()
    with zipfile.ZipFile(target) as z:
        body = ET.fromstring(z.read("word/document.xml"))
    headings = ["".join(t.text or "" for t in p.iter(f"{W}t")) for p in body.iter(f"{W}p")
                if (s := p.find(f"{W}pPr/{W}pStyle")) is not None and s.get(f"{W}val") in ("Heading1", "Title")]
    assert headings == ["The Long Night", "The Storm", "第二章 归来", "第三章 雨"]
    text = "".join(t.text or "" for t in body.iter(f"{W}t"))
    assert CHINESE in text and JAPANESE in text and "does not want" not in text and "Chapter one." not in text

    # a folder that does not exist: the dialog says so, nothing is written, the dialog stays usable
    dialog.format_box.setCurrentIndex(dialog.format_box.findData("epub"))
    missing = tmp_path / "missing" / "night.epub"
    _type(qtbot, dialog.path_edit, str(missing))
    failures: list[tuple[str, str]] = []
    dialog.export_failed.connect(lambda code, message: failures.append((code, message)))
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    await until(lambda: bool(failures), what="the refusal")
    assert failures[0][0] == "export.unwritable" and "[export.unwritable]" in dialog.status.text()
    assert not missing.parent.exists() and _names(tmp_path) == ["data", "night.docx"]
    assert dialog.export_button.isEnabled()
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Close), Qt.MouseButton.LeftButton)
    await until(lambda: not dialog.isVisible(), what="the dialog to close")


async def test_a_chat_without_answers_has_nothing_to_export(app: App, qtbot: QtBot) -> None:
    window = app.open({})
    window.new_chat()
    window.export_action.trigger()
    dialog = window.export_dialog
    assert dialog is not None
    await until(lambda: "nothing to export" in dialog.status.text(), what="the empty chat's notice")
    assert not dialog.export_button.isEnabled() and dialog.chapter_list.count() == 0
    dialog.reject()


async def test_a_projects_book_is_titled_after_it_and_its_title_page_has_the_remembered_contact_lines(
        app: App, qtbot: QtBot, tmp_path: Path) -> None:
    story = " ".join(["The keeper climbed the stairs again."] * 21)  # 126 words, 128 with "Chapter 1"
    window = app.open({"finalizer": [_answer(story)]})
    project = window.studio.projects.create("The Lighthouse Years")
    window.navigation.choose_project(project.id)
    await until(lambda: window.project_id == project.id, what="the project chosen")
    window.new_chat()
    await _ask(window, "Write the opening.", 0)

    async def opened() -> ExportDialog:
        window.export_action.trigger()
        dialog = window.export_dialog
        assert isinstance(dialog, ExportDialog)
        await until(lambda: dialog.chapter_list.count() == 1, what="the chapter preview")
        return dialog

    dialog = await opened()
    assert dialog.title_edit.text() == "The Lighthouse Years" and dialog.title_edit.toolTip() == "The project's name"
    assert dialog.summary.text().startswith("1 chapter · 128 words · ")  # one chapter, not "1 chapters"
    dialog.format_box.setCurrentIndex(dialog.format_box.findData("docx"))
    assert dialog.contact_box.isVisible()  # the manuscript preset's title page
    _type(qtbot, dialog.author_edit, "A. L. Quill")
    _type(qtbot, dialog.contact_name, "Ada Quill")
    qtbot.mouseClick(dialog.contact_address.viewport(), Qt.MouseButton.LeftButton)
    qtbot.keyClicks(dialog.contact_address, "12 Harbour Road")
    qtbot.keyClick(dialog.contact_address, Qt.Key.Key_Return)
    qtbot.keyClicks(dialog.contact_address, "Portsmouth PO1 2AB")
    _type(qtbot, dialog.contact_email, "ada@example.org")
    target = tmp_path / "years.docx"
    _type(qtbot, dialog.path_edit, str(target))
    files = FileManager()
    QDesktopServices.setUrlHandler("file", files, "open")
    try:
        qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
        await until(lambda: dialog.written is not None, what="the export to finish")
    finally:
        QDesktopServices.unsetUrlHandler("file")
    assert dialog.status.text() == f"Wrote {target} (1 chapter, 128 words)."
    with zipfile.ZipFile(target) as z:
        body = ET.fromstring(z.read("word/document.xml"))
    lines = ["".join("\t" if t.tag == f"{W}tab" else t.text or ""
                     for t in p.iter() if t.tag in (f"{W}t", f"{W}tab") and not _in_tabs(t, p))
             for p in body.iter(f"{W}p")][:5]
    assert lines == ["Ada Quill\tabout 100 words", "12 Harbour Road", "Portsmouth PO1 2AB", "ada@example.org",
                     "THE LIGHTHOUSE YEARS"]
    dialog.close()
    await until(lambda: not dialog.isVisible(), what="the dialog to close")

    again = await opened()  # the contact lines are remembered; they belong to the manuscript preset only
    assert (again.contact_name.text(), again.contact_address.toPlainText(), again.contact_email.text()) == (
        "Ada Quill", "12 Harbour Road\nPortsmouth PO1 2AB", "ada@example.org")
    again.format_box.setCurrentIndex(again.format_box.findData("docx"))
    again.preset_box.setCurrentIndex(again.preset_box.findData("book"))
    assert not again.contact_box.isVisible()


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_export_dialog_with_its_contact_lines_fits_a_1000_by_700_screen(app: App, language: str) -> None:
    _cjk_font_present()
    settings = window_settings(app.data_dir)
    settings.setValue(i18n.LANGUAGE_KEY, language)
    settings.sync()
    window = app.open({"finalizer": [_answer("# Storm\nRain fell.")]})
    window.resize(1000, 700)
    window.new_chat()
    await _ask(window, "Write.", 0)
    window.export_action.trigger()
    dialog = window.export_dialog
    assert isinstance(dialog, ExportDialog)
    dialog.format_box.setCurrentIndex(dialog.format_box.findData("docx"))
    await until(lambda: dialog.contact_box.isVisible() and dialog.chapter_list.count() == 1, what="the preview")
    hint = dialog.minimumSizeHint()
    assert hint.width() <= 1000 and hint.height() <= 640, f"{language}: {hint}"  # the screen less a title bar
    dialog.resize(max(hint.width(), 760), 640)
    await settle()
    assert clipped(dialog) == []
