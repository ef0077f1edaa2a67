"""SillyTavern group chats to and from scene chats (docs/scenes.md, "SillyTavern group chats").

A group is two files: the group (``groups/<id>.json``: ``name``, ``members`` as the members' card avatar file
names, ``disabled_members``, ``chat_id``, ``chats``, …) and its chat (``group chats/<chat id>.jsonl``: a header line
``{"chat_metadata": …}``, then one line per message as in a one-character chat, each character's line naming its
card in ``original_avatar``). On import each member becomes a character agent, or is matched to an agent of the
same name that exists; the members muted in the group start the scene absent. On export the cast are the members,
those absent now muted, and every line carries its speaker's avatar. What only the studio knows travels under
``extra.relay_studio`` as in a one-character chat (``library/sillytavern_chat.py``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain.bounded import LimitExceeded, load_json
from relay_studio.domain.scenes import SceneError, SceneRecord
from relay_studio.library.entries import LibraryEntry
from relay_studio.library.sillytavern_chat import STUDIO_KEY, message_lines, read_message
from relay_studio.runtime.card_profile import profile_for_card
from relay_studio.runtime.engine import Runtime
from relay_studio.store.chats import ImportedMessage
from relay_studio.store.database import now_iso
from relay_studio.store.scenes import SceneStore


@dataclass(frozen=True)
class GroupFiles:
    """A group as the two files SillyTavern keeps (the group JSON, the chat JSONL)."""

    group: dict[str, Any]
    chat: str


def _bad(message: str) -> SceneError:
    return SceneError(codes.SCENE_BAD_GROUP_FILE, message)


def member_name(avatar: str, lines: list[dict[str, Any]]) -> str:
    """The name a member's lines go by, else its avatar file's name without ``.png``."""
    for raw in lines:
        if raw.get("original_avatar") == avatar and isinstance(raw.get("name"), str) and raw["name"].strip():
            return str(raw["name"]).strip()
    return PurePosixPath(avatar).stem or avatar


def read_group_files(group_path: Path, chat_path: Path) -> GroupFiles:
    """The two files of a group, read (each named in its error)."""
    try:
        group_text = group_path.read_text(encoding="utf-8-sig")
        chat_text = chat_path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        raise _bad(f"{group_path.name} or {chat_path.name} cannot be read as text.") from None
    try:
        group = load_json(group_text)
    except (LimitExceeded, json.JSONDecodeError):
        raise _bad(f"{group_path.name} is not a SillyTavern group file (valid JSON was expected).") from None
    return GroupFiles(group=_check_group(group, group_path.name), chat=chat_text)


def _check_group(group: Any, source: str) -> dict[str, Any]:
    members = group.get("members") if isinstance(group, dict) else None
    if not isinstance(members, list) or not members or not all(isinstance(m, str) and m for m in members):
        raise _bad(f"{source} has no members (a list of character avatar names was expected).")
    return dict(group)


def _read_lines(text: str, source: str) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            raw = load_json(line)
        except (LimitExceeded, json.JSONDecodeError):
            raise _bad(f"{source}, line {number} is not valid JSON.") from None
        if not isinstance(raw, dict):
            raise _bad(f"{source}, line {number} is not a message.")
        if number == 1 and "mes" not in raw:
            continue  # the header: chat_metadata (and, from older versions, user_name and character_name)
        lines.append(raw)
    return lines


def import_group(runtime: Runtime, files: GroupFiles, *, source: str = "group",
                 project_id: str | None = None) -> SceneRecord:
    """A new scene chat from a SillyTavern group; each member an agent (an existing one of that name, else a new
    character agent). Everything is read and checked before anything is written."""
    group = _check_group(files.group, source)
    raw_lines = _read_lines(files.chat, source)
    avatars: list[str] = list(dict.fromkeys(group["members"]))
    names = {a: member_name(a, raw_lines) for a in avatars}
    fallback = now_iso()
    messages: list[ImportedMessage] = []
    for number, raw in enumerate(raw_lines, start=2):
        message = read_message(raw, f"{source}, line {number}", fallback)
        fallback = message.created_at
        messages.append(message)
    ids = _cast_ids(runtime, [names[a] for a in avatars])
    by_avatar = dict(zip(avatars, ids, strict=True))
    by_name = {names[a].casefold(): by_avatar[a] for a in avatars}
    profiles = runtime.profiles()
    for i, (raw, message) in enumerate(zip(raw_lines, messages, strict=True)):
        if message.role != "assistant":
            continue
        pid = by_avatar.get(str(raw.get("original_avatar"))) or by_name.get(str(raw.get("name", "")).casefold())
        if pid is not None:
            versions = [replace(v, agent_id=pid) for v in message.versions]
            messages[i] = replace(message, agent_id=pid, agent_name=profiles[pid].display_name, versions=versions)
    name = str(group.get("name") or Path(source).stem or "Group chat").strip()[:200]
    chat = runtime.chats.import_chat(name, messages, project_id=project_id, source=source)
    muted = set(group.get("disabled_members") or [])
    present = [by_avatar[a] for a in avatars if a not in muted]
    return SceneStore(runtime.db).attach(chat.id, ids, present, source)


def _cast_ids(runtime: Runtime, names: list[str]) -> list[str]:
    """The agent of each member: one whose display name or id is the member's name, else a new character."""
    profiles = runtime.profiles()
    taken = set(profiles)
    ids: list[str] = []
    for name in names:
        match = next((p.id for p in profiles.values() if name.casefold() in (p.display_name.casefold(), p.id)), None)
        if match is None:
            made = profile_for_card(LibraryEntry(type="character", name=name), taken).profile
            runtime.profile_store.save(made)
            taken.add(made.id)
            match = made.id
        ids.append(match)
    return ids


def avatar(display_name: str) -> str:
    return f"{display_name}.png"


def export_group(runtime: Runtime, record: SceneRecord, *, user_name: str = "You") -> GroupFiles:
    """The scene chat as a SillyTavern group and its chat."""
    chat = runtime.chats.chat(record.chat_id)
    if chat is None:
        raise SceneError(codes.SCENE_NOT_FOUND, f"The scene '{record.name}' is gone.")
    names = {pid: runtime.profiles()[pid].display_name if pid in runtime.profiles() else pid for pid in record.cast}
    lines = message_lines(runtime.chats, chat, user_name=user_name)
    for line in lines:
        agent = line.get("extra", {}).get(STUDIO_KEY, {}).get("agentId")
        if not line["is_user"] and agent in names:
            line["original_avatar"] = avatar(names[agent])
    group = {"id": record.chat_id, "name": record.name, "members": [avatar(names[p]) for p in record.cast],
             "disabled_members": [avatar(names[p]) for p in record.cast if p not in record.present],
             "chat_id": record.name, "chats": [record.name], "allow_self_responses": False,
             "activation_strategy": 0, "generation_mode": 0, "fav": False, "avatar_url": "",
             "chat_metadata": {}}
    header = {"chat_metadata": {STUDIO_KEY: {"chat": record.name, "scene": record.scene}}}
    text = "\n".join(json.dumps(line, ensure_ascii=False) for line in [header, *lines])
    return GroupFiles(group=group, chat=text)
