"""The profile editor's words: tools and problems in a writer's words, the technical names kept for
tooltips, and for each problem that shows in one section but is fixed in another, where to fix it.

The texts are marked with ``QT_TRANSLATE_NOOP("Wording", …)`` (they stay English here); ``tr`` gives one in
the window's language, and ``tool_label`` and ``tool_tip`` already do; ``section_of`` names the editor's
section (its key), translated where it is shown."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from relay_studio.domain import error_codes as codes
from relay_studio.domain import tool_names as tn


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks ``text`` for pyside6-lupdate (which reads this name) and keeps it English; ``tr`` translates it."""
    return text


#: Tool -> (what a writer calls it, what it does). The tooltip adds the profile name and the model's name.
TOOL_WORDS: dict[str, tuple[str, str]] = {
    tn.AGENT_LIST: (QT_TRANSLATE_NOOP("Wording", "See the other agents"),
                    QT_TRANSLATE_NOOP("Wording", "Lists the agents it may hand off or delegate to.")),
    tn.AGENT_HANDOFF: (QT_TRANSLATE_NOOP("Wording", "Hand off the stage"),
                       QT_TRANSLATE_NOOP("Wording", "Passes the work to the next agent and ends its own stage.")),
    tn.AGENT_DELEGATE: (QT_TRANSLATE_NOOP("Wording", "Ask a helper"),
                        QT_TRANSLATE_NOOP("Wording", "Gives a side task to a helper, which reports back.")),
    tn.AGENT_AWAIT: (QT_TRANSLATE_NOOP("Wording", "Wait for helpers"),
                     QT_TRANSLATE_NOOP("Wording", "Waits for the helpers' reports.")),
    tn.WORKSPACE_LIST_FILES: (QT_TRANSLATE_NOOP("Wording", "List files"),
                              QT_TRANSLATE_NOOP("Wording", "Lists the files of the workspace folders it can see.")),
    tn.WORKSPACE_SEARCH_FILES: (QT_TRANSLATE_NOOP("Wording", "Search files"),
                                QT_TRANSLATE_NOOP("Wording", "Searches the text of the files it can see.")),
    tn.WORKSPACE_READ_FILE: (QT_TRANSLATE_NOOP("Wording", "Read a file"),
                             QT_TRANSLATE_NOOP("Wording", "Reads one file.")),
    tn.WORKSPACE_WRITE_FILE: (QT_TRANSLATE_NOOP("Wording", "Write a file"),
                              QT_TRANSLATE_NOOP("Wording", "Writes a whole file (every write is kept as a version).")),
    tn.WORKSPACE_APPLY_PATCH: (QT_TRANSLATE_NOOP("Wording", "Change part of a file"),
                               QT_TRANSLATE_NOOP("Wording", "Replaces one passage of a file.")),
    tn.WORKSPACE_COMMIT: (QT_TRANSLATE_NOOP("Wording", "Post to the chat"),
                          QT_TRANSLATE_NOOP("Wording", "Makes a file the chat's answer (a commit).")),
    tn.WORKSPACE_FINISH: (QT_TRANSLATE_NOOP("Wording", "Finish the run"),
                          QT_TRANSLATE_NOOP("Wording", "Ends the whole relay; the last post stays the answer.")),
    tn.LIBRARY_LIST: (QT_TRANSLATE_NOOP("Wording", "List story library entries"),
                      QT_TRANSLATE_NOOP("Wording", "Lists the project's characters, places and lore.")),
    tn.LIBRARY_READ: (QT_TRANSLATE_NOOP("Wording", "Read an entry"),
                      QT_TRANSLATE_NOOP("Wording", "Reads one story library entry.")),
    tn.LIBRARY_SEARCH: (QT_TRANSLATE_NOOP("Wording", "Search the story library"),
                        QT_TRANSLATE_NOOP("Wording", "Finds entries by name, alias or text.")),
    tn.LIBRARY_CREATE: (QT_TRANSLATE_NOOP("Wording", "Add an entry"),
                        QT_TRANSLATE_NOOP("Wording", "Proposes a new story library entry (you approve it).")),
    tn.LIBRARY_UPDATE: (QT_TRANSLATE_NOOP("Wording", "Change an entry"),
                        QT_TRANSLATE_NOOP("Wording", "Proposes a change to an entry (you approve it).")),
    tn.SKILL_READ: (QT_TRANSLATE_NOOP("Wording", "Read a Skill"),
                    QT_TRANSLATE_NOOP("Wording", "Reads the instructions of one of the project's Skills.")),
    tn.SKILL_CREATE: (QT_TRANSLATE_NOOP("Wording", "Write a Skill"),
                      QT_TRANSLATE_NOOP("Wording", "Proposes a new Skill (you approve it).")),
    tn.KNOWLEDGE_SEARCH: (QT_TRANSLATE_NOOP("Wording", "Search the knowledge library"),
                          QT_TRANSLATE_NOOP("Wording", "Finds cited passages in the project's documents.")),
    tn.REVIEW_CONSISTENCY: (QT_TRANSLATE_NOOP("Wording", "Have a draft checked"),
                            QT_TRANSLATE_NOOP("Wording", "Asks the consistency reviewer to check a draft against "
                                                         "the story library.")),
    tn.REVIEW_RULES: (QT_TRANSLATE_NOOP("Wording", "Ask the rules advisor"),
                      QT_TRANSLATE_NOOP("Wording", "Asks the rules advisor, who cites the knowledge library.")),
    tn.CANON_PROPOSE: (QT_TRANSLATE_NOOP("Wording", "Propose a canon fact"),
                       QT_TRANSLATE_NOOP("Wording", "Proposes a fact for the project's canon, quoting the chat or "
                                                    "the posted text word for word (it waits for you unless the "
                                                    "project accepts proposals at once).")),
}

FAMILY_WORDS = {"agent": QT_TRANSLATE_NOOP("Wording", "Working with other agents"),
                "workspace": QT_TRANSLATE_NOOP("Wording", "Files and the answer"),
                "library": QT_TRANSLATE_NOOP("Wording", "The story library"),
                "skill": QT_TRANSLATE_NOOP("Wording", "Skills"),
                "knowledge": QT_TRANSLATE_NOOP("Wording", "The knowledge library"),
                "review": QT_TRANSLATE_NOOP("Wording", "Reviews"),
                "canon": QT_TRANSLATE_NOOP("Wording", "The canon")}


def tr(text: str) -> str:
    """One of this module's texts in the window's language (they are marked with QT_TRANSLATE_NOOP)."""
    return QCoreApplication.translate("Wording", text) if text else text


def tool_label(name: str) -> str:
    return tr(TOOL_WORDS.get(name, (name, ""))[0])


def tool_tip(name: str) -> str:
    _words, does = TOOL_WORDS.get(name, (name, ""))
    return tr(does) + "\n" + QCoreApplication.translate("Wording", "Profile name: %1 · the model sees: %2").replace(
        "%1", name).replace("%2", tn.alias(name))


#: Where to fix a problem that one field shows because of another section's choice.
FIX_HINTS: dict[str, str] = {
    codes.PROFILE_NO_STAGE_EXIT: QT_TRANSLATE_NOOP("Wording",
        "To fix: in Tools, allow “Finish the run” or “Hand off the stage”; or untick this."),
    codes.PROFILE_HANDOFF_NOT_ENABLED: QT_TRANSLATE_NOOP("Wording",
        "To fix: tick this, or in Tools untick “Hand off the stage”."),
    codes.PROFILE_DELEGATE_NOT_ENABLED: QT_TRANSLATE_NOOP("Wording",
        "To fix: tick this, or in Tools untick “Ask a helper”."),
    codes.PROFILE_CALLABLE_WITHOUT_ROLE: QT_TRANSLATE_NOOP("Wording",
        "To fix: tick “…as the next stage” or “…as a helper” below, or untick this."),
    codes.PROFILE_APPROVAL_FOR_UNAVAILABLE_TOOL: QT_TRANSLATE_NOOP("Wording",
        "To fix: allow the tool, or untick “Requires approval”."),
    codes.PROFILE_WRITABLE_ROOT_NOT_VISIBLE: QT_TRANSLATE_NOOP("Wording",
        "To fix: tick Visible for that folder, or untick Writable."),
    codes.PROFILE_MODEL_CONNECTION_MISSING: QT_TRANSLATE_NOOP("Wording",
        "To fix: choose a connection, or “The default connection”."),
    codes.PROFILE_MODEL_NAME_MISSING: QT_TRANSLATE_NOOP("Wording",
        "To fix: pick one of the server's models, or type its name."),
    codes.PROFILE_HANDOFF_TOOL_COLLISION: QT_TRANSLATE_NOOP("Wording",
        "To fix: in Delegation and handoff, give one target another tool name."),
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


NEEDS_A_TOOL_TO_END = (QT_TRANSLATE_NOOP("Wording",
    "This agent can only end its turn by calling a tool (finish, hand off, or report back). With “Never "
    "call tools” it cannot: its run would fail after a few answers without a tool (model.tool_call_required)."
))

NO_HANDOFF_TARGET = (QT_TRANSLATE_NOOP("Wording",
    "No other agent takes over from this one yet, so its handoffs would be refused. On the agent that "
    "should come next, tick “Other agents may call it” and “…as the next stage”, and let this one call it."
))
NO_HANDOFF_DEPTH = QT_TRANSLATE_NOOP("Wording", "With 0, every handoff of this agent is refused "
                                                "(agent.handoff_depth_exhausted).")
NO_HELPER = (QT_TRANSLATE_NOOP("Wording",
    "No other agent takes side tasks from this one yet, so asking a helper would be refused. On the helper, "
    "tick “Other agents may call it” and “…as a helper”, and let this one call it."
))
NEVER_OFFERED = QT_TRANSLATE_NOOP("Wording", "With “Never”, no agent can hand off to it, although it allows itself as "
                                             "the next stage.")
