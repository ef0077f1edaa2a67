"""The window at 1000×700, 1400×860 and 1920×1080 (docs/window/main-window.md, "Sizes"): measured on real widgets
after a relay, a long answer and a session handoff. The chat never scrolls sideways and its cards keep to the column
with every button at its full width; the timeline's −, +, Fit, its Summary column and a readable detail pane
(below the events when there is no room beside them) are inside the window; the left panel comes back after
the window was made small and large again; View → Reset layout gives the first widths back."""

from __future__ import annotations

import asyncio

import pytest
from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QDockWidget,
    QStyle,
    QStyleOptionComboBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from relay_studio.app import window_settings
from relay_studio.ui import i18n
from relay_studio.ui.chat.handoff_cards import HandoffCard
from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.window_layout import FIRST_SIZE, MIN_CHAT_W, default_widths, fit_widths, within
from tests.gui.conftest import App, run_to_end, until
from tests.gui.scripts import relay_turns
from tests.gui.test_window_languages import clipped
from tests.support import settle

SIZES = [(1000, 700), (1400, 860), (1920, 1080)]
LONG_WORD = "https://example.org/" + "harbour-" * 30  # no place to break it
ANSWER = ("# The Harbour\n\nThe boats came home at dusk, heavy with silver.\n\n| Boat | Fish | Crew | Port | Notes |\n"
          "|---|---|---|---|---|\n| The Gull | " + "silver herring " * 4 + "| four | north | " + "late " * 12
          + "|\n\n```\n" + "x = 'a very long line of code that does not wrap at all' " * 4 + "\n```\n\n" + LONG_WORD)
DOC = ("## Goal\nA harbour story.\n## Canon & Constraints\nPresent tense.\n## Progress\nDone: dusk.\n"
       "## Key Decisions\n" + LONG_WORD + "\n## Critical Context\nThe boats.\n## Next Steps\nNight.\n")


async def _settle(window: MainWindow) -> None:
    """A few turns of the loop: the window's layout, then the docks fitted to it, then theirs."""
    for _ in range(4):
        await settle()
        await asyncio.sleep(0.02)


async def _resize(window: MainWindow, w: int, h: int) -> None:
    window.resize(w, h)
    await _settle(window)


def _inside(widget: QWidget, window: MainWindow) -> bool:
    top_left = widget.mapTo(window, QPoint(0, 0))
    return window.rect().contains(QRect(top_left, widget.size()))


def _problems(window: MainWindow) -> list[str]:
    """What the creator could not see or reach at this size."""
    out: list[str] = []
    chat = window.chat
    viewport = chat.scroll_area.viewport()
    if chat.scroll_area.horizontalScrollBar().maximum() > 0 or chat.column.width() > viewport.width():
        out.append(f"the chat scrolls sideways: column {chat.column.width()} > {viewport.width()}")
    for card in chat.cards:
        right = card.mapTo(viewport, QPoint(card.width(), 0)).x()
        if right > viewport.width():
            out.append(f"{type(card).__name__} ends at {right}, the column at {viewport.width()}")
        for button in card.findChildren(QAbstractButton):
            if not button.isVisibleTo(card) or not button.text():
                continue
            seen = button.visibleRegion().boundingRect().width()  # 0: scrolled out of view, up or down
            if button.width() < button.sizeHint().width() or 0 < seen < button.sizeHint().width():
                out.append(f"{type(card).__name__}'s {button.text()!r}: {button.width()} wide, {seen} seen, "
                           f"needs {button.sizeHint().width()}")
            if button.mapTo(viewport, QPoint(button.width(), 0)).x() > viewport.width():
                out.append(f"{type(card).__name__}'s {button.text()!r} runs past the column")
    panel = window.timeline
    for widget in (*panel.zoom_buttons, panel.run_box, panel.table, panel.detail, panel.lanes):
        if not _inside(widget, window) or widget.visibleRegion().isEmpty():
            out.append(f"timeline {type(widget).__name__} {getattr(widget, 'text', lambda: '')()!r} not in the window")
    for button in panel.zoom_buttons:
        if button.width() < button.sizeHint().width():
            out.append(f"timeline button {button.text()!r} is {button.width()} wide < {button.sizeHint().width()}")
    if panel.run_box.currentText():
        option = QStyleOptionComboBox()
        panel.run_box.initStyleOption(option)
        field = panel.run_box.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                                     QStyle.SubControl.SC_ComboBoxEditField, panel.run_box)
        need = panel.run_box.fontMetrics().horizontalAdvance(panel.run_box.currentText())
        if need > field.width():
            out.append(f"the run picker shows {field.width()} of {need} px of {panel.run_box.currentText()!r}")
    header = panel.table.horizontalHeader()
    summary_x = header.sectionViewportPosition(4)
    if panel.table.viewport().width() - summary_x < 80:
        out.append(f"the Summary column starts at {summary_x} of {panel.table.viewport().width()}")
    if panel.detail.width() < 280 or panel.detail.height() < 150:
        out.append(f"the detail pane is {panel.detail.width()}x{panel.detail.height()}")
    for area in window.findChildren(QAbstractScrollArea):
        if area.isVisibleTo(window) and not area.visibleRegion().isEmpty() \
                and area.horizontalScrollBar().isVisibleTo(window) and area in (chat.scroll_area, panel.table):
            out.append(f"{type(area).__name__} shows a horizontal scroll bar")
    if chat.width() < MIN_CHAT_W:
        out.append(f"the chat is {chat.width()} wide")
    return out


async def _a_chat_with_everything(app: App, qtbot: QtBot) -> MainWindow:
    """A relay's answer (a table, a code line, a long word; written by the Editor, finished by the Finalizer),
    the creator's long word, and a chat a session handoff started (its document card)."""
    turns = relay_turns()  # the editor's revision is the answer, the finalizer ends the run: "finished by …"
    turns["editor"][0]["toolCalls"][0]["arguments"]["content"] = ANSWER
    for agent in ("writer", "editor", "finalizer"):
        turns[agent].append({"text": DOC})  # whichever agent the handoff asks
    window = app.open(turns)
    window.new_chat()
    window.chat.composer.select_agent("writer")
    qtbot.keyClicks(window.chat.composer.editor, "Write the harbour. " + LONG_WORD)
    window.chat.composer.submit()
    await run_to_end(window, 0)
    await window.timeline.loaded.wait()
    window.timeline.select_seq(3)  # something in the detail pane
    return window


async def test_every_part_is_in_view_at_each_size(app: App, qtbot: QtBot) -> None:
    window = await _a_chat_with_everything(app, qtbot)
    # the answer's card is filled once its message is read back after the run: wait for it, not a moment
    await until(lambda: window.chat.message_cards()[-1].marker_label.text() == "finished by Finalizer",
                what="the answer to name who finished")
    for w, h in SIZES:
        await _resize(window, w, h)
        assert (window.width(), window.height()) == (w, h), "the window's minimum size fits a 1000×700 screen"
        assert _problems(window) == [], f"at {w}×{h}"
    # the detail pane beside the events list when the timeline has the room, below it when not
    await _resize(window, 1000, 700)
    assert window.timeline.events_split.orientation() == Qt.Orientation.Vertical
    window.fill_action.trigger()  # the timeline fills the window: room beside
    await _settle(window)
    assert window.timeline.events_split.orientation() == Qt.Orientation.Horizontal
    assert window.timeline.detail.width() >= 300
    window.fill_action.trigger()
    await _settle(window)

    # the handoff's chat: its document card keeps to the column, Hide and Copy shown whole
    qtbot.keyClicks(window.chat.composer.editor, "/handoff")
    window.chat.composer.submit()
    await until(lambda: window.handoff_dialog is not None and not window.handoff_dialog.generating, what="the draft")
    dialog = window.handoff_dialog
    assert dialog is not None
    old = window.chat_id
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    await until(lambda: window.chat_id != old, what="the new chat")
    await until(lambda: any(isinstance(c, HandoffCard) for c in window.chat.cards), what="the handoff's card (read "
                "on the reader lane)")
    for w, h in SIZES:
        await _resize(window, w, h)
        assert _problems(window) == [], f"the handoff's chat at {w}×{h}"


async def test_the_left_panel_comes_back_and_reset_layout_restores_the_first_widths(app: App, qtbot: QtBot) -> None:
    window = app.open()
    await _resize(window, 1400, 860)
    first = (window.sidebar_dock.width(), window.timeline_dock.width())
    assert first[0] >= 220 and first[1] >= 540
    await _resize(window, 1000, 700)
    small = (window.sidebar_dock.width(), window.timeline_dock.width())
    assert small[0] < first[0] and small[1] < first[1] and window.chat.width() >= MIN_CHAT_W
    await _resize(window, 1400, 860)
    assert (window.sidebar_dock.width(), window.timeline_dock.width()) == first  # not left narrow

    # the creator drags the separator beside the chats: that width is kept through a resize
    sep_x = window.sidebar_dock.geometry().right() + 3
    y = window.sidebar_dock.geometry().center().y()
    qtbot.mousePress(window, Qt.MouseButton.LeftButton, pos=QPoint(sep_x, y))
    for x in range(sep_x, sep_x + 61, 10):
        qtbot.mouseMove(window, QPoint(x, y))
        await settle()
        await asyncio.sleep(0.01)
    qtbot.mouseRelease(window, Qt.MouseButton.LeftButton, pos=QPoint(sep_x + 60, y))
    await _settle(window)
    dragged = window.sidebar_dock.width()
    assert dragged >= first[0] + 50
    await _resize(window, 1000, 700)
    await _resize(window, 1400, 860)
    assert window.sidebar_dock.width() == dragged

    window.reset_layout_action.trigger()
    await _settle(window)
    assert (window.sidebar_dock.width(), window.timeline_dock.width()) == first


@pytest.mark.parametrize("width", [990, 1000, 1400, 1920, 2560])
def test_the_widths_leave_the_chat_its_room(width: int) -> None:
    sidebar, timeline = default_widths(width)
    assert sidebar + timeline + MIN_CHAT_W <= width or width < 1000
    assert fit_widths(width, 400, 1200)[0] >= 200
    small = fit_widths(1000, 260, 800)
    assert small[0] + small[1] + MIN_CHAT_W <= 1000 and small[0] < 260 and small[1] < 800


def _ancestors(widget: QWidget, window: MainWindow) -> list[QWidget]:
    out: list[QWidget] = []
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        out.append(parent)
        parent = parent.parentWidget()
    return out


def _outside(window: MainWindow) -> list[str]:
    """Every shown widget that is not wholly inside the window (a scroll area's content is clipped by its
    viewport, which is measured instead), and every shown button narrower than its text."""
    out: list[str] = []
    for w in window.findChildren(QWidget):
        if not w.isVisible() or w.visibleRegion().isEmpty() or w.window() is not window:
            continue  # hidden, or behind another (a tabbed dock is moved out of the way)
        scrolled = any(isinstance(a, QAbstractScrollArea) and a.viewport().isAncestorOf(w)
                       for a in _ancestors(w, window))
        text = w.text() if isinstance(w, QAbstractButton) else ""
        name = f"{type(w).__name__} {w.objectName()} {text}"
        if not scrolled and not _inside(w, window):
            out.append(f"{name.strip()} at {w.mapTo(window, QPoint(0, 0))} {w.width()}x{w.height()} leaves the window")
        if not scrolled and isinstance(w, QAbstractButton) and w.text() and w.width() < w.sizeHint().width():
            out.append(f"{name.strip()}: {w.width()} wide < {w.sizeHint().width()}")
    return out


@pytest.mark.parametrize("language", ["en", "de", "ja", "zh_CN"])
async def test_the_window_fits_1000_px_in_every_language(app: App, qtbot: QtBot, language: str) -> None:
    """The window's real minimum (every dock's and the chat's minimumSizeHint laid out together) is at most
    1000 px in each language, with the Library dock shown in the timeline's place and with the composer's
    "a run is going" bar and its four buttons; every part of the window is inside it."""
    settings = window_settings(app.data_dir)
    settings.setValue(i18n.LANGUAGE_KEY, language)
    settings.sync()
    slow = {"delayMs": 600, "toolCalls": [{"name": "workspace_list_files", "arguments": {}}]}
    window = app.open({"finalizer": [slow, {"text": "Done."}]})
    await _resize(window, 1000, 700)
    window.new_chat()
    composer = window.chat.composer
    composer.select_agent("finalizer")
    qtbot.keyClicks(composer.editor, "Write a verse.")
    qtbot.mouseClick(composer.send_button, Qt.MouseButton.LeftButton)
    await until(lambda: window.studio.handles, what="the run to start")
    qtbot.keyClicks(composer.editor, "Make it rhyme.")
    qtbot.mouseClick(composer.send_button, Qt.MouseButton.LeftButton)
    assert composer.busy_bar.isVisibleTo(window)
    problems: list[str] = []
    for shown in (window.timeline_dock, window.library_dock):
        shown.raise_()
        await _settle(window)
        where = f"{language}, {shown.objectName()} shown"
        need = window.minimumSizeHint().width()
        if need > 1000:
            docks = {d.objectName(): d.minimumSizeHint().width() for d in window.findChildren(QDockWidget)
                     if d.isVisibleTo(window)}
            problems.append(f"{where}: the window needs {need} px (docks {docks}, "
                            f"chat {window.centralWidget().minimumSizeHint().width()})")
        if window.width() != 1000:
            problems.append(f"{where}: the window is {window.width()} wide")
        problems += [f"{where}: {p}" for p in _outside(window)]
    await run_to_end(window, 0)
    await until(lambda: window.timeline.run_box.count() > 0, what="the run in the run picker")
    for shown in (window.library_dock, window.timeline_dock):  # the run picker, the filters, the headings
        shown.raise_()
        await _settle(window)
        problems += [f"{language}, {shown.objectName()}: {p}" for p in clipped(shown)]
    header = window.timeline.table.horizontalHeader()
    for col in range(1, 4):
        need = header.fontMetrics().horizontalAdvance(str(window.timeline.model.headerData(
            col, Qt.Orientation.Horizontal))) + 12
        if header.sectionSize(col) < need:
            problems.append(f"{language}: the events list's heading {col} is {header.sectionSize(col)} < {need}")
    assert problems == []


def test_the_first_size_keeps_to_a_small_screen() -> None:
    """A screen smaller than the first size (Xvfb at 1000×700, without a window manager to fit it in) gets a
    window of its own size; a large one the first size (``tests/screen/test_window_sizes_screen.py`` starts
    the real app on such a screen)."""
    assert within(QSize(1000, 700)) == QSize(1000, 700)
    assert within(QSize(1920, 1050)) == QSize(*FIRST_SIZE)
    assert within(QSize(1366, 900)) == QSize(1366, 860)


@pytest.mark.parametrize("language", ["de", "ja"])
async def test_the_profile_editor_fits_1000_px(app: App, qtbot: QtBot, language: str) -> None:
    """The agent editor in the chat's place at 1000 px: every button of its header (Duplicate … Close) keeps its
    whole text and nothing leaves the window (the row wraps onto a second line where it has to)."""
    settings = window_settings(app.data_dir)
    settings.setValue(i18n.LANGUAGE_KEY, language)
    settings.sync()
    window = app.open({})
    await _resize(window, 1000, 700)
    window.open_profile("writer")
    await _settle(window)
    editor = window.profile_editor
    assert editor is not None and editor.isVisibleTo(window)
    assert window.minimumSizeHint().width() <= 1000
    assert _outside(window) == []
