"""The journal event envelope, shared by the store, the runtime, the CLI and the window."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from relay_studio.domain.enums import EventLevel

# Event types live in ``domain/event_types.py``; these names stay importable from here too.
from relay_studio.domain.event_types import AGENT_LIMIT_REACHED as AGENT_LIMIT_REACHED
from relay_studio.domain.event_types import LIBRARY_ENTRIES_INCLUDED as LIBRARY_ENTRIES_INCLUDED
from relay_studio.domain.event_types import LIBRARY_FILE_WRITTEN as LIBRARY_FILE_WRITTEN
from relay_studio.domain.event_types import SKILL_SCOPES_RESOLVED as SKILL_SCOPES_RESOLVED
from relay_studio.domain.event_types import STOPPED_TEXT_COMMITTED as STOPPED_TEXT_COMMITTED
from relay_studio.domain.event_types import TEXT_ANSWER_COMMITTED as TEXT_ANSWER_COMMITTED


class Event(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    seq: int
    run_id: str
    type: str
    level: EventLevel = EventLevel.INFO
    timestamp: str
    invocation_id: str | None = None
    related_invocation_ids: list[str] = Field(default_factory=list)
    payload: dict[str, Any] = Field(default_factory=dict)

    def envelope(self) -> dict[str, Any]:
        """The JSON envelope ``{"seq", "runId", "type", ...}`` as the CLI prints it."""
        return self.model_dump(mode="json", by_alias=True)
