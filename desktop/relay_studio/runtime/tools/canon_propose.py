"""canon.propose: an agent proposes a fact for the project's canon, resting on a quote that must occur word for
word in the chat or in what the run committed (docs/canon.md, "Agents propose facts").

The proposal is written to the ledger at once and waits there for the creator (the Canon panel, ``relay-studio
canon``), or joins the canon at once when the project accepts proposals. A profile that lists ``canon.propose``
under ``tools.requireApproval`` asks the creator in the patch dialog first, like other writes: approved, the fact
is active; rejected, nothing is written.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from relay_studio.domain import error_codes as codes
from relay_studio.domain import event_types as ev
from relay_studio.domain import tool_names as tn
from relay_studio.domain.canon import CanonFact, FactSource, FactSourceKind, FactStatus
from relay_studio.runtime.approval import needs_approval, request_approval
from relay_studio.runtime.errors import ToolError
from relay_studio.runtime.tools.base import Tool, ToolContext, ToolResult, ToolSpec, parse_args
from relay_studio.store.canon import CanonError, CanonStore
from relay_studio.store.chats import ChatStore


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=1, description="The fact as one short statement, as it should be kept.")
    about: list[str] = Field(min_length=1, description="The story library entries it is about, by name.")
    attribute: str | None = Field(default=None, description="The attribute it gives a value, for example 'eyes'.")
    value: str | None = Field(default=None, description="The attribute's value, for example 'green'.")
    asOf: int | None = Field(default=None, ge=1, description="The chapter from which it holds (1 is the first "
                                                              "answer of the chat); leave it out if it always held.")
    quote: str = Field(min_length=1, description="The exact words of the chat or of the committed text that the "
                                                 "fact rests on, copied character for character.")


SPEC = ToolSpec(
    name=tn.CANON_PROPOSE,
    description=(
        "Propose a fact for the story's canon: something that must stay true from now on (a character's eye "
        "colour, a date of birth, a death). Quote the words of this chat or of the committed text it rests on, "
        "exactly. The creator decides whether it joins the canon."
    ),
    args=_Args,
)


def find_source(ctx: ToolContext, quote: str) -> FactSource:
    """Where ``quote`` occurs word for word: a message of the chat, else a text this run committed."""
    run = ctx.run
    for message in reversed(ChatStore(run.db).messages(run.chat_id)):
        if quote in message.content:
            return FactSource(kind=FactSourceKind.MESSAGE, quote=quote, chat_id=run.chat_id, message_id=message.id)
    if quote in run.chat_input.user_text:
        return FactSource(kind=FactSourceKind.MESSAGE, quote=quote, chat_id=run.chat_id)
    for entry in reversed(run.ledger.entries):
        if quote in entry.content:
            return FactSource(kind=FactSourceKind.FILE, quote=quote, run_id=run.run_id, path=entry.path)
    raise ToolError(codes.CANON_QUOTE_NOT_FOUND,
                    "That quote is not in this chat or in the committed text, word for word. Copy the exact words "
                    "the fact rests on (a shorter passage is fine) and propose it again.")


def _told(fact: CanonFact) -> str:
    if fact.status is FactStatus.ACTIVE:
        return f"The fact is now part of the canon: {fact.text}"
    return f"Proposed: {fact.text} The creator will decide whether it joins the canon; go on with your work."


async def run(ctx: ToolContext, args: dict[str, Any]) -> ToolResult:
    a = parse_args(_Args, args, SPEC.alias)
    if ctx.run.project_id is None:
        raise ToolError(codes.CANON_UNAVAILABLE, "This conversation has no canon to add facts to.")
    source = find_source(ctx, a.quote)
    canon = CanonStore(ctx.run.db)
    agent = ctx.inv.profile.display_name
    fields: dict[str, Any] = {"attribute": a.attribute, "value": a.value, "as_of": a.asOf}
    try:
        if needs_approval(ctx.inv, tn.CANON_PROPOSE):
            await request_approval(ctx.run, ctx.inv, SPEC.alias, call_id=ctx.call_id, arguments=dict(args))
            fact = canon.add(ctx.run.project_id, a.text, a.about, source=source, actor=agent, run_id=ctx.run.run_id,
                             **fields)
        else:
            fact = canon.propose(ctx.run.project_id, a.text, a.about, actor=agent, source=source,
                                 run_id=ctx.run.run_id, **fields)
    except CanonError as exc:
        raise ToolError(exc.code, exc.message) from None
    with ctx.run.db.transaction() as tx:
        tx.event(ctx.run.run_id, ev.CANON_FACT_PROPOSED,
                 {"handle": fact.handle, "text": fact.text, "about": fact.about, "status": fact.status.value,
                  "agentId": ctx.inv.profile.id}, invocation_id=ctx.inv.id)
    return ToolResult(_told(fact), journal={"fact": fact.handle, "status": fact.status.value})


TOOL = Tool(SPEC, run)
