"""A scene chat's turns in the window (docs/window/scenes.md): Send, "Next turn" and the composer's ``/as`` and
``/next`` start a character's turn instead of an ordinary run (which a scene refuses).

- ``/as Name [direction]``: that character speaks (by its name or id, any case; a name of several words too).
- ``/next [direction]``: whoever is next, the round or the narrator's pick, whatever portrait is picked.
- Plain text, or "Next turn" with the message empty: the portrait picked by a click, else whoever is next.

What is written besides the command is the scene's direction for that turn (a message of the creator's, heard
by who is present). A refusal (someone away, not in the cast, nobody present) is said under the cast strip with
its code, and the message stays in the composer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from relay_studio.domain import error_codes as codes
from relay_studio.domain.scenes import SceneError
from relay_studio.runtime.engine import RunRequestError
from relay_studio.ui import i18n
from relay_studio.ui.chat.words import for_window
from relay_studio.ui.operations.scenes import SceneState

if TYPE_CHECKING:
    from relay_studio.ui.chat.scene_bar import SceneBar
    from relay_studio.ui.window_host import RunsHost


@dataclass(frozen=True)
class SceneCommand:
    """What a message asks of a scene: who speaks (None: whoever is next), and the direction (None: none)."""

    speaker: str | None
    direction: str | None
    #: the command named someone who is not in the cast
    unknown: str | None = None


def parse(text: str, state: SceneState, picked: str | None) -> SceneCommand:
    """The turn ``text`` asks for in the scene ``state`` (``picked``: the portrait picked by a click)."""
    stripped = text.strip()
    head, _, rest = stripped.partition(" ")
    if head.lower() == "/next":
        return SceneCommand(None, rest.strip() or None)
    if head.lower() == "/as":
        words = rest.split()
        for n in range(len(words), 0, -1):  # the longest run of words that names a member: "Old Tom"
            member = state.member(" ".join(words[:n]))
            if member is not None:
                return SceneCommand(member.profile_id, " ".join(words[n:]) or None)
        return SceneCommand(None, None, unknown=words[0] if words else "")
    return SceneCommand(picked, stripped or None)


class SceneTurns(QObject):
    """Starts a scene chat's turns for the window (``MainWindow.scene_turns``)."""

    def __init__(self, host: RunsHost, bar: SceneBar) -> None:
        super().__init__(host.window())
        self.host = host
        self.bar = bar
        self.studio = host.studio
        bar.turn_requested.connect(self.next_turn)
        self.studio.run_finished.connect(self._on_run_finished)

    def handles(self, text: str) -> bool:
        """Whether ``text`` sent in the chat shown is a scene's turn (started here); ``/handoff`` is not."""
        if self.bar.state is None or text.strip().lower().startswith("/handoff"):
            return False
        self.start(text)
        return True

    def next_turn(self) -> None:
        self.start(self.host.chat.composer.text())

    def start(self, text: str) -> None:
        state = self.bar.state
        if state is None:
            return
        if self.studio.active_run(state.record.chat_id) is not None:
            self.bar.say(self.tr("A turn is going on; wait for it to end, or stop it."))
            return
        command = parse(text, state, self.bar.picked)
        if command.unknown is not None:
            cast = ", ".join(m.name for m in state.members)
            self.bar.say(i18n.arg(self.tr("There is nobody called “%1” in this scene (%2)."), command.unknown, cast)
                         + f" [{codes.SCENE_NOT_IN_CAST}]")
            return
        self.host.spawn(self._say(state.record.chat_id, command))

    async def _say(self, chat_id: str, command: SceneCommand) -> str:
        try:
            handle = await self.studio.scenes.say(chat_id, command.speaker, command.direction)
        except (SceneError, RunRequestError) as exc:
            self.bar.say(f"{for_window(exc.code, exc.message)} [{exc.code}]")
            return ""
        if handle.chat_id == self.host.chat_id:
            self.host.chat.composer.clear()
            self.bar.say("")
            self.bar.pick(None)
        return handle.run_id

    def _on_run_finished(self, run_id: str, _status: str) -> None:
        record = self.studio.journal.run(run_id)
        if record is not None and record.chat_id == self.bar.chat_id:
            self.bar.refresh()  # the narrator may have picked who speaks next
