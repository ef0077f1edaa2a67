"""The cards of the chat column, each in a module of its own, named here for the chat view.

``message_card``: a message; ``notice_card``: a run that did not end well; ``handoff_cards``: the handoff
document a chat starts from (and, collapsed, the one a chat handed off) and the lineage marker;
``welcome_card``: the first launch; ``live_run_card``: the run in progress; ``card_chrome``: what they share.
"""

from __future__ import annotations

from relay_studio.ui.chat.handoff_cards import HandedOffCard, HandoffCard, LineageCard
from relay_studio.ui.chat.live_run_card import LIVE_LINE_CHARS, LiveRunCard
from relay_studio.ui.chat.message_card import MessageCard
from relay_studio.ui.chat.notice_card import NoticeCard
from relay_studio.ui.chat.welcome_card import WelcomeCard

__all__ = ["LIVE_LINE_CHARS", "HandedOffCard", "HandoffCard", "LineageCard", "LiveRunCard", "MessageCard",
           "NoticeCard", "WelcomeCard"]
