"""Canonical tool names as profiles spell them, and the OpenAI-safe aliases the model sees."""

from __future__ import annotations

AGENT_LIST = "agent.list"
AGENT_HANDOFF = "agent.handoff"
AGENT_DELEGATE = "agent.delegate"
AGENT_AWAIT = "agent.await"
TASK_RETURN = "task.return"
WORKSPACE_LIST_FILES = "workspace.list_files"
WORKSPACE_SEARCH_FILES = "workspace.search_files"
WORKSPACE_READ_FILE = "workspace.read_file"
WORKSPACE_WRITE_FILE = "workspace.write_file"
WORKSPACE_APPLY_PATCH = "workspace.apply_patch"
WORKSPACE_COMMIT = "workspace.commit"
WORKSPACE_FINISH = "workspace.finish"
LIBRARY_LIST = "library.list"
LIBRARY_READ = "library.read"
LIBRARY_SEARCH = "library.search"
LIBRARY_CREATE = "library.create"
LIBRARY_UPDATE = "library.update"
SKILL_READ = "skill.read"
SKILL_CREATE = "skill.create"
KNOWLEDGE_SEARCH = "knowledge.search"
REVIEW_CONSISTENCY = "review.consistency"
REVIEW_RULES = "review.rules"
CANON_PROPOSE = "canon.propose"
CHARACTER_TELL = "character.tell"
SCENE_CHOOSE_SPEAKER = "scene.choose_speaker"

#: Tools a profile may list in ``tools.allow`` (``task.return`` is injected by the runtime instead).
PROFILE_TOOLS: tuple[str, ...] = (
    AGENT_LIST,
    AGENT_HANDOFF,
    AGENT_DELEGATE,
    AGENT_AWAIT,
    WORKSPACE_LIST_FILES,
    WORKSPACE_SEARCH_FILES,
    WORKSPACE_READ_FILE,
    WORKSPACE_WRITE_FILE,
    WORKSPACE_APPLY_PATCH,
    LIBRARY_LIST,
    LIBRARY_READ,
    LIBRARY_SEARCH,
    LIBRARY_CREATE,
    LIBRARY_UPDATE,
    SKILL_READ,
    SKILL_CREATE,
    KNOWLEDGE_SEARCH,
    REVIEW_CONSISTENCY,
    REVIEW_RULES,
    CANON_PROPOSE,
    CHARACTER_TELL,
    SCENE_CHOOSE_SPEAKER,
    # the calls that end a part come last (the profile editor lists tools in this order)
    WORKSPACE_COMMIT,
    WORKSPACE_FINISH,
)

#: Writes to the project's story library and Skills: they always wait for the creator's approval, as if
#: listed in ``tools.requireApproval`` (a patch proposal showing the entry file before and after).
APPROVAL_BY_DEFAULT: frozenset[str] = frozenset({LIBRARY_CREATE, LIBRARY_UPDATE, SKILL_CREATE})

#: Writes a profile's ``reviews.beforeWrite`` gates: story library writes, new Skills, and workspace writes under
#: ``output/``.
REVIEW_GATED_WRITES: frozenset[str] = frozenset(
    {LIBRARY_CREATE, LIBRARY_UPDATE, SKILL_CREATE, WORKSPACE_WRITE_FILE, WORKSPACE_APPLY_PATCH}
)

#: Writes that change the project's libraries (story library entries, Skills): their successful calls are
#: journaled with ``mutatesLibrary`` so the Library shows them while the run goes on (seed 002's
#: ``workspace_mutating``).
LIBRARY_MUTATING: frozenset[str] = frozenset({LIBRARY_CREATE, LIBRARY_UPDATE, SKILL_CREATE})

ALL_TOOLS: tuple[str, ...] = (*PROFILE_TOOLS, TASK_RETURN)

#: The only tools an Explore run may call (read tools; ``docs/explore.md``): whatever its profile allows,
#: every other tool is refused by the runtime with ``explore.read_only``. ``review.rules`` is a read: it asks
#: the rules advisor, which changes nothing.
EXPLORE_TOOLS: frozenset[str] = frozenset({
    WORKSPACE_LIST_FILES,
    WORKSPACE_READ_FILE,
    WORKSPACE_SEARCH_FILES,
    LIBRARY_LIST,
    LIBRARY_READ,
    LIBRARY_SEARCH,
    SKILL_READ,
    KNOWLEDGE_SEARCH,
    REVIEW_RULES,
})

#: Tools a delegated helper never gets: it reports back instead of publishing or passing work on.
CHILD_FORBIDDEN: frozenset[str] = frozenset(
    {WORKSPACE_COMMIT, WORKSPACE_FINISH, AGENT_HANDOFF, AGENT_DELEGATE, AGENT_AWAIT}
)


def alias(canonical: str) -> str:
    """``workspace.read_file`` -> ``workspace_read_file``."""
    return canonical.replace(".", "_")


ALIAS_TO_CANONICAL: dict[str, str] = {alias(name): name for name in ALL_TOOLS}
