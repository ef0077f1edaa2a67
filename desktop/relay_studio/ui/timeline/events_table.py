"""The events list's table: fixed-height rows over ``EventsModel`` with its delegate, and columns that
share the list's width so that Summary always shows (a narrow list hides the # column)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from relay_studio.ui.timeline.events_model import EventsDelegate, EventsModel

ROW_H = 20
SUMMARY_MIN_W = 90  # the events list's Summary column keeps this much; narrower, the # column steps aside


class EventsTable(QTableView):
    def __init__(self, model: EventsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.events_model = model
        self.setAccessibleName(QCoreApplication.translate("TimelinePanel", "Events of the run"))
        self.setModel(model)
        self.setItemDelegate(EventsDelegate(model, self))
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setWordWrap(False)
        self.setTabKeyNavigation(False)  # one Tab stop: the arrows move between events, Tab leaves the list
        self.setAlternatingRowColors(True)
        self.verticalHeader().hide()
        vh = self.verticalHeader()
        vh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vh.setDefaultSectionSize(ROW_H)
        hh = self.horizontalHeader()
        hh.setStretchLastSection(True)
        hh.setMinimumSectionSize(24)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # the columns fit instead
        self.viewport().installEventFilter(self)  # its width changes: the columns share it again

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.viewport():
            self.fit_columns()
        return super().eventFilter(watched, event)

    def fit_columns(self) -> None:
        """# and Time as wide as their numbers, Agent and Event up to a share of the list, Summary the rest;
        in a narrow list the # column steps aside (the detail pane names the event's number)."""
        width = self.viewport().width() or self.width()
        hh = self.horizontalHeader()
        metrics = self.fontMetrics()
        number_w = metrics.horizontalAdvance("00000") + 12
        time_w = metrics.horizontalAdvance("000.000") + 12
        agent_heading = str(self.events_model.headerData(2, Qt.Orientation.Horizontal) or "")
        heading = hh.fontMetrics().horizontalAdvance(agent_heading) + 16
        agent_w = max(40, min(96, max(int(width * 0.2), heading)))  # its heading whole ("エージェント")
        event_w = max(48, min(320, int(width * 0.36)))  # the event's sentence, elided (its tooltip whole)
        narrow = number_w + time_w + agent_w + event_w + SUMMARY_MIN_W > width
        self.setColumnHidden(0, narrow)
        for col, size in enumerate((number_w, time_w, agent_w, event_w)):
            hh.resizeSection(col, size)
