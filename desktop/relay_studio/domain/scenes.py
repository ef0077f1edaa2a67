"""Scene chats (docs/scenes.md): a cast of character agents and an optional narrator; who was present for each
message; and what one scene turn hands the runtime. Pure data, no I/O."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field

from relay_studio.domain.coded_error import CodedError
from relay_studio.domain.messages import Message

#: a message said to everyone present, or told privately to one character (``character_tell``)
LINE_SAID = "said"
LINE_TOLD = "told"
#: who said a creator's message (a stage direction), in a line's ``speaker_id``
CREATOR = "creator"


class SceneError(CodedError, ValueError):
    """A scene change or turn that cannot be made; nothing was written. ``code`` is a ``scene.*`` code."""


class SceneRecord(BaseModel):
    """A scene chat's state: its cast in order, the narrator, the scene number, who is present now."""

    chat_id: str
    name: str
    cast: list[str]
    narrator_id: str | None = None
    scene: int = 1
    present: list[str] = Field(default_factory=list)
    #: the character the narrator picked to speak next (``scene_choose_speaker``), until that turn starts
    next_speaker_id: str | None = None


class SceneLine(BaseModel):
    """Who was present when a message was said (its audience) and in which scene."""

    message_id: str
    scene: int
    kind: str = LINE_SAID
    speaker_id: str | None = None
    audience: list[str] = Field(default_factory=list)


class SceneChange(BaseModel):
    """One row of a scene chat's journal outside its runs."""

    action: str
    scene: int
    profile_id: str | None = None
    payload: dict[str, Any] = Field(default_factory=dict)
    at: str


@dataclass(frozen=True)
class SceneTurn:
    """What a scene turn gives the run it starts: who speaks, in which scene, and how the story library is
    seen (``entry_hidden``: names of the entries this speaker may not know). The history it was built from
    is the run's chat input."""

    speaker_id: str
    speaker_names: tuple[str, ...]
    scene: int
    narrator: bool
    present_names: tuple[str, ...] = ()
    #: the creator's stage direction for this turn, stored as a chat message (None: only a cue, not stored)
    creator_text: str | None = None
    entry_hidden: frozenset[str] = field(default_factory=frozenset)
    #: the ``scene_context_assembled`` payload, journaled when the run is created
    context: dict[str, Any] = field(default_factory=dict)
    #: the speaker's model input before this turn's cue: what it witnessed or was told
    history: tuple[Message, ...] = ()

    def frozen(self) -> dict[str, Any]:
        """What a resumed run needs of the turn (its history is the run's frozen chat input)."""
        return {"speakerId": self.speaker_id, "speakerNames": list(self.speaker_names), "scene": self.scene,
                "narrator": self.narrator, "presentNames": list(self.present_names),
                "entryHidden": sorted(self.entry_hidden)}

    @classmethod
    def thawed(cls, data: dict[str, Any]) -> SceneTurn:
        return cls(speaker_id=str(data["speakerId"]), speaker_names=tuple(data.get("speakerNames", [])),
                   scene=int(data.get("scene", 1)), narrator=bool(data.get("narrator", False)),
                   present_names=tuple(data.get("presentNames", [])),
                   entry_hidden=frozenset(data.get("entryHidden", [])))


@dataclass(frozen=True)
class SceneTurnRow:
    """One turn of a scene as the journal has it: its run, who spoke, in which scene, how it ended."""

    run_id: str
    speaker_id: str
    scene: int
    status: str


@dataclass(frozen=True)
class SceneTurns:
    """A scene's cast (in order, the narrator last) and its turns, oldest first."""

    cast: list[str]
    narrator_id: str | None
    turns: list[SceneTurnRow]
