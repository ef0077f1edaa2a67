"""A character card's picture kept as its agent's portrait (docs/scenes.md, "Portraits"): the PNG card's image is
kept in the data folder without the card's text, a card export of the character is that picture again with the
card's data in it, and a hostile or oversized picture is refused with its code while the agent is still made."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from relay_studio.cli import main
from relay_studio.domain import error_codes as codes
from relay_studio.library import sillytavern as st
from relay_studio.library.entries import LibraryEntry, LibraryError
from relay_studio.library.portraits import MAX_PORTRAIT_SIDE, card_image, kept_portrait, portrait_path
from relay_studio.library.store import LibraryStore
from relay_studio.runtime.card_profile import character_portrait, import_card
from tests.support import Harness


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def solid_png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A real ``width``×``height`` RGB PNG of one colour."""
    row = b"\x00" + bytes(rgb) * width
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (st.PNG_SIGNATURE + st._chunk(b"IHDR", header) + st._chunk(b"IDAT", zlib.compress(row * height))
            + st._chunk(b"IEND", b""))


def card_file(folder: Path, name: str, image: bytes) -> Path:
    """A SillyTavern PNG card of ``name`` whose picture is ``image``."""
    path = folder / f"{name}.png"
    path.write_bytes(st.card_png(LibraryEntry(type="character", name=name, description=f"{name} of the harbour.",
                                              card={"personality": "Quiet."}),
                                 [], image))
    return path


def _store(harness: Harness) -> LibraryStore:
    runtime = harness.runtime
    project = runtime.projects.resolve(None)
    return LibraryStore.open(runtime.db, project.id, runtime.project_dir(project))


async def test_a_cards_picture_is_kept_as_its_agents_portrait_and_exported_again(harness: Harness,
                                                                               tmp_path: Path) -> None:
    red = solid_png(64, 48, (200, 30, 30))
    card = card_file(tmp_path, "Mira", red)
    made = import_card(harness.runtime, _store(harness), card, as_profile=True)
    assert made.profile is not None and made.profile.portrait_note == ""
    data_dir = harness.runtime.data_dir
    kept = kept_portrait(data_dir, "mira")
    assert kept == made.profile.portrait == data_dir / "portraits" / "mira.png"
    # the picture itself, without the card's text (the story library holds that)
    assert kept.read_bytes() == red
    assert st.png_text_chunks(kept.read_bytes(), "kept") == {}

    # a card export of the character is that picture with the card's data in it, and imports as the same card
    assert character_portrait(harness.runtime, "Mira") == kept
    exported = st.card_png(_store(harness).find("Mira").entry, [], kept.read_bytes())  # type: ignore[union-attr]
    assert card_image(exported, "exported") == red
    assert st.entries_from_card(st.read_card(exported, "exported"), "exported")[0].name == "Mira"


def test_the_cli_says_the_portrait_is_kept_and_exports_the_card_with_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = ["--data-dir", str(tmp_path / "data")]
    green = solid_png(32, 32, (20, 160, 40))
    code, out, err = run_cli(capsys, "library", "import", str(card_file(tmp_path, "Oren", green)), "--as-profile",
                             *d)
    assert code == 0 and err == ""
    assert "Oren.png: the card's picture is the agent's portrait.\n" in out
    target = tmp_path / "out" / "oren-card.png"
    target.parent.mkdir()
    code, out, err = run_cli(capsys, "library", "export", "--format", "card", "--character", "Oren", "--out",
                             str(target), *d)
    assert (code, err) == (0, "")
    assert card_image(target.read_bytes(), "exported") == green  # not the 1×1 grey of a card with no portrait
    assert "chara" in st.png_text_chunks(target.read_bytes(), "exported")


async def test_a_hostile_or_oversized_picture_is_refused_with_its_code_and_the_agent_is_still_made(
        harness: Harness, tmp_path: Path) -> None:
    huge = st.PNG_SIGNATURE + st._chunk(b"IHDR", struct.pack(">IIBBBBB", 60_000, 60_000, 8, 2, 0, 0, 0)) + \
        st._chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + st._chunk(b"IEND", b"")  # a decompression bomb's header
    made = import_card(harness.runtime, _store(harness), card_file(tmp_path, "Bomb", huge), as_profile=True)
    assert made.profile is not None and made.profile.portrait is None
    assert made.profile.portrait_note.endswith(f"[{codes.CARD_PORTRAIT_TOO_LARGE}]")
    assert "60000×60000" in made.profile.portrait_note and str(MAX_PORTRAIT_SIDE) in made.profile.portrait_note
    assert "bomb" in harness.runtime.profiles() and kept_portrait(harness.runtime.data_dir, "bomb") is None

    headless = st.PNG_SIGNATURE + st._chunk(b"IDAT", zlib.compress(b"\x00")) + st._chunk(b"IEND", b"")
    with pytest.raises(LibraryError) as refused:
        card_image(st.png_with_text(headless, {"chara": b"e30="}), "odd.png")
    assert refused.value.code == codes.CARD_PORTRAIT_BAD_IMAGE

    # a placeholder picture (a card exported with no portrait: 1×1) keeps the initials, and says nothing
    plain = import_card(harness.runtime, _store(harness), card_file(tmp_path, "Tam", solid_png(1, 1, (9, 9, 9))),
                        as_profile=True)
    assert plain.profile is not None and (plain.profile.portrait, plain.profile.portrait_note) == (None, "")
    assert not portrait_path(harness.runtime.data_dir, "tam").exists()
