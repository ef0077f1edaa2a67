"""The window's session handoff, driven by keys and clicks: ``/handoff focus`` typed and sent, the
review view edited and accepted, Esc while the document is written, and a refusal in the status bar."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog
from pytestqt.qtbot import QtBot

from relay_studio.runtime import session_handoff as sh
from relay_studio.ui.main_window import MainWindow
from tests.gui.conftest import App, run_to_end, until
from tests.support import settle

DOC = "## Goal\nA harbour story.\n## Canon & Constraints\nPresent tense.\n## Progress\nDone: dusk.\n" \
      "## Key Decisions\nSilver fish (the light).\n## Critical Context\nThe boats.\n## Next Steps\nNight.\n"


def _answer(text: str) -> dict[str, Any]:
    return {"toolCalls": [
        {"name": "workspace_write_file", "arguments": {"path": "output/main.md", "content": text}},
        {"name": "workspace_commit", "arguments": {}},
        {"name": "workspace_finish", "arguments": {"summary": "Done."}}]}


async def _chat_with_an_answer(window: MainWindow, qtbot: QtBot) -> str:
    window.new_chat()
    window.chat.composer.select_agent("finalizer")
    qtbot.keyClicks(window.chat.composer.editor, "Write the harbour at dusk.")
    window.chat.composer.submit()
    await run_to_end(window, 0)
    return window.chat_id


def _type_and_send(window: MainWindow, qtbot: QtBot, text: str) -> None:
    editor = window.chat.composer.editor
    editor.setFocus()
    qtbot.keyClicks(editor, text)
    window.chat.composer.submit()


async def test_slash_handoff_writes_reviews_and_starts_the_new_chat(app: App, qtbot: QtBot) -> None:
    window = app.open({"finalizer": [_answer("The boats came home."), {"delayMs": 300, "text": DOC}]})
    old_chat = await _chat_with_an_answer(window, qtbot)
    before = [(m.role, m.content) for m in window.studio.runtime.chats.messages(old_chat)]

    _type_and_send(window, qtbot, "/handoff the night scene")
    assert window.chat.composer.editor.toPlainText() == "", "the composer is cleared"
    await until(lambda: window.handoff_dialog is not None, what="the handoff dialog")
    dialog = window.handoff_dialog
    assert dialog is not None and dialog.generating and not dialog.start_button.isEnabled()
    await until(lambda: not dialog.generating, what="the draft")
    assert dialog.editor.toPlainText() == DOC.strip() and dialog.missing.isHidden()
    assert app.provider is not None
    assert app.provider.requests[-1].messages[-1].content.endswith("Additional focus: the night scene")

    dialog.editor.moveCursor(dialog.editor.textCursor().MoveOperation.End)
    qtbot.keyClick(dialog.editor, Qt.Key.Key_Return)
    qtbot.keyClicks(dialog.editor, "Remember the gulls.")
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    await until(lambda: window.chat_id != old_chat, what="the new chat to open")

    new = window.studio.runtime.chats.chat(window.chat_id)
    assert new is not None and new.name.endswith("(continued)") and new.parent_chat_id == old_chat
    first = window.studio.runtime.chats.messages(new.id)[0]
    assert first.role == "handoff" and "Remember the gulls." in first.content
    assert [(m.role, m.content) for m in window.studio.runtime.chats.messages(old_chat)] == before
    assert window.handoff_dialog is None


async def test_esc_while_writing_cancels_and_changes_nothing(app: App, qtbot: QtBot) -> None:
    window = app.open({"finalizer": [_answer("The boats came home."), {"delayMs": 5000, "text": DOC}]})
    old_chat = await _chat_with_an_answer(window, qtbot)
    chats_before = [c.id for c in window.studio.runtime.chats.chats()]
    window.continue_action.trigger()
    question = window.findChild(QInputDialog, "HandoffFocusDialog")  # Chat → Hand off asks for a focus first
    assert question is not None and question.isVisible()
    qtbot.keyClick(question, Qt.Key.Key_Return)  # none: the whole chat
    await until(lambda: window.handoff_dialog is not None, what="the handoff dialog")
    dialog = window.handoff_dialog
    assert dialog is not None
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    await until(lambda: "Handoff cancelled" in dialog.status.text(), what="the cancel to land")
    assert [c.id for c in window.studio.runtime.chats.chats()] == chats_before
    assert window.chat_id == old_chat
    assert window.studio.runtime.handoffs == {}
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)  # now "Close"
    await until(lambda: window.handoff_dialog is None, what="the dialog to close")


async def test_a_refused_handoff_says_why_in_the_status_bar(app: App, qtbot: QtBot) -> None:
    window = app.open({})
    window.new_chat()
    _type_and_send(window, qtbot, "/handoff")
    await until(lambda: sh.NOTHING_TO_HAND_OFF in window.statusBar().currentMessage(), what="the refusal")
    assert window.handoff_dialog is None
    await settle()


async def test_the_document_grows_in_the_dialog_as_it_is_written(app: App, qtbot: QtBot) -> None:
    """Seeds 001/004: the generation shows as a reply does. The dialog fills while the agent writes,
    says what the call is doing and for how long, and then how long it took."""
    from relay_studio.providers.scripted import ScriptedProvider, load_script
    from relay_studio.runtime.provider_source import PacedProvider

    scripted = ScriptedProvider(load_script({"turns": {"finalizer": [_answer("The boats came home."),
                                                                     {"text": DOC}]}}))
    window = app.open_on(PacedProvider(scripted, think_seconds=0.0, chunk_seconds=0.04, chunk_chars=6))
    await _chat_with_an_answer(window, qtbot)
    _type_and_send(window, qtbot, "/handoff")
    await until(lambda: window.handoff_dialog is not None, what="the handoff dialog")
    dialog = window.handoff_dialog
    assert dialog is not None
    await until(lambda: 0 < len(dialog.editor.toPlainText()) < len(DOC) // 2 and dialog.generating,
                what="part of the document, while it is still being written")
    partial = dialog.editor.toPlainText()
    assert DOC.startswith(partial), "the streamed text is the document's beginning"
    assert "tokens written" in dialog.progress.text() and " · " in dialog.progress.text()
    assert not dialog.start_button.isEnabled(), "nothing can start before the document exists"
    await until(lambda: len(dialog.editor.toPlainText()) > len(partial) and dialog.generating, what="it grows")
    await until(lambda: not dialog.generating, seconds=20, what="the draft")
    assert dialog.editor.toPlainText() == DOC.strip()
    assert dialog.progress.text().startswith("Written in ")
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    await until(lambda: window.handoff_dialog is None, what="the dialog to close")


async def test_slash_handoff_is_written_by_the_agent_chosen_in_the_composer(app: App, qtbot: QtBot) -> None:
    window = app.open({"finalizer": [_answer("The boats came home.")], "writer": [{"text": DOC}]})
    old_chat = await _chat_with_an_answer(window, qtbot)
    window.chat.composer.select_agent("writer")
    _type_and_send(window, qtbot, "/handoff")
    await until(lambda: window.handoff_dialog is not None, what="the handoff dialog")
    dialog = window.handoff_dialog
    assert dialog is not None
    await until(lambda: not dialog.generating, what="the draft")
    assert dialog.editor.toPlainText() == DOC.strip()
    assert app.provider is not None and app.provider.requests[-1].agent_id == "writer"
    [run] = [r for r in window.studio.runtime.runs.runs() if r.kind == "handoff" and r.chat_id == old_chat]
    assert run.root_profile_id == "writer"
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    await until(lambda: window.handoff_dialog is None, what="the dialog to close")


async def test_typing_a_slash_offers_the_commands_with_their_hints(app: App, qtbot: QtBot) -> None:
    """Seed 001: ``/handoff`` is declared with its inline hint ``[focus instructions]``; the composer
    offers it as soon as ``/`` is typed, and Tab (or Enter) puts it in the message, ready for its focus."""
    window = app.open({"finalizer": [_answer("The boats came home."), {"text": DOC}]})
    await _chat_with_an_answer(window, qtbot)
    composer = window.chat.composer
    offered = composer.slash_commands
    editor = composer.editor
    editor.setFocus()
    assert offered.isHidden()
    qtbot.keyClicks(editor, "/")
    await until(lambda: offered.isVisible(), what="the commands to be offered")
    rows = [offered.item(i).text() for i in range(offered.count())]
    assert any(r.startswith("/handoff [focus instructions] — ") for r in rows), rows
    qtbot.keyClicks(editor, "ha")
    assert offered.isVisible() and offered.count() == 1
    qtbot.keyClick(editor, Qt.Key.Key_Tab)
    assert editor.toPlainText() == "/handoff " and offered.isHidden() and editor.hasFocus()
    qtbot.keyClicks(editor, "the gulls")
    assert offered.isHidden(), "the list closes once the command is there"
    composer.submit()
    await until(lambda: window.handoff_dialog is not None, what="the handoff dialog")
    dialog = window.handoff_dialog
    assert dialog is not None
    await until(lambda: not dialog.generating, what="the draft")
    assert app.provider is not None
    assert app.provider.requests[-1].messages[-1].content.endswith("Additional focus: the gulls")
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    await until(lambda: window.handoff_dialog is None, what="the dialog to close")

    qtbot.keyClicks(editor, "/x")
    assert offered.isHidden(), "nothing offered for a name no command has"
    editor.clear()
    qtbot.keyClicks(editor, "/")
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    assert offered.isHidden() and editor.toPlainText() == "/", "Esc closes the list and keeps the text"
