"""What the live views say of a model call while it runs: the chat's live card and the timeline's open bar.

The runtime sends a ``LiveUpdate(kind="progress")`` when a call starts and whenever what it knows of the
call changes (``runtime/model_call.py: _LiveProgress``); the window keeps the clock. ``CallClock`` holds
the latest progress of the calls that run and when each started (``time.monotonic``), and
``progress_text`` writes one line of it: "12 s · reading your prompt (1,024 of 1,711 tokens)",
"3 s · about 56 tokens written", "40 s · this server sends the answer at once". The views redraw it
from a timer at least once a second, so the seconds move even when no byte arrives.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QCoreApplication

from relay_studio.ui import i18n

# How often the live views redraw a running call's line (ms): the shown second changes at most one tick
# after it turns, so the line never stands still for much more than a second
TICK_MS = 200


@dataclass
class RunningCall:
    turn_id: str
    started: float
    data: dict[str, Any] = field(default_factory=dict)


class CallClock:
    """The calls that run now, by invocation; a call ends with its ``model_call_completed|failed``."""

    def __init__(self) -> None:
        self.calls: dict[str, RunningCall] = {}
        self._ended: set[str] = set()

    def update(self, invocation_id: str, data: dict[str, Any], now: float | None = None) -> None:
        turn = str(data.get("turnId") or "")
        if not turn or turn in self._ended:  # a late update of a call that already ended
            return
        call = self.calls.get(invocation_id)
        if call is None or call.turn_id != turn:
            call = self.calls[invocation_id] = RunningCall(turn, time.monotonic() if now is None else now)
        call.data = dict(data)

    def end(self, turn_id: str) -> None:
        self._ended.add(turn_id)
        for inv, call in list(self.calls.items()):
            if call.turn_id == turn_id:
                del self.calls[inv]

    def clear(self) -> None:
        self.calls.clear()
        self._ended.clear()

    def by_turn(self, turn_id: str) -> RunningCall | None:
        return next((c for c in self.calls.values() if c.turn_id == turn_id), None)

    def latest(self) -> RunningCall | None:
        return max(self.calls.values(), key=lambda c: c.started, default=None)


def progress_phase(data: dict[str, Any]) -> str:
    """What the call is doing, in the window's language (no clock)."""
    translate = QCoreApplication.translate  # pyside6-lupdate reads translate("CallProgress", "…")
    if data.get("streamed") is False:
        return translate("CallProgress", "this server sends the answer at once")
    written = int(data.get("writtenTokens") or 0)
    if written:
        return i18n.arg(translate("CallProgress", "about %1 tokens written"), i18n.number(written))
    total = data.get("promptTotal")
    if total:
        processed = int(data.get("promptProcessed") or 0)
        if processed < int(total):
            return i18n.arg(translate("CallProgress", "reading your prompt (%1 of %2 tokens)"), i18n.number(processed),
                            i18n.number(int(total)))
        read = translate("CallProgress", "your prompt is read (%1 tokens), waiting for the first token")
        return i18n.arg(read, i18n.number(int(total)))
    return translate("CallProgress", "waiting for the first token")


def progress_text(call: RunningCall, now: float | None = None) -> str:
    elapsed = max((time.monotonic() if now is None else now) - call.started, 0.0)
    return f"{i18n.seconds(int(elapsed), 0)} · {progress_phase(call.data)}"
