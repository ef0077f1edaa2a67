"""The agents: the profile catalogue, saving and removing profiles, the prompt preview, card agents.

One of the studio's operations (``ui/studio.py``, docs/window/studio.md): views call it as ``studio.agents``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from relay_studio.domain.profile import AgentProfile
from relay_studio.library.entries import LibraryEntry
from relay_studio.runtime.card_profile import CardProfile, add_card_agent, keep_card_portrait
from relay_studio.runtime.prompt_preview import PromptPreview, generated_prompt, prompt_preview
from relay_studio.ui.background import Done, Outcome
from relay_studio.ui.operations.ops import Changes

if TYPE_CHECKING:
    from relay_studio.ui.operations.hub import StudioHub
    from relay_studio.ui.operations.ops import ReadStores


class AgentOperations:
    def __init__(self, hub: StudioHub) -> None:
        self.hub = hub
        self.runtime = hub.runtime
        # the catalogue as last read: a chat switch asked for it four times (the chat's names, the Timeline's
        # run picker), each a scan of the built-in folder and a query, about a millisecond of the GUI thread
        self._profiles: dict[str, AgentProfile] | None = None
        self._read_at = -1  # the profile store's count of writes when it was read
        hub.operation_did_execute.connect(self._on_changes)  # first of all listeners: views read after it

    def profiles(self) -> dict[str, AgentProfile]:
        """Every agent, built-in and stored, read again after a save or removal in this process or a change of
        the profiles another process wrote (``ui/operations/outside_writes.py``)."""
        writes = self.runtime.profile_store.writes  # any save in this process, through the window or not
        if self._profiles is None or writes != self._read_at:
            self._profiles, self._read_at = self.runtime.profiles(), writes
        return dict(self._profiles)

    def _on_changes(self, changes: Changes, _initiator: object) -> None:
        if changes.profiles:
            self._profiles = None

    def builtin_ids(self) -> set[str]:
        from relay_studio.runtime.profile_catalog import builtin_profiles

        stored = {p.id for p in self.runtime.profile_store.all()}
        return {p.id for p in builtin_profiles()} - stored

    def save(self, profile: AgentProfile) -> None:
        self.runtime.profile_store.save(profile)
        self.hub.ops.did_change(Changes.of(profiles=True))

    def remove(self, profile_id: str) -> bool:
        removed = self.runtime.profile_store.remove(profile_id)
        self.hub.ops.did_change(Changes.of(profiles=True))
        return removed

    def prompt_preview(self, profile: AgentProfile) -> PromptPreview:
        """What ``profile`` would receive on its first call among the current agents (nothing is written)."""
        return prompt_preview(profile, self.profiles(), self.runtime.db, self.runtime.bridge)

    def generated_prompt(self, profile: AgentProfile) -> str:
        """The prompt the runtime writes for ``profile`` when its own is left empty."""
        return generated_prompt(profile, self.profiles(), self.runtime.db, self.runtime.bridge)

    def add_card_agent(self, character: LibraryEntry, own_prompt: str, standing: str) -> CardProfile:
        """Stores an agent playing ``character`` with the card's instructions as the creator accepted them."""
        made = add_card_agent(self.runtime, character, own_prompt=own_prompt, standing=standing)
        self.hub.ops.did_change(Changes.of(profiles=True))
        return made

    def keep_card_portrait(self, profile_id: str, card: Path, arrived: Callable[[str], None]) -> None:
        """Keeps the card file's picture as the agent's portrait (``runtime/card_profile.py: keep_card_portrait``)
        on the studio's reader lane: a card's picture is read whole and every chunk's CRC checked (65 ms for a
        5.6 MB card on two shared cores), too long for the GUI thread. ``arrived(note)`` on the GUI thread once
        done ("" or why the picture was refused); the cast strips then show it (a change of the profiles)."""
        data_dir = self.runtime.data_dir

        def work(_stores: ReadStores) -> tuple[Path | None, str]:
            return keep_card_portrait(data_dir, profile_id, card)

        def delivered(outcome: Outcome[tuple[Path | None, str]]) -> None:
            note = outcome.value[1] if isinstance(outcome, Done) else str(outcome.error)
            self.hub.ops.did_change(Changes.of(profiles=True))
            arrived(note)

        self.hub.ops.query_outcome(work, delivered, key=("card-portrait", profile_id))

