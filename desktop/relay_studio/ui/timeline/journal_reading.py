"""Reading a run's whole journal into its fold without stalling the window: chunks read on the studio's
reader thread, folded here in slices of ``LOAD_BUDGET_S`` with a yield to the loop after each, so a run of
100,000 events is scrollable at once and fills in as it is read."""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable

from relay_studio.ui.operations.journal import JournalOperations
from relay_studio.ui.timeline.model import RunTimeline

LOAD_PAGE = 64
READ_CHUNK = 4096  # events read per trip to the reader thread
LOAD_BUDGET_S = 0.003  # work per slice before yielding: a slice plus a frame's paint stays under 16 ms
REFRESH_EVERY_S = 0.1  # while loading, the lanes and the agent filter catch up ten times a second


async def fold_journal(journal: JournalOperations, tl: RunTimeline, caught_up: Callable[[], None]) -> None:
    """Folds every event of ``tl``'s run into ``tl``, calling ``caught_up`` at most every ``REFRESH_EVERY_S``
    while it reads; the last few events are read here, so none committed meanwhile is missed."""
    slice_start = refreshed = time.monotonic()
    while True:
        chunk = await journal.read_events(tl.run_id, after_seq=tl.last_seq, limit=READ_CHUNK)
        for start in range(0, len(chunk), LOAD_PAGE):
            for event in chunk[start:start + LOAD_PAGE]:
                tl.apply(event)
            now = time.monotonic()
            if now - slice_start > LOAD_BUDGET_S:
                # What is folded so far lives as long as the run is open: keep the cyclic collector
                # from walking it again and again (a full collection over it stalls for 100+ ms).
                gc.freeze()
                if now - refreshed > REFRESH_EVERY_S:
                    caught_up()
                    refreshed = now
                await asyncio.sleep(0)
                slice_start = time.monotonic()
        if len(chunk) < READ_CHUNK:
            break
    while True:  # on this thread, with no wait before folding: what comes later arrives as events
        page = journal.events(tl.run_id, after_seq=tl.last_seq, limit=LOAD_PAGE)
        for event in page:
            tl.apply(event)
        if len(page) < LOAD_PAGE:
            break
