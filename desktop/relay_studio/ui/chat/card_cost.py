"""What building a chat card takes, learnt as cards are built: a turn of the loop starts the next card only when it is
expected to fit in what is left of the turn's budget (``ui/chat/view.py: _build_within_budget``), so a turn that
built a few short cards does not end with a long answer's card on top (a book's answer card takes 3 to 12 ms to
build, show and lay out, a creator's message about 2; bench/book_scale.py)."""

from __future__ import annotations

from relay_studio.domain.records import MessageRecord
from relay_studio.ui.chat.transcript import TranscriptItem

#: what a card of a kind not built yet is expected to take, in seconds (an answer's card on a book)
FIRST_GUESS = 0.005
#: the weight of the newest build in the running average of its kind
WEIGHT = 0.3


def card_kind(item: TranscriptItem) -> str:
    """Cards of one kind cost about the same: an answer (buttons, versions, sources), a creator's message, a notice."""
    return f"message:{item.role}" if isinstance(item, MessageRecord) else type(item).__name__


class CardCost:
    """A running average, per kind of card, of the seconds building one took."""

    def __init__(self) -> None:
        self._seconds: dict[str, float] = {}

    def expected(self, item: TranscriptItem) -> float:
        return self._seconds.get(card_kind(item), FIRST_GUESS)

    def note(self, item: TranscriptItem, seconds: float) -> None:
        kind = card_kind(item)
        before = self._seconds.get(kind)
        self._seconds[kind] = seconds if before is None else before + WEIGHT * (seconds - before)
