"""The project setting "check continuity after each commit", in the window: when a commit reaches a chat
(``chat_commit_completed`` among the studio's ``events_arrived``), the studio's reader thread reads the setting
and, when it is on, runs the rules over that chat and journals them (trigger ``commit``); the status bar then
says how many findings there are. The GUI thread reads nothing; the run is never held up (docs/canon.md).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from relay_studio.canon.continuity_run import CheckReport, journal_report, rules_report
from relay_studio.domain import event_types as ev
from relay_studio.domain.events import Event
from relay_studio.store.chats import ChatStore
from relay_studio.store.continuity import ContinuityStore
from relay_studio.store.database import DEFAULT_PROJECT_ID
from relay_studio.store.runs import RunStore
from relay_studio.ui import i18n
from relay_studio.ui.background import Outcome

if TYPE_CHECKING:
    from relay_studio.ui.window_host import WindowHost


def check_after_commit(runs: RunStore, run_id: str) -> CheckReport | None:
    """On the reader thread: the rules over the committed chat when its project's setting is on, journaled."""
    run = runs.run(run_id)
    chat = ChatStore(runs.db).chat(run.chat_id) if run is not None else None
    if chat is None:
        return None
    project_id = chat.project_id or DEFAULT_PROJECT_ID
    if not ContinuityStore(runs.db).checks_after_commit(project_id):
        return None
    report = rules_report(runs.db, project_id, chat=chat.id, trigger="commit")
    journal_report(runs.db, report)
    return report


class ContinuityAfterCommit(QObject):
    def __init__(self, window: WindowHost) -> None:
        super().__init__(window.window())
        self.window_ = window
        # the reports of the checks done so far (tests; a later view may list them)
        self.reports: list[CheckReport] = []
        window.studio.events_arrived.connect(self._on_events)

    def _on_events(self, events: list[Event]) -> None:
        for event in events:
            if event.type == ev.CHAT_COMMIT_COMPLETED:
                self.window_.studio.submit_read(("continuity-after-commit", event.run_id, event.seq),
                                                partial(check_after_commit, run_id=event.run_id),
                                                self._on_checked)

    def _on_checked(self, outcome: Outcome[CheckReport | None]) -> None:
        try:
            report = outcome.result()
        except Exception as exc:  # advisory: say it, never hold anything up
            self.window_.statusBar().showMessage(
                i18n.arg(self.tr("The continuity check after the commit could not be done: %1"), str(exc)), 15000)
            return
        if report is None:
            return
        self.reports.append(report)
        if report.findings:
            self.window_.statusBar().showMessage(
                i18n.arg(self.tr("Continuity: %1 findings after the commit (Chat → Check continuity…)"),
                         i18n.number(len(report.findings))), 15000)
