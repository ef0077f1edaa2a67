"""The profile editor's words: tools and problems in a writer's words, the technical names kept for
tooltips, and for each problem that shows in one section but is fixed in another, where to fix it. No Qt."""

from __future__ import annotations

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn

#: Tool -> (what a writer calls it, what it does). The tooltip adds the profile name and the model's name.
TOOL_WORDS: dict[str, tuple[str, str]] = {
    tn.AGENT_LIST: ("See the other agents", "Lists the agents it may hand off or delegate to."),
    tn.AGENT_HANDOFF: ("Hand off the stage", "Passes the work to the next agent and ends its own stage."),
    tn.AGENT_DELEGATE: ("Ask a helper", "Gives a side task to a helper, which reports back."),
    tn.AGENT_AWAIT: ("Wait for helpers", "Waits for the helpers' reports."),
    tn.WORKSPACE_LIST_FILES: ("List files", "Lists the files of the workspace folders it can see."),
    tn.WORKSPACE_SEARCH_FILES: ("Search files", "Searches the text of the files it can see."),
    tn.WORKSPACE_READ_FILE: ("Read a file", "Reads one file."),
    tn.WORKSPACE_WRITE_FILE: ("Write a file", "Writes a whole file (every write is kept as a version)."),
    tn.WORKSPACE_APPLY_PATCH: ("Change part of a file", "Replaces one passage of a file."),
    tn.WORKSPACE_COMMIT: ("Post to the chat", "Makes a file the chat's answer (a commit)."),
    tn.WORKSPACE_FINISH: ("Finish the run", "Ends the whole relay; the last post stays the answer."),
    tn.LIBRARY_LIST: ("List story library entries", "Lists the project's characters, places and lore."),
    tn.LIBRARY_READ: ("Read an entry", "Reads one story library entry."),
    tn.LIBRARY_SEARCH: ("Search the story library", "Finds entries by name, alias or text."),
    tn.LIBRARY_CREATE: ("Add an entry", "Proposes a new story library entry (you approve it)."),
    tn.LIBRARY_UPDATE: ("Change an entry", "Proposes a change to an entry (you approve it)."),
    tn.SKILL_READ: ("Read a Skill", "Reads the instructions of one of the project's Skills."),
    tn.SKILL_CREATE: ("Write a Skill", "Proposes a new Skill (you approve it)."),
    tn.KNOWLEDGE_SEARCH: ("Search the knowledge library", "Finds cited passages in the project's documents."),
    tn.REVIEW_CONSISTENCY: ("Have a draft checked", "Asks the consistency reviewer to check a draft against the "
                                                    "story library."),
    tn.REVIEW_RULES: ("Ask the rules advisor", "Asks the rules advisor, who cites the knowledge library."),
}

FAMILY_WORDS = {"agent": "Working with other agents", "workspace": "Files and the answer",
                "library": "The story library", "skill": "Skills", "knowledge": "The knowledge library",
                "review": "Reviews"}


def tool_label(name: str) -> str:
    return TOOL_WORDS.get(name, (name, ""))[0]


def tool_tip(name: str) -> str:
    _words, does = TOOL_WORDS.get(name, (name, ""))
    return f"{does}\nProfile name: {name} · the model sees: {tn.alias(name)}"


#: Where to fix a problem that one field shows because of another section's choice.
FIX_HINTS: dict[str, str] = {
    codes.PROFILE_NO_STAGE_EXIT: "To fix: in Tools, allow “Finish the run” or “Hand off the stage”; or untick this.",
    codes.PROFILE_HANDOFF_NOT_ENABLED: "To fix: tick this, or in Tools untick “Hand off the stage”.",
    codes.PROFILE_DELEGATE_NOT_ENABLED: "To fix: tick this, or in Tools untick “Ask a helper”.",
    codes.PROFILE_CALLABLE_WITHOUT_ROLE: "To fix: tick “…as the next stage” or “…as a helper” below, or untick this.",
    codes.PROFILE_APPROVAL_FOR_UNAVAILABLE_TOOL: "To fix: allow the tool, or untick “Requires approval”.",
    codes.PROFILE_WRITABLE_ROOT_NOT_VISIBLE: "To fix: tick Visible for that folder, or untick Writable.",
    codes.PROFILE_MODEL_CONNECTION_MISSING: "To fix: choose a connection, or “The default connection”.",
    codes.PROFILE_MODEL_NAME_MISSING: "To fix: pick one of the server's models, or type its name.",
    codes.PROFILE_HANDOFF_TOOL_COLLISION: "To fix: in Delegation and handoff, give one target another tool name.",
}

#: Field path -> the section it sits in (for "shown in Identity" notes in the problems bar).
SECTION_OF_PREFIX: tuple[tuple[str, str], ...] = (
    ("id", "Identity"), ("displayName", "Identity"), ("description", "Identity"), ("run.", "Identity"),
    ("model.", "Model"), ("delegation.maxHandoffDepth", "Delegation and handoff"),
    ("delegation.", "Delegation and handoff"), ("handoffIn.", "Delegation and handoff"),
    ("tools.maxRounds", "Limits"), ("tools.maxToolCalls", "Limits"), ("context.", "Limits"),
    ("tools.", "Tools"), ("instructions.", "System prompt"), ("workspace.", "Workspace"),
)


def section_of(path: str) -> str:
    for prefix, section in SECTION_OF_PREFIX:
        if path == prefix or path.startswith(prefix if prefix.endswith(".") else prefix + "."):
            return section
    return ""


NEEDS_A_TOOL_TO_END = (
    "This agent can only end its turn by calling a tool (finish, hand off, or report back). With “Never "
    "call tools” it cannot: its run would fail after a few answers without a tool (model.tool_call_required)."
)

NO_HANDOFF_TARGET = (
    "No other agent takes over from this one yet, so its handoffs would be refused. On the agent that "
    "should come next, tick “Other agents may call it” and “…as the next stage”, and let this one call it."
)
NO_HANDOFF_DEPTH = "With 0, every handoff of this agent is refused (agent.handoff_depth_exhausted)."
NO_HELPER = (
    "No other agent takes side tasks from this one yet, so asking a helper would be refused. On the helper, "
    "tick “Other agents may call it” and “…as a helper”, and let this one call it."
)
NEVER_OFFERED = "With “Never”, no agent can hand off to it, although it allows itself as the next stage."
