"""The timeline's run picker names each run's agent: one removed since by the name the run's journal gave it,
marked "(removed)", never by its internal id (docs/window/timeline.md)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from relay_studio.runtime.engine import Runtime
from tests.gui.conftest import App, run_to_end, send_as
from tests.support import call, profile, until, write


def _agent_in(label: str) -> str:
    return label.split(" · ")[1]


async def test_a_run_of_a_removed_agent_is_named_by_its_journal_and_marked_removed(app: App, qtbot: QtBot) -> None:
    rt = Runtime(app.data_dir)
    try:
        rt.profile_store.save(profile("scribe", displayName="Scribe Nine",
                                      tools={"allow": ["workspace.write_file", "workspace.commit", "workspace.finish"]},
                                      delegation={"canHandoff": False, "canDelegate": False}))
    finally:
        rt.close()
    window = app.open({"scribe": [{"toolCalls": [write("output/main.md", "The tide turned."), call("workspace_commit"),
                                                 call("workspace_finish", {"summary": "Done."})]}]})
    await until(lambda: window.chat_id != "", what="the first chat")
    send_as(window, qtbot, "scribe", "Write the tide.")
    run_id = await run_to_end(window, 0)
    box = window.timeline.run_box
    await until(lambda: box.findData(run_id) >= 0 and _agent_in(box.itemText(box.findData(run_id))) == "Scribe Nine",
                what="the run listed under its agent's name")

    window.studio.agents.remove("scribe")  # what the Agents dock's Remove does once the creator confirms
    await until(lambda: _agent_in(box.itemText(box.findData(run_id))) == "Scribe Nine (removed)",
                what="the run named by its journal, marked removed")
    assert "scribe" not in box.itemText(box.findData(run_id))  # never the internal id
