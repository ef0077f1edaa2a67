"""The window in German, Japanese and Simplified Chinese (docs/translations.md): started with Settings →
Language set, it shows translated menus and buttons, and no label or button of the main window, the
profile editor, the patch dialog or Settings is cut off (each widget has at least the room its
``sizeHint`` asks for; a wrapping label the height its text needs at its width)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QPushButton, QTabBar, QWidget
from pytestqt.qtbot import QtBot

from relay_studio.app import window_settings
from relay_studio.ui import i18n
from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.patches.dialog import PatchDialog
from relay_studio.ui.settings.dialog import SettingsDialog
from tests.gui.conftest import App, until

#: the menu bar in each language
MENUS = {
    "de": ["&Datei", "&Bearbeiten", "Durch&lauf", "&Chat", "&Ansicht", "&Hilfe"],
    "ja": ["ファイル(&F)", "編集(&E)", "実行(&R)", "チャット(&C)", "表示(&V)", "ヘルプ(&H)"],
    "zh_CN": ["文件(&F)", "编辑(&E)", "运行(&R)", "对话(&C)", "视图(&V)", "帮助(&H)"],
}
#: a few words each language must show, by where they are (the .ts files hold the rest)
WORDS = {
    "de": {"send": "Senden", "chats": "Chats", "agents": "Agenten", "demo": "Demo-Staffel starten",
           "settings": "Einstellungen", "approve": "Freigeben"},
    "ja": {"send": "送信", "chats": "チャット", "agents": "エージェント", "demo": "デモのリレーを実行",
           "settings": "設定", "approve": "承認"},
    "zh_CN": {"send": "发送", "chats": "对话", "agents": "智能体", "demo": "运行演示接力",
              "settings": "设置", "approve": "批准"},
}
LANGUAGES = [*WORDS, "en"]


def _cjk_font_present() -> None:
    families = QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese)
    assert families, ("no font with Chinese and Japanese glyphs is installed: install fonts-droid-fallback or "
                      "fonts-noto-cjk (.ci/run does) so the CJK layouts can be measured")


def clipped(root: QWidget) -> list[str]:
    """Every visible label, button and tab of ``root`` with less room than its text needs."""
    out: list[str] = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisibleTo(root) or w.width() <= 0:
            continue
        name = f"{type(w).__name__} {w.objectName() or ''}".strip()
        if isinstance(w, QAbstractButton) and w.text().strip():
            hint = w.sizeHint()
            if w.width() < hint.width() or w.height() < hint.height():
                out.append(f"{name} {w.text()!r}: {w.width()}x{w.height()} < {hint.width()}x{hint.height()}")
        elif isinstance(w, QLabel) and w.text().strip() and w.pixmap().isNull():
            if w.wordWrap():
                need = w.heightForWidth(w.width())
                if need > w.height() + 1:
                    out.append(f"{name} {w.text()[:40]!r}: {w.width()} wide, height {w.height()} < {need}")
            elif w.width() < w.sizeHint().width():
                out.append(f"{name} {w.text()[:40]!r}: width {w.width()} < {w.sizeHint().width()}")
        elif isinstance(w, QTabBar) and w.elideMode() != 0 and w.usesScrollButtons() is False:
            for i in range(w.count()):
                if w.tabRect(i).width() < w.tabSizeHint(i).width():
                    out.append(f"tab {w.tabText(i)!r}: {w.tabRect(i).width()} < {w.tabSizeHint(i).width()}")
    return out


async def _open(app: App, language: str) -> MainWindow:
    settings = window_settings(app.data_dir)
    settings.setValue(i18n.LANGUAGE_KEY, language)
    settings.sync()
    window = app.open()
    window.resize(1400, 860)
    await until(lambda: window.isVisible(), what="the window")
    return window


@pytest.mark.parametrize("language", list(WORDS))
async def test_the_window_starts_in_the_chosen_language(app: App, language: str) -> None:
    _cjk_font_present()
    window = await _open(app, language)
    words = WORDS[language]
    assert i18n.current_language() == language
    assert window.chat.composer.send_button.text() == words["send"]
    buttons = {b.text() for b in window.findChildren(QAbstractButton) if b.isVisibleTo(window)}
    labels = {label.text() for label in window.findChildren(QLabel) if label.isVisibleTo(window)}
    assert words["demo"] in buttons and {words["chats"], words["agents"]} <= labels
    menus = [a.text() for a in window.menuBar().actions()]
    assert menus == MENUS[language]
    keys = [m[m.index("&") + 1].lower() for m in menus]
    assert len(set(keys)) == len(keys)  # each menu keeps a keyboard accelerator of its own


@pytest.mark.parametrize("language", LANGUAGES)
async def test_nothing_is_cut_off_in_the_main_views(app: App, language: str) -> None:
    _cjk_font_present()
    window = await _open(app, language)
    QApplication.processEvents()
    problems = [f"main window: {p}" for p in clipped(window)]
    window.open_profile("writer")
    editor = window.profile_editor
    assert editor is not None
    QApplication.processEvents()
    problems += [f"profile editor: {p}" for p in clipped(editor)]
    window.open_settings()
    settings = window.findChild(SettingsDialog)
    assert settings is not None
    await until(lambda: settings.isVisible(), what="Settings")
    assert settings.windowTitle() == (WORDS[language]["settings"] if language != "en" else "Settings")
    problems += [f"settings: {p}" for p in clipped(settings)]
    settings.reject()
    window.run_demo(with_approval=True)
    await until(lambda: (d := window.findChild(PatchDialog)) is not None and d.isVisible() and d.current is not None,
                seconds=30, what="the patch dialog")
    dialog = window.findChild(PatchDialog)
    assert dialog is not None
    await until(lambda: len(dialog.pending) == 2, what="the editor's two proposals")
    if language != "en":
        assert dialog.approve_button.text() == WORDS[language]["approve"]
    QApplication.processEvents()
    problems += [f"patch dialog: {p}" for p in clipped(dialog)]
    assert problems == []


def test_the_check_sees_a_cut_off_button_and_a_squeezed_label(qtbot: QtBot) -> None:
    """The measure above can fail: a button narrower than its text and a wrapping label without its height."""
    root = QWidget()
    qtbot.addWidget(root)
    button = QPushButton("Änderungen übernehmen und schließen", root)
    label = QLabel("新しい項目：名前を入力して保存してください。" * 2, root)
    label.setWordWrap(True)
    button.setGeometry(0, 0, 60, button.sizeHint().height())
    label.setGeometry(0, 40, 24, 20)
    root.resize(200, 100)
    root.show()
    found = clipped(root)
    assert len(found) == 2 and "QPushButton" in found[0] and "QLabel" in found[1]
