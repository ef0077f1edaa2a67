"""``chat show``: a chat's messages and the chats it continues or is continued in."""

from __future__ import annotations

import argparse
import json
import sys

from relay_studio.cli.exits import EXIT_OK, UsageError
from relay_studio.cli.runs import text_for
from relay_studio.domain.records import HANDOFF_CONTEXT_ROLE
from relay_studio.domain.safe_text import for_terminal as shown
from relay_studio.runtime.engine import Runtime


def cmd_chat_show(args: argparse.Namespace, runtime: Runtime) -> int:
    chat = runtime.chats.chat_by_name(args.name, args.project_id) or runtime.chats.chat(args.name)
    if chat is None:
        raise UsageError(f"There is no chat '{args.name}'.")
    messages = runtime.chats.messages(chat.id)
    if args.json:
        data = {"chat": chat.model_dump(mode="json"), "messages": [m.model_dump(mode="json") for m in messages]}
        print(json.dumps(data, ensure_ascii=sys.stdout.isatty(), indent=2))
        return EXIT_OK
    for parent in runtime.chats.continued_from(chat.id)[:1]:
        print(f"Continued from ← {shown(parent.name)}\n")
    for m in messages:
        who = "handoff document" if m.role == HANDOFF_CONTEXT_ROLE else shown(m.agent_name or m.role)
        version = f" (v{m.version})" if m.role == "assistant" else ""
        print(f"--- {who}{version}\n{text_for(sys.stdout, m.content.rstrip())}\n")
    for child in runtime.chats.continuations(chat.id):
        print(f"Continued in → {shown(child.name)}")
    return EXIT_OK

