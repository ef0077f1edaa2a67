"""Per-invocation prompt assembly and the generated default system prompt.

Everything here is read by a model, so it is written from the agent's own view and never mentions
runtime ids, storage paths or runtime vocabulary.
"""

from __future__ import annotations

from relay_studio.domain import tool_names as tn
from relay_studio.domain.messages import Message
from relay_studio.domain.profile import AgentProfile, offers_handoff_to
from relay_studio.domain.records import HANDOFF_CONTEXT_ROLE, MessageRecord
from relay_studio.library.macros import MacroNames, fill
from relay_studio.runtime.context import InvocationState, RunContext
from relay_studio.runtime.delegation.policy import available_targets


def _targets_section(run: RunContext, inv: InvocationState, purpose: str, heading: str) -> str:
    targets = available_targets(run, inv, "handoff" if purpose == "handoff" else "delegate")
    if not targets:
        return ""
    lines = [f"- {t.id}: {t.display_name}. {t.delegation.description_for_agents or t.description}".rstrip()
             for t in targets]
    return f"## {heading}\n" + "\n".join(lines)


def ending_guidance(inv: InvocationState, next_name: str | None = None) -> str:
    """How this agent ends its part, from its own tool surface (docs/runtime.md, "Commit ledger, finish, endings").
    ``next_name``: the stage its profile declares next (``handoff.next``), when that one can take over."""
    tools = set(inv.surface())
    lines: list[str] = []
    per_target = inv.profile.delegation.handoff_tool_style == "perTarget"
    handoff_tool = "the transfer_to_… tool of the agent who should continue" if per_target else "agent_handoff"
    in_text = inv.answers_in_text
    if inv.is_child:
        lines.append(
            "You are helping another agent with one task. When it is done, report back with task_return: "
            "a short summary, your findings, and the files you wrote. You cannot publish to the chat."
            + (" A plain-text reply also ends the task: it is your report." if in_text else "")
        )
        return "\n".join(f"- {line}" for line in lines)
    if inv.read_only:
        lines.append(EXPLORE_LINE)
    if next_name and not inv.read_only:
        lines.append(stage_steps(tools, next_name, handoff_tool))
    elif in_text and tn.WORKSPACE_FINISH in tools:
        # seed 000 §7: an agent that can finish ends with its tools; a plain reply is only the studio's fallback
        lines.append(
            "Write the finished text to output/main.md with workspace_write_file, publish it with "
            "workspace_commit, and end the run with workspace_finish: the creator reads what you commit."
        )
    elif in_text:
        lines.append(
            "Answer in plain text: your reply is the chat message the creator reads, and it ends your part."
        )
    elif tn.WORKSPACE_FINISH in tools:
        lines.append(
            "Do not answer in plain text: the creator only sees what is committed. Write the reply into "
            "output/main.md, publish it with workspace_commit, and end the run with workspace_finish."
        )
    elif tn.AGENT_HANDOFF in tools:
        lines.append(
            f"When your part is complete, hand the work on with {handoff_tool} and a clear brief. Do not "
            "answer in plain text."
        )
    if tn.WORKSPACE_COMMIT in tools and tn.WORKSPACE_FINISH not in tools:
        lines.append("You may commit your stage's text with workspace_commit before handing off.")
    if tn.AGENT_HANDOFF in tools:
        lines.append(
            f"If another agent should take the next stage, call {handoff_tool} with a brief that says what "
            "to do and what to preserve. Once the handoff is accepted, stop calling tools: your part is "
            "complete."
        )
    if tn.AGENT_DELEGATE in tools:
        lines.append(
            "For a side task, ask a helper with agent_delegate and keep working; collect the result with "
            "agent_await. Wait for your helpers before you hand off."
        )
    return "\n".join(f"- {line}" for line in lines)


def stage_steps(tools: set[str], next_name: str, handoff_tool: str) -> str:
    """A stage with a declared next stage: its steps with the tools it has (seed 000 §7). Without a
    handoff tool, its text is what the studio hands on (``next_stage.hand_on``)."""
    steps: list[str] = []
    if tn.WORKSPACE_WRITE_FILE in tools:
        steps.append("write your text to output/main.md with workspace_write_file")
    if tn.WORKSPACE_COMMIT in tools:
        steps.append("publish it with workspace_commit")
    if tn.AGENT_HANDOFF in tools:
        steps.append(
            f"hand it to {next_name} with {handoff_tool}: the objective says what {next_name} should do next, "
            "the context summary what you wrote and what must stay")
        return "When your text is ready, " + ", then ".join(steps) + "."
    return f"When your text is ready, reply with the text itself: {next_name} then takes it over."


#: What an Explore run's agent is told of its situation (its tools are the read tools only).
EXPLORE_LINE = (
    "This is an exploration: the creator wants to look into their material with you. You can read and "
    "search, but you cannot change any file, story library entry or Skill, publish or finish, or pass work "
    "to other agents."
)


def _roots_line(profile: AgentProfile) -> str:
    visible = ", ".join(f"{r}/" for r in profile.workspace.visible_roots)
    writable = ", ".join(f"{r}/" for r in profile.workspace.writable_roots) or "nothing"
    return (
        f"You share a workspace of text files with the other agents. You can read {visible} and write "
        f"{writable}. Files under persist/ are kept for the next conversation turns of this chat."
    )


def _explore_roots_line(profile: AgentProfile) -> str:
    visible = ", ".join(f"{r}/" for r in profile.workspace.visible_roots)
    return f"You can read the workspace of text files the agents share ({visible}); you write nothing."


def default_system_prompt(run: RunContext, inv: InvocationState) -> str:
    profile = inv.profile
    intro = f"You are {profile.display_name}."
    if profile.description:
        intro += f" {profile.description}"
    return "\n\n".join(part for part in (intro, working_section(run, inv)) if part)


def working_section(run: RunContext, inv: InvocationState) -> str:
    roots = _explore_roots_line(inv.profile) if inv.read_only else _roots_line(inv.profile)
    following = run.profiles.get(inv.profile.handoff.next or "")
    next_name = following.display_name if following is not None and offers_handoff_to(inv.profile, following) else None
    parts = [roots, "## How you work\n" + ending_guidance(inv, next_name)]
    parts.append(_targets_section(run, inv, "handoff", "Agents you can hand off to"))
    parts.append(_targets_section(run, inv, "delegate", "Helpers you can delegate to"))
    return "\n\n".join(p for p in parts if p)


def macro_names(run: RunContext, inv: InvocationState) -> MacroNames:
    """What SillyTavern's ``{{user}}`` and ``{{char}}`` mean in this agent's prompt and tools: the
    creator's persona, and the agent itself as the character in play (a card's agent plays its character)."""
    return MacroNames(user=run.persona_name, char=inv.profile.display_name)


def system_prompt(run: RunContext, inv: InvocationState) -> str:
    instructions = inv.profile.instructions
    names = macro_names(run, inv)  # a card's prompt keeps {{user}} / {{char}} as written; filled where sent
    if instructions.system_prompt is None:
        text = default_system_prompt(run, inv)
    else:
        # A creator's own prompt replaces the generated introduction; the agent still needs to know
        # how its tools end its part, so that section follows it.
        text = fill(instructions.system_prompt.strip(), names) + "\n\n" + working_section(run, inv)
    if instructions.task_prompt and instructions.task_prompt.strip():
        text += "\n\n## Standing instructions\n" + fill(instructions.task_prompt.strip(), names)
    if inv.project_sections:
        text += "\n\n" + inv.project_sections
    return text


def chat_history(messages: list[MessageRecord]) -> tuple[list[Message], int]:
    """A chat's messages as model input, and how many of the first are pinned: a chat continued from a
    handoff starts with the handoff document as a user entry, which every later prompt keeps."""
    history = [Message(role="assistant" if m.role == "assistant" else "user", content=m.content)
               for m in messages if m.role in ("user", "assistant", HANDOFF_CONTEXT_ROLE)]
    # pinned only when a handoff run wrote it (``ChatStore.continue_chat``): never a message's text or a
    # role another path set without a run
    pinned = 1 if messages and messages[0].role == HANDOFF_CONTEXT_ROLE and messages[0].run_id else 0
    return history, pinned


def root_messages(history: list[Message], user_text: str, limit: int, pinned: int = 0) -> list[Message]:
    """Chat history (all with -1, none with 0, else the last N) followed by the creator's message; the
    first ``pinned`` entries of the history are always kept."""
    head, rest = history[:pinned], history[pinned:]
    if limit == 0:
        kept: list[Message] = []
    elif limit < 0:
        kept = list(rest)
    else:
        kept = rest[-limit:]
    return [*head, *kept, Message(role="user", content=user_text)]
