"""The continuity check for the window (docs/canon.md, "Continuity check"): the continuity dialog's and the
after-commit check's reads on the hub's reader lane (off the GUI thread), each arriving as an ``Outcome``, and
their writes (a check's journal entries, a finding marked intentional, the after-commit setting) as changes on the
writer lane (``ops.change``: the runtime's connection, where every other write of the window goes). One of the
studio's operations: views call it as ``studio.continuity``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QObject

from relay_studio.canon.continuity_run import CheckReport, journal_report, project_chapters, rules_report
from relay_studio.canon.continuity_text import Chapter
from relay_studio.domain import tool_names as tn
from relay_studio.domain.canon import CanonFact, ContinuityFinding, FactStatus
from relay_studio.domain.profile import AgentProfile
from relay_studio.store.canon import CanonStore
from relay_studio.store.chats import ChatStore
from relay_studio.store.continuity import ContinuityStore, IntentionalMark
from relay_studio.store.database import DEFAULT_PROJECT_ID
from relay_studio.ui.background import Done
from relay_studio.ui.operations.changes import Changes

if TYPE_CHECKING:
    from relay_studio.runtime.engine import RunHandle, Runtime
    from relay_studio.ui.background import Outcome
    from relay_studio.ui.operations.hub import StudioHub
    from relay_studio.ui.operations.ops import ReadStores


T = TypeVar("T")

#: What every agent of a fix run asks about before it writes, whatever its profile says: the creator approves the
#: fix in the patch dialog.
FIX_APPROVAL = (tn.WORKSPACE_WRITE_FILE, tn.WORKSPACE_APPLY_PATCH)


def fixers(profiles: dict[str, AgentProfile]) -> list[AgentProfile]:
    """The agents a finding can be sent to: those a run may start with that write files."""
    return [p for p in profiles.values() if p.run.direct_runnable and any(t in p.tools.allow for t in FIX_APPROVAL)]


def fix_profiles(profiles: dict[str, AgentProfile]) -> dict[str, AgentProfile]:
    """The catalogue for one fix run: every agent's file writes wait for the creator's approval."""
    def asking(p: AgentProfile) -> AgentProfile:
        ask = list(dict.fromkeys([*p.tools.require_approval, *FIX_APPROVAL]))
        return p.model_copy(update={"tools": p.tools.model_copy(update={"require_approval": ask})})
    return {pid: asking(p) for pid, p in profiles.items()}


@dataclass(frozen=True)
class ReviewInput:
    """What the continuity reviewer reads: the chat's chapters, the active facts, and the marked keys."""

    chapters: list[Chapter]
    facts: list[CanonFact]
    intentional: set[str]


def _check(stores: ReadStores, project_id: str, chat_id: str) -> CheckReport:
    return rules_report(stores.db, project_id, chat=chat_id)


def _review_input(stores: ReadStores, project_id: str, chat_id: str) -> ReviewInput:
    return ReviewInput(chapters=project_chapters(ChatStore(stores.db), project_id, chat_id)[1],
                       facts=CanonStore(stores.db).facts(project_id, status=FactStatus.ACTIVE),
                       intentional=ContinuityStore(stores.db).intentional_keys(project_id))


def _journal(runtime: Runtime, report: CheckReport) -> CheckReport:
    journal_report(runtime.db, report)
    return report


def _mark(runtime: Runtime, project_id: str, finding: ContinuityFinding, reason: str) -> IntentionalMark:
    return ContinuityStore(runtime.db).mark_intentional(project_id, finding, reason)


def _after_commit(stores: ReadStores, run_id: str) -> CheckReport | None:
    """The rules over the committed chat when its project's setting is on (trigger ``commit``; journaled by the
    caller, as a change)."""
    run = stores.runs.run(run_id)
    chat = ChatStore(stores.db).chat(run.chat_id) if run is not None else None
    if chat is None:
        return None
    project_id = chat.project_id or DEFAULT_PROJECT_ID
    if not ContinuityStore(stores.db).checks_after_commit(project_id):
        return None
    return rules_report(stores.db, project_id, chat=chat.id, trigger="commit")


def _set_after_commit(runtime: Runtime, project_id: str, on: bool) -> bool:
    ContinuityStore(runtime.db).set_checks_after_commit(project_id, on)
    return on


def _logged_only(_line: str) -> None:
    """A failed journal entry of a reviewer's report: logged by the presenter, shown nowhere (the findings are
    already in the dialog)."""


def _journaled(report: CheckReport) -> Changes:
    """A check after a commit is what the Canon tab's line says ("Last checked after a commit …"): a change of
    the project's canon; a check the creator asked for in the dialog changes nothing a view shows."""
    return Changes.of(canon=report.project_id) if report.trigger == "commit" else Changes()


def _nothing(_result: object) -> Changes:
    """A check's journal entries and an intentional mark change nothing a view shows of its own accord."""
    return Changes()


class ContinuityOperations:
    """Each read runs on the reader lane, its ``Outcome`` to the caller's ``deliver``; each write (a report's
    journal entries, a mark, the setting) is a change on the writer lane (docs/data-flow.md)."""

    def __init__(self, hub: StudioHub) -> None:
        self.hub = hub

    def check(self, project_id: str, chat_id: str, deliver: Callable[[Outcome[CheckReport]], None]) -> None:
        """The rules over the chat (read on the reader lane), then journaled (a change)."""
        self.hub.ops.query_outcome(partial(_check, project_id=project_id, chat_id=chat_id),
                                   partial(self._journal_then, deliver), key=("continuity", chat_id))

    def review_input(self, project_id: str, chat_id: str, deliver: Callable[[Outcome[ReviewInput]], None]) -> None:
        self.hub.ops.query_outcome(partial(_review_input, project_id=project_id, chat_id=chat_id), deliver,
                                   key=("continuity-review", chat_id))

    def journal(self, report: CheckReport) -> None:
        """Journals a reviewer's findings and dropped findings (a change); nothing to wait for."""
        self.hub.ops.change(None, partial(_journal, report=report), _nothing, show=_logged_only)

    def mark_intentional(self, owner: QObject, project_id: str, finding: ContinuityFinding, reason: str,
                         then: Callable[[IntentionalMark], None], show: Callable[[str], None]) -> None:
        """Keeps ``finding`` as intentional with ``reason`` (a change); a failure is said by ``show``."""
        self.hub.ops.change(owner, partial(_mark, project_id=project_id, finding=finding, reason=reason), _nothing,
                            then, show=show)

    def after_commit(self, run_id: str, seq: int, deliver: Callable[[Outcome[CheckReport | None]], None]) -> None:
        """The rules over a committed chat when its project asks for them (a query), journaled (a change)."""
        self.hub.ops.query_outcome(partial(_after_commit, run_id=run_id), partial(self._journal_then, deliver),
                                   key=("continuity-after-commit", run_id, seq))

    def _journal_then(self, deliver: Callable[[Outcome[T]], None], outcome: Outcome[T]) -> None:
        """A check's report, read on the reader lane, journaled on the writer lane before ``deliver`` hears it;
        a report the journal refused is still delivered (the check advises; the presenter logs why)."""
        report = outcome.value if isinstance(outcome, Done) else None
        if not isinstance(report, CheckReport):
            deliver(outcome)
            return
        self.hub.ops.change(None, partial(_journal, report=report), _journaled,
                            lambda _report: deliver(outcome), show=lambda _line: deliver(outcome))

    def set_after_commit(self, owner: QObject, project_id: str, on: bool, show: Callable[[str], None]) -> None:
        """The project's setting "check continuity after each commit", saved as a change of its canon settings
        (the Canon panel reads it again); a failure is said by ``show``."""
        self.hub.ops.change(owner, partial(_set_after_commit, project_id=project_id, on=on),
                            lambda _on: Changes.of(canon=project_id), show=show)

    async def start_fix(self, *, chat_id: str, project_id: str, agent_id: str, brief: str,
                        revise: str | None = None) -> RunHandle:
        """A run of ``agent_id`` in the chat asked ``brief``, whose file writes wait in the patch dialog
        (``fix_profiles``, for this run only). With ``revise`` (the chapter's message) the run revises it: it reads
        the chapter's text and its commit becomes that message's newest version (``runtime/revision.py``);
        without, it answers as a new message. Raises ``RunRequestError`` when it cannot start."""
        runtime = self.hub.runtime
        profiles = fix_profiles(runtime.profiles())
        handle = await runtime.start_run(agent_id=agent_id, prompt=brief, chat=chat_id, profiles=profiles,
                                         provider_for=self.hub.providers.provider_for_run(demo=False),
                                         approver=self.hub.approve, project_id=project_id, revise_of=revise)
        self.hub.track(handle, profiles[agent_id].display_name)
        return handle
