"""What one character of a scene may know (docs/scenes.md): the messages of the chat it witnessed or was told,
as its model input, and what was left out and why. Pure: the scene's lines and messages in, text out.

A character sees a message when it is in the message's audience (present when it was said, or the one it was
told to); the narrator sees every message. Its own lines are its own turns (``assistant``), everyone else's
are written as "Name: text" so it knows who spoke.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from relay_studio.domain.messages import Message
from relay_studio.domain.records import MessageRecord
from relay_studio.domain.scenes import CREATOR, LINE_TOLD, SceneLine, SceneTurn


@dataclass
class WitnessedContext:
    history: list[Message] = field(default_factory=list)
    included: list[str] = field(default_factory=list)
    #: what was left out, grouped by scene and reason in the order first met: ``scene``, ``reason``, ``count``,
    #: ``first`` and ``last`` message ids (bounded by scenes, not messages: a campaign's turns stay small to journal;
    #: each message's audience is in ``scene_lines``)
    left_out: list[dict[str, Any]] = field(default_factory=list)

    def leave_out(self, message_id: str, scene: int, reason: str) -> None:
        last = self.left_out[-1] if self.left_out else None
        if last is not None and (last["scene"], last["reason"]) == (scene, reason):
            last["count"] += 1
            last["last"] = message_id
        else:
            self.left_out.append({"scene": scene, "reason": reason, "count": 1, "first": message_id,
                                  "last": message_id})


def _present_by_scene(lines: Mapping[str, SceneLine]) -> dict[int, set[str]]:
    """Who heard anything said aloud in each scene (one pass: the reasons are asked for thousands of lines)."""
    present: dict[int, set[str]] = {}
    for line in lines.values():
        if line.kind != LINE_TOLD:
            present.setdefault(line.scene, set()).update(line.audience)
    return present


def _reason(speaker: str, line: SceneLine, present: Mapping[int, set[str]], names: Mapping[str, str],
            narrator_id: str | None) -> str:
    if line.kind == LINE_TOLD:
        told = [a for a in line.audience if a not in (line.speaker_id, narrator_id)]
        return f"told privately to {', '.join(names.get(a, a) for a in told) or 'someone else'}"
    if speaker in present.get(line.scene, ()):
        return f"not present when it was said in scene {line.scene}"
    return f"not present in scene {line.scene}"


def _shown(message: MessageRecord, line: SceneLine, speaker: str, names: Mapping[str, str], creator: str) -> Message:
    who = line.speaker_id or CREATOR
    if who == speaker and line.kind != LINE_TOLD:
        return Message(role="assistant", content=message.content)
    if line.kind == LINE_TOLD:  # the note already reads "Teller to Recipient, privately: …"
        return Message(role="user", content=message.content)
    name = creator if who == CREATOR else names.get(who, message.agent_name or who)
    return Message(role="user", content=f"{name}: {message.content}")


def witnessed(messages: list[MessageRecord], lines: Mapping[str, SceneLine], speaker: str, *, narrator: bool,
              names: Mapping[str, str], creator: str = "The creator", narrator_id: str | None = None,
              ) -> WitnessedContext:
    """``speaker``'s model input from the scene chat's ``messages`` (in order), with what it did not witness left
    out and journaled by reason. ``names``: profile id -> the name the cast knows it by."""
    out = WitnessedContext()
    present: dict[int, set[str]] | None = None
    for message in messages:
        line = lines.get(message.id)
        if line is None:  # every message of a scene has a line once synced; none is guessed at
            continue
        if narrator or speaker in line.audience:
            out.history.append(_shown(message, line, speaker, names, creator))
            out.included.append(message.id)
        else:
            present = _present_by_scene(lines) if present is None else present
            out.leave_out(message.id, line.scene, _reason(speaker, line, present, names, narrator_id))
    return out


def scene_section(turn: SceneTurn) -> str:
    """The "Scene" prompt section, from the speaker's own view."""
    others = ", ".join(n for n in turn.present_names if n not in turn.speaker_names) or "nobody else"
    if turn.narrator:
        return (f"## The scene\nYou are the narrator of scene {turn.scene}. Present now: {others}. You see "
                "everything that happens. Describe what happens next in plain text; to say who speaks next, call "
                "scene_choose_speaker with their name.")
    return (f"## The scene\nThis is scene {turn.scene}. Present with you: {others}. You know only what you saw, "
            "heard or were told. Answer in plain text with what you say and do. To tell someone something "
            "privately, call character_tell with their name and your message.")
