"""Mention counts for the codex: in how many messages of the project's chats each entry is mentioned,
by the same rule that brings entries into a stage's prompt (``library.mentions``). Qt-free, so the dock
runs it on a worker thread.

``MentionTally`` keeps the counts up to date incrementally: it remembers which entries each message
mentions and when the message last changed, and on each ``update`` matches only the messages that are new
or changed since (a run's question and answer, an edit), and drops the ones deleted. A change of the entries
themselves (a save, a removal, an import) matches only the entries that changed against the messages' texts it
kept; the others keep their counts. A book of 5,000 messages costs a full count once, then milliseconds per chat
change, run end or entry saved (bench/book_scale.py)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

from relay_studio.give_way import give_way
from relay_studio.library.entries import LibraryEntry
from relay_studio.library.mentions import MentionFinder, is_mentioned


def mentioned(entries: Sequence[LibraryEntry], text: str) -> list[str]:
    """The names of the ``entries`` that ``text`` mentions (by name or alias, plurals, CJK, exclusions, keys
    turned off, secondary keys)."""
    lowered = text.lower()
    return [entry.name for entry in entries if is_mentioned(entry, text, lowered=lowered)]


class MentionMatcher:
    """``mentioned`` for many texts over the same entries, faster: the chat's ``MentionFinder`` index picks the
    few candidates a text's words allow, and the prompt's rule (``is_mentioned``) decides each. The same answers
    as ``mentioned`` (tests/unit/test_mention_tally.py). The count before it tried each name's first four
    letters anywhere in the text, which was slower and missed plurals that change a name's last letter
    (City → cities)."""

    def __init__(self, entries: Sequence[LibraryEntry]) -> None:
        self.entries = tuple(entries)
        self._finder = MentionFinder(self.entries)

    def mentioned(self, text: str) -> list[str]:
        lowered = text.lower()
        return [self.entries[i].name for i in self._finder.candidates(lowered, text)
                if is_mentioned(self.entries[i], text, lowered=lowered)]


def mention_counts(entries: Sequence[LibraryEntry], texts: Sequence[str]) -> dict[str, int]:
    """Entry name → number of ``texts`` that mention it (every entry tried on every text: the reference the
    tests hold ``MentionTally`` to)."""
    counts = {e.name: 0 for e in entries}
    for text in texts:
        for name in mentioned(entries, text):
            counts[name] += 1
    return counts


#: at most this many entries changed: each is tried on every counted text by the rule itself (a substring test
#: per name and text rules most texts out); more (an import): the changed entries' own ``MentionMatcher``
FEW_ENTRIES = 16


class MentionTally:
    """The counts of one project, kept from one ``update`` to the next; one thread at a time uses it (the
    codex's counting lane). It keeps the text of each message it counted, so that an entry saved, removed or
    imported is counted against them alone: only the entries that changed are matched, never every entry."""

    def __init__(self, project_id: str) -> None:
        self.project_id = project_id
        self._matcher = MentionMatcher(())
        self._known: dict[str, LibraryEntry] = {}  # entry name -> the entry as counted
        self._stamps: dict[str, str] = {}  # message id -> its updated_at when counted
        self._texts: dict[str, str] = {}  # message id -> its text when counted
        self._names: dict[str, list[str]] = {}  # message id -> the entries it mentions
        self.counts: dict[str, int] = {}
        self.matched = 0  # messages matched by the last update (the tests read it)
        self.entries_matched = 0  # entries matched against the counted messages by the last update (the tests)

    def update(self, entries: Sequence[LibraryEntry], stamps: Mapping[str, str],
               texts_of: Callable[[Collection[str]], Mapping[str, str]]) -> dict[str, int]:
        """Brings the counts up to ``entries`` and ``stamps`` (every message's id and when it last changed);
        ``texts_of`` reads the texts of the messages to match. Returns entry name → count."""
        self.entries_matched = 0
        if tuple(entries) != self._matcher.entries:
            self._take_entries(tuple(entries))
        for gone in [m for m in self._stamps if m not in stamps]:
            self._forget(gone)
        changed = [m for m, stamp in stamps.items() if self._stamps.get(m) != stamp]
        texts = texts_of(changed) if changed else {}
        for message_id in changed:
            give_way()  # a book's first count is ~130 ms of Python: the window's GUI thread goes first
            self._forget(message_id)
            text = texts.get(message_id)
            if text is None:  # deleted between the two reads: the next update sees it gone
                continue
            names = self._matcher.mentioned(text)
            self._stamps[message_id] = stamps[message_id]
            self._texts[message_id] = text
            self._names[message_id] = names
            for name in names:
                self.counts[name] += 1
        self.matched = len(changed)
        return dict(self.counts)

    def _take_entries(self, entries: tuple[LibraryEntry, ...]) -> None:
        """The entries changed: those removed or changed lose their counts, those new or changed are matched
        against the messages counted so far (their kept texts); the others keep theirs. Two entries of one name
        (files edited outside the app) make every message count again, as before."""
        self._matcher = MentionMatcher(entries)
        new = {e.name: e for e in entries}
        if len(new) != len(entries):
            self._known, self._stamps, self._texts, self._names = {}, {}, {}, {}
            self.counts = {e.name: 0 for e in entries}
            return
        changed = [e for name, e in new.items() if self._known.get(name) != e]
        dropped = {name for name in self._known if name not in new} | {e.name for e in changed}
        if dropped:
            for names in self._names.values():
                if not dropped.isdisjoint(names):
                    names[:] = [n for n in names if n not in dropped]
            for name in dropped:
                self.counts.pop(name, None)
        self.counts.update((e.name, 0) for e in changed)
        self._known = new
        self._match_entries(changed)

    def _match_entries(self, changed: Sequence[LibraryEntry]) -> None:
        if not changed or not self._texts:
            return
        self.entries_matched = len(changed)
        if len(changed) <= FEW_ENTRIES:
            def found(text: str) -> list[str]:
                lowered = text.lower()
                return [e.name for e in changed if is_mentioned(e, text, lowered=lowered)]
        else:
            found = MentionMatcher(changed).mentioned
        for message_id, text in self._texts.items():
            give_way()
            for name in found(text):
                self._names[message_id].append(name)
                self.counts[name] += 1

    def _forget(self, message_id: str) -> None:
        self._stamps.pop(message_id, None)
        self._texts.pop(message_id, None)
        for name in self._names.pop(message_id, ()):
            self.counts[name] -= 1
