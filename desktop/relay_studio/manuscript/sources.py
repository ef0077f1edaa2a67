"""A chat's manuscript, found by name (in a project) or id: what ``relay-studio export`` and the Python API's
``Studio.export`` read. ``ExportError`` with ``export.unknown_chat`` or ``export.no_answers`` when there is
nothing to read."""

from __future__ import annotations

from collections.abc import Sequence

from relay_studio.domain import error_codes as codes
from relay_studio.domain.records import ChatRecord
from relay_studio.manuscript.export import ExportError
from relay_studio.manuscript.structure import Manuscript, answers_of, build
from relay_studio.store.chats import ChatStore


def find_chat(chats: ChatStore, chat: str, project_id: str | None = None) -> ChatRecord:
    """The chat called ``chat`` in the project (the default project for None), else the chat with that id."""
    record = chats.chat_by_name(chat, project_id) or chats.chat(chat)
    if record is None:
        raise ExportError(codes.EXPORT_UNKNOWN_CHAT, f"There is no chat '{chat}'.")
    return record


def chat_manuscript(chats: ChatStore, record: ChatRecord, *, title: str | None = None, author: str = "",
                    language: str = "", selected: Sequence[str] | None = None) -> Manuscript:
    """The manuscript of the chat's answers (or the ``selected`` message ids among them); the title defaults
    to the chat's name."""
    answers = answers_of(chats.messages(record.id), selected)
    if not answers:
        raise ExportError(codes.EXPORT_NO_ANSWERS,
                          f"The chat '{record.name}' has no answers yet: there is nothing to export.")
    return build(answers, title=title or record.name, author=author, language=language)
