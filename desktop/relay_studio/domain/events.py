"""The journal event envelope, shared by the store, the runtime, the CLI and the window."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from relay_studio.domain.enums import EventLevel

# Event types are still spelled as literals where they are journaled; the ones below are declared once
# here and used from here.
#: A stage's plain-text reply became the chat message (after the nudges, or as a profile's normal ending).
TEXT_ANSWER_COMMITTED = "text_answer_committed"
#: Stop landed while a foreground agent was streaming: what it had streamed became a stopped version.
STOPPED_TEXT_COMMITTED = "stopped_text_committed"
#: An agent reached maxToolCalls, maxRounds or the run's maxTotalRounds; only closing calls run now.
AGENT_LIMIT_REACHED = "agent_limit_reached"
#: the story library entries a stage's prompt included (``names``, ``leftOut``, ``tokens``, ``budget``)
LIBRARY_ENTRIES_INCLUDED = "library_entries_included"
#: the Skills an invocation may use (``mode``, ``names``), resolved at its start
SKILL_SCOPES_RESOLVED = "skill_scopes_resolved"
#: a story library file or Skill was written by an agent's approved change (``path``, ``tool``, ``name``)
LIBRARY_FILE_WRITTEN = "library_file_written"


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
