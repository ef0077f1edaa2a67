"""What a chat shows, in order: where it was continued from (a handoff), messages, a plain-words notice
for each run that did not end well, the documents it handed off (where each handoff happened), and the
chats that continue it.

Pure data over the store's records; the view turns items into cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.records import RUN_KIND_HANDOFF, ChatRecord, MessageRecord, RunRecord
from relay_studio.ui import i18n
from relay_studio.ui.chat.words import for_window


def endings() -> dict[RunStatus, str]:
    """Plain words for how a run ended, when it did not simply complete (in the window's language)."""
    return {
        RunStatus.FAILED: QCoreApplication.translate("Transcript", "The run failed"),
        RunStatus.PARTIAL_SUCCESS: QCoreApplication.translate("Transcript",
                                                              "The run stopped after committing part of the work"),
        RunStatus.CANCELLED: QCoreApplication.translate("Transcript", "The run was stopped"),
        RunStatus.INTERRUPTED: QCoreApplication.translate(
            "Transcript", "Relay Studio closed while this run was in progress; it cannot continue"),
    }


@dataclass(frozen=True)
class RunNotice:
    run_id: str
    status: RunStatus
    text: str
    error_code: str | None
    #: approved changes the creator may publish from the notice: (path, whose change it was, edited by them)
    publishable: tuple[tuple[str, str, bool], ...] = ()


@dataclass(frozen=True)
class LineageMarker:
    """A view element, never a message: "Continued from ← <chat>" at the top of a chat that a handoff
    started, "Continued in → <chat>" at the end of one a handoff continued (docs/session-handoff.md)."""

    direction: str  # FROM or IN
    chat_id: str
    chat_name: str

    @property
    def text(self) -> str:
        text = (QCoreApplication.translate("Transcript", "Continued from ← %1") if self.direction == FROM
                else QCoreApplication.translate("Transcript", "Continued in → %1"))
        return text.replace("%1", self.chat_name)


@dataclass(frozen=True)
class HandedOffEntry:
    """A view element, never a message: the handoff document this chat handed off to <chat> (that chat's
    first entry, as accepted), shown collapsed where the handoff happened. No prompt of this chat includes
    it: prompts are built from the chat's messages, and this is not one (docs/session-handoff.md)."""

    chat_id: str
    chat_name: str
    entry: MessageRecord
    # when the new chat was started: the entry goes after every message written before
    at: str

    @property
    def text(self) -> str:
        return QCoreApplication.translate("Transcript", "Handed off to “%1”").replace("%1", self.chat_name)


FROM, IN = "from", "in"
TranscriptItem = MessageRecord | RunNotice | LineageMarker | HandedOffEntry


def with_lineage(items: list[TranscriptItem], continued_from: list[ChatRecord],
                 continued_in: list[ChatRecord], handed_off: list[HandedOffEntry] | None = None
                 ) -> list[TranscriptItem]:
    """``items`` with the nearest chat this one continues first and the chats that continue it last
    (each marker opens its chat, so a chain of continuations is walked one chat at a time); each document
    ``handed_off`` goes before the first message written after its handoff (after the notices of the
    messages before it)."""
    head: list[TranscriptItem] = [LineageMarker(FROM, c.id, c.name) for c in continued_from[:1]]
    tail: list[TranscriptItem] = [LineageMarker(IN, c.id, c.name) for c in continued_in]
    body: list[TranscriptItem] = []
    pending = sorted(handed_off or [], key=lambda h: h.at)
    for item in items:
        while pending and isinstance(item, MessageRecord) and item.created_at > pending[0].at:
            body.append(pending.pop(0))
        body.append(item)
    return [*head, *body, *pending, *tail]


def notice_for(run: RunRecord) -> RunNotice | None:
    ending = endings().get(run.status)
    if ending is None:
        return None
    shown = run.error_message and run.status is not RunStatus.INTERRUPTED
    detail = f": {for_window(run.error_code, run.error_message or '')}" if shown else "."
    if run.status is RunStatus.INTERRUPTED:
        detail = QCoreApplication.translate("Transcript",
                                            ". Any change it was waiting for you to approve was not applied.")
    return RunNotice(run.id, run.status, ending + detail, run.error_code)


def handoff_notice(runs: list[RunRecord], messages: list[MessageRecord]) -> RunNotice | None:
    """The chat's latest run when it is a /handoff attempt that failed, or that Relay Studio's closing cut off:
    a handoff leaves no message, so without this notice a chat reopened after a restart said nothing of it.
    ``runs`` newest first. A stopped attempt (Esc) says nothing: the creator stopped it; an attempt older than
    the chat's last message is no news."""
    if not runs or runs[0].kind != RUN_KIND_HANDOFF:
        return None
    run = runs[0]
    if messages and messages[-1].created_at > run.created_at:
        return None
    retry = QCoreApplication.translate("Transcript", "Chat → Hand off to a new chat… (or /handoff) tries again.")
    if run.status is RunStatus.FAILED:
        why = for_window(run.error_code, run.error_message or "") if run.error_message else ""
        text = (i18n.arg(QCoreApplication.translate("Transcript", "The handoff to a new chat failed: %1"), why)
                if why else QCoreApplication.translate("Transcript", "The handoff to a new chat failed."))
    elif run.status is RunStatus.INTERRUPTED:
        text = QCoreApplication.translate("Transcript", "Relay Studio closed while the handoff document was being "
                                                        "written; the chat was not handed off.")
    else:
        return None
    text = text.rstrip()
    ended = text.endswith((".", "。", "?", "？", "!", "！"))  # a reason that ends its own sentence gets no "."
    return RunNotice(run.id, run.status, f"{text}{'' if ended else '.'} {retry}", run.error_code)


def transcript(messages: list[MessageRecord], runs: dict[str, RunRecord],
               regenerations: dict[str, str] | None = None,
               extra_notices: dict[str, RunNotice] | None = None) -> list[TranscriptItem]:
    """Messages in order; after the last message of a run that ended badly, its notice.

    ``regenerations`` maps a run that has no message of its own (a regeneration that failed before
    committing) to the answer it was regenerating: its notice follows that answer. ``extra_notices`` are
    said of runs that ended well all the same (an approved change that was never published).
    """
    last_of_run: dict[str, int] = {}
    for index, message in enumerate(messages):
        if message.run_id:
            last_of_run[message.run_id] = index
    after_message: dict[str, list[str]] = {}
    for run_id, message_id in (regenerations or {}).items():
        if run_id not in last_of_run and message_id:
            after_message.setdefault(message_id, []).append(run_id)
    items: list[TranscriptItem] = []
    for index, message in enumerate(messages):
        items.append(message)
        ended = [message.run_id] if message.run_id and last_of_run.get(message.run_id) == index else []
        for run_id in ended + after_message.get(message.id, []):
            run = runs.get(run_id)
            notice = notice_for(run) if run is not None else None
            if notice is not None:
                items.append(notice)
            extra = (extra_notices or {}).get(run_id)
            if extra is not None:
                items.append(extra)
    return items
