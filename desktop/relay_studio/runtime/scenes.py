"""Scene chats, as both hosts drive them (docs/scenes.md): a scene is made with a cast and an optional narrator;
characters enter and leave; a scene break starts the next scene; and each turn is a run like any other, whose
speaker's prompt holds only what it witnessed or was told, and the story-library entries it may know as of
this scene.

``Scenes`` is the Python API (``Scenes(runtime).new(...)``, ``.say(...)``); the CLI's ``relay-studio scene``
and the window call the same methods.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.domain.profile import AgentProfile, Delegation, HandoffOut, Tools
from relay_studio.domain.scenes import SceneError, SceneLine, SceneRecord, SceneTurn
from relay_studio.library.entries import LibraryEntry
from relay_studio.library.store import LibraryStore
from relay_studio.runtime.approval import Approver
from relay_studio.runtime.context import ProviderFor
from relay_studio.runtime.engine import RunHandle, Runtime
from relay_studio.runtime.scene_context import witnessed
from relay_studio.store.chats import ChatStore
from relay_studio.store.database import Database
from relay_studio.store.persona import persona_name
from relay_studio.store.scenes import SceneStore


@dataclass(frozen=True)
class Speaker:
    """Who speaks a turn, and whether they were picked by the creator, by the round, or by the narrator."""

    profile_id: str
    picked_by: str


def scene_profile(profile: AgentProfile, *, narrator: bool) -> AgentProfile:
    """The profile as it plays its part in a scene: its own prompt and model, answering in plain text, with the
    scene's one tool (a character tells, the narrator picks who speaks) and nobody to hand work to."""
    tool = tn.SCENE_CHOOSE_SPEAKER if narrator else tn.CHARACTER_TELL
    return profile.model_copy(update={
        "tools": Tools(allow=[tool]),
        "delegation": Delegation(),
        "handoff": HandoffOut(),
        "run": profile.run.model_copy(update={"direct_runnable": True, "end_on_text_answer": True}),
    })


class Scenes:
    def __init__(self, runtime: Runtime, provider_for: ProviderFor | None = None) -> None:
        self.runtime = runtime
        self.store = SceneStore(runtime.db)
        #: the models turns use when ``say`` is given none
        self.provider_for = provider_for

    # -- the cast and presence --------------------------------------------------------------------
    def _profile(self, pid: str, what: str) -> AgentProfile:
        profile = self.runtime.profiles().get(pid)
        if profile is None:
            raise SceneError(codes.SCENE_UNKNOWN_AGENT, f"The {what} '{pid}' is no agent profile.")
        return profile

    def new(self, name: str, cast: list[str], *, narrator: str | None = None,
            project_id: str | None = None) -> SceneRecord:
        cast = [c.strip() for c in cast if c.strip()]
        if not cast:
            raise SceneError(codes.SCENE_BAD_CAST, "A scene needs at least one character in its cast.")
        if len(set(cast)) != len(cast):
            raise SceneError(codes.SCENE_BAD_CAST, "The cast names a character twice.")
        for pid in cast:
            self._profile(pid, "character")
        if narrator is not None:
            self._profile(narrator, "narrator")
            if narrator in cast:
                raise SceneError(codes.SCENE_BAD_CAST, f"'{narrator}' cannot be both narrator and in the cast.")
        if not name.strip():
            raise SceneError(codes.SCENE_BAD_NAME, "A scene needs a name.")
        return self.store.create(name.strip(), cast, narrator, project_id)

    def get(self, name: str, project_id: str | None = None) -> SceneRecord:
        record = self.store.scene(name, project_id)
        self.store.sync(record)
        return record

    def _cast_member(self, record: SceneRecord, who: str) -> str:
        if who not in record.cast:
            raise SceneError(codes.SCENE_NOT_IN_CAST, f"'{who}' is not in the cast of '{record.name}' "
                                                      f"({', '.join(record.cast)}).")
        return who

    def enter(self, name: str, who: str, project_id: str | None = None) -> SceneRecord:
        record = self.store.scene(name, project_id)
        return self.store.set_present(record, self._cast_member(record, who), True)

    def leave(self, name: str, who: str, project_id: str | None = None) -> SceneRecord:
        record = self.store.scene(name, project_id)
        return self.store.set_present(record, self._cast_member(record, who), False)

    def next_scene(self, name: str, present: list[str] | None = None, project_id: str | None = None) -> SceneRecord:
        """A scene break; ``present``: who is there when the next scene opens (unchanged when None)."""
        record = self.store.scene(name, project_id)
        for who in present or []:
            self._cast_member(record, who)
        return self.store.break_scene(record, present)

    def correct(self, name: str, message_id: str, present: list[str], project_id: str | None = None) -> SceneLine:
        """The creator corrects who was present when a message was said."""
        record = self.store.scene(name, project_id)
        for who in present:
            self._cast_member(record, who)
        return self.store.correct(record, message_id, present)

    # -- turns ------------------------------------------------------------------------------------
    def next_speaker(self, record: SceneRecord) -> Speaker:
        """The narrator's pick if one waits, else the next character present after the last one who spoke."""
        if record.next_speaker_id and record.next_speaker_id in record.present:
            return Speaker(record.next_speaker_id, "narrator")
        if not record.present:
            raise SceneError(codes.SCENE_NOBODY_PRESENT, f"Nobody is present in '{record.name}'; let a character "
                                                         "enter first.")
        last = self.store.last_speaker(record.chat_id, record.cast)
        order = record.cast
        start = order.index(last) + 1 if last in order else 0
        for pid in order[start:] + order[:start]:
            if pid in record.present:
                return Speaker(pid, "round")
        raise SceneError(codes.SCENE_NOBODY_PRESENT, f"Nobody is present in '{record.name}'.")

    def speaker(self, record: SceneRecord, as_id: str | None) -> Speaker:
        if as_id is None:
            return self.next_speaker(record)
        if as_id == record.narrator_id:
            return Speaker(as_id, "creator")
        self._cast_member(record, as_id)
        if as_id not in record.present:
            raise SceneError(codes.SCENE_SPEAKER_ABSENT, f"'{as_id}' is not in the scene now; let them enter first.")
        return Speaker(as_id, "creator")

    async def say(self, name: str, *, provider_for: ProviderFor | None = None, as_id: str | None = None,
                  prompt: str | None = None, project_id: str | None = None,
                  approver: Approver | None = None) -> RunHandle:
        """One turn (``as_id``: that speaker; None: whoever is next) as a run; returns its handle."""
        providers = provider_for or self.provider_for
        if providers is None:
            raise ValueError("Scenes.say needs provider_for, here or when the Scenes were made")
        record = self.get(name, project_id)
        speaker = self.speaker(record, as_id)
        turn = await self.turn_apart(record, speaker, prompt)
        profiles = self.runtime.profiles()
        profiles[speaker.profile_id] = scene_profile(profiles[speaker.profile_id], narrator=turn.narrator)
        if record.next_speaker_id is not None and record.next_speaker_id == speaker.profile_id:
            self.store.choose_next(record, None)
        return await self.runtime.start_run(agent_id=speaker.profile_id, prompt=turn.creator_text or self.cue(turn),
                                            provider_for=providers, chat=record.chat_id, profiles=profiles,
                                            approver=approver, scene=turn)

    async def say_and_wait(self, name: str, **kw: Any) -> RunHandle:
        """``say``, waiting for the run's end; the reply's presence is then recorded."""
        handle = await self.say(name, **kw)
        await handle.wait()
        self.get(name, kw.get("project_id"))
        return handle

    def cue(self, turn: SceneTurn) -> str:
        """The turn's prompt when the creator wrote none, in the speaker's view."""
        if turn.narrator:
            return f"(Narrate what happens next in scene {turn.scene}.)"
        return f"(It is your turn in scene {turn.scene}: say and do what you say and do next.)"

    def names(self, record: SceneRecord) -> dict[str, str]:
        everyone = [*record.cast, *([record.narrator_id] if record.narrator_id else [])]
        profiles = self.runtime.profiles()
        return {pid: profiles[pid].display_name if pid in profiles else pid for pid in everyone}

    def model_label(self, pid: str) -> str:
        """Which model a cast member speaks with: its connection and model, or the default connection."""
        profile = self.runtime.profiles().get(pid)
        if profile is None:
            return "(no such agent)"
        binding = profile.model
        if binding.mode == "connection":
            return f"{binding.connection}" + (f" / {binding.model}" if binding.model else "")
        if binding.mode == "default":
            return "default connection" + (f" / {binding.model}" if binding.model else "")
        return "not configured"

    def turn(self, record: SceneRecord, speaker: Speaker, prompt: str | None) -> SceneTurn:
        """What the speaker's run is given: its witnessed history, the entries it may not know, and the journal
        payload saying what was left out and why."""
        return self._turn(record, speaker, prompt, self.runtime.db, self._reading(record))

    async def turn_apart(self, record: SceneRecord, speaker: Speaker, prompt: str | None) -> SceneTurn:
        """``turn`` on a worker thread over a connection of its own: on a long campaign it reads thousands of
        messages and lines (bench/scene_context.py: 0.6-0.8 s at 10,000 messages), and the loop it would otherwise
        run on is the window's GUI thread."""
        reading = self._reading(record)  # what needs the runtime's own connection, read here first

        def work() -> SceneTurn:
            db = Database(self.runtime.db.path)
            try:
                return self._turn(record, speaker, prompt, db, reading)
            finally:
                db.close()

        return await asyncio.to_thread(work)

    def _reading(self, record: SceneRecord) -> _TurnReading:
        project = self.runtime.chat_project(record.chat_id)
        return _TurnReading(self.names(record), persona_name(self.runtime.db), project.id,
                            self.runtime.project_dir(project))

    def _turn(self, record: SceneRecord, speaker: Speaker, prompt: str | None, db: Database,
              reading: _TurnReading) -> SceneTurn:
        pid = speaker.profile_id
        narrator = pid == record.narrator_id
        names = reading.names
        messages = ChatStore(db).messages(record.chat_id)
        seen = witnessed(messages, SceneStore(db).lines(record.chat_id), pid, narrator=narrator, names=names,
                         creator=reading.creator, narrator_id=record.narrator_id)
        hidden = [] if narrator else self._hidden_entries(db, reading, pid, names[pid])
        context = {"speaker": pid, "speakerName": names[pid], "pickedBy": speaker.picked_by, "scene": record.scene,
                   "narrator": narrator, "present": record.present, "included": len(seen.included),
                   "leftOut": seen.left_out,
                   "entriesLeftOut": [{"name": e.name, "reason": f"not known to {names[pid]}"} for e in hidden]}
        return SceneTurn(speaker_id=pid, speaker_names=(pid, names[pid]), scene=record.scene, narrator=narrator,
                         present_names=tuple(names[p] for p in record.present),
                         creator_text=prompt.strip() if prompt and prompt.strip() else None,
                         entry_hidden=frozenset(e.name for e in hidden), context=context, history=tuple(seen.history))

    @staticmethod
    def _hidden_entries(db: Database, reading: _TurnReading, pid: str, name: str) -> list[LibraryEntry]:
        store = LibraryStore.open(db, reading.project_id, reading.project_dir)
        return [i.entry for i in store.entries() if not i.entry.known_to(pid, name)]


@dataclass(frozen=True)
class _TurnReading:
    """What a turn needs that only the runtime's own connection reads: the cast's names, the creator's, the project."""

    names: dict[str, str]
    creator: str
    project_id: str
    project_dir: Path
