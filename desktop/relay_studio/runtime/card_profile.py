"""An agent profile that plays a character from a SillyTavern card (``library import CARD --as-profile``,
and the window's card import).

The card's character entry (``library/sillytavern.py`` keeps personality, scenario, first message and
example messages under its ``card`` field) becomes the system prompt: who the agent plays, then the
description, personality, scenario, example messages (how the character speaks, not part of the
conversation) and the first message (how the story opened); the card's own system prompt joins it and
its post-history instructions become the standing instructions. SillyTavern's ``{{char}}`` and
``{{user}}`` stay as the card wrote them (the profile editor shows them so); the prompt the model is sent
has them filled with the agent's name and the creator's persona (``prompts.system_prompt``,
``library/macros.py``). The agent answers in plain text (that text is the chat message), may look things
up in the story library, and uses the default connection.

A PNG card's picture becomes the agent's portrait (``keep_card_portrait``, ``library/portraits.py``; docs/scenes.md,
"Portraits"); a picture refused leaves the agent its initials and is said, never refusing the import.

The card's own system prompt and post-history instructions are a stranger's instructions to the agent:
the CLI prints them and the window shows them to accept or edit before the agent is made
(``card_instructions``, ``add_card_agent``); hidden characters never reach the agent (``library/hidden.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn
from relay_studio.domain.profile import AgentProfile, parse_profile
from relay_studio.library.entries import LibraryEntry, LibraryError
from relay_studio.library.hidden import clean_entry
from relay_studio.library.importing import read_library_file
from relay_studio.library.macros import MacroNames, fill
from relay_studio.library.overlap import ImportOutcome, Resolver
from relay_studio.library.portraits import forget_portrait, keep_portrait, kept_portrait, read_card_image
from relay_studio.runtime.profile_templates import slug, unique_id
from relay_studio.store.persona import DEFAULT_PERSONA, persona_name

if TYPE_CHECKING:
    from relay_studio.library.store import LibraryStore
    from relay_studio.runtime.engine import Runtime


@dataclass(frozen=True)
class CardProfile:
    profile: AgentProfile
    #: the card's first message (empty when it has none), for a host that opens a chat with it
    first_message: str
    #: the card's own system prompt and post-history instructions as the agent has them (the creator
    #: is shown both: they are instructions a stranger wrote, never applied unseen)
    card_prompt: str = ""
    card_standing: str = ""
    #: the card's picture kept as the agent's portrait (``library/portraits.py``), None when it has none
    portrait: Path | None = None
    #: why the card's picture was not kept (a sentence and its code), "" when it was or there was none
    portrait_note: str = ""


def _field(card: dict[str, object], key: str) -> str:
    value = card.get(key)
    return value if isinstance(value, str) else ""


def card_instructions(character: LibraryEntry) -> tuple[str, str]:
    """The card's own system prompt (without SillyTavern's ``{{original}}``) and post-history instructions,
    hidden characters removed."""
    card = dict(clean_entry(character)[0].card or {})
    return (_field(card, "systemPrompt").replace("{{original}}", "").strip(),
            _field(card, "postHistoryInstructions").strip())


def card_system_prompt(character: LibraryEntry, own_prompt: str | None = None) -> str:
    """The system prompt that makes an agent play ``character``; ``own_prompt``: the card's own system
    prompt as the creator accepted or edited it (None: as the card has it)."""
    name = character.name
    card = dict(character.card or {})
    parts = [f"You are {name}. Stay in character: speak and act as {name} would, in {name}'s voice, and answer "
             "the user's messages as your turn in the story. Never say you are an AI or step out of the story "
             "unless the user asks you to."]
    sections = (("Who you are", character.description), ("Personality", _field(card, "personality")),
                ("Scenario", _field(card, "scenario")))
    parts += [f"## {title}\n{text.strip()}" for title, text in sections if text.strip()]
    examples = _field(card, "exampleMessages")
    if examples.strip():
        shown = "\n\n".join(part.strip() for part in examples.split("<START>") if part.strip())
        parts.append("## How you speak\nExamples of your voice (not part of this conversation):\n\n" + shown)
    first = _field(card, "firstMessage")
    if first.strip():
        parts.append(f"## How the story opened\nYour first message to the user was:\n\n{first.strip()}")
    own = card_instructions(character)[0] if own_prompt is None else own_prompt.strip()
    if own:
        parts.append("## The character card's instructions\n" + own)
    return "\n\n".join(parts)


#: how a card agent's description ends (``is_card_agent``)
FROM_A_CARD = "from a character card."


def is_card_agent(profile: AgentProfile) -> bool:
    """Whether ``profile`` was made from a SillyTavern character card (``profile_for_card``)."""
    return profile.description.endswith(FROM_A_CARD)


def profile_for_card(character: LibraryEntry, taken: Iterable[str], persona: str = DEFAULT_PERSONA, *,
                     own_prompt: str | None = None, standing: str | None = None) -> CardProfile:
    """A profile playing ``character`` (a card's ``character`` entry), its id unique against ``taken``;
    checked like any profile, not stored. ``persona``: the creator's, for the first message as shown.
    ``own_prompt``/``standing``: the card's system prompt and post-history instructions as the creator
    accepted or edited them (None: as the card has them). Hidden characters never reach the agent."""
    character = clean_entry(character)[0]
    card = dict(character.card or {})
    name = _field(card, "nickname").strip() or character.name
    card_prompt, card_standing = card_instructions(character)
    own_prompt = card_prompt if own_prompt is None else own_prompt.strip()
    standing = card_standing if standing is None else standing.strip()
    data = {
        "id": unique_id(slug(character.name, "character"), set(taken)),
        "displayName": name[:80],
        "description": f"Plays {character.name}, {FROM_A_CARD}",
        "instructions": {"systemPrompt": card_system_prompt(character, own_prompt), "taskPrompt": standing or None},
        "model": {"mode": "default"},
        "tools": {"allow": [tn.LIBRARY_LIST, tn.LIBRARY_READ, tn.LIBRARY_SEARCH]},
        "run": {"directRunnable": True, "endOnTextAnswer": True},
    }
    profile = parse_profile(data, f"the profile for {character.name}")
    first = fill(_field(card, "firstMessage"), MacroNames(user=persona, char=profile.display_name)).strip()
    return CardProfile(profile, first, own_prompt, standing)


@dataclass(frozen=True)
class CardImport:
    entries: list[LibraryEntry]
    #: the agent made from the card's character, when one was asked for
    profile: CardProfile | None
    #: what became of each entry (added, the same as one there, replaced, kept both, skipped)
    outcome: ImportOutcome = field(default_factory=ImportOutcome)


def import_card(runtime: Runtime, store: LibraryStore, path: Path, *, as_profile: bool = False,
                on_conflict: Resolver | None = None) -> CardImport:
    """Imports a library file (a card, World Info, an entry) into ``store``; with ``as_profile`` also stores
    an agent profile playing its character. The profile is built and checked before anything is written,
    so a file that cannot give one imports nothing. ``on_conflict``: what to do with entries that differ
    from ones there (``library/overlap.py``; none: they are left alone and named in the outcome)."""
    return add_card_entries(runtime, store, read_library_file(path), path.name, as_profile=as_profile,
                            on_conflict=on_conflict, card=path)


def add_card_entries(runtime: Runtime, store: LibraryStore, entries: list[LibraryEntry], source: str, *,
                     as_profile: bool = False, on_conflict: Resolver | None = None,
                     card: Path | None = None) -> CardImport:
    """The writing half of ``import_card``: ``entries`` read from the file ``source`` (``read_library_file``,
    which any thread may call: the window reads off the GUI thread and writes here, then asks about the
    agent: ``add_card_agent``). ``card``: the file, whose picture the agent keeps as its portrait."""
    made: CardProfile | None = None
    if as_profile:
        character = next((e for e in entries if e.type == "character"), None)
        if character is None:
            raise LibraryError(codes.CARD_NO_CHARACTER, f"{source} holds no character to make an agent of; "
                                                        "nothing from it was imported.")
        made = profile_for_card(character, runtime.profiles(), persona_name(runtime.db))
    outcome = store.add_all(entries, source, on_conflict)
    if made is not None:
        runtime.profile_store.save(made.profile)
        made = with_portrait(runtime, made, card)
    return CardImport(entries, made, outcome)


def add_card_agent(runtime: Runtime, character: LibraryEntry, *, own_prompt: str | None = None,
                   standing: str | None = None, card: Path | None = None) -> CardProfile:
    """Stores an agent that plays ``character``, with the card's system prompt and post-history
    instructions as the creator accepted or edited them (the window asks once the entries are in);
    ``card``: the card file, whose picture the agent keeps as its portrait."""
    made = profile_for_card(character, runtime.profiles(), persona_name(runtime.db), own_prompt=own_prompt,
                            standing=standing)
    runtime.profile_store.save(made.profile)
    return with_portrait(runtime, made, card)


def with_portrait(runtime: Runtime, made: CardProfile, card: Path | None) -> CardProfile:
    """``made`` with the PNG card ``card``'s picture kept as its portrait (``keep_card_portrait``)."""
    path, note = keep_card_portrait(runtime.data_dir, made.profile.id, card)
    return replace(made, portrait=path, portrait_note=note)


def keep_card_portrait(data_dir: Path, profile_id: str, card: Path | None) -> tuple[Path | None, str]:
    """Keeps the PNG card ``card``'s picture as the agent's portrait: the file kept, or None and why not (a
    sentence and its code; "" when the card has no picture: another kind of card, or a placeholder pixel). A
    refused picture leaves the agent its initials. Any thread (the window calls it off the GUI thread)."""
    try:
        image = read_card_image(card) if card is not None and card.suffix.lower() == ".png" else None
    except LibraryError as exc:
        image, note = None, f"{exc.message} [{exc.code}]"
    else:
        note = ""
    if image is None:
        forget_portrait(data_dir, profile_id)
        return None, note
    return keep_portrait(data_dir, profile_id, image), ""


def character_portrait(runtime: Runtime, name: str) -> Path | None:
    """The kept portrait of an agent made from the card of the character ``name`` (a card export's picture)."""
    wanted = f"Plays {name}, {FROM_A_CARD}"
    for profile in runtime.profiles().values():
        if profile.description == wanted and (found := kept_portrait(runtime.data_dir, profile.id)) is not None:
            return found
    return None
