"""``relay_studio.api.Studio.export``: a chat's answers written from Python over a real data folder, and its
refusals as ``ExportError`` codes."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from relay_studio.api import ExportError, Studio
from relay_studio.domain import error_codes as codes
from relay_studio.providers.scripted import ScriptedProvider, load_script


def test_export_from_the_python_api(tmp_path: Path) -> None:
    studio = Studio(tmp_path / "data", ScriptedProvider(load_script({"turns": {}})))
    try:
        chats = studio.runtime.chats
        chat = chats.ensure_chat("Sea")
        chats.add_message(chat.id, "user", "Begin.")
        chats.add_message(chat.id, "assistant", "# Shore\nThe tide came in.\n# Lamp\nThe lamp turned.")
        chats.ensure_chat("Quiet")
        result = studio.export("Sea", tmp_path / "sea.epub", author="Mara Quill")
        assert (result.format, result.chapters, result.words) == ("epub", 2, 9)
        with zipfile.ZipFile(result.path) as z:
            assert z.infolist()[0].filename == "mimetype"
        assert studio.export(chat.id, tmp_path / "sea.docx", preset="book", title="The Sea").chapters == 2
        for chat_name, code in (("Nowhere", codes.EXPORT_UNKNOWN_CHAT), ("Quiet", codes.EXPORT_NO_ANSWERS)):
            with pytest.raises(ExportError) as caught:
                studio.export(chat_name, tmp_path / "x.md")
            assert caught.value.code == code
        with pytest.raises(ExportError) as caught:
            studio.export("Sea", tmp_path / "sea.pdf")
        assert caught.value.code == codes.EXPORT_UNKNOWN_FORMAT
    finally:
        studio.close()
