"""The creator's persona name (``app_settings.persona_name``): what SillyTavern's ``{{user}}`` becomes in
the cards, lorebooks and World Info a project imported (``library/macros.py``). "User", SillyTavern's own
default persona, until the creator names theirs (Settings, ``relay-studio persona NAME``)."""

from __future__ import annotations

from sqlalchemy import delete, select

from relay_studio.store.database import Database, table_of
from relay_studio.store.tables import AppSettingRow

PERSONA_KEY = "persona_name"
DEFAULT_PERSONA = "User"
MAX_PERSONA_CHARS = 80

_SETTINGS = table_of(AppSettingRow)


def clean_persona(name: str) -> str:
    """One line of at most 80 characters, spaces collapsed; empty gives the default."""
    return " ".join(name.split())[:MAX_PERSONA_CHARS].strip() or DEFAULT_PERSONA


def persona_name(db: Database) -> str:
    value = db.conn.execute(select(_SETTINGS.c.value).where(_SETTINGS.c.key == PERSONA_KEY)).scalar()
    return clean_persona(str(value)) if value is not None else DEFAULT_PERSONA


def set_persona_name(db: Database, name: str) -> str:
    """Stores ``name`` (cleaned; the default forgets it) and returns it as stored."""
    cleaned = clean_persona(name)
    with db.transaction() as tx:
        tx.conn.execute(delete(_SETTINGS).where(_SETTINGS.c.key == PERSONA_KEY))
        if cleaned != DEFAULT_PERSONA:
            tx.insert(AppSettingRow, key=PERSONA_KEY, value=cleaned)
    return cleaned
