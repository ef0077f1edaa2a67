"""``relay-studio continuity check|mark|after-commit`` over a real data folder: the generated broken manuscript
stored as a chat's answers, its facts in the canon ledger; the rules' findings with both quotes and places, the
reviewer on the scripted provider with dropped findings journaled, "intentional" remembered, facts from a file,
and one line with exit 2 for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bench.manuscript_fixture import break_manuscript, make_manuscript

from relay_studio.cli import main
from relay_studio.domain.canon import FactSource, FactSourceKind
from relay_studio.runtime.engine import Runtime
from relay_studio.store.canon import CanonStore
from relay_studio.store.continuity import ContinuityStore

SHORT = ["The year was 1861. Oren Vale died that night in the fire at Halden.",
         "The year was 1862. Oren Vale walked into the kitchen and lit the stove. Mara Quell rubbed her blue eyes."]


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def seed(data: Path) -> tuple[str, dict[int, str]]:
    """Project 'Saga': chat 'Book' (the broken manuscript, 40 chapters), chat 'Short' (two chapters), the
    broken manuscript's facts in the ledger. Returns the project id and Book's message id per chapter."""
    book, _ = break_manuscript(make_manuscript(words=2_400))
    runtime = Runtime(data)
    try:
        project = runtime.projects.create("Saga")
        chat = runtime.chats.ensure_chat("Book", project_id=project.id)
        ids = {}
        for n, text in enumerate(book.chapters, start=1):
            runtime.chats.add_message(chat.id, "user", f"Write chapter {n}.")
            ids[n] = runtime.chats.add_message(chat.id, "assistant", text, agent_name="Writer").id
        short = runtime.chats.ensure_chat("Short", project_id=project.id)
        for text in SHORT:
            runtime.chats.add_message(short.id, "assistant", text, agent_name="Writer")
        canon = CanonStore(runtime.db)
        for f in book.facts:
            assert f.as_of is not None
            canon.add(project.id, f.text, f.about, attribute=f.attribute, value=f.value, as_of=f.as_of,
                      pinned=f.pinned, source=FactSource(kind=FactSourceKind.MESSAGE, quote=f.quote,
                                                         chat_id=chat.id, message_id=ids[f.as_of]))
        return project.id, ids
    finally:
        runtime.close()


def test_the_check_finds_the_planted_contradictions_with_quotes_and_places_and_remembers_intentional(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    d = ["--data-dir", str(data)]
    project_id, ids = seed(data)
    _, planted = break_manuscript(make_manuscript(words=2_400))
    code, out, err = run_cli(capsys, "continuity", "check", "--project", "Saga", "--chat", "Book", "--json", *d)
    assert (code, err) == (0, "")
    report = json.loads(out)
    assert report["chapters"] == 40 and report["facts"] == 205 and len(report["findings"]) == 20
    by_quote = {f["text"]["quote"]: f for f in report["findings"]}
    for p in planted:
        finding = by_quote[p.quote]
        assert finding["kind"] == p.kind and finding["text"]["place"]["message_id"] == ids[p.chapter]
        assert finding["text"]["place"]["chapter"] == p.chapter and finding["text"]["place"]["chat_name"] == "Book"
        assert finding["evidence"]["quote"] == p.fact.quote
        assert finding["evidence"]["place"]["message_id"] == ids[p.fact.as_of or 0]
    code, text, _ = run_cli(capsys, "continuity", "check", "--project", "Saga", "--chat", "Book", *d)
    assert code == 0 and text.startswith("Checked 40 chapters") and "20 findings" in text
    dead = next(p for p in planted if p.kind == "acts_after_death")
    assert '[rule:acts_after_death] ' in text and f'Book, chapter {dead.chapter}: "{dead.quote}"' in text

    key = by_quote[dead.quote]["key"]
    code, _, err = run_cli(capsys, "continuity", "mark", key, "--reason", "  ", "--project", "Saga", *d)
    assert code == 2 and "[continuity.reason_required]" in err
    code, out, _ = run_cli(capsys, "continuity", "mark", key, "--reason", "A ghost story: he haunts the kitchen.",
                           "--project", "Saga", *d)
    assert code == 0 and "will not be reported again" in out
    code, out, _ = run_cli(capsys, "continuity", "check", "--project", "Saga", "--chat", "Book", "--json", *d)
    again = json.loads(out)
    assert len(again["findings"]) == 19 and again["intentional"] == 1
    assert key not in {f["key"] for f in again["findings"]}
    runtime = Runtime(data)
    try:
        store = ContinuityStore(runtime.db)
        [mark] = store.marks(project_id)
        assert (mark.key, mark.reason, mark.text_quote) == (key, "A ghost story: he haunts the kitchen.", dead.quote)
        assert [e.action for e in store.log(project_id) if e.action != "finding"] == [
            "checked", "checked", "marked_intentional", "checked"]
    finally:
        runtime.close()


def test_the_reviewer_on_a_script_shows_verbatim_findings_and_journals_the_dropped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    d = ["--data-dir", str(data)]
    project_id, _ = seed(data)
    finding = {"entry": "Oren Vale", "explanation": "Oren Vale died in chapter 1.",
               "textQuote": "Oren Vale walked into the kitchen", "evidenceQuote": "Oren Vale died that night"}
    invented = {"entry": "Mara Quell", "explanation": "Invented.", "textQuote": "Mara Quell sang at the wedding",
                "evidenceQuote": "Oren Vale died that night"}
    script = tmp_path / "review.json"
    script.write_text(json.dumps({"turns": {"continuity-reviewer": [
        {"text": json.dumps({"findings": []})},
        {"text": json.dumps({"findings": [finding, invented]})},
    ]}}), encoding="utf-8")
    code, out, err = run_cli(capsys, "continuity", "check", "--project", "Saga", "--chat", "Short", "--script",
                             str(script), *d)
    assert (code, err) == (0, "")
    assert '[reviewer:Continuity reviewer] Oren Vale died in chapter 1.' in out
    assert 'Short, chapter 2: "Oren Vale walked into the kitchen"' in out
    assert 'Short, chapter 1: "Oren Vale died that night"' in out
    assert "Dropped 1 reviewer findings" in out and "Mara Quell sang at the wedding" in out
    assert out.count("[reviewer:") == 1
    runtime = Runtime(data)
    try:
        [dropped] = ContinuityStore(runtime.db).log(project_id, "dropped")
        assert dropped.payload["code"] == "continuity.quote_not_in_text" and dropped.payload["chapter"] == 2
        assert dropped.payload["textQuote"] == "Mara Quell sang at the wedding"
    finally:
        runtime.close()


def test_facts_from_a_file_and_bad_input_each_get_one_line(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    d = ["--data-dir", str(data)]
    seed(data)
    facts = tmp_path / "facts.json"
    facts.write_text(json.dumps([{"text": "Mara Quell has green eyes.", "about": ["Mara Quell"],
                                  "attribute": "eyes", "value": "green"}]), encoding="utf-8")
    code, out, _ = run_cli(capsys, "continuity", "check", "--project", "Saga", "--chat", "Short", "--facts",
                           str(facts), "--json", *d)
    [finding] = json.loads(out)["findings"]
    assert code == 0 and finding["kind"] == "text_contradicts_fact"
    assert finding["evidence"] == {"quote": "Mara Quell has green eyes.",
                                   "place": {"chat_id": None, "chat_name": None, "message_id": None, "chapter": None,
                                             "fact_id": "file-1", "offset": 0}}
    facts.write_text('{"not": "a list"}', encoding="utf-8")
    code, _, err = run_cli(capsys, "continuity", "check", "--project", "Saga", "--facts", str(facts), *d)
    assert code == 2 and err.strip().endswith("[continuity.bad_facts]") and "is not a list of facts" in err
    facts.write_text('[{"text": "unclosed"', encoding="utf-8")
    code, _, err = run_cli(capsys, "continuity", "check", "--project", "Saga", "--facts", str(facts), *d)
    assert code == 2 and "[input.invalid_json]" in err and "facts.json" in err
    code, _, err = run_cli(capsys, "continuity", "check", "--project", "Saga", "--chat", "Nope", *d)
    assert code == 2 and "There is no chat 'Nope' in this project. [continuity.unknown_chat]" in err
    code, out, _ = run_cli(capsys, "continuity", "after-commit", "on", "--project", "Saga", *d)
    assert code == 0 and "never blocks" in out
