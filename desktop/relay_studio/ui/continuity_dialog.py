"""Chat → Check continuity…: the continuity check of the shown chat against the project's canon, with its
evidence (docs/canon.md, "Continuity check").

The rules run on the studio's reader thread (a query of ``Studio.ops``; ~0.3 s for 100k words must not hold the GUI
thread); the check is then journaled by a change on the writer lane, as a finding marked intentional is. Each
finding shows both passages side by side, the text and the fact or earlier passage it contradicts, each with where
it stands. "Show the text" / "Show the evidence" open the chat and find the passage in it; "Mark intentional" keeps
the finding with the reason typed beside it (never reported again); "Send to an agent to fix" starts a run of the
agent chosen beside it (an agent that writes files) in the finding's chat, with a request naming the finding and
both passages; the run revises the chapter the finding's text stands in (it reads the chapter, and its commit
becomes that message's newest version), and every file write of that run waits in the patch dialog
(``operations.continuity.fix_profiles``), so the creator approves the fix.

"Ask the reviewer" lets the built-in continuity reviewer read each chapter (on the agents' connection, as a run
would; the chapters and facts read on the reader thread, the model asked on the loop) and adds its findings;
those whose quotes are not word for word in the text or the canon are dropped, counted and journaled. An empty
quote pane says why: the finding quotes no passage, or there is no finding to show.

Signals:
    checked(int): the check is done; the number of findings shown.
    reviewed(int): the reviewer is done; the number of findings it added.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from relay_studio.canon.continuity_run import CheckReport
from relay_studio.canon.reviewer import REVIEWER_ID, review_chapter
from relay_studio.domain.canon import ContinuityFinding, QuotedPassage
from relay_studio.domain.coded_error import CodedError
from relay_studio.domain.profile import AgentProfile
from relay_studio.providers.base import ModelProvider
from relay_studio.runtime.engine import RunRequestError
from relay_studio.runtime.profile_catalog import builtin_profiles
from relay_studio.ui import i18n
from relay_studio.ui.background import Outcome
from relay_studio.ui.operations.continuity import ReviewInput, fixers

if TYPE_CHECKING:
    from relay_studio.ui.window_host import ChatListHost


def fix_request(finding: ContinuityFinding) -> str:
    """The message that asks an agent to fix a finding (model-facing: English, no ids)."""
    where = f"chapter {finding.text.place.chapter}" if finding.text.place.chapter else "the text"
    return (f"Please fix a continuity problem in {where}: {finding.summary}\n"
            f"The text says: \"{finding.text.quote}\"\n"
            f"It contradicts: \"{finding.evidence.quote}\"\n"
            "Rewrite that passage so it agrees, and keep everything else as it is.")


class ContinuityDialog(QDialog):
    checked = Signal(int)
    reviewed = Signal(int)

    def __init__(self, window: ChatListHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ContinuityDialog")
        self.setWindowTitle(self.tr("Continuity check"))
        self.window_ = window
        self.chat_id = window.chat_id
        self.project_id = window.project_id
        self.findings: list[ContinuityFinding] = []
        self._review_task: asyncio.Task[None] | None = None  # the reviewer at work (kept: a task needs a holder)
        self._fix_task: asyncio.Task[None] | None = None  # a fix run being started
        self._build()
        self.resize(900, 560)
        self.summary.setText(self.tr("Checking the chat against the canon…"))
        window.studio.continuity.check(self.project_id, self.chat_id, self._on_checked)

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        self.summary = QLabel()
        self.summary.setObjectName("ContinuitySummary")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.list = QListWidget()
        self.list.setObjectName("ContinuityFindings")
        self.list.currentRowChanged.connect(self._on_row)
        layout.addWidget(self.list, 1)
        sides = QHBoxLayout()
        self.text_place, self.text_view, self.evidence_place, self.evidence_view = (
            QLabel(), QPlainTextEdit(), QLabel(), QPlainTextEdit())
        for label, view, name in ((self.text_place, self.text_view, "ContinuityText"),
                                  (self.evidence_place, self.evidence_view, "ContinuityEvidence")):
            column = QVBoxLayout()
            view.setObjectName(name)
            view.setReadOnly(True)
            label.setWordWrap(True)
            column.addWidget(label)
            column.addWidget(view)
            sides.addLayout(column, 1)
        layout.addLayout(sides, 1)
        buttons = QHBoxLayout()
        self.show_text = QPushButton(self.tr("Show the &text"))
        self.show_text.clicked.connect(lambda: self._jump(lambda f: f.text))
        self.show_evidence = QPushButton(self.tr("Show the &evidence"))
        self.show_evidence.clicked.connect(lambda: self._jump(lambda f: f.evidence))
        self.fix_agent = QComboBox()
        self.fix_agent.setObjectName("ContinuityFixAgent")
        self.fix_agent.setAccessibleName(self.tr("Agent to fix it"))
        for profile in fixers(self.window_.studio.agents.profiles()):
            self.fix_agent.addItem(profile.display_name, profile.id)
        self.fix_agent.setCurrentIndex(max(0, self.fix_agent.findData("writer")))
        self.send_fix = QPushButton(self.tr("&Send to an agent to fix"))
        self.send_fix.setToolTip(self.tr("The agent chosen beside it rewrites the passage; you approve its change "
                                         "in the patch dialog"))
        self.send_fix.clicked.connect(self._send_fix)
        self.ask_reviewer = QPushButton(self.tr("Ask the &reviewer"))
        self.ask_reviewer.setToolTip(self.tr("The continuity reviewer reads each chapter against the canon; a "
                                             "finding whose quotes are not word for word in the text is dropped"))
        self.ask_reviewer.setEnabled(False)
        self.ask_reviewer.clicked.connect(self._ask_reviewer)
        for button in (self.show_text, self.show_evidence, self.fix_agent, self.send_fix, self.ask_reviewer):
            buttons.addWidget(button)
        layout.addLayout(buttons)
        marking = QHBoxLayout()
        self.reason = QLineEdit()
        self.reason.setObjectName("ContinuityReason")
        self.reason.setPlaceholderText(self.tr("Why this is intentional (kept with it)"))
        self.mark = QPushButton(self.tr("&Mark intentional"))
        self.mark.clicked.connect(self._mark)
        marking.addWidget(self.reason, 1)
        marking.addWidget(self.mark)
        layout.addLayout(marking)
        self._enable()

    # -- the check ---------------------------------------------------------------------------------
    def _on_checked(self, outcome: Outcome[CheckReport]) -> None:
        try:
            report = outcome.result()
        except Exception as exc:  # shown in the dialog: the check advises, nothing else depends on it
            self.summary.setText(i18n.arg(self.tr("The check could not be done: %1"), str(exc)))
            return
        self.findings = list(report.findings)
        self.list.clear()
        for finding in self.findings:
            self.list.addItem(f"{self._found_by(finding)} · {finding.summary}")
        self.summary.setText(i18n.arg(self.tr("%1 findings in %2 chapters against %3 facts."),
                                      i18n.number(len(self.findings)), i18n.number(report.chapters),
                                      i18n.number(report.facts)))
        if self.findings:
            self.list.setCurrentRow(0)
        else:
            self._on_row(-1)
        self.ask_reviewer.setEnabled(report.chapters > 0)
        self.checked.emit(len(self.findings))

    # -- the reviewer ------------------------------------------------------------------------------
    def _ask_reviewer(self) -> None:
        self.ask_reviewer.setEnabled(False)
        self.summary.setText(self.tr("The continuity reviewer is reading the chapters…"))
        self.window_.studio.continuity.review_input(self.project_id, self.chat_id, self._on_review_input)

    def _on_review_input(self, outcome: Outcome[ReviewInput]) -> None:
        try:
            given = outcome.result()
        except Exception as exc:
            self.summary.setText(i18n.arg(self.tr("The check could not be done: %1"), str(exc)))
            return
        [profile] = [p for p in builtin_profiles() if p.id == REVIEWER_ID]
        try:
            provider = self.window_.studio.providers.provider_for_run(demo=False)(profile)
        except CodedError as exc:  # no connection, or one that cannot serve: say so where the creator asked
            self.summary.setText(i18n.arg(self.tr("The reviewer cannot be asked: %1"), exc.message))
            self.ask_reviewer.setEnabled(True)
            return
        self._review_task = asyncio.get_running_loop().create_task(self._review(given, profile, provider))

    async def _review(self, given: ReviewInput, profile: AgentProfile, provider: ModelProvider) -> None:
        report = CheckReport(project_id=self.project_id, chats=[], chapters=len(given.chapters), words=0,
                             facts=len(given.facts))
        known = {f.key for f in self.findings} | given.intentional
        for chapter in given.chapters:
            earlier = [c for c in given.chapters if c.number < chapter.number]
            outcome = await review_chapter(provider, profile, chapter, given.facts, earlier=earlier,
                                           model=profile.model.model or "default")
            report.reviews.append(outcome)
            report.dropped += [(chapter, d) for d in outcome.dropped]
            report.findings += [f for f in outcome.findings if f.key not in known]
            known |= {f.key for f in outcome.findings}
        self.window_.studio.continuity.journal(report)
        for finding in report.findings:
            self.findings.append(finding)
            self.list.addItem(f"{self._found_by(finding)} · {finding.summary}")
        failed = [r for r in report.reviews if r.error_code]
        self.summary.setText(i18n.arg(
            self.tr("The reviewer found %1 more; %2 of its findings were dropped: their quotes are not word for "
                    "word in the text or the canon. %3 chapters could not be reviewed."),
            i18n.number(len(report.findings)), i18n.number(len(report.dropped)), i18n.number(len(failed))))
        self.ask_reviewer.setEnabled(True)
        if self.list.currentRow() < 0 and self.findings:
            self.list.setCurrentRow(0)
        self.reviewed.emit(len(report.findings))

    def _found_by(self, finding: ContinuityFinding) -> str:
        """The rule in the creator's words, or the reviewer's name."""
        kind, _, name = finding.found_by.partition(":")
        words = {"conflicting_values": self.tr("Conflicting facts"), "acts_after_death": self.tr("Acts after death"),
                 "age_arithmetic": self.tr("Age does not add up"),
                 "text_contradicts_fact": self.tr("Text against the canon")}
        return words.get(name, name) if kind == "rule" else name

    def current(self) -> ContinuityFinding | None:
        row = self.list.currentRow()
        return self.findings[row] if 0 <= row < len(self.findings) else None

    def _enable(self) -> None:
        has = self.current() is not None
        for widget in (self.show_text, self.show_evidence, self.send_fix, self.mark, self.reason):
            widget.setEnabled(has)
        self.send_fix.setEnabled(has and self.fix_agent.count() > 0 and self._fix_task is None)

    def _place(self, passage: QuotedPassage) -> str:
        place = passage.place
        if place.chapter is not None and place.message_id is not None:
            return i18n.arg(self.tr("%1, chapter %2"), place.chat_name or "", i18n.number(place.chapter))
        return self.tr("the canon (the fact's own words)")

    def _on_row(self, _row: int) -> None:
        finding = self.current()
        self._enable()
        if finding is None:  # the panes say why they are empty: nothing found, or nothing chosen
            why = (self.tr("There is no finding to show here.") if not self.findings
                   else self.tr("Choose a finding above to see its passages."))
            for label, view in ((self.text_place, self.text_view), (self.evidence_place, self.evidence_view)):
                label.clear()
                view.clear()
                view.setPlaceholderText(why)
            return
        self.text_place.setText(i18n.arg(self.tr("In the text: %1"), self._place(finding.text)))
        self.evidence_place.setText(i18n.arg(self.tr("Contradicts: %1"), self._place(finding.evidence)))
        none = self.tr("This finding quotes no passage.")
        for view, passage in ((self.text_view, finding.text), (self.evidence_view, finding.evidence)):
            view.setPlainText(passage.quote)
            view.setPlaceholderText(none)  # shown only when the quote is empty

    # -- actions -----------------------------------------------------------------------------------
    def _jump(self, which: object) -> None:
        finding = self.current()
        if finding is None or not callable(which):
            return
        passage: QuotedPassage = which(finding)
        window = self.window_
        if passage.place.chat_id is None:
            window.statusBar().showMessage(self.tr("This passage is the fact's own words: it is in the canon."),
                                           8000)
            return
        window.sidebar.select_chat(passage.place.chat_id)
        window.chat.find_bar.open_bar()
        window.chat.find_bar.field.setText(passage.quote)

    def _mark(self) -> None:
        finding = self.current()
        reason = self.reason.text().strip()
        if finding is None:
            return
        if not reason:
            self.summary.setText(self.tr("Say why the finding is intentional: the reason is kept with it."))
            self.reason.setFocus()
            return
        said = self.tr("The finding could not be marked: %1")
        self.window_.studio.continuity.mark_intentional(
            self, self.project_id, finding, reason, lambda _mark: self._on_marked(finding),
            show=lambda line: self.summary.setText(i18n.arg(said, line)))

    def _on_marked(self, finding: ContinuityFinding) -> None:
        if finding in self.findings:
            row = self.findings.index(finding)
            self.findings.pop(row)
            self.list.takeItem(row)
        self.reason.clear()
        self.summary.setText(self.tr("Marked intentional: it will not be reported again."))
        self._on_row(self.list.currentRow())

    def _send_fix(self) -> None:
        finding = self.current()
        agent_id = str(self.fix_agent.currentData() or "")
        if finding is None or not agent_id:
            return
        chat_id = finding.text.place.chat_id or self.chat_id
        if self.window_.studio.active_run(chat_id) is not None:
            self.summary.setText(self.tr("A run is already going in that chat: send the fix when it ends."))
            return
        self.send_fix.setEnabled(False)
        self._fix_task = asyncio.get_running_loop().create_task(self._start_fix(finding, chat_id, agent_id))

    async def _start_fix(self, finding: ContinuityFinding, chat_id: str, agent_id: str) -> None:
        window = self.window_
        try:
            await window.studio.continuity.start_fix(chat_id=chat_id, project_id=self.project_id, agent_id=agent_id,
                                                     brief=fix_request(finding), revise=finding.text.place.message_id)
        except RunRequestError as exc:  # nothing started: say why where the creator asked
            self.summary.setText(i18n.arg(self.tr("The fix could not be started: %1"), f"{exc.message} [{exc.code}]"))
            return
        finally:
            self._fix_task = None
            self._enable()
        window.sidebar.select_chat(chat_id)  # the run shows in its chat; its change waits in the patch dialog
        window.statusBar().showMessage(i18n.arg(self.tr("%1 is fixing it: approve the change in the patch dialog."),
                                                self.fix_agent.currentText()), 15000)
        self.close()


def open_continuity_dialog(window: ChatListHost) -> ContinuityDialog | None:
    """Chat → Check continuity… on the shown chat (none shown: nothing opens)."""
    if not window.chat_id:
        return None
    dialog = ContinuityDialog(window, window.window())
    dialog.open()
    return dialog
