"""``relay-studio canon`` (cli/canon.py) and ``Studio.canon`` (api.py): the exact forms, --json, bad input in one
line with its code and exit 2, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from relay_studio.api import CanonError, Studio
from relay_studio.cli import main
from relay_studio.providers.scripted import ScriptedProvider, load_script


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_canon_add_list_pin_unpin_retire_with_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = ["--data-dir", str(tmp_path / "data")]
    run_cli(capsys, "projects", "create", "Saga", *d)
    p = ["--project", "Saga", *d]
    code, out, _ = run_cli(capsys, "canon", "add", "Mira's eyes are green.", "--about", "Mira", "--about", "Tower",
                           "--attribute", "eyes", "--value", "green", "--as-of", "3", "--pin", "--json", *p)
    added = json.loads(out)
    assert code == 0 and added["handle"] == "f1" and added["pinned"] is True
    assert (added["about"], added["attribute"], added["value"], added["as_of"]) == (["Mira", "Tower"], "eyes",
                                                                                   "green", 3)
    code, out, _ = run_cli(capsys, "canon", "add", "The tower is white.", "--about", "Tower", *p)
    assert (code, out.strip()) == (0, "Added f2: The tower is white.")
    code, out, _ = run_cli(capsys, "canon", "list", *p)
    assert out.splitlines() == [
        "f1\tactive\tpinned\tMira, Tower\tMira's eyes are green. [eyes = green] (from chapter 3)",
        "f2\tactive\t-\tTower\tThe tower is white."]
    assert run_cli(capsys, "canon", "pin", "f2", *p)[1].strip() == "Pinned f2: The tower is white."
    assert run_cli(capsys, "canon", "unpin", "f1", "--json", *p)[0] == 0
    assert json.loads(run_cli(capsys, "canon", "retire", "f1", "--json", *p)[1])["status"] == "retired"
    code, out, _ = run_cli(capsys, "canon", "list", "--pinned", "--json", *p)
    assert [f["handle"] for f in json.loads(out)] == ["f2"]
    code, out, _ = run_cli(capsys, "canon", "list", "--json", *d)  # the default project's canon is its own
    assert json.loads(out) == []


@pytest.mark.parametrize(("argv", "line"), [
    (["add", "A fact.", "--about", "Mira", "--attribute", "eyes"],
     "error: An attribute needs a value, and a value an attribute. [canon.attribute_without_value]"),
    (["add", "  ", "--about", "Mira"], "error: The fact is empty. [canon.empty_text]"),
    (["add", "A fact.", "--about", "Mira", "--as-of", "0"],
     "error: 'As of' is a chapter number from 1 on, not 0. [canon.bad_as_of]"),
    (["add", "A fact.", "--about", "Mira", "--source-chat", "Nowhere"],
     "error: There is no chat 'Nowhere' in this project. [canon.unknown_chat]"),
    (["pin", "f7"], "error: There is no fact 'f7' in this project's canon; 'canon list' shows the handles. "
                    "[canon.fact_not_found]"),
    (["list", "--project", "Nope"], "error: There is no project 'Nope'. Projects: Default. [project.not_found]"),
])
def test_bad_input_is_one_line_with_its_code_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        argv: list[str], line: str) -> None:
    d = ["--data-dir", str(tmp_path / "data")]
    code, out, err = run_cli(capsys, "canon", *argv, *d)
    assert (code, out, err) == (2, "", line + "\n")
    assert json.loads(run_cli(capsys, "canon", "list", "--json", *d)[1]) == []


async def test_the_python_api_offers_the_same(tmp_path: Path) -> None:
    provider = ScriptedProvider(load_script({"turns": {}}))
    async with Studio(tmp_path / "data", provider) as studio:
        studio.runtime.chats.ensure_chat("Lighthouse")
        chat = studio.runtime.chats.chat_by_name("Lighthouse")
        assert chat is not None
        studio.runtime.chats.add_message(chat.id, "assistant", "Her green eyes caught the lamp.")
        canon = studio.canon()
        fact = canon.add("Mira's eyes are green.", ["Mira"], pin=True, source_chat="Lighthouse",
                         quote="green eyes")
        assert fact.handle == "f1" and fact.source.message_id is not None
        assert [f.handle for f in canon.facts(pinned_only=True)] == ["f1"]
        canon.retire("f1")
        with pytest.raises(CanonError) as exc:
            canon.add("Mira is tall.", ["Mira"], source_chat="Lighthouse", quote="tall")
        assert exc.value.code == "canon.quote_not_found"
        assert [f.status.value for f in canon.facts()] == ["retired"]
        assert canon.accepts_proposals() is False and canon.set_accept_proposals(True) is True
        assert canon.accepts_proposals() is True and studio.canon().accepts_proposals() is True


def test_accept_and_reject_an_agents_proposals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from relay_studio.domain.canon import FactSource, FactSourceKind
    from relay_studio.runtime.engine import Runtime
    from relay_studio.store.canon import CanonStore

    runtime = Runtime(tmp_path / "data")
    project = runtime.projects.default().id
    quote = FactSource(kind=FactSourceKind.MESSAGE, quote="green eyes")
    for text in ("Mira's eyes are green.", "Mira is tall."):
        CanonStore(runtime.db).propose(project, text, ["Mira"], actor="Writer", source=quote)
    runtime.close()
    d = ["--data-dir", str(tmp_path / "data")]
    code, out, _ = run_cli(capsys, "canon", "list", "--status", "proposed", *d)
    assert code == 0 and [line.split("\t")[0] for line in out.splitlines()] == ["f1", "f2"]
    assert run_cli(capsys, "canon", "accept", "f1", *d)[1].strip() == "Accepted f1: Mira's eyes are green."
    assert json.loads(run_cli(capsys, "canon", "reject", "f2", "--json", *d)[1])["status"] == "rejected"
    code, _, err = run_cli(capsys, "canon", "accept", "f2", *d)
    assert code == 2 and err.endswith("[canon.not_a_proposal]\n")
    code, out, _ = run_cli(capsys, "canon", "list", "--json", *d)
    assert [(f["handle"], f["status"], f["added_by"]) for f in json.loads(out)] == [
        ("f1", "active", "Writer"), ("f2", "rejected", "Writer")]


def test_the_accept_proposals_setting_per_project_with_json(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from relay_studio.domain.canon import FactSource, FactSourceKind
    from relay_studio.runtime.engine import Runtime
    from relay_studio.store.canon import CanonStore

    d = ["--data-dir", str(tmp_path / "data")]
    run_cli(capsys, "projects", "create", "Saga", *d)
    p = ["--project", "Saga", *d]
    assert run_cli(capsys, "canon", "accept-proposals", *p) == (
        0, "Agents' proposed facts wait for the creator (canon accept|reject).\n", "")
    assert run_cli(capsys, "canon", "accept-proposals", "on", *p) == (
        0, "Agents' proposed facts join the canon at once.\n", "")
    assert json.loads(run_cli(capsys, "canon", "accept-proposals", "--json", *p)[1]) == {"acceptProposals": True}
    assert json.loads(run_cli(capsys, "canon", "accept-proposals", "--json", *d)[1]) == {"acceptProposals": False}
    code, out, err = run_cli(capsys, "canon", "accept-proposals", "on", "--project", "Nope", *d)
    assert (code, out, err) == (2, "", "error: There is no project 'Nope'. Projects: Default, Saga. "
                                       "[project.not_found]\n")

    runtime = Runtime(tmp_path / "data")  # an agent's proposal in each project: Saga takes it at once
    try:
        saga, default = runtime.projects.resolve("Saga").id, runtime.projects.default().id
        quote = FactSource(kind=FactSourceKind.MESSAGE, quote="green eyes")
        statuses = [CanonStore(runtime.db).propose(project, "Mira's eyes are green.", ["Mira"], actor="Writer",
                                                   source=quote).status.value for project in (saga, default)]
        assert statuses == ["active", "proposed"]
    finally:
        runtime.close()
    assert json.loads(run_cli(capsys, "canon", "accept-proposals", "off", "--json", *p)[1]) == {
        "acceptProposals": False}
