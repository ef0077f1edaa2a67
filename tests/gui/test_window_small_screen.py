"""The window at 1000×700 (issue 38): the agent editor never needs sideways scrolling, in English and in German,
its fields, their descriptions and messages inside the form's width."""

from __future__ import annotations

import contextlib

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from relay_studio.app import window_settings
from relay_studio.ui import i18n
from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, until


async def _at_1000(app: App, language: str) -> MainWindow:
    settings = window_settings(app.data_dir)
    settings.setValue(i18n.LANGUAGE_KEY, language)
    settings.sync()
    window = app.open({})
    window.resize(1000, 700)
    await until(lambda: window.width() == 1000, what="the window at 1000 px")
    return window


@pytest.mark.parametrize("language", ["en", "de", "ja", "zh_CN"])
async def test_the_agent_editor_never_scrolls_sideways_at_1000_px(app: App, qtbot: QtBot, language: str) -> None:
    window = await _at_1000(app, language)
    window.open_profile("writer")
    editor = window.profile_editor
    assert editor is not None
    form = editor.scroll_area
    view = form.viewport()
    await until(lambda: editor.isVisibleTo(window) and view.width() > 0 and editor.width() <= 500,
                what="the editor laid out in the chat's place")

    def problems() -> list[str]:
        return _sideways(form.horizontalScrollBar().maximum(), form.content, view)

    with contextlib.suppress(AssertionError):  # the docks are fitted on the next turns of the loop: wait for
        await until(lambda: problems() == [], what="the form inside its width")  # the fit, then name what is out
    assert problems() == [], f"{language}: {problems()[:8]}"


def _sideways(scroll: int, content: QWidget, view: QWidget) -> list[str]:
    problems = []
    if scroll > 0:
        problems.append(f"the form scrolls sideways by {scroll} px "
                        f"(it needs {content.minimumSizeHint().width()}, has {view.width()})")
    for w in content.findChildren(QWidget):
        if not w.isVisibleTo(content) or w.width() <= 0:
            continue
        right = w.mapTo(view, QPoint(w.width(), 0)).x()
        if right > view.width() + 1:
            text = w.text()[:30] if isinstance(w, QLabel) else ""
            problems.append(f"{type(w).__name__} {w.objectName()} {text!r} ends at {right} > {view.width()}")
    return problems


async def test_the_section_list_steps_aside_only_in_a_narrow_editor(app: App, qtbot: QtBot) -> None:
    window = await _at_1000(app, "en")
    window.open_profile("writer")
    editor = window.profile_editor
    assert editor is not None
    await until(lambda: editor.isVisibleTo(window) and not editor.rail.isVisibleTo(editor),
                what="the section list to step aside at 1000 px")
    window.resize(1920, 1080)
    await until(lambda: editor.rail.isVisibleTo(editor) and editor.scroll_area.horizontalScrollBar().maximum() == 0,
                what="the section list beside the form at 1920 px")
