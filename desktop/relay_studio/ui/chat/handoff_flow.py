"""The window's session handoff: ``/handoff [focus]`` in the composer, Chat → Hand off to a new chat…
or the offer above the composer, the dialog while the document is written and reviewed, and the new
chat selected at the end. Nothing changes unless the creator starts the new chat
(docs/session-handoff.md). Before a message is sent, ``offer_if_too_long`` checks that the chat still
fits the agent's context window and offers the handoff instead of sending into a failure."""

from __future__ import annotations

import asyncio
import contextlib
import re
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QBoxLayout

from relay_studio.domain.records import ChatRecord
from relay_studio.runtime import context_window
from relay_studio.runtime.context import LiveUpdate
from relay_studio.runtime.session_handoff import HandoffDraft, HandoffHandle, HandoffOutcome, HandoffRefused
from relay_studio.ui import i18n
from relay_studio.ui.chat.handoff_dialog import HandoffDialog
from relay_studio.ui.chat.handoff_fallback import FallbackOffer, can_fall_back, carried_draft, outcome_words

if TYPE_CHECKING:
    from relay_studio.ui.window_host import ChatListHost, ChatViewHost, WindowHost

_COMMAND = re.compile(r"\A\s*/handoff(?:\s+(?P<focus>.*?))?\s*\Z", re.DOTALL)


def parse_command(text: str) -> tuple[bool, str | None]:
    """Whether ``text`` is the ``/handoff`` command, and its focus (None when there is none)."""
    match = _COMMAND.match(text)
    if match is None:
        return False, None
    return True, (match.group("focus") or None)


async def offer_if_too_long(window: ChatViewHost, agent_id: str, text: str) -> bool:
    """True when ``text`` was not sent: the chat with it would not fit the agent's context window (the
    profile's ``contextWindowTokens``, else what its server reports), so the handoff is offered above the
    composer, where the text stays. Unknown windows, and chats with nothing to hand off, send as usual."""
    studio = window.studio
    chat_id = window.chat_id
    profile = studio.agents.profiles().get(agent_id)
    if profile is None or not chat_id:
        return False
    messages = await studio.chats.messages.read(chat_id)  # the whole chat: on the reader lane
    if sum(m.role in ("user", "assistant") for m in messages) < 2:
        return False  # a handoff could not help: the request goes out and the server answers
    tokens = profile.model.context_window_tokens or await studio.providers.context_window(profile)
    if window.chat_id != chat_id:  # the creator moved on while the server was asked: the draft stays there
        window.statusBar().showMessage(QCoreApplication.translate(
            "HandoffFlow", "Not sent: you opened another chat meanwhile; the message waits in its chat."), 8000)
        return True
    if not tokens:
        return False
    fit = context_window.fit(profile, messages, text, tokens)
    if fit.fits:
        return False
    window.chat.offer_handoff(fit.sentence)
    return True


async def _server_window(window: WindowHost, chat: ChatRecord, agent_id: str | None) -> int | None:
    """The context window the agent's server reports, for a chat that may have outgrown it (the profile's
    own setting is applied by the runtime); None when unknown or when a guard will refuse anyway."""
    try:
        profile = await window.studio.chats.read_agent(chat, agent_id)
    except HandoffRefused:
        return None
    return None if profile.model.context_window_tokens else await window.studio.providers.context_window(profile)


async def hand_off(window: ChatListHost, focus: str | None = None, agent_id: str | None = None) -> ChatRecord | None:
    """Runs the whole handoff for the window's current chat; the new chat, or None when nothing changed.
    ``agent_id``: the agent chosen in the composer writes the document (None: the chat's last answerer)."""
    studio = window.studio
    chat = studio.chats.get(window.chat_id)
    if chat is None:
        return None
    try:
        handle = studio.start_handoff(chat.id, focus, agent_id=agent_id,
                                      context_tokens=await _server_window(window, chat, agent_id))
    except HandoffRefused as exc:
        window.statusBar().showMessage(exc.message, 8000)
        return None
    dialog = HandoffDialog(chat.name, studio.chats.unique_name(f"{chat.name} (continued)"), window.window())
    window.handoff_dialog = dialog

    def streamed(updates: list[LiveUpdate]) -> None:  # the document grows in the dialog as it is written
        for update in updates:
            if update.run_id == handle.run_id:
                dialog.show_live(update.kind, update.text, update.data)

    studio.live_arrived.connect(streamed)
    try:
        return await _review(window, dialog, handle, chat)
    finally:
        with contextlib.suppress(RuntimeError):  # the window closed with the dialog open: the hub is gone
            studio.live_arrived.disconnect(streamed)


async def _review(window: ChatListHost, dialog: HandoffDialog, handle: HandoffHandle,
                  chat: ChatRecord) -> ChatRecord | None:
    """The dialog from the generation to the creator's choice."""
    studio = window.studio
    dialog.cancel_requested.connect(lambda: studio.cancel_handoff(chat.id))
    chosen: asyncio.Future[ChatRecord | None] = asyncio.get_running_loop().create_future()

    def settle(result: ChatRecord | None) -> None:
        if not chosen.done():
            chosen.set_result(result)

    def closed() -> None:  # Cancel, Close or Esc: stop a generation still going, change nothing
        studio.cancel_handoff(chat.id)
        settle(None)

    dialog.rejected.connect(closed)
    dialog.open()
    draft = await handle.wait()
    if draft.outcome is not HandoffOutcome.READY:
        carried = await _instead(window, dialog, draft, chosen)
        if carried is None:
            _close(window, dialog)
            return None
        draft = carried

    def start(document: str, name: str) -> None:
        try:
            new = studio.accept_handoff(draft, document, name or None)
        except HandoffRefused as exc:
            dialog.show_error(exc.message)
            return
        dialog.accept()
        settle(new)

    dialog.start_requested.connect(start)
    dialog.show_draft(draft.document, draft.missing_sections, draft.left_out)
    new_chat = await chosen
    if new_chat is not None:
        window.refresh_chats()
        window.open_chat(new_chat.id)
        window.statusBar().showMessage(i18n.arg(QCoreApplication.translate(
            "HandoffFlow", "Continued in “%1”, seeded with the handoff document."), new_chat.name), 8000)
    _close(window, dialog)
    return new_chat


async def _instead(window: ChatListHost, dialog: HandoffDialog, draft: HandoffDraft,
                   closed: asyncio.Future[ChatRecord | None]) -> HandoffDraft | None:
    """The document was not written: says why, and offers to carry the chat over as it is or to open Settings.
    The ready draft over the chat as it is when the creator chose that; None when the dialog was closed."""
    words = outcome_words(draft)
    dialog.show_outcome(words)
    window.statusBar().showMessage(words, 8000)
    if not can_fall_back(draft):
        await closed
        return None
    offer = FallbackOffer(dialog)
    layout = dialog.layout()
    if isinstance(layout, QBoxLayout):
        layout.insertWidget(1, offer)  # under the reason, above the (empty) document
    carry: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    offer.carry_requested.connect(lambda: None if carry.done() else carry.set_result(None))

    def to_settings() -> None:
        dialog.reject()
        window.open_settings()

    offer.settings_requested.connect(to_settings)
    carry_or_close: list[asyncio.Future[Any]] = [carry, closed]
    await asyncio.wait(carry_or_close, return_when=asyncio.FIRST_COMPLETED)
    if closed.done():
        return None
    offer.hide()
    carried = carried_draft(draft, await window.studio.chats.messages.read(draft.chat_id))
    dialog.show_draft(carried.document, [])
    return carried


def _close(window: ChatListHost, dialog: HandoffDialog) -> None:
    dialog.deleteLater()
    if window.handoff_dialog is dialog:
        window.handoff_dialog = None
