"""The events list's filters: an agent, a category of events, Errors only and a search field, and the
``EventFilter`` they make together. Their words keep the timeline panel's translation context.

In a narrow panel the search field and Errors only move to a row of their own (``place_search``), so the
filters keep their whole names.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLineEdit, QSizePolicy

from relay_studio.domain import event_types as ev
from relay_studio.ui.timeline.events_model import EventFilter
from relay_studio.ui.timeline.model import RunTimeline

CATEGORIES: dict[str, frozenset[str] | None] = {
    "All events": None,
    "Model calls": frozenset({ev.MODEL_CALL_STARTED, ev.MODEL_CALL_COMPLETED, ev.MODEL_CALL_FAILED, ev.MODEL_CALL_RETRY,
                              ev.PROMPT_ASSEMBLY_REQUESTED, ev.CONTEXT_ASSEMBLED, ev.MODEL_NOTICE,
                              ev.MODEL_TEXT_ONLY}),
    "Tool calls": frozenset({ev.TOOL_CALL_STARTED, ev.TOOL_CALL_COMPLETED, ev.TOOL_CALL_IGNORED}),
    "Handoffs and helpers": frozenset({ev.AGENT_HANDOFF_REQUESTED, ev.AGENT_HANDOFF_ACCEPTED, ev.AGENT_TASK_REGISTERED,
                                       ev.AGENT_TASK_STARTED, ev.AGENT_TASK_COMPLETED, ev.AGENT_TASK_FAILED,
                                       ev.AGENT_TASK_CANCELLED, ev.AGENT_DELEGATE_STARTED, ev.AGENT_AWAIT_STARTED,
                                       ev.AGENT_AWAIT_COMPLETED, ev.TASK_RETURN_COMPLETED, ev.TASK_RESULTS_INJECTED}),
    "Approvals": frozenset({ev.TOOL_CALL_AWAITING_APPROVAL, ev.TOOL_CALL_APPROVED, ev.TOOL_CALL_DENIED}),
    "Files and commits": frozenset({ev.WORKSPACE_FILE_WRITTEN, ev.CHAT_COMMIT_REQUESTED, ev.CHAT_COMMIT_COMPLETED}),
    "Agents and run": frozenset({ev.RUN_CREATED, ev.STATUS_CHANGED, ev.AGENT_INVOCATION_CREATED,
                                 ev.AGENT_INVOCATION_STARTED, ev.AGENT_INVOCATION_COMPLETED, ev.AGENT_INVOCATION_FAILED,
                                 ev.AGENT_INVOCATION_CANCELLED, ev.AGENT_INVOCATION_TRANSFERRED, ev.AGENT_LOOP_FINISHED,
                                 ev.RUN_COMPLETED, ev.RUN_PARTIAL_SUCCESS, ev.RUN_FAILED, ev.RUN_CANCELLED,
                                 ev.RUN_INTERRUPTED}),
}


class EventFilterBar:
    """The filter widgets on ``filters`` and, in a narrow panel, the search field on ``search_row``;
    ``changed`` is called on every change of any of them."""

    def __init__(self, changed: Callable[[], None]) -> None:
        translate = QCoreApplication.translate
        filters = QHBoxLayout()
        self.agent_filter = QComboBox()
        self.agent_filter.addItem(translate("TimelinePanel", "All agents"), "")
        self.type_filter = QComboBox()
        shown = {"All events": translate("TimelinePanel", "All events"),
                 "Model calls": translate("TimelinePanel", "Model calls"),
                 "Tool calls": translate("TimelinePanel", "Tool calls"),
                 "Handoffs and helpers": translate("TimelinePanel", "Handoffs and helpers"),
                 "Approvals": translate("TimelinePanel", "Approvals"),
                 "Files and commits": translate("TimelinePanel", "Files and commits"),
                 "Agents and run": translate("TimelinePanel", "Agents and run")}
        for name in CATEGORIES:
            self.type_filter.addItem(shown.get(name, name), name)
        self.errors_only = QCheckBox(translate("TimelinePanel", "Errors only"))
        self.search = QLineEdit()
        self.search.setPlaceholderText(translate("TimelinePanel", "Search events"))
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(translate("TimelinePanel", "Search events"))
        # the filters give way to the search field in longer languages (their lists show the whole names)
        for combo in (self.agent_filter, self.type_filter):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(6)
        self.search.setMinimumWidth(self.search.fontMetrics().horizontalAdvance("M" * 3))
        for w in (self.agent_filter, self.type_filter):  # the room the search leaves them: whole names
            w.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            filters.addWidget(w, 1)
        filters.addWidget(self.errors_only)
        filters.addWidget(self.search, 1)
        self.filters = filters
        self.search_row = QHBoxLayout()  # the search field on a row of its own in a narrow panel
        self.agent_filter.currentIndexChanged.connect(changed)
        self.type_filter.currentIndexChanged.connect(changed)
        self.errors_only.toggled.connect(changed)
        self.search.textChanged.connect(changed)

    def place_search(self, beside: bool) -> bool:
        """The search field (and Errors only, which goes with it) beside the filters or on its own row;
        returns whether they moved."""
        row = self.filters if beside else self.search_row
        if row.indexOf(self.search) >= 0:
            return False
        other = self.search_row if row is self.filters else self.filters
        other.removeWidget(self.search)
        other.removeWidget(self.errors_only)
        if row is self.filters:
            row.addWidget(self.errors_only)
            row.addWidget(self.search, 1)
        else:
            row.addWidget(self.search, 1)
            row.addWidget(self.errors_only)
        return True

    def reset_agents(self) -> None:
        """Only "All agents" (another run is shown), without a change to report."""
        self.agent_filter.blockSignals(True)
        self.agent_filter.clear()
        self.agent_filter.addItem(QCoreApplication.translate("TimelinePanel", "All agents"), "")
        self.agent_filter.blockSignals(False)

    def add_agents(self, tl: RunTimeline) -> None:
        """The agents of ``tl`` not listed yet, by name."""
        known = {self.agent_filter.itemData(i) for i in range(self.agent_filter.count())}
        for inv, agent in tl.agents.items():
            if agent not in known:
                self.agent_filter.addItem(tl.names.get(inv, agent), agent)
                known.add(agent)

    def current(self, tl: RunTimeline | None) -> EventFilter:
        agent = str(self.agent_filter.currentData() or "")
        invocations = frozenset(inv for inv, a in tl.agents.items() if a == agent) if agent and tl else None
        return EventFilter(agent_invocations=invocations, types=CATEGORIES.get(str(self.type_filter.currentData())),
                           errors_only=self.errors_only.isChecked(), text=self.search.text().strip())
