"""The window's run actions: send (or hand off, when the chat no longer fits), the demo, edit and rerun,
regenerate, guidance to the agent at work, send after the run, stop; the run shown in the status bar;
and the patch dialog for changes waiting for approval.

Nothing here opens a nested event loop: questions are asked with ``QMessageBox.open()`` and answered
in a slot; long work is awaited on the qasync loop through the window's ``spawn``.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox

from relay_studio.domain.event_payloads import RunForecast
from relay_studio.domain.events import Event
from relay_studio.domain.run_folds import used_cost
from relay_studio.runtime.delegation.brief_review import is_brief_review
from relay_studio.runtime.demo import DEMO_PROMPT
from relay_studio.runtime.engine import RunRequestError
from relay_studio.ui import i18n
from relay_studio.ui.chat.view import WELCOME_CHAT
from relay_studio.ui.chat.words import for_window
from relay_studio.ui.studio import PendingApproval

if TYPE_CHECKING:
    from relay_studio.ui.chat.scene_turns import SceneTurns
    from relay_studio.ui.patches.dialog import PatchDialog
    from relay_studio.ui.window_host import RunsHost


class RunActions(QObject):
    """The window's runs (``MainWindow.runs``): what the chat view's and the composer's run buttons ask,
    and the run the status bar shows (``status_run_id``; ``last_error``, the last refusal it showed)."""

    def __init__(self, host: RunsHost) -> None:
        super().__init__(host.window())
        self.host = host
        self.studio = host.studio
        self.status_run_id = ""
        self.last_error = ""
        #: a scene chat's turns (set by the window): Send there starts a character's turn
        self.scene_turns: SceneTurns | None = None

    def wire(self) -> None:
        """The chat view's and the composer's run requests, and the studio's runs, to these actions."""
        chat, s = self.host.chat, self.studio
        chat.send_requested.connect(self.send)
        chat.edit_requested.connect(self.rerun_edited)
        chat.stop_requested.connect(self.stop)
        chat.run_demo_requested.connect(self.run_demo)
        chat.regenerate_requested.connect(self.regenerate)
        chat.delete_requested.connect(self.delete_message)
        chat.show_run_requested.connect(self.show_run)
        chat.details_requested.connect(self.show_error_details)
        chat.review_requested.connect(self.review_changes)
        chat.composer.after_button.clicked.connect(self._send_after_run)
        chat.composer.guide_button.clicked.connect(self.send_as_guidance)
        chat.composer.stop_send_button.clicked.connect(self._stop_and_send)
        s.run_started.connect(self._on_run_started)
        s.run_finished.connect(self._on_run_finished)
        s.events_arrived.connect(self._on_events)
        s.approval_requested.connect(self._on_approval)

    # -- runs ------------------------------------------------------------------------------------
    def send(self, agent_id: str, text: str) -> None:
        from relay_studio.ui.chat.handoff_flow import parse_command

        if self.scene_turns is not None and self.scene_turns.handles(text):
            return
        is_handoff, focus = parse_command(text)
        if is_handoff:  # intercepted before a normal send; the composer is cleared
            self.host.chat.composer.clear()
            self.host.hand_off(focus, agent_id)  # the agent chosen in the composer writes the document
            return
        if self.studio.active_run(self.host.chat_id) is not None:
            self.host.chat.composer.busy_bar.show()
            return
        self.host.spawn(self._start_unless_too_long(agent_id, text))

    async def _start_unless_too_long(self, agent_id: str, text: str) -> str:
        """Sends, unless the chat no longer fits the agent's context window: then the handoff is offered."""
        from relay_studio.ui.chat.handoff_flow import offer_if_too_long

        if await offer_if_too_long(self.host, agent_id, text):
            return ""
        return await self._start(agent_id, text)

    async def _start(self, agent_id: str, text: str, *, demo: bool = False, regenerate_of: str | None = None,
                     with_approval: bool = False) -> str:
        try:
            if demo and regenerate_of is None:
                handle = await self.studio.start_demo(self._chat_name(), with_approval=with_approval,
                                                      project_id=self.host.project_id)
            else:
                shown = None if demo or regenerate_of else self.host.chat.composer.forecast_line.forecast_for(
                    agent_id, text)  # the forecast the creator saw for this very message, journaled with the run
                handle = await self.studio.start_run(chat=self.host.chat_id, agent_id=agent_id, prompt=text, demo=demo,
                                                     regenerate_of=regenerate_of, project_id=self.host.project_id,
                                                     forecast=shown.model_dump(mode="json") if shown else None)
        except RunRequestError as exc:
            self.last_error = f"{for_window(exc.code, exc.message)} [{exc.code}]"
            self.host.statusBar().showMessage(self.last_error, 10000)
            return ""
        if not demo and regenerate_of is None and handle.chat_id == self.host.chat_id:
            self.host.chat.composer.clear()
        return handle.run_id

    def _chat_name(self) -> str:
        record = self.studio.chats.get(self.host.chat_id)
        return record.id if record else WELCOME_CHAT

    def run_demo(self, *, with_approval: bool = False) -> None:
        if self.studio.active_run(self.host.chat_id) is not None:
            self.host.statusBar().showMessage(self.tr("A run is already going in this chat."), 5000)
            return
        self.host.spawn(self._start("writer", "", demo=True, with_approval=with_approval))

    def rerun_edited(self, message_id: str, agent_id: str, text: str) -> None:
        """Edit and rerun: a branch of this chat up to the edited message (shown under it in the chat
        list), where the edited text runs; the original chat keeps its messages and answers."""
        try:
            branch = self.studio.chats.branch(message_id)
        except RunRequestError as exc:
            self.host.statusBar().showMessage(f"{for_window(exc.code, exc.message)} [{exc.code}]", 10000)
            return
        self.host.chat.composer.clear()
        self.host.refresh_chats()
        self.host.open_chat(branch.id)
        if self.scene_turns is not None and self.scene_turns.handles(text):
            return  # a scene's branch keeps its cast: the edited direction is the next turn there
        self.host.spawn(self._start(agent_id, text))

    def regenerate(self, message_id: str) -> None:
        """Answers the same request again with the same root agent; the new answer becomes the next
        version of this message (◀ ▶ browse them)."""
        message = self.studio.chats.message(message_id)
        if message is None or message.role != "assistant":
            return
        if self.studio.active_run(self.host.chat_id) is not None:
            self.host.statusBar().showMessage(self.tr("Wait for the active run to end, or stop it, before "
                                                 "regenerating."), 5000)
            return
        record = self.studio.journal.run(message.run_id) if message.run_id else None
        agent = record.root_profile_id if record else self.host.chat.composer.agent_id()
        demo = record is not None and record.user_text == DEMO_PROMPT  # the demo answers offline again
        self.host.spawn(self._start(agent, "", demo=demo, regenerate_of=message_id))

    def send_as_guidance(self) -> None:
        """The composer's text goes to the agents of the active run; if the run has just ended, it is
        sent as a new message instead."""
        agent, text = self.host.chat.composer.message()
        if not text:
            return
        active = self.studio.active_run(self.host.chat_id)
        if active is None or not self.studio.guide(active.run_id, text):
            self.host.chat.composer.busy_bar.hide()
            self.send(agent, text)
            return
        self.host.chat.composer.clear()
        self.host.statusBar().showMessage(self.tr("The agent at work will read your guidance at its next step."), 5000)

    def delete_message(self, message_id: str) -> None:
        """Asks, then removes the message from the chat (commits stay in the run's history)."""
        message = self.studio.chats.message(message_id)
        if message is None:
            return
        active = self.studio.active_run(self.host.chat_id)
        if active is not None and message.run_id == active.run_id:
            self.host.statusBar().showMessage(self.tr("This message belongs to the run in progress; stop it first."),
                                              5000)
            return
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Delete message"),
                          self.tr("Delete this message from the chat? Later runs will not see it. What the agents "
                                  "committed stays in the run's history on the timeline."),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self.host.window())
        box.setObjectName("DeleteQuestion")
        box.finished.connect(lambda result: self._on_delete_answer(result, message_id))
        box.open()

    def _on_delete_answer(self, result: int, message_id: str) -> None:
        if result == QMessageBox.StandardButton.Yes and self.studio.chats.delete_message(message_id):
            self.host.chat.reload()

    def _send_after_run(self) -> None:
        active = self.studio.active_run(self.host.chat_id)
        agent, text = self.host.chat.composer.message()
        self.host.chat.composer.busy_bar.hide()
        if active is None:
            self.send(agent, text)
            return

        async def later() -> None:
            await active.wait()
            await self._start(agent, text)

        self.host.statusBar().showMessage(self.tr("Your message will be sent when the run ends."), 5000)
        self.host.spawn(later())

    def _stop_and_send(self) -> None:
        active = self.studio.active_run(self.host.chat_id)
        if active is not None:
            self.studio.cancel(active.run_id)
        self._send_after_run()

    def stop(self, run_id: str) -> None:
        if run_id:
            self.studio.cancel(run_id)

    def stop_active(self) -> None:
        active = self.studio.active_run(self.host.chat_id)
        if active is not None:
            self.studio.cancel(active.run_id)

    def chat_opened(self, chat_id: str) -> None:
        """The status bar follows the chat the window opened: its run going, else its last run."""
        active = self.studio.active_run(chat_id)
        runs = self.studio.journal.runs(chat_id, limit=1)
        self.status_run_id = active.run_id if active else (runs[0].id if runs else "")
        self.update_status()

    def _on_run_started(self, run_id: str, chat_id: str) -> None:
        if chat_id == self.host.chat_id:
            self.status_run_id = run_id
            self.host.timeline.show_run(run_id)
        self.update_status()

    def _on_run_finished(self, run_id: str, _status: str) -> None:
        self.update_status()

    def _on_events(self, events: list[Event]) -> None:
        if any(e.run_id == self.status_run_id for e in events):
            self.update_status()

    def show_run(self, run_id: str) -> None:
        self.host.timeline_dock.show()
        self.host.timeline_dock.raise_()
        self.host.timeline.show_run(run_id)

    def show_error_details(self, run_id: str, error_code: str) -> None:
        self.show_run(run_id)
        self.host.timeline.select_error(error_code)

    def update_status(self) -> None:
        shown = self.host.timeline.run_id  # the run the timeline shows, unless this chat has one going
        if shown and shown != self.status_run_id and self.studio.active_run(self.host.chat_id) is None:
            self.status_run_id = shown
        run_id = self.status_run_id
        stats = self.studio.stats.get(run_id)
        if not run_id:
            host = self.host
            for label in (host.status_agent, host.status_state, host.status_tokens, host.status_elapsed):
                label.clear()
            self.host.status_state.setText(self.tr("No run yet"))
            return
        if stats is None:  # a run of an earlier session: its record, and the timeline's fold of its journal
            record = self.studio.journal.run(run_id)
            if record is None:
                return
            profile = self.studio.agents.profiles().get(record.root_profile_id)
            tl = self.host.timeline.timeline
            folded = tl if tl is not None and tl.run_id == run_id and self.host.timeline.loaded.is_set() else None
            agent = (folded.foreground_agent if folded else "") or (profile.display_name if profile
                                                                    else record.root_profile_id)
            self.host.status_agent.setText(i18n.arg(self.tr("Agent: %1"), agent))
            self.host.status_state.setText(self._status_words(record.status.value))
            if folded is None:
                self.host.status_tokens.clear()
                self.host.status_elapsed.clear()
                return
            self.host.status_tokens.setText(self._tokens_words(folded.input_tokens, folded.output_tokens,
                                                          folded.estimated)
                                            + self._forecast_words(folded.forecast, folded.input_tokens,
                                                                   folded.output_tokens))
            self.host.status_elapsed.setText(i18n.seconds(folded.end_time))
            return
        loop_now = asyncio.get_event_loop().time() if stats.started else time.monotonic()
        elapsed = (stats.ended or loop_now) - stats.started
        self.host.status_agent.setText(i18n.arg(self.tr("Agent: %1"), stats.agent))
        self.host.status_state.setText(self._status_words(stats.status))
        self.host.status_tokens.setText(self._tokens_words(stats.input_tokens, stats.output_tokens, stats.estimated)
                                        + self._forecast_words(stats.forecast, stats.input_tokens,
                                                               stats.output_tokens))
        self.host.status_elapsed.setText(i18n.seconds(elapsed))

    def _tokens_words(self, input_tokens: int, output_tokens: int, estimated: bool) -> str:
        """The run's token counts; "~" when some are the studio's estimate (a server sent none)."""
        if estimated:
            text = self.tr("~%1 in · ~%2 out tokens (estimated)")
            self.host.status_tokens.setToolTip(self.tr("The model's server sent no token counts for some calls; "
                                                  "they are estimated at about four characters a token."))
        else:
            text = self.tr("%1 in · %2 out tokens")
            self.host.status_tokens.setToolTip("")
        return i18n.arg(text, i18n.number(input_tokens), i18n.number(output_tokens))

    def _forecast_words(self, forecast: RunForecast | None, input_tokens: int, output_tokens: int) -> str:
        """Forecast against actual, after the tokens: the input range the run was forecast to take, and its cost
        range against what it used where the connection has prices; nothing for a run without a forecast."""
        if forecast is None or forecast.input_tokens is None:
            return ""
        low, high = forecast.input_tokens
        text = i18n.arg(self.tr(" · forecast %1–%2 in"), i18n.number(low), i18n.number(high))
        used = used_cost(forecast, input_tokens, output_tokens)
        if forecast.cost is not None and used is not None:
            text += i18n.arg(self.tr(", cost %1–%2, used %3 %4"), i18n.number(forecast.cost[0], 4),
                             i18n.number(forecast.cost[1], 4), i18n.number(used, 4), forecast.currency or "")
        return text

    def _status_words(self, status: str) -> str:
        """A run's status as the status bar says it."""
        return i18n.run_status(status)

    # -- approvals (patch dialog) ----------------------------------------------------------------
    def patch_dialog(self) -> PatchDialog:
        from relay_studio.ui.patches.dialog import PatchDialog

        dialog = self.host.window().findChild(PatchDialog)
        if dialog is None:
            dialog = PatchDialog(self.studio, self.host.window())
        return dialog

    def _on_approval(self, pending: PendingApproval) -> None:
        if is_brief_review(pending.request):
            self._open_brief(pending)
            return
        dialog = self.patch_dialog()
        dialog.add(pending)
        if not dialog.isVisible():
            dialog.open()

    def review_changes(self) -> None:
        """Brings back the patch dialog (the creator closed it while proposals still wait)."""
        briefs = [p for p in self.studio.pending if is_brief_review(p.request)]
        for pending in briefs:
            self._open_brief(pending)
        patches = [p for p in self.studio.pending if p not in briefs]
        if not patches:
            return
        dialog = self.patch_dialog()
        for pending in patches:
            dialog.add(pending)
        if not dialog.isVisible():
            dialog.open()

    def _open_brief(self, pending: PendingApproval) -> None:
        """The brief an agent hands on, in its editor, while the run waits ("let me see the brief first")."""
        from relay_studio.ui.patches.brief_dialog import BriefDialog

        if any(d.pending is pending for d in self.host.window().findChildren(BriefDialog)):
            return
        dialog = BriefDialog(pending, self.host.window())
        self.studio.approval_closed.connect(dialog.withdraw)
        dialog.open()
