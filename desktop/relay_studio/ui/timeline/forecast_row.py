"""Forecast against actual in the timeline's header (issue 40): a quiet row under the run picker with the input
tokens the run shown was forecast to take before Send and what it used, and the cost range against the cost of
what it used where the connection had prices. A run without a forecast shows nothing.

No read: ``RunTimeline`` already folds the run's ``run_forecast`` event and its model calls' usage
(``domain/run_folds.py``), so the row is refreshed from the fold each time the panel folds more events.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from relay_studio.domain.run_folds import used_cost
from relay_studio.ui import i18n
from relay_studio.ui.timeline.model import RunTimeline


class ForecastRow(QLabel):
    """The row's text follows ``show_for``'s timeline; hidden when the run shown had no forecast."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Muted")
        self.setWordWrap(True)  # a narrow timeline (1000 px window) wraps it rather than widening the dock
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setAccessibleName(self.tr("Forecast against actual"))
        self.setToolTip(self.tr("What the forecast under the composer said before Send, against what the run's "
                                "model calls used (“~”: some counts are estimated)."))
        self.setVisible(False)

    def show_for(self, tl: RunTimeline | None) -> None:
        text = self.words(tl) if tl is not None else ""
        if text != self.text():
            self.setText(text)
        self.setVisible(bool(text))

    def words(self, tl: RunTimeline) -> str:
        """"Forecast 1,200–1,800 input tokens · used 1,450", with ", cost 0.0100–0.0200 USD, used 0.0150 USD"
        where the forecast was priced; empty for a run without a forecast."""
        forecast = tl.forecast
        if forecast is None or forecast.input_tokens is None:
            return ""
        low, high = forecast.input_tokens
        used = i18n.number(tl.input_tokens)
        text = i18n.arg(self.tr("Forecast %1–%2 input tokens · used %3"), i18n.number(low), i18n.number(high),
                        "~" + used if tl.estimated else used)
        cost = used_cost(forecast, tl.input_tokens, tl.output_tokens)
        if forecast.cost is not None and cost is not None:
            currency = forecast.currency or ""
            text += i18n.arg(self.tr(" · cost %1–%2 %4, used %3 %4"), i18n.number(forecast.cost[0], 4),
                             i18n.number(forecast.cost[1], 4), i18n.number(cost, 4), currency)
        return " ".join(text.split())
