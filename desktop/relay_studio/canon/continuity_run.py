"""The continuity check of a project (or one chat of it) on the store: the chapters read from the chats (chapter
N is a chat's N-th answer, as the manuscript export numbers them), the active facts from the canon ledger (or
given), the rules, optionally the continuity reviewer on each chapter, and the journal (``continuity_log``):
each check, each finding, each reviewer finding dropped with why, each failed review.

    report = await check_project(db, project_id, chat="Book", reviewer=ReviewerBinding(provider, profile))
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field

from relay_studio.canon.continuity import check
from relay_studio.canon.continuity_text import Chapter
from relay_studio.canon.reviewer import DroppedFinding, ReviewOutcome, review_chapter
from relay_studio.domain import error_codes as codes
from relay_studio.domain.canon import CanonFact, ContinuityFinding, FactStatus
from relay_studio.domain.coded_error import CodedError
from relay_studio.domain.profile import AgentProfile
from relay_studio.domain.records import ChatRecord
from relay_studio.manuscript.structure import answers_of
from relay_studio.providers.base import ModelProvider
from relay_studio.store.canon import CanonStore
from relay_studio.store.chats import ChatStore
from relay_studio.store.continuity import ContinuityStore
from relay_studio.store.database import DEFAULT_PROJECT_ID, Database


@dataclass(frozen=True)
class ReviewerBinding:
    """The continuity reviewer's profile, the provider it answers through and the model to ask for."""

    provider: ModelProvider
    profile: AgentProfile
    model: str = "default"


@dataclass
class CheckReport:
    project_id: str
    chats: list[str]
    chapters: int
    words: int
    facts: int
    findings: list[ContinuityFinding] = field(default_factory=list)
    dropped: list[tuple[Chapter, DroppedFinding]] = field(default_factory=list)
    reviews: list[ReviewOutcome] = field(default_factory=list)
    #: findings left out because the creator marked them intentional
    intentional: int = 0
    #: ``creator`` (asked for) or ``commit`` (the project's after-commit setting)
    trigger: str = "creator"


def chat_chapters(chats: ChatStore, chat: ChatRecord) -> list[Chapter]:
    return [Chapter(chat_id=chat.id, chat_name=chat.name, message_id=a.id, number=n, text=a.text)
            for n, a in enumerate(answers_of(chats.messages(chat.id)), start=1)]


def project_chapters(chats: ChatStore, project_id: str, chat: str | None = None) -> tuple[list[str], list[Chapter]]:
    """The chats checked (their names) and their chapters: the one named ``chat`` (a name in the project, or an
    id), else every chat of the project."""
    if chat is None:
        records = chats.chats(project_id)
    else:
        found = chats.chat_by_name(chat, project_id) or chats.chat(chat)
        if found is None or (found.project_id or DEFAULT_PROJECT_ID) != project_id:
            raise CodedError(codes.CONTINUITY_UNKNOWN_CHAT, f"There is no chat '{chat}' in this project.")
        records = [found]
    chapters = [c for record in records for c in chat_chapters(chats, record)]
    return [r.name for r in records], chapters


def _finding_payload(finding: ContinuityFinding) -> dict[str, object]:
    return finding.model_dump(mode="json")


@dataclass(frozen=True)
class _Inputs:
    """What a check reads from the store: the chats' names, their chapters, the facts, the marked keys."""

    names: list[str]
    chapters: list[Chapter]
    facts: list[CanonFact]
    intentional: set[str]

    def report(self, project_id: str, trigger: str, everything: list[ContinuityFinding]) -> CheckReport:
        kept = [f for f in everything if f.key not in self.intentional]
        return CheckReport(project_id=project_id, chats=self.names, chapters=len(self.chapters),
                           words=sum(len(c.text.split()) for c in self.chapters), facts=len(self.facts),
                           findings=kept, intentional=len(everything) - len(kept), trigger=trigger)


def _inputs(db: Database, project_id: str, chat: str | None, facts: Sequence[CanonFact] | None) -> _Inputs:
    names, chapters = project_chapters(ChatStore(db), project_id, chat)
    held = list(facts) if facts is not None else CanonStore(db).facts(project_id, status=FactStatus.ACTIVE)
    return _Inputs(names, chapters, held, ContinuityStore(db).intentional_keys(project_id))


def rules_report(db: Database, project_id: str, *, chat: str | None = None,
                 facts: Sequence[CanonFact] | None = None, trigger: str = "creator") -> CheckReport:
    """The rules' findings, without the reviewer and not journaled yet (``journal_report``): a window runs
    this on its reader thread."""
    given = _inputs(db, project_id, chat, facts)
    return given.report(project_id, trigger, check(given.facts, given.chapters))


async def check_project(db: Database, project_id: str, *, chat: str | None = None,
                        facts: Sequence[CanonFact] | None = None, reviewer: ReviewerBinding | None = None,
                        trigger: str = "creator", offload: bool = False) -> CheckReport:
    """Runs the rules (and the reviewer on each chapter, when given) and journals what it found. ``facts``
    replaces the ledger's (for a facts file); findings marked intentional are left out. ``offload`` runs the
    rules in a worker thread (they are pure; ~0.3 s for 100k words is too long for a window's loop)."""
    given = _inputs(db, project_id, chat, facts)
    everything = (await asyncio.to_thread(check, given.facts, given.chapters) if offload
                  else check(given.facts, given.chapters))
    report = given.report(project_id, trigger, everything)
    if reviewer is not None:
        await _review(report, reviewer, given.facts, given.chapters, given.intentional)
    journal_report(db, report)
    return report


async def _review(report: CheckReport, reviewer: ReviewerBinding, facts: Sequence[CanonFact],
                  chapters: Sequence[Chapter], intentional: set[str]) -> None:
    seen = {f.key for f in report.findings}
    for chapter in chapters:
        earlier = [c for c in chapters if c.chat_id == chapter.chat_id and c.number < chapter.number]
        outcome = await review_chapter(reviewer.provider, reviewer.profile, chapter, facts, earlier=earlier,
                                       model=reviewer.model)
        report.reviews.append(outcome)
        report.dropped += [(chapter, d) for d in outcome.dropped]
        for finding in outcome.findings:
            if finding.key in intentional:
                report.intentional += 1
            elif finding.key not in seen:
                seen.add(finding.key)
                report.findings.append(finding)


def journal_report(db: Database, report: CheckReport) -> None:
    """Journals the check: ``checked``, each finding, each dropped reviewer finding, each failed review."""
    entries: list[tuple[str, str | None, dict[str, object]]] = [
        ("checked", None, {"trigger": report.trigger, "chats": report.chats, "chapters": report.chapters,
                           "words": report.words, "facts": report.facts, "findings": len(report.findings),
                           "dropped": len(report.dropped), "intentional": report.intentional,
                           "reviewed": len(report.reviews)})]
    entries += [("finding", f.text.place.chat_id, _finding_payload(f)) for f in report.findings]
    entries += [("dropped", c.chat_id, {"chapter": c.number, "messageId": c.message_id, "code": d.code,
                                        "reason": d.reason, "textQuote": d.text_quote,
                                        "evidenceQuote": d.evidence_quote, "explanation": d.explanation})
                for c, d in report.dropped]
    entries += [("review_failed", r.chapter.chat_id, {"chapter": r.chapter.number, "code": r.error_code,
                                                       "message": r.error_message})
                for r in report.reviews if r.error_code]
    ContinuityStore(db).journal(report.project_id, entries)


def find_finding(db: Database, project_id: str, key: str) -> ContinuityFinding:
    """The finding with ``key``: from the rules run now, else the latest journaled (a reviewer's finding)."""
    for finding in check(CanonStore(db).facts(project_id, status=FactStatus.ACTIVE),
                         project_chapters(ChatStore(db), project_id)[1]):
        if finding.key == key:
            return finding
    for entry in reversed(ContinuityStore(db).log(project_id, "finding")):
        if entry.payload.get("key") == key:
            return ContinuityFinding.model_validate(entry.payload)
    raise CodedError(codes.CONTINUITY_UNKNOWN_FINDING,
                     f"No finding has the key '{key}': run the check again to see the current keys.")
