"""Scene chats in the database (docs/scenes.md): the cast and state (``scenes``), who was present for each message
(``scene_lines``), and the scene's journal of entrances, exits, scene breaks, corrections and private tells
(``scene_changes``). Every change writes its state and its journal row in one transaction.

Presence is recorded for every message: a message without a line gets the audience present when the scene
next looks (``sync``); since presence only changes through this store, which syncs first, that audience is the
one present when the message was said.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain.records import CHAT_MODE_SCENE, NOTE_ROLE, MessageRecord
from relay_studio.domain.scenes import (
    CREATOR,
    LINE_SAID,
    LINE_TOLD,
    SceneChange,
    SceneError,
    SceneLine,
    SceneRecord,
    SceneTurnRow,
    SceneTurns,
)
from relay_studio.store import tables as t
from relay_studio.store.chats import ChatStore
from relay_studio.store.database import Database, Transaction, now_iso, table_of

_SCENES = table_of(t.SceneRow)
_LINES = table_of(t.SceneLineRow)
_CHANGES = table_of(t.SceneChangeRow)


class SceneStore:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.chats = ChatStore(db)

    # -- reading ----------------------------------------------------------------------------------
    def scene(self, name: str, project_id: str | None = None) -> SceneRecord:
        """The scene chat named ``name``; raises ``scene.not_found``."""
        chat = self.chats.chat_by_name(name, project_id) or self.chats.chat(name)
        row = self.db.conn.execute(select(_SCENES).where(_SCENES.c.chat_id == chat.id)).first() if chat else None
        if chat is None or row is None:
            raise SceneError(codes.SCENE_NOT_FOUND, f"There is no scene named '{name}'; start one with scene new.")
        m = row._mapping
        return SceneRecord(chat_id=chat.id, name=chat.name, cast=json.loads(m["cast_json"]),
                           narrator_id=m["narrator_id"], scene=m["scene"], present=json.loads(m["present_json"]),
                           next_speaker_id=m["next_speaker_id"])

    def lines(self, chat_id: str) -> dict[str, SceneLine]:
        rows = self.db.raw.execute("SELECT message_id, scene, kind, speaker_id, audience_json FROM scene_lines "
                                   "WHERE chat_id = ?", (chat_id,))
        # plain SQL: a campaign's turn reads thousands of lines (bench/scene_context.py)
        return {r[0]: SceneLine(message_id=r[0], scene=r[1], kind=r[2], speaker_id=r[3], audience=json.loads(r[4]))
                for r in rows}

    def audiences(self, message_ids: list[str]) -> dict[str, list[str]]:
        """Who heard each of ``message_ids`` that is a line of a scene (any scene chat); others are absent."""
        if not message_ids:
            return {}
        marks = ", ".join("?" * len(message_ids))
        rows = self.db.raw.execute(f"SELECT message_id, audience_json FROM scene_lines WHERE message_id IN ({marks})",
                                   tuple(message_ids))
        return {r[0]: json.loads(r[1]) for r in rows}

    def last_speaker(self, chat_id: str, among: list[str]) -> str | None:
        """The last of ``among`` who said something aloud in the chat (one indexed query, not a read of the chat)."""
        if not among:
            return None
        marks = ", ".join("?" * len(among))
        row = self.db.raw.execute(
            f"SELECT l.speaker_id FROM scene_lines l JOIN messages m ON m.id = l.message_id WHERE l.chat_id = ? "
            f"AND l.kind = ? AND l.speaker_id IN ({marks}) ORDER BY m.position DESC LIMIT 1",
            (chat_id, LINE_SAID, *among)).fetchone()
        return str(row[0]) if row else None

    def changes(self, chat_id: str) -> list[SceneChange]:
        rows = self.db.conn.execute(select(_CHANGES).where(_CHANGES.c.chat_id == chat_id).order_by(_CHANGES.c.id))
        return [SceneChange(action=r.action, scene=r.scene, profile_id=r.profile_id,
                            payload=json.loads(r.payload_json), at=r.at) for r in rows]

    # -- changing ---------------------------------------------------------------------------------
    def create(self, name: str, cast: list[str], narrator_id: str | None, project_id: str | None) -> SceneRecord:
        if self.chats.chat_by_name(name, project_id) is not None:
            raise SceneError(codes.SCENE_NAME_TAKEN, f"There is already a chat named '{name}'; choose another name.")
        chat = self.chats.ensure_chat(name, project_id=project_id, mode=CHAT_MODE_SCENE)
        with self.db.transaction() as tx:
            tx.insert(t.SceneRow, chat_id=chat.id, cast_json=json.dumps(cast), narrator_id=narrator_id, scene=1,
                      present_json=json.dumps(cast), next_speaker_id=None, created_at=now_iso())
            _change(tx, chat.id, "created", 1, None, {"cast": cast, "narrator": narrator_id})
        return self.scene(chat.id)

    def attach(self, chat_id: str, cast: list[str], present: list[str], source: str) -> SceneRecord:
        """Makes an imported chat a scene (``runtime/scene_group.py``): its messages were heard by ``present``."""
        with self.db.transaction() as tx:
            tx.raw.execute("UPDATE chats SET mode = ? WHERE id = ?", (CHAT_MODE_SCENE, chat_id))
            tx.insert(t.SceneRow, chat_id=chat_id, cast_json=json.dumps(cast), narrator_id=None, scene=1,
                      present_json=json.dumps(present), next_speaker_id=None, created_at=now_iso())
            _change(tx, chat_id, "created", 1, None, {"cast": cast, "narrator": None, "importedFrom": source})
        record = self.scene(chat_id)
        self.sync(record)
        return record

    def sync(self, record: SceneRecord) -> None:
        """Gives every message of the chat without a line the audience present now (and the narrator)."""
        # one indexed query for the messages without a line, not a read of the chat: the window's enter, leave and
        # correct call this on the GUI thread (a 3,000-message scene: 122 ms reading the chat, ~1 ms this way)
        fresh = self.db.raw.execute(
            "SELECT m.id, m.agent_id FROM messages m WHERE m.chat_id = ? AND NOT EXISTS "
            "(SELECT 1 FROM scene_lines l WHERE l.message_id = m.id) ORDER BY m.position", (record.chat_id,)).fetchall()
        if not fresh:
            return
        audience = json.dumps(_audience(record, record.present))
        with self.db.transaction() as tx:
            for message_id, agent_id in fresh:
                tx.insert(t.SceneLineRow, message_id=message_id, chat_id=record.chat_id, scene=record.scene,
                          kind=LINE_SAID, speaker_id=agent_id or CREATOR, audience_json=audience)

    def set_present(self, record: SceneRecord, who: str, present: bool) -> SceneRecord:
        """``who`` enters (``present``) or leaves; journaled."""
        self.sync(record)
        if (who in record.present) == present:
            state = "already in" if present else "not in"
            raise SceneError(codes.SCENE_PRESENCE_UNCHANGED, f"'{who}' is {state} the scene.")
        now = [c for c in record.cast if c in record.present or (present and c == who)]
        if not present:
            now = [c for c in now if c != who]
        with self.db.transaction() as tx:
            _update(tx, record.chat_id, present_json=json.dumps(now))
            _change(tx, record.chat_id, "entered" if present else "left", record.scene, who, {"present": now})
        return self.scene(record.chat_id)

    def break_scene(self, record: SceneRecord, present: list[str] | None) -> SceneRecord:
        """A scene break: the next scene number, and who is present in it (unchanged when None)."""
        self.sync(record)
        now = record.present if present is None else [c for c in record.cast if c in present]
        with self.db.transaction() as tx:
            _update(tx, record.chat_id, scene=record.scene + 1, present_json=json.dumps(now))
            _change(tx, record.chat_id, "scene_break", record.scene + 1, None, {"present": now})
        return self.scene(record.chat_id)

    def correct(self, record: SceneRecord, message_id: str, present: list[str]) -> SceneLine:
        """The creator corrects who was present when a message was said; journaled with before and after."""
        self.sync(record)
        line = self.lines(record.chat_id).get(message_id)
        if line is None:
            raise SceneError(codes.SCENE_MESSAGE_NOT_FOUND, f"The scene '{record.name}' has no message '{message_id}'.")
        audience = _audience(record, [c for c in record.cast if c in present])
        with self.db.transaction() as tx:
            tx.raw.execute("UPDATE scene_lines SET audience_json = ? WHERE message_id = ?",
                           (json.dumps(audience), message_id))
            _change(tx, record.chat_id, "presence_corrected", line.scene, None,
                    {"messageId": message_id, "before": line.audience, "after": audience})
        return line.model_copy(update={"audience": audience})

    def choose_next(self, record: SceneRecord, speaker_id: str | None, by: str | None = None) -> None:
        with self.db.transaction() as tx:
            _update(tx, record.chat_id, next_speaker_id=speaker_id)
            if speaker_id is not None:
                _change(tx, record.chat_id, "speaker_chosen", record.scene, speaker_id, {"by": by})

    def tell(self, record: SceneRecord, teller: str, teller_name: str, recipient: str, recipient_name: str,
             text: str, run_id: str) -> MessageRecord:
        """A private message from ``teller`` to ``recipient``: a chat note only the two of them (and the narrator)
        ever see in a prompt; journaled."""
        self.sync(record)
        message = self.chats.add_message(record.chat_id, NOTE_ROLE, f"{teller_name} to {recipient_name}, privately: "
                                          f"{text}", agent_id=teller, agent_name=teller_name, run_id=run_id)
        audience = _audience(record, [teller, recipient])
        with self.db.transaction() as tx:
            tx.insert(t.SceneLineRow, message_id=message.id, chat_id=record.chat_id, scene=record.scene,
                      kind=LINE_TOLD, speaker_id=teller, audience_json=json.dumps(audience))
            _change(tx, record.chat_id, "told", record.scene, teller,
                    {"to": recipient, "text": text, "messageId": message.id})
        return message


def _audience(record: SceneRecord, present: list[str]) -> list[str]:
    return [*present, *([record.narrator_id] if record.narrator_id and record.narrator_id not in present else [])]


def _update(tx: Transaction, chat_id: str, **values: Any) -> None:
    names = ", ".join(f"{k} = ?" for k in values)
    tx.raw.execute(f"UPDATE scenes SET {names} WHERE chat_id = ?", (*values.values(), chat_id))


def _change(tx: Transaction, chat_id: str, action: str, scene: int, profile_id: str | None,
            payload: dict[str, Any]) -> None:
    tx.insert(t.SceneChangeRow, chat_id=chat_id, action=action, scene=scene, profile_id=profile_id,
              payload_json=json.dumps(payload, ensure_ascii=False), at=now_iso())


MAX_SCENE_TURNS = 5000  # the scene's latest turns read; a longer campaign shows its last MAX_SCENE_TURNS


def read_scene_turns(db: Database, chat_id: str) -> SceneTurns | None:
    """The scene chat's cast and turns (None: not a scene). One query over the chat's runs; each run's scene is
    the one its ``scene_context_assembled`` event names (a run without one, which failed before it, belongs to the
    scene of the turn before it)."""
    try:
        record = SceneStore(db).scene(chat_id)
    except SceneError:
        return None
    rows = db.raw.execute(
        "SELECT r.id, r.root_profile_id, r.status, (SELECT e.payload_json FROM events e WHERE e.run_id = r.id "
        "AND e.type = ? ORDER BY e.seq LIMIT 1) FROM runs r WHERE r.chat_id = ? ORDER BY r.created_at DESC, "
        "r.rowid DESC LIMIT ?", (ev.SCENE_CONTEXT_ASSEMBLED, chat_id, MAX_SCENE_TURNS)).fetchall()
    turns: list[SceneTurnRow] = []
    scene = 1
    for run_id, speaker, status, payload in reversed(rows):
        if payload:
            scene = int(json.loads(payload).get("scene") or scene)
        turns.append(SceneTurnRow(str(run_id), str(speaker), scene, str(status)))
    return SceneTurns(list(record.cast), record.narrator_id, turns)
