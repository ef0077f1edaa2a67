"""The events list's columns: every event seen, kept as compact per-event lists (seq i is row i-1) rather
than as events, so a 100,000-event run costs a few lists. Pure Python (no Qt)."""

from __future__ import annotations

from relay_studio.domain.events import Event
from relay_studio.ui.timeline.sentences import sentence, sentence_words
from relay_studio.ui.timeline.summaries import SUMMARY_WORDS, error_code, summarize


class EventIndex:
    """Compact columns of every event seen (seq i is row i-1): type, invocation, level, time, sentence, summary."""

    def __init__(self, words: dict[str, str] | None = None) -> None:
        # the summaries' and sentences' words (English, or translated by the events list)
        self.words = words if words is not None else {**SUMMARY_WORDS, **sentence_words()}
        self.types: list[str] = []
        self.invocations: list[str] = []
        self.errors: list[bool] = []
        self.times: list[float] = []
        self.summaries: list[str] = []
        self.sentences: list[str] = []
        self.codes: dict[int, str] = {}
        self._intern: dict[str, str] = {}

    def __len__(self) -> int:
        return len(self.types)

    def add(self, event: Event, t: float, agent: str = "") -> None:
        """Adds ``event`` (``agent``: the name of the agent whose event it is, where known)."""
        intern = self._intern
        self.types.append(intern.setdefault(event.type, event.type))
        inv = event.invocation_id or ""
        self.invocations.append(intern.setdefault(inv, inv))
        code = error_code(event)
        failed = code is not None or event.level.value == "error"
        self.errors.append(failed)
        if code:
            self.codes[event.seq] = code
        self.times.append(t)
        self.summaries.append(summarize(event, self.words))
        said = sentence(event, agent, self.words)
        self.sentences.append(intern.setdefault(said, said))  # most repeat ("Writer used the tool …"): kept once
