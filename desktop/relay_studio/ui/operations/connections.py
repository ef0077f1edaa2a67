"""Connections to model servers (their store, the choices the profile editor offers, the models a
server lists) and the creator's persona (what SillyTavern's {{user}} becomes).

One of the studio's operations (``ui/studio.py``, docs/window.md): views call it as ``studio.connections``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from relay_studio.store.persona import MAX_PERSONA_CHARS, persona_name, set_persona_name

if TYPE_CHECKING:
    from relay_studio.store.connections import ConnectionStore
    from relay_studio.ui.operations.hub import StudioHub
    from relay_studio.ui.profiles.sources import ConnectionChoices, ModelsSource


class ConnectionOperations:
    def __init__(self, hub: StudioHub) -> None:
        self.hub = hub
        self.runtime = hub.runtime
        self._persona: str | None = None  # read once, on the GUI thread, when first shown

    #: the longest persona name kept (Settings limits its field to it)
    PERSONA_MAX_CHARS = MAX_PERSONA_CHARS

    def persona_name(self) -> str:
        if self._persona is None:
            self._persona = persona_name(self.runtime.db)
        return self._persona

    def set_persona_name(self, name: str) -> str:
        """Stores the persona name (runs started from now on fill {{user}} with it); returns it as stored."""
        self._persona = set_persona_name(self.runtime.db, name)
        return self._persona

    def store(self) -> ConnectionStore:
        from relay_studio.store.connections import ConnectionStore

        return ConnectionStore(self.runtime.db)

    def choices(self) -> ConnectionChoices:
        from relay_studio.ui.profiles.sources import connection_choices

        return connection_choices(self.runtime.db)

    def server_models(self) -> ModelsSource:
        """connection id -> the models its server lists, awaited on the loop (the keychain on a worker thread)."""
        from relay_studio.ui.profiles.sources import server_models_source

        return server_models_source(self.runtime.db, self.runtime.data_dir)

