"""A card's picture in the cast strip (docs/window/scenes.md, "The cast strip"): two cards imported from the
codex by clicks in its file dialog, one with a red picture and one whose picture claims 60,000 pixels a side; both
become agents (the refused picture is said in the import's report with its code); in a scene of the two, Mira's
portrait shows her card's picture and the other its initials."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from relay_studio.library import sillytavern as st
from relay_studio.ui.chat.scene_bar import PORTRAIT
from tests.gui.conftest import App, until
from tests.gui.test_sillytavern_window import _active, _answer, _dialog, _open_codex, _pick_files
from tests.integration.test_card_portraits import card_file, solid_png


async def test_a_cards_picture_is_its_portrait_in_the_cast_strip_and_a_refused_one_leaves_initials(
        app: App, qtbot: QtBot, tmp_path: Path) -> None:
    mira = card_file(tmp_path, "Mira", solid_png(60, 80, (220, 20, 20)))
    huge = st.PNG_SIGNATURE + st._chunk(b"IHDR", struct.pack(">IIBBBBB", 60_000, 60_000, 8, 2, 0, 0, 0)) + \
        st._chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + st._chunk(b"IEND", b"")
    oren = card_file(tmp_path, "Oren", huge)
    window = await _active(app)
    _open_codex(qtbot, window)
    codex = window.library.codex
    codex.last_folder = tmp_path
    reports: list[list[str]] = []
    codex.import_finished.connect(reports.append)
    qtbot.mouseClick(codex.import_button, Qt.MouseButton.LeftButton)
    await _pick_files(qtbot, await _dialog("LibraryImportDialog"), [mira, oren])
    await _answer("CardAgentQuestion", QMessageBox.StandardButton.Yes, qtbot)
    await until(lambda: reports, what="the import to finish")
    lines = reports[0]
    assert "Made the agent “Mira”: it is in the agent list." in lines
    assert "Made the agent “Oren”: it is in the agent list." in lines
    [refused] = [line for line in lines if "picture was not kept" in line]
    assert refused.endswith("[card.portrait_too_large]") and "60000×60000" in refused

    studio = window.studio
    record = studio.scenes.new("Quay", ["mira", "oren"], None, window.project_id)
    window.refresh_chats()
    window.open_chat(record.chat_id)
    bar = window.chat.scene_bar
    await until(bar.isVisible, what="the cast strip")
    mira_portrait, oren_portrait = bar.portrait_of("Mira"), bar.portrait_of("Oren")
    assert mira_portrait is not None and oren_portrait is not None
    await until(lambda: mira_portrait.has_face, what="Mira's card picture in her portrait")
    centre = mira_portrait.icon().pixmap(QSize(PORTRAIT, PORTRAIT)).toImage().pixelColor(PORTRAIT // 2, PORTRAIT // 2)
    assert (centre.red(), centre.green(), centre.blue()) == (220, 20, 20)
    assert not oren_portrait.has_face  # initials: his card's picture was refused
    initials = oren_portrait.icon().pixmap(QSize(PORTRAIT, PORTRAIT)).toImage()
    assert initials.pixelColor(PORTRAIT // 2, PORTRAIT // 2) != QColor(220, 20, 20)
