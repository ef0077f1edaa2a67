"""What the window shows, checked by typing and clicking: Find marks and counts matches, markdown
tables, code blocks and quotes, one version per regeneration, the demo's honest model name, the
window's own words for command-line hints, the dark theme at once, and the status bar of a run of an
earlier session."""

from __future__ import annotations

import json
import re
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QToolButton
from pytestqt.qtbot import QtBot

from relay_studio.ui import theme
from relay_studio.ui.chat.notice_card import NoticeCard
from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.studio import DEMO_MODEL
from tests.gui.conftest import App, run_to_end, until
from tests.gui.scripts import relay_turns


def _answer(text: str) -> dict[str, Any]:
    return {"toolCalls": [
        {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": text}},
        {"name": "workspace_commit", "arguments": {}},
        {"name": "workspace_finish", "arguments": {"summary": "Done."}}]}


async def _ask(window: MainWindow, qtbot: QtBot, text: str, runs_before: int, agent: str = "finalizer") -> str:
    composer = window.chat.composer
    composer.select_agent(agent)
    qtbot.keyClicks(composer.editor, text)
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    return await run_to_end(window, runs_before)


async def test_find_marks_every_match_and_counts_matches(app: App, qtbot: QtBot) -> None:
    window = app.open({"finalizer": [_answer("Then the sea again.")]})
    window.new_chat()
    await _ask(window, qtbot, "The sea, the sea.", 0)
    user, answer = window.chat.message_cards()
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    field = window.chat.find_bar.field
    assert window.chat.find_bar.isVisible() and window.focusWidget() is field
    qtbot.keyClicks(field, "sea")
    count = window.chat.find_bar.count
    current, other = theme.colors().find_current.name(), theme.colors().find_match.name()
    assert count.text() == "1 of 3"  # matches, not cards
    assert user.body.text().count(current) == 1 and user.body.text().count(other) == 1
    assert other in answer.body.text()
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert count.text() == "2 of 3" and user.body.text().count(current) == 1
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert count.text() == "3 of 3" and current not in user.body.text() and current in answer.body.text()
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert count.text() == "1 of 3"  # round again
    qtbot.keyClicks(field, "x")
    assert count.text() == "no match" and other not in user.body.text()
    qtbot.keyClick(field, Qt.Key.Key_Escape)
    assert not window.chat.find_bar.isVisible() and user.body.text() == "The sea, the sea."


MARKDOWN = """Counts:

| Fruit | Count |
|:------|------:|
| apples | 3 |

```
def keeper():
    return "light"
```

> The sea keeps
> what it takes.
"""


async def test_markdown_tables_code_blocks_and_quotes(app: App, qtbot: QtBot) -> None:
    window = app.open({"finalizer": [_answer(MARKDOWN)]})
    window.new_chat()
    await _ask(window, qtbot, "Show me.", 0)
    answer = window.chat.message_cards()[1]
    shown = answer.body.text()
    assert answer.body.textFormat() == Qt.TextFormat.RichText
    header = re.search(r"<thead>.*?</thead>", shown, re.S)
    assert header is not None  # a header row, shaded, each cell aligned like its column
    cells = re.findall(r"<td[^>]*bgcolor=\"([^\"]+)\"[^>]*>\s*<p( align=\"right\")?", header.group(0))
    assert [(bg, bool(right)) for bg, right in cells] == [(theme.colors().lane_alt.name(), False),
                                                           (theme.colors().lane_alt.name(), True)]
    assert re.search(r"<pre style=\"[^\"]*background-color:#[0-9a-f]{6}", shown)  # code on a background
    assert re.search(r"border-left[^;]*:[^;]*3px", shown) or "border-left-width:3px" in shown  # quote rule
    assert "The sea keeps what it takes." in answer.plain_text and ">" not in answer.plain_text


def _two_relays() -> dict[str, list[dict[str, Any]]]:
    first, second = relay_turns(), relay_turns()
    second["editor"][0]["toolCalls"][0]["arguments"]["content"] = "# The Harbour\n\nA second telling.\n"
    return {agent: first[agent] + second[agent] for agent in first}


async def test_regenerating_a_relay_adds_one_version(app: App, qtbot: QtBot) -> None:
    window = app.open(_two_relays())
    window.new_chat()
    await _ask(window, qtbot, "Write about a harbour.", 0, agent="writer")
    answer = window.chat.message_cards()[1]
    assert len(answer.versions) == 1  # the writer's draft and the editor's revision: one run, one version
    qtbot.mouseClick(answer.regen_button, Qt.MouseButton.LeftButton)
    await run_to_end(window, 1)
    card = window.chat.message_cards()[1]
    assert card.version_label.text() == "version 2 of 2" and "A second telling." in card.plain_text
    qtbot.mouseClick(card.prev_button, Qt.MouseButton.LeftButton)
    assert "heavy with silver" in card.plain_text and card.author.text() == "Editor"
    qtbot.mouseClick(card.next_button, Qt.MouseButton.LeftButton)
    assert "A second telling." in card.plain_text and card.version_label.text() == "version 2 of 2"


async def test_the_demo_names_the_scripted_model(app: App, qtbot: QtBot) -> None:
    window = app.open()
    await until(lambda: window.chat.up_to_date, what="the Welcome chat (read as a query)")
    qtbot.mouseClick(window.chat.welcome.button, Qt.MouseButton.LeftButton)  # type: ignore[union-attr]
    run_id = await run_to_end(window, 0)
    events = window.studio.runtime.runs.events(run_id)
    models = {e.payload.get("model") for e in events if e.type == "model_call_started"}
    assert models == {DEMO_MODEL}
    assert "qwen" not in json.dumps([e.envelope() for e in events])
    await window.timeline.loaded.wait()
    summaries = window.timeline.timeline.index.summaries  # type: ignore[union-attr]
    assert any(DEMO_MODEL in s for s in summaries)


async def test_the_window_says_where_to_fix_a_connection(app: App, qtbot: QtBot) -> None:
    failing = {"error": {"code": "connection.unknown",
                         "message": "There is no connection 'local'. Add it with 'relay-studio connections add'."}}
    window = app.open({"finalizer": [failing]})
    window.new_chat()
    await _ask(window, qtbot, "Hello.", 0)
    notices = [c for c in window.chat.cards if isinstance(c, NoticeCard)]
    assert len(notices) == 1
    text = notices[0].notice.text
    assert "relay-studio" not in text and "Settings → Connections" in text and "no connection 'local'" in text
    from relay_studio.runtime.provider_source import DefaultProviders

    hint = DefaultProviders(window.studio.runtime.db, app.data_dir).connection_hint()
    assert hint is not None and "relay-studio" not in hint and "Settings → Connections" in hint


async def test_the_dark_theme_applies_at_once(app: App, qtbot: QtBot) -> None:
    failing = {"error": {"code": "provider.error", "message": "It broke."}}
    window = app.open({"finalizer": [failing]})
    window.new_chat()
    await _ask(window, qtbot, "Hello.", 0)
    notice = next(c for c in window.chat.cards if isinstance(c, NoticeCard))

    def link_pixels() -> int:
        """Pixels of the Details link in the palette's link colour, as painted now."""
        image = notice.link.grab().toImage()
        want = QApplication.palette().color(QPalette.ColorRole.Link)
        return sum(1 for x in range(image.width()) for y in range(image.height())
                   if _close(image.pixelColor(x, y), want))

    dark_action = next(a for a in window.findChildren(type(window.fill_action)) if a.text() == "Dark")
    dark_action.trigger()
    try:
        link = QApplication.palette().color(QPalette.ColorRole.Link)
        assert link.name() == "#6c9cff"
        assert link_pixels() > 0  # the link took the dark theme's colour without a restart
        stop = window.chat.composer.stop_button
        assert not stop.isEnabled()
        pal = stop.palette()
        assert pal.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText) != \
            pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.ButtonText)  # a disabled Stop looks disabled
    finally:
        light = next(a for a in window.findChildren(type(window.fill_action)) if a.text() == "Light")
        light.trigger()


def _close(a: Any, b: Any) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < 40


async def test_the_status_bar_of_an_earlier_run_after_a_restart(app: App, qtbot: QtBot) -> None:
    window = app.open(relay_turns())
    window.new_chat()
    await _ask(window, qtbot, "Write about a harbour.", 0, agent="writer")
    agent, tokens = window.status_agent.text(), window.status_tokens.text()
    assert agent == "Agent: Finalizer" and tokens and not tokens.startswith("0 in · 0 out")

    window = await app.reopen(relay_turns())
    await window.timeline.loaded.wait()
    await until(lambda: window.status_tokens.text() == tokens, what="the tokens from the journal")
    assert window.status_agent.text() == agent
    assert window.status_state.text() == "completed"
    assert re.fullmatch(r"\d+\.\d s", window.status_elapsed.text())


def _slow_relay() -> dict[str, list[dict[str, Any]]]:
    turns = relay_turns()
    for agent_turns in turns.values():
        for turn in agent_turns:
            turn["delayMs"] = 250
    return turns


async def test_a_live_run_stays_whole_in_view_and_handoff_labels_have_their_band(app: App, qtbot: QtBot) -> None:
    window = app.open(_slow_relay())
    window.new_chat()
    lanes = window.timeline.lanes
    composer = window.chat.composer
    qtbot.keyClicks(composer.editor, "Write about a harbour.")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: window.studio.handles, what="the run to start")
    await until(lambda: lanes.now() > 0.8, what="the run to go on for a while")
    t0, t1 = lanes.visible_window()
    assert t0 <= 0.01 and t1 >= lanes.now()  # the whole run so far, not the last few milliseconds
    assert lanes.now() / (t1 - t0) > 0.4  # and not lost in an empty axis either
    await run_to_end(window, 0)
    t0, t1 = lanes.visible_window()
    assert t0 <= 0.01 and t1 >= lanes.now()

    # The handoffs' labels are painted in their own band above the lanes; clicking one opens the brief.
    lanes.viewport().repaint()
    labels = lanes.band_label_rects()
    assert [m.target_name for _x0, _x1, m in labels] == ["Editor", "Finalizer"]
    from relay_studio.ui.timeline.lanes import AXIS_H, LANES_TOP

    x0, x1, marker = labels[0]
    qtbot.mouseClick(lanes.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(int((x0 + x1) / 2), (AXIS_H + LANES_TOP) // 2 - 4))
    assert lanes.selected_marker is marker
    assert "Writer handed the work to Editor: “Tighten the harbour”" in window.timeline.detail.toPlainText()

    # The timeline fills the window: the run, fitted, stays fitted to the wider view.
    narrow = lanes.viewport().width()
    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    await until(lambda: lanes.viewport().width() > narrow, what="the timeline to fill the window")
    t0, t1 = lanes.visible_window()
    assert t0 <= 0.01 and lanes.now() <= t1 < lanes.now() * 1.3
    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    await until(lambda: lanes.viewport().width() == narrow, what="the layout to come back")

    # The creator zooms in: the view stops fitting itself to the run.
    zoom_in = next(b for b in window.timeline.findChildren(QToolButton) if b.text() == "+")
    qtbot.mouseClick(zoom_in, Qt.MouseButton.LeftButton)
    assert not lanes.auto_fit
    t0, t1 = lanes.visible_window()
    assert t1 - t0 < lanes.now()


async def test_the_detail_pane_wraps_between_words(app: App, qtbot: QtBot) -> None:
    window = app.open(relay_turns())
    window.new_chat()
    await _ask(window, qtbot, "Write about a harbour.", 0, agent="writer")
    await window.timeline.loaded.wait()
    lanes = window.timeline.lanes
    window.timeline.detail.setFixedWidth(260)  # narrow, as beside the events list
    lanes.viewport().repaint()
    x0, x1, _marker = lanes.band_label_rects()[0]
    from relay_studio.ui.timeline.lanes import AXIS_H, LANES_TOP

    qtbot.mouseClick(lanes.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(int((x0 + x1) / 2), (AXIS_H + LANES_TOP) // 2 - 4))
    detail = window.timeline.detail
    await until(lambda: "handed the work to Editor" in detail.toPlainText(), what="the brief")
    detail.document().setTextWidth(detail.viewport().width())
    wrapped = 0
    block = detail.document().begin()
    while block.isValid():
        text, layout = block.text(), block.layout()
        for i in range(layout.lineCount() - 1):  # every line but a paragraph's last ends at a space
            line = layout.lineAt(i)
            end = line.textStart() + line.textLength()
            assert text[end - 1] == " " or text[end] == " ", (text, end)
            wrapped += 1
        block = block.next()
    assert wrapped > 0  # the pane is narrow enough that the brief does wrap
