"""What one character of a scene may know (runtime/scene_context.py), and entries as of a scene
(library/entries.py): pure functions, no database."""

from __future__ import annotations

from relay_studio.domain.records import MessageRecord
from relay_studio.domain.scenes import LINE_TOLD, SceneLine, SceneTurn
from relay_studio.library.entries import EntryVersion, LibraryEntry, parse_entry, render_entry
from relay_studio.runtime.scene_context import scene_section, witnessed

NAMES = {"ann": "Ann", "ben": "Ben", "cy": "Cy", "gm": "Game Master"}


def message(mid: str, text: str, role: str = "assistant", agent: str | None = None) -> MessageRecord:
    return MessageRecord(id=mid, chat_id="c", position=int(mid[1:]), role=role, content=text, agent_id=agent,
                         created_at="t", updated_at="t")


MESSAGES = [message("m1", "Open the gate.", "user"), message("m2", "The gate creaks.", agent="ann"),
            message("m3", "Ann to Ben, privately: the gate is a trap.", "note", "ann"),
            message("m4", "I stay outside.", agent="ben"), message("m5", "Cy arrives.", agent="cy")]
LINES = {"m1": SceneLine(message_id="m1", scene=1, speaker_id="creator", audience=["ann", "ben", "gm"]),
         "m2": SceneLine(message_id="m2", scene=1, speaker_id="ann", audience=["ann", "ben", "gm"]),
         "m3": SceneLine(message_id="m3", scene=1, kind=LINE_TOLD, speaker_id="ann", audience=["ann", "ben", "gm"]),
         "m4": SceneLine(message_id="m4", scene=1, speaker_id="ben", audience=["ann", "ben", "gm"]),
         "m5": SceneLine(message_id="m5", scene=2, speaker_id="cy", audience=["cy", "ben", "gm"])}


def test_a_character_sees_its_own_lines_as_its_turns_and_others_by_name() -> None:
    seen = witnessed(MESSAGES, LINES, "ann", narrator=False, names=NAMES, creator="Sam", narrator_id="gm")
    assert [(m.role, m.content) for m in seen.history] == [
        ("user", "Sam: Open the gate."), ("assistant", "The gate creaks."),
        ("user", "Ann to Ben, privately: the gate is a trap."), ("user", "Ben: I stay outside.")]
    assert seen.included == ["m1", "m2", "m3", "m4"]
    assert seen.left_out == [{"scene": 2, "reason": "not present in scene 2", "count": 1, "first": "m5",
                              "last": "m5"}]


def test_what_was_left_out_says_why() -> None:
    cy = witnessed(MESSAGES, LINES, "cy", narrator=False, names=NAMES, narrator_id="gm")
    assert [(i["reason"], i["count"], i["first"], i["last"]) for i in cy.left_out] == [
        ("not present in scene 1", 2, "m1", "m2"), ("told privately to Ben", 1, "m3", "m3"),
        ("not present in scene 1", 1, "m4", "m4")]
    late = {**LINES, "m4": LINES["m4"].model_copy(update={"audience": ["ben", "cy", "gm"]})}
    assert witnessed(MESSAGES, late, "cy", narrator=False, names=NAMES, narrator_id="gm").left_out[0]["reason"] == (
        "not present when it was said in scene 1")


def test_the_narrator_sees_everything_and_a_message_without_a_line_is_never_guessed_at() -> None:
    gm = witnessed(MESSAGES, {k: v for k, v in LINES.items() if k != "m5"}, "gm", narrator=True, names=NAMES)
    assert gm.included == ["m1", "m2", "m3", "m4"] and gm.left_out == []


def test_an_entry_reads_as_of_a_scene_and_names_who_knows_it() -> None:
    entry = LibraryEntry(name="Gate", description="A wooden gate.", known_by=["ann", "Ben"],
                         versions=[EntryVersion(from_scene=3, description="Ash."),
                                   EntryVersion(from_scene=2, description="A broken gate.")])
    assert [entry.as_of(n).description for n in (1, 2, 3, 9)] == ["A wooden gate.", "A broken gate.", "Ash.", "Ash."]
    assert entry.known_to("ben", "Ben") and entry.known_to("x", "ANN") and not entry.known_to("cy", "Cy")
    assert LibraryEntry(name="Sky").known_to("anyone")
    again = parse_entry(render_entry(entry), "gate.md")
    assert again.known_by == ["ann", "Ben"] and again.versions == entry.versions


def test_a_turn_survives_being_frozen_and_the_scene_section_speaks_to_the_agent() -> None:
    turn = SceneTurn(speaker_id="ann", speaker_names=("ann", "Ann"), scene=2, narrator=False,
                     present_names=("Ann", "Ben"), entry_hidden=frozenset({"Vault"}))
    assert SceneTurn.thawed(turn.frozen()) == turn
    assert "This is scene 2. Present with you: Ben." in scene_section(turn)
    assert "character_tell" in scene_section(turn)
    assert "scene_choose_speaker" in scene_section(SceneTurn("gm", ("gm",), 1, True, ("Ann",)))
