"""The project setting "check continuity after each commit", in the window: when a commit reaches a chat
(``chat_commit_completed`` among the studio's ``events_arrived``), the studio's reader thread reads the setting
and, when it is on, runs the rules over that chat; the writer lane journals them (trigger ``commit``); the status
bar then says how many findings there are, or, quietly, that the check ran at that time and found nothing (the
Canon tab keeps the latest as its line "Last checked after a commit …"). The GUI thread reads nothing; the run
is never held up (docs/canon.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale, QObject, QTime

from relay_studio.canon.continuity_run import CheckReport
from relay_studio.domain import event_types as ev
from relay_studio.domain.events import Event
from relay_studio.ui import i18n
from relay_studio.ui.background import Failed, Outcome
from relay_studio.ui.operations.errors import present_error

if TYPE_CHECKING:
    from relay_studio.ui.window_host import WindowHost


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
                self.window_.studio.continuity.after_commit(event.run_id, event.seq, self._on_checked)

    def _on_checked(self, outcome: Outcome[CheckReport | None]) -> None:
        if isinstance(outcome, Failed):  # advisory: said (and logged) by the presenter, never holding anything up
            said = self.tr("The continuity check after the commit could not be done: %1")
            present_error(outcome.error, show=lambda line: self.window_.statusBar().showMessage(
                i18n.arg(said, line.removeprefix("⚠ ")), 15000))
            return
        report = outcome.value
        if report is None:
            return
        self.reports.append(report)
        if report.findings:
            self.window_.statusBar().showMessage(
                i18n.arg(self.tr("Continuity: %1 findings after the commit (Chat → Check continuity…)"),
                         i18n.number(len(report.findings))), 15000)
        else:  # quietly: the check ran, and when (the Canon tab keeps the line: "Last checked after a commit …")
            now = QLocale().toString(QTime.currentTime(), QLocale.FormatType.ShortFormat)
            self.window_.statusBar().showMessage(
                i18n.arg(self.tr("Continuity: checked after the commit at %1, nothing found."), now), 15000)
