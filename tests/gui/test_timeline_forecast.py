"""Forecast against actual in the timeline's header (issue 40, docs/window/main-window.md): the run shown says the
input tokens and cost it was forecast to take before Send against what it used, in the window's language, whole
at 1000×700; a run without a forecast shows nothing, and picking the earlier run back shows its row again."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from relay_studio.app import window_settings
from relay_studio.runtime import forecast as forecasting
from relay_studio.ui import i18n
from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, until

TURNS = {agent: [{"text": f"{agent.title()}: the storm broke over the harbour."}, {"text": f"{agent.title()}: calm."}]
         for agent in ("writer", "editor", "finalizer")}  # the relay's stages each answer in text, twice
PRICED = forecasting.Forecast(stages=[], inputTokens=(1000, 50_000), outputTokens=(100, 6000), cost=(0.0045, 0.24),
                              currency="USD", prices={"inputPerMillion": 3.0, "outputPerMillion": 15.0})
#: the row in each language: the forecast's input range, what was used, the cost range and the cost of what was used
SAID = {"en": "Forecast 1,000–50,000 input tokens · used {used} · cost 0.0045–0.2400 USD, used {cost} USD",
        "ja": "見積もり 入力トークン 1,000–50,000 · 実績 {used} · 費用 0.0045–0.2400 USD、実績 {cost} USD"}


async def _shown(window: MainWindow, run_id: str) -> None:
    panel = window.timeline
    total = window.studio.journal.event_count(run_id)
    await until(lambda: panel.run_id == run_id and panel.loaded.is_set() and panel.timeline is not None
                and panel.timeline.last_seq == total, what="the run on the timeline")


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_the_timeline_sets_the_runs_forecast_against_what_it_used(app: App, qtbot: QtBot,
                                                                         language: str) -> None:
    settings = window_settings(app.data_dir)
    settings.setValue(i18n.LANGUAGE_KEY, language)
    settings.sync()
    window = app.open(TURNS)
    window.resize(1000, 700)
    window.new_chat()
    handle = await window.studio.start_run(chat=window.chat_id, agent_id="writer", prompt="Write the storm scene.",
                                           forecast=PRICED.model_dump(mode="json"))
    await handle.wait()
    assert window.studio.run_status(handle.run_id).value == "completed"  # type: ignore[union-attr]
    await _shown(window, handle.run_id)
    stats = window.studio.stats[handle.run_id]
    used = (stats.input_tokens * 3.0 + stats.output_tokens * 15.0) / 1e6
    expected = SAID[language].format(used=f"{stats.input_tokens:,}", cost=f"{used:.4f}")
    row = window.timeline.forecast_row
    await until(lambda: row.isVisible() and row.text() == expected, what="the forecast against actual")
    # whole at 1000×700: inside the panel, as high as its wrapped text needs, the chart's lanes all in view
    panel, lanes = window.timeline, window.timeline.lanes
    await until(lambda: window.width() == 1000 and lanes.height() >= lanes.content_height(),
                what="the chart as high as its lanes")
    assert row.geometry().right() <= panel.width() and row.height() >= row.heightForWidth(row.width())

    plain = await window.studio.start_run(chat=window.chat_id, agent_id="writer", prompt="And after the storm?")
    await plain.wait()
    await _shown(window, plain.run_id)
    await until(lambda: not row.isVisible(), what="no forecast row for a run without a forecast")
    assert row.text() == ""

    box = panel.run_box
    box.setCurrentIndex(box.findData(handle.run_id))  # the earlier run, picked back
    await _shown(window, handle.run_id)
    await until(lambda: row.isVisible() and row.text() == expected, what="its forecast again")
