"""SillyTavern group chats to and from scene chats (runtime/scene_group.py): members become character agents or
match existing ones, and a group imported and exported back is equal in content."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from relay_studio.domain.scenes import SceneError
from relay_studio.runtime.scene_group import GroupFiles, export_group, import_group, read_group_files
from relay_studio.runtime.scenes import Scenes
from tests.support import Harness, profile

GROUP: dict[str, Any] = {
    "id": "1714557600000", "name": "Lighthouse Watch", "members": ["Alice.png", "Bob.png", "Cora.png"],
    "avatar_url": "", "allow_self_responses": False, "activation_strategy": 0, "generation_mode": 0,
    "disabled_members": ["Cora.png"], "chat_metadata": {}, "fav": False, "chat_id": "Lighthouse - 2024-05-01",
    "chats": ["Lighthouse - 2024-05-01"],
}
LINES: list[dict[str, Any]] = [
    {"chat_metadata": {}},
    {"name": "You", "is_user": True, "is_system": False, "send_date": "May 1, 2024 10:00am",
     "mes": "The lamp went out at midnight.", "extra": {}},
    {"name": "Alice", "is_user": False, "is_system": False, "send_date": "May 1, 2024 10:01am",
     "mes": "I trimmed the wick myself.", "original_avatar": "Alice.png", "extra": {},
     "swipes": ["I trimmed the wick myself."], "swipe_id": 0, "swipe_info": []},
    {"name": "Bob", "is_user": False, "is_system": False, "send_date": "May 1, 2024 10:02am",
     "mes": "Then someone else put it out.", "original_avatar": "Bob.png", "extra": {},
     "swipes": ["Nobody was here.", "Then someone else put it out."], "swipe_id": 1, "swipe_info": []},
    {"name": "System", "is_user": False, "is_system": True, "send_date": "May 1, 2024 10:03am",
     "mes": "Cora is muted.", "extra": {}},
    {"name": "Cora", "is_user": False, "is_system": False, "send_date": "May 1, 2024 10:04am",
     "mes": "I saw a boat without lights.", "original_avatar": "Cora.png", "extra": {},
     "swipes": ["I saw a boat without lights."], "swipe_id": 0, "swipe_info": []},
]

CONTENT_KEYS = ("name", "is_user", "is_system", "mes", "original_avatar", "swipes")


def content(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What a reader sees of each message; swipes only where a character answered (the studio writes the one
    text of a creator's or system line as its only swipe, which SillyTavern reads the same)."""
    return [{k: line.get(k) for k in CONTENT_KEYS
             if k in line and not (k == "swipes" and (line["is_user"] or line["is_system"]))}
            for line in lines if "mes" in line]


def chat_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def write_group(tmp_path: Path) -> tuple[Path, Path]:
    group, chat = tmp_path / "group.json", tmp_path / "chat.jsonl"
    group.write_text(json.dumps(GROUP), encoding="utf-8")
    chat.write_text("\n".join(json.dumps(line) for line in LINES), encoding="utf-8")
    return group, chat


def test_a_group_chat_imports_as_a_scene_and_exports_back_equal_in_content(harness: Harness, tmp_path: Path) -> None:
    runtime = harness.runtime
    runtime.profile_store.save(profile("alice", displayName="Alice", tools={"allow": []},
                                       delegation={"canHandoff": False, "canDelegate": False},
                                       run={"endOnTextAnswer": True}))
    record = import_group(runtime, read_group_files(*write_group(tmp_path)), source="group.json")
    # Alice matched the agent there; Bob and Cora became character agents that play them
    assert record.cast == ["alice", "bob", "cora"] and record.present == ["alice", "bob"]
    made = runtime.profiles()["cora"]
    assert made.display_name == "Cora" and made.run.end_on_text_answer
    assert "You are Cora." in (made.instructions.system_prompt or "")
    messages = runtime.chats.messages(record.chat_id)
    assert [(m.role, m.agent_id) for m in messages] == [("user", None), ("assistant", "alice"),
                                                        ("assistant", "bob"), ("note", None), ("assistant", "cora")]
    assert [v.content for v in runtime.chats.versions(messages[2].id)] == ["Nobody was here.",
                                                                          "Then someone else put it out."]
    heard = Scenes(runtime).store.lines(record.chat_id)
    assert heard[messages[1].id].audience == ["alice", "bob"]

    files = export_group(runtime, record)
    assert {k: files.group[k] for k in ("name", "members", "disabled_members")} == {
        k: GROUP[k] for k in ("name", "members", "disabled_members")}
    exported = chat_lines(files.chat)
    assert "chat_metadata" in exported[0] and "mes" not in exported[0]
    assert content(exported) == content(LINES)

    # and back again: the exported files import as the same scene, equal in content once more
    again = import_group(runtime, GroupFiles(files.group, files.chat), source="again.json")
    assert again.cast == record.cast and again.present == record.present
    assert content(chat_lines(export_group(runtime, again).chat)) == content(LINES)
    assert set(runtime.profiles()) >= {"alice", "bob", "cora"} and "bob-2" not in runtime.profiles()


@pytest.mark.parametrize(("group", "chat", "problem"), [
    ("{not json", "", "is not a SillyTavern group file"),
    (json.dumps({"name": "G", "members": []}), "", "has no members"),
    (json.dumps(GROUP), '{"chat_metadata": {}}\n{"mes": 5}', "line 2"),
])
def test_a_bad_group_file_is_refused_with_its_code_and_nothing_written(harness: Harness, tmp_path: Path, group: str,
                                                                       chat: str, problem: str) -> None:
    (tmp_path / "g.json").write_text(group, encoding="utf-8")
    (tmp_path / "c.jsonl").write_text(chat, encoding="utf-8")
    with pytest.raises((SceneError, ValueError)) as info:
        import_group(harness.runtime, read_group_files(tmp_path / "g.json", tmp_path / "c.jsonl"), source="g.json")
    assert problem in str(getattr(info.value, "message", info.value))
    assert getattr(info.value, "code", "") in ("scene.bad_group_file", "chat.import_bad_message")
    assert harness.runtime.chats.chats() == [] and harness.runtime.profile_store.all() == []
