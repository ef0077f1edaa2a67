"""The window in German, Japanese and Simplified Chinese (docs/translations.md): started with Settings →
Language set, it shows translated menus and buttons, and no label or button of the main window, the
profile editor, the patch dialog or Settings is cut off (each widget has at least the room its
``sizeHint`` asks for; a wrapping label the height its text needs at its width)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase, QInputMethodEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QLabel,
    QPushButton,
    QStyle,
    QStyleOptionComboBox,
    QTabBar,
    QWidget,
)
from pytestqt.qtbot import QtBot

from relay_studio.app import window_settings
from relay_studio.ui import i18n
from relay_studio.ui.chat.live_run_card import LIVE_LINE_CHARS, LiveRunCard
from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.patches.dialog import PatchDialog
from relay_studio.ui.settings.dialog import SettingsDialog
from relay_studio.ui.timeline.detail import DetailPane
from tests.gui.conftest import App, run_to_end, until
from tests.support import settle

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
        elif isinstance(w, QComboBox) and w.currentText().strip():
            # the choice shown: the run picker, a filter, the connection of an agent, an editor's drop-down
            option = QStyleOptionComboBox()
            w.initStyleOption(option)
            field = w.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                             QStyle.SubControl.SC_ComboBoxEditField, w)
            need = w.fontMetrics().horizontalAdvance(w.currentText())
            if need > field.width():
                out.append(f"{name} {w.currentText()[:40]!r}: shows {field.width()} of {need}")
        elif isinstance(w, DetailPane) and w.document().isEmpty():
            if w.hint_height(w.viewport().width()) > w.viewport().height():
                out.append(f"{name}: its hint needs {w.hint_height(w.viewport().width())} of {w.viewport().height()}")
        elif isinstance(w, QTabBar):
            # every tab, whatever the elide mode and scroll buttons: a tab narrower than its hint is cut off
            for i in range(w.count()):
                if w.isTabVisible(i) and w.tabRect(i).width() < w.tabSizeHint(i).width():  # a hidden tab is not cut
                    out.append(f"{name} tab {w.tabText(i)!r}: {w.tabRect(i).width()} < {w.tabSizeHint(i).width()}")
    return out


async def _open(app: App, language: str) -> MainWindow:
    settings = window_settings(app.data_dir)
    settings.setValue(i18n.LANGUAGE_KEY, language)
    settings.sync()
    window = app.open()
    window.resize(1400, 860)
    await until(lambda: window.isVisible(), what="the window")
    await until(lambda: window.chat.up_to_date, what="the chat the window opens with (a query)")
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
    await settle()
    problems = [f"main window: {p}" for p in clipped(window)]
    window.open_profile("writer")
    editor = window.profile_editor
    assert editor is not None
    await settle()
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
    await settle()
    problems += [f"patch dialog: {p}" for p in clipped(dialog)]
    await until(lambda: window.timeline.run_box.count() > 0, what="the run in the run picker")
    problems += [f"timeline: {p}" for p in clipped(window.timeline)]  # the run picker, the filters
    assert problems == []


def test_the_check_sees_a_cut_off_button_and_a_squeezed_label(qtbot: QtBot) -> None:
    """The measure above can fail: a button narrower than its text, a wrapping label without its height and
    a tab bar whose tabs are squeezed below their width."""
    root = QWidget()
    qtbot.addWidget(root)
    button = QPushButton("Änderungen übernehmen und schließen", root)
    label = QLabel("新しい項目：名前を入力して保存してください。" * 2, root)
    label.setWordWrap(True)
    button.setGeometry(0, 0, 60, button.sizeHint().height())
    label.setGeometry(0, 40, 24, 20)
    tabs = QTabBar(root)
    tabs.setUsesScrollButtons(False)
    tabs.setElideMode(Qt.TextElideMode.ElideRight)
    for text in ("Einstellungen", "Werkzeuge", "Arbeitsbereich"):
        tabs.addTab(text)
    tabs.setGeometry(0, 70, 80, tabs.sizeHint().height())
    root.resize(200, 100)
    root.show()
    found = clipped(root)
    assert len(found) == 5, found
    assert "QPushButton" in found[0] and "QLabel" in found[1]
    assert all(f.startswith("QTabBar tab ") for f in found[2:])


def test_the_live_card_breaks_endless_cjk_lines_but_keeps_the_text(qtbot: QtBot) -> None:
    """An agent writing Japanese or Chinese without a newline: the live card breaks between characters
    (there are no spaces), the text itself stays exactly as streamed."""
    card = LiveRunCard()
    qtbot.addWidget(card)
    card.begin("r", "Writer")
    pieces = ["灯台守のマーラは百十二段の階段を上り、芯を切りそろえた。"] * 80 + ["他点亮了灯。\n短い行", "終わり"]
    for piece in pieces:
        card.append("inv", "Writer", piece)
    assert card.streamed_text == "— Writer —\n" + "".join(pieces)
    shown = card.text.toPlainText()
    assert max(len(line) for line in shown.split("\n")) <= LIVE_LINE_CHARS + 1
    assert shown.replace("\n", "") == card.streamed_text.replace("\n", "")


def _type_with_input_method(widget: QWidget, text: str) -> None:
    """What an input method sends when the creator confirms Chinese or Japanese text (key events carry
    only Latin-1 in QTest)."""
    widget.setFocus()
    event = QInputMethodEvent("", [])
    event.setCommitString(text)
    QApplication.sendEvent(widget, event)


async def test_find_in_chat_finds_cjk_words(app: App, qtbot: QtBot) -> None:
    window = app.open({"finalizer": [{"toolCalls": [
        {"name": "workspace_write_file", "arguments": {"path": "output/main.md",
                                                        "content": "灯台の灯りが霧の中で光った。灯台守は眠らない。"}},
        {"name": "workspace_commit", "arguments": {}},
        {"name": "workspace_finish", "arguments": {"summary": "Done."}}]}]})
    window.new_chat()
    composer = window.chat.composer
    composer.select_agent("finalizer")
    _type_with_input_method(composer.editor, "灯台の話を書いて")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    await run_to_end(window)
    assert [c.shown_text for c in window.chat.message_cards()][-1] == "灯台の灯りが霧の中で光った。灯台守は眠らない。"
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    _type_with_input_method(window.chat.find_bar.field, "灯台")
    assert window.chat.find_bar.count.text() == "1 of 3"  # one in the request, two in the answer
    qtbot.keyClick(window.chat.find_bar.field, Qt.Key.Key_Return)
    assert window.chat.find_bar.count.text() == "2 of 3"


async def test_settings_language_applies_at_the_next_start_and_says_so(app: App, qtbot: QtBot) -> None:
    window = app.open()
    assert window.menuBar().actions()[0].text() == "&File"
    window.open_settings()
    settings = window.findChild(SettingsDialog)
    assert settings is not None
    await until(lambda: settings.isVisible(), what="Settings")
    box, note = settings.language_box, settings.language_note
    assert box.currentText() == "As the system (English)" and not note.isVisibleTo(settings)
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Down)  # English
    assert box.currentData() == "en" and not note.isVisibleTo(settings)
    qtbot.keyClick(box, Qt.Key.Key_Down)  # Deutsch
    assert box.currentText() == "Deutsch"
    assert note.isVisibleTo(settings) and note.text() == "Applies the next time Relay Studio starts."
    assert window.menuBar().actions()[0].text() == "&File"  # this window keeps its language
    assert window_settings(app.data_dir).value(i18n.LANGUAGE_KEY) == "de"
    settings.reject()
    window = await app.reopen()
    assert [a.text() for a in window.menuBar().actions()] == MENUS["de"]


#: what the timeline's summaries (a review's line too), the New agent list and a review's severities say
SHOWN = {
    "de": {"model": "Aufruf 1 an", "tokens": "Tokens", "written": "(Version 1,", "blank": "Ein leerer Agent",
           "conflict": "Widerspruch", "review": "„Mira“: Widerspruch · 2 Probleme"},
    "ja": {"model": "への呼び出し 1", "tokens": "トークン", "written": "（バージョン 1、", "blank": "空のエージェント",
           "conflict": "矛盾", "review": "「Mira」：矛盾 · 問題 2 件"},
    "zh_CN": {"model": "第 1 次调用", "tokens": "token", "written": "（版本 1，", "blank": "空白智能体",
              "conflict": "冲突", "review": "“Mira”：冲突 · 2 个问题"},
}


def test_every_starting_point_has_its_shown_words_in_english() -> None:
    """The New agent list shows ``TEMPLATE_WORDS``, which must say what the runtime's templates say."""
    from relay_studio.runtime.profile_templates import TEMPLATES
    from relay_studio.ui.profiles.new_agent import TEMPLATE_WORDS

    assert {t.key: (t.label, t.description) for t in TEMPLATES} == TEMPLATE_WORDS


@pytest.mark.parametrize("language", list(SHOWN))
async def test_summaries_starting_points_and_severities_follow_the_language(
    app: App, qtbot: QtBot, language: str
) -> None:
    from relay_studio.domain.events import Event
    from relay_studio.ui.patches.proposal_words import review_html as _review_html
    from relay_studio.ui.profiles.new_agent import NewAgentDialog
    from relay_studio.ui.timeline.summaries import summarize

    shown = SHOWN[language]
    window = await _open(app, language)
    qtbot.mouseClick(window.chat.welcome.button, Qt.MouseButton.LeftButton)  # type: ignore[union-attr]
    await run_to_end(window, 0)
    await window.timeline.loaded.wait()
    summaries = window.timeline.timeline.index.summaries  # type: ignore[union-attr]
    assert any(shown["model"] in s for s in summaries), summaries[:8]
    assert any(shown["tokens"] in s for s in summaries) and any(shown["written"] in s for s in summaries)
    assert not any(" bytes)" in s or " tokens, " in s for s in summaries)
    issue = {"severity": "conflict", "entry": "Mira", "explanation": "—"}
    ended = Event.model_validate({"seq": 1, "runId": "r", "type": "review_completed",
                                  "timestamp": "2026-01-01T00:00:00Z",
                                  "payload": {"kind": "consistency", "status": "passed", "overallStatus": "conflict",
                                              "name": "Mira", "result": {"issues": [issue, issue]}}})
    assert summarize(ended, window.timeline.model.words) == shown["review"]  # the events list's line of a review
    qtbot.mouseClick(window.sidebar.new_agent_button, Qt.MouseButton.LeftButton)
    dialog = window.findChild(NewAgentDialog)
    assert isinstance(dialog, NewAgentDialog) and dialog.isVisible()
    item = dialog.starts.item(0)
    assert item is not None and item.text().split("\n")[0] == shown["blank"]
    dialog.reject()
    review = {"issues": [{"severity": "conflict", "entry": "Mira", "explanation": "—"}], "overallStatus": "conflict"}
    assert f"<b>{shown['conflict']}</b>" in _review_html(review, "", "")


def test_times_are_written_as_the_windows_language_writes_them(qtbot: QtBot) -> None:
    from PySide6.QtCore import QLocale

    stamp = "2026-03-04T05:06:07.000Z"  # how the store keeps times (UTC)
    before = QLocale()
    try:
        QLocale.setDefault(QLocale(QLocale.Language.German, QLocale.Country.Germany))
        german = i18n.when(stamp)
        QLocale.setDefault(QLocale(QLocale.Language.Japanese, QLocale.Country.Japan))
        japanese = i18n.when(stamp)
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
        english = i18n.when(stamp)
    finally:
        QLocale.setDefault(before)
    assert german.startswith("04.03.26") and japanese.startswith("2026/03/04") and english.startswith("3/4/26")
    assert i18n.when("not a time") == "not a time"
