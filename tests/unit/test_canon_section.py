"""The Canon prompt section (runtime/canon_access.py): pinned facts word for word, mentioned unpinned facts with
their quotes (by a library entry's name or alias), freshest mention first, within the budget; the pinned-fit
check names the facts that do not fit; a /handoff document gets the pinned facts it lacks."""

from __future__ import annotations

from pathlib import Path

from relay_studio.domain.canon import FactSource, FactSourceKind
from relay_studio.library.entries import LibraryEntry
from relay_studio.runtime.canon_access import build_section, carry_pinned, pinned_overflow, search_facts
from relay_studio.store.canon import CanonStore
from relay_studio.store.database import Database
from tests.support import profile


def test_the_section_holds_pinned_facts_verbatim_and_mentioned_ones_with_quotes(tmp_path: Path) -> None:
    canon = CanonStore(Database(tmp_path / "studio.db"))
    canon.add("p", "Mara's eyes are green.", ["Mara"], pinned=True, as_of=2)
    quote = FactSource(kind=FactSourceKind.MESSAGE, quote="the keeper's old coat")
    canon.add("p", "Oren wears the keeper's coat.", ["Oren"], source=quote)
    canon.add("p", "The Tower is white.", ["Tower"])
    canon.add("p", "Zed is tall.", ["Zed"])
    library = [LibraryEntry(type="character", name="Oren Vale", aliases=["Oren"])]
    section = build_section(canon, "p", library, ["The Tower loomed.", "Later, Oren came in."], 500)
    assert section.text.startswith("## Canon\n")
    assert "- Mara's eyes are green. (from chapter 2 on)" in section.text
    assert [(f.handle, why.entry) for f, why in section.relevant] == [("f2", "Oren Vale"), ("f3", "Tower")]
    assert '- Oren wears the keeper\'s coat. — from: "the keeper\'s old coat"' in section.text
    assert "Zed" not in section.text and section.tokens > 0
    tight = build_section(canon, "p", library, ["The Tower loomed.", "Later, Oren came in."], 20)
    assert [f.handle for f, _ in tight.relevant] == ["f2"] and [f.handle for f in tight.left_out] == ["f3"]
    assert "Mara's eyes are green." in tight.text  # the budget never touches the pinned facts


def test_overflow_names_the_facts_that_do_not_fit_and_documents_carry_the_missing_ones(tmp_path: Path) -> None:
    canon = CanonStore(Database(tmp_path / "studio.db"))
    small = canon.add("p", "Mara's eyes are green.", ["Mara"], pinned=True)
    big = canon.add("p", "The sea is grey. " * 50, ["Sea"], pinned=True)
    agent = profile("writer", model={"contextWindowTokens": 300, "maxTokens": 120})
    assert pinned_overflow(agent, [small, big], 300) == [big]
    assert pinned_overflow(agent, [small, big], None) == []
    document = "## Goal\nA story.\n\n## Canon & Constraints\nPast tense.\n\n## Progress\nNone."
    carried = carry_pinned(document, [small])
    assert carried.index("- Mara's eyes are green.") < carried.index("## Progress")
    assert carry_pinned(carried, [small]) == carried
    assert carry_pinned("No sections.", [small]).endswith("## Canon & Constraints\n### Pinned canon (kept word for "
                                                          "word)\n- Mara's eyes are green.\n")


def test_facts_the_input_is_about_without_naming_them_are_found_by_search_with_the_words(tmp_path: Path) -> None:
    canon = CanonStore(Database(tmp_path / "studio.db"))
    coat = FactSource(kind=FactSourceKind.MESSAGE, quote="the keeper's old coat, patched at the elbows")
    canon.add("p", "Oren wears the keeper's coat.", ["Oren"], source=coat)
    canon.add("p", "The Vey Lantern is made of brass.", ["Vey Lantern"], attribute="material", value="brass")
    for n, name in enumerate(["Ada", "Bo", "Cy", "Di", "Ed"]):
        canon.add("p", f"{name} has grey eyes.", [name], attribute="eyes", value="grey")
        canon.add("p", f"{name} was born in {1840 + n}.", [name])
    canon.add("p", "Mara's eyes are green.", ["Mara"], pinned=True)
    unpinned = [f for f in canon.facts("p") if not f.pinned]

    # neither Oren nor the Vey Lantern is named, yet the request is about the coat's elbows and the lantern
    hits = search_facts(unpinned, "Describe the patched elbows again, and what the lantern is made of.")
    found = {canon.get("p", h.fact_id).handle: h.words for h in hits}
    assert found == {"f1": ("patched", "elbows"), "f2": ("lantern", "made")}
    assert search_facts(unpinned, "Describe their eyes.") == []  # a word most facts share brings none alone
    assert search_facts(unpinned, "Tighten it, please.") == []

    section = build_section(canon, "p", [], ["Oren's turn."], 500, hits)
    assert [(f.handle, why.reason) for f, why in section.relevant] == [
        ("f1", "'Oren' is mentioned"), ("f2", "found by search for 'lantern made'")]  # mentioned first, once
    assert section.payload("writer")["relevant"][1] == {
        "handle": "f2", "by": "search", "words": ["lantern", "made"], "reason": "found by search for 'lantern made'"}
    assert '- The Vey Lantern is made of brass.' in section.text and "Mara's eyes are green." in section.text
    tight = build_section(canon, "p", [], ["Oren's turn."], 25, hits)  # the same budget holds both kinds
    assert [f.handle for f, _ in tight.relevant] == ["f1"] and [f.handle for f in tight.left_out] == ["f2"]
