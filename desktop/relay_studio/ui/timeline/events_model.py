"""The events list: a Qt table model over the run's journal, virtualised.

Unfiltered, row ``r`` is the event with ``seq = r + 1``: the row count is known before anything is
read, rows already folded into the timeline's index are drawn from its compact columns, and any
other row is read lazily from the store in pages (``RunStore.events(after_seq, limit)``) with a small
cache. A page is read as a query, never on the GUI thread (a 20,000-event run's first paint read a page
of 256 events in the paint, 4 to 10 ms on a book): its rows show empty until it arrives, then are told
changed. Filtered (agent, event type, errors only, text), the rows are the matching seqs of the index;
the filter is recomputed in slices on the loop, never in one blocking pass.
"""

from __future__ import annotations

import asyncio
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter
from PySide6.QtWidgets import QAbstractItemView, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from relay_studio.domain.enums import InvocationKind, RunStatus
from relay_studio.domain.events import Event
from relay_studio.ui import i18n, theme
from relay_studio.ui.timeline.model import RunTimeline
from relay_studio.ui.timeline.sentences import SENTENCES, WORDS_PREFIX, sentence
from relay_studio.ui.timeline.summaries import SUMMARY_WORDS, error_code, summarize

COLUMNS = ("#", "Time", "Agent", "Event", "Summary")
PAGE = 256
CACHE_PAGES = 32
FILTER_SLICE = 20000
CELL_CACHE = 4096

_DISPLAY = Qt.ItemDataRole.DisplayRole
_FOREGROUND = Qt.ItemDataRole.ForegroundRole
_ALIGN = Qt.ItemDataRole.TextAlignmentRole
_ROLES = frozenset({_DISPLAY, _FOREGROUND, _ALIGN, Qt.ItemDataRole.ToolTipRole})
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_SELECTED = QStyle.StateFlag.State_Selected.value
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)

Index = QModelIndex | QPersistentModelIndex


def summary_words() -> dict[str, str]:
    """``SUMMARY_WORDS`` and the events' sentences (``sentences.SENTENCES``) in the window's language, with the
    run statuses and invocation kinds they name."""
    translate = QCoreApplication.translate  # pyside6-lupdate reads translate("EventSummary", "…")
    words = {key: translate("EventSummary", text) for key, text in SUMMARY_WORDS.items()}
    words.update({WORDS_PREFIX + key: translate("EventSentence", text) for key, text in SENTENCES.items()})
    words.update({f"status.{s.value}": i18n.run_status(s.value) for s in RunStatus})
    words.update({"kind." + InvocationKind.ROOT: translate("EventSummary", "(first stage)"),
                  "kind." + InvocationKind.HANDOFF: translate("EventSummary", "(next stage)"),
                  "kind." + InvocationKind.SUBAGENT: translate("EventSummary", "(helper)")})
    return words


@dataclass(frozen=True)
class PagedRow:
    time: str
    invocation: str
    type: str
    error: bool
    summary: str
    sentence: str


@dataclass(frozen=True)
class EventFilter:
    agent_invocations: frozenset[str] | None = None  # None: every agent
    types: frozenset[str] | None = None  # None: every type
    errors_only: bool = False
    text: str = ""

    @property
    def active(self) -> bool:
        return bool(self.agent_invocations is not None or self.types is not None or self.errors_only or self.text)


# (run_id, after_seq, limit, deliver): reads a page of the run's journal off the GUI thread, ``deliver(events)``
# on it once read
PageRequest = Callable[[str, int, int, Callable[[list[Event]], None]], None]
_EMPTY = PagedRow("", "", "", False, "", "")


class EventsModel(QAbstractTableModel):
    def __init__(self, request: PageRequest) -> None:
        super().__init__()
        self._request = request
        self.words = summary_words()  # the summaries' words in the window's language (RunTimeline takes them)
        self._titles = ("#", self.tr("Time"), self.tr("Agent"), self.tr("Event"), self.tr("Summary"))  # COLUMNS
        self.timeline: RunTimeline | None = None
        self.total = 0
        self.filter = EventFilter()
        self.rows: list[int] | None = None  # matching seqs when filtered
        self._scanned = 0
        self._pages: OrderedDict[int, list[PagedRow]] = OrderedDict()
        self._asked: set[int] = set()  # pages under way
        self._generation = 0  # a page read for a run shown before is dropped
        self._cell_cache: dict[int, tuple[tuple[object, ...], bool]] = {}
        self._filter_task: asyncio.Task[None] | None = None
        self.page_reads = 0

    # -- data source ----------------------------------------------------------------------------
    def set_run(self, timeline: RunTimeline | None, total: int) -> None:
        self.beginResetModel()
        self.timeline = timeline
        self.total = total
        self.rows = None
        self._scanned = 0
        self._pages.clear()
        self._asked.clear()
        self._generation += 1
        self._cell_cache.clear()
        self.filter = EventFilter()
        self.endResetModel()

    def grow(self, total: int) -> None:
        """More events exist (live run, or the index caught up)."""
        if self.rows is not None:
            self._extend_filtered()
            return
        if total > self.total:
            self.beginInsertRows(QModelIndex(), self.total, total - 1)
            self.total = total
            self.endInsertRows()

    def refresh_rows(self) -> None:
        """Every row's cells again: rows drawn from a journal page before the run's index had them (clock
        times, agents not yet named) are drawn as the index has them (seconds from the run's start, names)."""
        self._cell_cache.clear()
        rows = self.rowCount()
        if rows:
            self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, len(COLUMNS) - 1))

    def set_filter(self, flt: EventFilter) -> None:
        self.filter = flt
        if self._filter_task is not None:
            self._filter_task.cancel()
            self._filter_task = None
        self.beginResetModel()
        self.rows = [] if flt.active else None
        self._scanned = 0
        self.endResetModel()
        if flt.active:
            self._extend_filtered()

    def _matches(self, i: int) -> bool:
        tl = self.timeline
        assert tl is not None
        idx = tl.index
        f = self.filter
        if f.errors_only and not idx.errors[i]:
            return False
        if f.types is not None and idx.types[i] not in f.types:
            return False
        if f.agent_invocations is not None and idx.invocations[i] not in f.agent_invocations:
            return False
        if f.text:
            hay = (f"{idx.types[i]} {tl.agent_name(idx.invocations[i])} {idx.sentences[i]} "
                   f"{idx.summaries[i]}").lower()
            if f.text.lower() not in hay:
                return False
        return True

    def _extend_filtered(self) -> None:
        """Scans the index past what was scanned, a slice at a time, yielding to the loop between."""
        if self.timeline is None or self.rows is None:
            return
        if len(self.timeline.index) - self._scanned > FILTER_SLICE:
            if self._filter_task is None or self._filter_task.done():
                self._filter_task = asyncio.ensure_future(self._scan_slices())
            return
        self._scan_to(len(self.timeline.index))

    def _scan_to(self, end: int) -> None:
        assert self.rows is not None
        found = [i + 1 for i in range(self._scanned, end) if self._matches(i)]
        self._scanned = end
        if found:
            self.beginInsertRows(QModelIndex(), len(self.rows), len(self.rows) + len(found) - 1)
            self.rows.extend(found)
            self.endInsertRows()

    async def _scan_slices(self) -> None:
        while self.timeline is not None and self.rows is not None and self._scanned < len(self.timeline.index):
            self._scan_to(min(self._scanned + FILTER_SLICE, len(self.timeline.index)))
            await asyncio.sleep(0)

    @property
    def filtering(self) -> bool:
        return self._filter_task is not None and not self._filter_task.done()

    # -- rows <-> seqs ----------------------------------------------------------------------------
    def seq_at(self, row: int) -> int:
        return self.rows[row] if self.rows is not None else row + 1

    def row_of(self, seq: int) -> int:
        if self.rows is None:
            return seq - 1 if 1 <= seq <= self.total else -1
        i = bisect_left(self.rows, seq)
        return i if i < len(self.rows) and self.rows[i] == seq else -1

    # -- Qt model --------------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        if parent.isValid():
            return 0
        return len(self.rows) if self.rows is not None else self.total

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self._titles[section]
        return None

    def _row(self, seq: int) -> tuple[str, str, str, bool]:
        """(time, agent, the event's sentence, is_error) for a seq, from the index or a cached page."""
        tl = self.timeline
        if tl is not None and seq <= len(tl.index):
            i = seq - 1
            idx = tl.index
            return f"{idx.times[i]:.3f}", tl.agent_name(idx.invocations[i]), idx.sentences[i], idx.errors[i]
        row = self._paged(seq)
        return row.time, (tl.agent_name(row.invocation) if tl else ""), row.sentence, row.error

    def _cells(self, seq: int) -> tuple[tuple[object, ...], bool]:
        """The row's display texts and whether it is an error, cached by seq once the index has it."""
        cached = self._cell_cache.get(seq)
        if cached is not None:
            return cached
        time_text, agent, said, error = self._row(seq)
        cells = ((seq, time_text, agent, said, self.summary(seq)), error)
        tl = self.timeline
        if tl is not None and seq <= len(tl.index):  # final: the index has every column of it
            if len(self._cell_cache) >= CELL_CACHE:
                self._cell_cache.clear()
            self._cell_cache[seq] = cells
        return cells

    def _paged(self, seq: int) -> PagedRow:
        """The row of ``seq`` from its page; an empty row while the page is read (``_read_page``)."""
        page = (seq - 1) // PAGE
        rows = self._pages.get(page)
        if rows is None:
            self._read_page(page)
            return _EMPTY
        self._pages.move_to_end(page)
        offset = (seq - 1) % PAGE
        return rows[offset] if offset < len(rows) else _EMPTY

    def _read_page(self, page: int) -> None:
        if page in self._asked or self.timeline is None:
            return
        self._asked.add(page)
        run_id, generation = self.timeline.run_id, self._generation
        self._request(run_id, page * PAGE, PAGE, lambda events: self._page_read(generation, page, events))

    def _page_read(self, generation: int, page: int, events: list[Event]) -> None:
        if generation != self._generation:
            return  # another run is shown now
        self._asked.discard(page)
        self.page_reads += 1
        names = self.timeline.names if self.timeline else {}
        self._pages[page] = [PagedRow(e.timestamp[11:23], e.invocation_id or "", e.type, error_code(e) is not None,
                                      summarize(e, self.words),
                                      sentence(e, names.get(e.invocation_id or "", ""), self.words))
                             for e in events]
        if len(self._pages) > CACHE_PAGES:
            self._pages.popitem(last=False)
        rows = self.rowCount()
        if rows:  # a view repaints the rows it shows (those of the page among them)
            self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, len(COLUMNS) - 1))

    def summary(self, seq: int) -> str:
        tl = self.timeline
        if tl is not None and seq <= len(tl.index):
            return tl.index.summaries[seq - 1]
        return self._paged(seq).summary

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        # Qt asks for a dozen roles per cell per paint: answer the ones we do not use at once.
        if role not in _ROLES or not index.isValid():
            return None
        col = index.column()
        if role == _ALIGN:
            return _RIGHT if col == 0 else None
        row = index.row()
        if row >= (len(self.rows) if self.rows is not None else self.total):
            return None
        cells, error = self._cells(self.seq_at(row))
        if role == _DISPLAY:
            return cells[col]
        if role == _FOREGROUND:
            return theme.colors().error if error else None
        return cells[col] if col in (3, 4) else None  # tooltip: the whole sentence, the whole summary


class EventsDelegate(QStyledItemDelegate):
    """Paints a row's cells straight from the model's cached texts: one background fill and one
    (elided when long) ``drawText`` per cell, instead of the style's full item rendering. Colours
    and font metrics are looked up once per theme, not per cell."""

    def __init__(self, model: EventsModel, view: QAbstractItemView) -> None:
        super().__init__(view)
        self.model = model
        self.view = view
        self._key = 0
        self._metrics = QFontMetrics(view.font())
        self._char_w = 1
        self._colors: tuple[QColor, QColor, QColor, QColor, QColor] | None = None

    def _refresh(self) -> tuple[QColor, QColor, QColor, QColor, QColor]:
        key = id(theme.colors())  # a theme change repaints everything; the font does not change alone
        if self._colors is None or key != self._key:
            palette = self.view.palette()
            self._colors = (palette.highlight().color(), palette.highlightedText().color(),
                            palette.alternateBase().color(), palette.text().color(), theme.colors().error)
            self._metrics = QFontMetrics(self.view.font())
            self._char_w = max(self._metrics.averageCharWidth() - 1, 1)
            self._key = key
        return self._colors

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        row = index.row()
        model = self.model
        if row >= model.rowCount():
            return
        highlight, highlighted_text, alternate, text_color, error_color = self._refresh()
        cells, error = model._cells(model.seq_at(row))
        rect = option.rect
        if option.state.value & _SELECTED:
            painter.fillRect(rect, highlight)
            painter.setPen(highlighted_text)
        else:
            if row % 2:
                painter.fillRect(rect, alternate)
            painter.setPen(error_color if error else text_color)
        col = index.column()
        text = str(cells[col])
        inner = rect.adjusted(4, 0, -4, 0)
        if len(text) * self._char_w > inner.width() * 0.6:  # near full: measured (elidedText keeps what fits)
            text = self._metrics.elidedText(text, Qt.TextElideMode.ElideRight, inner.width())
        painter.drawText(inner, _RIGHT if col == 0 else _LEFT, text)
