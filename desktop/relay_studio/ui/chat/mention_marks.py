"""Story library mentions in chat messages: found by the rule that brings entries into prompts
(``library.mentions.find_mentions``: names and aliases, English plurals, CJK without word boundaries,
case, exclusions), underlined as links ``entry:<path>`` in the message's document, and described in the
tooltip hovering shows.

``MentionIndex`` holds one project's entries and caches the mentions per text, so a card laid out again
(a theme change, Find, a reload) does not search again; a new index (the library changed) starts an
empty cache. bench/chat_mentions.py measures a long chat.
"""

from __future__ import annotations

import html
import re
from collections import OrderedDict
from collections.abc import Sequence
from urllib.parse import quote, unquote

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor, QTextDocument

from relay_studio.library.macros import MacroNames, shown_entry
from relay_studio.library.mentions import Mention, MentionFinder
from relay_studio.library.store import IndexedEntry
from relay_studio.ui.library.entry_types import type_label

HREF_PREFIX = "entry:"
CACHE_TEXTS = 2048
TOOLTIP_LINES = 4
TOOLTIP_CHARS = 360


_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")


def _utf16(text: str, index: int) -> int:
    """A Python string index as Qt's (UTF-16) position: characters past U+FFFF count twice there."""
    return index + len(_ASTRAL.findall(text, 0, index))


class MentionIndex:
    def __init__(self, project_id: str = "", entries: Sequence[IndexedEntry] = ()) -> None:
        self.project_id = project_id
        self.entries = list(entries)
        self.by_path = {item.path: item for item in self.entries}
        self._paths = {id(item.entry): item.path for item in self.entries}
        self._cache: OrderedDict[str, list[tuple[int, int, str]]] = OrderedDict()
        self._finder = MentionFinder([item.entry for item in self.entries])

    def spans(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, entry path) of every mention in ``text``, in order; cached per text."""
        if not self.entries or not text.strip():
            return []
        found = self._cache.get(text)
        if found is None:
            mentions: list[Mention] = self._finder.find(text)
            found = [(m.start, m.end, self._paths[id(m.entry)]) for m in mentions]
            self._cache[text] = found
            if len(self._cache) > CACHE_TEXTS:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(text)
        return found

    def mark(self, doc: QTextDocument, link: QColor, text_color: QColor) -> int:
        """Underlines every mention in ``doc`` as a link to its entry, in the colour of its text (else
        ``text_color``: a mention reads as text, not as a link) with the underline in ``link``; returns
        how many. Searched block by block, so a name never spans two paragraphs."""
        count = 0
        block = doc.begin()
        while block.isValid():
            text = block.text()
            for start, end, path in self.spans(text):
                cursor = QTextCursor(doc)
                cursor.setPosition(block.position() + _utf16(text, start))
                cursor.setPosition(block.position() + _utf16(text, end), QTextCursor.MoveMode.KeepAnchor)
                fmt = QTextCharFormat()
                fmt.setAnchor(True)
                fmt.setAnchorHref(HREF_PREFIX + quote(path))
                fmt.setFontUnderline(True)
                fmt.setUnderlineColor(link)
                brush = cursor.charFormat().foreground()
                fmt.setForeground(brush if brush.style() != Qt.BrushStyle.NoBrush else text_color)
                cursor.mergeCharFormat(fmt)
                count += 1
            block = block.next()
        return count

    def entry_for(self, href: str) -> IndexedEntry | None:
        if not href.startswith(HREF_PREFIX):
            return None
        return self.by_path.get(unquote(href[len(HREF_PREFIX):]))


def entry_tooltip(item: IndexedEntry, names: MacroNames | None = None) -> str:
    """The hover card: name, type, other names, the description's first lines (SillyTavern's {{user}} and
    {{char}} filled with ``names``, the entry's own character for ``{{char}}`` when it has one)."""
    entry = item.entry if names is None else shown_entry(item.entry, names)
    translate = QCoreApplication.translate  # pyside6-lupdate reads translate("MentionTooltip", "…")
    parts = [f"<b>{html.escape(entry.name)}</b> — {html.escape(type_label(entry.type))}"]
    if entry.aliases:
        also = translate("MentionTooltip", "also called %1").replace("%1", ", ".join(entry.aliases))
        parts.append("<i>" + html.escape(also) + "</i>")
    lines = [line for line in entry.description.strip().splitlines() if line.strip()][:TOOLTIP_LINES]
    text = "\n".join(lines)
    if len(text) > TOOLTIP_CHARS:
        text = text[:TOOLTIP_CHARS].rstrip() + "…"
    elif len(lines) < len([x for x in entry.description.splitlines() if x.strip()]):
        text += " …"
    parts.append(html.escape(text).replace("\n", "<br>") if text
                 else "<i>" + html.escape(translate("MentionTooltip", "No description yet.")) + "</i>")
    return "<p style='white-space:normal'>" + "<br>".join(parts) + "</p>"
