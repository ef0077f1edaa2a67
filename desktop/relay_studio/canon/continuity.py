"""The continuity check without a model: every rule of ``continuity_rules`` over a project's active facts and
chapters, findings the creator marked intentional left out, each contradiction once.

    findings = check(facts, chapters, intentional={"rule:age_arithmetic:..."})
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from relay_studio.canon.continuity_rules import RULES
from relay_studio.canon.continuity_text import Chapter, active
from relay_studio.domain.canon import CanonFact, ContinuityFinding

__all__ = ["Chapter", "check"]


def check(facts: Sequence[CanonFact], chapters: Sequence[Chapter],
          intentional: Collection[str] = ()) -> list[ContinuityFinding]:
    """The findings of every rule, in rule order then text order; none whose key is in ``intentional``."""
    holding = active(facts)
    seen = set(intentional)
    findings = []
    for rule in RULES:
        for finding in rule(holding, chapters):
            if finding.key not in seen:
                seen.add(finding.key)
                findings.append(finding)
    return findings
