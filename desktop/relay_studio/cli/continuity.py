"""``relay-studio continuity check|mark|after-commit``: the continuity check of a project (or one chat of it)
against its canon (docs/canon.md, "Continuity check").

- ``check [--project NAME] [--chat NAME] [--script FILE] [--facts FILE] [--json]``: the rules over every chapter
  (with ``--script``, the continuity reviewer too, on the scripted provider); prints each finding with its rule
  or reviewer, both quotes and where they stand, and the reviewer findings dropped with why. Exits 0 whatever it
  finds: the check advises.
- ``mark KEY --reason TEXT``: the finding with that key is intentional; it is never reported again.
- ``after-commit on|off``: the project's setting that runs the check after each commit.

Exit 2 with one line naming the problem and its code for bad input (an unknown chat, a facts file that is not
a list of facts, a mark without a reason or of an unknown key).
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from relay_studio.cli.exits import EXIT_OK, UsageError
from relay_studio.cli.projects import project_option

if TYPE_CHECKING:  # light at import: the parser is built from here for --help
    from relay_studio.canon.continuity_run import CheckReport
    from relay_studio.domain.canon import CanonFact, ContinuityFinding, QuotedPassage
    from relay_studio.runtime.engine import Runtime


def add_continuity_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    top = sub.add_parser("continuity", parents=[common], help="check the story against its canon")
    commands = top.add_subparsers(dest="continuity_command", required=True)
    check = commands.add_parser("check", parents=[common],
                                help="find contradictions between the chapters and the canon (exits 0)")
    project_option(check)
    check.add_argument("--chat", metavar="NAME", help="check this chat only (default: every chat of the project)")
    check.add_argument("--script", type=Path, help="also run the continuity reviewer, on the scripted provider "
                                                   "with this script (turns of 'continuity-reviewer')")
    check.add_argument("--review", action="store_true",
                       help="also run the continuity reviewer on each chapter, on its model (the default connection, "
                            "or --connection/--model)")
    check.add_argument("--connection", help="with --review: the connection the reviewer uses")
    check.add_argument("--model", help="with --review: the model the reviewer asks for")
    check.add_argument("--facts", type=Path, help="a JSON list of facts to check against instead of the canon")
    check.add_argument("--json", action="store_true")
    mark = commands.add_parser("mark", parents=[common], help="mark a finding intentional: never reported again")
    project_option(mark)
    mark.add_argument("key", help="the finding's key, as 'continuity check' prints it")
    mark.add_argument("--reason", required=True, help="why it is intentional (kept with it)")
    mark.add_argument("--json", action="store_true")
    after = commands.add_parser("after-commit", parents=[common],
                                help="run the check after each commit in this project (advises, never blocks)")
    project_option(after)
    after.add_argument("state", choices=("on", "off"))


def _coded(exc: Exception) -> UsageError:
    code = getattr(exc, "code", "")
    return UsageError(f"{getattr(exc, 'message', str(exc))} [{code}]")


def read_facts(path: Path, project_id: str) -> list[CanonFact]:
    """A facts file: a JSON list of facts as the canon holds them (``id`` and ``projectId`` may be left out)."""
    from pydantic import ValidationError

    from relay_studio.domain import error_codes as codes
    from relay_studio.domain import json_input
    from relay_studio.domain.canon import CanonFact
    from relay_studio.domain.coded_error import CodedError
    from relay_studio.domain.validation import first_problem

    def bad(why: str) -> CodedError:
        return CodedError(codes.CONTINUITY_BAD_FACTS, f"The facts file '{path.name}' {why}.")

    try:  # the checked reader: a size and depth limit, UTF-8, strict JSON (as profiles and scripts are read)
        data = json_input.read_json(path, "facts file", json_input.MAX_SCRIPT_BYTES)
    except json_input.InputRejected as exc:
        raise CodedError(exc.code, exc.message) from None
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise bad("is not a list of facts")
    try:
        return [CanonFact.model_validate({"id": f"file-{n}", "project_id": project_id, **item})
                for n, item in enumerate(data, start=1)]
    except ValidationError as exc:
        raise bad(f"has a fact that is not valid: {first_problem(exc, 'fact').line()}") from None


def run_continuity(args: argparse.Namespace, runtime: Runtime) -> int:
    from relay_studio.domain.coded_error import CodedError

    try:
        if args.continuity_command == "check":
            return _check(args, runtime)
        if args.continuity_command == "mark":
            return _mark(args, runtime)
        return _after_commit(args, runtime)
    except CodedError as exc:
        raise _coded(exc) from None


def _connected_reviewer(args: argparse.Namespace, runtime: Runtime, profile: Any) -> Any:
    """The reviewer on the creator's connections, bound as ``relay-studio run`` binds a profile."""
    from relay_studio.canon.continuity_run import ReviewerBinding
    from relay_studio.providers.factory import CLI_ADD_HINT, ProfileProviders
    from relay_studio.store.connections import ConnectionStore

    providers = ProfileProviders(ConnectionStore(runtime.db), runtime.data_dir, add_hint=CLI_ADD_HINT,
                                 connection=args.connection, model=args.model)
    return ReviewerBinding(providers(profile), profile, model=args.model or profile.model.model or "default")


def _reviewer(args: argparse.Namespace, runtime: Runtime) -> Any:
    from relay_studio.canon.continuity_run import ReviewerBinding
    from relay_studio.canon.reviewer import REVIEWER_ID
    from relay_studio.domain import json_input
    from relay_studio.providers.scripted import ScriptedProvider, ScriptError, load_script
    from relay_studio.runtime.profile_catalog import builtin_profiles

    [profile] = [p for p in builtin_profiles() if p.id == REVIEWER_ID]
    if args.script is None:
        return _connected_reviewer(args, runtime, profile) if args.review else None
    try:
        script = load_script(json_input.read_json(args.script, "script", json_input.MAX_SCRIPT_BYTES))
    except json_input.InputRejected as exc:
        raise UsageError(f"{exc.message} [{exc.code}]") from None
    except ScriptError as exc:
        raise UsageError(str(exc)) from None
    return ReviewerBinding(ScriptedProvider(script), profile, model="scripted")


def _check(args: argparse.Namespace, runtime: Runtime) -> int:
    from relay_studio.canon.continuity_run import check_project

    facts = read_facts(args.facts, args.project_id) if args.facts is not None else None
    report = asyncio.run(check_project(runtime.db, args.project_id, chat=args.chat, facts=facts,
                                       reviewer=_reviewer(args, runtime)))
    if args.json:
        print(json.dumps(report_json(report), ensure_ascii=False, indent=1))
    else:
        print(report_text(report))
    return EXIT_OK


def report_json(report: CheckReport) -> dict[str, Any]:
    return {"projectId": report.project_id, "chats": report.chats, "chapters": report.chapters,
            "words": report.words, "facts": report.facts, "intentional": report.intentional,
            "findings": [f.model_dump(mode="json") for f in report.findings],
            "dropped": [{"chatId": c.chat_id, "chat": c.chat_name, "chapter": c.number, "code": d.code,
                         "reason": d.reason, "textQuote": d.text_quote, "evidenceQuote": d.evidence_quote,
                         "explanation": d.explanation} for c, d in report.dropped],
            "reviews": [{"chatId": r.chapter.chat_id, "chapter": r.chapter.number, "findings": len(r.findings),
                         "dropped": len(r.dropped), "errorCode": r.error_code, "message": r.error_message}
                        for r in report.reviews]}


def where(passage: QuotedPassage) -> str:
    place = passage.place
    if place.chapter is not None and place.message_id is not None:
        text = f"{place.chat_name or 'chat'}, chapter {place.chapter}"
        return text + (" (the fact's source)" if place.fact_id else "")
    return "the canon (the fact's own words)"


def finding_text(n: int, finding: ContinuityFinding) -> list[str]:
    from relay_studio.domain.safe_text import for_terminal

    return [f"{n}. [{finding.found_by}] {for_terminal(finding.summary, None)}",
            f"   text:     {where(finding.text)}: \"{for_terminal(finding.text.quote, None)}\"",
            f"   evidence: {where(finding.evidence)}: \"{for_terminal(finding.evidence.quote, None)}\"",
            f"   key:      {finding.key}"]


def report_text(report: CheckReport) -> str:
    from relay_studio.domain.safe_text import for_terminal

    chats = ", ".join(f"'{for_terminal(c)}'" for c in report.chats) or "no chat"
    lines = [f"Checked {report.chapters} chapters ({report.words:,} words) of {chats} against {report.facts} "
             f"facts: {len(report.findings)} findings"
             + (f", {report.intentional} marked intentional left out" if report.intentional else "") + "."]
    for n, finding in enumerate(report.findings, start=1):
        lines += finding_text(n, finding)
    for review in report.reviews:
        if review.error_code:
            lines.append(f"The review of chapter {review.chapter.number} gave nothing: {review.error_message} "
                         f"[{review.error_code}]")
    if report.dropped:
        lines.append(f"Dropped {len(report.dropped)} reviewer findings whose quotes are not word for word in the "
                     f"text:")
        for chapter, dropped in report.dropped:
            lines.append(f"- chapter {chapter.number}: {dropped.reason} \"{for_terminal(dropped.text_quote, None)}\" "
                         f"[{dropped.code}]")
    return "\n".join(lines)


def _mark(args: argparse.Namespace, runtime: Runtime) -> int:
    from relay_studio.canon.continuity_run import find_finding
    from relay_studio.store.continuity import ContinuityStore

    finding = find_finding(runtime.db, args.project_id, args.key)
    mark = ContinuityStore(runtime.db).mark_intentional(args.project_id, finding, args.reason)
    if args.json:
        print(json.dumps(mark.__dict__, ensure_ascii=False))
    else:
        print(f"Marked intentional: {finding.summary} It will not be reported again.")
    return EXIT_OK


def _after_commit(args: argparse.Namespace, runtime: Runtime) -> int:
    from relay_studio.store.continuity import ContinuityStore

    ContinuityStore(runtime.db).set_checks_after_commit(args.project_id, args.state == "on")
    print("The continuity check runs after each commit in this project; it advises, it never blocks."
          if args.state == "on" else "The continuity check no longer runs after each commit.")
    return EXIT_OK
