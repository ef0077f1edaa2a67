"""SillyTavern chat JSONL over a real SQLite file: a chat with a regenerated answer exported and imported
back the same, a file as SillyTavern writes it (swipes, a hidden system message, its old date shape), and
hostile files refused with a sentence naming the file and line, nothing imported."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from relay_studio.domain import error_codes as codes
from relay_studio.domain.records import NOTE_ROLE
from relay_studio.library import sillytavern_chat as stc
from relay_studio.library.entries import LibraryError
from relay_studio.providers.scripted import ScriptedProvider, load_script
from relay_studio.runtime.prompts import chat_history
from tests.support import Harness, call, relay_profiles, write


def _answer(text: str) -> dict[str, object]:
    return {"toolCalls": [write("output/main.md", text), call("workspace_commit"), call("workspace_finish")]}


async def test_a_chat_with_versions_exports_and_imports_back_the_same(harness: Harness) -> None:
    await harness.run("final-editor", {"final-editor": [_answer("The tide came in.")]}, prompt="Begin", chat="Tides")
    chats = harness.runtime.chats
    chat = chats.chat_by_name("Tides")
    assert chat is not None
    answer = chats.messages(chat.id)[1]
    provider = ScriptedProvider(load_script({"turns": {"final-editor": [_answer("The tide went out.")]}}))
    handle = await harness.runtime.start_run(agent_id="final-editor", prompt="", provider_for=lambda _p: provider,
                                             profiles=relay_profiles(), regenerate_of=answer.id)
    await handle.wait()

    text = stc.export_chat(chats, chat, user_name="Ada")
    lines = [json.loads(line) for line in text.split("\n")]
    header, user, reply = lines
    assert header["user_name"] == "Ada" and header["character_name"] and "@" in header["create_date"]
    assert header["chat_metadata"]["relay_studio"]["chat"] == "Tides"
    assert (user["name"], user["is_user"], user["is_system"], user["mes"]) == ("Ada", True, False, "Begin")
    assert reply["is_user"] is False and reply["mes"] == "The tide went out."
    assert reply["swipes"] == ["The tide came in.", "The tide went out."] and reply["swipe_id"] == 1
    assert len(reply["swipe_info"]) == 2 and {"name", "send_date", "extra"} <= reply.keys()

    project = harness.runtime.projects.create("Elsewhere")
    imported = stc.import_chat(chats, text.encode(), "tides.jsonl", project_id=project.id)
    assert imported.name == "Tides" and imported.project_id == project.id
    before, after = chats.messages(chat.id), chats.messages(imported.id)
    assert [(m.role, m.content, m.agent_id, m.agent_name, m.created_at) for m in after] == \
        [(m.role, m.content, m.agent_id, m.agent_name, m.created_at) for m in before]
    assert [(v.content, v.agent_id) for v in chats.versions(after[1].id)] == \
        [(v.content, v.agent_id) for v in chats.versions(before[1].id)]
    again = [json.loads(line) for line in stc.export_chat(chats, imported, user_name="Ada").split("\n")]
    assert again[1:] == lines[1:]  # message for message, swipe for swipe
    assert {k: v for k, v in again[0].items() if k != "create_date"} == \
        {k: v for k, v in header.items() if k != "create_date"}
    # the same file again becomes a second chat beside the first, never a merge into it
    assert stc.import_chat(chats, text.encode(), "tides.jsonl", project_id=project.id).name == "Tides (2)"


SILLYTAVERN_FILE = "\n".join(json.dumps(line) for line in [
    {"user_name": "User", "character_name": "Seraphina", "create_date": "2024-05-01@10h00m00s",
     "chat_metadata": {"integrity": "0b1c", "note_prompt": ""}},
    {"name": "Seraphina", "is_user": False, "is_system": False, "send_date": "May 1, 2024 10:00am",
     "mes": "Welcome to the glade.", "extra": {}},
    {"name": "User", "is_user": True, "is_system": False, "send_date": "May 1, 2024 10:01am",
     "mes": "Where am I?", "extra": {}},
    {"name": "Seraphina", "is_user": False, "is_system": False, "send_date": 1714557720000,
     "mes": "In my forest.", "swipe_id": 1, "extra": {"api": "openai", "model": "gpt-4o"},
     "swipes": ["You are safe here.", "In my forest.", "Far from the road."],
     "swipe_info": [{"send_date": "2024-05-01T10:02:00.000Z", "extra": {}},
                    {"send_date": "2024-05-01T10:03:00.000Z", "extra": {}},
                    {"send_date": "2024-05-01T10:04:00.000Z", "extra": {}}]},
    {"name": "System", "is_user": False, "is_system": True, "send_date": "2024-05-01T10:05:00.000Z",
     "mes": "A hidden note.", "extra": {"type": "narrator"}},
]) + "\n"


async def test_a_file_as_sillytavern_writes_it_imports_with_swipes_as_versions(harness: Harness,
                                                                                 tmp_path: Path) -> None:
    path = tmp_path / "Seraphina - 2024-05-01@10h00m00s.jsonl"
    path.write_text(SILLYTAVERN_FILE, encoding="utf-8")
    chats = harness.runtime.chats
    chat = stc.import_chat_file(chats, path)
    assert chat.name == "Seraphina - 2024-05-01@10h00m00s"
    messages = chats.messages(chat.id)
    assert [(m.role, m.content, m.agent_name) for m in messages] == [
        ("assistant", "Welcome to the glade.", "Seraphina"), ("user", "Where am I?", None),
        ("assistant", "In my forest.", "Seraphina"), (NOTE_ROLE, "A hidden note.", "System")]
    assert messages[0].created_at == "2024-05-01T10:00:00.000Z"
    assert messages[2].created_at == "2024-05-01T10:02:00.000Z"  # epoch milliseconds
    # every swipe is a version; the chosen one (mes) is the last, the message's current text
    versions = chats.versions(messages[2].id)
    assert [v.content for v in versions] == ["You are safe here.", "Far from the road.", "In my forest."]
    assert messages[2].version == 3 and {v.agent_id for v in versions} == {"Seraphina"}
    assert [v.content for v in chats.versions(messages[0].id)] == ["Welcome to the glade."]
    # a text edited after its swipes (mes among none of them) keeps every swipe and comes last
    edited = stc.parse_chat(_lines(HEADER, {"name": "S", "mes": "Edited.", "swipes": ["One.", "Two."],
                                            "swipe_id": 1}), "edited.jsonl")
    assert [v.content for v in edited.messages[0].versions] == ["One.", "Two.", "Edited."]
    # a note is shown in the chat but reaches no prompt (as is_system hides it in SillyTavern)
    history, _pinned = chat_history(messages)
    assert [m.content for m in history] == ["Welcome to the glade.", "Where am I?", "In my forest."]
    out = [json.loads(line) for line in stc.export_chat(chats, chat).split("\n")]
    assert out[4]["is_system"] is True and out[4]["mes"] == "A hidden note."
    assert out[3]["swipes"][-1] == "In my forest." and out[3]["swipe_id"] == 2


def _lines(*objects: object) -> bytes:
    return "\n".join(o if isinstance(o, str) else json.dumps(o) for o in objects).encode()


HEADER = {"user_name": "User", "character_name": "Seraphina", "create_date": "2024-05-01@10h00m00s"}
HOSTILE = [
    (_lines(HEADER, {"name": "User", "is_user": "yes", "mes": "Hi"}), codes.CHAT_IMPORT_BAD_MESSAGE,
     "bad.jsonl, line 2: 'is_user' must be true or false."),
    (_lines(HEADER, {"name": "S", "is_user": False, "mes": "A"}, '{"name": "S", "mes": "cut sh'),
     codes.CHAT_IMPORT_BAD_JSON, "bad.jsonl, line 3 is not valid JSON"),
    (_lines(HEADER, {"name": "S", "is_user": False, "mes": 42}), codes.CHAT_IMPORT_BAD_MESSAGE,
     "bad.jsonl, line 2: 'mes' must be text."),
    (_lines(HEADER, {"name": "S", "mes": "A", "swipes": ["A", 7]}), codes.CHAT_IMPORT_BAD_MESSAGE,
     "bad.jsonl, line 2: 'swipes' must be a list of texts."),
    (_lines(HEADER, {"name": "S", "mes": "A", "swipes": ["A"], "swipe_id": 5}), codes.CHAT_IMPORT_BAD_MESSAGE,
     "bad.jsonl, line 2: 'swipe_id' 5 does not name one of its 1 swipes."),
    (_lines(HEADER, ["not", "a", "message"]), codes.CHAT_IMPORT_BAD_MESSAGE,
     "bad.jsonl, line 2 is not a message"),
    (_lines(HEADER, {"name": "S", "is_user": False}), codes.CHAT_IMPORT_BAD_MESSAGE, "bad.jsonl, line 2 has no 'mes'"),
    (_lines({"name": "S", "is_user": False, "mes": "no header"}), codes.CHAT_IMPORT_BAD_HEADER,
     "bad.jsonl, line 1 is not a SillyTavern chat header"),
    (_lines({**HEADER, "chat_metadata": []}), codes.CHAT_IMPORT_BAD_HEADER,
     "bad.jsonl, line 1: 'chat_metadata' must be an object."),
    (b"\n\n", codes.CHAT_IMPORT_EMPTY, "bad.jsonl is empty"),
    (_lines(HEADER) + b"\n{\"mes\": \"\xff\xfe\"}", codes.CHAT_IMPORT_NOT_TEXT, "bad.jsonl, line 2 is not UTF-8 text."),
    (_lines(HEADER, *([{"name": "S", "mes": "A"}] * 4)), codes.CHAT_IMPORT_TOO_MANY_MESSAGES,
     "bad.jsonl has more than 3 messages"),
]


@pytest.mark.parametrize(("data", "code", "sentence"), HOSTILE)
def test_hostile_chat_files_are_refused_naming_file_and_line(harness: Harness, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             data: bytes, code: str, sentence: str) -> None:
    monkeypatch.setattr(stc, "MAX_CHAT_MESSAGES", 3)
    path = tmp_path / "bad.jsonl"
    path.write_bytes(data)
    chats = harness.runtime.chats
    before = len(chats.chats())
    with pytest.raises(LibraryError) as caught:
        stc.import_chat_file(chats, path)
    assert caught.value.code == code
    assert caught.value.message.startswith(sentence)
    assert len(chats.chats()) == before  # nothing half-imported


def test_a_huge_chat_file_is_refused_before_it_is_read(harness: Harness, tmp_path: Path) -> None:
    path = tmp_path / "huge.jsonl"
    with path.open("wb") as handle:  # sparse: the size is real, the disk is not filled
        handle.truncate(stc.MAX_CHAT_FILE_BYTES + 1)
    os.utime(path)
    with pytest.raises(LibraryError) as caught:
        stc.import_chat_file(harness.runtime.chats, path)
    assert caught.value.code == codes.CHAT_IMPORT_TOO_LARGE
    assert caught.value.message == "huge.jsonl is 64 MB; the limit for a chat file is 64 MB."
    with pytest.raises(LibraryError) as missing:
        stc.import_chat_file(harness.runtime.chats, tmp_path / "gone.jsonl")
    assert missing.value.code == codes.CHAT_IMPORT_UNREADABLE
