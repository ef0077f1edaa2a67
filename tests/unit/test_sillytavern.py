"""SillyTavern interop: Character Card V2/V3 in PNG (both chunks, ccv3 preferred), JSON and CHARX; World
Info; hostile files; round trips through a reader written from the published specs."""

from __future__ import annotations

import base64
import io
import json
import struct
import zipfile
import zlib
from pathlib import Path
from typing import Any

import pytest

from relay_studio.library import sillytavern as st
from relay_studio.library.entries import LibraryEntry, LibraryError, parse_entry, render_entry
from relay_studio.library.store import LibraryStore
from relay_studio.store.database import DEFAULT_PROJECT_ID, Database


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def _png(chunks: list[tuple[bytes, bytes]]) -> bytes:
    ihdr = _chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0))
    return (b"\x89PNG\r\n\x1a\n" + ihdr + b"".join(_chunk(k, v) for k, v in chunks)
            + _chunk(b"IDAT", zlib.compress(b"\x00\x00")) + _chunk(b"IEND", b""))


def _text(keyword: str, card: dict[str, Any]) -> tuple[bytes, bytes]:
    return b"tEXt", keyword.encode() + b"\x00" + base64.b64encode(json.dumps(card).encode())


def _card(spec: str, name: str, **data: Any) -> dict[str, Any]:
    version = "3.0" if spec == "chara_card_v3" else "2.0"
    return {"spec": spec, "spec_version": version, "data": {
        "name": name, "description": f"{name} keeps the lighthouse.", "personality": "Stubborn, kind.",
        "scenario": "A storm night.", "first_mes": "Who goes there?", "mes_example": "<START>\n{{char}}: Hm.",
        "creator_notes": "", "system_prompt": "", "post_history_instructions": "", "alternate_greetings": [],
        "tags": ["sea"], "creator": "anon", "character_version": "1", "extensions": {"x/y": 1}, **data}}


BOOK = {"extensions": {}, "entries": [
    {"keys": ["lighthouse", "the Light"], "content": "It has burned for 200 years.", "extensions": {},
     "enabled": True, "insertion_order": 0, "constant": True, "name": "The Lighthouse", "use_regex": False},
    {"keys": ["storm"], "content": "Storms come from the west.", "extensions": {}, "enabled": True,
     "insertion_order": 1, "secondary_keys": ["west"], "selective": True, "use_regex": False},
    {"keys": ["hidden"], "content": "Off.", "extensions": {}, "enabled": False, "insertion_order": 2},
]}


def test_a_png_with_both_chunks_prefers_ccv3_and_keeps_the_card_fields() -> None:
    data = _png([_text("chara", _card("chara_card_v2", "Old Name")),
                 _text("ccv3", _card("chara_card_v3", "Edda", character_book=BOOK))])
    entries = st.entries_from_card(st.read_card(data, "edda.png"), "edda.png")
    character, light, storm = entries  # the disabled book entry is not imported
    assert (character.type, character.name) == ("character", "Edda")
    assert character.description == "Edda keeps the lighthouse."
    assert character.card is not None and character.card["personality"] == "Stubborn, kind."
    assert character.card["scenario"] == "A storm night." and character.card["firstMessage"] == "Who goes there?"
    assert character.card["exampleMessages"].startswith("<START>") and character.tags == ["sea"]
    assert (light.type, light.name, light.aliases, light.always_include) == (
        "lore", "The Lighthouse", ["lighthouse", "the Light"], True)
    # a lorebook entry remembers whose card it came from: its {{char}} is that character
    assert (storm.name, storm.aliases, storm.card) == ("Storm", [], {"character": "Edda", "secondaryKeys": ["west"]})
    assert light.card == {"character": "Edda"}
    # the entry file keeps every card field, and reads back the same
    assert parse_entry(render_entry(character), "x") == character


def test_v2_json_and_charx_cards() -> None:
    v2 = json.dumps(_card("chara_card_v2", "Bram")).encode()
    assert st.entries_from_card(st.read_card(v2, "bram.json"), "bram.json")[0].name == "Bram"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("card.json", json.dumps(_card("chara_card_v3", "Cato")))
        archive.writestr("assets/icon/main.png", b"\x89PNG")
    assert st.entries_from_card(st.read_card(buffer.getvalue(), "cato.charx"), "cato.charx")[0].name == "Cato"


def _charx(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _refused(data: bytes, source: str) -> LibraryError:
    with pytest.raises(LibraryError) as caught:
        st.entries_from_card(st.read_card(data, source), source)
    assert caught.value.message.startswith(source)
    return caught.value


def test_hostile_cards_are_refused_with_a_sentence() -> None:
    card = json.dumps(_card("chara_card_v3", "X")).encode()
    assert _refused(_charx({"card.json": card, "../evil.txt": b"x"}), "evil.charx").code == "card.unsafe_path"
    assert _refused(_charx({"card.json": card, "/etc/passwd": b"x"}), "abs.charx").code == "card.unsafe_path"
    bomb = _charx({"card.json": b" " * (st.MAX_CARD_JSON_BYTES + 10)})
    assert len(bomb) < 100_000 and _refused(bomb, "bomb.charx").code == "card.too_large"
    good = _png([_text("ccv3", _card("chara_card_v3", "Y"))])
    broken = bytearray(good)
    broken[40] ^= 0xFF  # inside the tEXt chunk: its CRC no longer matches
    assert _refused(bytes(broken), "broken.png").code == "card.bad_crc"
    huge = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 100 * 1024 * 1024) + b"tEXt" + b"chara\x00AAAA"
    error = _refused(huge, "huge.png")
    assert error.code == "card.chunk_too_large" and "100 MB" in error.message and "8 MB" in error.message
    assert _refused(good[:60], "cut.png").code == "card.truncated"
    assert _refused(_png([]), "plain.png").code == "card.no_card"
    assert _refused(b"{not json", "bad.json").code == "card.bad_json"
    assert _refused(json.dumps({"spec": "chara_card_v9", "data": {}}).encode(), "v9.json").code == "card.unknown_spec"
    wrong = json.dumps(_card("chara_card_v2", "Z", tags="sea")).encode()
    assert _refused(wrong, "types.json").code == "card.bad_field"


def _read_card_per_spec(png: bytes) -> dict[str, Any]:
    """A reader written from the published specs: walk the PNG chunks, take tEXt 'ccv3' (V3) over 'chara'
    (V2), base64-decode, parse JSON, check the required fields of the spec it claims."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, texts = 8, {}
    while at < len(png):
        (length,) = struct.unpack(">I", png[at:at + 4])
        kind, body = png[at + 4:at + 8], png[at + 8:at + 8 + length]
        assert struct.unpack(">I", png[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body)
        if kind == b"tEXt":
            key, value = body.split(b"\x00", 1)
            texts[key.decode()] = value
        at += 12 + length
    v2 = json.loads(base64.b64decode(texts["chara"]))
    v3 = json.loads(base64.b64decode(texts["ccv3"]))
    assert (v2["spec"], v2["spec_version"], v3["spec"], v3["spec_version"]) == (
        "chara_card_v2", "2.0", "chara_card_v3", "3.0")
    for card in (v2, v3):
        for field in ("name", "description", "personality", "scenario", "first_mes", "mes_example", "creator_notes",
                      "system_prompt", "post_history_instructions", "alternate_greetings", "tags", "creator",
                      "character_version", "extensions"):
            assert field in card["data"], field
        for entry in card["data"].get("character_book", {}).get("entries", []):
            for field in ("keys", "content", "extensions", "enabled", "insertion_order"):
                assert field in entry, field
    assert all("use_regex" in e for e in v3["data"]["character_book"]["entries"])
    return dict(v3)


def test_a_card_exported_by_the_studio_opens_in_a_spec_reader_and_round_trips() -> None:
    data = _png([_text("ccv3", _card("chara_card_v3", "Edda", character_book=BOOK))])
    character, *book = st.entries_from_card(st.read_card(data, "edda.png"), "edda.png")
    exported = st.card_png(character, book)
    card = _read_card_per_spec(exported)
    assert card["data"]["first_mes"] == "Who goes there?" and card["data"]["extensions"] == {"x/y": 1}
    again = st.entries_from_card(st.read_card(exported, "again.png"), "again.png")
    assert again == [character, *book]


def test_world_info_round_trip_and_hostile_world_info(tmp_path: Path) -> None:
    world = {"entries": {
        "0": {"uid": 0, "key": ["Saltmarsh", "the marsh"], "keysecondary": [], "comment": "Saltmarsh",
              "content": "A drowned town.", "constant": False, "disable": False},
        "1": {"uid": 1, "key": ["tide"], "keysecondary": ["moon"], "comment": "", "content": "Magic follows it.",
              "constant": True, "disable": False},
        "2": {"uid": 2, "key": ["off"], "comment": "Off", "content": "x", "constant": False, "disable": True},
    }}
    entries = st.entries_from_world_info(json.dumps(world).encode(), "world.json")
    assert [(e.name, e.aliases, e.always_include) for e in entries] == [
        ("Saltmarsh", ["the marsh"], False), ("Tide", [], True)]
    again = st.entries_from_world_info(json.dumps(st.world_info_json(entries)).encode(), "again.json")
    assert again == entries
    exported = st.world_info_json(entries)["entries"]["1"]
    assert (exported["key"], exported["keysecondary"], exported["constant"], exported["disable"]) == (
        ["Tide"], ["moon"], True, False)
    # through the store: one file, all or nothing
    db = Database(tmp_path / "w.db")
    try:
        store = LibraryStore.open(db, DEFAULT_PROJECT_ID, tmp_path / "project")
        store.save(LibraryEntry(type="lore", name="The Marsh", aliases=["the marsh"]))
        # "Saltmarsh" shares a key with "The Marsh" and differs: left alone and named; the rest imports
        outcome = store.add_all(entries, "world.json")
        assert (outcome.added, outcome.skipped) == (["Tide"], ["Saltmarsh"])
        assert [i.entry.name for i in store.entries()] == ["The Marsh", "Tide"]
        # a file that names two of its entries alike imports nothing
        twins = [LibraryEntry(type="lore", name="Reef"), LibraryEntry(type="lore", name="Shoal", aliases=["reef"])]
        with pytest.raises(LibraryError) as clash:
            store.add_all(twins, "twins.json")
        assert "Nothing from this file was imported" in clash.value.message
        assert [i.entry.name for i in store.entries()] == ["The Marsh", "Tide"]
    finally:
        db.close()
    for doc, code in (({"entries": {"0": {"key": "tide", "content": "x"}}}, "worldinfo.bad_entry"),
                      ({"entries": {"0": {"key": ["a"], "constant": "yes"}}}, "worldinfo.bad_entry"),
                      ({"nothing": 1}, "worldinfo.bad_shape"),
                      ({"entries": [{"key": ["k"], "content": "c"}] * (st.MAX_WORLD_INFO_ENTRIES * 10)},
                       "worldinfo.too_many_entries")):
        with pytest.raises(LibraryError) as caught:
            st.entries_from_world_info(json.dumps(doc).encode(), "w.json")
        assert caught.value.code == code and caught.value.message.startswith("w.json")


def test_a_lore_entry_named_after_a_lowercase_key_is_written_as_a_name() -> None:
    """A lorebook entry with no name or comment takes its first key, written as a name (issue 38); a key with
    capitals of its own keeps them."""
    book = {"extensions": {}, "entries": [
        {"keys": ["eldoria"], "content": "A kingdom by the sea.", "extensions": {}, "enabled": True,
         "insertion_order": 0},
        {"keys": ["silver harbour"], "content": "Its port.", "extensions": {}, "enabled": True, "insertion_order": 1},
        {"keys": ["McAllister"], "content": "The keeper.", "extensions": {}, "enabled": True, "insertion_order": 2}]}
    entries = st.entries_from_card(_card("chara_card_v3", "Mara", character_book=book), "mara.png")
    lore = [(e.name, e.aliases) for e in entries if e.type == "lore"]
    assert lore == [("Eldoria", []), ("Silver Harbour", []), ("McAllister", [])]
    world = {"entries": {"0": {"uid": 0, "key": ["eldoria"], "keysecondary": [], "comment": "", "content": "A kingdom.",
                               "constant": False, "selective": False}}}
    assert [e.name for e in st.entries_from_world_info(json.dumps(world).encode(), "world.json")] == ["Eldoria"]


def test_a_lowercase_lore_name_takes_the_casing_the_cards_own_text_writes_it_in() -> None:
    """A memo or key written in lowercase for matching ("eldoria") is named as the entry's text writes it
    ("The forest of Eldoria"), the lowercase key then no alias of its own; a name the text never capitalises
    stays as the card has it (issue 38)."""
    book = {"extensions": {}, "entries": [
        {"keys": ["eldoria"], "comment": "eldoria", "content": "The forest of Eldoria, old and enchanted.",
         "extensions": {}, "enabled": True, "insertion_order": 0},
        {"keys": ["glade"], "comment": "glade", "content": "Seraphina's glade, warded by her magic.",
         "extensions": {}, "enabled": True, "insertion_order": 1},
        {"keys": ["shadowfang"], "content": "Beasts. SHADOWFANG howl at night.", "extensions": {}, "enabled": True,
         "insertion_order": 2}]}
    entries = st.entries_from_card(_card("chara_card_v3", "Seraphina", character_book=book), "seraphina.png")
    assert [(e.name, e.aliases) for e in entries if e.type == "lore"] == [
        ("Eldoria", []), ("glade", []), ("SHADOWFANG", [])]
    world = {"entries": {"0": {"uid": 0, "key": ["eldoria", "the old wood"], "keysecondary": [], "comment": "eldoria",
                               "content": "Deep in Eldoria.", "constant": False, "selective": False}}}
    [entry] = st.entries_from_world_info(json.dumps(world).encode(), "world.json")
    assert (entry.name, entry.aliases) == ("Eldoria", ["the old wood"])
