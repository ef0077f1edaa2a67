"""The composer's forecast line (docs/window/chats-and-composer.md, *The forecast before Send*): a quiet line
under the message saying what the run would take: the tokens of each stage's first request, a range for the
whole run, and its cost where the connections have prices (``runtime/forecast.py``, through
``studio.chats.forecast``).

It follows the creator's typing, debounced (``DEBOUNCE_MS`` after the last change of the text, the agent or the
chat), and is computed off the GUI thread: the requests are built on the studio's reader thread and counted on
the loop (a server's ``/tokenize`` is an HTTP call). Nothing here delays typing or Send: a forecast that arrives
after the text changed again is dropped, one that fails leaves the line empty. It says whether the counts are the
server's own or the studio's approximation. ``last`` keeps the newest forecast and what it was for, so the run
that Send starts can be journaled with it (``run_forecast``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QWidget

from relay_studio.ui import i18n
from relay_studio.ui.tasks import WidgetTasks

if TYPE_CHECKING:  # the window opens with a composer before the runtime is imported
    from relay_studio.runtime.forecast import Forecast

DEBOUNCE_MS = 400
# (agent id, text) -> the forecast of a run of that agent for that text in the chat shown
Ask = Callable[[str, str], Awaitable["Forecast"]]


class ForecastLine(QLabel):
    def __init__(self, message: Callable[[], tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Muted")
        self.setWordWrap(True)
        self.setAccessibleName(self.tr("Forecast"))
        self.hide()
        self._message = message
        self._ask: Ask | None = None
        self._asked = 0  # the newest request; an older answer is dropped
        self._tasks = WidgetTasks()
        # the newest forecast shown, and the (agent id, text) it is for
        self.last: tuple[tuple[str, str], Forecast] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._on_timeout)

    def bind(self, ask: Ask) -> None:
        """The studio is there: forecasts are asked of ``ask`` from now on."""
        self._ask = ask
        self.schedule()

    def schedule(self) -> None:
        """The text, the agent or the chat changed: a forecast once the creator pauses."""
        self._asked += 1
        if not self._message()[1]:
            self._clear()
            return
        if self._ask is not None:
            self._timer.start()

    def forecast_for(self, agent_id: str, text: str) -> Forecast | None:
        """The forecast shown for exactly this message, if any (Send journals it with the run)."""
        if self.last is not None and self.last[0] == (agent_id, text.strip()):
            return self.last[1]
        return None

    def _clear(self) -> None:
        self._timer.stop()
        self.last = None
        self.clear()
        self.hide()

    def _on_timeout(self) -> None:
        agent_id, text = self._message()
        if self._ask is None or not text or not agent_id:
            return
        self._tasks.spawn(self._compute(self._asked, agent_id, text))

    async def _compute(self, asked: int, agent_id: str, text: str) -> None:
        assert self._ask is not None
        try:
            forecast = await self._ask(agent_id, text)
        except Exception:  # a courtesy: a forecast never stands in the creator's way (an agent gone, closing)
            forecast = None
        if asked != self._asked:
            return  # the text changed meanwhile: a newer forecast is on its way
        if forecast is None:
            self._clear()
            return
        self.last = ((agent_id, text.strip()), forecast)
        self.setText(self.words(forecast))
        self.setToolTip(self.details(forecast))
        self.show()

    def words(self, forecast: Forecast) -> str:
        """The line: each stage's first request, the whole run's range, the cost, and how it was counted."""
        stages = " · ".join(f"{s.agent} {i18n.number(s.tokens)}" for s in forecast.stages)
        low, high = forecast.inputTokens
        out_low, out_high = forecast.outputTokens
        text = i18n.arg(self.tr("Forecast: first requests %1 tokens; the whole run %2–%3 in, %4–%5 out"), stages,
                        i18n.number(low), i18n.number(high), i18n.number(out_low), i18n.number(out_high))
        if forecast.cost is not None:
            text += i18n.arg(self.tr("; about %1–%2 %3"), i18n.number(forecast.cost[0], 4),
                             i18n.number(forecast.cost[1], 4), forecast.currency or "")
        if all(s.method == "server tokenizer" for s in forecast.stages):
            return text + " " + self.tr("(counted by the model's server)")
        return text + " " + self.tr("(approximate: about four characters a token)")

    def details(self, forecast: Forecast) -> str:
        lines = [self.tr("What this message would take before you send it. Each stage's first request, then the "
                         "whole run: at least one call per stage with a short answer, at most six calls per stage, "
                         "each answer up to 1,000 tokens.")]
        for s in forecast.stages:
            how = (self.tr("counted by the model's server") if s.method == "server tokenizer"
                   else self.tr("approximate: about four characters a token"))
            lines.append(i18n.arg(self.tr("%1: %2 tokens, %3"), s.agent, i18n.number(s.tokens), how))
        if forecast.cost is None:
            lines.append(self.tr("No cost: a connection of this relay has no prices (Settings → Connections)."))
        return "\n".join(lines)

    def stop(self) -> None:
        """The window closes: nothing more is asked, nothing under way is waited for."""
        self._timer.stop()
        self._ask = None
        self._tasks.cancel_all()
