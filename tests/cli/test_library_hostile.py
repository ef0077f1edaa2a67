"""Hostile imports (issue 29): every file is read within stated limits before anything is written, each
refusal is one line naming the file with its code, the rest of a batch still imports, and an entry file
an older version wrote damaged is that one file's problem, never the project's."""

from __future__ import annotations

import io
import json
import struct
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from relay_studio.cli import main


def _deep_card(depth: int) -> bytes:
    inner = "[" * depth + "]" * depth
    return ('{"spec": "chara_card_v2", "data": {"name": "Deep", "description": "x", "extensions": {"a": '
            + inner + "}}}").encode()


def _deep_yaml_md(depth: int) -> bytes:
    return ("---\nname: Deep\ntype: lore\ncard:\n  x: " + "[" * depth + "]" * depth + "\n---\nBody.\n").encode()


_BOMB = (b"---\nname: Bomb\ntype: lore\ncard:\n"
         b"  a: &a [x, x, x, x, x, x, x, x, x]\n  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
         b"  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
         b"  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n  f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
         b"  g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n  h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]\n"
         b"  i: [*h, *h, *h, *h, *h, *h, *h, *h, *h]\n---\nBoom.\n")


def _card_json(**extra: object) -> dict[str, object]:
    return {"spec": "chara_card_v2", "data": {"name": "Zed", "description": "A card.", **extra}}


def _charx(card: bytes, *, method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=method) as archive:
        archive.writestr("card.json", card)
    return buffer.getvalue()


def _patch_central(data: bytes, offset: int, fmt: str, value: int) -> bytes:
    """Sets a field of the (one) central directory header, at ``offset`` from its signature."""
    at = data.rindex(b"PK\x01\x02")
    out = bytearray(data)
    struct.pack_into(fmt, out, at + offset, value)
    return bytes(out)


def _patch_local(data: bytes, offset: int, fmt: str, value: int) -> bytes:
    out = bytearray(data)
    struct.pack_into(fmt, out, offset, value)
    return bytes(out)


_GOOD_CARD = json.dumps(_card_json()).encode()


def _encrypted() -> bytes:
    data = _charx(_GOOD_CARD)
    return _patch_local(_patch_central(data, 8, "<H", 0x1), 6, "<H", 0x1)


def _bad_crc() -> bytes:
    return _patch_central(_charx(_GOOD_CARD), 16, "<I", 0xDEADBEEF)


def _lying_size() -> bytes:
    big = json.dumps(_card_json(personality=" " * (9 * 1024 * 1024))).encode()  # 9 MB, compresses to KBs
    data = _charx(big)
    return _patch_central(data, 24, "<I", 100)  # claims 100 bytes expanded


def _lying_small_size() -> bytes:
    return _patch_central(_charx(json.dumps(_card_json(personality=" " * 5000)).encode()), 24, "<I", 100)


def _unknown_method() -> bytes:
    data = _charx(_GOOD_CARD)
    return _patch_local(_patch_central(data, 10, "<H", 99), 8, "<H", 99)


HOSTILE: dict[str, tuple[str, Callable[[], bytes], str]] = {
    "card extensions 300 deep": ("deep.json", lambda: _deep_card(300), "library.too_deeply_nested"),
    "card JSON past the recursion limit": ("deeper.json", lambda: _deep_card(100_000), "library.too_deeply_nested"),
    "entry YAML 300 deep": ("deep.md", lambda: _deep_yaml_md(300), "library.too_deeply_nested"),
    "entry YAML past the recursion limit": ("deeper.md", lambda: _deep_yaml_md(5000), "library.too_deeply_nested"),
    "YAML alias bomb": ("bomb.md", lambda: _BOMB, "library.yaml_alias_budget"),
    "YAML alias that holds itself": ("loop.md", lambda: b"---\nname: Loop\ncard:\n  x: &a [*a]\n---\n",
                                     "library.yaml_alias_budget"),
    "card integer of 5000 digits": ("big.json", lambda: ('{"spec": "chara_card_v2", "data": {"name": "Big", '
                                                         '"extensions": {"n": ' + "9" * 5000 + "}}}").encode(),
                                    "library.number_too_large"),
    "YAML integer of 5000 digits": ("big.md", lambda: ("---\nname: Big\ncard:\n  n: " + "9" * 5000 + "\n---\n")
                                    .encode(), "library.number_too_large"),
    "World Info integer of 5000 digits": ("wi.json", lambda: ('{"entries": {"0": {"key": ["k"], "comment": "K", '
                                                              '"uid": ' + "7" * 5000 + "}}}").encode(),
                                          "library.number_too_large"),
    "lone surrogate in a card": ("sur.json", lambda: b'{"spec": "chara_card_v2", "data": {"name": "S\\ud800"}}',
                                 "library.lone_surrogate"),
    "lone surrogate in World Info": ("wis.json", lambda: b'{"entries": {"0": {"key": ["k"], "comment": "\\udc00"}}}',
                                     "library.lone_surrogate"),
    "encrypted CHARX": ("enc.charx", _encrypted, "card.bad_charx"),
    "CHARX with a bad CRC": ("crc.charx", _bad_crc, "card.bad_charx"),
    # counted as it expands (domain/bounded.py), not at the header's word: 9 MB is past the 8 MB limit
    "CHARX lying about its size": ("lie.charx", _lying_size, "card.too_large"),
    "CHARX lying about a size within the limit": ("small-lie.charx", _lying_small_size, "card.bad_charx"),
    "CHARX with an unknown method": ("method.charx", _unknown_method, "card.bad_charx"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_import_is_refused_in_one_line_and_the_rest_of_the_batch_imports(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str) -> None:
    name, make, code = HOSTILE[case]
    hostile = tmp_path / name
    hostile.write_bytes(make())
    good = tmp_path / "heron.md"
    good.write_text("---\ntype: item\nname: Heron\n---\nA ship.\n", encoding="utf-8")
    d = ["--data-dir", str(tmp_path / "data")]
    assert main(["library", "import", str(hostile), str(good), "--json", *d]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert err.startswith(f"error: {name}") and f"[{code}" in err, err
    report = json.loads(out)
    assert report[0]["file"] == str(hostile) and report[0]["error"].startswith(code)
    assert report[1]["imported"] == ["Heron"]
    library = tmp_path / "data" / "projects" / "default" / "library"
    assert sorted(p.name for p in library.rglob("*.md")) == ["heron.md"], "nothing of the hostile file was written"
    assert main(["library", "list", *d]) == 0
    assert capsys.readouterr().out.strip() == "item\tHeron"


DAMAGED: dict[str, str] = {
    "nested 300 deep": "---\nname: Deep\ntype: lore\ncard:\n  x: " + "[" * 300 + "]" * 300 + "\n---\nBody.\n",
    "an alias bomb": _BOMB.decode(),
    "a 5000-digit integer": "---\nname: Big\ncard:\n  n: " + "9" * 5000 + "\n---\n",
}


@pytest.mark.parametrize("case", list(DAMAGED))
def test_a_damaged_entry_file_is_that_files_problem_and_the_project_still_runs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str) -> None:
    d = ["--data-dir", str(tmp_path / "data")]
    assert main(["library", "add", "--name", "Mira", "--type", "character", *d]) == 0
    capsys.readouterr()
    bad = tmp_path / "data" / "projects" / "default" / "library" / "lore" / "bad.md"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text(DAMAGED[case], encoding="utf-8")  # as an older version wrote it
    assert main(["library", "list", *d]) == 0
    out, err = capsys.readouterr()
    assert out.strip() == "character\tMira"
    assert err.count("\n") == 1 and err.startswith("warning: library/lore/bad.md") and "Traceback" not in err, err
    assert main(["library", "show", "Mira", *d]) == 0
    capsys.readouterr()
    assert main(["demo", *d]) == 0, "a run in the project starts and ends"
    assert bad.exists(), "the file is the creator's: reported, never touched"


def test_names_that_slug_alike_get_distinct_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    world = tmp_path / "world.json"
    world.write_text(json.dumps({"entries": {str(i): {"key": [name], "comment": name, "content": f"Entry {name}."}
                                             for i, name in enumerate(["Mira!", "Mira?", "!!!", "???"])}}),
                     encoding="utf-8")
    d = ["--data-dir", str(tmp_path / "data")]
    assert main(["library", "import", str(world), *d]) == 0
    assert capsys.readouterr().out.startswith("world.json: imported 4 entries")
    lore = tmp_path / "data" / "projects" / "default" / "library" / "lore"
    assert sorted(p.name for p in lore.glob("*.md")) == ["entry-2.md", "entry.md", "mira-2.md", "mira.md"]
    assert main(["library", "list", "--json", *d]) == 0
    listed = {e["name"]: e["path"] for e in json.loads(capsys.readouterr().out)}
    assert listed == {"Mira!": "library/lore/mira.md", "Mira?": "library/lore/mira-2.md",
                      "!!!": "library/lore/entry.md", "???": "library/lore/entry-2.md"}
    assert main(["library", "add", "--name", "Mira.", "--type", "lore", *d]) == 0
    assert capsys.readouterr().out.strip() == "Added 'Mira.' (lore) in library/lore/mira-3.md."
    assert main(["library", "edit", "Mira?", "--description", "Changed.", "--json", *d]) == 0
    assert json.loads(capsys.readouterr().out)["path"] == "library/lore/mira-2.md", "it keeps its own file"
    assert (lore / "mira.md").read_text(encoding="utf-8").endswith("Entry Mira!.\n")


def test_an_import_reads_the_library_once_not_once_per_entry(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from relay_studio.library import store as store_module
    from relay_studio.library.entries import LibraryEntry
    from relay_studio.library.store import LibraryStore
    from relay_studio.store.database import DEFAULT_PROJECT_ID, Database

    db = Database(tmp_path / "data.sqlite3")
    project = tmp_path / "project"
    store = LibraryStore.open(db, DEFAULT_PROJECT_ID, project)
    store.add_all([LibraryEntry(type="lore", name=f"Old {i}") for i in range(500)], "old.json")
    loads = 0
    real = store_module._entry_of

    def counted(row: object) -> object:
        nonlocal loads
        loads += 1
        return real(row)

    monkeypatch.setattr(store_module, "_entry_of", counted)
    store.add_all([LibraryEntry(type="lore", name=f"New {i}") for i in range(20)], "new.json")
    assert loads <= 500, f"{loads} entries loaded to add 20 to 500 (once per new entry would be 10,000)"
    assert len(store.entries()) == 520


_HEADER = '{"user_name": "You", "character_name": "Zed"}\n'
HOSTILE_CHATS: dict[str, tuple[str, str]] = {
    "nested past the recursion limit": ('{"name": "You", "is_user": true, "mes": "Hi", "extra": '
                                        + "[" * 100_000 + "]" * 100_000 + "}", "library.too_deeply_nested"),
    "an integer of 5000 digits": ('{"name": "You", "is_user": true, "mes": "Hi", "send_date": ' + "9" * 5000 + "}",
                                  "library.number_too_large"),
    "a lone surrogate": ('{"name": "You", "is_user": true, "mes": "Hi \\ud83d"}', "library.lone_surrogate"),
}


@pytest.mark.parametrize("case", list(HOSTILE_CHATS))
def test_a_hostile_chat_file_is_refused_in_one_line_naming_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str) -> None:
    line, code = HOSTILE_CHATS[case]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(_HEADER + line + "\n", encoding="utf-8")
    good = tmp_path / "good.jsonl"
    good.write_text(_HEADER + '{"name": "You", "is_user": true, "mes": "Hello."}\n', encoding="utf-8")
    d = ["--data-dir", str(tmp_path / "data")]
    assert main(["chat", "import", str(bad), str(good), *d]) == 2
    out, err = capsys.readouterr()
    assert err.startswith("error: bad.jsonl, line 2 ") and err.endswith(f"[{code}]\n") and err.count("\n") == 1, err
    assert out == "good.jsonl: imported as the chat 'good' (1 messages).\n"
