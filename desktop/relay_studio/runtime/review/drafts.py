"""The draft a gated write would put down, and its content hash: a review counts for a write only when it
reviewed exactly that text (line endings and the whitespace around it aside) **of that entry**: a story
library entry's name (or an alias) and type, a Skill's name with the type ``skill``. A file under
``output/`` has no name or type of its own, so only its text is matched (``docs/director.md``)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from relay_studio.domain import tool_names as tn
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.library_access import library_for, planned_entry, planned_skill

#: Workspace writes under this root are gated (the creator's output); scratch, plan, ... are not.
GATED_ROOT = "output/"
#: The type a review of a Skill names (``review_consistency(name, "skill", instructions)``).
SKILL_TYPE = "skill"


def draft_hash(text: str) -> str:
    normal = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    return hashlib.sha256(normal.encode("utf-8")).hexdigest()


def same_words(text: str) -> str:
    """A name or type as the gate compares it: case and runs of whitespace aside."""
    return " ".join(text.split()).casefold()


@dataclass(frozen=True)
class Draft:
    """What a gated write would write, and what a review of it must have been of."""

    text: str
    #: "the entry's description", "the Skill's instructions", "the file's new text"
    what: str
    #: the name a review of it must give (``same_words``), any of these; empty for a file (no name of its own)
    names: frozenset[str] = frozenset()
    #: the type a review of it must give (``same_words``); None for a file
    type: str | None = None
    #: the name the agent is told to review it under ("Lune"; its type is ``type``)
    name_shown: str = ""

    @property
    def digest(self) -> str:
        return draft_hash(self.text)

    def is_of(self, name: str, type_: str) -> bool:
        """Whether a review made under this name and type is of this draft's entry."""
        if self.type is None:
            return True
        return same_words(name) in self.names and same_words(type_) == self.type


def draft_of_write(run: RunContext, inv: InvocationState, canonical: str, args: dict[str, Any]) -> Draft | None:
    """The draft a gated write would write: an entry's description, a Skill's instructions, or an
    ``output/`` file's new text.

    None when the call is no gated write, or cannot succeed anyway (the tool then answers with its own
    error, which is more useful to the agent than a review request)."""
    try:
        if canonical in (tn.LIBRARY_CREATE, tn.LIBRARY_UPDATE):
            store = library_for(run)
            if store is None:
                return None
            entry, _replacing = planned_entry(store, canonical, args)
            names = {same_words(n) for n in entry.names}
            if canonical == tn.LIBRARY_UPDATE:  # its names before the change count too
                before = store.find(str(args.get("name") or ""))
                names |= {same_words(n) for n in before.entry.names} if before is not None else set()
            return Draft(entry.description, "the entry's description", frozenset(names), same_words(entry.type),
                         entry.name)
        if canonical == tn.SKILL_CREATE:
            if run.project_dir is None:
                return None
            skill = planned_skill(run, args)
            return Draft(skill.body, "the Skill's instructions", frozenset({same_words(skill.name)}), SKILL_TYPE,
                         skill.name)
        if canonical not in (tn.WORKSPACE_WRITE_FILE, tn.WORKSPACE_APPLY_PATCH):
            return None
        rel, _target = run.workspace.check(args.get("path"), inv.roots, write=True)
        if not rel.startswith(GATED_ROOT):
            return None
        if canonical == tn.WORKSPACE_WRITE_FILE:
            content = args.get("content")
            return Draft(content, "the file's new text") if isinstance(content, str) else None
        before_text = run.workspace.read(rel, inv.roots)[1]
        old, new = args.get("old_string"), args.get("new_string")
        if isinstance(old, str) and old and isinstance(new, str) and before_text.count(old) == 1:
            return Draft(before_text.replace(old, new, 1), "the file's new text")
        return None
    except ToolError:
        return None
