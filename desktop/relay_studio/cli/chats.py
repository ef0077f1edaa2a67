"""``chat show``: a chat's messages and the chats it continues or is continued in.

With ``--json``: ``chat`` and ``messages`` as stored, ``continuedFrom`` (the chats it continues, nearest
first, ``{id, name}``) and ``continuedIn`` (the chats that continue it, oldest first, ``{id, name, runId,
document}``: the handoff run of this chat that wrote the document it carried, null for a chat that moved
up here from a deleted chat between)."""

from __future__ import annotations

import argparse
import json
import sys

from relay_studio.cli.exits import EXIT_OK, UsageError
from relay_studio.cli.runs import text_for
from relay_studio.domain.records import HANDOFF_CONTEXT_ROLE, ChatRecord
from relay_studio.domain.safe_text import for_terminal as shown
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.session_handoff import document_of


def cmd_chat_show(args: argparse.Namespace, runtime: Runtime) -> int:
    chat = runtime.chats.chat_by_name(args.name, args.project_id) or runtime.chats.chat(args.name)
    if chat is None:
        raise UsageError(f"There is no chat '{args.name}'.")
    messages = runtime.chats.messages(chat.id)
    if args.json:
        carried = {h.chat.id: h for h in runtime.chats.handed_off(chat.id)}

        def continued_in(child: ChatRecord) -> dict[str, object]:
            handed = carried.get(child.id)
            return {"id": child.id, "name": child.name, "runId": handed.run_id if handed else None,
                    "document": document_of(handed.entry.content) if handed else None}

        data = {"chat": chat.model_dump(mode="json"), "messages": [m.model_dump(mode="json") for m in messages],
                "continuedFrom": [{"id": c.id, "name": c.name} for c in runtime.chats.continued_from(chat.id)],
                "continuedIn": [continued_in(c) for c in runtime.chats.continuations(chat.id)]}
        print(json.dumps(data, ensure_ascii=sys.stdout.isatty(), indent=2))
        return EXIT_OK
    if chat.explore:
        print("Exploration (read only)\n")
    for parent in runtime.chats.continued_from(chat.id)[:1]:
        print(f"Continued from ← {shown(parent.name)}\n")
    for m in messages:
        who = "handoff document" if m.role == HANDOFF_CONTEXT_ROLE else shown(m.agent_name or m.role)
        version = f" (v{m.version})" if m.role == "assistant" else ""
        print(f"--- {who}{version}\n{text_for(sys.stdout, m.content.rstrip())}\n")
    for child in runtime.chats.continuations(chat.id):
        print(f"Continued in → {shown(child.name)}")
    return EXIT_OK

