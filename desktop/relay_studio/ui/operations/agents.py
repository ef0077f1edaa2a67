"""The agents: the profile catalogue, saving and removing profiles, the prompt preview, card agents.

One of the studio's operations (``ui/studio.py``, docs/window/studio.md): views call it as ``studio.agents``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from relay_studio.domain.profile import AgentProfile
from relay_studio.library.entries import LibraryEntry
from relay_studio.runtime.card_profile import CardProfile, add_card_agent
from relay_studio.runtime.prompt_preview import PromptPreview, generated_prompt, prompt_preview

if TYPE_CHECKING:
    from relay_studio.ui.operations.hub import StudioHub


class AgentOperations:
    def __init__(self, hub: StudioHub) -> None:
        self.hub = hub
        self.runtime = hub.runtime

    def profiles(self) -> dict[str, AgentProfile]:
        return self.runtime.profiles()

    def builtin_ids(self) -> set[str]:
        from relay_studio.runtime.profile_catalog import builtin_profiles

        stored = {p.id for p in self.runtime.profile_store.all()}
        return {p.id for p in builtin_profiles()} - stored

    def save(self, profile: AgentProfile) -> None:
        self.runtime.profile_store.save(profile)
        self.hub.profiles_changed.emit()

    def remove(self, profile_id: str) -> bool:
        removed = self.runtime.profile_store.remove(profile_id)
        self.hub.profiles_changed.emit()
        return removed

    def prompt_preview(self, profile: AgentProfile) -> PromptPreview:
        """What ``profile`` would receive on its first call among the current agents (nothing is written)."""
        return prompt_preview(profile, self.profiles(), self.runtime.db, self.runtime.bridge)

    def generated_prompt(self, profile: AgentProfile) -> str:
        """The prompt the runtime writes for ``profile`` when its own is left empty."""
        return generated_prompt(profile, self.profiles(), self.runtime.db, self.runtime.bridge)

    def add_card_agent(self, character: LibraryEntry, own_prompt: str, standing: str,
                       card: Path | None = None) -> CardProfile:
        """Stores an agent playing ``character`` with the card's instructions as the creator accepted them;
        ``card``: the card file, whose picture the agent keeps as its portrait (``library/portraits.py``: a
        bounded read and a chunk check of the file the import has just read, ~ms, on this thread)."""
        made = add_card_agent(self.runtime, character, own_prompt=own_prompt, standing=standing, card=card)
        self.hub.profiles_changed.emit()
        return made

