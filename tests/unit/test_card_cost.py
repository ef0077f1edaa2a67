"""A turn of the chat's loop starts a card only when it is expected to fit in what is left of the turn's budget;
what a card takes is learnt per kind of card as cards are built (ui/chat/card_cost.py)."""

from __future__ import annotations

import pytest

from relay_studio.domain.records import MessageRecord
from relay_studio.ui.chat import view as chat_view
from relay_studio.ui.chat.card_cost import FIRST_GUESS, CardCost
from relay_studio.ui.chat.transcript import LineageMarker


def _message(role: str) -> MessageRecord:
    return MessageRecord(id=f"m-{role}", chat_id="c", position=0, role=role, content="The tide.",
                         created_at="2026-01-01", updated_at="2026-01-01")


def test_a_turn_starts_no_card_expected_to_take_more_than_is_left_of_its_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chat_view, "BUILD_BUDGET", 1.0)  # a second: no stall of the machine spends it here
    made: list[int] = []
    cheap, dear = 0.0, 2.0
    chat_view._build_within_budget([0, 1, 2, 3], made.append, lambda index: dear if index == 1 else cheap)
    assert made == [3, 2]  # the last first; the card expected to overrun waits for the next turn
    made.clear()
    chat_view._build_within_budget([0, 1], made.append, lambda _index: dear)
    assert made == [1]  # always one, however dear: the view moves on each turn


def test_what_a_card_takes_is_learnt_per_kind() -> None:
    cost = CardCost()
    answer, question = _message("assistant"), _message("user")
    assert cost.expected(answer) == FIRST_GUESS
    cost.note(answer, 0.010)
    cost.note(question, 0.002)
    assert cost.expected(answer) == 0.010 and cost.expected(question) == 0.002
    cost.note(answer, 0.020)
    assert 0.010 < cost.expected(answer) < 0.020  # a running average: one slow card moves it part of the way
    assert cost.expected(LineageMarker("in", "c2", "Chapter 2")) == FIRST_GUESS


def test_a_switchs_first_turn_builds_the_last_card_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chat_view, "BUILD_BUDGET", 1.0)
    made: list[int] = []
    chat_view._build_within_budget([0, 1, 2, 3], made.append, lambda _index: 0.0, most=1)
    assert made == [3]  # the turn that lays out and paints the chat anew builds no more than the last message
    made.clear()
    chat_view._build_within_budget([0, 1, 2, 3, 4, 5], made.append, lambda _index: 0.0)
    assert made == [5, 4, 3, 2]  # a later slice: up to FIRST_CARDS within the budget
