"""The chats of the studio: read, make, rename, duplicate, delete, branch; their messages and
versions, handoff links, and SillyTavern chat files.

One of the studio's operations (``ui/studio.py``, docs/window.md): views call it as ``studio.chats``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.records import (
    CHAT_MODE_CHAT,
    CHAT_MODE_EXPLORE,
    ChatRecord,
    CommitRecord,
    MessageRecord,
)
from relay_studio.library.sillytavern_chat import ParsedChat, export_chat, parse_chat, read_chat_file
from relay_studio.library.store import atomic_write
from relay_studio.runtime.session_handoff import chat_agent
from relay_studio.store.chats import HandedOff

if TYPE_CHECKING:
    from relay_studio.ui.operations.hub import StudioHub


class ChatOperations:
    def __init__(self, hub: StudioHub) -> None:
        self.hub = hub
        self.runtime = hub.runtime

    def get(self, chat_id: str) -> ChatRecord | None:
        return self.runtime.chats.chat(chat_id)

    def project_id(self, chat_id: str) -> str:
        """The id of the project a chat belongs to (the default project's for a chat that is gone)."""
        return self.runtime.chat_project(chat_id).id

    def all(self) -> list[ChatRecord]:
        """The chats of every project."""
        return self.runtime.chats.chats()

    def find(self, name: str, project_id: str) -> ChatRecord | None:
        """A chat by its name in the project, else by its id, else by its name in another project."""
        chats = self.runtime.chats
        return (chats.chat_by_name(name, project_id) or chats.chat(name)
                or next((c for c in chats.chats() if c.name == name), None))

    def ensure(self, name: str, project_id: str | None = None) -> ChatRecord:
        """The chat of that name, made if it does not exist (no ``chats_changed``: the caller refreshes)."""
        return self.runtime.chats.ensure_chat(name, project_id=project_id)

    def unique_name(self, base: str, project_id: str | None = None) -> str:
        return self.runtime.chats.unique_name(base, project_id)

    def branch(self, message_id: str) -> ChatRecord:
        """A branch of the chat up to the message (edit and rerun); ``RunRequestError`` when it cannot."""
        return self.runtime.branch_chat(message_id)

    def messages(self, chat_id: str) -> list[MessageRecord]:
        return self.runtime.chats.messages(chat_id)

    def message(self, message_id: str) -> MessageRecord | None:
        return self.runtime.chats.message(message_id)

    def message_versions(self, message_id: str) -> list[CommitRecord]:
        """The commits an assistant message went through, oldest first (◀ ▶ browse them)."""
        return self.runtime.chats.versions(message_id)

    def agent(self, chat: ChatRecord, agent_id: str | None = None) -> AgentProfile:
        """The agent named (the composer's choice), else the one that answered last in the chat;
        ``HandoffRefused`` when there is none."""
        return chat_agent(self.runtime, chat, agent_id)

    def delete_message(self, message_id: str) -> bool:
        """Removes a message from its chat; what was committed stays in the run's ledger."""
        removed = self.runtime.chats.delete_message(message_id)
        if removed:
            self.hub.chats_changed.emit()
        return removed

    def rename(self, chat_id: str, name: str) -> ChatRecord:
        """Renames a chat; ``ValueError`` with a sentence when the name is empty or taken."""
        record = self.runtime.chats.rename_chat(chat_id, name)
        self.hub.chats_changed.emit()
        return record

    def duplicate(self, chat_id: str) -> ChatRecord:
        """A copy of the chat with its messages and versions (and a copy of its kept files, as
        ``Runtime.copy_persist`` makes it: links in ``persist/`` are left out, never followed)."""
        record = self.runtime.chats.duplicate_chat(chat_id)
        self.runtime.copy_persist(chat_id, record.id)  # plain files and folders: links are never followed
        self.hub.chats_changed.emit()
        return record

    def delete(self, chat_id: str) -> bool:
        """Deletes a chat and its messages for good (the window offers Undo before calling this);
        its runs stay in the journal. Refuses (False) while a run of the chat is going."""
        if self.hub.active_run(chat_id) is not None:
            return False
        removed = self.runtime.chats.delete_chat(chat_id)
        if removed:
            self.hub.chats_changed.emit()
        return removed

    def continued_in(self, chat_id: str) -> list[ChatRecord]:
        return self.runtime.chats.continuations(chat_id)

    def continued_from(self, chat_id: str) -> list[ChatRecord]:
        return self.runtime.chats.continued_from(chat_id)

    def handed_off(self, chat_id: str) -> list[HandedOff]:
        """The documents ``chat_id`` handed off, each with the chat it continues in."""
        return self.runtime.chats.handed_off(chat_id)

    def new(self, project_id: str, base: str = "Chat", *, explore: bool = False) -> ChatRecord:
        """A new chat in the project, named ``base 1``, ``base 2``… (the first free number); with
        ``explore``, an exploration: its runs are read only (docs/explore.md)."""
        names = {c.name for c in self.runtime.chats.chats(project_id)}
        n = 1
        while f"{base} {n}" in names:
            n += 1
        record = self.runtime.chats.ensure_chat(f"{base} {n}", project_id=project_id,
                                                mode=CHAT_MODE_EXPLORE if explore else CHAT_MODE_CHAT)
        self.hub.chats_changed.emit()
        return record

    def new_exploration(self, project_id: str) -> ChatRecord:
        """A new exploration in the project: "Exploration 1", "Exploration 2"…"""
        return self.new(project_id, QCoreApplication.translate("Studio", "Exploration"), explore=True)

    @staticmethod
    def read_sillytavern(path: Path) -> ParsedChat:
        """A SillyTavern chat file read and checked, nothing stored (any thread); ``LibraryError`` naming the
        file and line when it does not import."""
        return parse_chat(read_chat_file(path), path.name)

    def add_sillytavern(self, project_id: str, parsed: ParsedChat, source: str) -> ChatRecord:
        """A new chat in the project from a read chat file, its swipes as versions (one transaction)."""
        record = self.runtime.chats.import_chat(parsed.name, parsed.messages, project_id=project_id,
                                                source=Path(source).name)
        self.hub.chats_changed.emit()
        return record

    def export_sillytavern(self, chat_id: str, path: Path, user_name: str = "You") -> bool:
        """Writes the chat as SillyTavern chat JSONL (its answers' versions as swipes) to ``path``; False when
        the chat is gone. ``OSError`` when the file cannot be written."""
        chat = self.runtime.chats.chat(chat_id)
        if chat is None:
            return False
        atomic_write(path, export_chat(self.runtime.chats, chat, user_name=user_name) + "\n")
        return True

    def project_texts(self, project_id: str) -> list[str]:
        """Every message of the project's chats, oldest chat first (what mention counts are taken over)."""
        return [m.content for c in self.runtime.chats.chats(project_id) for m in self.runtime.chats.messages(c.id)
                if m.content]

