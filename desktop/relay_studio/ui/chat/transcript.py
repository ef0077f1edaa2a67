"""What a chat shows, in order: messages, and a plain-words notice for each run that did not end well.

Pure data over the store's records; the view turns items into cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from relay_studio.domain.enums import RunStatus
from relay_studio.domain.records import MessageRecord, RunRecord
from relay_studio.ui.chat.words import for_window

#: Plain words for how a run ended, when it did not simply complete.
ENDINGS = {
    RunStatus.FAILED: "The run failed",
    RunStatus.PARTIAL_SUCCESS: "The run stopped after committing part of the work",
    RunStatus.CANCELLED: "The run was stopped",
    RunStatus.INTERRUPTED: "Relay Studio closed while this run was in progress; it cannot continue",
}


@dataclass(frozen=True)
class RunNotice:
    run_id: str
    status: RunStatus
    text: str
    error_code: str | None


TranscriptItem = MessageRecord | RunNotice


def notice_for(run: RunRecord) -> RunNotice | None:
    ending = ENDINGS.get(run.status)
    if ending is None:
        return None
    shown = run.error_message and run.status is not RunStatus.INTERRUPTED
    detail = f": {for_window(run.error_code, run.error_message or '')}" if shown else "."
    if run.status is RunStatus.INTERRUPTED:
        detail = ". Any change it was waiting for you to approve was not applied."
    return RunNotice(run.id, run.status, ending + detail, run.error_code)


def transcript(messages: list[MessageRecord], runs: dict[str, RunRecord],
               regenerations: dict[str, str] | None = None) -> list[TranscriptItem]:
    """Messages in order; after the last message of a run that ended badly, its notice.

    ``regenerations`` maps a run that has no message of its own (a regeneration that failed before
    committing) to the answer it was regenerating: its notice follows that answer.
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
    return items
