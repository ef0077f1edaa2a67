"""Scene chats in the window (docs/scenes.md, docs/window/scenes.md): the cast strip's state, a new scene, entering
and leaving, who heard each message, and a turn.

One of the studio's operations (``ui/studio.py``): views call it as ``studio.scenes``. It drives the same
``runtime/scenes.py: Scenes`` as the CLI; a refusal is a ``SceneError`` (a code and a sentence) that the view shows
where the creator acted. Reading the state is two indexed reads (the chat, its scene row); a change syncs the
scene's lines and writes one short transaction, as the canon's changes do.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from relay_studio.domain.records import CHAT_MODE_SCENE, MessageRecord
from relay_studio.domain.scenes import CREATOR, SceneError, SceneLine, SceneRecord, SceneTurns
from relay_studio.library.portraits import kept_portrait
from relay_studio.runtime.card_profile import is_card_agent
from relay_studio.runtime.scenes import Scenes
from relay_studio.store.scenes import SceneStore, read_scene_turns
from relay_studio.ui.operations.changes import Changes

if TYPE_CHECKING:
    from relay_studio.runtime.engine import RunHandle
    from relay_studio.ui.background import Outcome
    from relay_studio.ui.operations.hub import StudioHub


T = TypeVar("T")


@dataclass(frozen=True)
class Member:
    """One portrait of the cast strip: a character (or the narrator), whether it is present, its model."""

    profile_id: str
    name: str
    present: bool
    narrator: bool
    model: str
    #: "from a character card" when the agent plays a card
    card: bool = False
    #: the card's picture kept as the agent's portrait (``library/portraits.py``), None: initials
    portrait: Path | None = None


@dataclass(frozen=True)
class SceneState:
    """What the cast strip shows of a scene chat."""

    record: SceneRecord
    members: list[Member]

    def member(self, name_or_id: str) -> Member | None:
        """The member a creator names (``/as Alice``): by display name or id, any case."""
        wanted = name_or_id.strip().casefold()
        return next((m for m in self.members if wanted in (m.name.casefold(), m.profile_id.casefold())), None)


class SceneOperations:
    def __init__(self, hub: StudioHub) -> None:
        self.hub = hub
        self.runtime = hub.runtime

    def _scenes(self, *, to_run: bool = False) -> Scenes:
        return Scenes(self.runtime, self.hub.providers.provider_for_run(demo=False) if to_run else None)

    def is_scene(self, chat_id: str) -> bool:
        chat = self.runtime.chats.chat(chat_id) if chat_id else None
        return chat is not None and chat.mode == CHAT_MODE_SCENE

    def state(self, chat_id: str) -> SceneState | None:
        """The scene's cast, presence and models (None: not a scene chat)."""
        if not self.is_scene(chat_id):
            return None
        scenes = self._scenes()
        try:
            record = scenes.store.scene(chat_id)
        except SceneError:
            return None
        profiles = self.runtime.profiles()
        members = []
        for pid in [*record.cast, *([record.narrator_id] if record.narrator_id else [])]:
            profile = profiles.get(pid)
            members.append(Member(pid, profile.display_name if profile else pid, pid in record.present,
                                  pid == record.narrator_id, scenes.model_label(pid),
                                  card=profile is not None and is_card_agent(profile),
                                  portrait=kept_portrait(self.runtime.data_dir, pid)))
        return SceneState(record, members)

    def new(self, name: str, cast: list[str], narrator: str | None, project_id: str) -> SceneRecord:
        """A new scene chat; raises ``SceneError`` (nothing written) for a bad cast or name."""
        record = self._scenes().new(name, cast, narrator=narrator, project_id=project_id)
        self.hub.ops.did_change(Changes.of(chats=record.chat_id))
        return record

    def free_name(self, project_id: str, base: str = "Scene") -> str:
        """``Scene N`` (``base`` N: the window's word): the first number no chat of the project has."""
        names = {c.name for c in self.runtime.chats.chats(project_id)}
        n = 1
        while f"{base} {n}" in names:
            n += 1
        return f"{base} {n}"

    def set_present(self, chat_id: str, who: str, present: bool) -> SceneRecord:
        """``who`` enters (``present``) or leaves the scene; raises ``SceneError``."""
        scenes = self._scenes()
        return scenes.enter(chat_id, who) if present else scenes.leave(chat_id, who)

    def next_scene(self, chat_id: str) -> SceneRecord:
        """A scene break: the next scene opens with who is present now."""
        return self._scenes().next_scene(chat_id)

    def heard(self, chat_id: str, limit: int = 200) -> list[tuple[MessageRecord, SceneLine]]:
        """The scene's last ``limit`` messages, each with who heard it, read here (tests, the CLI's way)."""
        return _read_heard(chat_id, limit, SceneStore(self.runtime.db))

    def read_heard(self, chat_id: str, deliver: Callable[[Outcome[list[tuple[MessageRecord, SceneLine]]]], None],
                   limit: int = 200) -> None:
        """``heard``, read on the studio's reader lane over its own connection (a campaign's chat is thousands of
        messages); ``deliver`` gets it on the GUI thread."""
        self.hub.ops.query_outcome(lambda stores: _read_heard(chat_id, limit, SceneStore(stores.db)), deliver,
                                   key=("scene-heard", chat_id))

    def read_turns(self, chat_id: str, fold: Callable[[SceneTurns | None], T], deliver: Callable[[Outcome[T]], None],
                   key: Hashable) -> None:
        """The scene's cast and turns (``store/scenes.py: read_scene_turns``) read and given to ``fold`` on the
        reader lane (the whole-scene lanes fold there); ``deliver`` gets what ``fold`` made on the GUI thread."""
        self.hub.ops.query_outcome(lambda stores: fold(read_scene_turns(stores.db, chat_id)), deliver, key=key)

    def correct(self, chat_id: str, message_id: str, present: list[str]) -> SceneLine:
        """The creator corrects who heard a message; raises ``SceneError``."""
        return self._scenes().correct(chat_id, message_id, present)

    async def say(self, chat_id: str, as_id: str | None, prompt: str | None) -> RunHandle:
        """One turn (``as_id``: that speaker; None: whoever is next), tracked like any run; raises ``SceneError``
        or ``RunRequestError`` before anything is written."""
        handle = await self._scenes(to_run=True).say(chat_id, as_id=as_id, prompt=prompt, approver=self.hub.approve)
        record = self.runtime.runs.run(handle.run_id)
        profile = self.runtime.profiles().get(record.root_profile_id) if record else None
        self.hub.track(handle, profile.display_name if profile else "")
        return handle


def _read_heard(chat_id: str, limit: int, store: SceneStore) -> list[tuple[MessageRecord, SceneLine]]:
    """The last ``limit`` messages of the scene with their lines; one said since the scene last looked has no line
    yet and gets the audience present now, as the scene's next look (``SceneStore.sync``) will give it."""
    record = store.scene(chat_id)
    lines = store.lines(chat_id)
    now = [*record.present, *([record.narrator_id] if record.narrator_id and record.narrator_id not in record.present
                              else [])]
    return [(m, lines.get(m.id) or SceneLine(message_id=m.id, scene=record.scene, speaker_id=m.agent_id or CREATOR,
                                             audience=now))
            for m in store.chats.messages(chat_id)[-limit:]]
