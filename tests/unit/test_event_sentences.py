"""Every journal event reads as a sentence (``ui/timeline/sentences.py``): each declared event type has one,
a relay's journal reads as sentences naming its agents and no raw event name, an unknown event says so."""

from __future__ import annotations

from relay_studio.domain.event_payloads import PAYLOAD_MODELS
from relay_studio.domain.events import Event
from relay_studio.ui.timeline.model import RunTimeline
from relay_studio.ui.timeline.sentences import SENTENCES, has_sentence, sentence
from tests.support import Harness, call, handoff, write
from tests.unit.test_contracts import declared


def test_every_event_type_has_a_sentence() -> None:
    values = {value for _name, value, _meaning in declared("event_types")}
    assert sorted(t for t in values if not has_sentence(t)) == [], "event types without a sentence"
    assert set(PAYLOAD_MODELS) <= set(SENTENCES)


async def test_a_relays_journal_reads_as_sentences_with_its_agents_and_no_event_names(harness: Harness) -> None:
    turns = {
        "writer": [
            {"toolCalls": [write("output/main.md", "The lamp flickered.")]},
            {"toolCalls": [call("workspace_commit"), handoff("editor", "Tighten the draft.",
                                                             title="Tighten the ending")]},
        ],
        "editor": [{"toolCalls": [call("workspace_commit"), handoff("final-editor", "Finish it.")]}],
        "final-editor": [{"toolCalls": [call("workspace_finish", {"summary": "Done."})]}],
    }
    run_id, _status = await harness.run("writer", turns)
    timeline = RunTimeline(run_id)
    for event in harness.events(run_id):
        timeline.apply(event)
    said = timeline.index.sentences
    assert len(said) == len(timeline.index) > 20
    assert "Writer handed the work to Editor: “Tighten the ending”" in said
    assert "Writer wrote output/main.md (version 1)" in said
    assert "Editor asked the model “scripted” (call 1)" in said
    event_names = {value for _name, value, _meaning in declared("event_types")}
    for text in said:
        assert not [name for name in event_names if name in text], text
        assert "None" not in text and "%" not in text, text


def test_an_unknown_event_says_it_is_unknown() -> None:
    event = Event(seq=1, run_id="r", type="a_later_event", timestamp="2026-01-01T00:00:00Z", payload={"x": 1})
    assert sentence(event) == "An event this version does not know (a_later_event)"
