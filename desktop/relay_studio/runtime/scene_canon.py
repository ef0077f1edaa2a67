"""The canon a scene's speaker may know (docs/scenes.md, "What each character knows"): in a scene turn the Canon
section holds only the facts that hold in this scene and that the speaker may know.

- **By scene**: in a scene chat a fact's "as of" is the scene from which it holds; a fact from a later scene is
  left out for everyone ("holds from scene 3 on"), as an entry's later version is.
- **By who knows it**: a fact about a story-library entry the speaker may not know (the entry's ``knownBy``, the
  names ``SceneTurn.entry_hidden`` holds) is left out ("about 'Vault', which Erin does not know"); so is a fact
  that quotes a scene's message the speaker did not hear ("rests on words Erin did not hear"). The narrator knows
  every entry and hears everything, so it sees every fact that holds in the scene.

What is left out, and why, is journaled in ``canon_facts_included.hidden``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from relay_studio.domain.canon import CanonFact, FactSourceKind
from relay_studio.domain.scenes import SceneTurn
from relay_studio.library.entries import LibraryEntry
from relay_studio.store.database import Database
from relay_studio.store.scenes import SceneStore


@dataclass(frozen=True)
class SceneFacts:
    """The facts a scene's speaker is given, and those left out with the reason for each."""

    kept: list[CanonFact]
    hidden: list[dict[str, str]] = field(default_factory=list)


def _entry_names(library: list[LibraryEntry]) -> dict[str, str]:
    """Every name and alias of the library's entries (case-folded), to the entry's name."""
    return {name.casefold(): entry.name for entry in library for name in (entry.name, *entry.aliases)}


def _quoted(fact: CanonFact) -> str | None:
    """The message a fact quotes, if it quotes one."""
    return fact.source.message_id if fact.source.kind == FactSourceKind.MESSAGE else None


def hidden_reason(fact: CanonFact, turn: SceneTurn, names: dict[str, str], heard: dict[str, list[str]]) -> str | None:
    """Why the speaker of ``turn`` may not be given ``fact`` (None: it may). ``heard``: who heard each quoted
    message that is a scene's line."""
    if fact.as_of is not None and fact.as_of > turn.scene:
        return f"holds from scene {fact.as_of} on"
    if turn.narrator:
        return None
    speaker = turn.speaker_names[-1] if turn.speaker_names else turn.speaker_id
    for about in fact.about:
        entry = names.get(about.casefold(), about)
        if entry in turn.entry_hidden:
            return f"about '{entry}', which {speaker} does not know"
    quoted = _quoted(fact)
    if quoted is not None and quoted in heard and turn.speaker_id not in heard[quoted]:
        return f"rests on words {speaker} did not hear"
    return None


def scene_facts(facts: list[CanonFact], library: list[LibraryEntry], turn: SceneTurn, db: Database) -> SceneFacts:
    """``facts`` split into those the speaker of ``turn`` may know in its scene and those left out, with why."""
    names = _entry_names(library)
    heard = SceneStore(db).audiences([q for f in facts if (q := _quoted(f)) is not None])
    kept: list[CanonFact] = []
    hidden: list[dict[str, str]] = []
    for fact in facts:
        reason = hidden_reason(fact, turn, names, heard)
        if reason is None:
            kept.append(fact)
        else:
            hidden.append({"handle": fact.handle, "reason": reason})
    return SceneFacts(kept, hidden)
