"""Coroutines a widget starts on the qasync loop: kept alive until they finish, awaited all at once
(tests, closing) or cancelled together. The window, the profile editor and Settings share it."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any


class WidgetTasks:
    def __init__(self) -> None:
        self._running: set[asyncio.Future[Any]] = set()

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
        future = asyncio.ensure_future(coro)
        self._running.add(future)
        future.add_done_callback(self._running.discard)
        return future

    async def wait_idle(self) -> None:
        """Until every coroutine started here (and any they started meanwhile) has finished."""
        while self._running:
            await asyncio.gather(*list(self._running), return_exceptions=True)

    def cancel_all(self) -> None:
        for future in list(self._running):
            future.cancel()

    def __len__(self) -> int:
        return len(self._running)
