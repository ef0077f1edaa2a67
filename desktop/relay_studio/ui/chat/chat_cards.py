"""The chat view's cards: one for each transcript item (a message, the handoff document a chat starts from, a
run's notice, a lineage marker, a handed-off document), wired to the view, and the key that says whether a
shown card still shows its item (``ChatView.reload`` keeps such a card as it is).

This module sees the view as ``CardsHost``, never as ``ChatView``: no import circle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QWidget

from relay_studio.domain.records import HANDOFF_CONTEXT_ROLE, MessageRecord
from relay_studio.library.macros import MacroNames
from relay_studio.ui.chat.handoff_cards import HandedOffCard, HandoffCard, LineageCard
from relay_studio.ui.chat.mention_marks import MentionIndex
from relay_studio.ui.chat.message_card import MessageCard
from relay_studio.ui.chat.notice_card import NoticeCard
from relay_studio.ui.chat.transcript import HandedOffEntry, LineageMarker, RunNotice, TranscriptItem
from relay_studio.ui.operations.canon import CanonQuote

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from relay_studio.ui.studio import Studio


class CardsHost(Protocol):
    """The chat view as its cards see it: what they are shown with, and where their clicks go."""

    studio: Studio
    mentions: MentionIndex  # the chat's project's story library entries, underlined in the messages
    agent_names: dict[str, str]  # the agents' display names by profile id

    @property
    def details_requested(self) -> SignalInstance: ...

    @property
    def open_chat_requested(self) -> SignalInstance: ...

    @property
    def regenerate_requested(self) -> SignalInstance: ...

    @property
    def delete_requested(self) -> SignalInstance: ...

    @property
    def show_run_requested(self) -> SignalInstance: ...

    def macro_names(self, message: MessageRecord) -> MacroNames: ...

    def edit_in_composer(self, message_id: str) -> None: ...


def item_key(item: TranscriptItem) -> tuple[object, ...]:
    """What a card shows of ``item``: a card with the same key needs no new one."""
    if isinstance(item, RunNotice):
        return ("notice", item.run_id, item.status, item.text)
    if isinstance(item, LineageMarker):
        return ("lineage", item.direction, item.chat_id, item.chat_name)
    if isinstance(item, HandedOffEntry):
        return ("handed_off", item.chat_id, item.chat_name, item.entry.id, item.entry.content)
    return ("message", item.id, item.version, item.content, item.run_id)


def card_key(card: QWidget) -> tuple[object, ...]:
    """The ``item_key`` of what ``card`` shows."""
    if isinstance(card, NoticeCard):
        return item_key(card.notice)
    if isinstance(card, LineageCard):
        return item_key(card.marker)
    if isinstance(card, HandedOffCard):
        return item_key(card.handed)
    assert isinstance(card, MessageCard | HandoffCard)
    return item_key(card.message)


def card_for(item: TranscriptItem, view: CardsHost) -> QWidget:
    """A new card showing ``item``, its clicks going to ``view``."""
    if isinstance(item, RunNotice):
        notice = NoticeCard(item)
        notice.details.connect(view.details_requested.emit)
        return notice
    if isinstance(item, LineageMarker):
        marker = LineageCard(item)
        marker.open_chat.connect(view.open_chat_requested.emit)
        return marker
    if isinstance(item, HandedOffEntry):
        handed = HandedOffCard(item)
        handed.open_chat.connect(view.open_chat_requested.emit)
        return handed
    if item.role == HANDOFF_CONTEXT_ROLE:
        return HandoffCard(item)
    studio = view.studio
    versions = studio.chats.message_versions(item.id) if item.role == "assistant" else []
    card = MessageCard(item, versions, view.agent_names, mentions=view.mentions, citations=studio.journal.citations,
                       macro_names=view.macro_names, finisher=studio.journal.finisher)
    card.open_citation.connect(studio.open_citation)
    card.open_entry.connect(lambda path: studio.open_entry(view.mentions.project_id, path))
    card.regenerate.connect(view.regenerate_requested.emit)
    card.edit.connect(view.edit_in_composer)
    card.delete.connect(view.delete_requested.emit)
    card.show_run.connect(view.show_run_requested.emit)
    card.add_to_canon.connect(lambda message_id, quote: studio.offer_canon_quote(
        CanonQuote(studio.chats.project_id(item.chat_id), item.chat_id, message_id, quote)))
    return card
