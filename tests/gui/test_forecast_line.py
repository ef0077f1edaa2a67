"""The composer's forecast line (docs/window/chats-and-composer.md, *The forecast before Send*): it follows
the creator's typing, debounced and built off the GUI thread, and says what a run would take: the same
forecast the headless ``runtime/forecast.py`` gives, counted by the server's tokenizer over loopback where the
connection offers one, with the cost where it has prices; an approximation is said to be one."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from relay_studio.providers.openai_compat import OpenAICompatibleProvider
from relay_studio.runtime import forecast as forecasting
from relay_studio.ui.main_window import MainWindow
from relay_studio.ui.operations import chats as chat_operations
from tests.gui.conftest import App, until
from tests.gui.test_scene_window import make_card_agents, tick
from tests.providers.conftest import LoopbackServer, Reply, openai_connection


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    srv = LoopbackServer()
    yield srv
    srv.stop()
    assert not srv.unexpected, f"requests nobody scripted: {srv.unexpected}"


def _json(data: object) -> Reply:
    return Reply(body=json.dumps(data).encode(), content_type="application/json")


def _line(window: MainWindow) -> str:
    line = window.chat.composer.forecast_line
    return line.text() if line.isVisible() else ""


async def test_the_line_follows_the_typing_off_the_gui_thread(app: App, qtbot: QtBot,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[str] = []
    plan = forecasting.plan_in_chat

    def watched(*args: Any, **kwargs: Any) -> list[forecasting.Planned]:
        threads.append(threading.current_thread().name)
        return plan(*args, **kwargs)

    monkeypatch.setattr(chat_operations, "plan_in_chat", watched)
    window = app.open()
    window.new_chat()
    composer = window.chat.composer
    composer.select_agent("writer")
    assert not composer.forecast_line.isVisible()
    qtbot.keyClicks(composer.editor, "Write the storm scene.")
    await until(lambda: "Forecast:" in _line(window), what="the forecast line")
    assert app.runtime is not None
    expected = await forecasting.forecast(app.runtime, agent_id="writer", text="Write the storm scene.")
    words = _line(window)
    assert [s.agentId for s in expected.stages] == ["writer", "editor", "finalizer"]
    for stage in expected.stages:
        assert f"{stage.agent} {stage.tokens:,}" in words
    low, high = expected.inputTokens
    assert f"{low:,}–{high:,} in" in words and "(approximate: about four characters a token)" in words
    assert threads and all(name != threading.main_thread().name for name in threads)

    qtbot.keyClicks(composer.editor, " Make it long, with thunder, rain, a lighthouse, and a keeper who waits.")
    longer = await forecasting.forecast(app.runtime, agent_id="writer", text=composer.text())
    await until(lambda: f"Writer {longer.stages[0].tokens:,}" in _line(window), what="the line to follow the text")
    assert longer.stages[0].tokens > expected.stages[0].tokens
    composer.editor.clear()
    await until(lambda: not composer.forecast_line.isVisible(), what="an empty message to have no forecast")


async def test_the_servers_tokenizer_counts_and_the_prices_give_a_cost(app: App, server: LoopbackServer) -> None:
    for n in (1200, 1100, 700):  # writer, editor, finalizer: llama.cpp's /apply-template, then /tokenize
        server.add(_json({"prompt": f"<start_of_turn>user\n... {n}"}), _json({"tokens": list(range(n))}))
    connection = openai_connection(server, defaultModel="gemma",
                                   prices={"inputPerMillion": 3.0, "outputPerMillion": 15.0})
    window = app.open_on(OpenAICompatibleProvider(connection, None))
    window.new_chat()
    window.chat.composer.select_agent("writer")
    window.chat.composer.set_text("Write the storm scene.")
    await until(lambda: "Forecast:" in _line(window), what="the forecast line")
    words = _line(window)
    assert "Writer 1,200 · Editor 1,100 · Finalizer 700 tokens" in words
    assert "(counted by the model's server)" in words and "USD" in words
    assert [r.path for r in server.requests] == ["/apply-template", "/tokenize"] * 3
    assert "Writer: 1,200 tokens, counted by the model's server" in window.chat.composer.forecast_line.toolTip()


async def test_send_journals_the_forecast_and_the_status_bar_sets_it_against_the_run(app: App, qtbot: QtBot) -> None:
    window = app.open()
    window.new_chat()
    composer = window.chat.composer
    composer.select_agent("writer")
    qtbot.keyClicks(composer.editor, "Write the storm scene.")
    await until(lambda: "Forecast:" in _line(window), what="the forecast line")
    assert composer.forecast_line.last is not None
    shown = composer.forecast_line.last[1]
    qtbot.mouseClick(composer.send_button, Qt.MouseButton.LeftButton)
    await until(lambda: len(window.studio.stats) == 1 and not window.studio.handles, what="the run to end")
    run_id = next(iter(window.studio.stats))
    assert app.runtime is not None
    journaled = [e for e in app.runtime.runs.events(run_id) if e.type == "run_forecast"]
    assert [e.seq for e in journaled] == [2]  # with the run's creation, before any stage starts
    assert journaled[0].payload == shown.model_dump(mode="json")
    low, high = shown.inputTokens
    stats = window.studio.stats[run_id]
    window.runs.update_status()
    assert window.status_tokens.text() == (f"{stats.input_tokens:,} in · {stats.output_tokens:,} out tokens"
                                           f" · forecast {low:,}–{high:,} in")


async def test_a_priced_forecast_shows_its_cost_against_the_cost_of_what_the_run_used(app: App) -> None:
    window = app.open()
    window.new_chat()
    priced = forecasting.Forecast(stages=[], inputTokens=(1000, 50_000), outputTokens=(100, 6000),
                                  cost=(0.0045, 0.24), currency="USD",
                                  prices={"inputPerMillion": 3.0, "outputPerMillion": 15.0})
    handle = await window.studio.start_run(chat=window.chat_id, agent_id="writer", prompt="Write the storm scene.",
                                           forecast=priced.model_dump(mode="json"))
    await handle.wait()
    stats = window.studio.stats[handle.run_id]
    used = (stats.input_tokens * 3.0 + stats.output_tokens * 15.0) / 1e6
    window.runs.update_status()
    assert window.status_tokens.text().endswith(
        f" · forecast 1,000–50,000 in, cost 0.0045–0.2400, used {used:.4f} USD")

    await app.reopen()  # a run of an earlier session: the timeline's fold of its journal says the same
    window = app.window
    assert window is not None
    window.runs.show_run(handle.run_id)
    await until(lambda: "cost 0.0045–0.2400" in window.status_tokens.text(), what="the earlier run's forecast")
    assert window.status_tokens.text().endswith(f"used {used:.4f} USD")


async def test_a_scene_has_no_forecast_of_the_agent_boxs_relay(app: App, qtbot: QtBot, tmp_path: Path) -> None:
    # seen in the window: a scene's composer said "Forecast: first requests Writer … Editor … Finalizer …", the
    # relay of the resting agent box, while Send there starts a character's turn
    window = app.open()
    window.new_chat()
    composer = window.chat.composer
    qtbot.keyClicks(composer.editor, "The storm rattles the door.")
    await until(lambda: "Forecast:" in _line(window), what="the forecast line in a plain chat")

    make_card_agents(window, tmp_path)
    window.new_scene_action.trigger()
    dialog = window.new_scene_dialog
    assert dialog is not None
    tick(dialog, qtbot, "mira")
    tick(dialog, qtbot, "oren")
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    await until(lambda: composer.in_scene and window.chat.scene_bar.isVisible(), what="the scene shown")
    await until(lambda: not composer.forecast_line.isVisible(), what="the plain chat's forecast gone")
    qtbot.keyClicks(composer.editor, "The storm rattles the door.")
    assert composer.text() == "The storm rattles the door."
    # no forecast is even asked for: the debounce timer that would ask one does not start
    assert not composer.forecast_line._timer.isActive() and not composer.forecast_line.isVisible()
