"""Declared next stages: the runtime hands a stage's draft on when the stage ends without handing off.

A profile may name the stage that follows it (``handoff.next``). Small local models answer in plain
text, commit and then say "done", or use up their nudges; none of that is a handoff, and without one
the relay stopped at its first stage. Here the runtime decides instead (docs/runtime.md, *Declared
next stages*): the stage's draft is what it committed, else the file it last wrote under ``output/``,
else its plain-text answer (written to ``output/main.md`` and committed); a short reply after a draft
is a note, never a new version of the answer. The handoff itself is the normal one
(``delegation/handoff.py: perform_handoff`` and ``accept``), journaled with ``by: "runtime"`` and why.
A handoff the model makes itself always comes first: this runs only where the stage would otherwise end.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from relay_studio.domain import event_types as ev
from relay_studio.domain.enums import CommitMarker, EventLevel, InvocationStatus
from relay_studio.domain.profile import AgentProfile, offers_handoff_to
from relay_studio.runtime import transitions
from relay_studio.runtime.chat_commit import DIRECT_OUTPUT, commit_text, write_for_stage
from relay_studio.runtime.context import InvocationState, RunContext, ToolContext
from relay_studio.runtime.delegation.handoff import accept, perform_handoff
from relay_studio.runtime.effects import HandoffAccepted
from relay_studio.runtime.errors import InvocationFailed, ToolError
from relay_studio.store import tables as t
from relay_studio.store.database import table_of

#: where a stage's plain-text draft is written before it is handed on (what the built-ins' prompts name)
DRAFT_FILE = "output/main.md"
#: how much of the draft the brief itself carries (a small model reads it there rather than opening a file)
MAX_INLINE_CHARS = 6000
#: a reply at most this share of the answer already in the chat (and at most SIGN_OFF_CHARS long) is a
#: sign-off ("I am done"), kept as a note: it never replaces the answer
SIGN_OFF_SHARE = 1 / 3
SIGN_OFF_CHARS = 400

_VERSIONS = table_of(t.WorkspaceFileVersionRow)

#: why the studio handed on, in the words the timeline shows after "handed on by the studio: "
REASONS = {
    "text_answer": "{agent} answered in text",
    "after_commit": "{agent} committed and then answered in text",
    "after_write": "{agent} wrote its draft and then answered in text",
    "nudges_used": "{agent} did not hand the work on itself",
    "round_limit": "{agent} used all its rounds",
    "refused_calls": "{agent}'s tool calls were refused or changed nothing, three turns in a row",
}


@dataclass(frozen=True)
class Draft:
    path: str
    content: str
    committed: bool
    """Already the chat's answer (a commit of it exists)."""


def next_stage(run: RunContext, inv: InvocationState) -> AgentProfile | None:
    """The declared next stage when it can take over now; None when none is declared or it cannot
    (then the stage ends as before, and the journal says why)."""
    following = inv.profile.handoff.next
    if following is None or inv.is_child or inv.read_only:
        return None
    target = run.profiles.get(following)
    if target is not None and offers_handoff_to(inv.profile, target):
        return target
    why = ("is not an agent here" if target is None
           else "does not take over from it (it must be callable, a handoff target and accept it)")
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.NEXT_STAGE_UNAVAILABLE,
                 {"agentId": inv.profile.id, "nextAgentId": following,
                  "message": f"{inv.profile.display_name} names '{following}' as its next stage, which {why}."},
                 invocation_id=inv.id, level=EventLevel.WARNING)
    return None


def is_sign_off(text: str, answer: str) -> bool:
    """A short reply beside the answer already in the chat ("I am done", "Here you go")."""
    said = text.strip()
    return len(said) <= SIGN_OFF_CHARS and len(said) <= len(answer.strip()) * SIGN_OFF_SHARE


def stage_draft(run: RunContext, inv: InvocationState) -> Draft | None:
    """What this stage made: its last real commit, else the file it last wrote under ``output/``."""
    own = [e for e in run.ledger.entries if e.invocation_id == inv.id and e.real]
    if own:
        return Draft(own[-1].path, own[-1].content, committed=True)
    row = run.db.conn.execute(
        select(_VERSIONS.c.path)
        .where(_VERSIONS.c.run_id == run.run_id, _VERSIONS.c.invocation_id == inv.id,
               _VERSIONS.c.path.like("output/%"), _VERSIONS.c.path != DIRECT_OUTPUT)
        .order_by(_VERSIONS.c.id.desc()).limit(1)
    ).first()
    if row is None:
        return None
    try:
        path, content = run.workspace.read(row.path, inv.roots)
    except ToolError:  # deleted or moved since: nothing to hand on from the file
        return None
    if not content.strip():  # an empty file is no draft (a small model's empty write)
        return None
    return Draft(path, content, committed=False)


def keep_note(run: RunContext, inv: InvocationState, text: str, reason: str) -> None:
    """A plain-text reply that is not the answer: journaled (and kept in output/direct_output.md)."""
    with run.db.transaction() as tx:
        tx.event(run.run_id, ev.TEXT_NOTE_KEPT,
                 {"agentId": inv.profile.id, "text": text, "chars": len(text), "reason": reason},
                 invocation_id=inv.id)


async def _write_draft(run: RunContext, inv: InvocationState, text: str) -> Draft:
    write_for_stage(run, inv, DRAFT_FILE, text, "handed_on")
    await commit_text(run, inv, DRAFT_FILE, text, CommitMarker.TEXT_ANSWER, by="runtime")
    return Draft(DRAFT_FILE, text, committed=True)


async def _choose_draft(run: RunContext, inv: InvocationState, text: str) -> tuple[Draft, str] | None:
    """The draft to hand on and the reason code; None when there is nothing at all to hand on."""
    made = stage_draft(run, inv)
    said = text.strip()
    if made is not None:
        if said:
            keep_note(run, inv, text, "after_commit" if made.committed else "after_write")
        if not made.committed:
            await commit_text(run, inv, made.path, made.content, by="runtime")
        return Draft(made.path, made.content, True), ("after_commit" if made.committed else "after_write")
    last = run.ledger.last
    if said:
        if last is not None and is_sign_off(text, last.content):
            keep_note(run, inv, text, "sign_off")
            return Draft(last.path or DRAFT_FILE, last.content, True), "text_answer"
        return await _write_draft(run, inv, text), "text_answer"
    if last is not None:  # only empty replies: an earlier stage's answer is still the draft
        return Draft(last.path or DRAFT_FILE, last.content, True), "nudges_used"
    return None


def _brief(source: InvocationState, target: AgentProfile, draft: Draft) -> dict[str, object]:
    template = source.profile.handoff.brief_template
    if template and template.strip():
        objective = template.strip().replace("{file}", draft.path)
    else:
        task = (target.description or target.delegation.description_for_agents).strip()
        objective = f"Continue from the draft in {draft.path}." + (f" {task}" if task else "")
    shown = draft.content.strip()
    if len(shown) > MAX_INLINE_CHARS:
        shown = shown[:MAX_INLINE_CHARS].rstrip() + f"\n\n(The draft continues in {draft.path}.)"
    return {
        "objective": objective,
        "reason": f"{source.profile.display_name} has finished its part.",
        "contextSummary": f"The draft from {source.profile.display_name} is in {draft.path}:\n\n{shown}",
        "workspaceRefs": [draft.path],
    }


async def hand_on(run: RunContext, inv: InvocationState, text: str,
                  reason: str | None = None) -> HandoffAccepted | None:
    """Hands the stage's draft on to its declared next stage; None when none is declared or usable, or
    there is no draft at all. ``text``: the stage's last plain-text reply ("" if none); ``reason``
    overrides the reason code (a round limit)."""
    target = next_stage(run, inv)
    if target is None:
        return None
    chosen = await _choose_draft(run, inv, text)
    if chosen is None:
        return None
    draft, why = chosen
    why = reason or why
    try:
        result = await perform_handoff(ToolContext(run, inv, ""), target.id, _brief(inv, target, draft),
                                       style="runtime", on_behalf=True)
    except ToolError as exc:
        raise InvocationFailed(
            exc.code, f"The studio could not hand {inv.profile.display_name}'s draft on to "
            f"{target.display_name}: {exc.message}") from None
    effect = result.effect
    assert isinstance(effect, HandoffAccepted)
    effect.accepted.update({"reason": why, "why": REASONS[why].format(agent=inv.profile.display_name),
                            "draftPath": draft.path, "agentDisplayName": inv.profile.display_name})
    accept(run, inv, effect)
    with run.db.transaction() as tx:
        transitions.end_invocation(tx, run, inv.id, InvocationStatus.TRANSFERRED, payload={"taskId": effect.task_id})
        tx.event(run.run_id, ev.AGENT_LOOP_FINISHED, {"agentId": inv.profile.id, "exit": "transferred"},
                 invocation_id=inv.id)
    return effect
