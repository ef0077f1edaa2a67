"""The canon ledger (store/canon.py): facts with handles, every change in the history, bad input refused with codes."""

from __future__ import annotations

from pathlib import Path

import pytest

from relay_studio.domain import error_codes as codes
from relay_studio.domain.canon import FactSource, FactSourceKind, FactStatus
from relay_studio.store.canon import CanonError, CanonStore
from relay_studio.store.database import Database
from relay_studio.store.projects import ProjectStore


def _ledger(tmp_path: Path) -> tuple[CanonStore, str, str]:
    db = Database(tmp_path / "studio.db")
    projects = ProjectStore(db)
    return CanonStore(db), projects.create("Saga").id, projects.default().id


def test_facts_get_short_handles_per_project_and_every_change_is_in_the_history(tmp_path: Path) -> None:
    canon, saga, other = _ledger(tmp_path)
    eyes = canon.add(saga, "Mira's eyes are green.", ["Mira"], attribute="eyes", value="green", as_of=2)
    born = canon.add(saga, "Mira was born in 1840.", ["Mira", "Mira"], attribute="born", value="1840", pinned=True)
    elsewhere = canon.add(other, "The tower is white.", ["Tower"])
    assert (eyes.handle, born.handle, elsewhere.handle) == ("f1", "f2", "f1")
    assert born.about == ["Mira"]
    canon.pin(saga, "f1")
    canon.edit(saga, "1", text="Mira's eyes are grey-green.", value="grey-green")
    canon.unpin(saga, "f2")
    canon.retire(saga, "f2")
    assert [f.handle for f in canon.pinned(saga)] == ["f1"]
    assert canon.get(saga, "f1").text == "Mira's eyes are grey-green."
    assert [f.handle for f in canon.facts(saga, status=FactStatus.RETIRED)] == ["f2"]
    history = canon.history(eyes.id)
    assert [(c.action, c.actor) for c in history] == [("add", "creator"), ("pin", "creator"), ("edit", "creator")]
    assert history[2].before is not None and history[2].before.text == "Mira's eyes are green."
    assert history[2].after.value == "grey-green"
    assert [c.action for c in canon.history(born.id)] == ["add", "unpin", "retire"]
    assert [f.handle for f in canon.facts(other)] == ["f1"]


def test_proposals_wait_for_the_creator_unless_the_project_accepts_them(tmp_path: Path) -> None:
    canon, saga, _ = _ledger(tmp_path)
    source = FactSource(kind=FactSourceKind.MESSAGE, quote="her green eyes", chat_id="chat_1")
    waiting = canon.propose(saga, "Mira has green eyes.", ["Mira"], actor="Writer", source=source)
    assert waiting.status is FactStatus.PROPOSED and waiting.added_by == "Writer"
    assert canon.accept(saga, waiting.handle).status is FactStatus.ACTIVE
    turned_down = canon.propose(saga, "Mira is tall.", ["Mira"], actor="Writer", source=source)
    assert canon.reject(saga, turned_down.handle).status is FactStatus.REJECTED
    with pytest.raises(CanonError) as exc:
        canon.accept(saga, turned_down.handle)
    assert exc.value.code == codes.CANON_NOT_A_PROPOSAL
    canon.set_accept_proposals(saga, True)
    at_once = canon.propose(saga, "Mira sails.", ["Mira"], actor="Writer", source=source)
    assert at_once.status is FactStatus.ACTIVE
    assert [c.action for c in canon.history(at_once.id)] == ["propose", "accept"]
    assert canon.history(at_once.id)[1].actor == "project setting"


@pytest.mark.parametrize(("kwargs", "code"), [
    ({"text": "  ", "about": ["Mira"]}, codes.CANON_EMPTY_TEXT),
    ({"text": "x" * 1001, "about": ["Mira"]}, codes.CANON_BAD_TEXT),
    ({"text": "A fact.", "about": []}, codes.CANON_NO_ABOUT),
    ({"text": "A fact.", "about": ["Mi\x00ra"]}, codes.CANON_BAD_TEXT),
    ({"text": "A fact.", "about": ["Mira"], "attribute": "eyes"}, codes.CANON_ATTRIBUTE_WITHOUT_VALUE),
    ({"text": "A fact.", "about": ["Mira"], "as_of": 0}, codes.CANON_BAD_AS_OF),
])
def test_bad_facts_are_refused_with_a_code_and_nothing_is_written(tmp_path: Path, kwargs: dict[str, object],
                                                                   code: str) -> None:
    canon, saga, _ = _ledger(tmp_path)
    with pytest.raises(CanonError) as exc:
        canon.add(saga, **kwargs)  # type: ignore[arg-type]
    assert exc.value.code == code and exc.value.message.endswith(".")
    assert canon.facts(saga) == []


def test_unknown_handles_and_wrong_statuses_are_refused(tmp_path: Path) -> None:
    canon, saga, _ = _ledger(tmp_path)
    fact = canon.add(saga, "Mira is dead.", ["Mira"])
    canon.retire(saga, fact.handle)
    for change, code in ((canon.pin, codes.CANON_WRONG_STATUS), (canon.retire, codes.CANON_WRONG_STATUS)):
        with pytest.raises(CanonError) as exc:
            change(saga, fact.handle)
        assert exc.value.code == code
    with pytest.raises(CanonError) as exc:
        canon.get(saga, "f9")
    assert exc.value.code == codes.CANON_FACT_NOT_FOUND and "f9" in exc.value.message
    assert canon.get(saga, fact.handle).status is FactStatus.RETIRED
