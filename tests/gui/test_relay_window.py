"""A full scripted relay driven through the window: type, send, see the committed message, three
stages on the timeline, open the handoff marker and read the brief."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from relay_studio.ui.chat.message_card import MessageCard
from relay_studio.ui.timeline.model import FOREGROUND
from tests.gui.conftest import App, run_to_end, until
from tests.gui.scripts import REVISED, relay_turns


def _assistant_cards(app: App) -> list[MessageCard]:
    assert app.window is not None
    return [c for c in app.window.chat.message_cards() if c.message.role == "assistant"]


async def test_first_launch_opens_the_welcome_chat_and_runs_the_demo(app: App, qtbot: QtBot) -> None:
    window = app.open()
    assert window.chat.title.text() == "Welcome"
    await until(lambda: window.chat.up_to_date, what="the opening chat's read (a query) to be shown")
    assert window.chat.welcome is not None and window.chat.welcome.isVisible()
    qtbot.mouseClick(window.chat.welcome.button, Qt.MouseButton.LeftButton)
    await until(lambda: window.studio.handles, what="the demo run to start")
    assert window.chat.live.isVisible()
    await until(lambda: not window.studio.handles, what="the demo run to end")
    await until(lambda: window.chat.up_to_date, what="the chat's read after the run's end")
    cards = _assistant_cards(app)
    assert len(cards) == 1 and "The Last Keeper" in cards[0].shown_text
    assert cards[0].author.text() == "Editor"  # the last commit was the editor's
    assert window.status_state.text() == "completed"
    assert window.chat.welcome is None


async def test_full_relay_through_the_window(app: App, qtbot: QtBot) -> None:
    window = app.open(relay_turns())
    window.new_chat()
    composer = window.chat.composer
    assert composer.agent_id() == "writer"
    qtbot.keyClicks(composer.editor, "Write about a harbour.")
    qtbot.mouseClick(composer.send_button, Qt.MouseButton.LeftButton)
    run_id = await run_to_end(window)

    user, assistant = window.chat.message_cards()
    assert user.shown_text == "Write about a harbour." and composer.text() == ""
    assert assistant.shown_text == REVISED
    assert assistant.plain_text == "The Harbour\nThe boats came home at dusk, heavy with silver."  # markdown shown
    # One run, one version: the writer's draft and the editor's revision are two commits of the run
    # (both in its ledger), and the chat shows the run's last one.
    assert len(assistant.versions) == 1 and not assistant.version_label.isVisibleTo(window)
    assert assistant.author.text() == "Editor"
    commits = window.studio.runtime.runs.commits(run_id)
    assert [c.agent_id for c in commits] == ["writer", "editor"]
    assert "heavy with silver" not in commits[0].content

    panel = window.timeline
    await panel.loaded.wait()
    assert panel.run_id == run_id
    tl = panel.timeline
    assert tl is not None
    foreground = tl.lanes[FOREGROUND]
    assert [s.agent for s in foreground.stages] == ["Writer", "Editor", "Finalizer"]
    assert [s.status for s in foreground.stages] == ["transferred", "transferred", "completed"]
    assert [(m.target_name, m.title) for m in tl.markers] == [("Editor", "Tighten the harbour"),
                                                              ("Finalizer", "Final polish")]
    assert {b.kind for b in foreground.bars} == {"model", "tool"}
    assert all(b.outcome == "ok" for b in foreground.bars)

    marker = tl.markers[0]
    point = panel.lanes.marker_point(marker)
    panel.lanes.click_at(point.x(), point.y())
    text = panel.detail.toPlainText()
    assert "Writer handed the work to Editor: “Tighten the harbour”" in text
    assert "Handoff Brief" in text and "# Handoff Brief" not in text  # the brief formatted, not raw Markdown
    assert "Revise output/main.md and hand it on." in text
    assert "The boats come home." in text
    selected = {panel.model.seq_at(i.row()) for i in panel.table.selectionModel().selectedRows()}
    assert selected == {marker.seq}
    assert window.status_agent.text() == "Agent: Finalizer"
    assert window.studio.providers.provider_for_run(demo=False)(None) is app.provider  # type: ignore[arg-type]
    assert app.provider is not None and len(app.provider.requests) == 5
