"""The chat: the transcript as cards, the live run card under the last message, Find, and the composer.

The view reloads the transcript from the chat store only when a journal event says the chat changed
(a run created, a commit, a run's end); streamed text goes to the live card only.

Signals:
    send_requested(str agent_id, str text)
    edit_requested(str message_id, str agent_id, str text): rerun an edited message in a branch chat.
    stop_requested(str run_id)
    run_demo_requested()
    regenerate_requested(str message_id)
    delete_requested(str message_id)
    show_run_requested(str run_id)
    details_requested(str run_id, str error_code)
    review_requested()
    open_chat_requested(str chat_id): a lineage marker was clicked
    handoff_requested(): the creator chose "Hand off to a new chat" in the offer above the composer
    publish_failed(str sentence): a notice's Publish found nothing to publish (the window's status bar says it)

Mentions of the chat's project's story library entries are underlined in the messages; the entries
come from ``Studio.projects.read`` (a query off the GUI thread) and are matched per message, cached
(``mention_marks.MentionIndex``). A click on a mention or on a source asks the studio to open it
(``Studio.open_entry``, ``Studio.open_citation``; the Library dock shows it).

A chat a handoff started shows "Continued from ← <chat>" at the top and its first entry as the
handoff document's card; a chat a handoff continued shows, where the handoff happened, the document it
handed off, collapsed ("Handed off to “<chat>”", never part of its prompts), and "Continued in → <chat>"
at the end. When
the chat's last run failed because the request was longer than the model holds, the offer to hand off
appears above the composer (``runtime.context_window.exceeds_context``).

A long chat (a book's chapter of hundreds of messages) shows its last ``PAGE`` items as cards; "Show earlier
messages" above them adds ``PAGE`` more at a time (``shown_limit``), so opening a chat builds a page of cards,
not the whole chapter (bench/book_scale.py). In a chat longer than a page the cards are built in slices, the last
first: a switch's first turn builds the last card alone, each later turn at most ``FIRST_CARDS`` within
``BUILD_BUDGET`` (a card is started only when it is expected to fit: ``card_cost``), shown and laid out in that turn
(``_make_slice_card``), the next slice on the next turn (``_build_more``), so the window answers between slices; a
chat of one page is built whole. Find in chat searches the cards built.

The view reads its chat only as a query on the studio's reader lane (``reload``); hidden, it reads when shown.

Beside the view: a card for each transcript item and the key that keeps a shown one (``chat_cards``), Find in
chat (``find_bar``: ``self.find_bar``, ``self.finder``), and what the live card shows of its run's events and
live updates (``live_run_events``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.events import Event
from relay_studio.domain.records import RUN_KIND_HANDOFF, ChatRecord, MessageRecord, RunRecord
from relay_studio.give_way import gui_busy
from relay_studio.library.macros import MacroNames
from relay_studio.runtime.context import LiveUpdate
from relay_studio.runtime.context_window import exceeds_context
from relay_studio.runtime.forecast import Forecast
from relay_studio.runtime.publish import NothingToPublish
from relay_studio.ui import i18n
from relay_studio.ui.change_follower import ChangeFollower
from relay_studio.ui.chat.card_cost import CardCost
from relay_studio.ui.chat.chat_cards import card_for, card_key, item_key
from relay_studio.ui.chat.composer import Composer
from relay_studio.ui.chat.find_bar import ChatFind, FindBar
from relay_studio.ui.chat.handoff_offer import HandoffOffer
from relay_studio.ui.chat.live_run_card import LiveRunCard
from relay_studio.ui.chat.live_run_events import RELOAD_ON, follow_event, follow_live
from relay_studio.ui.chat.mention_marks import MentionIndex
from relay_studio.ui.chat.message_card import MessageCard
from relay_studio.ui.chat.scene_bar import SceneBar
from relay_studio.ui.chat.transcript import (
    HandedOffEntry,
    RunNotice,
    TranscriptItem,
    handoff_notice,
    notice_for,
    transcript,
    with_lineage,
)
from relay_studio.ui.chat.unpublished import notice_text
from relay_studio.ui.chat.welcome_card import WelcomeCard
from relay_studio.ui.next_turn import next_turn
from relay_studio.ui.operations.changes import Changes
from relay_studio.ui.operations.chat_contents import ChatContents
from relay_studio.ui.operations.project_files import ProjectFiles
from relay_studio.ui.studio import Studio
from relay_studio.ui.tasks import WidgetTasks

log = logging.getLogger(__name__)

WELCOME_CHAT = "Welcome"
KEEP_PLACE_MS = 250  # how long the column's height must stay put before a kept place is let go
# how many transcript items a chat shows at first, and how many more each "Show earlier messages" adds
PAGE = 12
# cards built in one turn of the loop: the last ones at once, those above them a batch per turn; a batch ends
# early once building took BUILD_BUDGET seconds (Qt lays out and paints what was built after it, in the next
# turn: a card is a tree of widgets, several milliseconds each on a book's long messages)
FIRST_CARDS = 4
BUILD_BUDGET = 0.008
# cards above the view are built ahead by this much of the view's height: further up, as the creator scrolls there
AHEAD = 0.5
# a chat switch keeps the GUI thread busy this long (``give_way``): the old cards' removal, the read, the first cards
SWITCH_BUSY_S = 0.1


def _build_within_budget(missing: list[int], make: Callable[[int], None],
                         expected: Callable[[int], float] = lambda _index: 0.0, most: int | None = None) -> None:
    """``make``s the cards at ``missing``, the last first, until ``most`` (``FIRST_CARDS``) are made or the next one
    is ``expected`` to take more than is left of the turn's budget (always one: the view moves on each turn)."""
    started = time.perf_counter()
    most = FIRST_CARDS if most is None else most
    for made, index in enumerate(reversed(missing)):
        if made and (made >= most or time.perf_counter() - started + expected(index) > BUILD_BUDGET):
            return
        make(index)


class ChatView(QWidget):
    send_requested = Signal(str, str)
    edit_requested = Signal(str, str, str)
    stop_requested = Signal(str)
    run_demo_requested = Signal()
    regenerate_requested = Signal(str)
    delete_requested = Signal(str)
    show_run_requested = Signal(str)
    details_requested = Signal(str, str)
    review_requested = Signal()
    open_chat_requested = Signal(str)
    handoff_requested = Signal()
    publish_failed = Signal(str)

    def __init__(self, studio: Studio, parent: QWidget | None = None, *, composer: Composer | None = None) -> None:
        """``composer``: the one the window opened with, and what was typed into it (else a new one)."""
        super().__init__(parent)
        self.studio = studio
        self._publishing = WidgetTasks()  # a notice's Publish, committing
        self.chat_id = ""
        self._shown_chat = ""  # the chat set_chat showed last (its agent was picked then)
        self.cards: list[QWidget] = []
        self._run_chat: dict[str, str] = {}
        self.agent_names: dict[str, str] = {}
        self._run_roots: dict[str, str] = {}  # the chat's runs' root agents, for the tooltips' {{char}}
        self._chat_agent: str | None = None  # the agent that answered last in the chat
        self._drafts: dict[str, tuple[str, str | None]] = {}  # chat id -> (text, edited message id)
        self._reload_timer = QTimer(self)
        self._reload_timer.setSingleShot(True)
        self._reload_timer.setInterval(0)
        self._reload_timer.timeout.connect(self._refresh)
        self._wanted = 1  # the number of the newest read of the chat's contents (only its answer is shown): the first
        # chat is owed one, so ``up_to_date`` says no until a chat was read and shown
        self._agent_from_read = ""  # a chat switched to whose composer agent comes with its contents
        self._finished_run = ""  # the run that ended in the chat shown, until the chat's next read is shown
        self._shown_read = 0  # the number of the read shown last (``_wanted`` when no newer one is under way)
        self._first_read_taken = False  # the view's first read is built a turn after it arrives (_on_contents)
        self._stale = False  # hidden when a read was wanted: it reads when shown
        self._keep_from_end: int | None = None  # "Show earlier messages": the place kept when its read is shown
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.title = QLabel()
        self.title.setContentsMargins(14, 8, 14, 4)
        self.title.setObjectName("MessageAuthor")
        title_row = QHBoxLayout()
        title_row.setContentsMargins(0, 0, 14, 0)
        title_row.addWidget(self.title)
        self.explore_badge = QLabel(self.tr("Exploration · read only"))
        self.explore_badge.setObjectName("ExploreBadge")
        self.explore_badge.setToolTip(self.tr(
            "The agent here reads your story library, knowledge and files and answers in the chat. It cannot "
            "change anything: every write is refused."))
        self.explore_badge.hide()
        title_row.addWidget(self.explore_badge)
        title_row.addStretch(1)
        layout.addLayout(title_row)
        self.find_bar = FindBar()
        self.find_bar.hide()
        layout.addWidget(self.find_bar)
        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("ChatScroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        # the cards keep to the column's width (their bodies wrap): the chat never scrolls sideways
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.column = QWidget()
        self.column.setObjectName("ChatColumn")
        self.column_layout = QVBoxLayout(self.column)
        self.column_layout.setContentsMargins(16, 12, 16, 12)
        self.column_layout.setSpacing(10)
        # the column is as tall as its cards are at its width (the scroll area asks its height for that width), not
        # as tall as its minimum, which is the cards wrapped at their narrowest: a short chat got a scroll bar
        self.column.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        self.column_layout.addStretch(1)
        self.shown_limit = PAGE
        self._slots: list[QWidget | None] = []  # a card per item shown, None until built (``_build_more``)
        self._card_cost = CardCost()  # what a card of each kind took to build lately
        self._slot_items: list[TranscriptItem] = []
        self._from_end: int | None = None
        self._more_timer = QTimer(self, singleShot=True, interval=0)
        self._more_timer.timeout.connect(self._build_more)
        # "Show earlier messages": the place is held until the column's height has not changed for this long
        self._settled_timer = QTimer(self, singleShot=True, interval=KEEP_PLACE_MS)
        self._settled_timer.timeout.connect(self._let_place_go)
        self.earlier = QPushButton()
        self.earlier.setObjectName("ShowEarlierMessages")
        self.earlier.setFlat(True)
        self.earlier.clicked.connect(self.show_earlier)
        self.earlier.hide()
        self.column_layout.addWidget(self.earlier)
        self.live = LiveRunCard()
        self.live.hide()
        self.live.stop.connect(self.stop_requested.emit)
        self.live.review.connect(self.review_requested.emit)
        self.column_layout.addWidget(self.live)
        self.scroll_area.setWidget(self.column)
        layout.addWidget(self.scroll_area, 1)
        self.finder = ChatFind(self.find_bar, self._all_message_cards, self.scroll_area)
        # at the last message until the creator scrolls up: the cards' heights settle after they are shown
        self._stick_to_end = True
        bar = self.scroll_area.verticalScrollBar()
        bar.rangeChanged.connect(self._on_range_changed)
        bar.valueChanged.connect(self._on_scrolled)
        self.handoff_offer = HandoffOffer()
        self.handoff_offer.handoff_requested.connect(self.handoff_requested.emit)
        layout.addWidget(self.handoff_offer)
        self._declined_offers: set[str] = set()  # runs whose context failure the creator saw offered
        self.scene_bar = SceneBar(studio)  # a scene chat's cast strip (ui/chat/scene_bar.py)
        layout.addWidget(self.scene_bar)
        self.composer = composer if composer is not None else Composer()
        self.composer.send_requested.connect(self.send_requested.emit)
        self.composer.edit_requested.connect(self.edit_requested.emit)
        self.composer.stop_requested.connect(lambda: self.stop_requested.emit(self.live.run_id))
        layout.addWidget(self.composer)
        self.composer.forecast_line.bind(self._forecast)
        self.welcome: WelcomeCard | None = None
        # a chat with nothing in it yet says what to do next (issue 38), above the empty transcript, not in it: a
        # wrapping label in the column made the scroll area size the column for a narrow width (a scroll bar
        # in a chat with nothing to scroll)
        self.empty_hint = QLabel()
        self.empty_hint.setObjectName("Muted")
        self.empty_hint.setContentsMargins(16, 12, 16, 0)
        policy = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.empty_hint.setSizePolicy(policy)
        self.empty_hint.setWordWrap(True)
        self.empty_hint.setMinimumWidth(1)
        self.empty_hint.hide()
        layout.insertWidget(layout.indexOf(self.scroll_area), self.empty_hint)
        self._hint_chat: ChatRecord | None = None  # the chat the hint was last decided for
        self._new_project = ("", "")  # (first chat, name) of the project made last in this window
        self.mentions = MentionIndex()
        self.follower = ChangeFollower(self, studio.operation_did_execute, self._concerns, self._on_changes)
        studio.events_arrived.connect(self._on_events)
        studio.live_arrived.connect(self._on_live)
        studio.run_finished.connect(self._on_run_finished)
        studio.run_started.connect(self._on_run_started)
        studio.unpublished_found.connect(lambda run_id: self.schedule_reload() if run_id in self._run_roots else None)

    # -- chat ------------------------------------------------------------------------------------
    def set_chat(self, chat_id: str) -> None:
        """Shows ``chat_id``; the composer's draft stays with the chat it was written in."""
        if chat_id != self.chat_id:
            if self.chat_id:
                self._drafts[self.chat_id] = self.composer.draft()
                self.composer.set_draft(self._drafts.pop(chat_id, ("", None)))
            elif chat_id in self._drafts or not self.composer.text():
                self.composer.set_draft(self._drafts.pop(chat_id, ("", None)))
            # else: what was typed with no chat shown (the window opening) goes on in this one
        if chat_id != self.chat_id:
            self.shown_limit = PAGE
        self.chat_id = chat_id
        record = self.studio.chats.get(chat_id)
        self.title.setText(i18n.chat_name(record.name) if record else "")
        project_id = self.studio.chats.project_id(chat_id) if chat_id else ""
        if project_id != self.mentions.project_id:
            files = self.studio.projects.files.get(project_id)
            self.mentions = MentionIndex(project_id, files.entries if files else ())
            if files is None and project_id:
                self.studio.projects.read(project_id, self, self._on_project_read)  # the underlines follow
        exploring = record is not None and record.explore
        self.scene_bar.set_chat(chat_id)
        self.explore_badge.setVisible(exploring)
        self.composer.set_exploring(exploring)
        self.composer.set_scene(self.scene_bar.state is not None)
        changed = chat_id != self._shown_chat
        self._shown_chat = chat_id
        if changed:  # the composer's agent is picked from the runs read with the chat (``_take_agent``)
            self._agent_from_read = chat_id
        if changed:  # another chat: its own cards when its read arrives (a hidden view reads when it is shown)
            self._clear_cards()
            gui_busy(SWITCH_BUSY_S)  # the old cards go, the read comes, the new ones are built: workers give way
        self.reload()
        active = self.studio.active_run(chat_id)
        if active is not None:
            stats = self.studio.stats.get(active.run_id)
            self.live.begin(active.run_id, stats.agent if stats else "")
            self.live.set_status(active.context.run_status.value)
        else:
            self.live.hide()
        self.composer.set_running(active is not None)
        self.composer.forecast_line.schedule()  # another chat: another history to forecast with

    async def _forecast(self, agent_id: str, text: str) -> Forecast:
        """The composer's forecast line asks what a run for ``text`` in the chat shown would take."""
        if self.studio.shutting_down:
            raise RuntimeError("the window is closing")
        return await self.studio.chats.forecast(self.chat_id or None, agent_id, text)

    def schedule_reload(self) -> None:
        """Refreshes once on the next turn of the loop, however many events asked for it this frame: a query on the
        reader lane while the chat is shown (its cards stay until the read arrives), else read here."""
        if not self._reload_timer.isActive():
            self._reload_timer.start()

    def _refresh(self) -> None:
        """The refresh the chat's own events ask for (a commit, a run's end): ``reload``."""
        self.reload()

    def reload(self) -> None:
        """Shows the chat's messages and notices as read now: a query on the studio's reader lane while the view is
        shown (a book's chapter read on the GUI thread, and its new cards' versions and sources, were most of a
        switch's and a run's longest gap), the cards shown staying until it arrives; a hidden view reads when it is
        shown (``showEvent``: the chat a window opens with, a chat behind another page). Cards whose item did not
        change are kept as they are (a markdown body is laid out once, not on every commit of the chat)."""
        self._reload_timer.stop()
        if self.studio.shutting_down:  # the runtime closes behind the window: nothing is read any more
            return
        self._request_contents()

    def _request_contents(self) -> None:
        """Reads the chat's contents on the studio's reader lane (off the GUI thread); the newest request wins.
        The chat a window opens with is read as the window is built (it shows when the window does); hidden behind
        another page, the view only notes that it reads when shown: ``up_to_date`` says no until then."""
        self._wanted += 1
        if not self.chat_id:
            self._stale = False
            self._show(None)
            self._shown_read = self._wanted
            return
        self._stale = not self.isVisibleTo(self.window())  # shown, or the page its window opens with
        if not self._stale:
            wanted = self._wanted
            self.studio.chats.read_contents(self, self.chat_id, self.shown_limit, partial(self._on_contents, wanted),
                                            partial(self._on_contents_failed, wanted))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale and not self.studio.shutting_down:
            self._request_contents()  # what changed while hidden, or the chat the window opens with

    @property
    def up_to_date(self) -> bool:
        """Whether the chat's newest read is shown and no refresh waits (a run's end is shown when its read arrives)."""
        return self._shown_read == self._wanted and not self._reload_timer.isActive()

    def _on_contents_failed(self, wanted: int, line: str) -> None:
        """The reader could not read the chat (a busy or closed file; logged by the presenter): what was shown
        stays, and the line above the transcript says why (the next refresh or switch reads again)."""
        if wanted != self._wanted:
            return
        self._shown_read = wanted
        self._keep_from_end = None
        self.empty_hint.setText(line)
        self.empty_hint.show()

    def _on_contents(self, wanted: int, contents: ChatContents) -> None:
        """The read arrived. The first read the view shows is built in a later turn (``next_turn``), not in the one
        that delivers it: that turn also holds the window's first paint and the project's read arriving, and with
        the chat's first card and its paint they were one gap of the GUI thread of 70 to 110 ms. A switch's read
        arrives alone and is built at once."""
        if not self._first_read_taken and wanted == self._wanted:
            self._first_read_taken = True
            next_turn(self, partial(self._take_contents, wanted, contents))
        else:
            self._take_contents(wanted, contents)

    def _take_contents(self, wanted: int, contents: ChatContents) -> None:
        if wanted != self._wanted:
            return  # a newer read, or a refresh on the GUI thread, came after it
        if contents.chat_id == self.chat_id:
            self._take_agent(contents)
            self.studio.chats.prime_versions(contents.versions)  # the cards' own reads, done on the lane
            self.studio.journal.prime(contents.citations, contents.stages)
            self._show(contents)
        self._shown_read = wanted

    def _take_agent(self, contents: ChatContents | None) -> None:
        """After a switch, the composer picks the agent the chat's last request went to (its runs came newest first
        with its contents: no read of its own on the GUI thread), not the first one of the list."""
        if contents is None or self._agent_from_read != contents.chat_id:
            return
        self._agent_from_read = ""
        last = next((r for r in contents.runs if r.kind != RUN_KIND_HANDOFF), None)
        if last is not None:
            self.composer.select_agent(last.root_profile_id)

    def _clear_cards(self) -> None:
        """Takes the cards of the chat shown before away (a switched-to chat shows its own when they are read)."""
        self._more_timer.stop()
        for card in self.cards:
            self.column_layout.removeWidget(card)
            card.hide()
            card.deleteLater()
        self.cards, self._slots, self._slot_items = [], [], []
        self.earlier.hide()
        if self.handoff_offer.chat_id and self.handoff_offer.chat_id != self.chat_id:
            self.handoff_offer.dismiss()  # the offer belongs to its chat

    def _show(self, contents: ChatContents | None) -> None:
        """Fills the view from what was read of the chat."""
        gui_busy()  # its cards are built now, and laid out and painted after: workers give way
        self.agent_names = {pid: p.display_name for pid, p in self.studio.agents.profiles().items()}
        messages = contents.messages if contents else []
        run_records = contents.runs if contents else []
        runs = {}
        for record in run_records:
            runs[record.id] = record
            self._run_chat[record.id] = record.chat_id
        self._run_roots = {rid: record.root_profile_id for rid, record in runs.items()}
        self._chat_agent = next((m.agent_name for m in reversed(messages) if m.role == "assistant" and m.agent_name),
                                None)
        if self.welcome is not None:
            self.column_layout.removeWidget(self.welcome)
            self.welcome.deleteLater()
            self.welcome = None
        chat = contents.chat if contents else None
        if chat is not None and chat.name == WELCOME_CHAT and not messages:
            profiles = self.studio.agents.profiles()
            shown = [(p.display_name, p.description) for p in profiles.values()]
            self.welcome = WelcomeCard(shown)
            self.welcome.run_demo.connect(self.run_demo_requested.emit)
            self.column_layout.insertWidget(self.column_layout.count() - 1, self.welcome)
            self.welcome.show()  # with the read it came in, not in a queued call after it
        self._show_empty_hint(chat, bool(messages or runs))
        regenerated = {rid: of for rid, of in contents.regenerated.items()
                       if notice_for(runs[rid]) is not None} if contents else {}
        old = {card_key(card): card for card in self.cards}
        handed_off = [HandedOffEntry(h.chat.id, h.chat.name, h.entry, h.chat.created_at)
                      for h in contents.handed_off] if contents else []
        said = transcript(messages, runs, regenerated, self._unpublished(runs))
        attempt = handoff_notice(run_records, messages)  # a live run is newest and not a failed handoff
        items = with_lineage(said + ([attempt] if attempt else []), contents.continued_from, contents.continued_in,
                             handed_off) if contents else []
        hidden = max(len(items) - self.shown_limit, 0)
        items = items[hidden:]
        self.earlier.setText(self.tr("Show earlier messages (%n more)", "", hidden))
        self.earlier.setVisible(hidden > 0)
        slots: list[QWidget | None] = [old.pop(item_key(item), None) for item in items]
        for card in self.cards:
            self.column_layout.removeWidget(card)
        for card in old.values():
            card.hide()  # gone from the column at once; destroyed after this turn
            card.deleteLater()
        start = self.column_layout.indexOf(self.earlier) + 1
        for offset, kept in enumerate(c for c in slots if c is not None):
            self.column_layout.insertWidget(start + offset, kept)
        self._slots, self._slot_items = slots, items
        self._from_end = None
        self._more_timer.stop()
        missing = [i for i, card in enumerate(slots) if card is None]
        if hidden:  # the last card at once (the turn also lays out and paints the chat anew), the rest in slices
            _build_within_budget(missing, self._make_slice_card, self._expected_cost, most=1)
        else:  # a chat of one page (most) is built whole
            for index in missing:
                self._make_card(index)
        self.cards = [c for c in slots if c is not None]
        if any(slot is None for slot in slots):
            self._more_timer.start()
        self._offer_after_failure(run_records)
        self._name_finisher()
        from_end, self._keep_from_end = self._keep_from_end, None
        if from_end is None:
            self._scroll_to_end()
        else:
            self._keep_place(from_end)

    def _name_finisher(self) -> None:
        """After a run's end is read, a card kept from before the end names who finished it now."""
        run_id, self._finished_run = self._finished_run, ""
        for card in self.message_cards() if run_id else ():
            if card.message.run_id == run_id or any(v.run_id == run_id for v in card.versions):
                card.show_version(card.version_index)

    def _build_more(self) -> None:
        """The next few cards above the ones built (the last first), one batch per turn of the loop, while the
        creator could soon see them (``_wants_more``); the rest when they scroll up to them (``_on_scrolled``).
        The place the creator reads at is held while cards are added above it."""
        missing = [i for i, card in enumerate(self._slots) if card is None]
        bar = self.scroll_area.verticalScrollBar()
        if not missing or not self._wants_more():
            if not self._stick_to_end:
                self._from_end = None  # the last batch is laid out: scrolling is the creator's again
            return
        if self._from_end is None and not self._stick_to_end:
            self._from_end = bar.maximum() - bar.value()
        gui_busy()
        _build_within_budget(missing, self._make_slice_card, self._expected_cost)
        self.cards = [c for c in self._slots if c is not None]
        self._more_timer.start()  # next turn: more, if still wanted, else the place is let go

    def _make_card(self, index: int) -> None:
        """Builds the card of the item at ``index`` into its place in the column (Qt shows it after the turn: for a
        page built whole, one polish and layout of them all is cheaper than one per card)."""
        card = card_for(self._slot_items[index], self)
        self._slots[index] = card
        start = self.column_layout.indexOf(self.earlier) + 1
        self.column_layout.insertWidget(start + sum(1 for c in self._slots[:index] if c is not None), card)

    def _make_slice_card(self, index: int) -> None:
        """``_make_card`` for a slice of a long chat: the card shown and laid out at the column's width now, within
        the turn's budget (``_build_within_budget``); Qt would show it in a queued call after the turn and lay its
        labels out in the column's layout pass, outside the budget (a fifth of a slice's gap on the book)."""
        started = time.perf_counter()
        self._make_card(index)
        card = self._slots[index]
        if card is not None and self.column.isVisible():
            card.show()
            card.heightForWidth(self._card_width())
            self._card_cost.note(self._slot_items[index], time.perf_counter() - started)

    def _expected_cost(self, index: int) -> float:
        return self._card_cost.expected(self._slot_items[index])

    def _wants_more(self) -> bool:
        """Whether cards above the built ones are wanted now: at the end of the chat, until the built cards reach
        ``AHEAD`` of a view above the one shown; scrolled up, while the view is within that of the top."""
        view = self.scroll_area.viewport().height()
        if not self._stick_to_end:
            return self.scroll_area.verticalScrollBar().value() < view * AHEAD
        width = self._card_width()
        built = sum(c.heightForWidth(width) if c.hasHeightForWidth() else c.sizeHint().height() for c in self.cards)
        return built < view * (1 + AHEAD)

    def _card_width(self) -> int:
        margins = self.column_layout.contentsMargins()
        return max(self.scroll_area.viewport().width() - margins.left() - margins.right(), 1)

    def _on_scrolled(self, value: int) -> None:
        bar = self.scroll_area.verticalScrollBar()
        self._stick_to_end = value >= bar.maximum() - 4
        if (not self._more_timer.isActive() and value < self.scroll_area.viewport().height() * AHEAD
                and any(slot is None for slot in self._slots)):
            self._more_timer.start()  # the creator scrolled up to the cards not built yet

    def build_all(self) -> None:
        """Builds every card of the items shown now (Find searches them all)."""
        missing = [i for i, card in enumerate(self._slots) if card is None]
        if not missing:
            return
        self._more_timer.stop()
        for index in reversed(missing):
            self._make_card(index)
        self.cards = [c for c in self._slots if c is not None]

    def show_earlier(self) -> None:
        """Adds the ``PAGE`` items before the first one shown, keeping the place the creator reads at."""
        bar = self.scroll_area.verticalScrollBar()
        self._keep_from_end = bar.maximum() - bar.value()  # kept when the read arrives (``_show``)
        self.shown_limit += PAGE
        self.reload()

    def _keep_place(self, from_end: int) -> None:
        """The place the creator read at, ``from_end`` above the end, kept as the cards above it come."""
        bar = self.scroll_area.verticalScrollBar()
        self._stick_to_end = False
        # held while the cards above are built (``_build_more`` lets go) and laid out (Qt lays a page built whole
        # out after the turn, maybe after the zero timer below: ``_on_range_changed`` keeps it then)
        self._from_end = from_end
        self._settled_timer.start()
        QTimer.singleShot(0, lambda: bar.setValue(bar.maximum() - from_end))

    def _let_place_go(self) -> None:
        """The column's height has settled since "Show earlier messages": scrolling is the creator's again."""
        if not self._more_timer.isActive() and not self._stick_to_end:
            self._from_end = None

    def _unpublished(self, runs: dict[str, RunRecord]) -> dict[str, RunNotice]:
        """A notice for each ended run whose approved change no commit published (``unpublished.py``)."""
        notices: dict[str, RunNotice] = {}
        for run_id, record in runs.items():
            if not record.status.terminal or run_id in self.studio.handles or record.kind == RUN_KIND_HANDOFF:
                continue
            changes = self.studio.unpublished_changes(run_id)
            if changes:
                notices[run_id] = RunNotice(run_id, record.status, notice_text(changes), None,
                                            tuple((c.path, c.agent, c.edited) for c in changes))
        return notices

    def note_new_project(self, chat_id: str, name: str) -> None:
        """``chat_id`` is the first chat of a project just made (``name``): its hint says what a project holds and
        how to fill it, until the chat is used."""
        self._new_project = (chat_id, name)
        if chat_id == self.chat_id and self.empty_hint.isVisible() and self._hint_chat is not None:
            self._show_empty_hint(self._hint_chat, False)

    def _show_empty_hint(self, chat: ChatRecord | None, used: bool) -> None:
        """A chat with no message and no run yet (not the Welcome chat, which has its card): what to do."""
        self._hint_chat = chat
        if chat is None or used or self.welcome is not None:
            self.empty_hint.hide()
            return
        project = self._new_project
        self.empty_hint.setText(
            self.tr("Nothing here yet. Write how the scene opens below and press Ctrl+Enter: the character you "
                    "picked in the cast, or the first one, speaks. /as Name gives someone the turn.")
            if self.scene_bar.state is not None else
            self.tr("Nothing here yet. Ask about your story library, knowledge and files below; the explorer answers "
                    "and changes nothing.") if chat.explore else
            i18n.arg(self.tr("The project “%1” is new: its chats, story library, knowledge and Skills are its own. "
                             "Add its characters and places under Story library and its documents under Knowledge "
                             "(Library, Ctrl+L), then write what you want below and press Ctrl+Enter."), project[1])
            if chat.id == project[0] else
            self.tr("Nothing here yet. Write what you want below and press Ctrl+Enter: the agent picked under the "
                    "message starts and passes the work along. Start with @editor (or another agent's name) to "
                    "pick who starts."))
        self.empty_hint.show()

    def offer_handoff(self, text: str) -> None:
        """Shows the offer to hand off above the composer, for this chat, saying ``text``."""
        self.handoff_offer.offer(self.chat_id, text)

    def _offer_after_failure(self, runs: list[RunRecord]) -> None:
        """The offer when the chat's last run failed on a request longer than the model holds (until the
        creator dismisses it or hands off); an offer made for another chat goes away."""
        if self.handoff_offer.chat_id and self.handoff_offer.chat_id != self.chat_id:
            self.handoff_offer.dismiss()
        last = next((r for r in runs if r.kind != RUN_KIND_HANDOFF), None)  # newest first
        if (last is None or last.status is not RunStatus.FAILED or last.id in self._declined_offers
                or not exceeds_context(last.error_code, last.error_message)):
            return
        self._declined_offers.add(last.id)
        self.offer_handoff(self.tr("The last request was longer than the agent's model can hold (its server said "
                                   "so). Hand off to a new chat that starts from a summary of this one."))

    def macro_names(self, message: MessageRecord) -> MacroNames:
        """What SillyTavern's {{user}} and {{char}} mean in ``message``'s tooltips: the creator's persona, and
        the agent who wrote it (for the creator's own message, the agent it was sent to, else the chat's last
        one); with no agent at all, {{char}} stays as written."""
        char = message.agent_name if message.role == "assistant" else None
        if not char and message.run_id in self._run_roots:
            root = self._run_roots[message.run_id]
            char = self.agent_names.get(root, root)
        return MacroNames(self.studio.connections.persona_name(), char or self._chat_agent or "{{char}}")

    def message_cards(self) -> list[MessageCard]:
        """The message cards built (the last ones of a long chat first; those above as they come into view)."""
        return [c for c in self.cards if isinstance(c, MessageCard)]

    def _all_message_cards(self) -> list[MessageCard]:
        self.build_all()
        return self.message_cards()

    def _scroll_to_end(self) -> None:
        """To the last message, and there as the cards are laid out (their heights come after they show)."""
        self._stick_to_end = True
        bar = self.scroll_area.verticalScrollBar()
        bar.setValue(bar.maximum())
        QTimer.singleShot(0, lambda: bar.setValue(bar.maximum()))

    def _on_range_changed(self, _low: int, high: int) -> None:
        if self._stick_to_end:
            self.scroll_area.verticalScrollBar().setValue(high)
        elif self._from_end is not None:
            self.scroll_area.verticalScrollBar().setValue(high - self._from_end)
            if self._settled_timer.isActive():
                self._settled_timer.start()  # still settling: held a while longer
        if not self._more_timer.isActive() and any(slot is None for slot in self._slots):
            self._more_timer.start()  # laid out anew (the window shown, resized): are more cards wanted now?

    def edit_in_composer(self, message_id: str) -> None:
        """A card's Edit: the message's text, and the agent its run went to, back in the composer."""
        message = self.studio.chats.message(message_id)
        if message is None:
            return
        if message.run_id:
            record = self.studio.journal.run(message.run_id)
            if record is not None:
                self.composer.select_agent(record.root_profile_id)
        self.composer.set_text(message.content, editing=message.id)

    def publish_approved(self, run_id: str, path: str, agent: str) -> None:
        """A notice's Publish: the approved change becomes the run's answer; the chat shows it when committed."""
        self._publishing.spawn(self._publish(run_id, path, agent))

    async def _publish(self, run_id: str, path: str, agent: str) -> None:
        try:
            await self.studio.chats.publish_approved(run_id, path, agent)
        except NothingToPublish as exc:
            self.publish_failed.emit(f"{exc.message} ({exc.code})")
            return
        self.studio.forget_unpublished(run_id)
        self.reload()

    def _concerns(self, changes: Changes) -> bool:
        return (bool(self.chat_id) and self.chat_id in changes.messages) or (
            bool(self.mentions.project_id) and self.mentions.project_id in changes.project_files())

    def _on_changes(self, changes: Changes) -> None:
        """The chat's messages changed (a message deleted, or written by another process: the hub's watcher), or
        the story library of the chat's project did (in the window, or outside it: found by a read)."""
        if self.chat_id in changes.messages:
            self.reload()
        if self.mentions.project_id and self.mentions.project_id in changes.project_files():
            self.studio.projects.read(self.mentions.project_id, self, self._on_project_read)

    def _on_project_read(self, files: ProjectFiles) -> None:
        """The chat's project was read (the library changed, the window got the focus back): the
        messages whose mentions changed are laid out again."""
        if files.error or files.project_id != self.mentions.project_id or files.entries == self.mentions.entries:
            return
        self.mentions = MentionIndex(files.project_id, files.entries)
        for card in self.message_cards():
            card.set_mentions(self.mentions)

    # -- runtime updates ---------------------------------------------------------------------------
    def _chat_of(self, event: Event) -> str:
        if event.type == "run_created":
            self._run_chat[event.run_id] = str(event.payload.get("chatId", ""))
        chat = self._run_chat.get(event.run_id)
        if chat is None:
            handle = self.studio.handles.get(event.run_id)
            chat = handle.chat_id if handle else ""
            self._run_chat[event.run_id] = chat
        return chat

    def _on_events(self, events: list[Event]) -> None:
        reload = False
        for event in events:
            if self._chat_of(event) != self.chat_id:
                continue
            if event.run_id == self.live.run_id:
                follow_event(self.live, event)
            if event.type in RELOAD_ON:
                reload = True
        if reload:
            self.schedule_reload()

    def _on_live(self, updates: list[LiveUpdate]) -> None:
        for update in updates:
            if update.run_id != self.live.run_id or not self.live.isVisible():
                continue
            follow_live(self.live, update, self.agent_names.get(update.agent_id, update.agent_id))

    def _on_run_started(self, run_id: str, chat_id: str) -> None:
        self._run_chat[run_id] = chat_id
        if chat_id == self.chat_id:
            stats = self.studio.stats.get(run_id)
            self.live.begin(run_id, stats.agent if stats else "")
            self.composer.set_running(True)
            self.schedule_reload()

    def _on_run_finished(self, run_id: str, _status: str) -> None:
        if run_id == self.live.run_id:
            self.live.hide()
            self.composer.set_running(False)
            self._finished_run = run_id  # its cards name who finished it once the chat is read (``_show``)
            self._refresh()  # on the reader lane while shown: also stands for the reloads its last events asked for
            if self.isVisible() and not self.find_bar.field.hasFocus():
                self.composer.editor.setFocus()  # the creator can just type the next message

    # -- find --------------------------------------------------------------------------------------
    def open_find(self) -> None:
        self.find_bar.open_bar()

    def find_text(self, text: str, forward: bool = True) -> int:
        """Moves to the next (or previous) match of ``text`` in the chat (``find_bar.ChatFind``)."""
        return self.finder.find_text(text, forward)
