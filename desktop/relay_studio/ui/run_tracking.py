"""What the hub (``ui/studio.py``) keeps of each run it drives: its patch proposals waiting for the creator
(``PendingApproval``) and what the status bar shows of it (``RunStats``, folded from its journal)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from relay_studio.domain import event_types as ev
from relay_studio.domain.approvals import ApprovalDecision, ApprovalRequest
from relay_studio.domain.event_payloads import RunForecast
from relay_studio.domain.events import Event
from relay_studio.domain.run_folds import add_usage, foreground_agent


@dataclass(eq=False)
class PendingApproval:
    """One patch proposal and the future its run is waiting on."""

    request: ApprovalRequest
    future: asyncio.Future[ApprovalDecision]
    decided: ApprovalDecision | None = None

    def decide(self, decision: ApprovalDecision) -> None:
        if not self.future.done():
            self.decided = decision
            self.future.set_result(decision)


@dataclass
class RunStats:
    """What the status bar shows of a run, folded from its journal."""

    run_id: str
    agent: str = ""
    status: str = "created"
    input_tokens: int = 0
    output_tokens: int = 0
    estimated: bool = False
    """Some of the counts are the studio's estimate (a server sent none): shown with "~"."""
    started: float = field(default=0.0)
    ended: float | None = None
    forecast: RunForecast | None = None
    """What the run was forecast to take before Send (``run_forecast``), shown against what it used."""

    def fold(self, event: Event) -> None:
        """Takes in one journal event of the run."""
        agent = foreground_agent(event)
        if agent is not None:
            self.agent = agent
        elif event.type == ev.STATUS_CHANGED:
            self.status = str(event.payload.get("to", self.status))
        else:
            add_usage(self, event)
