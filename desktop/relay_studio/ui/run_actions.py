"""The window's run actions: send (or hand off, when the chat no longer fits), the demo, edit and rerun,
regenerate, guidance to the agent at work, send after the run, stop; the run shown in the status bar;
and the patch dialog for changes waiting for approval.

Nothing here opens a nested event loop: questions are asked with ``QMessageBox.open()`` and answered
in a slot; long work is awaited on the qasync loop through the window's ``_spawn``.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, cast

from PySide6.QtWidgets import QMessageBox

from relay_studio.domain.events import Event
from relay_studio.runtime.demo import DEMO_PROMPT
from relay_studio.runtime.engine import RunRequestError
from relay_studio.ui import i18n
from relay_studio.ui.chat.view import WELCOME_CHAT
from relay_studio.ui.chat.words import for_window
from relay_studio.ui.studio import PendingApproval
from relay_studio.ui.window_parts import WindowParts

if TYPE_CHECKING:
    from relay_studio.ui.main_window import MainWindow
    from relay_studio.ui.patches.dialog import PatchDialog


class RunActions(WindowParts):
    """A part of ``MainWindow`` (a mixin): its run actions."""

    # -- runs ------------------------------------------------------------------------------------
    def send(self, agent_id: str, text: str) -> None:
        from relay_studio.ui.chat.handoff_flow import parse_command

        is_handoff, focus = parse_command(text)
        if is_handoff:  # intercepted before a normal send; the composer is cleared
            self.chat.composer.clear()
            self.hand_off(focus)
            return
        if self.studio.active_run(self.chat_id) is not None:
            self.chat.composer.busy_bar.show()
            return
        self._spawn(self._start_unless_too_long(agent_id, text))

    async def _start_unless_too_long(self, agent_id: str, text: str) -> str:
        """Sends, unless the chat no longer fits the agent's context window: then the handoff is offered."""
        from relay_studio.ui.chat.handoff_flow import offer_if_too_long

        if await offer_if_too_long(cast("MainWindow", self), agent_id, text):
            return ""
        return await self._start(agent_id, text)

    async def _start(self, agent_id: str, text: str, *, demo: bool = False, regenerate_of: str | None = None,
                     with_approval: bool = False) -> str:
        try:
            if demo and regenerate_of is None:
                handle = await self.studio.start_demo(self._chat_name(), with_approval=with_approval,
                                                      project_id=self.project_id)
            else:
                handle = await self.studio.start_run(chat=self.chat_id, agent_id=agent_id, prompt=text, demo=demo,
                                                     regenerate_of=regenerate_of, project_id=self.project_id)
        except RunRequestError as exc:
            self.last_error = f"{for_window(exc.code, exc.message)} [{exc.code}]"
            self.statusBar().showMessage(self.last_error, 10000)
            return ""
        if not demo and regenerate_of is None and handle.chat_id == self.chat_id:
            self.chat.composer.clear()
        return handle.run_id

    def _chat_name(self) -> str:
        record = self.studio.chat(self.chat_id)
        return record.id if record else WELCOME_CHAT

    def run_demo(self, *, with_approval: bool = False) -> None:
        if self.studio.active_run(self.chat_id) is not None:
            self.statusBar().showMessage(self.tr("A run is already going in this chat."), 5000)
            return
        self._spawn(self._start("writer", "", demo=True, with_approval=with_approval))

    def rerun_edited(self, message_id: str, agent_id: str, text: str) -> None:
        """Edit and rerun: a branch of this chat up to the edited message (shown under it in the chat
        list), where the edited text runs; the original chat keeps its messages and answers."""
        try:
            branch = self.studio.branch_chat(message_id)
        except RunRequestError as exc:
            self.statusBar().showMessage(f"{for_window(exc.code, exc.message)} [{exc.code}]", 10000)
            return
        self.chat.composer.clear()
        self.refresh_chats()
        self.open_chat(branch.id)
        self._spawn(self._start(agent_id, text))

    def regenerate(self, message_id: str) -> None:
        """Answers the same request again with the same root agent; the new answer becomes the next
        version of this message (◀ ▶ browse them)."""
        message = self.studio.message(message_id)
        if message is None or message.role != "assistant":
            return
        if self.studio.active_run(self.chat_id) is not None:
            self.statusBar().showMessage(self.tr("Wait for the active run to end, or stop it, before "
                                                 "regenerating."), 5000)
            return
        record = self.studio.run(message.run_id) if message.run_id else None
        agent = record.root_profile_id if record else self.chat.composer.agent_id()
        demo = record is not None and record.user_text == DEMO_PROMPT  # the demo answers offline again
        self._spawn(self._start(agent, "", demo=demo, regenerate_of=message_id))

    def send_as_guidance(self) -> None:
        """The composer's text goes to the agents of the active run; if the run has just ended, it is
        sent as a new message instead."""
        agent, text = self.chat.composer.message()
        if not text:
            return
        active = self.studio.active_run(self.chat_id)
        if active is None or not self.studio.guide(active.run_id, text):
            self.chat.composer.busy_bar.hide()
            self.send(agent, text)
            return
        self.chat.composer.clear()
        self.statusBar().showMessage(self.tr("The agent at work will read your guidance at its next step."), 5000)

    def delete_message(self, message_id: str) -> None:
        """Asks, then removes the message from the chat (commits stay in the run's history)."""
        message = self.studio.message(message_id)
        if message is None:
            return
        active = self.studio.active_run(self.chat_id)
        if active is not None and message.run_id == active.run_id:
            self.statusBar().showMessage(self.tr("This message belongs to the run in progress; stop it first."), 5000)
            return
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Delete message"),
                          self.tr("Delete this message from the chat? Later runs will not see it. What the agents "
                                  "committed stays in the run's history on the timeline."),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setObjectName("DeleteQuestion")
        box.finished.connect(lambda result: self._on_delete_answer(result, message_id))
        box.open()

    def _on_delete_answer(self, result: int, message_id: str) -> None:
        if result == QMessageBox.StandardButton.Yes and self.studio.delete_message(message_id):
            self.chat.reload()

    def _send_after_run(self) -> None:
        active = self.studio.active_run(self.chat_id)
        agent, text = self.chat.composer.message()
        self.chat.composer.busy_bar.hide()
        if active is None:
            self.send(agent, text)
            return

        async def later() -> None:
            await active.wait()
            await self._start(agent, text)

        self.statusBar().showMessage(self.tr("Your message will be sent when the run ends."), 5000)
        self._spawn(later())

    def _stop_and_send(self) -> None:
        active = self.studio.active_run(self.chat_id)
        if active is not None:
            self.studio.cancel(active.run_id)
        self._send_after_run()

    def stop(self, run_id: str) -> None:
        if run_id:
            self.studio.cancel(run_id)

    def stop_active(self) -> None:
        active = self.studio.active_run(self.chat_id)
        if active is not None:
            self.studio.cancel(active.run_id)

    def _on_run_started(self, run_id: str, chat_id: str) -> None:
        if chat_id == self.chat_id:
            self.status_run_id = run_id
            self.timeline.show_run(run_id)
        self.update_status()

    def _on_run_finished(self, run_id: str, _status: str) -> None:
        self.update_status()

    def _on_events(self, events: list[Event]) -> None:
        if any(e.run_id == self.status_run_id for e in events):
            self.update_status()

    def show_run(self, run_id: str) -> None:
        self.timeline_dock.show()
        self.timeline_dock.raise_()
        self.timeline.show_run(run_id)

    def show_error_details(self, run_id: str, error_code: str) -> None:
        self.show_run(run_id)
        self.timeline.select_error(error_code)

    def update_status(self) -> None:
        shown = self.timeline.run_id  # the run the timeline shows, unless this chat has one going
        if shown and shown != self.status_run_id and self.studio.active_run(self.chat_id) is None:
            self.status_run_id = shown
        run_id = self.status_run_id
        stats = self.studio.stats.get(run_id)
        if not run_id:
            for label in (self.status_agent, self.status_state, self.status_tokens, self.status_elapsed):
                label.clear()
            self.status_state.setText(self.tr("No run yet"))
            return
        if stats is None:  # a run of an earlier session: its record, and the timeline's fold of its journal
            record = self.studio.run(run_id)
            if record is None:
                return
            profile = self.studio.profiles().get(record.root_profile_id)
            tl = self.timeline.timeline
            folded = tl if tl is not None and tl.run_id == run_id and self.timeline.loaded.is_set() else None
            agent = (folded.foreground_agent if folded else "") or (profile.display_name if profile
                                                                    else record.root_profile_id)
            self.status_agent.setText(i18n.arg(self.tr("Agent: %1"), agent))
            self.status_state.setText(self._status_words(record.status.value))
            if folded is None:
                self.status_tokens.clear()
                self.status_elapsed.clear()
                return
            self.status_tokens.setText(self._tokens_words(folded.input_tokens, folded.output_tokens,
                                                          folded.estimated))
            self.status_elapsed.setText(i18n.seconds(folded.end_time))
            return
        loop_now = asyncio.get_event_loop().time() if stats.started else time.monotonic()
        elapsed = (stats.ended or loop_now) - stats.started
        self.status_agent.setText(i18n.arg(self.tr("Agent: %1"), stats.agent))
        self.status_state.setText(self._status_words(stats.status))
        self.status_tokens.setText(self._tokens_words(stats.input_tokens, stats.output_tokens, stats.estimated))
        self.status_elapsed.setText(i18n.seconds(elapsed))

    def _tokens_words(self, input_tokens: int, output_tokens: int, estimated: bool) -> str:
        """The run's token counts; "~" when some are the studio's estimate (a server sent none)."""
        if estimated:
            text = self.tr("~%1 in · ~%2 out tokens (estimated)")
            self.status_tokens.setToolTip(self.tr("The model's server sent no token counts for some calls; "
                                                  "they are estimated at about four characters a token."))
        else:
            text = self.tr("%1 in · %2 out tokens")
            self.status_tokens.setToolTip("")
        return i18n.arg(text, i18n.number(input_tokens), i18n.number(output_tokens))

    def _status_words(self, status: str) -> str:
        """A run's status as the status bar says it."""
        return i18n.run_status(status)

    # -- approvals (patch dialog) ----------------------------------------------------------------
    def patch_dialog(self) -> PatchDialog:
        from relay_studio.ui.patches.dialog import PatchDialog

        dialog = self.findChild(PatchDialog)
        if dialog is None:
            dialog = PatchDialog(self.studio, self)
        return dialog

    def _on_approval(self, pending: PendingApproval) -> None:
        dialog = self.patch_dialog()
        dialog.add(pending)
        if not dialog.isVisible():
            dialog.open()

    def review_changes(self) -> None:
        """Brings back the patch dialog (the creator closed it while proposals still wait)."""
        dialog = self.patch_dialog()
        for pending in self.studio.pending:
            dialog.add(pending)
        if self.studio.pending and not dialog.isVisible():
            dialog.open()
