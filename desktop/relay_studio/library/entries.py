"""Story library entries: Markdown with YAML frontmatter, parsed strictly and written back the same way.

An entry file reads::

    ---
    type: character
    name: Mira
    aliases: [Captain Mira]
    tags: [crew]
    alwaysInclude: false
    tracking: {caseSensitive: false, exclude: [Mirage]}
    notes: private notes the agents never see
    ---
    The description the agents see (the Markdown body).

Every problem is a ``LibraryError`` with a stable code and a sentence naming the file and the problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic.alias_generators import to_camel

from relay_studio.domain import error_codes as codes
from relay_studio.domain.bounded import LimitExceeded, load_yaml
from relay_studio.domain.coded_error import CodedError
from relay_studio.domain.validation import first_problem
from relay_studio.store.projects import slugify

BUILTIN_TYPES: tuple[str, ...] = ("character", "location", "item", "lore", "rule", "plot thread", "other")
#: limits, stated to the creator in the errors and in docs/library.md
MAX_ENTRY_BYTES = 256 * 1024
MAX_NAME_CHARS = 200
MAX_ALIASES = 64
MAX_TYPE_CHARS = 40


class LibraryError(CodedError, ValueError):
    """A library entry or import the library refuses; ``code`` is stable, the message names the problem."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", alias_generator=to_camel, populate_by_name=True)


class Tracking(_Model):
    """How mentions are found: by name and aliases, case-sensitive or not, never inside ``exclude``;
    the names and keys in ``off`` are kept but never a mention (``library/keys.py``)."""

    case_sensitive: bool = False
    exclude: list[str] = Field(default_factory=list)
    off: list[str] = Field(default_factory=list)


class EntryVersion(_Model):
    """What an entry says from a scene on (like Novelcrafter's progressions): ``fromScene: 2`` and the text
    that replaces the description in scene 2 and later (docs/scenes.md)."""

    from_scene: int = Field(ge=1)
    description: str


class LibraryEntry(_Model):
    type: str = "other"
    name: str
    aliases: list[str] = Field(default_factory=list)
    tags: list[str] = Field(default_factory=list)
    always_include: bool = False
    tracking: Tracking = Field(default_factory=Tracking)
    #: private notes: never shown to an agent
    notes: str = ""
    #: what a SillyTavern character card carried beside the description (personality, scenario, …)
    card: dict[str, Any] | None = None
    #: in a scene, the characters (profile ids or names) who know this entry; empty: everyone (docs/scenes.md)
    known_by: list[str] = Field(default_factory=list)
    #: dated versions of the description, each from a scene on; the body holds before the first
    versions: list[EntryVersion] = Field(default_factory=list)
    #: the Markdown body: what the agents see
    description: str = Field(default="", exclude=True)

    @property
    def slug(self) -> str:
        return slugify(self.name, "entry")

    @property
    def type_slug(self) -> str:
        return slugify(self.type, "other")

    @property
    def path(self) -> str:
        """Where the entry lives in its project folder: ``library/<type>/<slug>.md``."""
        return f"library/{self.type_slug}/{self.slug}.md"

    @property
    def names(self) -> list[str]:
        return [self.name, *self.aliases]

    def as_of(self, scene: int) -> LibraryEntry:
        """The entry as it reads in ``scene``: the latest version from that scene or before, else the body."""
        held = [v for v in self.versions if v.from_scene <= scene]
        if not held:
            return self
        latest = max(held, key=lambda v: v.from_scene)
        return self.model_copy(update={"description": latest.description})

    def known_to(self, *names: str) -> bool:
        """Whether a character going by any of ``names`` (its id, its name) may know this entry."""
        if not self.known_by:
            return True
        wanted = {n.strip().casefold() for n in names}
        return any(k.strip().casefold() in wanted for k in self.known_by)


@dataclass(frozen=True)
class IndexedEntry:
    """An entry as the library's index holds it: where its file is, and what it says."""

    path: str
    entry: LibraryEntry


def check_entry(entry: LibraryEntry, source: str) -> LibraryEntry:
    """The rules beyond the field types; returns the entry cleaned of blank aliases and tags."""
    name = entry.name.strip()
    if not name:
        raise LibraryError(codes.LIBRARY_MISSING_NAME, f"{source}: the entry has no name.")
    if len(name) > MAX_NAME_CHARS:
        raise LibraryError(
            codes.LIBRARY_NAME_TOO_LONG, f"{source}: the name is longer than {MAX_NAME_CHARS} characters."
        )
    kind = entry.type.strip().lower() or "other"
    if len(kind) > MAX_TYPE_CHARS or "/" in kind or "\\" in kind:
        raise LibraryError(codes.LIBRARY_BAD_TYPE,
                           f"{source}: the type '{entry.type}' must be a word or two of at most {MAX_TYPE_CHARS} "
                           "characters, without slashes.")
    aliases = [a.strip() for a in entry.aliases if a.strip() and a.strip() != name]
    if len(aliases) > MAX_ALIASES:
        raise LibraryError(codes.LIBRARY_TOO_MANY_ALIASES, f"{source}: more than {MAX_ALIASES} aliases.")
    for text in (name, *aliases):
        if any(c in text for c in "\n\r\x00"):
            raise LibraryError(codes.LIBRARY_BAD_NAME, f"{source}: names and aliases must be one line each.")
    return entry.model_copy(update={"name": name, "type": kind, "aliases": list(dict.fromkeys(aliases)),
                                    "tags": [t.strip() for t in entry.tags if t.strip()]})


def parse_entry(text: str, source: str) -> LibraryEntry:
    """An entry from its file text; ``source`` names the file in every error."""
    if len(text.encode("utf-8")) > MAX_ENTRY_BYTES:
        raise LibraryError(codes.LIBRARY_FILE_TOO_LARGE,
                           f"{source} is larger than {MAX_ENTRY_BYTES // 1024} KB, the limit for one entry.")
    meta, body = split_frontmatter(text, source)
    if not isinstance(meta, dict):
        raise LibraryError(
            codes.LIBRARY_BAD_FRONTMATTER, f"{source}: the frontmatter must be a set of 'key: value' lines."
        )
    try:
        entry = LibraryEntry.model_validate(meta)
    except ValidationError as exc:
        problem = first_problem(exc, "frontmatter")
        if problem.missing:
            raise LibraryError(codes.LIBRARY_MISSING_NAME if problem.where == "name" else codes.LIBRARY_BAD_FRONTMATTER,
                               f"{source}: the frontmatter has no '{problem.where}'.") from None
        code = codes.LIBRARY_UNKNOWN_FIELD if problem.unknown else codes.LIBRARY_BAD_FRONTMATTER
        raise LibraryError(code, f"{source}: {problem.line(unknown='is not a field of an entry')}.") from None
    return check_entry(entry.model_copy(update={"description": body.strip("\n")}), source)


def split_frontmatter(text: str, source: str) -> tuple[Any, str]:
    """The YAML between the opening and closing '---' lines, and the body after it."""
    text = text.lstrip("\ufeff")
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        raise LibraryError(codes.LIBRARY_NO_FRONTMATTER, f"{source} does not start with a '---' frontmatter block.")
    for i in range(1, len(lines)):
        if lines[i].strip() == "---":
            try:
                meta = load_yaml("".join(lines[1:i]))
            except LimitExceeded as exc:
                raise LibraryError(exc.code, f"{source}: the frontmatter {exc.message}.") from None
            except yaml.YAMLError as exc:
                mark = getattr(exc, "problem_mark", None)
                where = f" (line {mark.line + 2})" if mark is not None else ""
                raise LibraryError(
                    codes.LIBRARY_BAD_YAML, f"{source}: the frontmatter is not valid YAML{where}."
                ) from None
            return meta, "".join(lines[i + 1:])
    raise LibraryError(codes.LIBRARY_NO_FRONTMATTER, f"{source}: the frontmatter block is never closed with '---'.")


def render_entry(entry: LibraryEntry) -> str:
    """The file text of ``entry`` (fields left at their defaults are left out)."""
    meta: dict[str, Any] = {"type": entry.type, "name": entry.name}
    if entry.aliases:
        meta["aliases"] = list(entry.aliases)
    if entry.tags:
        meta["tags"] = list(entry.tags)
    if entry.always_include:
        meta["alwaysInclude"] = True
    if entry.tracking != Tracking():
        meta["tracking"] = entry.tracking.model_dump(by_alias=True)
    if entry.notes:
        meta["notes"] = entry.notes
    if entry.card:
        meta["card"] = entry.card
    if entry.known_by:
        meta["knownBy"] = list(entry.known_by)
    if entry.versions:
        meta["versions"] = [v.model_dump(by_alias=True) for v in entry.versions]
    head = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, width=100)
    body = entry.description.strip("\n")
    return f"---\n{head}---\n{body}\n" if body else f"---\n{head}---\n"
