"""The CLI's projects and library commands, and --project on the commands that read or write a chat."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from relay_studio.cli import main


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_projects_list_create_rename(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = ["--data-dir", str(tmp_path / "data")]
    code, out, _ = run_cli(capsys, "projects", "create", "Moon Saga", *d)
    assert (code, out.strip()) == (0, "Created the project 'Moon Saga'.")
    code, out, err = run_cli(capsys, "projects", "create", "Moon Saga", *d)
    assert code == 2 and err == "error: There is already a project named 'Moon Saga'. [project.name_taken]\n"
    code, out, _ = run_cli(capsys, "projects", "rename", "Moon Saga", "Moon Saga II", *d)
    assert out.strip() == "Renamed the project 'Moon Saga' to 'Moon Saga II'."
    code, out, _ = run_cli(capsys, "projects", "list", "--json", *d)
    listed = json.loads(out)
    assert [(p["name"], p["slug"], p["default"]) for p in listed] == [("Default", "default", True),
                                                                       ("Moon Saga II", "moon-saga", False)]


def test_project_option_keeps_chats_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = ["--data-dir", str(tmp_path / "data")]
    run_cli(capsys, "projects", "create", "Noir", *d)
    assert run_cli(capsys, "demo", "--project", "Noir", *d)[0] == 0
    code, out, _ = run_cli(capsys, "chat", "show", "Demo relay", "--project", "Noir", "--json", *d)
    assert code == 0 and json.loads(out)["chat"]["project_id"] != "project_default"
    code, _, err = run_cli(capsys, "chat", "show", "Demo relay", *d)  # not in the default project
    assert code == 2 and "There is no chat 'Demo relay'" in err
    code, _, err = run_cli(capsys, "demo", "--project", "Nowhere", *d)
    assert code == 2 and "There is no project 'Nowhere'. Projects: Default, Noir." in err


def test_library_add_show_edit_list_remove(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = ["--data-dir", str(tmp_path / "data")]
    code, out, _ = run_cli(capsys, "library", "add", "--name", "Mira", "--type", "character", "--alias", "Captain",
                           "--description", "Commands the Heron.", "--notes", "Secret.", *d)
    assert (code, out.strip()) == (0, "Added 'Mira' (character) in library/character/mira.md.")
    file = tmp_path / "data" / "projects" / "default" / "library" / "character" / "mira.md"
    assert file.read_text(encoding="utf-8").startswith("---\ntype: character\nname: Mira\naliases:\n- Captain\n")
    code, out, _ = run_cli(capsys, "library", "edit", "Captain", "--always-include", "--tag", "crew", "--json", *d)
    shown = json.loads(out)
    assert shown["alwaysInclude"] is True and shown["tags"] == ["crew"] and shown["notes"] == "Secret."
    code, out, _ = run_cli(capsys, "library", "list", "--json", *d)
    assert [e["name"] for e in json.loads(out)] == ["Mira"] and "notes" not in json.loads(out)[0]
    code, out, _ = run_cli(capsys, "library", "show", "mira", *d)
    assert "Private notes:\nSecret." in out and "Always included: yes" in out
    code, _, err = run_cli(capsys, "library", "add", "--name", "captain", *d)
    assert code == 2 and "[library.name_taken]" in err
    assert run_cli(capsys, "library", "remove", "Mira", *d)[0] == 0 and not file.exists()
    code, _, err = run_cli(capsys, "library", "show", "Mira", *d)
    assert code == 2 and "There is no entry 'Mira'" in err


def test_library_import_batch_names_each_bad_file_and_imports_the_rest(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    d = ["--data-dir", str(tmp_path / "data")]
    good = tmp_path / "heron.md"
    good.write_text("---\ntype: item\nname: Heron\n---\nA ship.\n", encoding="utf-8")
    bad = tmp_path / "notes.md"
    bad.write_text("plain notes", encoding="utf-8")
    code, out, err = run_cli(capsys, "library", "import", str(bad), str(good), str(tmp_path / "missing.md"), *d)
    assert code == 2
    assert "notes.md does not start with a '---' frontmatter block. [library.no_frontmatter]" in err
    assert "missing.md does not exist" in err
    assert out.strip() == "heron.md: imported 1 entries (Heron)."
    code, out, _ = run_cli(capsys, "library", "list", *d)
    assert out.strip() == "item\tHeron"


def test_card_and_world_info_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from relay_studio.library import sillytavern as st
    from relay_studio.library.entries import LibraryEntry

    d = ["--data-dir", str(tmp_path / "data")]
    edda = LibraryEntry(type="character", name="Edda", description="Keeps the light.",
                        card={"personality": "Stubborn.", "firstMessage": "Who goes there?"})
    book = [LibraryEntry(type="lore", name="The Lighthouse", aliases=["light"], description="Old.",
                         always_include=True)]
    card = tmp_path / "edda.png"
    card.write_bytes(st.card_png(edda, book))
    code, out, _ = run_cli(capsys, "library", "import", str(card), *d)
    assert (code, out.strip()) == (0, "edda.png: imported 2 entries (Edda, The Lighthouse).")
    code, out, _ = run_cli(capsys, "library", "import", str(card), *d)  # again: the same entries, unchanged
    assert (code, out.strip()) == (0, "edda.png: nothing new to import.\n"
                                      "edda.png: already in the library, unchanged: Edda, The Lighthouse.")
    world = tmp_path / "world.json"
    assert run_cli(capsys, "library", "export", "--out", str(world), *d)[0] == 0
    exported = json.loads(world.read_text(encoding="utf-8"))["entries"]
    assert [(e["comment"], e["key"], e["constant"]) for e in exported.values()] == [
        ("The Lighthouse", ["The Lighthouse", "light"], True)]
    again = tmp_path / "again.png"
    assert run_cli(capsys, "library", "export", "--format", "card", "--character", "Edda", "--out", str(again),
                   *d)[0] == 0
    character, *rest = st.entries_from_card(st.read_card(again.read_bytes(), "again.png"), "again.png")
    assert character.card == edda.card and [e.name for e in rest] == ["The Lighthouse"]
    d2 = ["--data-dir", str(tmp_path / "other")]
    code, out, _ = run_cli(capsys, "library", "import", str(world), *d2)
    assert out.strip() == "world.json: imported 1 entries (The Lighthouse)."


def test_an_import_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "huge.png"
    with big.open("wb") as handle:  # sparse: a gigabyte on paper, nothing on disk
        handle.truncate(1024 * 1024 * 1024)
    code, _, err = run_cli(capsys, "library", "import", str(big), "--data-dir", str(tmp_path / "data"))
    assert code == 2 and err == ("error: huge.png is larger than 50 MB, the import limit. "
                                 "[library.file_too_large]\n")


def test_persona_names_what_sillytavern_user_becomes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = ["--data-dir", str(tmp_path / "data")]
    assert run_cli(capsys, "persona", *d)[:2] == (0, "User\n")  # SillyTavern's default persona
    assert run_cli(capsys, "persona", "Ada  Lind", *d)[:2] == (0, "Ada Lind\n")
    assert run_cli(capsys, "persona", *d)[:2] == (0, "Ada Lind\n")
    world = tmp_path / "world.json"
    world.write_text(json.dumps({"entries": {"0": {"key": ["Harbour"], "comment": "Harbour",
                                                   "content": "{{char}} meets {{user}} by the Harbour."}}}))
    assert run_cli(capsys, "library", "import", str(world), *d)[0] == 0
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"turns": {"explorer": [{"text": "Noted."}]}}))
    code, out, _ = run_cli(capsys, "run", "--agent", "explorer", "--prompt", "The Harbour?", "--script", str(script),
                           "--jsonl", *d)
    assert code == 0
    [assembled] = [e for e in map(json.loads, out.splitlines()) if e.get("type") == "context_assembled"]
    assert "Explorer meets Ada Lind by the Harbour." in assembled["payload"]["systemPrompt"]
    code, out, _ = run_cli(capsys, "library", "show", "Harbour", *d)  # the creator's own view: as written
    assert "{{char}} meets {{user}} by the Harbour." in out
    assert run_cli(capsys, "persona", "", *d)[:2] == (0, "User\n")  # emptied: the default again


def test_a_long_list_of_imported_names_is_summarised(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Round four: 10,000 entries printed every name on one line of ~100 KB; a line lists ten, then a count."""
    from relay_studio.library import sillytavern as st
    from relay_studio.library.entries import LibraryEntry

    entries = [LibraryEntry(type="lore", name=f"Place {i:03}", description="A place.") for i in range(150)]
    world = tmp_path / "world.json"
    world.write_text(json.dumps(st.world_info_json(st.world_info_entries(entries))), encoding="utf-8")
    d = ["--data-dir", str(tmp_path / "data")]
    code, out, _ = run_cli(capsys, "library", "import", str(world), *d)
    listed = ", ".join(f"Place {i:03}" for i in range(10))
    assert (code, out.strip()) == (0, f"world.json: imported 150 entries ({listed} and 140 more (--json lists them "
                                      "all)).")
    code, out, _ = run_cli(capsys, "library", "import", str(world), "--json", *d)
    assert code == 0 and len(json.loads(out)[0]["identical"]) == 150, "the JSON report keeps every name"


def test_an_entry_named_with_hidden_characters_is_added_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by the property test: find() ignores hidden characters, so the new entry was not found by its name
    and `library add` ended in an AssertionError."""
    name = "\x83\U000e004b\U0001d174\U000e004d"
    code, out, err = run_cli(capsys, "library", "add", "--name", name, "--data-dir", str(tmp_path / "data"))
    assert (code, err) == (0, "") and out.startswith("Added '\\x83"), out
