"""``/handoff`` in the real window on llama.cpp's ``llama-server`` with Gemma 3 270M (docs/session-handoff.md,
*Review*): the document grows in the dialog while the model writes it, with what the call is doing and
the seconds it has taken, and the agent chosen in the composer writes it. What the tiny model writes is
never asserted, only that it arrives piece by piece and that the dialog shows it as it comes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.gui.conftest import until
from tests.realserver.conftest import RealServer, window_on

pytestmark = [pytest.mark.realserver, pytest.mark.slow]

#: one document of at most 2,048 tokens from a tiny model on two shared cores
WRITE_SECONDS = 420.0


async def test_the_handoff_document_grows_in_the_dialog_on_llama_server(
        llama_cpp_server: RealServer, tmp_path: Path, qapp: QApplication, qtbot: QtBot) -> None:
    async with window_on(llama_cpp_server, tmp_path / "data") as window:
        window.new_chat()
        chats = window.studio.runtime.chats
        chat_id = window.chat_id
        chats.add_message(chat_id, "user", "Write two sentences about a lighthouse keeper named Mara.")
        chats.add_message(chat_id, "assistant", "Mara climbed the tower at dusk. The lamp turned over a calm sea.",
                          agent_id="finalizer")
        composer = window.chat.composer
        composer.select_agent("writer")
        composer.editor.setFocus()
        qtbot.keyClicks(composer.editor, "/handoff the next night")
        qtbot.mouseClick(composer.send_button, Qt.MouseButton.LeftButton)
        await until(lambda: window.handoff_dialog is not None, 30, "the handoff dialog")
        dialog = window.handoff_dialog
        assert dialog is not None
        await until(lambda: dialog.editor.toPlainText().strip() != "" or not dialog.generating, WRITE_SECONDS,
                    "the first words of the document")
        assert dialog.generating, "the first words showed while the document was still being written"
        first = dialog.editor.toPlainText()
        assert "s · " in dialog.progress.text(), dialog.progress.text()
        await until(lambda: not dialog.generating, WRITE_SECONDS, "the whole document")
        final = dialog.editor.toPlainText()
        assert len(final) > len(first) and final.startswith(first.strip()[:20]), (first, final)
        assert dialog.progress.text().startswith("Written in "), dialog.progress.text()
        runs = [r for r in window.studio.runtime.runs.runs() if r.kind == "handoff"]
        assert [r.root_profile_id for r in runs] == ["writer"], "the composer's agent wrote it"
        qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
        await until(lambda: window.handoff_dialog is None, 10, "the dialog to close")
