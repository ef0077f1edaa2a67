"""Imported profiles, stored as the portable JSON creators share."""

from __future__ import annotations

import json

from sqlalchemy import delete, select

from relay_studio.domain.profile import AgentProfile, parse_stored_profile
from relay_studio.store import tables as t
from relay_studio.store.database import Database, now_iso, table_of

_PROFILES = table_of(t.ProfileRow)


class ProfileStore:
    def __init__(self, db: Database) -> None:
        self.db = db
        #: Each stored text parsed once (validation is the costly part; profiles are frozen, so callers
        #: share them); a changed row is a new text.
        self._parsed: dict[str, AgentProfile] = {}
        #: How many saves and removals this store made: a reader that keeps the catalogue reads it again when
        #: this moved (the window's ``AgentOperations``); another process's writes come as its data version.
        self.writes = 0

    def all(self) -> list[AgentProfile]:
        rows = self.db.conn.execute(select(_PROFILES.c.id, _PROFILES.c.json_text).order_by(_PROFILES.c.id))
        parsed: dict[str, AgentProfile] = {}
        for pid, text in rows:
            profile = self._parsed.get(text)
            if profile is None:
                profile = parse_stored_profile(json.loads(text), f"stored profile '{pid}'")
            parsed[text] = profile
        self._parsed = parsed
        return list(parsed.values())

    def save(self, profile: AgentProfile) -> None:
        text = json.dumps(profile.to_json_dict(), ensure_ascii=False)
        with self.db.transaction() as tx:
            tx.conn.execute(delete(_PROFILES).where(_PROFILES.c.id == profile.id))
            tx.insert(t.ProfileRow, id=profile.id, json_text=text, updated_at=now_iso())
        self.writes += 1

    def remove(self, profile_id: str) -> bool:
        with self.db.transaction() as tx:
            result = tx.conn.execute(delete(_PROFILES).where(_PROFILES.c.id == profile_id))
        self.writes += 1
        return bool(result.rowcount)
