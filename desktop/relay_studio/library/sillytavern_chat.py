"""SillyTavern chat JSONL, to and from a project's chats.

The format (SillyTavern's ``src/endpoints/chats.js`` writes it with one ``JSON.stringify`` per line):
a header line ``{"user_name", "character_name", "create_date", "chat_metadata"}``, then one line per
message ``{"name", "is_user", "is_system", "send_date", "mes", "extra", "swipes", "swipe_id",
"swipe_info"}``. ``is_system`` messages are hidden from the model there; here they become ``note``
messages, which the chat shows and no prompt includes.

An answer's versions are its swipes: on export every version is a swipe (oldest first) and the current
one is selected; on import every swipe becomes a version, the selected one (``mes``) last, since a
message's last version is its current text. What only the studio knows (a message's role and agent, a
stopped version) travels under ``extra.relay_studio``, so an exported chat imports back the same.

Reading checks everything before anything is written: a problem is one ``LibraryError`` with a sentence
naming the file and the line; the chat is then written in one transaction (all of it or nothing).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain.bounded import LimitExceeded, load_json
from relay_studio.domain.hidden_text import strip_hidden
from relay_studio.domain.input_files import InputTooLarge, NotARegularFile, read_input
from relay_studio.domain.records import HANDOFF_CONTEXT_ROLE, NOTE_ROLE, ChatRecord
from relay_studio.library.entries import LibraryError
from relay_studio.store.chats import ChatStore, ImportedMessage, ImportedVersion
from relay_studio.store.database import now_iso

MAX_CHAT_FILE_BYTES = 64 * 1024 * 1024
MAX_CHAT_MESSAGES = 100_000
MAX_SWIPES = 1000
#: the key under ``extra`` (of a message and of a swipe's ``swipe_info``) for what only the studio knows
STUDIO_KEY = "relay_studio"
_ROLES = ("user", "assistant", HANDOFF_CONTEXT_ROLE, NOTE_ROLE)


@dataclass(frozen=True)
class ParsedChat:
    """A chat file read and checked, not yet stored."""

    name: str
    user_name: str
    character_name: str
    messages: list[ImportedMessage]
    #: hidden characters removed from the messages (``domain/hidden_text.py``); the file keeps them
    hidden: int = 0


def _clean(message: ImportedMessage) -> tuple[ImportedMessage, int]:
    content, n = strip_hidden(message.content)
    versions = [replace(v, content=strip_hidden(v.content)[0]) for v in message.versions]
    n += sum(strip_hidden(v.content)[1] for v in message.versions)
    return (replace(message, content=content, versions=versions) if n else message), n


# -- dates ----------------------------------------------------------------------------------------

def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _parse_stamp(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _humanized(stamp: str) -> str:
    """SillyTavern's ``create_date`` shape: ``2024-05-01@10h00m00s``."""
    try:
        moment = _parse_stamp(stamp).astimezone(UTC)
    except ValueError:
        moment = datetime.now(UTC)
    return moment.strftime("%Y-%m-%d@%Hh%Mm%Ss")


def _read_date(value: Any) -> str | None:
    """A ``send_date`` as SillyTavern has written it over the years (ISO 8601, ``May 1, 2024 10:00am``,
    epoch milliseconds), as an ISO stamp; None when it cannot be read (a date is not worth refusing a chat)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        seconds = value / 1000 if value > 1e11 else value
        try:
            return _iso(datetime.fromtimestamp(seconds, UTC))
        except (OverflowError, OSError, ValueError):
            return None
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip()
    try:
        moment = _parse_stamp(text)
        return _iso(moment if moment.tzinfo else moment.replace(tzinfo=UTC))
    except ValueError:
        pass
    for shape in ("%B %d, %Y %I:%M%p", "%B %d, %Y %I:%M %p", "%Y-%m-%d@%Hh%Mm%Ss", "%Y-%m-%d @%Hh %Mm %Ss"):
        try:
            return _iso(datetime.strptime(text, shape).replace(tzinfo=UTC))
        except ValueError:
            continue
    return None


# -- export ---------------------------------------------------------------------------------------

def _speaker(role: str, agent_name: str | None, agent_id: str | None, user_name: str) -> str:
    if role == "user":
        return user_name
    if role == HANDOFF_CONTEXT_ROLE:
        return "Handoff document"
    return agent_name or agent_id or "Assistant"


def export_chat(chats: ChatStore, chat: ChatRecord, *, user_name: str = "You") -> str:
    """``chat`` as SillyTavern chat JSONL (no trailing newline, as SillyTavern writes it)."""
    messages = chats.messages(chat.id)
    speakers = Counter(m.agent_name or m.agent_id for m in messages if m.role == "assistant")
    character = next((name for name, _ in speakers.most_common() if name), "Assistant")
    lines: list[dict[str, Any]] = [{
        "user_name": user_name, "character_name": character, "create_date": _humanized(chat.created_at),
        "chat_metadata": {STUDIO_KEY: {"chat": chat.name}},
    }]
    for m in messages:
        versions = chats.versions(m.id) if m.role == "assistant" else []
        swipes = [v.content for v in versions] or [m.content]
        if swipes[-1] != m.content:  # the message was edited after its last commit: its text is current
            swipes.append(m.content)
        info = [{"send_date": v.created_at, "gen_started": v.created_at, "gen_finished": v.created_at,
                 "extra": {STUDIO_KEY: {"agentId": v.agent_id, **({"marker": v.marker.value} if v.marker else {})}}}
                for v in versions]
        while len(info) < len(swipes):  # swipes holds every version, and the current text when it differs
            info.append({"send_date": m.updated_at, "gen_started": m.updated_at, "gen_finished": m.updated_at,
                         "extra": {}})
        studio: dict[str, Any] = {"role": m.role}
        if m.agent_id:
            studio["agentId"] = m.agent_id
        if m.agent_name:
            studio["agentName"] = m.agent_name
        lines.append({
            "name": _speaker(m.role, m.agent_name, m.agent_id, user_name), "is_user": m.role == "user",
            "is_system": m.role == NOTE_ROLE, "send_date": m.created_at, "mes": m.content,
            "extra": {STUDIO_KEY: studio}, "swipes": swipes, "swipe_id": len(swipes) - 1, "swipe_info": info,
        })
    return "\n".join(json.dumps(line, ensure_ascii=False) for line in lines)


# -- import ---------------------------------------------------------------------------------------

def _fail(code: str, message: str) -> LibraryError:
    return LibraryError(code, message)


def _field(raw: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str, what: str) -> Any:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _fail(codes.CHAT_IMPORT_BAD_MESSAGE, f"{where}: '{key}' must be {what}.")
    return value


def _studio(extra: Any) -> dict[str, Any]:
    inner = extra.get(STUDIO_KEY) if isinstance(extra, dict) else None
    return inner if isinstance(inner, dict) else {}


def _message(raw: Any, where: str, fallback_date: str) -> ImportedMessage:
    if not isinstance(raw, dict):
        raise _fail(codes.CHAT_IMPORT_BAD_MESSAGE, f"{where} is not a message (a JSON object was expected).")
    mes = _field(raw, "mes", str, where, "text")
    if mes is None:
        raise _fail(codes.CHAT_IMPORT_BAD_MESSAGE, f"{where} has no 'mes' (the message text).")
    name = _field(raw, "name", str, where, "text") or ""
    is_user = _field(raw, "is_user", bool, where, "true or false") is True
    is_system = _field(raw, "is_system", bool, where, "true or false") is True
    extra = _field(raw, "extra", dict, where, "an object")
    swipes = _field(raw, "swipes", list, where, "a list of texts")
    if swipes is not None and not all(isinstance(s, str) for s in swipes):
        raise _fail(codes.CHAT_IMPORT_BAD_MESSAGE, f"{where}: 'swipes' must be a list of texts.")
    if swipes is not None and len(swipes) > MAX_SWIPES:
        raise _fail(codes.CHAT_IMPORT_BAD_MESSAGE, f"{where} has {len(swipes)} swipes; the limit is {MAX_SWIPES}.")
    swipe_id = _field(raw, "swipe_id", int, where, "a whole number")
    if swipe_id is not None and swipes and not 0 <= swipe_id < len(swipes):
        raise _fail(codes.CHAT_IMPORT_BAD_MESSAGE,
                    f"{where}: 'swipe_id' {swipe_id} does not name one of its {len(swipes)} swipes.")
    swipe_info = _field(raw, "swipe_info", list, where, "a list")
    send_date = raw.get("send_date")
    if send_date is not None and not isinstance(send_date, str | int | float):
        raise _fail(codes.CHAT_IMPORT_BAD_MESSAGE, f"{where}: 'send_date' must be a date.")
    created = _read_date(send_date) or fallback_date
    studio = _studio(extra)
    role = studio.get("role")
    if role not in _ROLES:
        role = NOTE_ROLE if is_system else "user" if is_user else "assistant"
    if role == HANDOFF_CONTEXT_ROLE:
        # a file may claim anything: only this studio's own handoff run pins a handoff document, so an
        # imported one is the creator's message, its text shown as text (docs/hostile-documents.md)
        role = "user"
    agent_id = studio.get("agentId") if isinstance(studio.get("agentId"), str) else None
    if "role" in studio:  # written by the studio: its own names come back as they were
        agent_name = studio.get("agentName") if isinstance(studio.get("agentName"), str) else None
    else:
        agent_name = None if role == "user" else (name or None)
    versions: list[ImportedVersion] = []
    if role == "assistant":
        listed = swipes or []
        chosen = swipe_id if listed and swipe_id is not None else len(listed) - 1
        if not 0 <= chosen < len(listed) or listed[chosen] != mes:
            chosen = -1  # mes is not among the swipes (edited after them): every swipe stays, mes after them
        order = [i for i in range(len(listed)) if i != chosen]
        texts = [listed[i] for i in order] + [mes]
        infos = [swipe_info[i] if swipe_info and i < len(swipe_info) else None for i in order]
        infos.append(swipe_info[chosen] if swipe_info and 0 <= chosen < len(swipe_info) else None)
        at = created
        for text, info in zip(texts, infos, strict=True):
            info_studio = _studio(info.get("extra")) if isinstance(info, dict) else {}
            stamp = _read_date(info.get("send_date")) if isinstance(info, dict) else None
            at = max(at, stamp or at)  # versions stay in the order SillyTavern listed them
            version_agent = info_studio.get("agentId")
            marker = info_studio.get("marker")
            versions.append(ImportedVersion(
                content=text, created_at=at,
                agent_id=version_agent if isinstance(version_agent, str) else (agent_id or name or "assistant"),
                marker=marker if marker == "stopped" else None))
    return ImportedMessage(role=role, content=mes, created_at=created, agent_id=agent_id, agent_name=agent_name,
                           versions=versions)


def read_message(raw: Any, where: str, fallback_date: str) -> ImportedMessage:
    """One message line of a chat file, checked (``where`` names it in every error); for the group chats of
    ``runtime/scene_group.py``, whose header differs."""
    return _clean(_message(raw, where, fallback_date))[0]


def message_lines(chats: ChatStore, chat: ChatRecord, *, user_name: str = "You") -> list[dict[str, Any]]:
    """The message lines ``export_chat`` writes for ``chat`` (without its header)."""
    return [json.loads(line) for line in export_chat(chats, chat, user_name=user_name).split("\n")[1:]]


def parse_chat(data: bytes, source: str) -> ParsedChat:
    """Reads and checks a SillyTavern chat file; writes nothing."""
    if len(data) > MAX_CHAT_FILE_BYTES:
        raise _fail(codes.CHAT_IMPORT_TOO_LARGE, f"{source} is larger than {MAX_CHAT_FILE_BYTES // (1024 * 1024)} MB, "
                                                 "the limit for a chat file.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        bad_line = data[:exc.start].count(b"\n") + 1
        raise _fail(codes.CHAT_IMPORT_NOT_TEXT, f"{source}, line {bad_line} is not UTF-8 text.") from None
    header: dict[str, Any] | None = None
    messages: list[ImportedMessage] = []
    fallback = now_iso()
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        where = f"{source}, line {number}"
        try:
            raw = load_json(line)
        except LimitExceeded as exc:
            raise _fail(exc.code, f"{where} {exc.message}.") from None
        except json.JSONDecodeError:
            raise _fail(codes.CHAT_IMPORT_BAD_JSON, f"{where} is not valid JSON (the file may be cut short or "
                                                    "damaged).") from None
        if header is None:
            if not isinstance(raw, dict) or "mes" in raw or not ({"user_name", "character_name"} & raw.keys()):
                raise _fail(codes.CHAT_IMPORT_BAD_HEADER,
                            f"{where} is not a SillyTavern chat header (an object with user_name and character_name).")
            for key in ("user_name", "character_name", "create_date"):
                if raw.get(key) is not None and not isinstance(raw[key], str):
                    raise _fail(codes.CHAT_IMPORT_BAD_HEADER, f"{where}: '{key}' must be text.")
            if raw.get("chat_metadata") is not None and not isinstance(raw["chat_metadata"], dict):
                raise _fail(codes.CHAT_IMPORT_BAD_HEADER, f"{where}: 'chat_metadata' must be an object.")
            header = raw
            fallback = _read_date(raw.get("create_date")) or fallback
            continue
        if len(messages) >= MAX_CHAT_MESSAGES:
            raise _fail(codes.CHAT_IMPORT_TOO_MANY_MESSAGES,
                        f"{source} has more than {MAX_CHAT_MESSAGES:,} messages, the limit for one chat.")
        message = _message(raw, where, fallback)
        fallback = message.created_at
        messages.append(message)
    if header is None:
        raise _fail(codes.CHAT_IMPORT_EMPTY, f"{source} is empty: it has no SillyTavern chat header.")
    character = str(header.get("character_name") or "")
    kept = _studio(header.get("chat_metadata"))
    stem = Path(source).stem.strip()
    kept_name = kept.get("chat")
    name = kept_name.strip() if isinstance(kept_name, str) else ""
    cleaned = [_clean(m) for m in messages]
    return ParsedChat(name=(name or stem or character or "Imported chat").strip()[:200],
                      user_name=str(header.get("user_name") or ""), character_name=character,
                      messages=[m for m, _n in cleaned], hidden=sum(n for _m, n in cleaned))


def import_chat(chats: ChatStore, data: bytes, source: str, *, project_id: str | None = None,
                name: str | None = None) -> ChatRecord:
    """A new chat in ``project_id`` from a SillyTavern chat file (its name made unique): all or nothing."""
    return import_parsed(chats, parse_chat(data, source), source, project_id=project_id, name=name)


def import_parsed(chats: ChatStore, parsed: ParsedChat, source: str, *, project_id: str | None = None,
                  name: str | None = None) -> ChatRecord:
    """``import_chat`` of a chat file already read (``parse_chat``)."""
    return chats.import_chat((name or parsed.name).strip() or parsed.name, parsed.messages, project_id=project_id,
                             source=Path(source).name)


def import_chat_file(chats: ChatStore, path: Path, *, project_id: str | None = None,
                     name: str | None = None) -> ChatRecord:
    """``import_chat`` of a file, its size checked before it is read."""
    return import_chat(chats, read_chat_file(path), path.name, project_id=project_id, name=name)


def read_chat_file(path: Path) -> bytes:
    """A chat file's bytes, its size checked before it is read (any thread may call it)."""
    try:
        size = path.stat().st_size
    except OSError:
        raise _fail(codes.CHAT_IMPORT_UNREADABLE, f"{path.name} does not exist or cannot be read.") from None
    if size > MAX_CHAT_FILE_BYTES:
        raise _fail(codes.CHAT_IMPORT_TOO_LARGE, f"{path.name} is {size // (1024 * 1024):,} MB; the limit for a chat "
                                                 f"file is {MAX_CHAT_FILE_BYTES // (1024 * 1024)} MB.")
    try:
        data = read_input(path, MAX_CHAT_FILE_BYTES)
    except (NotARegularFile, InputTooLarge) as exc:
        raise _fail(codes.CHAT_IMPORT_UNREADABLE, f"{path.name} cannot be read: {exc.strerror}.") from None
    except OSError:
        raise _fail(codes.CHAT_IMPORT_UNREADABLE, f"{path.name} cannot be read.") from None
    return data
