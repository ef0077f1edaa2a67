"""A scene chat's cast and presence carried into its copy (docs/scenes.md, "Branches and copies"): a branch (edit and
rerun) or a duplicate of a scene chat is a scene chat with the same cast and narrator, each copied message keeps
who heard it, and the presence is the one at the point it was branched from. Called inside the transaction that
copies the messages (``store/chats.py``), so the copy is a scene whole or not at all.
"""

from __future__ import annotations

import json

from relay_studio.store import tables as t
from relay_studio.store.database import Transaction, now_iso


def copy_scene(tx: Transaction, source: str, copy: str, ids: dict[str, str], at_message: str | None = None) -> None:
    """Makes chat ``copy`` a scene like ``source`` when ``source`` is one; ``ids``: each copied message's id in
    ``source`` to its id in ``copy``. ``at_message``: the message a branch stops before; its scene and audience
    become the copy's scene and presence (None: the source's scene and presence now)."""
    row = tx.raw.execute("SELECT cast_json, narrator_id, scene, present_json, next_speaker_id FROM scenes "
                         "WHERE chat_id = ?", (source,)).fetchone()
    if row is None:
        return
    cast_json, narrator, scene, present_json, next_speaker = row
    cast: list[str] = json.loads(cast_json)
    present: list[str] = json.loads(present_json)
    lines = tx.raw.execute("SELECT message_id, scene, kind, speaker_id, audience_json FROM scene_lines "
                           "WHERE chat_id = ?", (source,)).fetchall()
    for message_id, line_scene, kind, speaker, audience in lines:
        if message_id in ids:
            tx.insert(t.SceneLineRow, message_id=ids[message_id], chat_id=copy, scene=line_scene, kind=kind,
                      speaker_id=speaker, audience_json=audience)
        elif message_id == at_message:  # the branch point: the scene as it stood when that message was said
            heard = set(json.loads(audience))
            scene, present, next_speaker = line_scene, [c for c in cast if c in heard], None
    tx.insert(t.SceneRow, chat_id=copy, cast_json=cast_json, narrator_id=narrator, scene=scene,
              present_json=json.dumps(present), next_speaker_id=next_speaker, created_at=now_iso())
    tx.insert(t.SceneChangeRow, chat_id=copy, action="created", scene=scene, profile_id=None,
              payload_json=json.dumps({"cast": cast, "narrator": narrator, "copiedFrom": source,
                                       "present": present}), at=now_iso())
