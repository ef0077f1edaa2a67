"""A review's conflict in the patch dialog, driven by clicks: the built-in Director's change opens even after
"approve the rest", its issues beside the diff; "Approve anyway" wants a reason, which the agent reads."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from relay_studio.library.entries import LibraryEntry
from relay_studio.library.store import LibraryStore
from relay_studio.store.database import DEFAULT_PROJECT_ID
from relay_studio.ui.patches.dialog import PatchDialog
from tests.gui.conftest import App, until

SISTER = "Mira has a twin sister, Lune, who commands the rival ship."
REASON = "The twin is a late reveal"


def _call(name: str, args: dict[str, object]) -> dict[str, object]:
    return {"name": name, "arguments": args}


async def _visible_dialog(window: object, what: str) -> PatchDialog:
    await until(lambda: (d := window.findChild(PatchDialog)) is not None  # type: ignore[attr-defined]
                and d.isVisible() and d.current is not None, what=what)
    dialog = window.findChild(PatchDialog)  # type: ignore[attr-defined]
    assert isinstance(dialog, PatchDialog)
    return dialog


async def test_a_conflict_opens_under_approve_the_rest_and_approve_anyway_needs_a_reason(
    app: App, qtbot: QtBot
) -> None:
    conflict = {"issues": [{"severity": "conflict", "entry": "Mira", "quote": "twin sister",
                            "explanation": "The entry says Mira is an only child.",
                            "suggestion": "Keep her an only child, or change the entry."}],
                "overallStatus": "conflict"}
    turns = {
        "director": [
            {"toolCalls": [_call("workspace_write_file", {"path": "scratch/notes.md", "content": "Ideas."})]},
            {"toolCalls": [_call("review_consistency", {"name": "Mira", "type": "character", "draft": SISTER}),
                           _call("library_update", {"name": "Mira", "description": SISTER})]},
            {"text": "Mira has a twin now."},
        ],
        "consistency-reviewer": [{"text": json.dumps(conflict)}],
    }
    window = app.open(turns)
    assert app.runtime is not None
    project_dir = app.runtime.project_dir(app.runtime.projects.default())
    store = LibraryStore.open(app.runtime.db, DEFAULT_PROJECT_ID, project_dir)
    store.save(LibraryEntry(type="character", name="Mira", description="Mira commands the Heron. An only child."))
    window.new_chat()
    window.chat.composer.select_agent("director")
    window.chat.composer.set_text("Give Mira a twin sister.")
    window.chat.composer.submit()

    dialog = await _visible_dialog(window, "the notes proposal")
    assert dialog.current is not None and dialog.current.request.path == "scratch/notes.md"
    assert not dialog.review_panel.isVisible() and dialog.approve_button.text() == "Approve"
    qtbot.mouseClick(dialog.approve_rest, Qt.MouseButton.LeftButton)
    assert dialog.approve_rest.isChecked()
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)

    dialog = await _visible_dialog(window, "the conflicting change, despite approve the rest")
    assert dialog.current is not None and dialog.current.request.path == "library/character/mira.md"
    assert dialog.review_panel.isVisible()
    shown = dialog.review_panel.toPlainText()
    assert "The review found conflicts" in shown and "The entry says Mira is an only child." in shown
    assert dialog.approve_button.text() == "Approve anyway" and not dialog.approve_rest.isEnabled()
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)  # no reason yet: nothing is decided
    assert dialog.reason_needed.isVisible() and dialog.current is not None and not dialog.current.future.done()
    qtbot.keyClicks(dialog.reason, REASON)
    qtbot.mouseClick(dialog.approve_button, Qt.MouseButton.LeftButton)

    await until(lambda: not window.studio.handles, what="the run to end")

    await until(lambda: window.chat.up_to_date, what="the chat's read after the run's end")
    found = store.find("Mira")
    assert found is not None and found.entry.description == SISTER
    assert app.provider is not None
    last = app.provider.requests[-1]
    assert last.agent_id == "director"
    assert f"the creator approved it anyway and said: “{REASON}”." in last.messages[-1].content
