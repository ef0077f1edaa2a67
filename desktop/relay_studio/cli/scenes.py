"""``relay-studio scene new|enter|leave|say|break|presence|show|import|export``: scene chats with a cast
(docs/scenes.md).

Exit codes: 0 done, 2 bad usage or input (one line on stderr naming the problem, with its code; nothing written),
and for ``say`` the run's own exit code (3 failed, 4 partial, 130 cancelled).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from relay_studio.cli.exits import EXIT_OK, EXIT_USAGE, STATUS_EXIT, UsageError
from relay_studio.cli.projects import project_option
from relay_studio.domain.safe_text import for_terminal

if TYPE_CHECKING:  # light at import: the CLI's parser is built from here for --help and the window
    from relay_studio.domain.scenes import SceneRecord
    from relay_studio.runtime.engine import Runtime
    from relay_studio.runtime.scenes import Scenes


def _ids(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def add_scene_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    scene = subparsers.add_parser("scene", parents=[common], help="scene chats: a cast of characters, each knowing "
                                                                  "only what it witnessed")
    sub = scene.add_subparsers(dest="scene_command", required=True)

    def action(name: str, help_text: str) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = sub.add_parser(name, parents=[common], help=help_text)
        parser.add_argument("name", help="the scene chat's name")
        project_option(parser)
        parser.add_argument("--json", action="store_true", help="print the result as JSON")
        return parser

    new = action("new", "start a scene chat with a cast")
    new.add_argument("--cast", required=True, type=_ids, metavar="ID[,ID...]", help="the characters' profile ids")
    new.add_argument("--narrator", metavar="ID", help="a narrator or game master, who sees everything")
    for name, text in (("enter", "a character enters the scene"), ("leave", "a character leaves the scene")):
        action(name, text).add_argument("id", help="the character's profile id")
    say = action("say", "one turn: a character (or the narrator) speaks, as a run")
    who = say.add_mutually_exclusive_group(required=True)
    who.add_argument("--as", dest="as_id", metavar="ID", help="who speaks: a character present, or the narrator")
    who.add_argument("--next", action="store_true", help="whoever is next: the narrator's pick, else the round")
    say.add_argument("--prompt", help="the creator's stage direction, seen by everyone present")
    say.add_argument("--script", type=Path, help="bind every profile to the scripted provider with this script")
    say.add_argument("--connection", help="bind every profile to this connection")
    say.add_argument("--model", help="with --connection: the model to use")
    brk = action("break", "a scene break: the next scene starts")
    brk.add_argument("--present", type=_ids, metavar="ID[,ID...]", help="who is there when it opens")
    fix = action("presence", "correct who was present when a message was said")
    fix.add_argument("message_id")
    fix.add_argument("--present", type=_ids, required=True, metavar="ID[,ID...]")
    action("show", "the cast, who is present, and each message with who heard it")
    imp = sub.add_parser("import", parents=[common], help="a SillyTavern group chat as a scene")
    imp.add_argument("group", type=Path, help="the group file (groups/<id>.json)")
    imp.add_argument("chat", type=Path, help="its chat (group chats/<chat id>.jsonl)")
    project_option(imp)
    imp.add_argument("--json", action="store_true", help="print the result as JSON")
    exp = action("export", "a scene as a SillyTavern group file and its chat")
    exp.add_argument("--out", type=Path, required=True, metavar="DIR", help="the folder the two files go to")


def _shown(text: object) -> str:
    return for_terminal(text, None)


def _print(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2) if args.json else text)


def _scene_json(record: SceneRecord) -> dict[str, Any]:
    return record.model_dump(mode="json", by_alias=False)


def _scene_line(record: SceneRecord) -> str:
    narrator = f", narrator {record.narrator_id}" if record.narrator_id else ""
    return (f"{_shown(record.name)}: scene {record.scene}, cast {', '.join(record.cast)}{narrator}; present: "
            f"{', '.join(record.present) or 'nobody'}")


def run_scene(args: argparse.Namespace, runtime: Runtime) -> int:
    from relay_studio.domain.scenes import SceneError
    from relay_studio.library.entries import LibraryError
    from relay_studio.runtime.scenes import Scenes
    from relay_studio.store.projects import ProjectError

    try:
        project_id = runtime.projects.resolve(args.project).id
        return _run(args, Scenes(runtime), project_id)
    except (ProjectError, SceneError, LibraryError) as exc:
        sys.stderr.write(f"error: {_shown(exc.message)} [{exc.code}]\n")
        return EXIT_USAGE


def _run(args: argparse.Namespace, scenes: Scenes, project_id: str) -> int:
    command = args.scene_command
    if command == "say":
        return asyncio.run(_say(args, scenes, project_id))
    if command == "presence":
        line = scenes.correct(args.name, args.message_id, args.present, project_id)
        _print(args, line.model_dump(mode="json"), f"{line.message_id}: heard by {', '.join(line.audience)}")
        return EXIT_OK
    if command == "show":
        return _show(args, scenes, project_id)
    if command in ("import", "export"):
        return _group(args, scenes, project_id)
    record = {
        "new": lambda: scenes.new(args.name, args.cast, narrator=args.narrator, project_id=project_id),
        "enter": lambda: scenes.enter(args.name, args.id, project_id),
        "leave": lambda: scenes.leave(args.name, args.id, project_id),
        "break": lambda: scenes.next_scene(args.name, args.present, project_id),
    }[command]()
    _print(args, _scene_json(record), _scene_line(record))
    return EXIT_OK


def _show(args: argparse.Namespace, scenes: Scenes, project_id: str) -> int:
    record = scenes.get(args.name, project_id)
    everyone = [*record.cast, *([record.narrator_id] if record.narrator_id else [])]
    cast = [{"id": pid, "present": pid in record.present, "narrator": pid == record.narrator_id,
             "model": scenes.model_label(pid)} for pid in everyone]
    lines = scenes.store.lines(record.chat_id)
    said = [(m, lines[m.id]) for m in scenes.runtime.chats.messages(record.chat_id) if m.id in lines]
    rows = [{"messageId": m.id, "role": m.role, "speaker": line.speaker_id, "scene": line.scene, "kind": line.kind,
             "heardBy": line.audience, "text": m.content} for m, line in said]
    models = [f"  {c['id']}: {c['model']}" for c in cast]
    heard = [f"[{line.scene}] {line.speaker_id}: {_shown(m.content)}  (heard by {', '.join(line.audience)})"
             for m, line in said]
    text = "\n".join([_scene_line(record), *models, *heard])
    _print(args, {**_scene_json(record), "members": cast, "messages": rows}, text)
    return EXIT_OK


def _group(args: argparse.Namespace, scenes: Scenes, project_id: str) -> int:
    from relay_studio.runtime.scene_group import export_group, import_group, read_group_files

    if args.scene_command == "import":
        record = import_group(scenes.runtime, read_group_files(args.group, args.chat), source=args.group.name,
                              project_id=project_id)
        _print(args, _scene_json(record), _scene_line(record))
        return EXIT_OK
    record = scenes.get(args.name, project_id)
    files = export_group(scenes.runtime, record)
    try:
        args.out.mkdir(parents=True, exist_ok=True)
        group_path, chat_path = args.out / f"{record.name}.json", args.out / f"{record.name}.jsonl"
        group_path.write_text(json.dumps(files.group, ensure_ascii=False, indent=2), encoding="utf-8")
        chat_path.write_text(files.chat, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"Cannot write to {args.out}: {exc.strerror or exc}.") from None
    _print(args, {"group": str(group_path), "chat": str(chat_path)}, f"Wrote {group_path} and {chat_path}")
    return EXIT_OK


async def _say(args: argparse.Namespace, scenes: Scenes, project_id: str) -> int:
    from relay_studio.cli.runs import provider_for
    from relay_studio.runtime.engine import RunRequestError

    runtime = scenes.runtime
    try:
        providers = provider_for(args, runtime)
        handle = await scenes.say(args.name, provider_for=providers, as_id=args.as_id, prompt=args.prompt,
                                  project_id=project_id)
    except RunRequestError as exc:
        raise UsageError(f"{exc.message} [{exc.code}]") from None
    status = await handle.wait()
    scenes.get(args.name, project_id)  # the reply's presence is recorded
    reply = [m for m in runtime.chats.messages(handle.chat_id) if m.run_id == handle.run_id and m.role == "assistant"]
    context = handle.context.scene.context if handle.context.scene else {}
    speaker = context.get("speaker", "")
    data = {"runId": handle.run_id, "status": status.value, "speaker": speaker, "pickedBy": context.get("pickedBy"),
            "scene": context.get("scene"), "text": reply[-1].content if reply else None,
            "leftOut": context.get("leftOut", []), "entriesLeftOut": context.get("entriesLeftOut", [])}
    said = _shown(reply[-1].content) if reply else f"(no reply: the run ended {status.value})"
    _print(args, data, f"{speaker}: {said}\nrun {handle.run_id}")
    return STATUS_EXIT.get(status, EXIT_OK)
