"""Skills: Markdown instructions with frontmatter (``name``, ``description``, ``agents``), per project
(``<project>/skills/<name>.md``) plus the built-ins shipped in ``resources/skills/``.

A project Skill with the name of a built-in replaces it. Which Skills an agent may use is resolved at
every invocation from its profile's ``skills`` section (``all`` / ``listed`` / ``none``) and the
Skill's ``agents`` (profile ids, or ``*``). Only names and descriptions enter the prompt; the body is
read with ``skill.read``.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from relay_studio.domain import error_codes as codes
from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.validation import first_problem
from relay_studio.library.entries import LibraryError, split_frontmatter

MAX_SKILL_BYTES = 64 * 1024
MAX_DESCRIPTION_CHARS = 1000
NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")


def name_from(text: str) -> str:
    """A valid Skill name from what the creator typed ("Harbour Rules" -> "harbour-rules"): lowercase, accents
    dropped, every run of other characters one dash; ``text`` as typed when nothing of it is left (the save
    then says what a name may hold)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    name = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:64].rstrip("-")
    return name if NAME_PATTERN.match(name) else text.strip()


class Skill(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    description: str
    agents: list[str] = Field(default_factory=lambda: ["*"])
    body: str = Field(default="", exclude=True)
    builtin: bool = Field(default=False, exclude=True)

    def for_agent(self, agent_id: str) -> bool:
        return "*" in self.agents or agent_id in self.agents


def parse_skill(text: str, source: str) -> Skill:
    if len(text.encode("utf-8")) > MAX_SKILL_BYTES:
        raise LibraryError(codes.SKILL_FILE_TOO_LARGE,
                           f"{source} is larger than {MAX_SKILL_BYTES // 1024} KB, the limit for one Skill.")
    try:
        meta, body = split_frontmatter(text, source)
    except LibraryError as exc:
        code = {codes.LIBRARY_NO_FRONTMATTER: codes.SKILL_NO_FRONTMATTER,
                codes.LIBRARY_BAD_YAML: codes.SKILL_BAD_YAML}.get(exc.code, codes.SKILL_BAD_FRONTMATTER)
        raise LibraryError(code, exc.message) from None
    if not isinstance(meta, dict):
        raise LibraryError(
            codes.SKILL_BAD_FRONTMATTER, f"{source}: the frontmatter must be a set of 'key: value' lines."
        )
    if isinstance(meta.get("agents"), str):
        meta["agents"] = [meta["agents"]]
    try:
        skill = Skill.model_validate(meta)
    except ValidationError as exc:
        problem = first_problem(exc, "frontmatter")
        raise LibraryError(codes.SKILL_BAD_FRONTMATTER, f"{source}: {problem.line()}.") from None
    if not NAME_PATTERN.match(skill.name):
        raise LibraryError(codes.SKILL_BAD_NAME, f"{source}: the Skill name '{skill.name}' must be 1-64 lowercase "
                                                 "letters, digits or '-'.")
    if not skill.description.strip() or len(skill.description) > MAX_DESCRIPTION_CHARS:
        raise LibraryError(codes.SKILL_BAD_DESCRIPTION,
                           f"{source}: the description must say in 1-{MAX_DESCRIPTION_CHARS} characters when to use "
                           "the Skill.")
    if not body.strip():
        raise LibraryError(codes.SKILL_EMPTY_BODY, f"{source}: the Skill has no instructions after its frontmatter.")
    return skill.model_copy(update={"body": body.strip("\n"), "description": skill.description.strip()})


def render_skill(skill: Skill) -> str:
    # JSON strings and lists are YAML too, and quote what YAML would misread ('*' alone is an alias)
    description = json.dumps(skill.description.replace("\n", " "), ensure_ascii=False)
    agents = json.dumps(skill.agents, ensure_ascii=False)
    return f"---\nname: {skill.name}\ndescription: {description}\nagents: {agents}\n---\n{skill.body}\n"


@dataclass(frozen=True)
class SkillProblem:
    path: str
    code: str
    message: str


class SkillCatalog:
    def __init__(self, project_dir: Path | None, builtin_dir: Path | None) -> None:
        self.project_dir = project_dir
        self.builtin_dir = builtin_dir
        self.problems: list[SkillProblem] = []
        self.skills: dict[str, Skill] = {}
        self._load()

    def _load(self) -> None:
        for folder, builtin in ((self.builtin_dir, True),
                                (self.project_dir / "skills" if self.project_dir else None, False)):
            if folder is None or not folder.is_dir():
                continue
            for file in sorted(folder.glob("*.md")):
                if file.is_symlink() or not file.is_file():
                    continue
                label = f"skills/{file.name}"
                try:
                    skill = parse_skill(file.read_text(encoding="utf-8"), label)
                except UnicodeDecodeError:
                    self.problems.append(SkillProblem(label, codes.SKILL_NOT_TEXT, f"{label} is not UTF-8 text."))
                    continue
                except LibraryError as exc:
                    self.problems.append(SkillProblem(label, exc.code, exc.message))
                    continue
                self.skills[skill.name] = skill.model_copy(update={"builtin": builtin})

    def scope(self, profile: AgentProfile) -> list[Skill]:
        """The Skills ``profile`` may use now, by name."""
        settings = profile.skills
        if settings.mode == "none":
            return []
        chosen = [s for s in self.skills.values() if s.for_agent(profile.id)]
        if settings.mode == "listed":
            chosen = [s for s in chosen if s.name in settings.names]
        return sorted(chosen, key=lambda s: s.name)
