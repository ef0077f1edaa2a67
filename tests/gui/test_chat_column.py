"""The chat column on a book: a card added to it lays out no card built before it (bench/book_scale.py measured a
chapter's switch re-laying out every card for each one added), and a card put into the column is rendered once."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtWidgets import QApplication, QScrollArea, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from relay_studio.domain.records import MessageRecord
from relay_studio.ui import theme
from relay_studio.ui.chat import message_card
from relay_studio.ui.chat.card_chrome import ColumnLabel
from relay_studio.ui.chat.message_card import MessageCard

TEXT = "**The tide** turned at dusk. " * 12 + "\n\n| Ship | Crew |\n|---|---:|\n| Heron | 40 |\n"


def qtbot_app() -> QApplication:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return app


def _message(n: int) -> MessageRecord:
    return MessageRecord(id=f"m{n}", chat_id="c", role="assistant", content=f"Answer {n}. {TEXT}",
                         agent_id="writer", position=n, created_at=f"2026-01-01T00:00:{n:02}.000Z",
                         updated_at=f"2026-01-01T00:00:{n:02}.000Z")


def _column(qtbot: QtBot) -> tuple[QScrollArea, QVBoxLayout]:
    area = QScrollArea()
    area.setWidgetResizable(True)
    column = QWidget()
    layout = QVBoxLayout(column)
    layout.addStretch(1)
    area.setWidget(column)
    area.resize(600, 500)
    qtbot.addWidget(area)
    area.show()
    return area, layout


def test_a_card_added_to_the_column_lays_out_no_card_built_before_it(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    theme.apply_theme(qtbot_app(), "light")  # the window's style sheet, as the chat has it
    area, layout = _column(qtbot)
    cards = [MessageCard(_message(n)) for n in range(10)]
    for card in cards:
        layout.insertWidget(layout.count() - 1, card)
    margins = layout.contentsMargins()
    qtbot.waitUntil(lambda: area.verticalScrollBar().isVisible() and all(  # laid out at the column's final width
        c.width() == area.viewport().width() - margins.left() - margins.right() and c.body.height() > 20
        for c in cards))
    measured: Counter[int] = Counter()
    real = ColumnLabel._measure

    def counted(self: ColumnLabel, width: int) -> int:
        measured[id(self)] += 1
        return real(self, width)

    monkeypatch.setattr(ColumnLabel, "_measure", counted)
    added = MessageCard(_message(10))
    layout.insertWidget(0, added)  # above the others, as a card scrolled up to is
    qtbot.waitUntil(lambda: added.body.height() > 20 and added.body.y() >= 0)
    qtbot.waitUntil(lambda: cards[0].y() > added.y() + added.height() - 1)  # the column laid out again
    assert measured[id(added.body)] >= 1  # the new card's text was laid out
    assert not [c for c in cards if measured[id(c.body)]]  # no card built before it


def test_a_card_put_into_the_column_renders_its_body_once(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    theme.apply_theme(qtbot_app(), "light")
    _area, layout = _column(qtbot)
    rendered: list[str] = []
    real = MessageCard._render

    def counted(self: MessageCard, text: str) -> None:
        rendered.append(self.message.id)
        real(self, text)

    monkeypatch.setattr(message_card.MessageCard, "_render", counted)
    card = MessageCard(_message(1))
    layout.insertWidget(0, card)
    qtbot.waitUntil(lambda: card.body.height() > 20)
    assert rendered == ["m1"]  # not again for the palette the column's style gave it (the same colours)
    theme.apply_theme(qtbot_app(), "dark")  # a real change of colours renders it again
    qtbot.waitUntil(lambda: rendered == ["m1", "m1"])
    theme.apply_theme(qtbot_app(), "light")
