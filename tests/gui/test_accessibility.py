"""What a screen reader and the keyboard alone meet: every interactive control of the main window and its
dialogs has an accessible name (walked with ``QAccessible``, as a screen reader reads the window), Tab
reaches every control of the composer, the patch dialog and the handoff dialog in reading order, and a
creator runs a first session, approves the change and hands the chat off with key events only."""

from __future__ import annotations

import asyncio
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from relay_studio.domain.profile import parse_profile
from relay_studio.ui.patches.dialog import PatchDialog
from relay_studio.ui.profiles.editor import ProfileEditor
from relay_studio.ui.profiles.new_agent import NewAgentDialog
from relay_studio.ui.settings.dialog import SettingsDialog
from tests.gui.accessibility import nameless
from tests.gui.conftest import App, run_to_end, until

CAREFUL = {
    "id": "careful", "displayName": "Careful Editor", "description": "Asks before it writes.",
    "model": {"mode": "connection", "connection": "test", "model": "scripted"},
    "tools": {"allow": ["workspace.read_file", "workspace.write_file", "workspace.commit", "workspace.finish"],
              "requireApproval": ["workspace.write_file"]},
}
DOC = "## Goal\nA harbour story.\n## Canon & Constraints\nPresent tense.\n## Progress\nDone: dusk.\n" \
      "## Key Decisions\nSilver fish.\n## Critical Context\nThe boats.\n## Next Steps\nNight.\n"


def _turns() -> dict[str, list[dict[str, Any]]]:
    write = {"toolCalls": [{"name": "workspace_write_file",
                            "arguments": {"path": "output/main.md", "content": "The boats came home.\n"}}]}
    finish = {"toolCalls": [{"name": "workspace_commit", "arguments": {}},
                            {"name": "workspace_finish", "arguments": {"summary": "Done."}}]}
    return {"careful": [write, finish, {"delayMs": 100, "text": DOC}]}


def _no_nameless(root: QWidget, where: str) -> None:
    missing = nameless(root)
    assert not missing, f"{where}: controls a screen reader cannot name:\n  " + "\n  ".join(missing)


def _every_tab(tabs: QTabWidget, root: QWidget, where: str) -> None:
    for i in range(tabs.count()):
        tabs.setCurrentIndex(i)
        _no_nameless(root, f"{where}, tab {tabs.tabText(i)!r}")


async def test_every_control_of_the_window_and_its_dialogs_has_a_name(app: App, qtbot: QtBot) -> None:
    window = app.open()
    window.resize(1400, 860)
    await asyncio.sleep(0.05)
    _no_nameless(window, "the main window")
    for dock in (window.timeline_dock, window.library_dock):
        dock.show()
        dock.raise_()
        for tabs in dock.findChildren(QTabWidget):
            _every_tab(tabs, window, dock.windowTitle())

    window.open_profile("editor")
    editor = window.profile_editor
    assert isinstance(editor, ProfileEditor)
    editor.duplicate()
    _no_nameless(editor, "the profile editor")
    editor.request_close()
    assert editor.close_question is not None
    _no_nameless(editor.close_question, "the question before closing the editor")
    editor.close_question.reject()

    window.new_agent()
    dialog = window.findChild(NewAgentDialog)
    assert dialog is not None
    _no_nameless(dialog, "the New agent dialog")
    dialog.reject()

    window.open_settings()
    settings = window.findChild(SettingsDialog)
    assert settings is not None
    for tabs in settings.findChildren(QTabWidget):
        _every_tab(tabs, settings, "Settings")
    settings.reject()


def _focus_chain(start: QWidget, qtbot: QtBot, within: QWidget, steps: int = 40) -> list[QWidget]:
    """The widgets Tab visits from ``start`` (pressing Tab on whichever has the focus), until it comes back."""
    start.setFocus(Qt.FocusReason.TabFocusReason)
    seen = [start]
    for _ in range(steps):
        focused = QApplication.focusWidget() or within.focusWidget()
        assert focused is not None
        qtbot.keyClick(focused, Qt.Key.Key_Tab)
        now = QApplication.focusWidget() or within.focusWidget()
        assert now is not None
        if now is start:
            break
        if within.isAncestorOf(now) or now is within:
            seen.append(now)
    return seen


def _in_order(chain: list[QWidget], expected: list[QWidget], where: str) -> None:
    positions = []
    for widget in expected:
        hits = [i for i, w in enumerate(chain) if w is widget or widget.isAncestorOf(w)]
        assert hits, f"{where}: Tab never reaches {widget.objectName() or type(widget).__name__} " \
                     f"(it visits {[w.objectName() or type(w).__name__ for w in chain]})"
        positions.append(hits[0])
    assert positions == sorted(positions), f"{where}: Tab visits them out of reading order: {positions}"


async def _active(widget: QWidget) -> None:
    widget.activateWindow()
    widget.raise_()
    await until(lambda: QApplication.activeWindow() is widget.window(), what="the window to be active")


async def test_a_first_session_an_approval_and_a_handoff_with_the_keyboard_alone(app: App, qtbot: QtBot) -> None:
    window = app.open(_turns())
    assert app.runtime is not None
    app.runtime.profile_store.save(parse_profile(CAREFUL))
    window.refresh_profiles()
    window.new_chat()
    await _active(window)
    composer = window.chat.composer

    # Tab goes round the composer in reading order: the text, the agent, Send (Stop is off while idle)
    chain = _focus_chain(composer.editor, qtbot, composer)
    _in_order(chain, [composer.editor, composer.agent_box, composer.send_button], "the composer")
    assert composer.editor.toPlainText() == "", "Tab left the text alone"

    # The agent is picked with the keyboard: Tab to the drop-down, type its name's start
    composer.editor.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(composer.editor, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is composer.agent_box
    qtbot.keyClicks(composer.agent_box, "Careful")
    assert composer.agent_box.currentData() == "careful" or "careful" in str(composer.agent_box.currentText()).lower()
    qtbot.keyClick(composer.agent_box, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget() is composer.editor
    qtbot.keyClicks(composer.editor, "Write the harbour at dusk.")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)

    await until(lambda: (d := window.findChild(PatchDialog)) is not None and d.isVisible() and d.current is not None,
                what="the proposal in the patch dialog")
    dialog = window.findChild(PatchDialog)
    assert dialog is not None
    await _active(dialog)
    _no_nameless(dialog, "the patch dialog")
    chain = _focus_chain(dialog.queue, qtbot, dialog)
    _in_order(chain, [dialog.queue, dialog.tabs, dialog.hunk_list, dialog.reason, dialog.approve_rest,
                      dialog.reject_button, dialog.approve_button], "the patch dialog")
    focused = QApplication.focusWidget()
    assert focused is not None
    qtbot.keyClick(focused, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # approve
    run_id = await run_to_end(window)
    assert window.studio.run_status(run_id).value == "completed"
    assert "The boats came home." in window.studio.chats.messages(window.chat_id)[-1].content
    window.show_run(run_id)
    await window.timeline.loaded.wait()
    _no_nameless(window, "the window with the run's cards and timeline")

    # Hand the chat off: the command typed, the document reviewed and started with keys
    await _active(window)
    old_chat = window.chat_id
    composer.editor.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClicks(composer.editor, "/handoff the night scene")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: window.handoff_dialog is not None and not window.handoff_dialog.generating,
                what="the handoff document")
    handoff = window.handoff_dialog
    assert handoff is not None
    await _active(handoff)
    _no_nameless(handoff, "the handoff dialog")
    assert QApplication.focusWidget() is handoff.editor
    chain = _focus_chain(handoff.editor, qtbot, handoff)
    _in_order(chain, [handoff.editor, handoff.name_edit, handoff.copy_button, handoff.cancel_button,
                      handoff.start_button], "the handoff dialog")
    assert handoff.editor.toPlainText() == DOC.strip(), "Tab left the document alone"
    handoff.start_button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(handoff.start_button, Qt.Key.Key_Space)
    await until(lambda: window.chat_id != old_chat, what="the new chat")
    new = window.studio.runtime.chats.chat(window.chat_id)
    assert new is not None and new.parent_chat_id == old_chat
    assert isinstance(handoff, QDialog)
