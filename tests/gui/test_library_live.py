"""The Library shows an agent's write while the run goes on (seed 002: a successful write is journaled
``workspace_mutating`` and the asset tree refreshes during the stream), not only when the run ends."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from relay_studio.domain.enums import RunStatus
from tests.gui.conftest import App, until
from tests.gui.test_review_in_patch_dialog import _call, _visible_dialog

OREN = "Oren is the harbour master of Saltmarsh."


async def test_an_entry_the_director_writes_shows_in_the_library_before_the_run_ends(app: App, qtbot: QtBot) -> None:
    clean = {"issues": [], "overallStatus": "clean"}
    turns = {
        "director": [
            {"toolCalls": [_call("review_consistency", {"name": "Oren", "type": "character", "draft": OREN}),
                           _call("library_create", {"type": "character", "name": "Oren", "description": OREN})]},
            # the run goes on meanwhile, until the test ends and the window's shutdown cancels it: the entry can
            # only have come from the write, never from the read at the run's end
            {"delayMs": 600_000, "text": "Oren is in the story library now."},
        ],
        "consistency-reviewer": [{"text": json.dumps(clean)}],
    }
    window = app.open(turns)
    window.library_dock.show()
    codex = window.library.codex
    window.new_chat()
    window.chat.composer.select_agent("director")
    window.chat.composer.set_text("Add Oren, the harbour master.")
    window.chat.composer.submit()
    dialog = await _visible_dialog(window, "the new entry's proposal")
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)
    await until(lambda: codex.item_for("Oren") is not None, what="Oren in the story library")
    run = window.studio.runtime.runs.runs()[-1]
    assert window.studio.runtime.runs.run(run.id).status is RunStatus.RUNNING, "shown while the run goes on"
    [written] = [e.payload for e in window.studio.runtime.runs.events(run.id)
                 if e.type == "tool_call_completed" and e.payload["name"] == "library_create"]
    assert written["mutatesLibrary"] is True and not written["isError"]
    assert all("mutatesLibrary" not in e.payload for e in window.studio.runtime.runs.events(run.id)
               if e.type == "tool_call_completed" and e.payload["name"] != "library_create")
