"""One project's canon as its hosts use it (the CLI's ``relay-studio canon``, the Python API's ``Studio.canon``,
the window's Canon panel): the ledger bound to a project, with a fact's source named by chat.

A fact from a chat may carry a quote: it must occur word for word in one of the chat's messages, and the fact then
points at that message. Every refusal is a ``CanonError`` with a code (docs/canon.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain.canon import CanonFact, FactSource, FactSourceKind, FactStatus
from relay_studio.store.canon import CanonError, CanonStore
from relay_studio.store.chats import ChatStore


@dataclass(frozen=True)
class ProjectCanon:
    ledger: CanonStore
    chats: ChatStore
    project_id: str

    def facts(self, *, status: FactStatus | None = None, pinned_only: bool = False) -> list[CanonFact]:
        return self.ledger.facts(self.project_id, status=status, pinned_only=pinned_only)

    def get(self, handle: str) -> CanonFact:
        return self.ledger.get(self.project_id, handle)

    def source(self, chat: str | None, quote: str | None) -> FactSource:
        """Where a creator's fact comes from: a chat of the project (by name or id), the quoted message in it."""
        if chat is None:
            if quote:
                raise CanonError(codes.CANON_UNKNOWN_CHAT, "A quote needs the chat it comes from (--source-chat).")
            return FactSource(kind=FactSourceKind.CREATOR)
        record = self.chats.chat_by_name(chat, self.project_id) or self.chats.chat(chat)
        if record is None or record.project_id != self.project_id:
            raise CanonError(codes.CANON_UNKNOWN_CHAT, f"There is no chat '{chat}' in this project.")
        if not quote:
            return FactSource(kind=FactSourceKind.MESSAGE, chat_id=record.id)
        message = next((m for m in reversed(self.chats.messages(record.id)) if quote in m.content), None)
        if message is None:
            raise CanonError(codes.CANON_QUOTE_NOT_FOUND, f"The quote is not in the chat '{record.name}' word for "
                                                          "word.")
        return FactSource(kind=FactSourceKind.MESSAGE, quote=quote, chat_id=record.id, message_id=message.id)

    def add(self, text: str, about: list[str], *, attribute: str | None = None, value: str | None = None,
            as_of: int | None = None, pin: bool = False, source_chat: str | None = None,
            quote: str | None = None) -> CanonFact:
        return self.ledger.add(self.project_id, text, about, attribute=attribute, value=value, as_of=as_of,
                               pinned=pin, source=self.source(source_chat, quote))

    def edit(self, handle: str, **changes: Any) -> CanonFact:
        return self.ledger.edit(self.project_id, handle, **changes)

    def pin(self, handle: str) -> CanonFact:
        return self.ledger.pin(self.project_id, handle)

    def unpin(self, handle: str) -> CanonFact:
        return self.ledger.unpin(self.project_id, handle)

    def retire(self, handle: str) -> CanonFact:
        return self.ledger.retire(self.project_id, handle)

    def accept(self, handle: str) -> CanonFact:
        return self.ledger.accept(self.project_id, handle)

    def reject(self, handle: str) -> CanonFact:
        return self.ledger.reject(self.project_id, handle)

    def accepts_proposals(self) -> bool:
        """The project's setting "Accept agents' proposals at once"."""
        return self.ledger.accepts_proposals(self.project_id)

    def set_accept_proposals(self, on: bool) -> bool:
        self.ledger.set_accept_proposals(self.project_id, on)
        return on
