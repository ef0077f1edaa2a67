"""``relay-studio runs show RUN_ID`` (a run's stages, numbered from 1, and where a fork came from) and
``relay-studio runs fork RUN_ID --at N``: rerun a relay from a stage (docs/fork.md)."""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Any

from relay_studio.cli.exits import EXIT_OK, UsageError


def add_runs_subcommands(runs: argparse.ArgumentParser, common: argparse.ArgumentParser) -> None:
    """``runs`` alone (and ``runs list``) lists runs; ``runs show`` and ``runs fork`` are added here."""
    sub = runs.add_subparsers(dest="runs_command", metavar="SUBCOMMAND")
    listing = sub.add_parser("list", parents=[common], help="list runs (as 'runs' alone)")
    listing.add_argument("--json", action="store_true")
    show = sub.add_parser("show", parents=[common], help="a run's stages, numbered from 1, and its forks")
    show.add_argument("run_id")
    show.add_argument("--json", action="store_true")
    fork = sub.add_parser("fork", parents=[common],
                          help="rerun a run from stage N in a new run of the same chat (the workspace as it was)")
    fork.add_argument("run_id")
    fork.add_argument("--at", type=int, required=True, metavar="N", help="the stage to rerun from (1 is the first)")
    fork.add_argument("--agent", help="another agent for that stage (a handoff target there)")
    fork.add_argument("--brief-file", type=Path, metavar="FILE",
                      help="the stage's new brief: a JSON handoff brief, or plain text for its objective "
                           "(stage 1: the creator's message)")
    fork.add_argument("--profiles", type=Path, help="folder of *.json profiles loaded over the run's own")
    models = fork.add_mutually_exclusive_group()
    models.add_argument("--script", type=Path, help="bind every profile to the scripted provider with this script")
    models.add_argument("--connection", help="bind every profile to this connection")
    fork.add_argument("--model", help="with --connection: the model to use")
    fork.add_argument("--jsonl", action="store_true", help="print each journal event as one JSON line")
    fork.add_argument("--approve", choices=["none", "all"], default="none",
                      help="answer to changes a profile wants approved; default: decline")


def show_json(runtime: Any, run_id: str) -> dict[str, Any]:
    from relay_studio.runtime.checkpoints import fork_origin, stages

    record = runtime.runs.run(run_id)
    seen = runtime.runs.as_seen(record)
    origin = fork_origin(runtime.runs, run_id)
    forks = []
    for other in runtime.runs.runs(record.chat_id, limit=10_000):
        o = fork_origin(runtime.runs, other.id)
        if o is not None and o.run_id == run_id:
            forks.append({"runId": other.id, "stage": o.stage, "status": runtime.runs.as_seen(other).status.value})
    chat = runtime.chats.chat(record.chat_id)
    return {
        "runId": run_id, "chatId": record.chat_id, "chatName": chat.name if chat else None,
        "status": seen.status.value, "agentId": record.root_profile_id, "userText": record.user_text,
        "forkedFrom": {"runId": origin.run_id, "stage": origin.stage} if origin else None,
        "stages": [s.as_json() for s in stages(runtime.runs, run_id)],
        "forks": sorted(forks, key=lambda f: (f["stage"], f["runId"])),
    }


def cmd_runs_show(args: argparse.Namespace, runtime: Any) -> int:
    from relay_studio.cli.runs import need_run
    from relay_studio.domain.safe_text import for_terminal as shown

    need_run(runtime, args.run_id)
    data = show_json(runtime, args.run_id)
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return EXIT_OK
    print(f"run {data['runId']}  {data['status']}  chat {shown(data['chatName'] or data['chatId'])}")
    if data["forkedFrom"]:
        print(f"forked from {data['forkedFrom']['runId']} at stage {data['forkedFrom']['stage']}")
    for s in data["stages"]:
        inherited = f"  (run {s['runId']})" if "runId" in s else ""
        print(f"  {s['stage']:>2}  {shown(s['agentId']):<16} {s['status']:<12}{inherited}")
    for f in data["forks"]:
        print(f"  fork at stage {f['stage']}: {f['runId']} ({f['status']})")
    return EXIT_OK


def _brief(path: Path | None) -> dict[str, Any] | str | None:
    if path is None:
        return None
    from relay_studio.domain import json_input

    try:
        text = json_input.read_text(path, "brief file", json_input.MAX_PROFILE_BYTES)
    except json_input.InputRejected as exc:
        raise UsageError(f"{exc.message} [{exc.code}]") from None
    try:
        value = json_input.loads(text, f"The brief file {path.name}")
    except json_input.InputRejected as exc:
        if exc.code == json_input.INVALID_JSON:
            return text.strip()  # a brief in plain words
        raise UsageError(f"{exc.message} [{exc.code}]") from None
    if isinstance(value, dict):
        return value
    return text.strip()


def cmd_runs_fork(args: argparse.Namespace, runtime: Any, extra: list[Any]) -> int:
    from relay_studio.cli.runs import _approver, _follow, provider_for
    from relay_studio.runtime.fork import ForkRequest

    if args.model is not None and args.connection is None:
        raise UsageError("--model needs --connection: the model is one of that connection's.")
    brief = _brief(args.brief_file)
    request = ForkRequest(args.run_id, args.at, args.agent, brief, connection=args.connection, model=args.model)
    providers = provider_for(args, runtime)
    profiles = {p.id: p for p in extra} if extra else None
    approver = _approver(args)
    return asyncio.run(_follow(args, runtime, lambda: runtime.fork_run(
        request, provider_for=providers, profiles=profiles, approver=approver)))
