"""How a run reaches its project's story library and Skills: the stage's "Story library" and "Skills"
prompt sections (with their journal events), and the planned file change of a library write, which
the approval gate shows as a patch proposal of the entry file."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain import tool_names as tn
from relay_studio.library.entries import IndexedEntry, LibraryEntry, LibraryError, Tracking, check_entry, render_entry
from relay_studio.library.macros import shown_entry
from relay_studio.library.mentions import Inclusion, mentioning_key, select_entries
from relay_studio.library.skills import Skill, SkillCatalog, parse_skill, render_skill
from relay_studio.library.store import LibraryStore
from relay_studio.resources import resource_dir
from relay_studio.runtime.canon_access import SearchHit, search_stage, stage_canon
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.prompts import macro_names
from relay_studio.runtime.scene_context import scene_section
from relay_studio.runtime.tools.base import parse_args
from relay_studio.store.database import Database, Transaction


def library_for(run: RunContext, db: Database | None = None) -> LibraryStore | None:
    """The run's project library over ``db`` (the run's own connection unless given one)."""
    if run.project_id is None or run.project_dir is None:
        return None
    return LibraryStore.open(db or run.db, run.project_id, run.project_dir)


def need_library(run: RunContext, db: Database | None = None) -> LibraryStore:
    store = library_for(run, db)
    if store is None:
        raise ToolError(codes.LIBRARY_UNAVAILABLE, "This conversation has no story library.")
    return store


@contextmanager
def own_database(run: RunContext) -> Iterator[Database]:
    """A connection of its own to the run's data file, for work on a worker thread (WAL lets it read while the
    run writes; opening one costs about a millisecond). Closed on leaving the ``with``."""
    db = Database(run.db.path)
    try:
        yield db
    finally:
        db.close()


def skills_for(run: RunContext) -> SkillCatalog:
    return SkillCatalog(run.project_dir, resource_dir() / "skills")


def list_entries(run: RunContext) -> list[LibraryEntry]:
    """The library's entries on a connection of its own: any thread (a tool's worker) may call it."""
    with own_database(run) as db:
        return [i.entry for i in need_library(run, db).entries()]


def find_entry(run: RunContext, name: str) -> IndexedEntry | None:
    """``LibraryStore.find`` on a connection of its own: any thread (a tool's worker) may call it."""
    with own_database(run) as db:
        return need_library(run, db).find(name)


def skills_in_scope(run: RunContext, inv: InvocationState) -> list[Skill]:
    """The Skills ``inv``'s agent may use, read from their files: any thread may call it."""
    return skills_for(run).scope(inv.profile)


def shown_entries(run: RunContext, inv: InvocationState, store: LibraryStore) -> list[LibraryEntry]:
    """The library's entries as this agent is shown them: SillyTavern's {{user}} and {{char}} filled."""
    names = macro_names(run, inv)
    entries = [i.entry for i in store.entries()]
    if run.scene is not None:  # a scene's speaker: the entries it may know, each as of the scene (docs/scenes.md)
        entries = [e.as_of(run.scene.scene) for e in entries if e.name not in run.scene.entry_hidden]
    return [shown_entry(e, names) for e in entries]


def _stage_texts(inv: InvocationState) -> list[str]:
    """What the stage's input says: chat history, the creator's message, the brief (oldest first)."""
    return [m.content for m in inv.messages if m.role in ("user", "assistant") and m.content]


def stage_question(inv: InvocationState) -> str:
    """The stage's newest message: the creator's message, the brief or the task (what a canon search looks for)."""
    return next((m.content for m in reversed(inv.messages) if m.role == "user" and m.content), "")


def inclusion_reasons(included: list[LibraryEntry], inv: InvocationState) -> list[dict[str, Any]]:
    """Why each entry is in the prompt: ``{"name", "key", "message"}``, the key that fired and the index of
    the stage's input message it is in; ``{"name", "always": true}`` for an entry always included."""
    texts = [m.content if m.role in ("user", "assistant") else "" for m in inv.messages]
    reasons: list[dict[str, Any]] = []
    for entry in included:
        found = None if entry.always_include else mentioning_key(entry, texts)
        reasons.append({"name": entry.name, "always": True} if found is None
                       else {"name": entry.name, "key": found[0], "message": found[1]})
    return reasons


@dataclass(frozen=True)
class StageReading:
    """What a stage start reads from its project's files: the Skills in its scope and the story-library entries
    its input brings in (None: no library, or no budget for one)."""

    scope: list[Skill]
    chosen: Inclusion | None
    #: the project's story-library entries (the Canon section finds the facts its input mentions by them)
    entries: list[LibraryEntry] = field(default_factory=list)
    #: the unpinned canon facts a search for the stage's newest message found (``canon_access.search_stage``)
    searched: list[SearchHit] = field(default_factory=list)


def read_stage(run: RunContext, inv: InvocationState) -> StageReading:
    """Reads the stage's Skills and story library, and searches its canon, on a connection of its own: any thread
    may call it (a book's 1,000 entry files synced and parsed took ~0.4 s, which on the loop is the window's GUI
    thread)."""
    scope = skills_for(run).scope(inv.profile)
    budget = inv.profile.context.library_budget_tokens
    if run.project_id is None or run.project_dir is None:
        return StageReading(scope, None)
    with own_database(run) as db:
        library = LibraryStore.open(db, run.project_id, run.project_dir)
        entries = [item.entry for item in library.entries()]
        chosen = select_entries(shown_entries(run, inv, library), _stage_texts(inv), budget) if budget > 0 else None
        searched = search_stage(db, run.project_id, stage_question(inv)) if budget > 0 else []
    return StageReading(scope, chosen, entries, searched)


def search_canon(run: RunContext, inv: InvocationState) -> list[SearchHit]:
    """The canon search of ``read_stage`` alone, on a connection of its own (a reviewer's stage)."""
    if run.project_id is None or inv.profile.context.library_budget_tokens <= 0:
        return []
    with own_database(run) as db:
        return search_stage(db, run.project_id, stage_question(inv))


async def read_stage_off_loop(run: RunContext, inv: InvocationState) -> StageReading:
    """``read_stage`` on a worker thread: the loop goes on while the stage's project is read."""
    return await asyncio.to_thread(read_stage, run, inv)


def stage_sections(tx: Transaction, run: RunContext, inv: InvocationState, reading: StageReading) -> str:
    """The prompt sections this stage gets from what was read of its project, journaled as it assembles its
    prompt (inside its start's transaction, which reads nothing but the canon's few rows): its Canon first."""
    canon = stage_canon(tx, run, inv, reading.entries, _stage_texts(inv), reading.searched)  # first: always hold
    parts: list[str] = [canon] if canon else []
    if run.scene is not None:
        parts.append(scene_section(run.scene))
    scope = reading.scope
    tx.event(run.run_id, ev.SKILL_SCOPES_RESOLVED,
             {"agentId": inv.profile.id, "mode": inv.profile.skills.mode, "names": [s.name for s in scope]},
             invocation_id=inv.id)
    if scope and tn.SKILL_READ in inv.surface():
        lines = [f"- {s.name}: {s.description}" for s in scope]
        parts.append("## Skills\nInstructions you can read with skill_read when a task calls for them:\n"
                     + "\n".join(lines))
    chosen = reading.chosen
    if chosen is not None:
        if chosen.included or chosen.left_out:
            tx.event(run.run_id, ev.LIBRARY_ENTRIES_INCLUDED,
                     {"agentId": inv.profile.id, "names": [e.name for e in chosen.included],
                      "leftOut": [e.name for e in chosen.left_out], "tokens": chosen.tokens,
                      "budget": inv.profile.context.library_budget_tokens,
                      "reasons": inclusion_reasons(chosen.included, inv)},
                     invocation_id=inv.id)
        if chosen.section:
            parts.append(chosen.section)
    return "\n\n".join(parts)


# -- library writes ---------------------------------------------------------------------------------

class CreateArgs(BaseModel):
    """``library_create``'s arguments."""

    model_config = ConfigDict(extra="forbid")
    type: str = Field(min_length=1, description="character, location, item, lore, rule, plot thread, other, or a "
                                                "type of your own.")
    name: str = Field(min_length=1, description="The entry's name as it appears in the story.")
    description: str = Field(description="What the agents should know about it (Markdown).")
    aliases: list[str] = Field(default_factory=list, description="Other names it goes by.")
    tags: list[str] = Field(default_factory=list, description="Tags for grouping.")
    alwaysInclude: bool = Field(default=False, description="Show it to the agents even when not mentioned.")


class UpdateArgs(BaseModel):
    """``library_update``'s arguments: only the fields to change."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, description="The entry's current name or an alias.")
    newName: str | None = Field(default=None, description="A new name for it.")
    type: str | None = Field(default=None, description="A new type.")
    description: str | None = Field(default=None, description="The complete new description (Markdown).")
    aliases: list[str] | None = Field(default=None, description="The complete new list of other names.")
    tags: list[str] | None = Field(default=None, description="The complete new list of tags.")
    alwaysInclude: bool | None = Field(default=None, description="Show it to the agents even when not mentioned.")


class SkillArgs(BaseModel):
    """``skill_create``'s arguments."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, description="A short name: lowercase letters, digits and '-', for example "
                                                "'battle-scenes'.")
    description: str = Field(min_length=1, description="When to use it, in one or two sentences.")
    instructions: str = Field(min_length=1, description="The instructions themselves (Markdown).")
    agents: list[str] = Field(default_factory=lambda: ["*"],
                              description="Which agents may use it: their ids, or '*' for all.")


def _model_error(exc: LibraryError) -> ToolError:
    return ToolError(exc.code, exc.message)


def planned_entry(store: LibraryStore, canonical: str, args: dict[str, Any]) -> tuple[LibraryEntry, str | None]:
    """The entry a library write would save, and the file it replaces (None for a new entry)."""
    try:
        if canonical == tn.LIBRARY_CREATE:
            c = parse_args(CreateArgs, args, tn.alias(canonical))
            entry = check_entry(LibraryEntry(type=c.type, name=c.name, description=c.description, aliases=c.aliases,
                                             tags=c.tags, always_include=c.alwaysInclude, tracking=Tracking()),
                                "The new entry")
            replacing = None
        else:
            u = parse_args(UpdateArgs, args, tn.alias(canonical))
            found = store.find(u.name)
            if found is None:
                raise ToolError(codes.LIBRARY_ENTRY_NOT_FOUND,
                                f"There is no entry '{u.name}' in the story library. Use library_list to see the "
                                "entries, or library_create for a new one.")
            changes: dict[str, Any] = {k: v for k, v in {
                "name": u.newName, "type": u.type, "description": u.description, "aliases": u.aliases,
                "tags": u.tags, "always_include": u.alwaysInclude}.items() if v is not None}
            entry = check_entry(found.entry.model_copy(update=changes), f"The entry '{found.entry.name}'")
            replacing = found.path
    except LibraryError as exc:
        raise _model_error(exc) from None
    clash = store.clash(entry, replacing)
    if clash:
        raise ToolError(codes.LIBRARY_NAME_TAKEN, clash + " Choose another name, or update that entry.")
    return entry, replacing


def planned_skill(run: RunContext, args: dict[str, Any]) -> Skill:
    a = parse_args(SkillArgs, args, tn.alias(tn.SKILL_CREATE))
    skill = Skill(name=a.name.strip().lower(), description=a.description.strip(), agents=a.agents or ["*"],
                  body=a.instructions.strip())
    try:
        parse_skill(render_skill(skill), f"The Skill '{skill.name}'")
    except LibraryError as exc:
        raise _model_error(exc) from None
    if skill.name in skills_for(run).skills:
        raise ToolError(codes.SKILL_NAME_TAKEN, f"There is already a Skill named '{skill.name}'. Choose another name.")
    return skill


def planned_write(run: RunContext, canonical: str, args: dict[str, Any]) -> dict[str, Any] | None:
    """The proposal of a library or Skill write: the file (in the project folder) before and after."""
    if canonical == tn.SKILL_CREATE:
        if run.project_dir is None:
            return None
        skill = planned_skill(run, args)
        return {"path": f"skills/{skill.name}.md", "before": None, "after": render_skill(skill)}
    store = library_for(run)
    if store is None:
        return None
    entry, replacing = planned_entry(store, canonical, args)
    before = store.file_text(replacing) if replacing else None
    return {"path": store.path_for(entry, replacing), "before": before, "after": render_entry(entry)}
