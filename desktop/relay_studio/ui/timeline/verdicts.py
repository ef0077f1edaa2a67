"""A review's verdict in words, in the window's language: what a reviewer's lane on the timeline says in
its label and tooltip, and what the detail pane says of the review (``reviews.Review``). The words and a
mark go with the status colour, so colour is never the only sign of how a review went."""

from __future__ import annotations

from PySide6.QtCore import QObject

from relay_studio.ui import i18n
from relay_studio.ui.timeline.reviews import Review

# A mark before the verdict's words (the words carry the meaning; the mark helps a scan down the lanes)
MARKS = {"reviewing": "…", "passed": "✓", "warning": "⚠", "conflict": "✗", "failed": "✗", "cancelled": "–"}


class ReviewWords(QObject):
    """The verdict's words (a QObject for ``self.tr``: its plurals are looked up under this class)."""

    def verdict(self, review: Review) -> str:
        """"passed", "warning · 2 issues", "conflict · 1 issue", "failed", "cancelled" or "reviewing…"."""
        if review.verdict == "passed":
            return self.tr("passed")
        if review.verdict == "warning":
            return self.tr("warning · %n issue(s)", "", review.issues)
        if review.verdict == "conflict":
            return self.tr("conflict · %n issue(s)", "", review.issues)
        if review.verdict == "failed":
            return self.tr("failed")
        if review.verdict == "cancelled":
            return self.tr("cancelled")
        return self.tr("reviewing…")

    def marked(self, review: Review) -> str:
        """The verdict with its mark: what the lane's label shows under the reviewer's name."""
        return f"{MARKS.get(review.verdict, '')} {self.verdict(review)}".strip()

    def subject(self, review: Review) -> str:
        if review.kind == "rules":
            return self.tr("Rules review")
        if review.name:
            return i18n.arg(self.tr("Consistency review of “%1”"), review.name)
        return self.tr("Consistency review")

    def headline(self, review: Review, reviewer: str) -> str:
        """"Consistency review of “Mira” by Consistency Reviewer: conflict · 2 issues"."""
        return i18n.arg(self.tr("%1 by %2: %3"), self.subject(review), reviewer, self.verdict(review))

    def tooltip(self, review: Review, reviewer: str) -> str:
        """The headline; for a failed review also why, as the journal says it (and its code)."""
        if review.verdict != "failed":
            return self.headline(review, reviewer)
        why = f"{review.message} ({review.error_code})" if review.message else review.error_code
        return self.headline(review, reviewer) + ("\n" + why if why else "")

